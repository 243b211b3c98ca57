"""A player in a browser tab: the page, its console errors, what the store shows, touch input
through the DevTools protocol, axe-core, and setting up a position in the stored match."""

from __future__ import annotations

import json
import time
from collections import deque
from dataclasses import replace
from pathlib import Path
from typing import Any

from engine.bots.search import ranked_moves
from engine.position import parse_position
from engine.state import MatchState
from functions import runtime

AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"


class Tab:
    def __init__(self, browser: Any, url: str, width: int = 1280, height: int = 800,
                 touch: bool = False, new_player: bool = False,
                 user_agent: str | None = None, context: Any = None) -> None:
        """``new_player``: this browser has never been offered the first-match tour (the other
        tests play as someone who has already seen it). ``user_agent``: the browser says it
        is another one (the device list names devices by it). ``context``: a browser context
        of the test's own (a profile on disk, which Chromium may install the site from)."""
        extra = {"user_agent": user_agent} if user_agent else {}
        self.context = context or browser.new_context(
            viewport={"width": width, "height": height}, is_mobile=touch, has_touch=touch,
            **extra)
        if not new_player:
            self.context.add_init_script("localStorage.setItem('vanlexis.tour', 'done')")
        self.page = self.context.new_page()
        self.touch = touch
        self.errors: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error"
                     else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        #: The last frames each way on the socket, in order, to say what led to a failure.
        self.frames: deque[str] = deque(maxlen=40)
        self.page.on("websocket", self._watch_socket)
        self.url = url
        self.page.goto(url)
        self.cdp = self.context.new_cdp_session(self.page) if touch else None

    def _watch_socket(self, socket: Any) -> None:
        socket.on("framesent", lambda body: self.frames.append("→ " + _gist(body)))
        socket.on("framereceived", lambda body: self.frames.append("← " + _gist(body)))

    def state(self, expression: str) -> Any:
        return self.page.evaluate(f"() => {{ const s = window.vanlexis.store.state; "
                                  f"return {expression}; }}")

    def tap(self, selector: str) -> None:
        """A finger's tap (touch) or a mouse click, on the first match that is shown (a phone
        and a wide screen may each show their own copy of a button)."""
        target = self.page.locator(selector).filter(visible=True).first
        if self.touch:
            target.tap()
        else:
            target.click()

    def sheet(self, tab: str) -> None:
        """Open the table's side on ``tab`` ("jogadas", "cartas", "partida"): on a phone it is
        a sheet opened from Mais; on a wide screen it is always there."""
        if self.page.locator("[data-action=open-sheet]").is_visible():
            if not self.page.locator(f"[data-side][data-tab={tab}]").count():
                if self.page.locator("[data-side][data-tab='']").count():
                    self.tap("[data-action=open-sheet]")
                self.tap(f"[data-sheet-tab={tab}]")
            self.page.wait_for_selector(f"[data-side][data-tab={tab}]")

    def leave_match(self) -> None:
        """Sair: beside the controls on a wide screen, in the sheet's Partida tab on a phone."""
        self.sheet("partida")
        self.tap("[data-action=leave-match]")

    def enter(self, name: str) -> None:
        self.page.fill("#guest-name", name)
        self.tap("form[data-form=guest] button[type=submit]")
        self.page.wait_for_selector("[data-action=start-solo]")

    def wait_my_turn(self, timeout: float = 30_000) -> None:
        """The seat's turn, once the opponents' moves have been shown. If it never comes, the
        error says what the page was showing instead."""
        try:
            self.page.wait_for_function(
                "() => { const s = window.vanlexis.store.state; const v = s.view; "
                "return v && v.status !== 'finished' && v.current === v.you && !s.pacing; }",
                timeout=timeout)
        except Exception as error:
            seen = self.state(
                "({ screen: s.screen, match: s.matchId, left: s.leftMatch, status: s.view?.status, "
                "current: s.view?.current, you: s.view?.you, turn: s.view?.turn, "
                "pacing: s.pacing && { queue: s.pacing.queue.length, current: s.pacing.current }, "
                "toast: s.toast, connection: s.connection })")
            raise AssertionError(f"never your turn: {seen}; errors {self.errors}; "
                                 f"frames {list(self.frames)}") from error

    def view(self) -> dict[str, Any]:
        return dict(self.state("s.view"))

    def best_move(self, min_tiles: int = 1) -> list[dict[str, Any]]:
        """A real move for this tab's rack, found by the engine from what the page shows."""
        view = self.view()
        theme = view["theme"]["id"] if view.get("theme") else None
        rules, state, _ = parse_position({"board": view["board"], "rack": view["rack"],
                                          "theme": theme}, need_move=False)
        moves = ranked_moves(rules, state, 0, top=40)
        move = next((m for m in moves if len(m.placement.tiles) >= min_tiles), moves[0])
        return [{"row": t.row, "col": t.col, "letter": t.letter, "wild": t.wild}
                for t in sorted(move.placement.tiles, key=lambda t: (t.row, t.col))]

    def wildcard_move(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """A real move that uses the rack's wildcard: one plain tile and the wildcard's tile
        (placed in that order, the wildcard is the move's second tile)."""
        view = self.view()
        theme = view["theme"]["id"] if view.get("theme") else None
        rules, state, _ = parse_position({"board": view["board"], "rack": view["rack"],
                                          "theme": theme}, need_move=False)
        for move in ranked_moves(rules, state, 0, top=200):
            tiles = [{"row": t.row, "col": t.col, "letter": t.letter, "wild": t.wild}
                     for t in move.placement.tiles]
            plain = [t for t in tiles if not t["wild"]]
            wild = [t for t in tiles if t["wild"]]
            if plain and wild:
                return plain[0], wild[0]
        raise AssertionError("no move with the wildcard")

    def rack_index(self, letter: str) -> int:
        rack = self.state("s.view.rack")
        used = self.state("s.placed.map(p => p.rackIndex)")
        return next(i for i, code in enumerate(rack) if code == letter and i not in used)

    def square(self, row: int, col: int) -> str:
        return f".square[data-row='{row}'][data-col='{col}']"

    def centre(self, selector: str) -> tuple[float, float]:
        box = self.page.locator(selector).bounding_box()
        assert box, selector
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    # -- touch through the DevTools protocol (Playwright has taps, not finger drags) -----------

    def touch_points(self, kind: str, points: list[tuple[float, float]]) -> None:
        assert self.cdp is not None
        self.cdp.send("Input.dispatchTouchEvent", {
            "type": kind, "touchPoints": [{"x": x, "y": y, "id": i} for i, (x, y) in
                                          enumerate(points)]})

    def finger_drag(self, source: str, target: str, steps: int = 10) -> None:
        (x0, y0), (x1, y1) = self.centre(source), self.centre(target)
        self.touch_points("touchStart", [(x0, y0)])
        for i in range(1, steps + 1):
            self.touch_points("touchMove", [(x0 + (x1 - x0) * i / steps,
                                             y0 + (y1 - y0) * i / steps)])
        self.touch_points("touchEnd", [])

    def pinch(self, selector: str, spread: float) -> None:
        """Two fingers on the element move apart by ``spread`` px each."""
        x, y = self.centre(selector)
        self.touch_points("touchStart", [(x - 20, y), (x + 20, y)])
        for i in range(1, 9):
            d = 20 + spread * i / 8
            self.touch_points("touchMove", [(x - d, y), (x + d, y)])
        self.touch_points("touchEnd", [])

    # -- checks ----------------------------------------------------------------------------------

    def axe(self) -> list[dict[str, Any]]:
        """axe-core's serious and critical violations on the page as it is now (WCAG 2.2 AA)."""
        if not self.page.evaluate("() => Boolean(window.axe)"):
            self.page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
        result = self.page.evaluate("""async () => {
            const r = await axe.run(document, { runOnly: { type: 'tag', values:
              ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
              rules: { 'label-content-name-mismatch': { enabled: true } } });
            return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
              .map(v => ({ id: v.id, impact: v.impact, count: v.nodes.length,
                           first: v.nodes[0].html.slice(0, 160) }));
        }""")
        return list(result)

    def rect(self, selector: str) -> dict[str, float] | None:
        """The first shown element's box on screen (left, top, right, bottom), or None."""
        found = self.page.evaluate("""(sel) => {
            const el = [...document.querySelectorAll(sel)].find((e) => e.getClientRects().length);
            if (!el) return null;
            const b = el.getBoundingClientRect();
            return { left: b.left, top: b.top, right: b.right, bottom: b.bottom };
        }""", selector)
        return dict(found) if found else None

    def covers(self, over: str, under: str, slack: float = 1) -> bool:
        """Whether the first shown ``over`` overlaps the first shown ``under`` on screen."""
        a, b = self.rect(over), self.rect(under)
        return bool(a and b) and a["left"] < b["right"] - slack and b["left"] < a["right"] - slack \
            and a["top"] < b["bottom"] - slack and b["top"] < a["bottom"] - slack

    def visible_text(self, selector: str = "body") -> str:
        """What a person can read in ``selector`` now (hidden parts left out)."""
        return str(self.page.locator(selector).first.inner_text())

    def overflow(self) -> int:
        """How many px the page is wider than the screen (0: no sideways scrolling)."""
        return int(self.page.evaluate(
            "() => document.documentElement.scrollWidth - window.innerWidth"))


def rewrite_match(match_id: str, change: Any) -> None:
    """Arrange a position: change the stored match (``change(state) -> state``) as a test
    fixture would, through the repository the handlers use."""
    repo = runtime.current().ctx.repository
    record = repo.load_match(match_id)
    assert record is not None
    state = change(MatchState.from_json(record.state))
    state = replace(state, version=record.version + 1)
    repo.save_match(replace(record, version=state.version, state=state.to_json()),
                    record.version, 0)


def wait_finished(match_id: str, timeout_s: float = 30) -> None:
    """Until the stored match is over (a leave is applied after the page has moved on)."""
    repo = runtime.current().ctx.repository
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        record = repo.load_match(match_id)
        if record is not None and record.finished:
            return
        time.sleep(0.05)
    raise AssertionError(f"match {match_id} never finished")


def with_rack(seat: int, rack: list[str]) -> Any:
    def change(state: MatchState) -> MatchState:
        return state.with_seat(seat, replace(state.seats[seat], rack=tuple(rack)))
    return change


def _gist(body: Any) -> str:
    """A frame in a few words: its type or action, match, status and request id."""
    try:
        data = json.loads(body)
    except (TypeError, ValueError):
        return str(body)[:60]
    if not isinstance(data, dict):
        return str(body)[:60]
    found = data.get("view")
    view: dict[str, Any] = found if isinstance(found, dict) else {}
    parts = [data.get("type") or data.get("action"), data.get("matchId"),
             data.get("status") or view.get("status"), data.get("activeMatch"),
             data.get("code"), data.get("requestId")]
    return " ".join(str(p) for p in parts if p)
