"""The commands a seat (or the server's timer) can give the engine: plain values."""

from __future__ import annotations

from dataclasses import dataclass

from engine.moves import PlacedTile


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
class Clock:
    """Stop the turn's clock (``running`` False: the deadline moves ``pause_seconds`` ahead)
    or start it again with a whole turn; only at a table that allows it."""

    running: bool


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


Command = Play | Swap | Pass | Timeout | Leave | Buy | Sell | UseCard | Choose | Clock
