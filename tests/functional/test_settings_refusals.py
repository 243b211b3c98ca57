"""Bad table settings are refused when they are given, in Portuguese, and change nothing; a
start that fails leaves the room open as it was."""

from __future__ import annotations

from dataclasses import replace

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
