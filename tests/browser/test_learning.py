"""A new player learns the game from the page: Como jogar, Com amigos and the full rules open
from the lobby and from the table (over the match, which goes on), and the first match offers
a short tour of the table, once, that never hides what it talks about."""

from __future__ import annotations

from typing import Any

import pytest

from infra.local.stack import LocalStack
from tests.browser.helpers import Tab
from tests.browser.test_browser import SIZES, _clean, _shot


def _open_help(tab: Tab, opener: str, heading: str) -> None:
    tab.tap(opener)
    tab.page.wait_for_selector(f".help-dialog[open] {heading}")
    tab.page.wait_for_function(f"() => document.activeElement?.matches('{heading}')")


def _visit_every_page(tab: Tab, where: str) -> None:
    text = tab.page.inner_text(".help-page")
    assert "400 pontos" in text and "Escaldante" in text and "corrente" in text, text[:300]
    assert tab.page.evaluate("() => location.hash") == "#/como-jogar"
    _shot(tab, f"help-guide-{where}")
    _clean(tab, f"Como jogar over the {where}")
    _open_help(tab, ".help-tabs [data-help-page=com-amigos]", "#amigos-titulo")
    assert "Criar sala" in tab.page.inner_text(".help-page")
    _open_help(tab, ".help-tabs [data-help-page=regras]", "#regras-titulo")
    rules = tab.page.inner_text(".help-page")
    assert "Tema Pessoal" in rules and "K11" in rules
    _shot(tab, f"help-rules-{where}")
    _clean(tab, f"the rules over the {where}")
    tab.tap("[data-help-close]")
    tab.page.wait_for_selector(".help-dialog", state="hidden")
    assert tab.page.evaluate("() => location.hash") == ""


def _walk_the_tour(tab: Tab) -> int:
    tab.page.wait_for_selector("[data-tour] [data-tour-act=start]")
    _shot(tab, "tour-offer")
    tab.tap("[data-tour-act=start]")
    steps = 0
    while True:
        steps += 1
        tab.page.wait_for_selector(".tour-target")
        # The card never covers the middle of what it points at.
        hidden = tab.page.evaluate("""() => {
            const t = document.querySelector('.tour-target').getBoundingClientRect();
            const c = document.querySelector('[data-tour]').getBoundingClientRect();
            const x = t.left + t.width / 2;
            const y = Math.max(t.top, 0) + Math.min(t.height, innerHeight) / 2;
            return x >= c.left && x <= c.right && y >= c.top && y <= c.bottom; }""")
        assert not hidden, f"step {steps}: the card covers its target"
        if steps == 2:  # the hand: the player tries it; the tour says so and waits for a tap
            _shot(tab, "tour-step")
            _clean(tab, "the tour")
            assert "Experimente" in tab.page.inner_text("[data-tour-try]")
            rack = tab.state("s.view.rack")
            tab.tap(f"[data-rack='{rack.index(next(c for c in rack if not c.startswith('?')))}']")
            tab.page.evaluate("() => window.vanlexis.table().board.followSquare(10, 10)")
            tab.tap(tab.square(10, 10))
            tab.page.wait_for_selector("[data-tour-try].done")
            assert "Passo 2" in tab.page.inner_text("[data-tour] .tour-count")
        if tab.page.locator("[data-tour-act=done]").count():
            tab.tap("[data-tour-act=done]")
            break
        tab.tap("[data-tour-act=next]")
    tab.page.wait_for_selector("[data-tour]", state="detached")
    assert tab.page.locator(".tour-target").count() == 0
    return steps


@pytest.mark.parametrize("size", SIZES)
def test_a_new_player_learns_from_the_lobby_and_the_table(browser: Any, stack: LocalStack,
                                                          size: str) -> None:
    width, height, touch = SIZES[size]
    tab = Tab(browser, stack.url, width, height, touch, new_player=True)
    tab.page.wait_for_selector("#guest-name")
    assert tab.page.locator(".learn-line a[href='#/como-jogar']").count() == 1
    tab.enter(f"Lia {size}"[:20])
    _open_help(tab, ".learn-strip [data-learn]", "#guia-titulo")
    _visit_every_page(tab, "lobby")
    assert tab.page.evaluate("() => document.activeElement?.matches('.learn-strip [data-learn]')")

    tab.page.evaluate("() => { document.getElementById('solo-rounds').value = '3'; }")
    tab.tap("[data-action=start-solo]")
    tab.page.wait_for_selector("[data-board]")
    steps = _walk_the_tour(tab)
    assert steps == (6 if tab.view()["cards"] else 5)
    assert tab.page.evaluate("() => localStorage.getItem('vanlexis.tour')") == "done"

    match = tab.state("s.matchId")
    _open_help(tab, ".top-nav .help-link", "#guia-titulo")
    _visit_every_page(tab, "table")
    assert tab.state("s.screen") == "table" and tab.state("s.matchId") == match

    tab.page.reload()  # the tour is offered once: not at the next table
    tab.page.wait_for_selector("[data-board]")
    tab.page.wait_for_timeout(500)
    assert tab.page.locator("[data-tour]").count() == 0
    tab.page.goto(stack.url + "#/regras")  # a help page can be linked
    tab.page.wait_for_selector(".help-dialog[open] #regras-titulo")
    assert not tab.errors, tab.errors
