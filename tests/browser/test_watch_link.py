"""A link to a live match opened by someone new: the entry page says what the link leads to
before the name is typed, and once inside, the live view shows who plays, the theme and that
it is live, with no hint at a button it does not show."""

from __future__ import annotations

from typing import Any

import pytest

from infra.local.stack import LocalStack
from tests.browser.helpers import Tab
from tests.browser.test_browser import SIZES, _clean, _set, _shot


@pytest.fixture(scope="module")
def live_match(browser: Any, stack: LocalStack) -> str:
    """Ana's solo match against a robot, live, at her first turn (no move yet)."""
    ana = Tab(browser, stack.url)
    ana.enter("Ana ao vivo")
    for field, value in (("solo-bots", 1), ("solo-level", 1), ("solo-rounds", 3)):
        _set(ana, field, str(value))
    ana.tap("[data-action=start-solo]")
    ana.wait_my_turn()
    return str(ana.state("s.matchId"))


@pytest.mark.parametrize("size", SIZES)
def test_a_watch_link_says_what_it_leads_to(browser: Any, stack: LocalStack, live_match: str,
                                            size: str) -> None:
    width, height, touch = SIZES[size]
    visitor = Tab(browser, f"{stack.url}#/partida/{live_match}", width, height, touch)
    visitor.page.wait_for_selector("#guest-name")
    invite = visitor.page.locator("[data-watch-invite]")
    assert invite.is_visible(), "the entry page says nothing about the match"
    assert "link de uma partida" in invite.inner_text()
    assert visitor.page.inner_text("form[data-form=guest] button[type=submit]") == \
        "Entrar e assistir"
    _shot(visitor, f"watch-entry-{size}")
    _clean(visitor, f"the entry page from a watch link at {size}")
    visitor.page.fill("#guest-name", f"Caio {size}")
    visitor.tap("form[data-form=guest] button[type=submit]")
    visitor.page.wait_for_selector("[data-live]")
    heading = visitor.page.inner_text("#replay-title")
    assert "Ana ao vivo" in heading and "Robô 1" in heading, heading
    kicker = visitor.page.inner_text(".replay-card .mode-kicker").lower()  # set in capitals
    assert kicker.startswith("ao vivo") and "tema" in kicker, kicker
    shown = visitor.visible_text(".replay-card")
    assert "Próximo" not in shown, "a hint at a button the live view does not show"
    assert visitor.page.locator("[data-no-moves]").is_visible()
    _shot(visitor, f"watch-live-{size}")
    _clean(visitor, f"a live match before its first move at {size}")
    assert not visitor.errors, visitor.errors
