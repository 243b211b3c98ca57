"""Builders for engine tests: positions with a chosen board, racks, theme and chains."""

from __future__ import annotations

from collections.abc import Sequence

from engine.board import Board
from engine.chain import Chain
from engine.match import Resources
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
