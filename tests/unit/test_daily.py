"""The Desafio do dia's calendar: Brasília's day, its number, and a theme that is the same for
everyone on a day and changes from day to day."""

from __future__ import annotations

import datetime

from engine.daily import challenge_day, challenge_rules, day_number, theme_for_day

IDS = ["animais", "carnaval", "casa", "cidade", "escola", "futebol", "musica", "viagem"]


def _ms(text: str) -> int:
    return int(datetime.datetime.fromisoformat(text).timestamp() * 1000)


def test_the_day_turns_at_midnight_in_brasilia() -> None:
    assert challenge_day(_ms("2026-12-02T02:59:59+00:00")) == "2026-12-01"
    assert challenge_day(_ms("2026-12-02T03:00:00+00:00")) == "2026-12-02"
    assert day_number("2026-01-01") == 1 and day_number("2026-12-01") == 335


def test_the_theme_is_one_per_day_whatever_the_order_of_the_library() -> None:
    assert theme_for_day("2026-12-01", IDS) == theme_for_day("2026-12-01", list(reversed(IDS)))
    week = {theme_for_day(f"2026-12-{d:02d}", IDS) for d in range(1, 15)}
    assert len(week) >= 4  # it changes from day to day


def test_the_challenge_is_ten_solo_rounds_with_a_theme_and_no_cards() -> None:
    rules = challenge_rules()
    assert (rules.round_limit, rules.cards, rules.themed, rules.max_seats) == (10, False, True, 1)
