"""The catalogue: what the page names and offers outside any one match, sent in ``welcome``.

The page holds no rules. A match's own numbers come in its view (tile values, the swap limit,
the target, what a pass earns); what the page needs before any match, or that no match
changes, comes here: the standard game's tile values (the lobby's decorative tiles), what a
wildcard tile is worth, every card's name (an event names a card by its id, and the card may
have left the row), and the Solo and room forms, with their starting values, the server's
limits and the choices offered; and what the badges and styles a profile lists are called. It
is static data, so it rides in the welcome, once a connection, rather than in the view that
every move sends again (``docs/protocol.md``, "Frame sizes").

Built by ``functions/service/catalog.py`` from the rules, the cards, the bots' levels and the
room settings' own limits, so that none of them is written twice.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from functions.protocol.client import RoomSettings


class _Entry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class CardName(_Entry):
    id: str
    name: str
    shortName: str  # for narrow places (a phone's card strip); the name when it is short
    wildcard: Literal["?", "?V", "?C"] | None  # the rack code a Coringa adds (its tile's name)


class Choice(_Entry):
    """A number a form asks for: the lowest and highest the server accepts, and the values the
    form offers (within them)."""

    min: int
    max: int
    choices: list[int]


class BotLevel(_Entry):
    level: int
    name: str


class Named(_Entry):
    """A badge or a style: its id (a profile lists ids) and its name."""

    id: str
    name: str


class FormSettings(RoomSettings):
    """A form's starting values: room settings with every field said (the schema requires them
    all, so the page reads each one without a default of its own)."""

    model_config = ConfigDict(json_schema_extra={"required": list(RoomSettings.model_fields)})


class RoomForm(_Entry):
    """The Solo and room forms, and the Normal queue's table sizes."""

    solo: FormSettings  # the Solo form's starting values (against one bot)
    room: FormSettings  # a room's (no bot: friends fill it)
    turnSeconds: Choice  # a live table's turn
    #: the turn limits of a match at one's own pace (the only ones over a live table's)
    paceSeconds: list[int]
    queuePaceSeconds: int  # the own-pace Normal queue's turn
    rounds: Choice
    bots: Choice
    botLevels: list[BotLevel]
    #: people and bots at one table: a room starts with ``min``; the queue's table sizes
    seats: Choice
    queueSeats: int  # the queue's table size when none is chosen


class Catalog(_Entry):
    tileValues: dict[str, int]  # the standard game's (a match's own are in its view)
    wildcardValue: int  # what a wildcard tile is worth, whatever letter it became
    cards: list[CardName]
    form: RoomForm
    badges: list[Named]  # what a profile's badges are called
    tileStyles: list[Named]  # and its tile and board styles
    boardStyles: list[Named]
