"""Bad table settings are refused when they are given, in Portuguese, and change nothing; a
start that fails leaves the room open as it was."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from botocore.exceptions import ClientError

from infra.local.in_process import World


def test_an_unknown_or_contradictory_theme_is_refused_where_it_is_given(world: World) -> None:
    ana = world.connect("Ana")
    for action, fields in (("createRoom", {}), ("startSolo", {})):
        ana.send(action, settings={"themeId": "nao-existe", **fields})
        error = ana.last("error")
        assert error["code"] == "theme.unknown" and "nao-existe" in error["message"]
        ana.send(action, settings={"themed": False, "themeId": "animais"})
        error = ana.last("error")
        assert error["code"] == "settings.contradictory" and "sem tema" in error["message"]
    assert not [f for f in ana.frames if f["type"] in ("room", "view")]  # nothing was created
    ana.send("createRoom", settings={"themeId": "animais"})
    room = ana.last("room")
    ana.send("updateRoom", code=room["code"], settings={"themed": False, "themeId": "animais"})
    assert ana.last("error")["code"] == "settings.contradictory"
    stored = world.repository.get_room(room["code"])
    assert stored is not None and stored.settings["themeId"] == "animais"


def test_a_failed_start_leaves_the_room_open(world: World) -> None:
    ana, bia = world.connect("Ana"), world.connect("Bia")
    ana.send("createRoom", settings={"themeId": "animais"})
    code = ana.last("room")["code"]
    bia.send("joinRoom", code=code)
    room = world.repository.get_room(code)
    assert room is not None  # a theme removed from the library since the room was made
    world.repository.put_room(replace(room, settings={**room.settings, "themeId": "sumiu"},
                                      version=room.version + 1), room.version, 0)
    ana.send("startRoom", code=code)
    assert ana.last("error")["code"] == "theme.unknown"
    after = world.repository.get_room(code)
    assert after is not None and after.status == "open" and after.match_id is None
    ana.send("updateRoom", code=code, settings={"themeId": "animais"})
    ana.send("startRoom", code=code)
    assert ana.last("view")["view"]["theme"]["id"] == "animais"


def test_a_wrong_type_is_refused_never_coerced(world: World) -> None:
    """docs/protocol.md: a field of the wrong type is ``message.invalid`` — "90" is no
    number, "yes" no yes, true no 1 — and nothing is created."""
    ana = world.connect("Ana")
    for settings, field in (({"turnSeconds": "90"}, "tempo por turno"),
                            ({"spectators": "yes"}, "espectadores"),
                            ({"bots": True}, "número de robôs"),
                            ({"rounds": 10.0}, "número de rodadas")):
        ana.send("createRoom", settings=settings)
        error = ana.last("error")
        assert error["code"] == "message.invalid", settings
        assert field in error["message"], (settings, error["message"])
    ana.send("joinQueue", seats="2")
    assert ana.last("error")["code"] == "message.invalid"
    assert not [f for f in ana.frames if f["type"] in ("room", "view", "queued")]
    ana.send("createRoom", settings={"turnSeconds": 90, "spectators": True, "bots": 1})
    assert ana.last("room")["settings"]["turnSeconds"] == 90


def test_a_start_that_fails_on_storage_leaves_the_room_usable(world: World) -> None:
    """A throttled write while the match is created: the host hears of it, everyone sees
    the room open again, and the next start plays."""
    ana, bia = world.connect("Ana"), world.connect("Bia")
    ana.send("createRoom", settings={"themeId": "animais"})
    code = ana.last("room")["code"]
    bia.send("joinRoom", code=code)
    original = world.repository.create_match
    failures = []

    def throttled(*args: Any, **kwargs: Any) -> Any:
        if not failures:
            failures.append(1)
            raise ClientError({"Error": {"Code": "ProvisionedThroughputExceededException",
                                         "Message": "throttled"}}, "TransactWriteItems")
        return original(*args, **kwargs)

    world.repository.create_match = throttled  # type: ignore[method-assign]
    ana.send("startRoom", code=code)
    assert ana.last("error")["code"] == "server.error"
    stored = world.repository.get_room(code)
    assert stored is not None and stored.status == "open" and stored.match_id is None
    assert bia.last("room")["status"] == "open"
    ana.send("startRoom", code=code)
    assert ana.last("view")["view"]["theme"]["id"] == "animais"
    assert bia.last("view")["view"]["theme"]["id"] == "animais"
