"""Builders for engine tests: positions with a chosen board, racks, theme and chains."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from engine.board import Board
from engine.chain import Chain
from engine.errors import RuleError
from engine.match import Resources, preview
from engine.moves import PlacedTile, placement_from_word
from engine.rules import RuleSet
from engine.state import MatchState, Seat


def board_with(words: Sequence[tuple[int, int, str, str]], size: int = 21) -> tuple[str, ...]:
    """Rows with words written at ``(row, col, 'across'|'down', WORD)``."""
    board = Board.empty(size)
    for row, col, direction, word in words:
        dr, dc = (0, 1) if direction == "across" else (1, 0)
        board = board.with_tiles((row + dr * i, col + dc * i, ch) for i, ch in enumerate(word))
    return board.rows


def position(
    *,
    board: Sequence[tuple[int, int, str, str]] = (),
    racks: Sequence[Sequence[str]] = ("CASADOS",),
    theme_id: str | None = None,
    chains: Sequence[Chain] = (),
    rules: RuleSet | None = None,
) -> MatchState:
    rules = rules or RuleSet.standard()
    seats = tuple(
        Seat(f"p{i}", f"Jogador {i + 1}", rack=tuple(rack),
             chain=chains[i] if i < len(chains) else Chain())
        for i, rack in enumerate(racks)
    )
    return MatchState(
        match_id="teste", rules=rules.name, theme_id=theme_id,
        board=board_with(board, rules.size), seats=seats, rng_state=12345, version=1,
        current=0, turn=1, round=1, turn_started_ms=0, deadline_ms=90_000,
    )


def resources() -> Resources:
    return Resources.default()


def find_play(
    rules: RuleSet, state: MatchState, seat: int, res: Resources, *, longest: int = 4,
    anchors: int = 12,
) -> list[PlacedTile] | None:
    """A legal play for ``seat`` by small brute force (short words near a few board tiles)."""
    board = Board(state.board)
    rack = [t for t in state.seats[seat].rack if len(t) == 1]
    spots = [(r, c) for r in range(board.size) for c in range(board.size) if board.occupied(r, c)]
    spots = spots[:anchors] if spots else [rules.centre]
    for n in range(min(longest, len(rack)), 1, -1):
        for perm in sorted(set(itertools.permutations(rack, n))):
            word = "".join(perm)
            if word not in res.lexicon:
                continue
            for row, col in spots:
                for direction in ("across", "down"):
                    for offset in range(-n, 2):
                        r, c = (row, col + offset) if direction == "across" else (row + offset, col)
                        try:
                            tiles = placement_from_word(board, r, c, direction, word)
                            preview(rules, state, seat, tiles, resources=res)
                        except RuleError:
                            continue
                        return tiles
    return None


def walk(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], Any]]:
    """Every (path, value) pair inside a JSON value, for scanning frames for hidden data."""
    out = [(path, value)]
    if isinstance(value, dict):
        for key, item in value.items():
            out += walk(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out += walk(item, (*path, i))
    return out
