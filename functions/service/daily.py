"""The Desafio do dia in the lobby: today's status and leaderboard, the one attempt a day, and
the score kept when the attempt ends.

The attempt is taken when the match starts (a conditional write), so leaving and starting
again never gives a second scored try. It is taken for the player and for their name
(:func:`name_key`) in one transaction, so a second guest identity under the same name gets no
second attempt and the leaderboard never lists a name twice; what remains possible is in
``docs/security.md``. The leaderboard reads the day's scores in one query:
fine for thousands of players a day; a larger game would keep a sorted index instead.
"""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING

from engine.daily import ROUNDS, challenge_day, day_number, theme_for_day
from functions.protocol.client import RoomSettings
from functions.protocol.server import DailyEntry, DailyStatus
from functions.service.context import Context
from functions.service.errors import ServiceError
from functions.service.identity import Identity
from functions.service.matches import SeatSpec, new_match_id

if TYPE_CHECKING:
    from functions.service.lobby import LobbyService

TOP = 10


def name_key(name: str) -> str:
    """A name as people read it on the leaderboard: case, accents and spacing aside (ANA,
    Ana and Âna are one name), so one name holds one attempt a day."""
    letters = unicodedata.normalize("NFKD", name.casefold())
    plain = "".join(c for c in letters if not unicodedata.combining(c))
    return " ".join(plain.split())


def today(ctx: Context) -> tuple[str, str, str]:
    """(day, seed, theme id) of today's challenge, drawing them if this is the day's first."""
    day = challenge_day(ctx.clock_ms())
    theme = theme_for_day(day, ctx.resources.themes.drawable())
    seed, theme = ctx.repository.daily_seed(day, ctx.new_seed(), theme, ctx.now_s())
    return day, seed, theme


def table(theme_id: str) -> RoomSettings:
    """The challenge's table: the day's theme, no cards, nobody else (no bot either), and
    nobody watches an attempt while the day is open (the bag is the same for everyone)."""
    return RoomSettings(rounds=ROUNDS, cards=False, themed=True, themeId=theme_id, bots=0,
                        spectators=False)


def status(ctx: Context, who: Identity, request_id: str | None) -> DailyStatus:
    day, _, theme_id = today(ctx)
    scores = sorted(ctx.repository.daily_scores(day),
                    key=lambda s: (-int(s["score"]), str(s["name"])))
    board = [DailyEntry(rank=i + 1, name=str(s["name"]), score=int(s["score"]),
                        you=s["player"] == who.player_id) for i, s in enumerate(scores)]
    shown = board[:TOP] + [e for e in board[TOP:] if e.you]
    mine = next((s for s in scores if s["player"] == who.player_id), None)
    attempt = ctx.repository.daily_attempt(who.player_id, day)
    return DailyStatus(requestId=request_id, day=day, number=day_number(day),
                       theme=ctx.resources.themes.get(theme_id).name, rounds=ROUNDS,
                       cards=table(theme_id).cards, played=attempt is not None,
                       score=int(mine["score"]) if mine else None, matchId=attempt,
                       players=len(scores), leaderboard=shown)


def start(lobby: LobbyService, who: Identity, request_id: str) -> None:
    ctx = lobby.ctx
    lobby.free(who)
    day, seed, theme_id = today(ctx)
    match_id = new_match_id()
    taken = ctx.repository.claim_daily(who.player_id, name_key(who.name), day, match_id,
                                       ctx.now_s())
    if taken == "played":
        raise ServiceError("daily.played",
                           "Você já jogou o desafio de hoje: o próximo sai à meia-noite "
                           "(horário de Brasília).")
    if taken == "name":
        raise ServiceError("daily.name_played",
                           f"Alguém já jogou o desafio de hoje com o nome {who.name}. Se foi "
                           "você, volte pelo aparelho em que jogou; se não, escolha outro nome.")
    lobby.start_daily_match([SeatSpec(who.name, who.player_id)], table(theme_id), match_id,
                            (who.player_id, request_id), day=day, seed=seed)
