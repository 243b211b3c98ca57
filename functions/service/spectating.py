"""Who may see a match they do not sit in: the rules the WebSocket's ``watch`` and ``history``
and the HTTP summary of a match (:mod:`functions.service.match_summary`) share.

A finished match is public; a live one is public while its table allows spectators; an attempt
at the Desafio do dia is seen by others only once its day is over, whether it is live or not.
"""

from __future__ import annotations

from engine.daily import challenge_day
from functions.service.errors import ServiceError
from functions.storage.repository import MatchRecord


def refuse_open_daily(record: MatchRecord, now_ms: int) -> None:
    """An attempt at the Desafio do dia is seen by others only once its day is over: every
    player of the day draws from the same bag."""
    day = record.settings.day
    if record.settings.mode == "daily" and day is not None and day >= challenge_day(now_ms):
        raise ServiceError("watch.daily_open",
                           "Uma tentativa do desafio do dia só pode ser vista depois que "
                           "o dia acaba: as peças são as mesmas para todos.")


def refuse_closed_table(record: MatchRecord, finished: bool) -> None:
    """A live match is watched only when its table allows spectators."""
    if not finished and not record.settings.spectators:
        raise ServiceError("watch.closed", "Esta mesa não aceita espectadores.")
