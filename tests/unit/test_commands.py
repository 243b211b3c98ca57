"""Commands round-trip through JSON, and malformed ones are refused with a typed error."""

from __future__ import annotations

import pytest

from engine.commands import (
    Buy,
    Choose,
    CommandError,
    Leave,
    MoveCard,
    Pass,
    Play,
    Sell,
    Swap,
    Timeout,
    UseCard,
    command_from_json,
    command_to_json,
)
from engine.moves import PlacedTile

COMMANDS = [
    Play((PlacedTile(1, 2, "A"), PlacedTile(1, 3, "S", wild=True)), (MoveCard(0, (1, 2)),)),
    Swap(("A", "B")), Pass(), Timeout(3), Leave(), Buy(1), Sell(2),
    UseCard(1, square=(3, 4)), UseCard(0, seat=2), UseCard(2, tiles=("A",)), Choose(1),
]


@pytest.mark.parametrize("command", COMMANDS)
def test_commands_round_trip_through_json(command: object) -> None:
    assert command_from_json(command_to_json(command)) == command  # type: ignore[arg-type]


@pytest.mark.parametrize("data", [
    None, [], "play", {"type": "dance"}, {"type": "play"}, {"type": "play", "tiles": [1]},
    {"type": "play", "tiles": [{"row": "1", "col": 2, "letter": "A"}]},
    {"type": "play", "tiles": [{"row": True, "col": 2, "letter": "A"}]},
    {"type": "swap", "tiles": "ABC"}, {"type": "buy"}, {"type": "use", "slot": 0,
                                                       "square": [1]},
    {"type": "timeout", "turn": 1.5}, {"type": "choose", "option": None},
])
def test_malformed_commands_are_refused(data: object) -> None:
    with pytest.raises(CommandError):
        command_from_json(data)


def test_a_preview_checks_the_rack_before_the_words_so_it_is_no_dictionary_oracle() -> None:
    from engine.errors import RuleError
    from engine.match import preview
    from engine.rules import RuleSet
    from tests.helpers import position, resources

    res = resources()
    state = position(racks=("CASAEEE",))
    real = tuple(PlacedTile(10, 9 + i, ch) for i, ch in enumerate("XYZ"))  # not in the rack
    fake = tuple(PlacedTile(10, 9 + i, ch) for i, ch in enumerate("QWK"))  # not a word either
    for tiles in (real, fake):
        try:
            preview(RuleSet.standard(), state, 0, tiles, resources=res)
        except RuleError as error:
            assert error.code == "move.not_in_rack"  # the same answer, word or not
        else:
            raise AssertionError("a preview with tiles not in the rack was scored")
