"""A game message as the engine command it asks for (only the game route loads this, and with
it the engine's command types)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import commands as engine_commands
from engine.moves import PlacedTile
from functions.protocol import client as msg
from functions.service.errors import ServiceError


def _square(value: list[int] | None) -> tuple[int, int] | None:
    return (value[0], value[1]) if value is not None else None


def to_play(message: msg.Play | msg.Preview) -> engine_commands.Play:
    return engine_commands.Play(
        tuple(PlacedTile(t.row, t.col, t.letter, t.wild) for t in message.tiles),
        tuple(engine_commands.MoveCard(c.slot, _square(c.square)) for c in message.cards))


_COMMANDS: dict[type, Callable[[Any], engine_commands.Command]] = {
    msg.Play: to_play,
    msg.Swap: lambda m: engine_commands.Swap(tuple(m.tiles)),
    msg.Pass: lambda m: engine_commands.Pass(),
    msg.Clock: lambda m: engine_commands.Clock(m.running),
    msg.Buy: lambda m: engine_commands.Buy(m.slot),
    msg.Sell: lambda m: engine_commands.Sell(m.slot),
    msg.UseCard: lambda m: engine_commands.UseCard(m.slot, _square(m.square), m.seat,
                                                   tuple(m.tiles)),
    msg.ChooseTheme: lambda m: engine_commands.Choose(m.option),
    msg.Leave: lambda m: engine_commands.Leave(),
}


def to_command(message: Any) -> engine_commands.Command:
    """The engine command for a game message."""
    convert = _COMMANDS.get(type(message))
    if convert is None:
        raise ServiceError("message.unknown_action", "Ação desconhecida.")
    return convert(message)
