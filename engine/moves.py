"""Placement validation and word extraction: which words a move forms, or why it is illegal.

Squares are named as on the board's edges: a column letter A–U and a row number 1–21, so the
centre of the standard board is K11. Every error names the offending square or word.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from engine.board import ACROSS, DIRECTIONS, DOWN, Board, other, step
from engine.errors import RuleError
from engine.lexicon import Lexicon
from engine.rules import ALPHABET, RuleSet


class MoveError(RuleError):
    code = "move.invalid"


@dataclass(frozen=True)
class PlacedTile:
    """One tile put down this move; a wildcard carries the letter it stands for."""

    row: int
    col: int
    letter: str
    wild: bool = False

    @property
    def cell(self) -> str:
        return self.letter.lower() if self.wild else self.letter


class WordTile(NamedTuple):
    row: int
    col: int
    cell: str  # upper case, or lower case for a wildcard
    placed: bool  # put down this move (only these use bonus squares)

    @property
    def letter(self) -> str:
        return self.cell.upper()


@dataclass(frozen=True)
class FormedWord:
    text: str  # folded letters
    direction: str
    tiles: tuple[WordTile, ...]

    @property
    def start(self) -> tuple[int, int]:
        return self.tiles[0].row, self.tiles[0].col


@dataclass(frozen=True)
class MoveShape:
    """The words a legal placement forms; ``words[0]`` is the main word."""

    words: tuple[FormedWord, ...]
    direction: str

    @property
    def main(self) -> FormedWord:
        return self.words[0]


def square_name(row: int, col: int) -> str:
    return f"{ALPHABET[col]}{row + 1}" if 0 <= col < len(ALPHABET) else f"({row + 1},{col + 1})"


def _check_tiles(board: Board, tiles: Sequence[PlacedTile]) -> None:
    if not tiles:
        raise MoveError("Coloque ao menos uma peça.", code="move.empty")
    if len(tiles) > board.size:
        raise MoveError("Peças demais para uma jogada.", code="move.too_many")
    seen: set[tuple[int, int]] = set()
    for tile in tiles:
        if not isinstance(tile.letter, str) or len(tile.letter) != 1 or tile.letter not in ALPHABET:
            raise MoveError(
                f"Letra inválida {tile.letter!r}: use uma letra de A a Z.", code="move.bad_letter"
            )
        if not board.inside(tile.row, tile.col):
            raise MoveError(
                f"A casa ({tile.row + 1}, {tile.col + 1}) fica fora do tabuleiro.",
                code="move.off_board",
            )
        if (tile.row, tile.col) in seen:
            raise MoveError(f"Duas peças na casa {square_name(tile.row, tile.col)}.",
                            code="move.duplicate_square", square=(tile.row, tile.col))
        seen.add((tile.row, tile.col))
        if board.occupied(tile.row, tile.col):
            raise MoveError(f"A casa {square_name(tile.row, tile.col)} já está ocupada.",
                            code="move.occupied", square=(tile.row, tile.col))


def _direction(tiles: Sequence[PlacedTile]) -> str:
    rows = {t.row for t in tiles}
    cols = {t.col for t in tiles}
    if len(rows) == 1:
        return ACROSS
    if len(cols) == 1:
        return DOWN
    raise MoveError("As peças precisam ficar numa só linha ou coluna.", code="move.not_in_line")


def _word_through(
    board: Board, row: int, col: int, direction: str, placed: set[tuple[int, int]]
) -> FormedWord:
    """The word along ``direction`` through a square of ``board`` (already holding the move)."""
    start, end = board.lane(row, col, direction)
    dr, dc = step(direction)
    r0, c0 = (row, start) if direction == ACROSS else (start, col)
    rows = board.rows
    tiles = []
    for i in range(end - start + 1):
        r, c = r0 + dr * i, c0 + dc * i
        tiles.append(WordTile(r, c, rows[r][c], (r, c) in placed))
    return FormedWord("".join(t.cell for t in tiles).upper(), direction, tuple(tiles))


def _has_cross(board: Board, tile: PlacedTile, direction: str) -> bool:
    """Whether a placed tile has a board tile beside it across the move's direction."""
    dr, dc = step(other(direction))
    return board.occupied(tile.row - dr, tile.col - dc) or board.occupied(
        tile.row + dr, tile.col + dc
    )


def shape_of(rules: RuleSet, board: Board, tiles: Sequence[PlacedTile]) -> MoveShape:
    """Check the geometry of a placement and extract the words it forms (no lexicon yet)."""
    _check_tiles(board, tiles)
    first_move = board.is_empty()
    direction = ACROSS if len(tiles) == 1 else _direction(tiles)
    after = board.with_tiles((t.row, t.col, t.cell) for t in tiles)
    placed = {(t.row, t.col) for t in tiles}
    anchor = tiles[0]
    main = _word_through(after, anchor.row, anchor.col, direction, placed)
    if len(tiles) == 1:
        cross = _word_through(after, anchor.row, anchor.col, other(direction), placed)
        if len(cross.text) > len(main.text):
            main, direction = cross, other(direction)
    covered = {(t.row, t.col) for t in main.tiles}
    if not placed <= covered:
        # The main word stops at the hole: point at the empty square on the side of the
        # tiles it left out.
        first, last = main.tiles[0], main.tiles[-1]
        dr, dc = step(direction)
        beyond = any((t.row, t.col) > (last.row, last.col) for t in tiles
                     if (t.row, t.col) not in covered)
        hole = (last.row + dr, last.col + dc) if beyond else (first.row - dr, first.col - dc)
        raise MoveError("Há um buraco entre as peças da jogada.", code="move.gap",
                        square=hole)
    if first_move:
        if rules.centre not in placed:
            raise MoveError(
                f"A primeira jogada precisa cobrir a casa do centro, "
                f"{square_name(*rules.centre)}.",
                code="move.centre", square=rules.centre,
            )
    elif not any(board.touches(t.row, t.col) for t in tiles):
        raise MoveError(
            "A jogada precisa se ligar às peças do tabuleiro.", code="move.not_connected"
        )
    if len(main.text) < 2:
        raise MoveError("A palavra precisa de pelo menos 2 letras.", code="move.too_short")
    words = [main]
    for tile in tiles:
        if _has_cross(board, tile, direction):
            words.append(_word_through(after, tile.row, tile.col, other(direction), placed))
    return MoveShape(tuple(words), direction)


def check_words(shape: MoveShape, lexicon: Lexicon) -> None:
    """Every word the move forms must be in the lexicon; the error names the first that is not."""
    bad = [w for w in shape.words if w.text not in lexicon]
    if bad:
        listed = ", ".join(dict.fromkeys(w.text for w in bad))
        plural = "não são palavras" if len({w.text for w in bad}) > 1 else "não é uma palavra"
        first = bad[0].tiles[0]  # where the first word that is not one starts
        raise MoveError(f"{listed} {plural} do dicionário.", code="move.not_a_word",
                        square=(first.row, first.col))


def analyse(
    rules: RuleSet, board: Board, tiles: Sequence[PlacedTile], lexicon: Lexicon
) -> MoveShape:
    shape = shape_of(rules, board, tiles)
    check_words(shape, lexicon)
    return shape


def placement_from_word(
    board: Board, row: int, col: int, direction: str, word: str
) -> list[PlacedTile]:
    """Tiles for writing ``word`` from a start square: board tiles in the way are reused.

    Lower-case letters in ``word`` stand for wildcards. Raises :class:`MoveError` if a board
    tile disagrees with the word or the word runs off the board.
    """
    if direction not in DIRECTIONS:
        raise MoveError(f"Direção inválida {direction!r}: use across ou down.",
                        code="move.bad_direction")
    if not word or not all(ch.upper() in ALPHABET for ch in word):
        raise MoveError("A palavra precisa ter só letras de A a Z.", code="move.bad_letter")
    dr, dc = step(direction)
    tiles: list[PlacedTile] = []
    for i, ch in enumerate(word):
        r, c = row + dr * i, col + dc * i
        if not board.inside(r, c):
            raise MoveError(f"A palavra {word.upper()} sai do tabuleiro.", code="move.off_board")
        if board.occupied(r, c):
            if board.cell(r, c).upper() != ch.upper():
                raise MoveError(
                    f"A casa {square_name(r, c)} tem {board.cell(r, c).upper()}, não "
                    f"{ch.upper()}.",
                    code="move.conflict", square=(r, c),
                )
            continue
        tiles.append(PlacedTile(r, c, ch.upper(), wild=ch.islower()))
    if not tiles:
        raise MoveError("A jogada não coloca nenhuma peça nova.", code="move.empty")
    return tiles
