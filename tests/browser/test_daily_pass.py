"""Passing, as a player alone meets it: in a Desafio do dia (one person, no cards) the pass
dialog promises no coin, warns ahead that two passes in a row end the attempt, says plainly
when this pass is the one that ends it, and the end is worded for one player; a coin is
promised only where the match has cards."""

from __future__ import annotations

from typing import Any

import pytest

from infra.local.stack import LocalStack
from tests.browser.helpers import Tab
from tests.browser.test_browser import SIZES, _clean, _set, _shot

DIALOG = ".confirm-dialog"


def _ask_to_pass(tab: Tab) -> str:
    tab.wait_my_turn()
    tab.tap("[data-action=pass]")
    tab.page.wait_for_selector(DIALOG)
    return str(tab.page.inner_text(f"{DIALOG} #confirm-text"))


@pytest.mark.parametrize("size", SIZES)
def test_the_daily_warns_before_the_pass_that_ends_it(browser: Any, stack: LocalStack,
                                                     size: str) -> None:
    width, height, touch = SIZES[size]
    tab = Tab(browser, stack.url, width, height, touch)
    tab.enter(f"Diária {size}")
    tab.page.wait_for_selector("[data-daily] [data-action=start-daily]")
    tab.tap("[data-action=start-daily]")
    first = _ask_to_pass(tab)
    assert "Duas passadas seguidas encerram a partida" in first, first  # warned ahead
    assert "moeda" not in first, first
    tab.tap(f"{DIALOG} [data-answer=yes]")
    tab.page.wait_for_function("() => window.vanlexis.store.state.history.moves.length === 1")
    second = _ask_to_pass(tab)
    assert second.startswith("Passar agora encerra a partida"), second
    assert tab.page.inner_text(f"{DIALOG} [data-answer=yes]") == "Passar e encerrar"
    _shot(tab, f"daily-last-pass-{size}")
    _clean(tab, f"the pass that ends the daily at {size}")
    tab.tap(f"{DIALOG} [data-answer=yes]")
    tab.page.wait_for_selector("#end-title", timeout=30_000)
    reason = tab.page.inner_text(".end-reason")
    assert "você passou duas vezes seguidas" in reason and "todos" not in reason, reason
    _shot(tab, f"daily-end-alone-{size}")
    assert not tab.errors, tab.errors


@pytest.mark.parametrize("size", SIZES)
def test_the_pass_dialog_promises_a_coin_only_with_cards(browser: Any, stack: LocalStack,
                                                        size: str) -> None:
    width, height, touch = SIZES[size]
    tab = Tab(browser, stack.url, width, height, touch)
    tab.enter(f"Moeda {size}")
    for cards in (False, True):
        for field, value in (("solo-bots", 1), ("solo-level", 1), ("solo-rounds", 2)):
            _set(tab, field, str(value))
        tab.page.evaluate(f"() => {{ document.getElementById('solo-cards').checked = "
                          f"{'true' if cards else 'false'}; }}")
        tab.tap("[data-action=start-solo]")
        tab.page.wait_for_selector("[data-board]")
        text = _ask_to_pass(tab)
        assert ("Você ganha 1 moeda" in text) == cards, (cards, text)
        tab.tap(f"{DIALOG} [data-answer=no]")
        if not cards:
            _shot(tab, f"pass-no-cards-{size}")
            tab.leave_match()
            tab.tap(f"{DIALOG} [data-answer=yes]")
            tab.page.wait_for_selector("[data-action=start-solo]")
    assert not tab.errors, tab.errors
