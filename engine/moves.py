"""Placement validation and word extraction: which words a move forms, or why it is illegal.

Squares are named as on the board's edges: a column letter A–U and a row number 1–21, so the
centre of the standard board is K11. Every error names the offending square or word.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

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


@dataclass(frozen=True)
class WordTile:
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
        name = square_name(tile.row, tile.col)
        if (tile.row, tile.col) in seen:
            raise MoveError(f"Duas peças na casa {name}.", code="move.duplicate_square")
        seen.add((tile.row, tile.col))
        if board.occupied(tile.row, tile.col):
            raise MoveError(f"A casa {name} já está ocupada.", code="move.occupied")


def _direction(tiles: Sequence[PlacedTile]) -> str:
    rows = {t.row for t in tiles}
    cols = {t.col for t in tiles}
    if len(rows) == 1:
        return ACROSS
    if len(cols) == 1:
        return DOWN
    raise MoveError("As peças precisam ficar numa só linha ou coluna.", code="move.not_in_line")


def _word_through(board: Board, row: int, col: int, direction: str) -> FormedWord:
    """The word along ``direction`` through a square of ``board`` (already holding the move)."""
    start, end = board.lane(row, col, direction)
    dr, dc = step(direction)
    r0, c0 = (row, start) if direction == ACROSS else (start, col)
    tiles = tuple(
        WordTile(r0 + dr * i, c0 + dc * i, board.cell(r0 + dr * i, c0 + dc * i), False)
        for i in range(end - start + 1)
    )
    return FormedWord("".join(t.letter for t in tiles), direction, tiles)


def _mark_placed(word: FormedWord, placed: set[tuple[int, int]]) -> FormedWord:
    tiles = tuple(
        WordTile(t.row, t.col, t.cell, (t.row, t.col) in placed) for t in word.tiles
    )
    return FormedWord(word.text, word.direction, tiles)


def shape_of(rules: RuleSet, board: Board, tiles: Sequence[PlacedTile]) -> MoveShape:
    """Check the geometry of a placement and extract the words it forms (no lexicon yet)."""
    _check_tiles(board, tiles)
    first_move = board.is_empty()
    direction = ACROSS if len(tiles) == 1 else _direction(tiles)
    after = board.with_tiles((t.row, t.col, t.cell) for t in tiles)
    placed = {(t.row, t.col) for t in tiles}
    anchor = tiles[0]
    main = _word_through(after, anchor.row, anchor.col, direction)
    if len(tiles) == 1:
        cross = _word_through(after, anchor.row, anchor.col, other(direction))
        if len(cross.text) > len(main.text):
            main, direction = cross, other(direction)
    covered = {(t.row, t.col) for t in main.tiles}
    if not placed <= covered:
        raise MoveError("Há um buraco entre as peças da jogada.", code="move.gap")
    if first_move:
        if rules.centre not in placed:
            raise MoveError(
                f"A primeira jogada precisa cobrir a casa do centro, "
                f"{square_name(*rules.centre)}.",
                code="move.centre",
            )
    elif not any(
        board.occupied(r, c) for t in tiles for r, c in board.neighbours(t.row, t.col)
    ):
        raise MoveError(
            "A jogada precisa se ligar às peças do tabuleiro.", code="move.not_connected"
        )
    if len(main.text) < 2:
        raise MoveError("A palavra precisa de pelo menos 2 letras.", code="move.too_short")
    words = [_mark_placed(main, placed)]
    for tile in tiles:
        cross = _word_through(after, tile.row, tile.col, other(direction))
        if len(cross.text) >= 2:
            words.append(_mark_placed(cross, placed))
    return MoveShape(tuple(words), direction)


def check_words(shape: MoveShape, lexicon: Lexicon) -> None:
    """Every word the move forms must be in the lexicon; the error names the first that is not."""
    bad = [w.text for w in shape.words if w.text not in lexicon]
    if bad:
        listed = ", ".join(dict.fromkeys(bad))
        plural = "não são palavras" if len(set(bad)) > 1 else "não é uma palavra"
        raise MoveError(f"{listed} {plural} do dicionário.", code="move.not_a_word")


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
                    code="move.conflict",
                )
            continue
        tiles.append(PlacedTile(r, c, ch.upper(), wild=ch.islower()))
    if not tiles:
        raise MoveError("A jogada não coloca nenhuma peça nova.", code="move.empty")
    return tiles
