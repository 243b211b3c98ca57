"""The phone table, 360×740 with touch: the board, the hand, Confirmar and the card strip on one
screen with no page scrolling; the side as a sheet from the board's lower edge, so the squares
of the move being shown are never covered; the bar one line high in every state. Each state is
photographed at 360×740 and at 1280×800 into ``test-artifacts/browser/``."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.state import MatchState, Slot
from infra.local.stack import LocalStack
from tests.browser.helpers import Tab, rewrite_match
from tests.browser.test_browser import SIZES, _clean, _place, _set, _shot

PHONE = SIZES["phone"]


def _start(tab: Tab) -> None:
    for field, value in (("solo-bots", 2), ("solo-level", 1), ("solo-rounds", 3),
                         ("solo-turn", 120)):
        _set(tab, field, str(value))
    tab.page.evaluate("() => { document.getElementById('solo-cards').checked = true; }")
    tab.tap("[data-action=start-solo]")
    tab.page.wait_for_selector("[data-board]")
    tab.wait_my_turn()


def _fits(tab: Tab, what: str) -> None:
    """Nothing needs the page to scroll: not sideways, not down."""
    sizes = tab.page.evaluate("() => [scrollY, document.documentElement.scrollHeight, innerHeight,"
                              " document.documentElement.scrollWidth, innerWidth]")
    scroll_y, height, screen_h, width, screen_w = sizes
    if not (scroll_y == 0 and height <= screen_h and width <= screen_w):
        below = tab.page.evaluate("""() => [...document.querySelectorAll('body *')]
            .filter((e) => e.getClientRects().length)
            .map((e) => [e, e.getBoundingClientRect().bottom])
            .filter(([, y]) => y > innerHeight + 1)
            .slice(-6).map(([e, y]) => `${e.tagName}.${e.className} ${Math.round(y)}`)""")
        raise AssertionError(f"{what}: the page scrolls {sizes}; below the screen: {below}")


def _reach(tab: Tab, selector: str) -> None:
    """The element is on screen, whole, and a finger on its middle touches it."""
    hit = tab.page.evaluate("""(sel) => {
        const el = [...document.querySelectorAll(sel)].find((e) => e.getClientRects().length);
        if (!el) return 'missing';
        const b = el.getBoundingClientRect();
        if (b.top < 0 || b.left < 0 || b.bottom > innerHeight || b.right > innerWidth) {
            return 'off screen';
        }
        const top = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
        return el.contains(top) ? 'ok' : 'covered by ' + (top?.className || top?.tagName);
    }""", selector)
    assert hit == "ok", (selector, hit)


def _last_move_seen(tab: Tab) -> int:
    """Every square of the move marked on the board is on screen and nothing lies over it."""
    squares = tab.state("(s.history.moves.find(m => m.move === s.lastMove)?.tiles || [])"
                        ".map(([r, c]) => [r, c])")
    assert squares, "a move is marked on the board"
    tab.page.click("[data-action=zoom-fit]")
    covered = tab.page.evaluate("""(squares) => squares.filter(([r, c]) => {
        const sq = document.querySelector(`.square[data-row='${r}'][data-col='${c}']`);
        const b = sq.getBoundingClientRect();
        const top = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
        return !top || top.closest('.square') !== sq;
    })""", squares)
    assert not covered, f"squares of the last move covered: {covered}"
    return len(squares)


def _bar_height(tab: Tab) -> float:
    box = tab.page.locator("[data-bar]").bounding_box()
    assert box
    return round(box["height"], 1)


def _photo(tab: Tab, name: str) -> None:
    """This state at 360×740 and at 1280×800, each checked, then back to the phone."""
    for width, height, _ in (PHONE, SIZES["desktop"]):
        tab.page.set_viewport_size({"width": width, "height": height})
        tab.page.wait_for_timeout(150)
        _shot(tab, f"phone-{name}")
        _clean(tab, f"{name} at {width} px")
        _fits(tab, f"{name} at {width} px")
    tab.page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    tab.page.wait_for_timeout(150)


def _rich(state: MatchState) -> MatchState:
    """Coins to spend and a known card row: Mina (used at once) and a Coringa de Vogal (used
    in a play), as a test fixture arranges a position."""
    seat = state.seats[0]
    row = (Slot("mina", False), Slot("coringa_vogal", False), *seat.row[2:])
    return state.with_seat(0, replace(seat, coins=12, row=row))


def _buy_and_use(tab: Tab, bars: dict[str, float]) -> None:
    """Buy Mina from the strip and use it, then buy the Coringa de Vogal and put it in the
    play: the sheet opens on the card below the last move, and closes for the board once the
    card is armed."""
    coins = tab.state("s.view.seats[0].coins")
    tab.tap("[data-open-card='0']")
    tab.page.wait_for_selector("[data-side][data-tab=cartas] [data-slot='0'].pointed")
    assert _last_move_seen(tab) >= 1, "the cards open below the board"
    _reach(tab, "[data-buy='0']")
    _fits(tab, "the cards open")
    _photo(tab, "cards")
    tab.tap("[data-buy='0']")
    tab.page.wait_for_selector("[data-use='0']")
    tab.tap("[data-use='0']")
    tab.page.wait_for_selector("[data-effect=mina]")
    _last_move_seen(tab)
    tab.page.locator("[data-buy='1']").scroll_into_view_if_needed()  # in the sheet, still open
    tab.tap("[data-buy='1']")
    tab.page.wait_for_selector("[data-arm='1']")
    tab.tap("[data-arm='1']")
    tab.page.wait_for_selector("[data-side][data-tab='']", state="attached")
    assert tab.state("s.armedCards") == [1]
    assert tab.state("s.view.seats[0].coins") < coins
    bars["card running"] = _bar_height(tab)
    _fits(tab, "a card at work")
    _reach(tab, "[data-rack-box] .tile.wild")
    _photo(tab, "card-running")
    tab.tap("[data-open-card='1']")
    _last_move_seen(tab)
    tab.tap("[data-arm='1']")  # disarmed: the play goes on without it
    assert tab.state("s.armedCards") == []
    tab.tap("[data-action=close-sheet]")


def _play_a_move(tab: Tab, bars: dict[str, float]) -> None:
    """A move, its preview, Confirmar: all on the one screen."""
    tiles = tab.best_move(min_tiles=2)
    _place(tab, tiles)
    tab.page.wait_for_selector("[data-band]")
    bars["preview"] = _bar_height(tab)
    _reach(tab, "[data-action=confirm]")
    _fits(tab, "a move placed")
    _photo(tab, "placed")
    tab.tap("[data-action=confirm]")


def _receipt_while_the_bots_play(tab: Tab, bars: dict[str, float]) -> None:
    """Your receipt opens in the sheet, below the board where the bots' moves are shown; at
    your turn it folds to a line under the hand."""
    receipt = "[data-side][data-tab=jogadas] [data-own-receipt] [data-receipt-total]"
    tab.page.wait_for_selector(receipt)
    tab.page.wait_for_function("() => window.vanlexis.store.state.pacing?.current")
    bars["opponent playing back"] = _bar_height(tab)
    _last_move_seen(tab)
    # The receipt scrolls inside the sheet, the page stays where it is.
    tab.page.locator(receipt).scroll_into_view_if_needed()
    _reach(tab, receipt)
    _fits(tab, "the receipt while the bots play")
    _photo(tab, "receipt")
    tab.wait_my_turn(60_000)
    assert tab.page.locator("[data-side][data-tab='']").count() == 1, "your turn: it closed"
    _reach(tab, "[data-receipt-peek] [data-action=open-receipt]")
    peek = tab.page.locator("[data-receipt-peek]").bounding_box()
    rack = tab.page.locator("[data-rack-box]").bounding_box()
    assert peek and rack and peek["y"] >= rack["y"] + rack["height"], "folded under the hand"


def _history(tab: Tab) -> None:
    """The history from the hand: a bot's receipt, read with the last move in view."""
    tab.tap("[data-action=open-sheet]")  # it opens on its first tab, every time
    tab.page.wait_for_selector("[data-side][data-tab=jogadas]")
    tab.page.wait_for_selector("[data-side][data-tab=jogadas] [data-history] [data-open-move]")
    bot_move = tab.state("s.history.moves.filter(m => m.seat !== 0 && m.kind === 'play')"
                         ".at(-1).move")
    tab.tap(f"[data-open-move='{bot_move}']")
    if tab.page.locator("#toast").is_visible():
        tab.tap("#toast")  # the notice of the card bought, sent away
    total = f"[data-move='{bot_move}'] [data-receipt-total]"
    tab.page.wait_for_selector(total)
    tab.page.locator(total).scroll_into_view_if_needed()
    _reach(tab, total)
    assert _last_move_seen(tab) >= 1
    # Then back to the sheet's top, as it rests: an entry scrolled half under the sticky tabs
    # (where a long receipt's total leaves the entries above it) is no state to judge by.
    tab.page.evaluate("() => { document.querySelector('[data-side]').scrollTop = 0; }")
    assert not tab.covers(".sheet-head", f"[data-open-move='{bot_move}']")
    _fits(tab, "the history open")
    _photo(tab, "history")
    tab.tap("[data-sheet-tab=partida]")
    _reach(tab, "[data-side] [data-action=leave-match]")
    _photo(tab, "match-tab")
    tab.tap("[data-action=close-sheet]")


def test_the_phone_table_keeps_everything_within_reach(browser: Any, stack: LocalStack) -> None:
    width, height, touch = PHONE
    tab = Tab(browser, stack.url, width, height, touch)
    tab.enter("Duda")
    _start(tab)
    rewrite_match(tab.state("s.matchId"), _rich)
    tab.page.reload()
    tab.wait_my_turn()
    bars = {"your turn": _bar_height(tab)}
    for part in ("[data-viewport]", "[data-rack-box] .tile", "[data-action=confirm]",
                 "[data-card-strip] [data-open-card]", "[data-action=open-sheet]"):
        _reach(tab, part)
    _fits(tab, "your turn")
    _photo(tab, "turn")
    _play_a_move(tab, bars)
    _receipt_while_the_bots_play(tab, bars)
    _buy_and_use(tab, bars)  # at your second turn, the first moves on the board
    _history(tab)
    # The clock's warning: the bar does not grow either.
    tab.page.evaluate("() => { const s = window.vanlexis.store.state; "
                      "s.view.deadlineMs = Date.now() + 8000; "
                      "window.vanlexis.table().drawBar(s); }")
    tab.page.wait_for_selector("[data-timer].low")
    bars["timer warning"] = _bar_height(tab)
    _photo(tab, "timer-low")
    assert len(set(bars.values())) == 1, bars
    assert bars["your turn"] < 48, f"one line: {bars}"
    assert not tab.errors, tab.errors
