"""Frames that fit: typed views and receipts mirror the engine exactly, updates split under the
budget, the biggest receipts fit a frame alone, and history pages are trimmed to fit."""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import replace
from typing import Any

from engine.commands import Play
from engine.match import Player, apply, new_match, view
from engine.moves import PlacedTile
from engine.rules import RuleSet
from engine.state import MatchState, Slot
from functions.protocol.limits import FRAME_BUDGET, MAX_FRAME_BYTES
from functions.protocol.server import (
    SERVER_FRAME,
    Breakdown,
    EngineEvent,
    HistoryEntry,
    MatchView,
    Update,
)
from functions.service.frames import update_frames
from functions.service.history import batch, page_frame
from tests.helpers import position, resources

RES = resources()
RULES = RuleSet.standard()


def _json(data: object) -> Any:
    return json.loads(json.dumps(data))


def _view(state: MatchState, seat: int | None, rules: RuleSet = RULES) -> dict[str, Any]:
    data = _json(view(rules, state, seat, resources=RES))
    for entry in data["seats"]:
        entry["online"] = True
    return dict(data)


def _start(rules: RuleSet = RULES, seats: int = 2) -> MatchState:
    players = [Player(f"p{i}", f"Jogador {i}") for i in range(seats)]
    state, _ = new_match(rules, "m1", players, seed="f", now=0,
                         theme_id="futebol" if rules.themed else None, resources=RES)
    return state


def test_the_typed_view_mirrors_the_engines_view_exactly() -> None:
    state = _start(seats=3)
    seat = state.seats[0]
    state = state.with_seat(0, replace(
        seat, row=(Slot("coringa_vogal", True), None, Slot("espiao", False), None), spying=1,
        pending={"kind": "ima", "options": ["A", "E", "K"]}, mines=(2,)))
    state = replace(state, anchors=((3, 4, 0),))
    ladrao = state.with_seat(0, replace(state.seats[0],
                                        pending={"kind": "ladrao", "options": ["animais", "casa"]}))
    classic = RuleSet.classic()
    cases = [(state, 0, RULES), (state, 1, RULES), (state, None, RULES),
             (_start(classic), 0, classic)]
    for s, who, rules in cases:
        data = _view(s, who, rules)
        assert MatchView.model_validate(data).model_dump(mode="json", by_alias=False) == data
    data = _view(ladrao, 0)
    assert MatchView.model_validate(data).model_dump(mode="json", by_alias=False) == data
    assert "market" not in _view(state, None) and "coins" not in _view(_start(classic), 0,
                                                                     classic)["seats"][0]


def test_a_view_the_protocol_does_not_know_fails_loudly() -> None:
    data = _view(_start(), 0)
    data["surprise"] = 1
    try:
        MatchView.model_validate(data)
    except ValueError:
        pass
    else:
        raise AssertionError("an unknown view field was accepted")


def _biggest_real_play() -> tuple[MatchState, MatchState, list[Any]]:
    """A 9-tile play whose every tile ends a 10-letter word down: ten words in one receipt."""
    lexicon = RES.lexicon
    ends: dict[str, list[str]] = defaultdict(list)
    for word in lexicon.words(max_length=10):
        if len(word) == 10:
            ends[word[-1]].append(word)

    def down(letter: str) -> str:
        accented = [w for w in ends[letter] if not (lexicon.display(w) or w).isascii()]
        return (accented or ends[letter])[0]

    main = "CARAMELOS"
    board = [(1, 6 + i, "down", down(ch)[:-1]) for i, ch in enumerate(main)]
    state = position(board=board, racks=(main,))
    tiles = tuple(PlacedTile(10, 6 + i, ch) for i, ch in enumerate(main))
    after, events = apply(RULES, state, 0, Play(tiles), 1, resources=RES)
    return state, after, events


def _worst_case_event() -> EngineEvent:
    """Bigger than any play can be: ten words of 21 letters (the board's width), every letter
    worth the most, every label, accents doubling the display's bytes."""
    def letter(placed: bool) -> dict[str, Any]:
        return {"square": "U21", "letter": "W", "wildcard": False, "placed": placed,
                "value": 10, "multiplier": 99, "points": 990,
                "sources": ["Letra ×3", "Letra Dobrada"] if placed else []}

    def word(placed: set[int], main: bool) -> dict[str, Any]:
        return {"word": "W" * 21, "display": "ã" * 21, "direction": "across", "start": "U21",
                "main": main, "letters": [letter(i in placed) for i in range(21)],
                "letter_sum": 99_999, "multiplier": 99, "points": 9_999_999,
                "sources": ["Palavra ×3", "Palavra ×3", "Palavra Triplicada"]}

    breakdown = Breakdown.model_validate({
        "words": [word(set(range(9)), True)] + [word({12}, False) for _ in range(9)],
        "words_total": 99_999_999, "longest_word": "W" * 21, "length_bonus": 54,
        "subtotal": 99_999_999, "band": "Escaldante", "band_weight_pct": 300,
        "matched": "ã" * 64, "matched_display": "ã" * 64, "prisma": True,
        "total": 99_999_999,
        "chain": {"before": 99, "after": 99, "effect": "extends", "bonus_pct": 150}})
    return EngineEvent(kind="move_played", data={
        "move": 9999, "turn": 9999, "round": 50, "seat": 3, "kind": "play",
        "words": ["W" * 21] * 10, "display": ["ã" * 21] * 10, "score": 99_999_999,
        "band": "Escaldante", "total": 99_999_999, "breakdown": breakdown.model_dump(),
        "tiles": [[20, 20, "W"]] * 9})


def test_no_single_event_can_pass_the_budget() -> None:
    _, _, events = _biggest_real_play()
    played = next(e for e in events if e.kind == "move_played")
    assert len(played.data["breakdown"]["words"]) == 10
    real = EngineEvent(kind=played.kind, data=dict(played.data))
    for event in (real, _worst_case_event()):
        frame = Update(matchId="m-" + "x" * 62, version=99_999, events=[event],
                       partial=True).dump()
        size = len(frame.encode("utf-8"))
        assert size <= FRAME_BUDGET, size  # real ≈ 13.3 KB, worst case ≈ 28.4 KB


def test_a_big_update_is_split_in_order_with_the_view_last() -> None:
    state = _start()
    view_model = MatchView.model_validate(_view(state, 0))
    events = [_worst_case_event()] * 7 + [EngineEvent(kind="rack", data={"rack": ["A"]})]
    frames = [f.dump() for f in update_frames("m1", 5, events, view_model, "req-1")]
    parsed = [json.loads(f) for f in frames]
    assert len(frames) > 1
    assert all(len(f.encode("utf-8")) <= FRAME_BUDGET for f in frames)
    assert [p.get("partial") for p in parsed] == [True] * (len(frames) - 1) + [False]
    assert all("view" not in p and "requestId" not in p for p in parsed[:-1])
    assert parsed[-1]["requestId"] == "req-1" and parsed[-1]["view"]["you"] == 0
    assert [e for p in parsed for e in p["events"]] == [e.model_dump() for e in events]
    for frame in frames:
        SERVER_FRAME.validate_json(frame)
    small = update_frames("m1", 5, events[-1:], view_model, None)
    assert len(small) == 1 and json.loads(small[0].dump())["partial"] is False
    assert {f.type for f in small} == {"update"}


def test_stored_moves_join_the_history_with_the_receipts() -> None:
    before, after, events = _biggest_real_play()
    stored = batch(before, after, events)
    assert len(stored) == 1
    entry = HistoryEntry.model_validate(stored[0])
    played = next(e for e in events if e.kind == "move_played")
    assert entry.kind == "play" and entry.move == 0 and entry.points == after.seats[0].score
    assert entry.words == played.data["display"] and entry.words[0] == "caramelos"
    assert entry.breakdown is not None
    assert entry.breakdown.model_dump(mode="json", by_alias=False) == played.data["breakdown"]
    assert [list(t) for t in entry.tiles or []] == played.data["tiles"]


def test_a_history_page_is_trimmed_from_its_oldest_end_to_fit() -> None:
    big = _worst_case_event().data
    entries = [HistoryEntry(move=i, turn=i + 1, round=1, seat=0, kind="play", words=["x"],
                            band="Frio", points=1, total=i, tiles=[(1, 1, "A")],
                            breakdown=Breakdown.model_validate(big["breakdown"])
                            ).model_dump(mode="json") for i in range(10, 15)]
    frame = page_frame("r1", "m1", entries, 10, 15).dump()
    data = json.loads(frame)
    assert len(frame.encode("utf-8")) <= FRAME_BUDGET < MAX_FRAME_BYTES
    assert [m["move"] for m in data["moves"]] == [14] and data["older"] == 14
    small = [dict(e, breakdown=None, tiles=None) for e in entries]
    data = json.loads(page_frame("r1", "m1", small, 10, 15).dump())
    assert [m["move"] for m in data["moves"]] == [10, 11, 12, 13, 14]
    assert data["older"] == 10 and data["total"] == 15
    assert data["moves"][0]["breakdown"] is None and data["moves"][0]["count"] is None
    start = json.loads(page_frame("r1", "m1", [], None, 0).dump())
    assert start["moves"] == [] and start["older"] is None
