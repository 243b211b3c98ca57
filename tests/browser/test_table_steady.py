"""The table holds still while a move is made, at 1280×800 with a mouse and at 360×740 with
touch: the wildcard's letters and a card's target prompt open over the hand and the board keeps
its size, the instruction is said once and in the words of the input in use; the zoom buttons
sit off the board's squares; every seat's score is in the bar; a notice names the card bought
and stays off the controls; the phone's sheet opens each tab at its top, with Sair one tap
away; the swap counts the tiles picked; the phone's board starts under the bar and its preview
shows the whole word."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import pytest

from engine.state import MatchState, Slot
from infra.local.stack import LocalStack
from tests.browser.helpers import Tab, rewrite_match
from tests.browser.test_browser import SIZES, _clean, _set, _shot

WRONG_VERB = {False: re.compile(r"\btoque\b", re.I), True: re.compile(r"\bclique\b", re.I)}


def _start(tab: Tab, bots: int = 1, cards: bool = True) -> None:
    for field, value in (("solo-bots", bots), ("solo-level", 1), ("solo-rounds", 3)):
        _set(tab, field, str(value))
    tab.page.evaluate(f"() => {{ document.getElementById('solo-cards').checked = "
                      f"{'true' if cards else 'false'}; }}")
    tab.tap("[data-action=start-solo]")
    tab.page.wait_for_selector("[data-board]")
    tab.wait_my_turn()


def _arrange(tab: Tab, change: Any) -> None:
    """Set up the position (a test fixture's rewrite of the stored match), then reload."""
    rewrite_match(tab.state("s.matchId"), change)
    tab.page.reload()
    tab.wait_my_turn()


def _tap_square(tab: Tab, row: int, col: int) -> None:
    tab.page.evaluate("([r, c]) => window.vanlexis.table().board.followSquare(r, c)", [row, col])
    tab.tap(tab.square(row, col))


def _board_size(tab: Tab) -> tuple[int, int]:
    box = tab.rect("[data-viewport]")
    assert box
    return round(box["right"] - box["left"]), round(box["bottom"] - box["top"])


def _said_once(tab: Tab, words: str) -> None:
    """The instruction is on screen once, in the prompt, and not in red anywhere."""
    found = tab.page.evaluate("""(words) => [...document.querySelectorAll('[data-table] *')]
        .filter((e) => e.getClientRects().length && [...e.childNodes].some(
            (n) => n.nodeType === 3 && n.textContent.includes(words)))
        .map((e) => e.closest('[data-prompt]') ? 'prompt' : e.className || e.tagName)""", words)
    assert found == ["prompt"], found
    assert tab.page.locator("[data-preview-error]").count() == 0


def _wild_and_doubled(state: MatchState) -> MatchState:
    seat = state.seats[0]
    row = (Slot("letra_dobrada", owned=True), *seat.row[1:])
    return state.with_seat(0, replace(seat, rack=(seat.rack[0], "?", *seat.rack[2:]), row=row))


@pytest.mark.parametrize("size", SIZES)
def test_pickers_and_prompts_open_over_the_hand_and_say_it_once(
        browser: Any, stack: LocalStack, size: str) -> None:
    width, height, touch = SIZES[size]
    tab = Tab(browser, stack.url, width, height, touch)
    tab.enter(f"Cora {size}")
    _start(tab)
    _arrange(tab, _wild_and_doubled)
    before = _board_size(tab)
    first, second = tab.wildcard_move()
    tab.tap(f"[data-rack='{tab.rack_index(first['letter'])}']")
    _tap_square(tab, first["row"], first["col"])
    tab.tap("[data-rack='1']")
    _tap_square(tab, second["row"], second["col"])
    tab.page.wait_for_selector("[data-picker]:not([hidden])")
    assert _board_size(tab) == before, "the wildcard's letters took room from the board"
    assert not tab.covers("[data-picker]", "[data-viewport]")
    _shot(tab, f"steady-picker-{size}")
    _clean(tab, f"the wildcard's letters at {size}")
    tab.tap(f"[data-wild-letter='{second['letter']}']")
    # Letra Dobrada in the play: its target is asked once, over the hand.
    if touch:
        tab.tap("[data-open-card='0']")
    tab.tap("[data-arm='0']")
    tab.page.wait_for_selector("[data-prompt]:not([hidden]) [data-target-help]")
    tab.page.wait_for_function("() => window.vanlexis.store.state.preview.status !== 'pending'")
    assert _board_size(tab) == before, "the card's prompt took room from the board"
    assert not tab.covers("[data-prompt]", "[data-viewport]")
    assert not tab.covers("[data-prompt]", "[data-rack-box]")
    _said_once(tab, "na letra que ela dobra")
    prompt = tab.page.inner_text("[data-prompt]")
    assert ("toque" if touch else "clique") in prompt, prompt
    assert not WRONG_VERB[touch].search(tab.visible_text("[data-table]"))
    assert tab.page.locator("[data-action=confirm]").is_disabled()
    _shot(tab, f"steady-prompt-{size}")
    _clean(tab, f"a card's prompt at {size}")
    _tap_square(tab, first["row"], first["col"])  # the letter it doubles: the prompt goes
    tab.page.wait_for_selector("[data-prompt]", state="hidden")
    assert tab.state("s.cardSquares[0]") == [first["row"], first["col"]]
    assert _board_size(tab) == before
    assert not tab.errors, tab.errors


@pytest.mark.parametrize("size", SIZES)
def test_the_zoom_buttons_sit_off_the_board_right_under_the_bar(
        browser: Any, stack: LocalStack, size: str) -> None:
    width, height, touch = SIZES[size]
    tab = Tab(browser, stack.url, width, height, touch)
    tab.enter(f"Zoom {size}")
    _start(tab)
    for button in ("zoom-in", "zoom-out", "zoom-fit"):
        assert not tab.covers(f"[data-action={button}]", "[data-viewport]"), button
    if touch:  # the board starts right under the bar: no empty band above it
        bar, board = tab.rect("[data-bar]"), tab.rect("[data-viewport]")
        assert bar and board and board["top"] - bar["bottom"] <= 10, (bar, board)
    tab.tap("[data-action=zoom-in]")
    assert tab.page.evaluate("() => window.vanlexis.table().board.zoom.scale") > 1
    _shot(tab, f"steady-zoom-{size}")
    assert not tab.errors, tab.errors


@pytest.mark.parametrize("size", SIZES)
def test_every_seat_is_in_the_bar(browser: Any, stack: LocalStack, size: str) -> None:
    width, height, touch = SIZES[size]
    tab = Tab(browser, stack.url, width, height, touch)
    tab.enter(f"Mesa {size}")
    _start(tab, bots=3)
    _play_a_word(tab)
    tab.wait_my_turn()
    chips = tab.page.locator("[data-bar-seat]")
    assert chips.count() == 4
    bar = tab.rect("[data-bar]")
    assert bar
    seen = []
    for i in range(4):
        chip = tab.rect(f"[data-bar-seat]:nth-child({i + 1})")
        assert chip and chip["right"] <= bar["right"] and chip["left"] >= bar["left"], (i, chip)
        seat = int(chips.nth(i).get_attribute("data-bar-seat") or -1)
        seen.append(seat)
        score = chips.nth(i).locator("strong").inner_text()
        assert int(score) == tab.view()["seats"][seat]["score"]
    assert seen == [0, 1, 2, 3], "you first, then the others in seat order"
    _shot(tab, f"steady-bar-{size}")
    _clean(tab, f"the bar with four seats at {size}")
    assert not tab.errors, tab.errors


@pytest.mark.parametrize("size", SIZES)
def test_the_words_follow_the_input_in_use(browser: Any, stack: LocalStack, size: str) -> None:
    """A card's target asked with a mouse says "clique", with a finger "toque", and nothing
    else on the table says the other."""
    width, height, touch = SIZES[size]
    tab = Tab(browser, stack.url, width, height, touch)
    tab.enter(f"Verbo {size}")
    _start(tab)
    _arrange(tab, _wild_and_doubled)
    if touch:
        tab.tap("[data-open-card='0']")
    tab.tap("[data-arm='0']")
    tab.page.wait_for_selector("[data-prompt]:not([hidden]) [data-target-help]")
    assert ("toque" if touch else "clique") in tab.page.inner_text("[data-prompt]")
    shown = tab.visible_text("[data-table]")
    assert not WRONG_VERB[touch].search(shown), WRONG_VERB[touch].search(shown)
    _shot(tab, f"steady-verb-{size}")
    assert not tab.errors, tab.errors


def _play_a_word(tab: Tab) -> None:
    for tile in tab.best_move(min_tiles=2):
        tab.tap(f"[data-rack='{tab.rack_index(tile['letter'])}']")
        _tap_square(tab, tile["row"], tile["col"])
    tab.page.wait_for_selector("[data-band]")
    tab.tap("[data-action=confirm]")
    tab.page.wait_for_function("() => window.vanlexis.store.state.history.moves.length > 0")


def _coins(state: MatchState) -> MatchState:
    seat = state.seats[0]
    row = (Slot("mina", False), *seat.row[1:])
    return state.with_seat(0, replace(seat, coins=12, row=row))


@pytest.mark.parametrize("size", SIZES)
def test_a_notice_names_the_card_and_stays_off_the_controls(
        browser: Any, stack: LocalStack, size: str) -> None:
    width, height, touch = SIZES[size]
    tab = Tab(browser, stack.url, width, height, touch)
    tab.enter(f"Loja {size}")
    _start(tab)
    _arrange(tab, _coins)
    if touch:
        tab.tap("[data-open-card='0']")
    tab.tap("[data-buy='0']")
    tab.page.wait_for_selector("#toast:not([hidden])")
    notice = tab.page.inner_text("#toast")
    assert "Mina" in notice and "nível" not in notice, notice
    if touch:
        tab.tap("[data-action=close-sheet]")
    for part in (".controls", "[data-move]", "[data-rack-box]", "[data-viewport]"):
        assert not tab.covers("#toast", part), f"the notice covers {part}"
    _shot(tab, f"steady-notice-{size}")
    assert not tab.errors, tab.errors


@pytest.mark.parametrize("size", SIZES)
def test_the_swap_counts_the_tiles_picked(browser: Any, stack: LocalStack, size: str) -> None:
    width, height, touch = SIZES[size]
    tab = Tab(browser, stack.url, width, height, touch)
    tab.enter(f"Troca {size}")
    _start(tab, cards=False)
    tab.tap("[data-action=swap]")
    for index in (0, 1):
        tab.tap(f"[data-rack='{index}']")
    assert "2 de até 3" in tab.page.inner_text("[data-move-info]")
    assert tab.page.locator("[data-action=confirm]").is_enabled()
    row, info = tab.rect("[data-move]"), tab.rect("[data-move-info] > span")
    assert row and info and info["bottom"] <= row["bottom"], "the count fits its row"
    _shot(tab, f"steady-swap-{size}")
    for index in (0, 1):
        tab.tap(f"[data-rack='{index}']")
    reason = tab.page.get_attribute("[data-action=confirm]", "aria-describedby")
    assert reason and "Escolha" in tab.page.inner_text(f"#{reason}")
    assert not tab.errors, tab.errors


def test_the_phone_sheet_opens_each_tab_at_its_top(browser: Any, stack: LocalStack) -> None:
    width, height, touch = SIZES["phone"]
    tab = Tab(browser, stack.url, width, height, touch)
    tab.enter("Folha")
    _start(tab, bots=3)
    _play_a_word(tab)  # a receipt in Jogadas, moves in the history
    tab.wait_my_turn()
    side = "[data-side]"
    tab.tap("[data-action=open-sheet]")
    tab.page.wait_for_selector(f"{side}[data-tab=jogadas]")
    tab.tap("[data-sheet-tab=partida]")
    tab.page.wait_for_selector(f"{side}[data-tab=partida]")
    # Sair is there without scrolling, and the goal with the scores starts in view.
    sheet = tab.rect(side)
    leave = tab.rect(f"{side} [data-action=leave-match]")
    assert sheet and leave and leave["bottom"] <= sheet["bottom"] and leave["top"] >= sheet["top"]
    goal = tab.rect(f"{side} [data-goal-line]")
    assert goal and sheet["top"] <= goal["top"] < sheet["bottom"], (goal, sheet)
    _shot(tab, "steady-sheet-partida")
    _clean(tab, "the sheet's Partida tab")
    tab.page.evaluate("(sel) => { document.querySelector(sel).scrollTop = 400; }", side)
    for name in ("jogadas", "partida"):
        tab.tap(f"[data-sheet-tab={name}]")
        tab.page.wait_for_selector(f"{side}[data-tab={name}]")
        assert tab.page.evaluate("(sel) => document.querySelector(sel).scrollTop", side) == 0, name
        tab.page.evaluate("(sel) => { document.querySelector(sel).scrollTop = 300; }", side)
    tab.tap("[data-action=close-sheet]")
    tab.tap("[data-action=open-sheet]")  # "Mais": the same tab every time, at its top
    tab.page.wait_for_selector(f"{side}[data-tab=jogadas]")
    assert tab.page.evaluate("(sel) => document.querySelector(sel).scrollTop", side) == 0
    _shot(tab, "steady-sheet-mais")
    assert not tab.errors, tab.errors


def test_the_phone_preview_shows_the_whole_word(browser: Any, stack: LocalStack) -> None:
    width, height, touch = SIZES["phone"]
    tab = Tab(browser, stack.url, width, height, touch)
    tab.enter("Prévia")
    _start(tab)
    tiles = tab.best_move(min_tiles=4)
    for tile in tiles:
        tab.tap(f"[data-rack='{tab.rack_index(tile['letter'])}']")
        _tap_square(tab, tile["row"], tile["col"])
    tab.page.wait_for_selector("[data-band]")
    word = tab.rect("[data-preview-words] li.main")
    row = tab.rect("[data-move-info]")
    assert word and row and word["right"] <= row["right"] + 0.5, (word, row)
    clipped = tab.page.evaluate("""() => { const li = document.querySelector(
        '[data-preview-words] li.main'); const ul = li.parentElement.getBoundingClientRect();
        return li.getBoundingClientRect().right > ul.right + 0.5; }""")
    assert not clipped, "the main word is cut"
    _shot(tab, "steady-preview-phone")
    assert not tab.errors, tab.errors
