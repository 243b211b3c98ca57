"""A person's list of matches ("Suas partidas"): its rows, kept after every write of a match,
and the list itself, read with one Query.

Rows are written by the outbox (:meth:`functions.service.delivery.Delivery.deliver`), never
inside the command's own write: a move costs its mover nothing more, and a row that fails to
be written is written again when the stream retries. A match at one's own pace refreshes its
people's rows after every write; a live match only when it starts and when it ends (its
players are at the table meanwhile, and the row says "ao vivo"). Every device of the person
that is open is sent the new row at once.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from engine.errors import RuleError
from engine.match import standings
from engine.state import MatchState
from engine.themes import theme_name
from functions.protocol.match_list import (
    LastMove,
    ListResult,
    ListSeat,
    MatchList,
    MatchRow,
    MatchRowChanged,
)
from functions.service.context import Context
from functions.storage.repository import MatchRecord
from functions.storage.seat_items import FINISHED_LISTED_S

#: finished matches the list shows (the latest ones)
FINISHED_SHOWN = 10


def _theme(theme_id: str | None) -> str | None:
    if theme_id is None:
        return None
    try:
        return theme_name(theme_id)
    except RuleError:  # a theme no longer shipped: its id is all there is to say
        return theme_id


def _last(state: MatchState) -> LastMove | None:
    """The last move a person would call one: a play, a swap, a pass or a turn run out."""
    for entry in reversed(state.history):
        kind = str(entry.get("kind"))
        if kind not in ("play", "swap", "passed", "timed_out"):
            continue
        seat = int(entry["seat"])
        words = list(entry.get("display") or entry.get("words") or [])
        return LastMove(seat=seat, name=state.seats[seat].name, kind=kind,  # type: ignore[arg-type]
                        word=str(words[0]) if kind == "play" and words else None,
                        points=int(entry["score"]) if kind == "play" else None,
                        count=int(entry["count"]) if kind == "swap" else None)
    return None


def _result(state: MatchState, seat: int) -> ListResult:
    order = standings(state)
    me = state.seats[seat]
    reason = str((state.result or {}).get("reason", "left" if me.left else ""))
    return ListResult(rank=order.index(seat) + 1, of=len(state.seats), score=me.score,
                      won=order[0] == seat and not me.left and len(state.seats) > 1,
                      left=me.left, reason=reason)


def row_for(record: MatchRecord, state: MatchState, seat: int,
            ended_ms: int | None) -> MatchRow:
    """The person in ``seat``'s row of this match (``ended_ms``: when it ended for them)."""
    settings = record.settings
    running = ended_ms is None and settings.paced
    current = state.current if running else None
    return MatchRow(
        match_id=record.match_id, mode=settings.mode, turn_seconds=settings.turn_seconds,
        paced=settings.paced, seat=seat,
        seats=[ListSeat(name=s.name, score=s.score, bot=s.bot, left=s.left)
               for s in state.seats],
        theme=_theme(state.theme_id), round=state.round, rounds=settings.rounds,
        current=current, your_turn=current == seat,
        deadline_ms=state.deadline_ms if running else None,
        last=_last(state) if settings.paced or ended_ms is not None else None,
        ended_ms=ended_ms, result=_result(state, seat) if ended_ms is not None else None,
        version=record.version)


def refresh(ctx: Context, record: MatchRecord, state: MatchState, at_ms: int, *,
            start: bool, final: bool, following: Collection[str] = ()) -> None:
    """Bring the rows of the match's people up to ``record`` and tell their open devices,
    but those ``following`` the match (their table has just been told the same).

    ``start``: the write that created the match; ``final``: the write that finished it. A
    match that is finished is written only by its final write (an earlier write's delivery
    that reads it finished leaves the row to that one, which says when it ended)."""
    repo = ctx.repository
    paced = record.settings.paced
    frames = []
    for seat, player_id in enumerate(record.players):
        if not player_id:
            continue
        left = state.seats[seat].left
        ended = state.finished or left
        if state.finished and not final:
            continue
        if not paced and not (start or ended):
            continue
        if ended and paced:
            repo.release_paced(player_id, record.match_id)
        row = row_for(record, state, seat, at_ms if ended else None)
        ttl = (at_ms // 1000 + FINISHED_LISTED_S) if ended else ctx.now_s() + repo.match_ttl_s
        if not repo.put_row(player_id, record.match_id, row.model_dump(mode="json"),
                            record.version, at_ms if ended else None, ttl):
            continue
        told = MatchRowChanged(row=row, serverTimeMs=ctx.clock_ms())
        frames += [(c, told) for c in repo.player_connections(player_id)
                   if c not in following]
    ctx.notifier.post_many(frames)


def _order(row: MatchRow) -> tuple[int, int]:
    """Live first, then your turn, then the nearest deadline."""
    urgent = 0 if not row.paced else (1 if row.your_turn else 2)
    return urgent, row.deadline_ms or 0


def listing(ctx: Context, player_id: str, request_id: str | None) -> MatchList:
    """Every unfinished match the person sits in, in the order they are likely to play them,
    then those finished in the last week, newest first."""
    now = ctx.clock_ms()
    items = ctx.repository.match_rows(player_id, ctx.pace.matches + 1 + FINISHED_SHOWN)
    rows: list[tuple[MatchRow, Any]] = [(MatchRow.model_validate(i["row"]), i.get("endedMs"))
                                        for i in items]
    running = sorted((r for r, ended in rows if ended is None), key=_order)
    finished = [r for r, ended in rows
                if ended is not None and int(ended) >= now - FINISHED_LISTED_S * 1000]
    return MatchList(requestId=request_id, matches=running + finished[:FINISHED_SHOWN],
                     serverTimeMs=now)
