"""What a match's link leads to, for anyone, before they have a name: who plays (in seat
order, the robots marked), the theme, whether it is live or over, the round. The identity
API's ``GET /match/<id>`` answers it, so the entry page can say what the link is.

The same rules as watching by the WebSocket (:mod:`functions.service.spectating`): a live match
whose table takes no spectators and a daily attempt whose day is open are refused. Nothing
hidden is read out of the state: no rack, no bag, no seed, no player id, no move.
"""

from __future__ import annotations

from typing import Any, Protocol

from engine.errors import RuleError
from engine.state import MatchState
from engine.themes import theme_name
from functions.service import spectating
from functions.service.errors import ServiceError
from functions.storage.repository import MatchRecord

#: each mode as the lobby names it
MODE_NAMES = {"solo": "Solo", "normal": "Normal", "room": "Customizada",
              "daily": "Desafio do dia"}


class MatchReader(Protocol):
    def load_match(self, match_id: str, consistent: bool = True) -> MatchRecord | None: ...


def _theme(theme_id: str | None) -> dict[str, str] | None:
    if theme_id is None:
        return None
    try:
        return {"id": theme_id, "name": theme_name(theme_id)}
    except RuleError:  # a theme no longer shipped: its id is all there is to say
        return {"id": theme_id, "name": theme_id}


def summary(matches: MatchReader, match_id: str, now_ms: int) -> dict[str, Any]:
    """The public summary of a match, or the :class:`ServiceError` a spectator would get.

    An eventually consistent read: a summary a second old is as good, at half the cost of a
    read anyone may ask for."""
    record = matches.load_match(match_id, consistent=False)
    if record is None:
        raise ServiceError("match.not_found", "Esta partida não existe.")
    state = MatchState.from_json(record.state)
    spectating.refuse_open_daily(record, now_ms)
    spectating.refuse_closed_table(record, state.finished)
    mode = record.settings.mode
    return {
        "matchId": match_id,
        "status": "finished" if state.finished else "live",
        "mode": mode,
        "modeName": MODE_NAMES[mode],
        "theme": _theme(state.theme_id),
        "round": state.round,
        "roundLimit": record.settings.rules().round_limit,
        "players": [{"name": seat.name, "bot": seat.bot} for seat in state.seats],
    }
