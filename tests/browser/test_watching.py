"""A spectator watches a live room match by its link, in a third browser: the board follows
every move, the seats see that someone watches, and no frame the spectator receives holds a
rack (every frame is checked)."""

from __future__ import annotations

import json
from typing import Any

from infra.local.stack import LocalStack
from tests.browser.helpers import Tab
from tests.browser.test_browser import _both_pass_twice, _clean, _set, _shot, _type_a_move
from tests.browser.test_end_screen import _frames_of


def test_a_spectator_follows_a_live_room_match_and_never_gets_a_rack(
        browser: Any, stack: LocalStack) -> None:
    ana, bia = Tab(browser, stack.url), Tab(browser, stack.url, 360, 740, touch=True)
    ana.enter("Ana sala")
    bia.enter("Bia sala")
    _set(ana, "room-bots", "0")
    _set(ana, "room-rounds", "3")
    ana.page.click("[data-action=create-room]")
    code = ana.page.inner_text("[data-room-code]")
    bia.page.fill("#room-code", code)
    bia.tap("form[data-form=join-room] button[type=submit]")
    ana.page.wait_for_function("() => window.vanlexis.store.state.room?.players.length === 2")
    ana.page.click("[data-action=start-room]")
    ana.wait_my_turn()
    match_id = ana.state("s.matchId")

    caio = Tab(browser, f"{stack.url}#/partida/{match_id}", 360, 740, touch=True)
    frames = _frames_of(caio)
    caio.page.fill("#guest-name", "Caio")
    caio.tap("form[data-form=guest] button[type=submit]")
    caio.page.wait_for_selector("[data-live]")
    ana.page.wait_for_selector("[data-watchers]:has-text('1 pessoa assiste')")

    tiles = _type_a_move(ana)
    racks = [json.dumps(ana.state("s.view.rack")), json.dumps(bia.state("s.view.rack"))]
    ana.page.click("[data-action=confirm]")
    caio.page.wait_for_function(f"() => document.querySelectorAll('.replay-board .fb-tile')"
                                f".length === {len(tiles)}")
    assert "Ana sala" in caio.page.inner_text("[data-replay-move]")
    _shot(caio, "spectator")
    _clean(caio, "a spectator's view")
    bia.wait_my_turn()
    racks += [json.dumps(ana.state("s.view.rack")), json.dumps(bia.state("s.view.rack"))]
    _both_pass_twice(bia, ana)
    caio.page.wait_for_function("() => window.vanlexis.store.state.view.status === 'finished'")

    received = [json.loads(f) for f in frames if f.startswith("{")]
    assert [f for f in received if f.get("type") == "update"], "the spectator got the moves"
    for frame in received:
        view = frame.get("view")
        assert view is None or (view.get("rack") is None and "market" not in view), frame
    text = json.dumps(received)
    for rack in racks:
        assert rack not in text.replace(", ", ",").replace(",", ", ")
    assert not caio.errors and not ana.errors and not bia.errors
