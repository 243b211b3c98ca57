"""The end-of-match summary each seat sees: the best move by points with its word as players
read it, the plays by band, swaps and passes, the longest chain and the cards used (a sold
card is not a used one), read from the public history; and an older stored match (saved
before these counters existed) still loads."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.board import Board
from engine.bots.levels import BotPlayer, bot_rng, level
from engine.chain import Chain
from engine.commands import MoveCard, Pass, Play, Sell, Swap, UseCard
from engine.errors import RuleError
from engine.match import Player, apply, new_match, view
from engine.moves import placement_from_word
from engine.rules import Band, RuleSet
from engine.state import MatchState, Seat, Slot
from tests.helpers import resources

RES = resources()
RULES = RuleSet.standard().with_settings(round_limit=4)


def _played() -> MatchState:
    """Four rounds of two level-3 bots in Futebol; seat 0 also uses a Mina and sells a card."""
    state, _ = new_match(RULES, "resumo", [Player("a", "Ana"), Player("b", "Bia")], seed="resumo",
                         now=0, theme_id="futebol", resources=RES)
    seat0 = state.seats[0]
    row = (Slot("mina", True), Slot("reciclar", True), *seat0.row[2:])
    state = state.with_seat(0, replace(seat0, row=row))
    state, _ = apply(RULES, state, 0, UseCard(0), 0, resources=RES)
    state, _ = apply(RULES, state, 0, Sell(1), 0, resources=RES)
    bots = [BotPlayer(level(3)), BotPlayer(level(3))]
    swapped = False
    while not state.finished:
        seat = state.current
        if seat == 1 and not swapped:
            command: Any = Swap(state.seats[1].rack[:2])
            swapped = True
        else:
            command = bots[seat].action(RULES, state, seat, RES, bot_rng(state, seat))
        try:
            state, _ = apply(RULES, state, seat, command, 0, resources=RES)
        except RuleError:
            state, _ = apply(RULES, state, seat, Pass(), 0, resources=RES)
    return state


def test_the_summary_reads_the_history_and_the_seats_counters() -> None:
    state = _played()
    summary = view(RULES, state, 1, resources=RES)["summary"]
    assert isinstance(summary, list) and len(summary) == 2
    for row, seat in zip(summary, state.seats, strict=True):
        mine = [e for e in state.history if e["seat"] == row["seat"]]
        plays = [e for e in mine if e["kind"] == "play"]
        assert row["score"] == seat.score == sum(int(e["score"]) for e in plays)
        assert row["plays"] + row["swaps"] + row["passes"] == len(mine)
        assert row["bands"] == {b.label: sum(1 for e in plays if e["band"] == b.label)
                                for b in Band}
        best = max(plays, key=lambda e: int(e["score"]))
        assert row["best_move"]["points"] == best["score"] == seat.best_move
        assert row["best_move"]["word"] == best["display"][0]  # display spelling
        assert row["longest_chain"] >= seat.chain.length
    assert summary[1]["swaps"] == 1
    assert summary[0]["cards_used"] == 1  # the Mina; the sold Reciclar does not count
    assert "summary" not in view(RULES, replace(state, status="active"), 0, resources=RES)


def test_a_match_stored_before_the_counters_existed_still_loads() -> None:
    state = _played()
    data = state.to_json()
    for seat in data["seats"]:  # type: ignore[union-attr]
        del seat["longest_chain"], seat["cards_used"]
    again = MatchState.from_json(data)
    assert again.seats[0].cards_used == 0 and again.seats[0].longest_chain == 0
    assert replace(again.seats[0], cards_used=1, longest_chain=state.seats[0].longest_chain) \
        == state.seats[0]
    assert Seat.from_json(state.seats[1].to_json()) == state.seats[1]


def test_a_play_with_a_move_card_counts_it() -> None:
    state, _ = new_match(RULES, "carta", [Player("a", "Ana"), Player("b", "Bia")], seed="carta",
                         now=0, theme_id="futebol", resources=RES)
    seat0 = state.seats[0]
    state = state.with_seat(0, replace(seat0, row=(Slot("palavra_dobrada", True),
                                                   *seat0.row[1:])))
    move = BotPlayer(level(3)).action(RULES, state, 0, RES, bot_rng(state, 0))
    assert isinstance(move, Play)
    state, _ = apply(RULES, state, 0, replace(move, cards=(MoveCard(0),)), 0, resources=RES)
    assert state.seats[0].cards_used == 1


def test_the_longest_chain_stays_after_the_chain_breaks() -> None:
    state, _ = new_match(RULES, "elo", [Player("a", "Ana"), Player("b", "Bia")], seed="elo",
                         now=0, theme_id="futebol", resources=RES)
    seat0 = replace(state.seats[0], rack=tuple("TIMEAAE"), chain=Chain(2, ("GOL", "BOLA")))
    state = state.with_seat(0, seat0)
    tiles = tuple(placement_from_word(Board(state.board), 10, 8, "across", "TIME"))
    state, _ = apply(RULES, state, 0, Play(tiles), 0, resources=RES)
    assert state.seats[0].chain.length == 3 and state.seats[0].longest_chain == 3
    state, _ = apply(RULES, state, 1, Pass(), 0, resources=RES)
    state, _ = apply(RULES, state, 0, Pass(), 0, resources=RES)
    assert state.seats[0].chain.length == 0 and state.seats[0].longest_chain == 3
