"""Matches at one's own pace in Chromium: two people in two matches of 24-hour turns, Ana at
each size (Bia on a wide screen beside her). Ana's list puts her turns first; a row opens its
table at once; she plays a word; "Partidas" takes her back; and when Bia moves in the other
browser, Ana's list and the tab's title change without a reload."""

from __future__ import annotations

from typing import Any

import pytest

from engine.bots.search import ranked_moves
from engine.position import parse_position
from infra.local.stack import LocalStack
from tests.browser.conftest import ARTIFACTS
from tests.browser.helpers import Tab

SIZES = {"desktop": (1280, 800, False), "phone": (360, 740, True)}
DAY = 86400


def _shot(tab: Tab, name: str, size: str) -> None:
    tab.page.screenshot(path=str(ARTIFACTS / f"own-pace-{name}-{size}.png"))


def _set(tab: Tab, field: str, value: str) -> None:
    """Choose a setting (it may sit in a closed "Ajustes" group)."""
    tab.page.evaluate("([id, v]) => { document.getElementById(id).value = v; }", [field, value])


def _room(ana: Tab, bia: Tab) -> str:
    """Ana makes a room of 24-hour turns, Bia joins it by its code, Ana starts it; both then
    go back to their lists."""
    _set(ana, "room-turn", str(DAY))
    _set(ana, "room-bots", "0")
    _set(ana, "room-rounds", "5")
    ana.tap("[data-action=create-room]")
    code = ana.page.inner_text("[data-room-code]")
    bia.page.fill("#room-code", code)
    bia.tap("form[data-form=join-room] button[type=submit]")
    ana.page.wait_for_function("() => window.vanlexis.store.state.room?.players.length === 2")
    ana.tap("[data-action=start-room]")
    for tab in (ana, bia):
        tab.page.wait_for_selector("[data-table] [data-action=to-list]")
    match_id = str(ana.state("s.matchId"))
    for tab in (ana, bia):
        tab.tap("[data-action=to-list]")
        tab.page.wait_for_function(
            "(id) => window.vanlexis.store.state.matches.rows.some(r => r.matchId === id)",
            arg=match_id)
    return match_id


def _rows(tab: Tab) -> list[dict[str, Any]]:
    return list(tab.state("s.matches.rows"))


def _play_by_taps(tab: Tab) -> str:
    """A real word without a wildcard, put down tile by tile (a rack tile, then its square),
    then Confirmar; the word played."""
    view = tab.view()
    theme = view["theme"]["id"] if view.get("theme") else None
    rules, state, _ = parse_position({"board": view["board"], "rack": view["rack"],
                                      "theme": theme}, need_move=False)
    move = next(m for m in ranked_moves(rules, state, 0, top=60)
                if not any(t.wild for t in m.placement.tiles))
    for tile in move.placement.tiles:
        tab.tap(f"[data-rack='{tab.rack_index(tile.letter)}']")
        tab.page.evaluate("([r, c]) => window.vanlexis.table().board.followSquare(r, c)",
                          [tile.row, tile.col])
        tab.tap(tab.square(tile.row, tile.col))
    tab.page.wait_for_selector("[data-action=confirm]:not([disabled])")
    tab.tap("[data-action=confirm]")
    tab.page.wait_for_function("() => { const v = window.vanlexis.store.state.view; "
                               "return v && v.current !== v.you; }")
    return str(move.placement.tiles)


def _check_list(ana: Tab, matches: set[str], size: str) -> None:
    """Ana's list: both matches, her turn in each; the title counts them; axe finds nothing
    serious and nothing scrolls sideways."""
    ana.page.wait_for_selector(".lx-matches .match-row")
    assert {r["matchId"] for r in _rows(ana)} == matches
    assert all(r["yourTurn"] for r in _rows(ana))
    assert ana.page.title() == "(2) Vanlexis"
    text = ana.visible_text(".lx-matches")
    assert "Suas partidas" in text and "2 partidas na sua vez" in text
    assert "contra Bia" in text and "Sua vez" in text and "A partida começou." in text
    assert "23 h" in text  # the time left, in one coarse unit
    _shot(ana, "list", size)
    serious = [v for v in ana.axe() if v["impact"] in ("serious", "critical")]
    assert not serious, serious
    assert ana.overflow() <= 0


@pytest.mark.parametrize("size", SIZES)
def test_two_matches_at_ones_own_pace_from_the_list(browser: Any, stack: LocalStack,
                                                   size: str) -> None:
    width, height, touch = SIZES[size]
    ana = Tab(browser, stack.url, width, height, touch)
    bia = Tab(browser, stack.url)
    ana.enter(f"Ana {size}"[:20])
    bia.enter(f"Bia {size}"[:20])
    first, second = _room(ana, bia), _room(ana, bia)

    _check_list(ana, {first, second}, size)

    # A row opens its table at once; Ana plays a word and goes back to her list.
    ana.tap(f"[data-open-match='{second}']")
    ana.page.wait_for_selector("[data-table]")
    assert ana.state("s.matchId") == second
    ana.wait_my_turn()
    _shot(ana, "table", size)
    _play_by_taps(ana)
    bia_before = bia.page.title()
    _shot(ana, "table-after-move", size)
    ana.tap(".bar [data-action=to-list]")  # one tap, her receipt's sheet open or not
    ana.page.wait_for_selector(".lx-matches")
    # Her turn first: the match she just played moves below the one that waits for her.
    ana.page.wait_for_function(
        "(id) => window.vanlexis.store.state.matches.rows.at(-1)?.matchId === id", arg=second)
    assert [r["matchId"] for r in _rows(ana)] == [first, second]
    assert ana.page.title() == "(1) Vanlexis"
    assert "Vez de Bia" in ana.visible_text(".lx-matches")
    _shot(ana, "list-after-move", size)

    # Bia, on her list in the other browser, is told at once: the row and her title.
    bia.page.wait_for_function(
        "(id) => window.vanlexis.store.state.matches.rows.find(r => r.matchId === id)?.yourTurn",
        arg=second)
    assert bia.page.title() != bia_before and bia.page.title().startswith("(")
    assert "jogou" in bia.visible_text(f".match-row:has([data-open-match='{second}'])")

    # Bia answers; Ana's list and title follow without a reload.
    bia.tap(f"[data-open-match='{second}']")
    bia.wait_my_turn()
    bia.tap("[data-action=pass]")
    bia.tap(".confirm-dialog [data-answer=yes]")
    ana.page.wait_for_function("() => document.title === '(2) Vanlexis'")
    row = next(r for r in _rows(ana) if r["matchId"] == second)
    assert row["yourTurn"] and row["last"]["kind"] == "passed"
    assert f"Bia {size}"[:20] + " passou" in ana.visible_text(".lx-matches")
    _shot(ana, "list-told", size)
    assert not ana.errors, ana.errors
    assert not bia.errors, bia.errors
    ana.context.close()
    bia.context.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_forms_offer_ones_own_pace(browser: Any, stack: LocalStack, size: str) -> None:
    """The Solo form lists the own-pace turns apart from the live ones; the Normal queue at
    one's own pace says what happens while one waits, and lets one go back to the lobby."""
    width, height, touch = SIZES[size]
    ana = Tab(browser, stack.url, width, height, touch)
    ana.enter(f"Caio {size}"[:20])
    ana.tap(".mode-solo details summary")
    labels = ana.page.eval_on_selector_all(
        "#solo-turn optgroup", "groups => groups.map(g => [g.label, "
        "[...g.querySelectorAll('option')].map(o => o.textContent)])")
    assert labels[1] == ["No seu ritmo", ["1 hora", "8 horas", "24 horas", "3 dias"]], labels
    ana.page.select_option("#solo-turn", str(8 * 3600))
    ana.page.wait_for_function(
        "() => document.querySelector('[data-settings-summary=solo]')?.textContent"
        ".includes('8 horas por turno')")
    _shot(ana, "solo-form", size)
    ana.page.check("#queue-paced")
    _set(ana, "queue-seats", "2")
    ana.tap("[data-action=join-queue]")
    ana.page.wait_for_selector("#queue-title")
    text = ana.visible_text(".wait-card")
    assert "Robôs completam a mesa em 10 min" in text and "Suas partidas" in text, text
    _shot(ana, "queue", size)
    assert not [v for v in ana.axe() if v["impact"] in ("serious", "critical")]
    ana.tap("[data-action=to-list]")
    ana.page.wait_for_selector("[data-action=start-solo]")
    assert "Você está na fila no seu ritmo" in ana.visible_text(".waiting-note")
    _shot(ana, "lobby-waiting", size)
    ana.tap(".waiting-note [data-action=leave-queue]")
    ana.page.wait_for_function("() => !document.querySelector('.waiting-note')")
    assert not ana.errors, ana.errors
    ana.context.close()
