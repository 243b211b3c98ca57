"""The post-game review: computed from the positions kept with each person's moves
(engine/review.py does the searching) when the match ends, stored with the match, and sent
only to its own seat, in pages that fit a frame.

The request that ends the match computes it after it has posted every end frame, so the end
screen is not kept waiting (16 ms a move, about 1 s for a 15-round four-seat match, on one
core; ``bench/review.py``); the first request for a review computes it if that failed.
"""

from __future__ import annotations

from typing import Any

from engine.review import Position, review_move, review_summary
from engine.state import MatchState
from functions.protocol.frame_base import Encoded
from functions.protocol.limits import FRAME_BUDGET
from functions.protocol.server import MoveReview, ReviewPage, ReviewSummary
from functions.service.context import Context
from functions.service.errors import ServiceError
from functions.service.history import POSITION
from functions.storage.repository import MatchRecord

PAGE = 50  # stored moves read per query


def _stored_moves(ctx: Context, match_id: str) -> list[dict[str, Any]]:
    moves: list[dict[str, Any]] = []
    before: int | None = None
    while True:
        page, older = ctx.repository.load_moves(match_id, before, PAGE)
        moves = page + moves
        if not older:
            return moves
        before = older


def seat_review(ctx: Context, record: MatchRecord, state: MatchState,
                seat: int) -> dict[str, Any]:
    """The seat's review, computed and kept the first time."""
    kept = ctx.repository.get_review(record.match_id, seat)
    if kept is not None:
        return kept
    rules = record.settings.rules()
    reviews = []
    for stored in _stored_moves(ctx, record.match_id):
        if int(stored["seat"]) != seat or POSITION not in stored:
            continue  # another seat's move, or one whose position was not kept
        played = {"move": stored["move"], "kind": stored["kind"], "score": stored["points"],
                  "band": stored.get("band")}
        reviews.append(review_move(rules, Position.from_json(stored[POSITION]), seat,
                                   len(state.seats), played, ctx.resources))
    review = {"seat": seat, "summary": review_summary(reviews), "moves": reviews}
    ctx.repository.put_review(record.match_id, seat, review, ctx.now_s())
    return review


def review_page(ctx: Context, record: MatchRecord, state: MatchState, seat: int, start: int,
                request_id: str) -> Encoded:
    """The frame with the seat's reviewed moves from ``start`` on, as many as fit."""
    if not state.finished:
        raise ServiceError("review.not_finished",
                           "A revisão fica pronta quando a partida termina.")
    review = seat_review(ctx, record, state, seat)
    moves = [MoveReview.model_validate(m) for m in review["moves"]]
    summary = ReviewSummary.model_validate(review["summary"])
    if start > len(moves):
        raise ServiceError("message.invalid",
                           f"Mensagem inválida (página): a revisão tem {len(moves)} "
                           f"{'lance' if len(moves) == 1 else 'lances'}.")
    end = len(moves)
    while True:
        page = ReviewPage(requestId=request_id, matchId=record.match_id, seat=seat,
                          summary=summary, moves=moves[start:end],
                          next=end if end < len(moves) else None)
        text = page.dump()
        if len(text.encode("utf-8")) <= FRAME_BUDGET or end <= start + 1:
            return Encoded(text, "review")
        end -= 1
