"""The end of a match as a player meets it: the result with the longest words as they are
written, the final board, each player's summary, every move with its receipt, and a lobby
that already counts the match."""

from __future__ import annotations

import json
from typing import Any

import pytest

from infra.local.stack import LocalStack
from tests.browser.helpers import Tab, wait_finished
from tests.browser.test_browser import SIZES, _clean, _place, _set, _shot


def _play_round_one(tab: Tab, min_tiles: int) -> None:
    """A two-round solo match against a beginner bot: a real play in round 1, then the
    seat's turn in round 2."""
    for field, value in (("solo-bots", "1"), ("solo-level", "1"), ("solo-rounds", "2")):
        _set(tab, field, value)
    tab.tap("[data-action=start-solo]")
    tab.page.wait_for_selector("[data-board]")
    tab.wait_my_turn()
    _place(tab, tab.best_move(min_tiles=min_tiles))
    tab.page.wait_for_selector("[data-band]")
    tab.tap("[data-action=confirm]")
    tab.page.wait_for_function("() => window.vanlexis.store.state.view.round === 2")
    tab.wait_my_turn()


def _check_the_review(tab: Tab) -> None:
    """Your two moves, each against the best move there (the pass left points)."""
    tab.page.wait_for_selector("[data-review-summary]")
    reviewed = tab.state("s.review.moves")
    assert [r["kind"] for r in reviewed] == ["play", "passed"]
    passed = reviewed[1]
    assert passed["left"] == passed["best"]["score"] > 0
    left = sum(r["left"] for r in reviewed)
    assert f"Você deixou {left} pontos na mesa" in tab.page.inner_text("[data-review-summary]")
    tab.tap(f"#review-{passed['move']}-best")
    receipt = f"[data-review-move='{passed['move']}'] [data-receipt-total]"
    tab.page.wait_for_selector(receipt)
    assert f"{passed['best']['score']} pontos" in tab.page.inner_text(receipt)
    _shot(tab, "end-review")
    _clean(tab, "the end screen with a review receipt open")



@pytest.mark.parametrize("size", SIZES)
def test_a_solo_match_ends_on_the_whole_story_of_the_match(browser: Any, stack: LocalStack,
                                                         size: str) -> None:
    width, height, touch = SIZES[size]
    tab = Tab(browser, stack.url, width, height, touch)
    tab.enter(f"Rui {size}"[:20])
    _play_round_one(tab, min_tiles=3)  # round 1: a play; round 2: a pass
    tab.tap("[data-action=pass]")
    tab.tap(".confirm-dialog [data-answer=yes]")
    tab.page.wait_for_selector("#end-title", timeout=60_000)
    tab.page.wait_for_function("() => window.vanlexis.store.state.history.older === 0 || "
                               "window.vanlexis.store.state.history.older === null")

    view = tab.view()
    tiles = sum(1 for row in view["board"] for cell in row if cell != ".")
    assert tab.page.locator(".final-board .fb-tile").count() == tiles > 0
    moves = tab.state("s.history.moves")
    assert tab.page.locator(".end-history > li").count() == view["moves"] == len(moves)
    summary = {s["seat"]: s for s in view["summary"]}
    mine = [m for m in moves if m["seat"] == view["you"] and m["kind"] == "play"]
    best = max(mine, key=lambda m: m["points"])
    shown = tab.page.inner_text(f"#summary-{view['you']} ~ dl [data-best-move]")
    assert best["words"][0].upper() in shown and f"{best['points']} pontos" in shown
    assert summary[view["you"]]["bestMove"]["points"] == best["points"]
    longest = view["result"]["ranking"][0]["longestWord"]
    assert longest and longest == longest.lower()  # the display spelling, accents and all
    _shot(tab, "end")
    _clean(tab, "the end screen")

    tab.tap(f"#end-move-{best['move']}")
    tab.page.wait_for_selector(".end-history [data-receipt-total]")
    assert f"{best['points']} pontos" in tab.page.inner_text(".end-history [data-receipt-total]")
    assert tab.page.evaluate("() => document.activeElement?.id") == f"end-move-{best['move']}"
    _clean(tab, "the end screen with a receipt open")

    _check_the_review(tab)

    tab.tap("[data-action=to-lobby]")  # the lobby counts the match at once, with no reload
    tab.page.wait_for_selector("[data-profile]")
    assert "1 partida jogada" in tab.page.inner_text("[data-profile]")
    assert not tab.errors, tab.errors


def _frames_of(tab: Tab) -> list[str]:
    """Every frame the tab's socket receives from now on."""
    frames: list[str] = []

    def on_socket(ws: Any) -> None:
        ws.on("framereceived", lambda f: frames.append(f if isinstance(f, str) else f.decode()))

    tab.page.on("websocket", on_socket)
    return frames


def _wait_for_all_moves(tab: Tab) -> None:
    tab.page.wait_for_function("() => { const h = window.vanlexis.store.state.history; "
                               "return h.loaded && !h.older; }")


def test_a_replay_link_shows_the_match_move_by_move_without_any_rack(
        browser: Any, stack: LocalStack) -> None:
    ana = Tab(browser, stack.url)
    ana.enter("Ana replay")
    _play_round_one(ana, min_tiles=2)
    ana.leave_match()
    ana.tap(".confirm-dialog [data-answer=yes]")
    ana.page.wait_for_selector("[data-action=start-solo]")
    match_id = ana.page.evaluate("() => window.vanlexis.store.state.leftMatch")
    wait_finished(match_id)  # the page moved on at once; the server applies the leave

    # The one who played it: the same replay, with their review beside their own moves.
    ana.page.evaluate(f"() => {{ location.hash = '#/partida/{match_id}'; }}")
    ana.page.wait_for_selector("#replay-title")
    _wait_for_all_moves(ana)
    ana.tap("[data-action=replay-next]")
    ana.page.wait_for_selector(".replay-review [data-review-move='0']")
    assert "Rodada 1:" in ana.page.inner_text(".replay-review")
    _clean(ana, "a replay with the review")

    # Someone else opens the link in another browser: the match, move by move, no rack.
    for width, height, touch in SIZES.values():
        bia = Tab(browser, f"{stack.url}#/partida/{match_id}", width, height, touch)
        frames = _frames_of(bia)
        bia.page.fill("#guest-name", f"Bia {width}")  # a new player: a name, then the replay
        bia.tap("form[data-form=guest] button[type=submit]")
        bia.page.wait_for_selector("#replay-title")
        _wait_for_all_moves(bia)
        moves = bia.state("s.history.moves.length")
        assert moves >= 2 and bia.state("s.view.rack") is None
        assert bia.page.locator(".replay-board .fb-tile").count() == 0  # before the first move
        bia.tap("[data-action=replay-next]")
        first = bia.state("s.history.moves[0]")
        placed = len(first["tiles"]) if first["kind"] == "play" else 0
        assert bia.page.locator(".replay-board .fb-tile").count() == placed
        assert f"Lance 1 de {moves}" in bia.page.inner_text(".replay-range")
        _shot(bia, "replay")
        _clean(bia, "a replay")
        bia.tap("[data-action=replay-last]")
        final = bia.view()["board"]
        assert bia.page.locator(".replay-board .fb-tile").count() == \
            sum(1 for row in final for cell in row if cell != ".")
        racks = [json.loads(f) for f in frames if f.startswith("{")]
        assert all(f.get("view", {}).get("rack") is None for f in racks if "view" in f)
        assert not any("position" in m for f in racks for m in f.get("moves", []))
        assert not bia.errors, bia.errors
