"""A player in a browser tab: the page, its console errors, and what the store shows."""

from __future__ import annotations

from typing import Any

from engine.bots.search import ranked_moves
from engine.position import parse_position


class Tab:
    def __init__(self, browser: Any, url: str, width: int = 1280, height: int = 900) -> None:
        self.context = browser.new_context(viewport={"width": width, "height": height})
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error"
                     else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.url = url
        self.page.goto(url)

    def state(self, expression: str) -> Any:
        return self.page.evaluate(f"() => {{ const s = window.vanlexis.store.state; "
                                  f"return {expression}; }}")

    def enter(self, name: str) -> None:
        self.page.fill("#guest-name", name)
        self.page.click("form[data-form=guest] button")
        self.page.wait_for_selector("[data-action=start-solo]")

    def wait_my_turn(self, timeout: float = 30_000) -> None:
        self.page.wait_for_function(
            "() => { const v = window.vanlexis.store.state.view; "
            "return v && v.status !== 'finished' && v.current === v.you; }", timeout=timeout)

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

    def rack_index(self, letter: str) -> int:
        rack = self.state("s.view.rack")
        used = self.state("s.placed.map(p => p.rackIndex)")
        return next(i for i, code in enumerate(rack) if code == letter and i not in used)

    def square(self, row: int, col: int) -> str:
        return f".square[data-row='{row}'][data-col='{col}']"
