"""Matched in the queue, the page gets its match even when the first view never reaches it.

In the cloud a match's first view is sent as it starts, and a connection attached a moment
before may miss it. The browser's socket here drops the first ``view`` frame the server sends;
the page, told ``matched`` with the match id, asks for it (``resume``) and takes its seat.
"""

from __future__ import annotations

import json
from typing import Any

from infra.local.stack import LocalStack
from tests.browser.helpers import Tab


def _set(tab: Tab, field: str, value: str) -> None:
    tab.page.evaluate("([id, v]) => { document.getElementById(id).value = v; }", [field, value])


def test_a_lost_first_view_is_asked_for_again_when_matched(browser: Any,
                                                           stack: LocalStack) -> None:
    ana, bia = Tab(browser, stack.url), Tab(browser, stack.url, 360, 740, touch=True)
    dropped: list[str] = []
    sent: list[str] = []

    def lossy(ws: Any) -> None:
        server = ws.connect_to_server()

        def from_server(message: str | bytes) -> None:
            frame = json.loads(message)
            if frame.get("type") == "view" and not dropped:
                dropped.append(str(frame.get("matchId")))
                return  # lost on its way, as an eventually consistent lookup can lose it
            ws.send(message)

        def from_page(message: str | bytes) -> None:
            sent.append(json.loads(message).get("action", ""))
            server.send(message)
        server.on_message(from_server)
        ws.on_message(from_page)

    bia.page.route_web_socket("**/*", lossy)
    ana.enter("Ana")
    bia.enter("Bia")
    for tab in (bia, ana):
        tab.page.wait_for_selector("[data-action=join-queue]")
        _set(tab, "queue-seats", "2")
        tab.tap("[data-action=join-queue]")
    for tab in (ana, bia):
        tab.page.wait_for_function("() => { const v = window.vanlexis.store.state.view; "
                                   "return v && v.status !== 'finished' && v.seats.length === 2; }")
    assert dropped and bia.state("s.matchId") == dropped[0]
    assert "resume" in sent[sent.index("joinQueue"):]
    bia.page.wait_for_selector("[data-board]")
    bia.page.screenshot(path="test-artifacts/browser/queue-resume-360.png")
    ana.page.screenshot(path="test-artifacts/browser/queue-resume-1280.png")
    assert not ana.errors and not bia.errors, (ana.errors, bia.errors)
