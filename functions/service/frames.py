"""A seat's ``update`` as frames that each fit under API Gateway's 32 KB limit.

One command can carry many moves: when a person leaves a match against bots, the bots play
the rest of it inside that command, and the events with their receipts passed 50 KB. Such an
update goes out as several ``update`` frames, in order: the first ones are ``partial``, with a
slice of the events and no view; the last has the remaining events and the view (and the
caller's ``requestId``, so a client waiting for its answer sees it once everything arrived).
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from functions.protocol.frame_base import Encoded
from functions.protocol.limits import FRAME_BUDGET
from functions.protocol.server import EngineEvent, MatchView, Update


def _size(text: str) -> int:
    return len(text.encode("utf-8"))


def _event_size(event: EngineEvent) -> int:
    data = event.model_dump(mode="json")
    return _size(json.dumps(data, ensure_ascii=False, separators=(",", ":"))) + 1  # the comma


def update_frames(match_id: str, version: int, events: Sequence[EngineEvent],
                  view: MatchView, request_id: str | None,
                  budget: int = FRAME_BUDGET) -> list[Encoded]:
    """The frames of one seat's update (one, unless it would pass ``budget`` bytes)."""
    whole = Update(requestId=request_id, matchId=match_id, version=version,
                   events=list(events), view=view).dump()
    if _size(whole) <= budget:
        return [Encoded(whole, "update")]
    sizes = [_event_size(e) for e in events]
    last_base = _size(Update(requestId=request_id, matchId=match_id, version=version,
                             events=[], view=view).dump())
    partial_base = _size(Update(matchId=match_id, version=version, events=[],
                                partial=True).dump())
    # The last frame takes the newest events that fit beside the view ...
    split, used = len(events), last_base
    while split > 0 and used + sizes[split - 1] <= budget:
        split -= 1
        used += sizes[split]
    # ... and the older ones are cut into partial frames, each as full as the budget allows.
    chunks: list[list[EngineEvent]] = []
    start = 0
    while start < split:
        end, used = start + 1, partial_base + sizes[start]  # at least one event per frame
        while end < split and used + sizes[end] <= budget:
            used += sizes[end]
            end += 1
        chunks.append(list(events[start:end]))
        start = end
    frames = [Update(matchId=match_id, version=version, events=chunk, partial=True).dump()
              for chunk in chunks]
    frames.append(Update(requestId=request_id, matchId=match_id, version=version,
                         events=list(events[split:]), view=view).dump())
    return [Encoded(text, "update") for text in frames]
