"""Optimistic writes, tried again: every write is conditional on what was read, so a write
that lost a race is read afresh and tried again, a few times, before the player is asked to
try again (``state.changed``).

The lobby's items (a queue's open table, a room) are contended by everyone joining at once,
so they get more tries than a match, which only its own few seats write.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from functions.service.errors import ServiceError
from functions.storage.repository import ConflictError

T = TypeVar("T")

#: tries for a lobby item (a queue table, a room)
LOBBY_TRIES = 5
#: tries for a match
MATCH_TRIES = 3


def retried(attempt: Callable[[], T], *, tries: int, code: str = "state.changed",
            message: str = "Muita gente ao mesmo tempo; tente de novo.",
            on: tuple[type[Exception], ...] = (ConflictError,),
            lost: Callable[[], None] | None = None) -> T:
    """``attempt()``'s result, trying it again when it raises one of ``on`` (a lost race);
    ``lost`` is told of each lost try. After ``tries`` losses, a :class:`ServiceError` with
    ``code`` and ``message``."""
    for _ in range(tries):
        try:
            return attempt()
        except on:
            if lost is not None:
                lost()
    raise ServiceError(code, message)
