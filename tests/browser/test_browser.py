"""The game in a real browser: a whole solo match, and two browsers through the lobby."""

from __future__ import annotations

import json
from typing import Any

from infra.local.stack import LocalStack
from tests.browser.conftest import ARTIFACTS
from tests.browser.helpers import Tab


def _drag(tab: Tab, rack_index: int, row: int, col: int) -> None:
    page = tab.page
    source = page.locator(f"[data-rack='{rack_index}']").bounding_box()
    target = page.locator(tab.square(row, col)).bounding_box()
    assert source and target
    page.mouse.move(source["x"] + source["width"] / 2, source["y"] + source["height"] / 2)
    page.mouse.down()
    page.mouse.move(target["x"] + 2, target["y"] + 2, steps=8)
    page.mouse.move(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2,
                    steps=4)
    page.mouse.up()


def _place_three_ways(tab: Tab, tiles: list[dict[str, Any]]) -> None:
    """The first tile by drag, the second by tap, the rest by typing."""
    first, second, *rest = tiles
    _drag(tab, tab.rack_index(first["letter"]), first["row"], first["col"])
    tab.page.click(f"[data-rack='{tab.rack_index(second['letter'])}']")
    tab.page.click(tab.square(second["row"], second["col"]))
    if rest:
        across = rest[0]["row"] == second["row"]
        tab.page.click(tab.square(rest[0]["row"], rest[0]["col"]))  # puts the cursor there
        if (tab.state("s.cursor.dir") == "across") != across:
            tab.page.keyboard.press(" ")
        for tile in rest:
            tab.page.keyboard.press(tile["letter"])
    placed = tab.state("s.placed.map(p => [p.row, p.col, p.letter])")
    assert sorted(placed) == sorted([t["row"], t["col"], t["letter"]] for t in tiles)


def _shots(tab: Tab, name: str) -> None:
    tab.page.screenshot(path=str(ARTIFACTS / f"{name}-1280.png"))
    tab.page.set_viewport_size({"width": 360, "height": 780})
    tab.page.screenshot(path=str(ARTIFACTS / f"{name}-360.png"), full_page=True)
    tab.page.set_viewport_size({"width": 1280, "height": 900})


def test_a_whole_solo_match_in_the_browser(browser: Any, stack: LocalStack) -> None:
    tab = Tab(browser, stack.url)
    first_load = tab.page.evaluate(
        "() => performance.getEntriesByType('resource').concat(performance.getEntriesByType("
        "'navigation')).reduce((n, e) => n + (e.decodedBodySize || 0), 0)")
    tab.enter("Ana")
    assert "Rating" in tab.page.inner_text("[data-profile]")
    tab.page.click("[data-leaderboard-box] summary")
    assert "classificação" in tab.page.inner_text("[data-leaderboard-box]").lower()
    tab.page.select_option("#solo-bots", "1")
    tab.page.select_option("#solo-level", "1")
    tab.page.select_option("#solo-rounds", "5")
    tab.page.select_option("#solo-turn", "20")
    tab.page.click("[data-action=start-solo]")
    tab.page.wait_for_selector(".board")

    # Turn 1: a real word, placed by drag, tap and keyboard; the band before confirming.
    tab.wait_my_turn()
    _place_three_ways(tab, tab.best_move(min_tiles=3))
    tab.page.wait_for_selector("[data-band]")
    band = tab.page.get_attribute("[data-band]", "data-band")
    assert band in {"Frio", "Morno", "Quente", "Escaldante"}
    assert "pontos" in tab.page.inner_text("[data-preview-points]")
    _shots(tab, "preview")
    tab.page.keyboard.press("Enter")
    tab.page.wait_for_function("() => window.vanlexis.store.state.receipt !== null")
    tab.page.click("[data-receipt-details] summary")
    assert "Total" in tab.page.inner_text("[data-receipt-details]")

    # Turn 2: buy a card and use it, then swap.
    tab.wait_my_turn()
    bought = _buy_and_use_a_card(tab)
    tab.page.click("[data-action=swap]")
    tab.page.click("[data-rack='0']")
    tab.page.click("[data-rack='1']")
    tab.page.click("[data-action=confirm]")
    tab.page.wait_for_function(
        "() => window.vanlexis.store.state.log.some(l => l.includes('trocou'))")

    # Turn 3: reload mid-match, the seat comes back; then pass.
    tab.wait_my_turn()
    match_id = tab.state("s.matchId")
    tab.page.reload()
    tab.wait_my_turn()
    assert tab.state("s.matchId") == match_id and len(tab.state("s.view.rack")) >= 7
    tab.page.click("[data-action=pass]")
    tab.page.wait_for_function(
        "() => window.vanlexis.store.state.log.some(l => l.includes('passou'))")

    # Turn 4: let the clock run out; the turn passes and the match ends.
    tab.wait_my_turn()
    tab.page.wait_for_selector("#end-title", timeout=60_000)
    assert any("tempo" in line for line in tab.state("s.log"))
    assert "Primeira partida" in tab.page.inner_text("[data-rewards]")
    _shots(tab, "end")
    redraws = tab.page.evaluate(
        "() => performance.getEntriesByName('board-redraw').map(e => e.duration)")
    figures = {"first_load_bytes": first_load, "board_redraw_ms_max": max(redraws),
               "board_redraw_ms_median": sorted(redraws)[len(redraws) // 2],
               "redraws": len(redraws), "card_bought": bought}
    (ARTIFACTS / "figures.json").write_text(json.dumps(figures, indent=1))
    assert first_load <= 300 * 1024, figures
    assert not tab.errors, tab.errors
    assert "rack" not in tab.page.inner_text("body").lower()


def _buy_and_use_a_card(tab: Tab) -> str:
    """Buy the cheapest card this seat can afford, and use it (with its target step)."""
    offers: list[tuple[int, dict[str, Any]]] = []
    for _ in range(2):
        market = tab.state("s.view.market")
        offers = sorted(((slot, card) for slot, card in enumerate(market["row"])
                         if card and not card["owned"] and card["price"] <= market["coins"]
                         and card["target"] in (None, "square", "tiles", "seat", "letter")),
                        key=lambda pair: pair[1]["price"])
        if offers:
            break
        tab.page.click("[data-action=pass]")  # save coins for a turn
        tab.wait_my_turn()
    assert offers, "no card affordable in two turns"
    slot, card = offers[0]
    tab.page.click(f"[data-buy='{slot}']")
    tab.page.wait_for_function(f"() => window.vanlexis.store.state.view.market.row[{slot}]?.owned")
    if card["kind"] == "move":
        tab.page.click(f"[data-arm='{slot}']")
        return str(card["id"])
    tab.page.click(f"[data-use='{slot}']")
    if card["target"] == "square":
        tab.page.click(tab.square(0, 0))
    elif card["target"] == "tiles":
        tab.page.click("[data-rack='0']")
        tab.page.click("[data-action=confirm]")
    tab.page.wait_for_function(
        f"() => !window.vanlexis.store.state.view.market.row[{slot}]?.owned")
    return str(card["id"])


def test_two_browsers_meet_by_room_code_and_in_the_queue(browser: Any,
                                                         stack: LocalStack) -> None:
    ana, bia = Tab(browser, stack.url), Tab(browser, stack.url, width=360, height=780)
    ana.enter("Ana")
    bia.enter("Bia")
    ana.page.select_option("#room-bots", "0")
    ana.page.select_option("#room-rounds", "3")
    ana.page.uncheck("#room-cards")
    ana.page.click("[data-action=create-room]")
    code = ana.page.inner_text("[data-room-code]")
    bia.page.fill("#room-code", code.lower())
    bia.page.click("form[data-form=join-room] button")
    ana.page.wait_for_function("() => window.vanlexis.store.state.room?.players.length === 2")
    ana.page.click("[data-action=start-room]")
    ana.wait_my_turn()
    assert not ana.page.query_selector("[data-market-panel]:not([hidden])")  # no cards
    tiles = ana.best_move()
    ana.page.click(ana.square(tiles[0]["row"], tiles[0]["col"]))
    if len(tiles) > 1 and tiles[1]["col"] == tiles[0]["col"]:
        ana.page.keyboard.press(" ")
    for tile in tiles:
        ana.page.keyboard.press(tile["letter"])
    ana.page.wait_for_selector("[data-band]")
    ana.page.click("[data-action=confirm]")
    bia.wait_my_turn()
    assert bia.state("s.receipt.name") == "Ana"
    for tab in (bia, ana, bia, ana):  # two passes in a row each: the match ends
        tab.wait_my_turn()
        tab.page.click("[data-action=pass]")
    for tab in (ana, bia):
        tab.page.wait_for_selector("#end-title", timeout=30_000)
    _shots(bia, "room-end")

    # The queue: two seats, both at once.
    for tab in (ana, bia):
        tab.page.click("[data-action=to-lobby]")
        tab.page.select_option("#queue-seats", "2")
        tab.page.click("[data-action=join-queue]")
    for tab in (ana, bia):
        tab.page.wait_for_selector(".board")
    names = ana.state("s.view.seats.map(s => s.name)")
    assert sorted(names) == ["Ana", "Bia"]
    first, second = (ana, bia) if ana.state("s.view.you") == 0 else (bia, ana)
    for tab in (first, second, first, second):  # two passes each end the queue's match
        tab.wait_my_turn()
        tab.page.click("[data-action=pass]")
    for tab in (ana, bia):
        tab.page.wait_for_selector("#end-title", timeout=30_000)
        # a Normal match is rated: the end screen shows the rating change
        assert "→" in tab.page.inner_text(".standings")
        rack = tab.state("s.view.rack")
        assert tab.page.locator(".rack [data-rack]").count() in (0, len(rack))
    assert not ana.errors and not bia.errors, (ana.errors, bia.errors)
