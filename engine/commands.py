"""The commands a seat (or the server's timer) can give, and their JSON form for the log."""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import RuleError
from engine.moves import PlacedTile


class CommandError(RuleError):
    code = "command.invalid"


@dataclass(frozen=True)
class Play:
    tiles: tuple[PlacedTile, ...]


@dataclass(frozen=True)
class Swap:
    tiles: tuple[str, ...]  # rack codes to give back


@dataclass(frozen=True)
class Pass:
    pass


@dataclass(frozen=True)
class Timeout:
    turn: int  # the turn the timer was set for; a later turn makes it stale


@dataclass(frozen=True)
class Leave:
    pass


Command = Play | Swap | Pass | Timeout | Leave


def command_to_json(command: Command) -> dict[str, object]:
    if isinstance(command, Play):
        return {"type": "play", "tiles": [
            {"row": t.row, "col": t.col, "letter": t.letter, "wild": t.wild}
            for t in command.tiles
        ]}
    if isinstance(command, Swap):
        return {"type": "swap", "tiles": list(command.tiles)}
    if isinstance(command, Timeout):
        return {"type": "timeout", "turn": command.turn}
    return {"type": "pass" if isinstance(command, Pass) else "leave"}


def _int(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise CommandError(f"{what} deve ser um número inteiro.")
    return value


def _placed(item: object) -> PlacedTile:
    if not isinstance(item, dict):
        raise CommandError("Cada peça deve ser um objeto com row, col e letter.")
    letter = item.get("letter")
    wild = item.get("wild", False)
    if not isinstance(letter, str) or not isinstance(wild, bool):
        raise CommandError("Cada peça precisa de uma letra (letter) e de wild verdadeiro ou falso.")
    return PlacedTile(_int(item.get("row"), "row"), _int(item.get("col"), "col"), letter, wild)


def command_from_json(data: object) -> Command:
    """Parse a command; any malformed input raises :class:`CommandError`."""
    if not isinstance(data, dict):
        raise CommandError("O comando deve ser um objeto.")
    kind = data.get("type")
    if kind == "play":
        tiles = data.get("tiles")
        if not isinstance(tiles, list):
            raise CommandError("A jogada precisa de uma lista de peças (tiles).")
        return Play(tuple(_placed(t) for t in tiles))
    if kind == "swap":
        tiles = data.get("tiles")
        if not isinstance(tiles, list) or not all(isinstance(t, str) for t in tiles):
            raise CommandError("A troca precisa de uma lista de peças (tiles).")
        return Swap(tuple(tiles))
    if kind == "timeout":
        return Timeout(_int(data.get("turn"), "turn"))
    if kind == "pass":
        return Pass()
    if kind == "leave":
        return Leave()
    raise CommandError(f"Comando desconhecido: {kind!r}.", code="command.unknown")
