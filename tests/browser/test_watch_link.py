"""A link to a live match opened by someone new: the entry page says what the link leads to
before the name is typed (who plays, the theme, the round, from the identity API's public
summary of the match), and once inside, the live view shows who plays, the theme and that it
is live, with no hint at a button it does not show. A link to no match says so, and offers
no button to watch; when the summary cannot be had, the card says what such a link is."""

from __future__ import annotations

from typing import Any

import pytest

from infra.local.stack import LocalStack
from tests.browser.helpers import Tab
from tests.browser.test_browser import SIZES, _clean, _set, _shot


@pytest.fixture(scope="module")
def live_match(browser: Any, stack: LocalStack) -> tuple[str, str]:
    """Ana's solo match against two robots, live, at her first turn (no move yet): its id
    and its theme's name."""
    ana = Tab(browser, stack.url)
    ana.enter("Ana Lima")
    for field, value in (("solo-bots", 2), ("solo-level", 1), ("solo-rounds", 3)):
        _set(ana, field, str(value))
    ana.tap("[data-action=start-solo]")
    ana.wait_my_turn()
    return str(ana.state("s.matchId")), str(ana.state("s.view.theme.name"))


@pytest.mark.parametrize("size", SIZES)
def test_a_watch_link_says_what_it_leads_to(browser: Any, stack: LocalStack,
                                            live_match: tuple[str, str], size: str) -> None:
    match_id, theme = live_match
    width, height, touch = SIZES[size]
    visitor = Tab(browser, f"{stack.url}#/partida/{match_id}", width, height, touch)
    visitor.page.wait_for_selector("#guest-name")
    invite = visitor.page.locator("[data-watch-invite]")
    assert invite.is_visible(), "the entry page says nothing about the match"
    assert "link de uma partida" in invite.inner_text()
    # Who plays and the theme, before a name is typed (no guest, no socket yet).
    visitor.page.wait_for_selector("[data-invite-summary]")
    said = visitor.page.inner_text("[data-invite-summary]").replace("\xa0", " ")
    assert said == f"Ana Lima, Robô 1 e Robô 2 jogam com o tema {theme} — ao vivo, " \
                   "rodada 1 de 3.", said
    assert visitor.state("s.me") is None and visitor.state("s.connection") == "offline"
    assert visitor.page.inner_text("form[data-form=guest] button[type=submit]") == \
        "Entrar e assistir"
    _shot(visitor, f"watch-entry-{size}")
    _clean(visitor, f"the entry page from a watch link at {size}")
    visitor.page.fill("#guest-name", f"Caio {size}")
    visitor.tap("form[data-form=guest] button[type=submit]")
    visitor.page.wait_for_selector("[data-live]")
    heading = visitor.page.inner_text("#replay-title")
    assert "Ana Lima" in heading and "Robô 2" in heading, heading
    kicker = visitor.page.inner_text(".replay-card .mode-kicker").lower()  # set in capitals
    assert kicker.startswith("ao vivo") and "tema" in kicker, kicker
    shown = visitor.visible_text(".replay-card")
    assert "Próximo" not in shown, "a hint at a button the live view does not show"
    assert visitor.page.locator("[data-no-moves]").is_visible()
    _shot(visitor, f"watch-live-{size}")
    _clean(visitor, f"a live match before its first move at {size}")
    assert not visitor.errors, visitor.errors


@pytest.mark.parametrize("size", SIZES)
def test_a_link_to_no_match_says_so_and_offers_nothing_to_watch(
        browser: Any, stack: LocalStack, size: str) -> None:
    width, height, touch = SIZES[size]
    visitor = Tab(browser, f"{stack.url}#/partida/m-000000000000", width, height, touch)
    visitor.page.wait_for_selector("[data-invite-summary][data-refused='match.not_found']")
    said = visitor.page.inner_text("[data-invite-summary]")
    assert "não foi encontrada" in said, said
    assert not visitor.page.locator("[data-watch-invite] .live-dot").count()
    assert visitor.page.inner_text("form[data-form=guest] button[type=submit]") == "Entrar"
    _shot(visitor, f"watch-entry-unknown-{size}")
    _clean(visitor, f"the entry page from a link to no match at {size}")
    # The 404 is the route's answer, not a fault of the page.
    assert not [e for e in visitor.errors if "404" not in e], visitor.errors


def test_without_the_summary_the_card_says_what_a_link_is(browser: Any, stack: LocalStack,
                                                          live_match: tuple[str, str]) -> None:
    match_id, _ = live_match
    visitor = Tab(browser, "about:blank")
    visitor.page.route("**/match/**", lambda route: route.abort())  # as if the network dropped
    with visitor.page.expect_event("requestfailed",
                                   lambda request: "/match/" in request.url):
        visitor.page.goto(f"{stack.url}#/partida/{match_id}")
    visitor.page.wait_for_selector("[data-watch-invite]")
    visitor.page.wait_for_timeout(200)
    assert not visitor.page.locator("[data-invite-summary]").count()
    assert "em seguida você vê quem está jogando" in \
        visitor.page.inner_text("[data-watch-invite]")
    assert visitor.page.inner_text("form[data-form=guest] button[type=submit]") == \
        "Entrar e assistir"


def test_the_help_read_before_entering_keeps_the_match_link(browser: Any, stack: LocalStack,
                                                            live_match: tuple[str, str]) -> None:
    """A visitor who reads "Veja como jogar" first still lands in the match they were sent."""
    match_id = live_match[0]
    visitor = Tab(browser, f"{stack.url}#/partida/{match_id}", 1280, 800, False)
    visitor.page.wait_for_selector("#guest-name")
    visitor.tap("a[href='#/como-jogar']")
    visitor.page.wait_for_selector(".help-dialog[open]")
    visitor.page.keyboard.press("Escape")
    visitor.page.wait_for_selector(".help-dialog[open]", state="detached")
    assert visitor.page.evaluate("() => location.hash") == f"#/partida/{match_id}"
    visitor.page.fill("#guest-name", "Rui")
    visitor.tap("form[data-form=guest] button[type=submit]")
    visitor.page.wait_for_selector("[data-live]")
    assert not visitor.errors, visitor.errors
