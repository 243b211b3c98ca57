"""Cosmetics earned by playing: badges and tile styles. Visual only, never an advantage.

Badges are earned at the end of a match; styles unlock from what a profile holds. The rules
live here, on the server: the page only shows what a profile says.
"""

from __future__ import annotations

from collections.abc import Iterable

BADGES: dict[str, str] = {
    "primeira-partida": "Primeira partida",
    "primeira-vitoria": "Primeira vitória",
    "palavra-longa": "Palavra longa (8 letras ou mais)",
    "veterano": "Veterano (10 partidas)",
}

#: style → (name, what unlocks it)
STYLES: dict[str, tuple[str, str]] = {
    "classico": ("Clássico", "sempre"),
    "madeira": ("Madeira", "3 partidas"),
    "neon": ("Neon", "a primeira vitória"),
}


def earned(matches_after: int, rank: int, seats: int, longest_word: str,
           have: Iterable[str]) -> list[str]:
    """The badges a player earns with a finished match (those they lack)."""
    owned = set(have)
    new = []
    if matches_after >= 1:
        new.append("primeira-partida")
    if rank == 1 and seats >= 2:
        new.append("primeira-vitoria")
    if len(longest_word) >= 8:
        new.append("palavra-longa")
    if matches_after >= 10:
        new.append("veterano")
    return [b for b in new if b not in owned]


#: board style → (name, what unlocks it)
BOARD_STYLES: dict[str, tuple[str, str]] = {
    "claro": ("Claro", "sempre"),
    "noturno": ("Noturno", "5 partidas"),
    "veterano": ("Feltro verde", "a medalha de veterano"),
}


def styles(matches: int, badges: Iterable[str]) -> list[str]:
    """The tile styles a profile may use."""
    owned = set(badges)
    out = ["classico"]
    if matches >= 3:
        out.append("madeira")
    if "primeira-vitoria" in owned:
        out.append("neon")
    return out


def board_styles(matches: int, badges: Iterable[str]) -> list[str]:
    """The board styles a profile may use."""
    out = ["claro"]
    if matches >= 5:
        out.append("noturno")
    if "veterano" in set(badges):
        out.append("veterano")
    return out
