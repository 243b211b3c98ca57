"""One match at a time: where a person is, and the seat claims a new match makes.

A person is in at most one of: an unfinished match (``ACTIVE``), a Normal queue table
(``QUEUE``), an open Customizada room (``ROOM``). Waiting is not a commitment: starting or
joining something else leaves the queue table or the room first. A seat is: a person in an
unfinished match is refused every other start, and the match that seats them claims their
``ACTIVE`` pointer in the transaction that creates it, so two starts racing for the same person
cannot both win (the loser raises :class:`PlayerBusyError`).
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


def claims(ctx: Context, people: Sequence[tuple[int, str, str]]) -> list[SeatClaim]:
    """The seat claims of a new match's people (seat, player id, name); raises
    :class:`PlayerBusyError` for the first who already sits in an unfinished match."""
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
