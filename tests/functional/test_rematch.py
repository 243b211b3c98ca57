"""Playing again keeps the table: Solo with the same bots and settings, Normal back in the
queue, and a room reopened for the same people, who each accept; nobody else can ask, and
nobody can ask before the match is over."""

from __future__ import annotations

from infra.local.in_process import Client, World

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


def _room_played(world: World) -> tuple[Client, Client, str, str]:
    """Ana's room with Bia and a bot, one match played and over (both people left it, so only
    the bot was left): Ana, Bia, the room's code and the ended match's id."""
    ana, bia = world.connect("Ana"), world.connect("Bia")
    ana.send("createRoom", settings={**TABLE, "bots": 1, "botLevel": 1})
    code = ana.last("room")["code"]
    bia.send("joinRoom", code=code)
    ana.send("startRoom", code=code)
    first = bia.last("view")["matchId"]
    bia.send("leave", matchId=first)
    ana.send("leave", matchId=first)
    return ana, bia, str(code), str(first)


def test_a_room_comes_back_with_the_same_people_each_accepting(world: World) -> None:
    ana, bia, code, first = _room_played(world)
    caio = world.connect("Caio")
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


def test_a_reopened_room_is_run_by_who_is_in_it_and_every_request_is_answered(
        world: World) -> None:
    """The first to ask for a rematch reopens the room and runs it: the old host, not back
    yet, can neither change its settings nor start it, and is told so."""
    ana, bia, code, first = _room_played(world)
    bia.send("rematch", matchId=first)
    room = bia.last("room")
    assert [(p["name"], p["host"]) for p in room["players"]] == [("Bia", True)]
    for action, fields in (("updateRoom", {"settings": {**TABLE, "bots": 2,
                                                         "turnSeconds": 20}}),
                           ("startRoom", {})):
        before = len(ana.frames)
        ana.send(action, code=code, **fields)
        answers = ana.frames[before:]
        assert answers and answers[-1]["type"] == "error", action
        assert answers[-1]["code"] == "room.not_host", action
    stored = world.repository.get_room(code)
    assert stored is not None and stored.status == "open" and stored.settings["bots"] == 1
    assert stored.host == bia.player_id

    bia.send("updateRoom", code=code, settings={**TABLE, "bots": 2, "turnSeconds": 40})
    assert bia.last("room")["settings"]["turnSeconds"] == 40
    ana.send("rematch", matchId=first)  # Ana comes back: everyone is in, the match starts
    assert ana.last("view")["matchId"] == bia.last("view")["matchId"]
