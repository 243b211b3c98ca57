"""The Desafio do dia: one solo challenge a day, the same for everyone.

The day is Brasília's (UTC−3 all year since 2019), so the challenge turns at midnight for
Brazilian players wherever the servers run. Its theme is picked from the day alone; its seed
is drawn once by the service and kept, so everyone's bag and opening rack are the same and
nobody can work out a future day's tiles. The draw stays the rules' rack-aware draw: two
players who keep the same tiles draw the same next tiles.
"""

from __future__ import annotations

import datetime
import hashlib
from collections.abc import Sequence

from engine.rules import RuleSet

BRASILIA = datetime.timezone(datetime.timedelta(hours=-3))
FIRST_DAY = datetime.date(2026, 1, 1)  # Desafio #1
ROUNDS = 10


def challenge_day(now_ms: int) -> str:
    """The challenge's day (ISO date, Brasília time) at ``now_ms`` (epoch milliseconds)."""
    moment = datetime.datetime.fromtimestamp(now_ms / 1000, tz=datetime.UTC)
    return moment.astimezone(BRASILIA).date().isoformat()


def day_number(day: str) -> int:
    """The challenge's number: #1 on the first day."""
    return (datetime.date.fromisoformat(day) - FIRST_DAY).days + 1


def theme_for_day(day: str, theme_ids: Sequence[str]) -> str:
    """The day's theme: the same for everyone, a different one from day to day."""
    ids = sorted(theme_ids)
    if not ids:
        raise ValueError("no theme to draw the challenge from")
    digest = hashlib.sha256(f"desafio:{day}".encode()).digest()
    return ids[int.from_bytes(digest[:8], "big") % len(ids)]


def challenge_rules() -> RuleSet:
    """Solo, ten rounds, a theme and no cards: the bag is the only luck, shared by all."""
    return RuleSet.solo().with_settings(round_limit=ROUNDS, cards=False, themed=True)
