"""The stored move log: one command's moves as history entries with their receipts, and the
pages the ``history`` action answers with.

The engine's history keeps every move in the match state, but without receipts (they would
make every state write heavy). Each command's new moves are stored beside the state instead,
joined with the breakdown and tiles of their ``move_played`` events, so a player can page
back through the whole match and see where every point came from.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from engine.events import Event
from engine.review import position_before
from engine.state import MatchState
from functions.protocol.frame_base import Encoded
from functions.protocol.limits import FRAME_BUDGET
from functions.protocol.server import Breakdown, History, HistoryEntry


def entry(move: Mapping[str, Any], played: Mapping[str, Any] | None) -> HistoryEntry:
    """One engine history entry as the protocol's, with its play's receipt when it is one."""
    play = move["kind"] == "play"
    if play and played is None:
        raise ValueError(f"move {move['move']} is a play without its move_played event")
    return HistoryEntry(
        move=int(move["move"]), turn=int(move["turn"]), round=int(move["round"]),
        seat=int(move["seat"]), kind=move["kind"],
        words=list(move.get("display", [])) if play else [],
        band=move.get("band") if play else None, points=int(move.get("score", 0)),
        total=int(move["total"]),
        tiles=[(int(r), int(c), str(cell)) for r, c, cell in played["tiles"]]
        if play and played is not None else None,
        count=move.get("count"),
        breakdown=Breakdown.model_validate(played["breakdown"])
        if play and played is not None else None)


def batch(before: MatchState | None, after: MatchState, events: Sequence[Event],
          person: int | None = None, request: str | None = None) -> list[dict[str, Any]]:
    """The moves a command made (every entry ``after`` added to ``before``'s history), as
    stored: validated against the protocol now, so a mismatch fails the write, not a page.

    ``person``: the seat of the person whose command it is; their move keeps, privately
    (``POSITION``, never sent in a page), the position it was made from, for the review, and
    the ``request`` id that made it (``REQUEST``: an audit trail, also private)."""
    new = after.history[len(before.history) if before is not None else 0:]
    played = {int(e.data["move"]): e.data for e in events if e.kind == "move_played"}
    out = [entry(h, played.get(int(h["move"]))).model_dump(mode="json") for h in new]
    if before is not None and person is not None and out and out[0]["seat"] == person:
        out[0][POSITION] = position_before(before, person).to_json()
        if request is not None:
            out[0][REQUEST] = request
    return out


POSITION = "position"  # the private field of a stored move: what its seat faced
REQUEST = "request"  # the private field of a person's stored move: the request that made it
_PRIVATE = (POSITION, REQUEST)


def public(stored: Mapping[str, Any]) -> dict[str, Any]:
    """A stored move without its private fields (position, request)."""
    return {k: v for k, v in stored.items() if k not in _PRIVATE}


def _size(data: object) -> int:
    return len(json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))


def page_frame(request_id: str, match_id: str, stored: list[dict[str, Any]],
               older: int | None, total: int, budget: int = FRAME_BUDGET) -> Encoded:
    """The ``history`` frame of a page, trimmed from its oldest end to fit ``budget``: a page
    of 50 plays with many crossing words could pass API Gateway's limit. ``older`` moves up
    to the first move kept, so the client asks for the dropped moves with the next page."""
    moves = [HistoryEntry.model_validate(public(e)) for e in stored]
    frame = History(requestId=request_id, matchId=match_id, moves=[], total=total, older=older)
    room = budget - len(frame.dump().encode("utf-8"))
    sizes = [_size(m.model_dump(mode="json")) + 1 for m in moves]  # +1: the comma
    first = 0
    while first < len(moves) - 1 and sum(sizes[first:]) > room:
        first += 1
    while True:
        kept = moves[first:]
        text = History(requestId=request_id, matchId=match_id, moves=kept, total=total,
                       older=kept[0].move if first else older).dump()
        if len(text.encode("utf-8")) <= budget or first >= len(moves) - 1:
            return Encoded(text, "history")
        first += 1
