"""Playing again keeps the table: Solo with the same bots and settings, Normal back in the
queue, and a room reopened for the same people, who each accept; nobody else can ask, and
nobody can ask before the match is over."""

from __future__ import annotations

from infra.local.in_process import World

TABLE = {"turnSeconds": 30, "rounds": 2, "cards": False, "themed": True, "bots": 0}


def test_solo_plays_again_with_the_same_bots_and_settings(world: World) -> None:
    ana = world.connect("Ana")
    ana.send("startSolo", settings={**TABLE, "bots": 2, "botLevel": 2})
    first = ana.last("view")["matchId"]
    ana.send("rematch", matchId=first)
    assert ana.last("error")["code"] == "rematch.not_finished"
    ana.send("leave", matchId=first)
    assert ana.last("ended")["matchId"] == first
    ana.send("rematch", matchId=first)
    again = ana.last("view")
    assert again["matchId"] != first
    record = world.repository.load_match(again["matchId"])
    old = world.repository.load_match(first)
    assert record is not None and old is not None
    assert record.settings.bot_levels == (0, 2, 2) == old.settings.bot_levels
    assert {k: record.settings.to_item()[k] for k in ("turnSeconds", "rounds", "cards",
                                                      "themed")} == \
        {"turnSeconds": 30, "rounds": 2, "cards": False, "themed": True}
    assert [s["name"] for s in again["view"]["seats"]] == ["Ana", "Robô 1", "Robô 2"]


def test_normal_goes_back_to_the_queue_with_the_same_table_size(world: World) -> None:
    ana, bia = world.connect("Ana"), world.connect("Bia")
    ana.send("joinQueue", seats=2)
    bia.send("joinQueue", seats=2)
    match_id = ana.last("view")["matchId"]
    bia.send("leave", matchId=match_id)
    ana.send("rematch", matchId=match_id)
    queue = ana.last("queue")
    assert queue["status"] == "waiting" and queue["seats"] == 2 and queue["players"] == ["Ana"]


def test_a_room_comes_back_with_the_same_people_each_accepting(world: World) -> None:
    ana, bia, caio = world.connect("Ana"), world.connect("Bia"), world.connect("Caio")
    ana.send("createRoom", settings={**TABLE, "bots": 1, "botLevel": 1})
    code = ana.last("room")["code"]
    bia.send("joinRoom", code=code)
    ana.send("startRoom", code=code)
    first = bia.last("view")["matchId"]
    bia.send("leave", matchId=first)
    ana.send("leave", matchId=first)  # only the bot is left: the match ends
    ended = world.repository.load_match(first)
    assert ended is not None and ended.finished

    caio.send("rematch", matchId=first)
    assert caio.last("error")["code"] == "match.not_seated"
    bia.send("rematch", matchId=first)
    room = bia.last("room")
    assert room["code"] == code and room["status"] == "open"
    assert [p["name"] for p in room["players"]] == ["Bia"]
    offer = ana.last("rematchOffer")
    assert offer == {"type": "rematchOffer", "matchId": first, "code": code, "by": "Bia"}

    ana.send("rematch", matchId=first)  # Ana accepts: everyone is back, the match starts
    view = ana.last("view")
    assert view["matchId"] not in (first, None) and bia.last("view")["matchId"] == view["matchId"]
    seats = view["view"]["seats"]
    assert [s["name"] for s in seats][:2] == ["Bia", "Ana"] and seats[2]["bot"]
    record = world.repository.load_match(view["matchId"])
    assert record is not None and record.settings.room == code
    assert record.settings.turn_seconds == 30 and record.settings.bot_levels == (0, 0, 1)
    bia.send("rematch", matchId=first)  # the old match's table has moved on
    assert bia.last("error")["code"] in ("rematch.gone", "match.already_in")
