"""A finished match opened by its link: anyone may replay it, seeing only what was public
(no rack, no market), even when its table refused spectators while it was played; the people
who played it get their own view."""

from __future__ import annotations

from infra.local.in_process import World


def test_a_finished_match_replays_by_link_with_public_information_only(world: World) -> None:
    ana, caio = world.connect("Ana"), world.connect("Caio")
    ana.send("startSolo", settings={"bots": 1, "botLevel": 2, "rounds": 2, "spectators": False})
    match_id = ana.last("view")["matchId"]
    caio.send("watch", matchId=match_id)
    assert caio.last("error")["code"] == "watch.closed"
    caio.send("history", matchId=match_id)
    assert caio.last("error")["code"] == "match.not_seated"  # not while it is played
    ana.send("leave", matchId=match_id)
    final = ana.last("update")["view"]
    assert final["status"] == "finished" and final["rack"]

    caio.send("watch", matchId=match_id)
    public = caio.last("view")
    assert public["matchId"] == match_id
    seen = public["view"]
    assert seen["you"] is None and seen["rack"] is None and "market" not in seen
    assert seen["board"] == final["board"] and seen["summary"] == final["summary"]
    caio.send("history", matchId=match_id)
    page = caio.last("history")
    assert page["total"] == seen["moves"] and all("position" not in m for m in page["moves"])
    caio.send("review", matchId=match_id)
    assert caio.last("error")["code"] == "match.not_seated"  # a review is its seat's only

    ana.send("watch", matchId=match_id)
    mine = ana.last("view")["view"]
    assert mine["you"] == 0 and mine["rack"] == final["rack"]
