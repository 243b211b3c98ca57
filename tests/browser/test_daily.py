"""The Desafio do dia in two browsers: both get the same theme and the same opening tiles,
the match ends on a shareable result with no word in it, and a second attempt that day is
refused with a clear message."""

from __future__ import annotations

from typing import Any

from infra.local.stack import LocalStack
from tests.browser.helpers import Tab, wait_finished
from tests.browser.test_browser import SIZES, _clean, _shot


def test_the_daily_challenge_is_the_same_for_two_players_and_played_once(
        browser: Any, stack: LocalStack) -> None:
    tabs = [Tab(browser, stack.url, w, h, t) for w, h, t in SIZES.values()]
    openings = []
    for i, tab in enumerate(tabs):
        tab.enter(f"Dia {i}")
        tab.page.wait_for_selector("[data-daily] [data-action=start-daily]")
        if i == 0:
            _shot(tab, "daily-lobby")
            _clean(tab, "the lobby with the daily challenge")
        tab.tap("[data-action=start-daily]")
        tab.wait_my_turn()
        view = tab.view()
        openings.append((view["theme"]["id"], sorted(view["rack"]), view["roundLimit"]))
    assert openings[0] == openings[1] and openings[0][2] == 10  # same theme, same tiles

    tab = tabs[0]
    tab.leave_match()  # leaving plays the attempt out: it is over
    tab.tap(".confirm-dialog [data-answer=yes]")
    wait_finished(tab.page.evaluate("() => window.vanlexis.store.state.leftMatch"))
    tab.page.reload()
    tab.page.wait_for_selector("[data-daily-score]")
    assert tab.page.locator("[data-action=start-daily]").count() == 0
    # A lobby left open from before (another device): the server refuses the second try.
    tab.page.evaluate("() => window.vanlexis.store.update((s) => { s.daily = { ...s.daily, "
                      "played: false, score: null }; })")
    tab.tap("[data-action=start-daily]")
    tab.page.wait_for_selector(".toast.error")
    assert "já jogou o desafio de hoje" in tab.page.inner_text(".toast")
    assert tab.state("s.screen") == "lobby"  # nothing started

    # The other plays through to the end screen and gets the shareable result.
    other = tabs[1]
    for _ in range(2):
        other.wait_my_turn()
        other.tap("[data-action=pass]")
        other.tap(".confirm-dialog [data-answer=yes]")
    other.page.wait_for_selector("[data-share-text]", timeout=30_000)
    number = other.state("s.daily.number")
    passes = other.state("s.history.moves.length")  # two passes in a row end a solo match
    shared = other.page.evaluate("() => window.vanlexis.share()")
    assert shared == f"Vanlexis · Desafio do dia #{number}\n0 pontos em {passes} lances\n" + \
        "⬛" * passes
    assert other.page.locator("[data-band-square='passe ou troca']").count() == passes
    assert other.page.locator("[data-action=rematch]").count() == 0
    _shot(other, "daily-end")
    _clean(other, "the daily challenge's end")
    for tab in tabs:
        assert not tab.errors, tab.errors
