"""The commands a seat (or the server's timer) can give, and their JSON form for the log."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.errors import RuleError
from engine.moves import PlacedTile


class CommandError(RuleError):
    code = "command.invalid"


@dataclass(frozen=True)
class MoveCard:
    """A move card put into a play: spent only if the play is accepted."""

    slot: int
    square: tuple[int, int] | None = None  # Letra Dobrada's letter


@dataclass(frozen=True)
class Play:
    tiles: tuple[PlacedTile, ...]
    cards: tuple[MoveCard, ...] = ()


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


@dataclass(frozen=True)
class Buy:
    slot: int


@dataclass(frozen=True)
class Sell:
    slot: int


@dataclass(frozen=True)
class UseCard:
    """Use an instant card in the market phase; targets depend on the card."""

    slot: int
    square: tuple[int, int] | None = None  # Âncora
    seat: int | None = None  # Espião
    tiles: tuple[str, ...] = ()  # Reciclar


@dataclass(frozen=True)
class Choose:
    """Pick one of the private options an Ímã or a Ladrão de Tema offered."""

    option: int


Command = Play | Swap | Pass | Timeout | Leave | Buy | Sell | UseCard | Choose


def _square_json(square: tuple[int, int] | None) -> list[int] | None:
    return None if square is None else [square[0], square[1]]


def command_to_json(command: Command) -> dict[str, object]:
    """The command's JSON form (the inverse of :func:`command_from_json`)."""
    if isinstance(command, Play):
        return {"type": "play", "tiles": [
            {"row": t.row, "col": t.col, "letter": t.letter, "wild": t.wild}
            for t in command.tiles
        ], "cards": [{"slot": c.slot, "square": _square_json(c.square)} for c in command.cards]}
    if isinstance(command, UseCard):
        return {"type": "use", "slot": command.slot, "square": _square_json(command.square),
                "seat": command.seat, "tiles": list(command.tiles)}
    kind = _KINDS[type(command)]
    data = {k: list(v) if isinstance(v, tuple) else v for k, v in vars(command).items()}
    return {"type": kind, **data}


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


def _square(value: object) -> tuple[int, int] | None:
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != 2:
        raise CommandError("Uma casa é [linha, coluna].")
    return _int(value[0], "linha"), _int(value[1], "coluna")


def _move_card(item: object) -> MoveCard:
    if not isinstance(item, dict):
        raise CommandError("Cada carta da jogada deve ser um objeto com slot.")
    return MoveCard(_int(item.get("slot"), "slot"), _square(item.get("square")))


def _parse_play(data: dict[str, object]) -> Command:
    tiles = data.get("tiles")
    cards = data.get("cards", [])
    if not isinstance(tiles, list) or not isinstance(cards, list):
        raise CommandError("A jogada precisa de uma lista de peças (tiles).")
    return Play(tuple(_placed(t) for t in tiles), tuple(_move_card(c) for c in cards))


def _tile_codes(value: object) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(t, str) for t in value):
        raise CommandError("tiles deve ser uma lista de peças.")
    return tuple(value)


def _parse_use(data: dict[str, object]) -> Command:
    seat = data.get("seat")
    return UseCard(_int(data.get("slot"), "slot"), _square(data.get("square")),
                   None if seat is None else _int(seat, "seat"),
                   _tile_codes(data.get("tiles", [])))


_PARSERS: dict[str, Callable[[dict[str, object]], Command]] = {
    "play": _parse_play,
    "swap": lambda d: Swap(_tile_codes(d.get("tiles"))),
    "pass": lambda d: Pass(),
    "timeout": lambda d: Timeout(_int(d.get("turn"), "turn")),
    "leave": lambda d: Leave(),
    "buy": lambda d: Buy(_int(d.get("slot"), "slot")),
    "sell": lambda d: Sell(_int(d.get("slot"), "slot")),
    "use": _parse_use,
    "choose": lambda d: Choose(_int(d.get("option"), "option")),
}
_KINDS: dict[type, str] = {Swap: "swap", Pass: "pass", Timeout: "timeout", Leave: "leave",
                           Buy: "buy", Sell: "sell", Choose: "choose"}


def command_from_json(data: object) -> Command:
    """Parse a command; any malformed input raises :class:`CommandError`."""
    if not isinstance(data, dict):
        raise CommandError("O comando deve ser um objeto.")
    parser = _PARSERS.get(str(data.get("type")))
    if parser is None:
        raise CommandError(f"Comando desconhecido: {data.get('type')!r}.",
                           code="command.unknown")
    return parser(data)
