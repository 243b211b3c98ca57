"""Watching a live match by its link: only when the table allows it; a spectator gets the
public view and public events of every move and never a rack, a card choice or a private
event; the seats see how many people watch."""

from __future__ import annotations

import json

from engine.state import MatchState
from infra.local.in_process import Client, World
from tests.functional.test_review import _play_out


def _room(world: World, **settings: object) -> tuple[Client, Client, str]:
    ana, bia = world.connect("Ana"), world.connect("Bia")
    ana.send("createRoom", settings={"rounds": 3, "cards": True, "bots": 0, **settings})
    code = ana.last("room")["code"]
    bia.send("joinRoom", code=code)
    ana.send("startRoom", code=code)
    return ana, bia, ana.last("view")["matchId"]


def test_a_spectator_sees_every_public_move_and_never_a_rack(world: World) -> None:
    ana, bia, match_id = _room(world)
    caio = world.connect("Caio")
    caio.send("watch", matchId=match_id)
    seen = caio.last("view")["view"]
    assert seen["you"] is None and seen["rack"] is None and "market" not in seen
    assert seen["status"] == "active" and seen["watchers"] == 1
    assert ana.last("watchers") == {"type": "watchers", "matchId": match_id, "count": 1}
    racks: list[str] = []
    original = world.repository.save_match

    def keep_racks(record, *args, **kwargs):  # type: ignore[no-untyped-def]
        state = MatchState.from_json(record.state)
        racks.extend(json.dumps(list(s.rack)) for s in state.seats)
        return original(record, *args, **kwargs)

    world.repository.save_match = keep_racks  # type: ignore[method-assign]
    _play_out(world, [ana, bia], match_id)
    updates = [f for f in caio.frames if f["type"] == "update"]
    assert updates and updates[-1]["view"]["status"] == "finished"
    assert all(f["view"]["rack"] is None and "market" not in f["view"]
               for f in updates if "view" in f)
    kinds = {e["kind"] for f in updates for e in f.get("events", [])}
    assert "move_played" in kinds and not kinds & {"rack", "bought", "sold", "offer", "choose"}
    text = json.dumps([f for f in caio.frames if f["type"] in ("view", "update")])
    assert racks and not [r for r in racks if len(r) > 10 and r in text]
    assert not [f for f in caio.frames if f["type"] == "ended"]  # the end frame is the seats'
    assert ana.last("update")["view"].get("watchers") == 1  # the seats see one watcher


def test_a_table_can_refuse_spectators(world: World) -> None:
    ana, _, match_id = _room(world, spectators=False)
    caio = world.connect("Caio")
    caio.send("watch", matchId=match_id)
    assert caio.last("error")["code"] == "watch.closed"
    assert "watchers" not in ana.last("view")["view"]
