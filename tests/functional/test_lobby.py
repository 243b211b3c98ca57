"""The Normal queue, Customizada rooms, solo matches and the lobby's refusals."""

from __future__ import annotations

from engine.state import MatchState
from functions.service.fair_rating import MIN_TURNS_PER_SEAT
from infra.local.in_process import World
from tests.functional.turns import swap_turns


def test_the_queue_fills_free_seats_with_bots_when_its_timer_fires(world: World) -> None:
    ana = world.connect("Ana")
    ana.send("joinQueue", seats=4)
    waiting = ana.last("queue")
    assert waiting["status"] == "waiting" and waiting["players"] == ["Ana"]
    assert waiting["fillAtMs"] == world.clock.ms + 20_000
    [fill] = [t for t in world.timers() if t["kind"] == "fill"]
    assert fill["seconds"] == 20 and fill["name"].startswith("fill-q-")
    bia = world.connect("Bia")
    bia.send("joinQueue", seats=4)
    assert ana.last("queue")["players"] == ["Ana", "Bia"]
    assert len([t for t in world.timers() if t["kind"] == "fill"]) == 1  # one table, one timer
    world.clock.advance(20)
    assert world.fire(fill)["fired"] is True
    view = ana.last("view")["view"]
    assert [s["bot"] for s in view["seats"]] == [False, False, True, True]
    assert bia.last("view")["view"]["you"] == 1
    assert ana.last("queue")["status"] == "matched"
    assert world.fire(fill)["fired"] is False  # a second firing changes nothing


def test_a_full_queue_table_starts_at_once(world: World) -> None:
    ana, bia = world.connect("Ana"), world.connect("Bia")
    ana.send("joinQueue", seats=2)
    bia.send("joinQueue", seats=2)
    match_id = ana.last("view")["matchId"]
    assert bia.last("view")["matchId"] == match_id
    record = world.repository.load_match(match_id)
    assert record is not None and record.players == [ana.player_id, bia.player_id]


def test_leaving_the_queue(world: World) -> None:
    ana, bia = world.connect("Ana"), world.connect("Bia")
    ana.send("joinQueue", seats=3)
    bia.send("joinQueue", seats=3)
    ana.send("leaveQueue")
    assert ana.last("queue")["status"] == "left"
    assert bia.last("queue")["players"] == ["Bia"]
    ana.send("leaveQueue")
    assert ana.last("error")["code"] == "queue.not_in"


def test_a_room_is_joined_by_its_code_and_started_by_its_host(world: World) -> None:
    ana, bia, caio = world.connect("Ana"), world.connect("Bia"), world.connect("Caio")
    ana.send("createRoom", settings={"turnSeconds": 30, "rounds": 3, "cards": False,
                                     "themed": False})
    room = ana.last("room")
    code = room["code"]
    assert len(code) == 6 and not set(code) & set("01OIL")
    bia.send("joinRoom", code=code.lower())
    assert [p["name"] for p in ana.last("room")["players"]] == ["Ana", "Bia"]
    bia.send("startRoom", code=code)
    assert bia.last("error")["code"] == "room.not_host"
    ana.send("updateRoom", code=code, settings={"turnSeconds": 30, "rounds": 3,
                                                "cards": False, "themed": False, "bots": 3})
    assert ana.last("error")["code"] == "room.too_many"
    ana.send("updateRoom", code=code, settings={"turnSeconds": 30, "rounds": 3,
                                                "cards": False, "themed": False, "bots": 1,
                                                "botLevel": 1})
    assert bia.last("room")["settings"]["bots"] == 1
    ana.send("startRoom", code=code)
    view = bia.last("view")["view"]
    assert [s["name"] for s in view["seats"]][:2] == ["Ana", "Bia"] and view["seats"][2]["bot"]
    assert view["theme"] is None and "market" not in view  # the classic game
    match = world.repository.load_match(view["matchId"])
    assert match is not None and match.settings.turn_seconds == 30
    caio.send("joinRoom", code=code)
    assert caio.last("error")["code"] == "room.closed"
    caio.send("joinRoom", code="ZZZZZZ")
    assert caio.last("error")["code"] == "room.not_found"


def test_a_room_refuses_a_fifth_seat(world: World) -> None:
    host = world.connect("Host")
    host.send("createRoom", settings={"bots": 2})
    code = host.last("room")["code"]
    guest, extra = world.connect("Guest"), world.connect("Extra")
    guest.send("joinRoom", code=code)
    extra.send("joinRoom", code=code)
    assert extra.last("error")["code"] == "room.full"


def test_solo_alone_and_against_bots(world: World) -> None:
    ana = world.connect("Ana")
    ana.send("startSolo", settings={"bots": 0, "rounds": 2})
    view = ana.last("view")["view"]
    assert len(view["seats"]) == 1 and view["rules"] == "solo"
    ana.send("startSolo", settings={"bots": 2})
    assert ana.last("error")["code"] == "match.already_in"
    match_id = view["matchId"]
    for _ in range(2):
        ana.send("pass", matchId=match_id)
    record = world.repository.load_match(match_id)
    assert record is not None and MatchState.from_json(record.state).finished
    ana.send("startSolo", settings={"bots": 3, "botLevel": 5})
    solo = ana.last("view")["view"]
    assert len(solo["seats"]) == 4 and solo["current"] == 0  # the bots wait their turn


def test_bots_play_their_turns_at_once(world: World) -> None:
    ana = world.connect("Ana")
    ana.send("startSolo", settings={"bots": 2, "botLevel": 1})
    match_id = ana.last("view")["matchId"]
    ana.send("pass", matchId=match_id)
    update = ana.last("update")
    assert update["view"]["current"] == 0 and update["view"]["turn"] == 4
    kinds = [e["kind"] for e in update["events"]]
    assert kinds.count("turn_started") == 3


def test_the_one_who_asks_gets_the_broadcast_with_their_request_id(world: World) -> None:
    ana, bia = world.connect("Ana"), world.connect("Bia")
    ana.send("createRoom")
    code = ana.last("room")["code"]
    asked = bia.send("joinRoom", code=code)
    assert bia.last("room")["requestId"] == asked and "requestId" not in ana.last("room")
    started = ana.send("startRoom", code=code)
    assert ana.last("view")["requestId"] == started and "requestId" not in bia.last("view")
    caio = world.connect("Caio")
    solo = caio.send("startSolo", settings={"bots": 1})
    assert caio.last("view")["requestId"] == solo


def test_the_welcome_carries_the_catalogue_the_page_draws_the_lobby_with(world: World) -> None:
    """Tile values, card names and the forms' numbers come from the server, once per hello."""
    ana = world.connect("Ana")
    ana.send("hello")
    catalog = ana.last("welcome")["catalog"]
    assert catalog["tileValues"]["K"] == 10 and catalog["wildcardValue"] == 0
    names = {card["id"]: card for card in catalog["cards"]}
    assert names["segundo_folego"]["name"] == "Segundo Fôlego"
    assert names["segundo_folego"]["shortName"] == "2º Fôlego"
    form = catalog["form"]
    assert form["solo"]["bots"] == 1 and form["room"]["bots"] == 0
    assert form["room"]["turnSeconds"] == 90 and form["turnSeconds"]["max"] == 600
    assert form["botLevels"][0] == {"level": 1, "name": "Iniciante"}
    assert form["queueSeats"] == 4 and form["seats"]["min"] == 2
    assert {"id": "neon", "name": "Neon"} in catalog["tileStyles"]
    assert [badge["id"] for badge in catalog["badges"]][:1] == ["primeira-partida"]


def test_profiles_badges_styles_and_the_leaderboard(world: World) -> None:
    ana, bia = world.connect("Ana"), world.connect("Bia")
    ana.send("hello")
    assert ana.last("welcome")["player"]["styles"] == ["classico"]
    ana.send("setStyle", tileStyle="neon")
    assert ana.last("error")["code"] == "profile.style_locked"
    ana.send("joinQueue", seats=2)
    bia.send("joinQueue", seats=2)
    match_id = ana.last("view")["matchId"]
    swap_turns(world, match_id, [ana, bia], 2 * MIN_TURNS_PER_SEAT)  # sooner: unrated
    bia.send("leave", matchId=match_id)
    ended = ana.last("ended")
    assert {b["seat"]: b["badges"] for b in ended["badges"]}[0] == [
        "primeira-partida", "primeira-vitoria"]
    # The end frame brings the profile after the match: the lobby is right without a hello.
    told = ended["player"]
    assert told["matches"] == 1 and told["badges"] == ["primeira-partida", "primeira-vitoria"]
    assert told["rating"] == round(ended["ratings"][0]["after"], 1)
    summary = ana.last("update")["view"]["summary"]
    assert [s["name"] for s in summary] == ["Ana", "Bia"] and summary[0]["plays"] == 0
    assert "unrated" not in ended  # it counted
    ana.send("hello")
    player = ana.last("welcome")["player"]
    assert player == told
    assert player["ratedMatches"] == 1 and "neon" in player["styles"]
    ana.send("setStyle", tileStyle="neon")
    assert ana.last("welcome")["player"]["tileStyle"] == "neon"
    ana.send("setStyle", boardStyle="noturno")  # unlocked after 5 matches
    assert ana.last("error")["code"] == "profile.style_locked"
    ana.send("setStyle", boardStyle="claro")
    assert ana.last("welcome")["player"]["boardStyle"] == "claro"
    ana.send("leaderboard")
    board = ana.last("leaderboard")["players"]
    assert [p["name"] for p in board] == ["Ana", "Bia"]
    assert board[0]["rating"] > board[1]["rating"] and board[0]["rank"] == 1


def test_each_room_frame_says_which_entry_is_you_so_a_shared_name_cannot_pass_for_host(
        world: World) -> None:
    host, guest = world.connect("Ana"), world.connect("Ana")
    host.send("createRoom", settings={})
    guest.send("joinRoom", code=host.last("room")["code"])
    assert host.last("room")["players"] == [{"name": "Ana", "host": True, "you": True},
                                            {"name": "Ana", "host": False, "you": False}]
    assert guest.last("room")["players"] == [{"name": "Ana", "host": True, "you": False},
                                             {"name": "Ana", "host": False, "you": True}]
