"""What each seat did in a match, for the end screen: read from the public move history and
the seats' public counters, so any seat (or a replay) gets the same summary.

- ``best_move``: the play that scored most (ties: the earliest), with its main word in display
  spelling, its points, band and round;
- ``bands``: the seat's plays by the band of their main word;
- ``longest_word``, ``longest_chain`` and ``cards_used``: the seat's counters (a sold card is
  not a used one).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.rules import Band
from engine.state import MatchState


def _best(plays: list[Mapping[str, Any]]) -> dict[str, object] | None:
    if not plays:
        return None
    best = max(plays, key=lambda e: (int(e["score"]), -int(e["move"])))
    display = list(best.get("display") or best.get("words") or [""])
    return {"word": str(display[0]), "points": int(best["score"]), "band": str(best["band"]),
            "round": int(best["round"]), "move": int(best["move"])}


def seat_summaries(state: MatchState, shown: Callable[[str], str]) -> list[dict[str, object]]:
    """One summary per seat, in seat order; ``shown`` gives a folded word's display spelling."""
    out = []
    for index, seat in enumerate(state.seats):
        moves = [e for e in state.history if e.get("seat") == index]
        plays = [e for e in moves if e.get("kind") == "play"]
        bands = {band.label: 0 for band in Band}
        for play in plays:
            bands[str(play["band"])] = bands.get(str(play["band"]), 0) + 1
        out.append({
            "seat": index, "name": seat.name, "score": seat.score,
            "best_move": _best(plays),
            "longest_word": shown(seat.longest_word) if seat.longest_word else "",
            "plays": len(plays),
            "swaps": sum(1 for e in moves if e.get("kind") == "swap"),
            "passes": sum(1 for e in moves if e.get("kind") in ("passed", "timed_out")),
            "bands": bands,
            "longest_chain": seat.longest_chain,
            "cards_used": seat.cards_used,
        })
    return out
