"""The post-game review through the service: each person's moves keep, privately, the
position they were made from; the review reports the engine's best move there and the points
left; it is sent to its own seat only, never before the end, and no page of the history ever
carries a position."""

from __future__ import annotations

import json
from typing import Any

from engine.bots.levels import action_command, bot_rng, level
from engine.bots.search import ranked_moves
from engine.bots.vocabulary import known_words_graph
from engine.review import Position, position_state
from engine.state import MatchState
from infra.local.in_process import Client, World, message_for
from tests.helpers import resources

RES = resources()
WEAK = level(1)


def _play_out(world: World, people: list[Client], match_id: str) -> None:
    """The people play like a beginner bot until the match ends."""
    for _ in range(200):
        record = world.repository.load_match(match_id)
        assert record is not None
        state = MatchState.from_json(record.state)
        if state.finished:
            return
        command = action_command(WEAK, record.settings.rules(), state, state.current, RES,
                                 bot_rng(state, state.current))
        action, fields = message_for(command, match_id)
        people[state.current].send(action, **fields)
    raise AssertionError("the match never ended")


def _room(world: World) -> tuple[Client, Client, str]:
    ana, bia = world.connect("Ana"), world.connect("Bia")
    ana.send("createRoom", settings={"rounds": 3, "cards": False, "bots": 0})
    code = ana.last("room")["code"]
    bia.send("joinRoom", code=code)
    ana.send("startRoom", code=code)
    return ana, bia, ana.last("view")["matchId"]


def _pages(client: Client, match_id: str) -> list[dict[str, Any]]:
    moves, start = [], 0
    while start is not None:
        client.send("review", matchId=match_id, start=start)
        page = client.last("review")
        moves += page["moves"]
        start = page.get("next")
    return moves


def test_each_person_gets_the_review_of_their_own_moves_only(world: World) -> None:
    ana, bia, match_id = _room(world)
    ana.send("review", matchId=match_id)
    assert ana.last("error")["code"] == "review.not_finished"
    _play_out(world, [ana, bia], match_id)
    # Computed and kept when the match ended, before anyone asked.
    assert world.repository.get_review(match_id, 0) is not None
    assert world.repository.get_review(match_id, 1) is not None
    caio = world.connect("Caio")
    caio.send("review", matchId=match_id)
    assert caio.last("error")["code"] == "match.not_seated"

    stored, _ = world.repository.load_moves(match_id, None, 50)
    ana.send("history", matchId=match_id)
    assert all("position" not in m and "request" not in m for m in ana.last("history")["moves"])
    record = world.repository.load_match(match_id)
    assert record is not None
    rules = record.settings.rules()
    for seat, client in enumerate((ana, bia)):
        reviewed = _pages(client, match_id)
        assert client.last("review")["seat"] == seat
        mine = [m for m in stored if m["seat"] == seat]
        assert [r["move"] for r in reviewed] == [m["move"] for m in mine]
        for review, move in zip(reviewed, mine, strict=True):
            position = Position.from_json(move["position"])
            # the review offers known words only (docs/bots.md): its best is theirs
            best = [m for m in ranked_moves(rules, position_state(rules, position, seat, 2),
                                            seat, RES)
                    if all(w.word in known_words_graph() for w in m.breakdown.words)]
            assert review["best"]["score"] == best[0].score
            assert review["left"] == max(0, best[0].score - move["points"])
            assert review["best"]["breakdown"]["total"] == review["best"]["score"]
        summary = client.last("review")["summary"]
        assert summary["left"] == sum(r["left"] for r in reviewed)
        other = [m for m in stored if m["seat"] != seat]
        frames = json.dumps([f for f in client.frames if f["type"] == "review"])
        for move in other:  # the other seat's racks never reach this seat through a review
            assert json.dumps(move["position"]["rack"]) not in frames
    assert world.repository.get_review(match_id, 0) is not None  # kept with the match
