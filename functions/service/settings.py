"""A match's table settings and the rule set they make.

A match item stores its settings beside the state, because a Customizada room changes numbers
(turn time, rounds, cards, theme) that the state's rule-set name alone does not carry.
"""

from __future__ import annotations

from typing import Any

from engine.rules import RuleSet
from engine.themes import ThemeCatalog
from functions.service.errors import ServiceError

DEFAULTS: dict[str, Any] = {"turnSeconds": 90, "rounds": 15, "cards": True, "themed": True,
                            "themeId": None, "spectators": True}


def match_settings(room: dict[str, Any], *, mode: str, bot_levels: list[int],
                   seats: int, room_code: str | None = None) -> dict[str, Any]:
    """The settings stored with a match: the room's numbers, the mode, each seat's bot
    level (0 for a person) and, for a room's match, the room's code (a rematch reopens it)."""
    base = "solo" if seats == 1 else "standard"
    out = {key: room.get(key, default) for key, default in DEFAULTS.items()}
    stored = {**out, "base": base, "mode": mode, "botLevels": bot_levels}
    return {**stored, "room": room_code} if room_code else stored


def table_settings(stored: dict[str, Any]) -> dict[str, Any]:
    """The table a stored match was played at, as room settings (for a rematch): its numbers
    and its bots (their count and level; a theme drawn at random is drawn again)."""
    levels = [int(level) for level in stored.get("botLevels", []) if level]
    out = {key: stored.get(key, default) for key, default in DEFAULTS.items()}
    return {**out, "bots": len(levels), "botLevel": levels[0] if levels else 3}


def check_table(themed: bool, theme_id: str | None, themes: ThemeCatalog) -> None:
    """Refuse, when they are given, settings a match could never start with: a theme chosen
    for a table without themes, or a theme the library does not have."""
    if theme_id is not None and not themed:
        raise ServiceError("settings.contradictory",
                           "Uma mesa sem tema não pode ter um tema escolhido: ligue “Com tema” "
                           "ou não escolha tema.")
    if theme_id is not None and theme_id not in themes:
        raise ServiceError("theme.unknown", f"Não há tema “{theme_id}” na biblioteca.")


def rules_for(settings: dict[str, Any]) -> RuleSet:
    rules = RuleSet.named(str(settings.get("base", "standard")))
    return rules.with_settings(
        turn_seconds=int(settings.get("turnSeconds", rules.turn_seconds)),
        round_limit=int(settings.get("rounds", rules.round_limit)),
        cards=bool(settings.get("cards", rules.cards)),
        themed=bool(settings.get("themed", rules.themed)),
    )
