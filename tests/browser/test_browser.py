"""The game in a real browser, as a player meets it: whole solo matches at 1280×800 with a
mouse and keyboard and at 360×740 with touch, and two browsers through a room and the queue.
Every screen is checked with axe-core and photographed into ``test-artifacts/browser/``."""

from __future__ import annotations

import gzip
import json
import urllib.parse
from typing import Any

import pytest

from infra.local.stack import LocalStack
from tests.browser.conftest import ARTIFACTS
from tests.browser.helpers import Tab, rewrite_match, with_rack

SIZES = {"desktop": (1280, 800, False), "phone": (360, 740, True)}


def _shot(tab: Tab, name: str) -> None:
    size = tab.page.viewport_size
    tab.page.screenshot(path=str(ARTIFACTS / f"{name}-{size['width']}.png"))


def _both_sizes(tab: Tab, name: str) -> None:
    """Photograph and check a screen at this tab's size and at the other one."""
    size = tab.page.viewport_size
    assert size
    for width, height, _ in (SIZES["desktop"], SIZES["phone"]):
        tab.page.set_viewport_size({"width": width, "height": height})
        tab.page.wait_for_timeout(100)
        _shot(tab, name)
        _clean(tab, f"{name} at {width} px")
    tab.page.set_viewport_size(size)


def _clean(tab: Tab, screen: str) -> None:
    """No sideways scrolling, no serious or critical accessibility violation."""
    assert tab.overflow() <= 0, f"{screen}: the page is {tab.overflow()} px too wide"
    violations = tab.axe()
    assert not violations, f"{screen}: {json.dumps(violations, ensure_ascii=False, indent=1)}"


def _mouse_drag(tab: Tab, source: str, target: str) -> None:
    (x0, y0), (x1, y1) = tab.centre(source), tab.centre(target)
    tab.page.mouse.move(x0, y0)
    tab.page.mouse.down()
    tab.page.mouse.move(x1 + 3, y1 + 3, steps=8)
    tab.page.mouse.move(x1, y1, steps=3)
    tab.page.mouse.up()


def _set(tab: Tab, field: str, value: str) -> None:
    """Choose a setting (it may sit in a closed "Ajustes" group)."""
    tab.page.evaluate("([id, v]) => { document.getElementById(id).value = v; }", [field, value])


def _reveal(tab: Tab, row: int, col: int) -> None:
    """Pan a zoomed board until a square is in view, as a finger would."""
    tab.page.evaluate("([r, c]) => window.vanlexis.table().board.followSquare(r, c)", [row, col])


def _start_solo(tab: Tab, bots: int, rounds: int = 3, turn: int = 120) -> None:
    for field, value in (("solo-bots", bots), ("solo-level", 1), ("solo-rounds", rounds),
                         ("solo-turn", turn)):
        _set(tab, field, str(value))
    tab.tap("[data-action=start-solo]")
    tab.page.wait_for_selector("[data-board]")
    tab.wait_my_turn()


def _place(tab: Tab, tiles: list[dict[str, Any]]) -> None:
    """The first tile by drag (finger or mouse), the second by tap, the rest by typing (on a
    phone by tap too)."""
    first, second, *rest = tiles
    rack = f"[data-rack='{tab.rack_index(first['letter'])}']"
    if tab.touch:
        _reveal(tab, first["row"], first["col"])
        tab.finger_drag(rack, tab.square(first["row"], first["col"]))
    else:
        _mouse_drag(tab, rack, tab.square(first["row"], first["col"]))
    assert tab.page.locator(".dragging").count() == 0, "a drag left its ghost on screen"
    for tile in [second, *rest] if tab.touch else [second]:
        tab.tap(f"[data-rack='{tab.rack_index(tile['letter'])}']")
        _reveal(tab, tile["row"], tile["col"])
        tab.tap(tab.square(tile["row"], tile["col"]))
    if rest and not tab.touch:
        across = rest[0]["row"] == second["row"]
        tab.page.click(tab.square(rest[0]["row"], rest[0]["col"]))  # puts the cursor there
        if (tab.state("s.cursor.dir") == "across") != across:
            tab.page.keyboard.press(" ")
        for tile in rest:
            tab.page.keyboard.press(tile["letter"])
    placed = tab.state("s.placed.map(p => [p.row, p.col, p.letter])")
    assert sorted(placed) == sorted([t["row"], t["col"], t["letter"]] for t in tiles)


def _drag(tab: Tab, source: str, target: str) -> None:
    if tab.touch:
        tab.finger_drag(source, target)
    else:
        _mouse_drag(tab, source, target)


def _move_then_return(tab: Tab) -> None:
    """A tile put down can be dragged to another square, then back onto the rack."""
    _reveal(tab, 10, 10)
    _drag(tab, "[data-rack='0']", tab.square(10, 10))
    assert tab.state("s.placed.map(p => [p.row, p.col])") == [[10, 10]]
    _drag(tab, tab.square(10, 10) + " .tile", tab.square(11, 10))
    assert tab.state("s.placed.map(p => [p.row, p.col])") == [[11, 10]]
    # Off the centre, a first play is not finished yet: the preview says it needs the centre,
    # and the board marks the square it must cover (calmly: building is not a mistake).
    tab.page.wait_for_selector("[data-preview-need]")
    tab.page.wait_for_selector(tab.square(10, 10) + ".need")
    assert tab.page.locator(".square.need, .square.fault").count() == 1
    assert "falta" in (tab.page.get_attribute(tab.square(10, 10), "aria-label") or "")
    _shot(tab, "fault")
    assert tab.page.locator(".dragging, .lifted").count() == 0, "a drag left its ghost on screen"
    _drag(tab, tab.square(11, 10) + " .tile", "[data-rack='3']")
    assert tab.state("s.placed.length") == 0
    assert tab.page.locator(".square.need").count() == 0, "the mark outlived its move"
    assert tab.page.locator(".dragging, .lifted").count() == 0
    if tab.touch:  # held near the zoomed board's left edge, a tile pans the board under it
        before = tab.page.evaluate("() => window.vanlexis.table().board.zoom.x")
        box = tab.page.locator("[data-viewport]").bounding_box()
        assert box
        x, y = tab.centre("[data-rack='0']")
        tab.touch_points("touchStart", [(x, y)])
        for i in range(1, 11):
            tab.touch_points("touchMove", [(x + (box["x"] + 4 - x) * i / 10, y + (
                box["y"] + box["height"] / 2 - y) * i / 10)])
        tab.page.wait_for_timeout(400)
        tab.touch_points("touchCancel", [])
        after = tab.page.evaluate("() => window.vanlexis.table().board.zoom.x")
        assert after > before, (before, after)
        assert tab.page.locator(".dragging, .lifted").count() == 0
        assert tab.state("s.placed.length") == 0


def _quick_taps_keep_the_zoom(tab: Tab) -> None:
    """Two tiles put down fast, the second where the first was on screen (the board had panned
    under the finger): not a double tap, so the zoom stays."""
    _reveal(tab, 10, 10)
    scale = tab.page.evaluate("() => window.vanlexis.table().board.zoom.scale")
    assert scale > 1
    x, y = tab.centre(tab.square(10, 10))
    tab.tap("[data-rack='0']")
    tab.page.touchscreen.tap(x, y)
    tab.tap("[data-rack='1']")
    tab.page.evaluate("() => { const b = window.vanlexis.table().board; "
                      "b.setZoom({ ...b.zoom, x: b.zoom.x - b.squarePx() - 2 }); }")
    tab.page.touchscreen.tap(x, y)
    assert tab.state("s.placed.map(p => [p.row, p.col])") == [[10, 10], [10, 11]]
    assert tab.page.evaluate("() => window.vanlexis.table().board.zoom.scale") == scale
    tab.tap("[data-action=clear]")
    assert tab.state("s.placed.length") == 0


def _wildcard_second(tab: Tab) -> None:
    """A wildcard as the second tile of a move: by tap here, by keyboard in the next test."""
    rack = tab.view()["rack"]
    match_id = tab.state("s.matchId")
    rewrite_match(match_id, with_rack(0, [rack[0], "?", *rack[2:]]))
    tab.page.reload()
    tab.wait_my_turn()
    assert tab.state("s.view.rack[1]") == "?"
    first, second = tab.wildcard_move()
    tab.tap(f"[data-rack='{tab.rack_index(first['letter'])}']")
    tab.tap(tab.square(first["row"], first["col"]))
    tab.tap("[data-rack='1']")
    tab.tap(tab.square(second["row"], second["col"]))
    tab.page.wait_for_selector("[data-picker]:not([hidden])")
    tab.tap(f"[data-wild-letter='{second['letter']}']")
    assert tab.page.locator("[data-picker]").is_hidden()
    assert tab.page.locator("[data-wild-letter]").count() == 0, "the picker left the Tab order"
    placed = tab.state("s.placed.map(p => [p.letter, p.wild])")
    assert placed == [[first["letter"], False], [second["letter"], True]], placed


def _leave_then_a_new_match(tab: Tab) -> None:
    """Sair returns to the lobby; the next match starts with an empty history; Passar asks
    first; then the clock runs out and the match ends."""
    tab.leave_match()
    tab.tap(".confirm-dialog [data-answer=yes]")
    tab.page.wait_for_selector("[data-action=start-solo]")
    _start_solo(tab, bots=1, rounds=2, turn=20)
    assert tab.state("s.history.moves.length") == 0
    assert tab.page.locator("[data-own-receipt]").is_hidden()
    assert "Nenhuma jogada" in tab.page.inner_text("[data-history]")

    tab.tap("[data-action=pass]")
    tab.page.wait_for_selector(".confirm-dialog")
    _clean(tab, "the pass confirmation")
    tab.tap(".confirm-dialog [data-answer=no]")
    assert tab.state("s.history.moves.length") == 0, "cancelled: nothing was sent"
    tab.tap("[data-action=pass]")
    tab.tap(".confirm-dialog [data-answer=yes]")
    tab.page.wait_for_function("() => window.vanlexis.store.state.history.moves.length >= 2")
    tab.wait_my_turn()  # round 2: let the clock run out
    tab.page.wait_for_selector("#end-title", timeout=60_000)
    assert "Tempo esgotado" in tab.page.inner_text("#alerts") or tab.state(
        "s.history.moves.some(m => m.kind === 'timed_out')")
    _shot(tab, "end")
    _clean(tab, "end")
    assert tab.page.evaluate("() => document.activeElement?.id") == "end-title"


def _history_adds_up(tab: Tab) -> None:
    """The history holds every move of the round, and its points add up to the scores shown;
    a bot's receipt opens from it."""
    moves = tab.state("s.history.moves")
    assert [m["seat"] for m in moves[:3]] == [0, 1, 2], moves
    for seat in tab.view()["seats"]:
        shown = int(tab.page.inner_text(f"[data-seat-score='{seat['seat']}']"))
        assert shown == sum(m["points"] for m in moves if m["seat"] == seat["seat"]) == seat[
            "score"]
    tab.tap("[data-action=close-receipt]")
    assert tab.page.locator("[data-own-receipt]").is_hidden()
    assert tab.page.locator("[data-receipt-peek]").is_hidden()
    # A bot's receipt from the history (on a phone, in the sheet).
    tab.sheet("jogadas")
    tab.tap(f"[data-open-move='{moves[1]['move']}']")
    tab.page.wait_for_selector(f"[data-move='{moves[1]['move']}'] [data-receipt-total]")



def _receipt_stays(tab: Tab, height: int) -> None:
    """Your receipt shows your points, and it is still on screen once the bots' moves have been
    shown; on a phone it folds to its title then, leaving your hand uncovered."""
    receipt = tab.page.inner_text("[data-own-receipt]")
    mine = tab.state("s.history.moves[0]")
    assert mine["seat"] == tab.view()["you"] and f"{mine['points']} ponto" in receipt
    tab.wait_my_turn()
    # A wide screen keeps it in the side; a phone folds it to a line under the hand.
    title = tab.page.locator("[data-peek-title]" if tab.touch else "[data-own-receipt] h3")
    box = title.bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= height, (
        "your receipt is on screen after the bots' moves", box)
    assert f"{mine['points']} ponto" in title.inner_text()
    if tab.touch:
        rack = tab.page.locator("[data-rack-box]").bounding_box()
        assert rack and box["y"] >= rack["y"] + rack["height"], (box, rack)


def _first_load(tab: Tab, stack: LocalStack) -> tuple[int, int]:
    """What the first visit loads: its bytes as the browser reads them, and gzipped as the CDN
    sends them (CloudFront compresses the site's text; the local server does not, so each
    file the page loaded is compressed here, at gzip's default level)."""
    entries = tab.page.evaluate(
        "() => performance.getEntriesByType('resource').concat(performance.getEntriesByType("
        "'navigation')).map(e => [e.name, e.decodedBodySize || 0])")
    raw = sum(int(size) for _, size in entries)
    packed = 0
    for url, _ in entries:
        path = urllib.parse.urlparse(url).path.lstrip("/") or "index.html"
        file = stack.site / path
        body = file.read_bytes() if file.is_file() else b"{}"  # config.json: made by the stack
        packed += len(gzip.compress(body))
    return raw, packed


def _figures(tab: Tab, size: str, first_load: tuple[int, int], receipt_ms: float) -> None:
    """The page's weight, the board's redraw times and the wait for your receipt."""
    redraws = tab.page.evaluate(
        "() => performance.getEntriesByName('board-redraw').map(e => e.duration)")
    raw, packed = first_load
    figures = {"first_load_bytes": raw, "first_load_gzip_bytes": packed,
               "confirm_to_receipt_ms": round(receipt_ms),
               "board_redraw_ms_max": max(redraws),
               "board_redraw_ms_median": sorted(redraws)[len(redraws) // 2],
               "redraws": len(redraws)}
    (ARTIFACTS / f"figures-{size}.json").write_text(json.dumps(figures, indent=1))
    # What a phone downloads on its first visit (about 2.5 s at 400 kbit/s), and what it
    # parses (docs/architecture.md).
    assert packed <= 125 * 1024 and raw <= 400 * 1024, figures


def _type_a_move(tab: Tab) -> list[dict[str, Any]]:
    """A real move typed on the keyboard from its first square; its band is then shown."""
    tiles = tab.best_move()
    tab.page.click(tab.square(tiles[0]["row"], tiles[0]["col"]))
    if len(tiles) > 1 and tiles[1]["col"] == tiles[0]["col"]:
        tab.page.keyboard.press(" ")
    for tile in tiles:
        tab.page.keyboard.press(tile["letter"])
    tab.page.wait_for_selector("[data-band]")
    return tiles


def _both_pass_twice(first: Tab, second: Tab) -> None:
    """Two passes in a row each: the match ends, and both see its end screen."""
    for tab in (first, second, first, second):
        tab.wait_my_turn()
        tab.tap("[data-action=pass]")
        tab.tap(".confirm-dialog [data-answer=yes]")
    for tab in (first, second):
        tab.page.wait_for_selector("#end-title", timeout=30_000)


def _play_again_in_the_room(ana: Tab, bia: Tab) -> None:
    """From the end screen the room reopens for the same two people, each accepting, and a
    new match starts at the same table."""
    first_match, table = ana.state("s.matchId"), ana.state(
        "[s.view.turnSeconds, s.view.roundLimit, s.view.cards, s.view.seats.length]")
    bia.tap("[data-action=rematch]")
    bia.page.wait_for_selector("#room-screen-title")
    ana.page.wait_for_selector("[data-rematch-offer]")
    assert "Bia quer jogar de novo" in ana.page.inner_text("[data-rematch-offer]")
    _shot(ana, "rematch-offer")
    _clean(ana, "the end screen with a rematch offer")
    ana.tap("[data-action=rematch]")
    for tab in (ana, bia):
        tab.page.wait_for_function(
            f"() => {{ const s = window.vanlexis.store.state; return s.view && "
            f"s.matchId !== '{first_match}' && s.view.status === 'active'; }}")
        assert tab.state("[s.view.turnSeconds, s.view.roundLimit, s.view.cards, "
                         "s.view.seats.length]") == table
    first, second = sorted((ana, bia), key=lambda t: int(t.state("s.view.you")))
    _both_pass_twice(first, second)


@pytest.mark.parametrize("size", SIZES)
def test_a_solo_match_against_two_bots(browser: Any, stack: LocalStack, size: str) -> None:
    width, height, touch = SIZES[size]
    tab = Tab(browser, stack.url, width, height, touch)
    first_load = _first_load(tab, stack)
    tab.page.wait_for_selector("#guest-name")
    _shot(tab, "entry")
    _clean(tab, "entry")
    tab.enter(f"Ana {size}"[:20])
    _shot(tab, "lobby")
    _clean(tab, "lobby")
    _start_solo(tab, bots=2)
    assert tab.page.evaluate("() => window.scrollY") == 0, "the board starts in view"
    assert tab.state("s.history.moves.length") == 0
    tab.sheet("partida")  # the goal and the theme: on a phone, in the sheet
    goal = tab.page.inner_text("[data-goal]")
    assert str(tab.view()["pointTarget"]) in goal and "Rodada 1 de 3" in goal
    assert "×1,25" in tab.page.inner_text("[data-theme]")
    if touch:
        _shot(tab, "sheet-partida")
        _clean(tab, "the sheet's Partida tab")
        tab.tap("[data-action=close-sheet]")

    if touch:
        board = "[data-viewport]"
        before = tab.page.locator(tab.square(10, 10)).bounding_box()
        tab.pinch(board, 60)
        tab.page.click("[data-action=zoom-in]")
        after = tab.page.locator(tab.square(10, 10)).bounding_box()
        assert before and after and after["width"] >= 32 > before["width"], (before, after)
    _move_then_return(tab)
    if touch:
        _quick_taps_keep_the_zoom(tab)
    tiles = tab.best_move(min_tiles=3)
    _place(tab, tiles)
    tab.page.wait_for_selector("[data-band]")
    preview = tab.state("s.preview.breakdown")
    words = tab.page.locator("[data-preview-words] li").all_inner_texts()
    assert len(words) == len(preview["words"]) and "pontos" in tab.page.inner_text(
        "[data-preview-points]")
    _shot(tab, "placed")
    _clean(tab, "table with tiles placed")
    tab.page.evaluate("() => { window.confirmedAt = performance.now(); }")
    tab.tap("[data-action=confirm]")

    # Your receipt opens by itself and stays while the bots' moves are shown one at a time.
    tab.page.wait_for_selector("[data-own-receipt]:not([hidden]) [data-receipt-total]")
    receipt_ms = tab.page.evaluate("() => performance.now() - window.confirmedAt")
    _receipt_stays(tab, height)
    _shot(tab, "receipt")
    _clean(tab, "table with a receipt open")
    _history_adds_up(tab)
    _wildcard_second(tab)
    _leave_then_a_new_match(tab)
    _figures(tab, size, first_load, receipt_ms)
    assert not tab.errors, tab.errors


def test_cards_show_while_they_act_and_the_keyboard_uses_a_wildcard(
        browser: Any, stack: LocalStack) -> None:
    """Mina's payouts left, the Letra Dobrada square marked on the board, and a letter you do
    not hold typed with a Coringa in the rack."""
    tab = Tab(browser, stack.url)
    tab.enter("Caio")
    _start_solo(tab, bots=1)
    match_id = tab.state("s.matchId")
    rack = tab.view()["rack"]

    def give(state: Any) -> Any:
        from dataclasses import replace

        from engine.state import Slot
        seat = state.seats[0]
        row = list(seat.row)
        row[0] = Slot("letra_dobrada", owned=True)
        return state.with_seat(0, replace(seat, rack=(rack[0], "?", *rack[2:]), mines=(3,),
                                          row=tuple(row)))
    rewrite_match(match_id, give)
    tab.page.reload()
    tab.wait_my_turn()
    assert "Mina" in tab.page.inner_text("[data-effect=mina]")
    tiles = tab.best_move(min_tiles=2)
    held = [t for t in tiles if t["letter"] in tab.view()["rack"]]
    missing = next(letter for letter in "QXZWKYJ" if letter not in tab.view()["rack"])
    tab.page.click(tab.square(held[0]["row"], held[0]["col"]))
    tab.page.keyboard.press(held[0]["letter"])
    tab.page.keyboard.press(missing)
    placed = tab.state("s.placed.map(p => [p.letter, p.wild])")
    assert placed[1] == [missing, True], placed
    tab.page.keyboard.press("Escape")
    tab.page.click("[data-arm='0']")
    target = tiles[0]
    tab.page.click(tab.square(target["row"], target["col"]))
    square = tab.page.locator(tab.square(target["row"], target["col"]))
    assert "doubled" in (square.get_attribute("class") or "")
    assert "Letra Dobrada" in (square.get_attribute("aria-label") or "")
    _shot(tab, "cards")
    _clean(tab, "table with cards at work")
    assert not tab.errors, tab.errors


def test_two_browsers_meet_by_room_code_and_in_the_queue(browser: Any,
                                                         stack: LocalStack) -> None:
    ana, bia = Tab(browser, stack.url), Tab(browser, stack.url, 360, 740, touch=True)
    ana.enter("Ana")
    bia.enter("Bia")
    _set(ana, "room-bots", "0")
    _set(ana, "room-rounds", "3")
    ana.page.evaluate("() => { document.getElementById('room-cards').checked = false; }")
    ana.page.click("[data-action=create-room]")
    code = ana.page.inner_text("[data-room-code]")
    assert ana.page.locator("[data-action=start-room]").is_disabled(), "alone: nothing to start"
    assert "pelo menos dois jogadores" in ana.page.inner_text("#room-alone")
    _both_sizes(ana, "room")
    bia.page.fill("#room-code", code.lower())
    bia.tap("form[data-form=join-room] button[type=submit]")
    ana.page.wait_for_function("() => window.vanlexis.store.state.room?.players.length === 2")
    assert ana.page.locator("#room-alone").count() == 0
    ana.page.click("[data-action=start-room]")
    ana.wait_my_turn()
    assert ana.page.locator("[data-market-panel]").is_hidden()  # no cards
    _type_a_move(ana)
    ana.page.click("[data-action=confirm]")
    bia.wait_my_turn()
    assert bia.state("s.history.moves[0].seat") == 0
    assert "Ana" in bia.page.inner_text("[data-history]")
    _both_pass_twice(bia, ana)
    assert ana.overflow() <= 0 and bia.overflow() <= 0
    _play_again_in_the_room(ana, bia)

    # The queue: two seats, both at once.
    for tab in (bia, ana):
        tab.tap("[data-action=to-lobby]")
        tab.page.wait_for_selector("[data-action=join-queue]")
        _set(tab, "queue-seats", "2")
        tab.tap("[data-action=join-queue]")
        if tab is bia:  # alone in the queue for now
            bia.page.wait_for_selector("#queue-title")
            _both_sizes(bia, "queue")
    for tab in (ana, bia):
        tab.page.wait_for_function("() => { const v = window.vanlexis.store.state.view; "
                                   "return v && v.status !== 'finished' && v.seats.length === 2; }")
    names = ana.state("s.view.seats.map(s => s.name)")
    assert sorted(names) == ["Ana", "Bia"]
    first, second = (ana, bia) if ana.state("s.view.you") == 0 else (bia, ana)
    _both_pass_twice(first, second)
    for tab in (ana, bia):
        assert "→" in tab.page.inner_text("#app")  # a Normal match is rated
    assert not ana.errors and not bia.errors, (ana.errors, bia.errors)
