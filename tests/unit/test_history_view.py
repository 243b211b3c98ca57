"""History entries and the view's rules data: numbered moves with their round and running
total, display spellings for plays, and what the client draws with instead of holding rules."""

from __future__ import annotations

import json
from dataclasses import replace

from engine.cards import CARDS
from engine.chain import Chain
from engine.commands import Pass, Play, Swap, Timeout
from engine.match import Player, apply, new_match, view
from engine.moves import PlacedTile
from engine.rules import RuleSet
from engine.state import MatchState, Slot
from tests.helpers import position, resources

RES = resources()
RULES = RuleSet.standard()


def _start(rules: RuleSet = RULES) -> MatchState:
    state, _ = new_match(rules, "m1", [Player("p1", "Ana"), Player("p2", "Bia")], seed="h",
                         now=0, theme_id="futebol", resources=RES)
    return state


def _acao() -> tuple[MatchState, Play]:
    """A position where seat 0 plays AÇÃO across the centre."""
    state = position(racks=("ACAOXYZ", "EEIIOOU"))
    tiles = tuple(PlacedTile(10, 10 + i, ch) for i, ch in enumerate("ACAO"))
    return state, Play(tiles)


def test_a_play_is_numbered_with_its_round_total_and_display_spellings() -> None:
    state, play = _acao()
    after, events = apply(RULES, state, 0, play, 10, resources=RES)
    entry = after.history[-1]
    played = next(e for e in events if e.kind == "move_played")
    assert entry == {"move": 0, "turn": 1, "round": 1, "seat": 0, "kind": "play",
                     "words": ["ACAO"], "display": ["ação"], "score": entry["score"],
                     "band": entry["band"], "total": after.seats[0].score}
    assert entry["score"] == played.data["breakdown"]["total"] > 0
    assert {k: played.data[k] for k in entry} == dict(entry)
    assert played.data["display"] == [w["display"] for w in played.data["breakdown"]["words"]]


def test_swaps_passes_and_timeouts_carry_the_same_numbers_in_history_and_events() -> None:
    state = _start()
    state, events = apply(RULES, state, 0, Swap(state.seats[0].rack[:2]), 1, resources=RES)
    assert state.history[-1] == {"move": 0, "turn": 1, "round": 1, "seat": 0, "kind": "swap",
                                 "count": 2, "total": 0}
    swapped = events[0]
    assert swapped.kind == "swapped"
    assert (swapped.data["move"], swapped.data["round"], swapped.data["total"]) == (0, 1, 0)
    state, events = apply(RULES, state, 1, Pass(), 2, resources=RES)
    assert state.history[-1] == {"move": 1, "turn": 2, "round": 1, "seat": 1,
                                 "kind": "passed", "total": 0}
    assert events[0].kind == "passed" and events[0].data["move"] == 1
    state, events = apply(RULES, state, 0, Timeout(state.turn), 3, resources=RES)
    assert state.history[-1]["kind"] == "timed_out" and state.history[-1]["round"] == 2
    assert events[0].kind == "timed_out"
    assert {k: events[0].data[k] for k in ("move", "round", "total")} == \
        {"move": 2, "round": 2, "total": 0}
    assert [h["move"] for h in state.history] == [0, 1, 2]


def test_the_total_is_the_seats_score_after_each_move() -> None:
    state, play = _acao()
    state = state.with_seat(0, replace(state.seats[0], score=40))
    after, _ = apply(RULES, state, 0, play, 10, resources=RES)
    entry = after.history[-1]
    assert entry["total"] == 40 + entry["score"] == after.seats[0].score
    after, _ = apply(RULES, after, 1, Pass(), 11, resources=RES)
    assert after.history[-1]["total"] == after.seats[1].score == 0


def test_the_view_counts_moves_instead_of_listing_them() -> None:
    state = _start()
    seen = view(RULES, state, 0, resources=RES)
    assert "history" not in seen and seen["moves"] == 0
    for i in range(3):
        state, _ = apply(RULES, state, state.current, Pass(), i, resources=RES)
    assert view(RULES, state, 1, resources=RES)["moves"] == 3 == len(state.history)


def test_the_view_carries_the_rules_the_client_draws_with() -> None:
    seen = view(RULES, _start(), 0, resources=RES)
    assert (seen["board_size"], seen["swap_limit"], seen["rack_size"]) == (21, 3, 7)
    assert seen["wildcards"] == {"?": "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "?V": "AEIOU",
                                 "?C": "BCDFGHJKLMNPQRSTVWXYZ"}
    assert seen["band_weights"] == [
        {"band": "Frio", "weight_pct": 100}, {"band": "Morno", "weight_pct": 125},
        {"band": "Quente", "weight_pct": 150}, {"band": "Escaldante", "weight_pct": 200}]
    assert seen["chain_bonus_pct"] == [100, 100, 110, 120, 135, 150]
    json.dumps(seen)  # plain JSON data


def test_only_your_own_seat_shows_its_chain_bonuses() -> None:
    state = _start()
    state = state.with_seat(0, replace(state.seats[0], chain=Chain(2, ("GOL", "BOLA"))))
    mine = view(RULES, state, 0, resources=RES)["seats"]
    theirs = view(RULES, state, 1, resources=RES)["seats"]
    assert isinstance(mine, list) and isinstance(theirs, list)
    assert (mine[0]["chain_bonus_pct"], mine[0]["next_chain_bonus_pct"]) == (110, 120)
    assert "chain_bonus_pct" not in mine[1]
    assert (theirs[1]["chain_bonus_pct"], theirs[1]["next_chain_bonus_pct"]) == (100, 100)
    assert "chain_bonus_pct" not in theirs[0]
    long = state.with_seat(0, replace(state.seats[0], chain=Chain(9, ())))
    assert view(RULES, long, 0, resources=RES)["seats"][0]["next_chain_bonus_pct"] == 150  # type: ignore[index]
    spectator = view(RULES, state, None, resources=RES)["seats"]
    assert isinstance(spectator, list)
    assert not any("chain_bonus_pct" in s for s in spectator)


def test_cards_name_the_wildcard_they_add() -> None:
    assert CARDS["coringa_vogal"].to_json(3)["wildcard"] == "?V"
    assert CARDS["coringa_consoante"].to_json(3)["wildcard"] == "?C"
    assert CARDS["coringa_universal"].to_json(5)["wildcard"] == "?"
    assert all(CARDS[c].to_json(1)["wildcard"] is None for c in CARDS
               if not c.startswith("coringa"))
    state = _start()
    row = (Slot("coringa_vogal", True), Slot("prisma", False), None, None)
    state = state.with_seat(0, replace(state.seats[0], row=row))
    market = view(RULES, state, 0, resources=RES)["market"]
    assert isinstance(market, dict)
    assert [s and s["wildcard"] for s in market["row"]] == ["?V", None, None, None]


def test_the_longest_word_is_shown_with_its_accents_in_the_view_and_the_result() -> None:
    state, play = _acao()
    after, _ = apply(RULES, state, 0, play, 10, resources=RES)
    assert after.seats[0].longest_word == "ACAO"  # the state keeps the folded letters
    seen = view(RULES, after, 1, resources=RES)
    assert seen["seats"][0]["longest_word"] == "ação" and seen["seats"][1]["longest_word"] == ""
    ended = replace(after, result={"reason": "rounds", "winner": 0, "ranking": [
        {"rank": 1, "seat": 0, "name": "Ana", "score": 9, "longest_word": "ACAO", "passes": 0,
         "thinking_ms": 0, "left": False, "tie_break": None}]})
    ranking = view(RULES, ended, 0, resources=RES)["result"]["ranking"]  # type: ignore[index]
    assert ranking[0]["longest_word"] == "ação"
    assert ended.result is not None and ended.result["ranking"][0]["longest_word"] == "ACAO"
