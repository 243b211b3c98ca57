"""Checks of a table's settings that need the theme library (the models check the rest)."""

from __future__ import annotations

from engine.themes import ThemeCatalog
from functions.service.errors import ServiceError


def check_table(themed: bool, theme_id: str | None, themes: ThemeCatalog) -> None:
    """Refuse, when they are given, settings a match could never start with: a theme chosen
    for a table without themes, or a theme the library does not have."""
    if theme_id is not None and not themed:
        raise ServiceError("settings.contradictory",
                           "Uma mesa sem tema não pode ter um tema escolhido: ligue “Com tema” "
                           "ou não escolha tema.")
    if theme_id is not None and theme_id not in themes:
        raise ServiceError("theme.unknown", f"Não há tema “{theme_id}” na biblioteca.")
