"""A newcomer's first match, at 1280×800 with a mouse and at 360×740 with touch: the entry page
claims no failure before anyone has typed a name; the first-match tour waits for the player's
taps and never covers what it points at nor the board, the hand or the move row, so the first
word can be built, previewed and played with the tour open; a word being built is told what
it still needs, plainly, while Confirmar stays off and says why."""

from __future__ import annotations

import re
from typing import Any

import pytest

from infra.local.stack import LocalStack
from tests.browser.helpers import Tab
from tests.browser.test_browser import SIZES, _clean, _set, _shot

#: What the player uses during a turn: the tour's card may cover none of it.
PLAY = ("[data-viewport]", "[data-rack-box]", "[data-move]")
#: The word for the other kind of input, which must not be seen (point: input-aware text).
WRONG_VERB = {False: re.compile(r"\btoque\b", re.I), True: re.compile(r"\bclique\b", re.I)}


def _start_solo(tab: Tab, bots: int = 1) -> None:
    for field, value in (("solo-bots", bots), ("solo-level", 1), ("solo-rounds", 3)):
        _set(tab, field, str(value))
    tab.tap("[data-action=start-solo]")
    tab.page.wait_for_selector("[data-board]")


def _card_clear_of(tab: Tab, step: str, parts: tuple[str, ...]) -> None:
    # The card follows the table's layout on the next frame: let it settle, as an eye would
    # (on a loaded machine the hand may be drawn a few frames after the card is placed).
    tab.page.evaluate("() => new Promise((done) => requestAnimationFrame(() => "
                      "requestAnimationFrame(done)))")
    for _ in range(20):
        if not any(tab.covers("[data-tour]", part) for part in parts):
            break
        tab.page.wait_for_timeout(100)
    for part in parts:
        assert not tab.covers("[data-tour]", part), f"{step}: the tour's card covers {part}"


def _tap_square(tab: Tab, row: int, col: int, inner: str = "") -> None:
    """A square, brought into a zoomed board's view first (as a finger would pan to it)."""
    tab.page.evaluate("([r, c]) => window.vanlexis.table().board.followSquare(r, c)", [row, col])
    tab.tap(tab.square(row, col) + inner)


def _place_one(tab: Tab, tile: dict[str, Any]) -> None:
    tab.tap(f"[data-rack='{tab.rack_index(tile['letter'])}']")
    _tap_square(tab, tile["row"], tile["col"])


@pytest.mark.parametrize("size", SIZES)
def test_the_entry_page_claims_no_failure_before_a_name(browser: Any, stack: LocalStack,
                                                         size: str) -> None:
    width, height, touch = SIZES[size]
    tab = Tab(browser, stack.url, width, height, touch, new_player=True)
    tab.page.wait_for_selector("#guest-name")
    tab.page.wait_for_timeout(300)
    # Nobody has tried to connect yet: nothing may say the connection failed.
    assert "sem conexão" not in tab.page.inner_text("#status")
    _shot(tab, f"first-entry-{size}")
    _clean(tab, f"the entry page at {size}")


@pytest.mark.parametrize("size", SIZES)
def test_the_tour_waits_for_the_player_and_leaves_the_play_in_view(
        browser: Any, stack: LocalStack, size: str) -> None:
    width, height, touch = SIZES[size]
    tab = Tab(browser, stack.url, width, height, touch, new_player=True)
    tab.enter(f"Nova {size}")
    _start_solo(tab)
    tab.page.wait_for_selector("[data-tour] [data-tour-act=start]")
    _card_clear_of(tab, "the offer", PLAY)
    # A Solo turn's clock stops while the tour is open: reading costs no turn time.
    tab.page.wait_for_selector("[data-timer]:has-text('parado')")
    turn_ms = tab.view()["turnSeconds"] * 1000
    assert tab.view()["deadlineMs"] - tab.state("Date.now()") > turn_ms
    tab.tap("[data-tour-act=start]")
    tiles = tab.best_move(min_tiles=2)
    steps = tab.page.evaluate("() => document.querySelector('[data-tour] .tour-count')"
                              ".textContent.match(/de (\\d+)/)[1]")
    for step in range(1, int(steps) + 1):
        count = f"Passo {step} de {steps}"
        tab.page.wait_for_selector(f"[data-tour] .tour-count:has-text('{count}')")
        title = tab.page.inner_text("#tour-title")
        _card_clear_of(tab, title, (".tour-target",))
        # The board, the rack and the move row stay free; on a phone the card strip's step
        # puts the card above the board, over the header and the bar.
        place = tab.page.get_attribute("[data-tour]", "data-place")
        _card_clear_of(tab, title, PLAY if place != "above-board" else PLAY[1:])
        assert not WRONG_VERB[touch].search(tab.page.inner_text("[data-tour]")), title
        if title == "Sua mão":
            _place_one(tab, tiles[0])
            tab.page.wait_for_selector("[data-tour-try].done")
            assert count in tab.page.inner_text("[data-tour]"), "the tour jumped on its own"
            _shot(tab, f"first-tour-hand-{size}")
            _clean(tab, f"the tour's hand step at {size}")
        if title == "Prévia e Confirmar":
            for tile in tiles[1:]:
                _place_one(tab, tile)
            tab.page.wait_for_selector("[data-band]")
            tab.page.wait_for_selector("[data-tour-try].done")
            assert count in tab.page.inner_text("[data-tour]"), "the tour jumped on its own"
            _card_clear_of(tab, title, ("[data-action=confirm]",))
            _shot(tab, f"first-tour-preview-{size}")
        if step < int(steps):
            tab.tap("[data-tour-act=next]")
    tab.tap("[data-tour-act=done]")
    tab.page.wait_for_selector("[data-tour]", state="detached")
    # Closed, the tour starts the clock again with a whole turn.
    tab.page.wait_for_function(
        "ms => { const v = window.vanlexis.store.state.view; "
        "return v && v.deadlineMs - Date.now() <= ms && v.deadlineMs - Date.now() > ms - 5000; }",
        arg=turn_ms)
    # The word built with the tour open is still there, whole, and plays.
    assert len(tab.state("s.placed")) == len(tiles)
    tab.tap("[data-action=confirm]")
    tab.page.wait_for_selector("[data-own-receipt]:not([hidden]) [data-receipt-total]",
                               state="attached")
    assert tab.state("s.history.moves[0].kind") == "play"
    assert not tab.errors, tab.errors


@pytest.mark.parametrize("size", SIZES)
def test_a_word_being_built_is_told_what_it_needs_and_confirm_says_why_it_is_off(
        browser: Any, stack: LocalStack, size: str) -> None:
    width, height, touch = SIZES[size]
    tab = Tab(browser, stack.url, width, height, touch)
    tab.enter(f"Obra {size}")
    _start_solo(tab)
    tab.wait_my_turn()
    confirm = "[data-action=confirm]"
    assert tab.page.locator(confirm).is_disabled()
    # Two tiles side by side, off the centre: the word is only not finished yet.
    rack = tab.view()["rack"]
    plain = [i for i, code in enumerate(rack) if not code.startswith("?")]
    for index, (row, col) in zip(plain, ((3, 3), (3, 4)), strict=False):
        tab.tap(f"[data-rack='{index}']")
        _tap_square(tab, row, col)
    tab.page.wait_for_selector("[data-preview-need]")
    need = tab.page.inner_text("[data-preview-need]")
    assert need.startswith("Falta"), need
    assert tab.page.locator("[data-preview-error]").count() == 0
    red = tab.page.evaluate("() => getComputedStyle(document.querySelector('[data-preview-need]'))"
                            ".color")
    assert red != "rgb(179, 38, 30)", "a word being built is not an error"
    assert tab.page.locator(confirm).is_disabled(), "off for a move the preview refuses"
    reason = tab.page.get_attribute(confirm, "aria-describedby")
    assert reason and tab.page.inner_text(f"#{reason}") == need
    assert tab.page.locator(".square.need").count() == 1  # the centre, calmly marked
    _shot(tab, f"first-building-{size}")
    _clean(tab, f"a word being built at {size}")
    # Tiles out of line must be moved: that one is said as a problem, and Confirmar stays off.
    _tap_square(tab, 3, 4, " .tile")
    tab.tap(f"[data-rack='{plain[1]}']")
    _tap_square(tab, 10, 10)
    tab.page.wait_for_selector("[data-preview-error]")
    assert tab.page.locator(confirm).is_disabled()
    assert tab.page.get_attribute(confirm, "aria-describedby") == "move-reason"
    assert not tab.errors, tab.errors


def test_the_tour_waits_for_a_table_whose_clock_it_can_stop(browser: Any,
                                                             stack: LocalStack) -> None:
    """A first match where someone waits (the daily here) offers no tour: reading it would
    cost turn time. The first Solo table offers it."""
    tab = Tab(browser, stack.url, 1280, 800, False, new_player=True)
    tab.enter("Nina")
    tab.tap("[data-action=start-daily]")
    tab.page.wait_for_selector("[data-board]")
    tab.wait_my_turn()
    tab.page.wait_for_timeout(500)
    assert not tab.page.locator("[data-tour]").count(), "a tour where the clock runs"
    assert tab.page.evaluate("() => localStorage.getItem('vanlexis.tour')") is None
    tab.leave_match()
    tab.tap(".confirm-dialog [data-answer=yes]")
    tab.page.wait_for_selector("[data-action=start-solo]")
    _start_solo(tab)
    tab.page.wait_for_selector("[data-tour] [data-tour-act=start]")
    assert not tab.errors, tab.errors
