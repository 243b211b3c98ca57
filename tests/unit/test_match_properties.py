"""Invariants over random matches: hidden racks, untouched state on rejection, replay."""

from __future__ import annotations

import contextlib
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.commands import Command, Pass, Play, Swap
from engine.errors import RuleError
from engine.match import Player, apply, new_match, preview, view
from engine.moves import PlacedTile
from engine.rules import RuleSet
from engine.scoring import Breakdown
from engine.state import MatchState
from tests.helpers import find_play, resources

RES = resources()
RULES = RuleSet.standard()

ILLEGAL: list[Command] = [
    Play(()),
    Play((PlacedTile(0, 0, "A"), PlacedTile(0, 1, "B"))),
    Play((PlacedTile(25, 3, "A"),)),
    Play((PlacedTile(10, 10, "1"),)),
    Swap(("K", "W", "Y", "Q")),
    Swap(()),
]


def _frozen(state: MatchState) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def play_random_match(seed: int, turns: int, seats: int):  # type: ignore[no-untyped-def]
    players = [Player(f"p{i}", f"P{i}") for i in range(seats)]
    state, _ = new_match(RULES, f"m{seed}", players, seed=seed, now=0, resources=RES)
    start = state
    log: list[tuple[int, Command, int]] = []
    frames: list[tuple[MatchState, list]] = []  # type: ignore[type-arg]
    breakdowns: list[Breakdown] = []
    for turn in range(turns):
        if state.finished:
            break
        seat = state.current
        now = 1000 * (turn + 1)
        for bad in ILLEGAL:
            before = _frozen(state)
            with contextlib.suppress(RuleError):
                apply(RULES, state, seat, bad, now, resources=RES)
            assert _frozen(state) == before
        choice = (seed + turn) % 5
        tiles = find_play(RULES, state, seat, RES, longest=3, anchors=6) if choice else None
        command: Command
        if tiles:
            command = Play(tuple(tiles))
        elif choice == 0:
            command = Swap(state.seats[seat].rack[:2])
        else:
            command = Pass()
        if isinstance(command, Play):
            first = preview(RULES, state, seat, command.tiles, resources=RES)
            assert first == preview(RULES, state, seat, command.tiles, resources=RES)
            breakdowns.append(first)
        scores = [s.score for s in state.seats]
        state, events = apply(RULES, state, seat, command, now, resources=RES)
        assert all(s.score >= before for s, before in zip(state.seats, scores, strict=True))
        log.append((seat, command, now))
        frames.append((state, events))
    return start, state, log, frames, breakdowns


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=10_000), seats=st.integers(min_value=2, max_value=4))
def test_random_matches_keep_every_invariant(seed: int, seats: int) -> None:
    start, final, log, frames, breakdowns = play_random_match(seed, turns=10, seats=seats)
    # Replay from the first state and the command log reproduces the state exactly.
    state = start
    for seat, command, now in log:
        state, _ = apply(RULES, state, seat, command, now, resources=RES)
    assert _frozen(state) == _frozen(final)
    # Scores are non-negative and squares count only under tiles placed by the move.
    for breakdown in breakdowns:
        assert breakdown.total >= 0
        for word in breakdown.words:
            for letter in word.letters:
                if not letter.placed:
                    assert letter.multiplier == 1
    # Views and private events never carry another seat's rack.
    for after, events in frames:
        for seat in range(len(after.seats)):
            seen = view(RULES, after, seat, resources=RES)
            assert seen["rack"] == list(after.seats[seat].rack)
            for other in seen["seats"]:  # type: ignore[attr-defined]
                assert "rack" not in other and "rack_size" in other
            for event in events:
                if event.kind == "rack" and event.seat != seat:
                    assert not event.visible_to(seat)
        assert MatchState.from_json(json.loads(json.dumps(after.to_json()))) == after


@given(st.lists(st.integers(min_value=2, max_value=3), max_size=4))
def test_same_kind_word_multipliers_add(multipliers: list[int]) -> None:
    from engine.board import Board, Layout
    from engine.moves import placement_from_word, shape_of
    from engine.rules import Band
    from engine.scoring import Affinity, ChainStep, Modifiers, score_move

    board = Board.empty(21)
    shape = shape_of(RULES, board, placement_from_word(board, 10, 8, "across", "CASA"))
    mods = Modifiers(word=tuple(("carta", m) for m in multipliers))
    b = score_move(RULES, Layout(RULES.layout), shape, displays={},
                   affinity=Affinity(Band.FRIO, None), chain=ChainStep(0, 0, "none", 100),
                   modifiers=mods)
    assert b.main.multiplier == 1 + sum(m - 1 for m in multipliers)
    assert b.total == 5 * b.main.multiplier
