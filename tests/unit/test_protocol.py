"""The protocol: every action parses, bad shapes are refused, schemas and the page's types are
committed up to date."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from functions.protocol import client
from functions.protocol.schema import OUT, schemas
from functions.protocol.server import SERVER_FRAME, Error, Update
from functions.protocol.typedefs import OUT as TYPEDEFS
from functions.protocol.typedefs import typedefs

EXAMPLES = {
    "hello": {}, "resume": {"matchId": "m-1"}, "joinQueue": {"seats": 3}, "leaveQueue": {},
    "createRoom": {"settings": {"turnSeconds": 60, "themed": False, "cards": False}},
    "joinRoom": {"code": "ABC234"}, "updateRoom": {"code": "ABC234", "settings": {}},
    "startRoom": {"code": "ABC234"}, "leaveRoom": {"code": "ABC234"},
    "startSolo": {"settings": {"bots": 2, "botLevel": 4}}, "rematch": {"matchId": "m-1"},
    "review": {"matchId": "m-1", "start": 0}, "watch": {"matchId": "m-1"},
    "daily": {}, "startDaily": {},
    "preview": {"matchId": "m-1", "tiles": [{"row": 10, "col": 10, "letter": "A"}]},
    "history": {"matchId": "m-1", "before": 40, "limit": 20},
    "play": {"matchId": "m-1", "tiles": [{"row": 10, "col": 10, "letter": "A", "wild": True}],
             "cards": [{"slot": 1, "square": [10, 10]}]},
    "swap": {"matchId": "m-1", "tiles": ["A", "?V"]}, "pass": {"matchId": "m-1"},
    "clock": {"matchId": "m-1", "running": False},
    "buy": {"matchId": "m-1", "slot": 0}, "sell": {"matchId": "m-1", "slot": 3},
    "useCard": {"matchId": "m-1", "slot": 2, "seat": 1},
    "chooseTheme": {"matchId": "m-1", "option": 1}, "leave": {"matchId": "m-1"}, "ping": {},
    "leaderboard": {}, "setStyle": {"tileStyle": "madeira"}, "matches": {},
}


def test_every_action_has_an_example_that_parses() -> None:
    assert set(EXAMPLES) == set(client.ACTIONS)
    for action, fields in EXAMPLES.items():
        parsed = client.CLIENT_MESSAGE.validate_python({"action": action, "requestId": "r-1",
                                                        **fields})
        assert parsed.action == action  # type: ignore[union-attr]


@pytest.mark.parametrize("data", [
    {"action": "play", "requestId": "r", "matchId": "m", "tiles": [{"row": 1, "col": 1,
                                                                    "letter": "a"}]},
    {"action": "joinQueue", "requestId": "r", "seats": 5},
    {"action": "joinRoom", "requestId": "r", "code": "AB"},
    {"action": "createRoom", "requestId": "r", "settings": {"bots": 4}},
    {"action": "createRoom", "requestId": "r", "settings": {"turnSeconds": 5}},
    {"action": "hello", "requestId": "r" * 65},
    {"action": "hello", "requestId": "bad id"},
    {"action": "hello"},
    {"action": "history", "requestId": "r", "matchId": "m", "before": -1},
    {"action": "history", "requestId": "r", "matchId": "m", "limit": 0},
    {"action": "history", "requestId": "r", "matchId": "m", "limit": 51},
])
def test_bad_shapes_are_refused(data: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        client.CLIENT_MESSAGE.validate_python(data)


def test_the_committed_schemas_match_the_models() -> None:
    for name, text in schemas().items():
        path = OUT / name
        assert path.exists(), f"run python -m functions.protocol.schema ({name} missing)"
        assert path.read_text(encoding="utf-8") == text, \
            f"{name} is stale: run python -m functions.protocol.schema"


def test_the_pages_committed_types_match_the_schemas() -> None:
    """The page's type check reads frontend/js/types/protocol.d.ts: made from the schemas."""
    assert TYPEDEFS.exists(), "run python -m functions.protocol.typedefs (protocol.d.ts missing)"
    assert TYPEDEFS.read_text(encoding="utf-8") == typedefs(), \
        "frontend/js/types/protocol.d.ts is stale: run python -m functions.protocol.typedefs"


def test_the_types_say_what_the_schema_says() -> None:
    """Optional where not required, nullable where null is allowed, the discriminator always
    there, a definition the two schemas share written once, one they differ on renamed."""
    text = typedefs()
    assert '  square?: [number, number] | null;\n  type: "error";' in text  # a frame's own fields
    assert "  older: number | null;" in text  # sent as null, never left out
    assert "  tiles?: [number, number, string][] | null;" in text  # a history entry's tuples
    assert "export interface HistoryMessage {" in text and "  | HistoryMessage\n" in text
    assert text.count("export interface Tile {") == 1
    assert "  | Welcome\n" in text and text.rstrip().endswith("| Matches;")  # the last message


def test_server_frames_round_trip_through_the_union() -> None:
    frame = Update(matchId="m-1", version=3, events=[], partial=True)
    parsed = SERVER_FRAME.validate_json(frame.dump())
    assert parsed == frame and '"view"' not in frame.dump()
    error = Error(code="turn.not_yours", message="Não é a sua vez.")
    assert '"requestId"' not in error.dump()
