"""Where a person sits, and the seat claims a new match makes.

A person sits in at most one unfinished live match (``ACTIVE``) and in at most
``PaceLimits.matches`` unfinished matches at their own pace (``PACED``), and waits in at most
one of a Normal queue table (``QUEUE``) or an open Customizada room (``ROOM``). Waiting is not
a commitment: starting or joining something else leaves the queue table or the room first. A
seat is: a person in an unfinished live match is refused every other live start, and the
match that seats them claims their ``ACTIVE`` pointer in the transaction that creates it, so
two starts racing for the same person cannot both win (the loser raises
:class:`PlayerBusyError`); a match at one's own pace takes one of their own-pace seats in the
same way, on condition that one is free (:class:`PacedFullError`).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.state import MatchState
from functions.service.context import Context
from functions.service.errors import ServiceError
from functions.storage.repository import SeatClaim


class PlayerBusyError(ServiceError):
    """A person of a match being started already sits in another unfinished match."""

    def __init__(self, player_id: str, name: str) -> None:
        super().__init__("match.player_busy", f"{name} já está em outra partida.")
        self.player_id = player_id


class PacedFullError(PlayerBusyError):
    """A person of a match being started already sits in as many matches at their own pace
    as a person may (a busy person, as far as a room or the queue is concerned: the match
    goes on without them)."""

    def __init__(self, player_id: str, name: str, limit: int, *, you: bool) -> None:
        message = (f"Você já tem {limit} partidas no seu ritmo em andamento: termine uma ou "
                   "saia dela antes de começar outra." if you else
                   f"{name} já tem {limit} partidas no seu ritmo em andamento.")
        ServiceError.__init__(self, "match.too_many", message)
        self.player_id = player_id


def prune_paced(ctx: Context, player_id: str) -> int:
    """Forget the own-pace matches the person no longer plays (finished, left, gone) that
    still count against their limit; how many remain. Only read when the limit is reached:
    the outbox releases a match's seats when it ends, and this covers a release that was
    lost."""
    repo = ctx.repository
    remaining = 0
    for match_id in repo.paced_matches(player_id):
        record = repo.load_match(match_id)
        if record is not None and player_id in record.players:
            state = MatchState.from_json(record.state)
            if not state.finished and not state.seats[record.players.index(player_id)].left:
                remaining += 1
                continue
        repo.release_paced(player_id, match_id)
    return remaining


def refuse_if_paced_full(ctx: Context, player_id: str) -> None:
    """Refuse a new match at one's own pace to a person who has no own-pace seat free."""
    limit = ctx.pace.matches
    if len(ctx.repository.paced_matches(player_id)) >= limit and \
            prune_paced(ctx, player_id) >= limit:
        raise PacedFullError(player_id, "", limit, you=True)


def current_match(ctx: Context, player_id: str) -> str | None:
    """The unfinished match the player sits in, if any (a pointer to a finished one is
    forgotten on the way)."""
    repo = ctx.repository
    pointer = repo.get_active(player_id)
    if pointer is None:
        return None
    record = repo.load_match(pointer[0])
    if record is None or MatchState.from_json(record.state).finished:
        repo.clear_active(player_id, pointer[0])
        return None
    return pointer[0]


def claims(ctx: Context, people: Sequence[tuple[int, str, str]],
           paced: bool = False) -> list[SeatClaim]:
    """The seat claims of a new match's people (seat, player id, name); raises
    :class:`PlayerBusyError` for the first who already sits in an unfinished live match. At
    one's own pace each claims one of their own-pace seats (checked by the write)."""
    if paced:
        return [SeatClaim(player_id, seat, paced=ctx.pace.matches)
                for seat, player_id, _ in people]
    out = []
    for seat, player_id, name in people:
        pointer = ctx.repository.get_active(player_id)
        replaces = None
        if pointer is not None:
            record = ctx.repository.load_match(pointer[0])
            if record is not None and not MatchState.from_json(record.state).finished:
                raise PlayerBusyError(player_id, name)
            replaces = pointer[0]
        out.append(SeatClaim(player_id, seat, replaces))
    return out


def refuse_if_seated(ctx: Context, player_id: str) -> None:
    if current_match(ctx, player_id) is not None:
        raise ServiceError("match.already_in",
                           "Você já está numa partida: termine-a ou saia dela antes.")
