"""Invariants over random matches with cards: coins, scores, hidden information, rejections."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.commands import Buy, Choose, Command, MoveCard, Pass, Play, Sell, Swap, UseCard
from engine.errors import RuleError
from engine.events import Event
from engine.match import Player, apply, new_match, view
from engine.rng import Rng
from engine.rules import RuleSet
from engine.state import MatchState
from tests.helpers import find_play, resources

RES = resources()
RULES = RuleSet.standard().with_settings(income_base=6)  # rich players buy more cards


def _candidates(state: MatchState, seat: int, rng: Rng) -> list[Command]:
    me = state.seats[seat]
    others = [i for i in range(len(state.seats)) if i != seat]
    commands: list[Command] = []
    for slot, card in enumerate(me.row):
        if card is None:
            continue
        if not card.owned:
            commands.append(Buy(slot))
            continue
        commands += [Sell(slot), UseCard(slot), UseCard(slot, seat=rng.choice(others)),
                     UseCard(slot, square=(rng.below(21), rng.below(21))),
                     UseCard(slot, tiles=me.rack[:2])]
    commands += [Choose(rng.below(3)), Buy(rng.below(6)), UseCard(rng.below(6))]
    return commands


def _hidden_ok(state: MatchState, events: list[Event]) -> None:
    for seat in range(len(state.seats)):
        seen = json.dumps(view(RULES, state, seat, resources=RES))
        for other, s in enumerate(state.seats):
            if other == seat:
                continue
            spied = state.seats[seat].spying == other
            public = {state.theme_id, *(x.personal_theme for x in state.seats)}
            if s.pending and s.pending["kind"] == "ladrao":
                assert not any(f'"{o}"' in seen for o in s.pending["options"]
                               if o not in public)
            if not spied:
                assert f'"rack": {json.dumps(list(s.rack))}' not in seen
        for event in events:
            if not event.visible_to(seat):
                assert event.seat is not None and event.seat != seat


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=50_000), seats=st.integers(min_value=2, max_value=4))
def test_random_card_matches_keep_every_invariant(seed: int, seats: int) -> None:
    players = [Player(f"p{i}", f"P{i}") for i in range(seats)]
    state, _ = new_match(RULES, "m", players, seed=seed, now=0, resources=RES)
    rng = Rng.from_seed(f"driver-{seed}")
    for turn in range(14):
        if state.finished:
            break
        seat = state.current
        candidates = _candidates(state, seat, rng)
        for command in rng.sample(candidates, min(10, len(candidates))):
            before = json.dumps(state.to_json(), sort_keys=True)
            scores = [s.score for s in state.seats]
            try:
                state, events = apply(RULES, state, seat, command, turn, resources=RES)
            except RuleError:
                assert json.dumps(state.to_json(), sort_keys=True) == before
                continue
            assert all(s.coins >= 0 for s in state.seats)
            assert all(len(s.rack) <= RULES.max_rack_size for s in state.seats)
            assert all(s.score >= b for s, b in zip(state.seats, scores, strict=True))
            _hidden_ok(state, events)
        if state.finished or state.current != seat:
            continue
        tiles = find_play(RULES, state, seat, RES, longest=3, anchors=6)
        owned_move = [i for i, c in enumerate(state.seats[seat].row)
                      if c is not None and c.owned and c.card in ("palavra_dobrada", "prisma")]
        action: Command = (Play(tuple(tiles), tuple(MoveCard(i) for i in owned_move[:1]))
                           if tiles else rng.choice([Pass(), Swap(state.seats[seat].rack[:1])]))
        scores = [s.score for s in state.seats]
        state, events = apply(RULES, state, seat, action, turn, resources=RES)
        assert all(s.score >= b for s, b in zip(state.seats, scores, strict=True))
        assert all(s.coins >= 0 for s in state.seats)
        _hidden_ok(state, events)
        assert MatchState.from_json(json.loads(json.dumps(state.to_json()))) == state
