"""Every command a seat gives has the protocol message that asks for it, and a preview is no
dictionary oracle."""

from __future__ import annotations

import pytest

from engine.commands import (
    Buy,
    Choose,
    Command,
    Leave,
    MoveCard,
    Pass,
    Play,
    Sell,
    Swap,
    Timeout,
    UseCard,
)
from engine.moves import PlacedTile
from functions.handlers.commands import to_command
from functions.protocol.client import CLIENT_MESSAGE
from infra.local.in_process import message_for

COMMANDS = [
    Play((PlacedTile(1, 2, "A"), PlacedTile(1, 3, "S", wild=True)), (MoveCard(0, (1, 2)),)),
    Play((PlacedTile(4, 4, "E"),), (MoveCard(3),)), Play((PlacedTile(4, 4, "E"),)),
    Swap(("A", "?V")), Pass(), Leave(), Buy(1), Sell(2),
    UseCard(1, square=(3, 4)), UseCard(0, seat=2), UseCard(2, tiles=("A",)), Choose(1),
]


@pytest.mark.parametrize("command", COMMANDS)
def test_a_commands_message_asks_the_game_route_for_that_command(command: Command) -> None:
    action, fields = message_for(command, "m-1")
    message = CLIENT_MESSAGE.validate_python({"action": action, "requestId": "r-1", **fields})
    assert to_command(message) == command


def test_a_timeout_has_no_message() -> None:
    with pytest.raises(KeyError):
        message_for(Timeout(3), "m-1")


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
