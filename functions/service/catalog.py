"""The catalogue the welcome carries (``functions/protocol/catalog.py``), built from the rules.

Every number and name comes from where the server itself reads it: tile values from the
standard rule set, the wildcard's value from the engine, card names from the cards, bot level
names from the bots, badge and style names from the cosmetics, and each form limit from the
room settings' own constraints, so the form offers
exactly what the server accepts. Only the choices a form lists are written here (a select
offers a few sensible values, not every second from 20 to 600); a test holds them within the
limits and holds every starting value among them.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.bots.levels import LEVELS
from engine.cards import CARDS, WILDCARD_CODES
from engine.tiles import WILDCARD_VALUE
from functions.protocol.catalog import (
    BotLevel,
    CardName,
    Catalog,
    Choice,
    FormSettings,
    Named,
    RoomForm,
)
from functions.protocol.client import JoinQueue, RoomSettings
from functions.protocol.settings import (
    LIVE_MAX_SECONDS,
    NORMAL_PACE_SECONDS,
    PACE_SECONDS,
    STANDARD,
)
from functions.service.cosmetics import BADGES, BOARD_STYLES, STYLES

#: The turn times and round counts the forms offer.
TURN_SECONDS = (20, 30, 60, 90, 120, 180)
ROUNDS = (2, 3, 4, 5, 10, 15, 20)
#: A Solo match starts against one bot (alone is one choice away); a room starts with none.
SOLO_BOTS = 1


def _limits(field: str) -> tuple[int, int]:
    """The lowest and highest value the server accepts for a room setting."""
    spec: dict[str, Any] = RoomSettings.model_json_schema()["properties"][field]
    return int(spec["minimum"]), int(spec["maximum"])


def _choice(field: str, choices: tuple[int, ...] | None = None,
            highest: int | None = None) -> Choice:
    low, high = _limits(field)
    high = min(high, highest) if highest is not None else high
    return Choice(min=low, max=high, choices=list(choices or range(low, high + 1)))


@cache
def catalog() -> Catalog:
    """The catalogue (the same for everyone, built once per container)."""
    queue = JoinQueue.model_fields["seats"].default
    form = RoomForm(
        solo=FormSettings(bots=SOLO_BOTS), room=FormSettings(),
        # a live table's turn times; the own-pace ones are a list of their own
        turnSeconds=_choice("turnSeconds", TURN_SECONDS, LIVE_MAX_SECONDS),
        paceSeconds=list(PACE_SECONDS), queuePaceSeconds=NORMAL_PACE_SECONDS,
        rounds=_choice("rounds", ROUNDS),
        bots=_choice("bots"), botLevels=[BotLevel(level=lvl.number, name=lvl.name)
                                         for lvl in LEVELS],
        seats=Choice(min=STANDARD.min_seats, max=STANDARD.max_seats,
                     choices=list(range(STANDARD.min_seats, STANDARD.max_seats + 1))),
        queueSeats=int(queue))
    return Catalog(
        tileValues=dict(STANDARD.tile_values), wildcardValue=WILDCARD_VALUE,
        cards=[CardName.model_validate({"id": card.id, "name": card.name,
                                        "shortName": card.short_name,
                                        "wildcard": WILDCARD_CODES.get(card.id)})
               for card in CARDS.values()],
        form=form,
        badges=[Named(id=key, name=name) for key, name in BADGES.items()],
        tileStyles=[Named(id=key, name=name) for key, (name, _) in STYLES.items()],
        boardStyles=[Named(id=key, name=name) for key, (name, _) in BOARD_STYLES.items()])
