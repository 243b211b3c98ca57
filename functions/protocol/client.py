"""Client → server messages: one model per action, a discriminated union on ``action``.

Every message carries a ``requestId`` chosen by the client; the server answers errors with the
same id and never applies the same id twice within a match. Field names are camelCase because
they are JavaScript's; limits are tight so that a bad message fails here, before any state is
read.
"""

from __future__ import annotations

from typing import Annotated, Literal, cast

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator
from pydantic_core import PydanticCustomError

from functions.protocol.settings import (
    DEFAULT_BOT_LEVEL,
    LIVE_MAX_SECONDS,
    PACE_SECONDS,
    STANDARD,
)

RequestId = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_.:-]+$")]
MatchId = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]
RoomCode = Annotated[str, Field(min_length=4, max_length=8, pattern=r"^[A-Za-z0-9]+$")]
Slot = Annotated[int, Field(ge=0, le=7)]
Coordinate = Annotated[int, Field(ge=0, le=20)]
Square = Annotated[list[Coordinate], Field(min_length=2, max_length=2)]
TileCode = Annotated[str, Field(pattern=r"^([A-Z]|\?|\?V|\?C)$")]

#: The largest message the server reads; API Gateway's own frame limit is 32 KB.
MAX_MESSAGE_BYTES = 16 * 1024


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    requestId: RequestId


class _MatchMessage(_Message):
    matchId: MatchId


class Hello(_Message):
    """Who am I, and am I in a match? Answered with ``welcome`` (and the match's view)."""

    action: Literal["hello"]


class Resume(_MatchMessage):
    """Take my seat in this match again: answered with the seat's full view."""

    action: Literal["resume"]


class JoinQueue(_Message):
    """Wait for a Normal match of ``seats`` players; bots fill the table after a wait."""

    action: Literal["joinQueue"]
    seats: int = Field(default=STANDARD.max_seats, ge=STANDARD.min_seats, le=STANDARD.max_seats)
    #: the queue at one's own pace (24-hour turns), not the live one
    paced: bool = False


class LeaveQueue(_Message):
    action: Literal["leaveQueue"]


class RoomSettings(BaseModel):
    """A Customizada table: no theme and no cards is the classic game."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    #: a live table's 20 s to 10 min, or one of the own-pace limits (1 h, 8 h, 24 h, 3 d)
    turnSeconds: int = Field(default=STANDARD.turn_seconds, ge=20, le=max(PACE_SECONDS))
    rounds: int = Field(default=STANDARD.round_limit, ge=1, le=50)
    cards: bool = STANDARD.cards
    themed: bool = STANDARD.themed
    themeId: str | None = Field(default=None, max_length=64, pattern=r"^[a-z0-9-]+$")
    bots: int = Field(default=0, ge=0, le=STANDARD.max_seats - 1)
    botLevel: int = Field(default=DEFAULT_BOT_LEVEL, ge=1, le=5)
    spectators: bool = True  # anyone with the match's link may watch it live

    @field_validator("turnSeconds")
    @classmethod
    def _a_turn_limit(cls, seconds: int) -> int:
        """A live table's time, or one of the own-pace limits: 2 hours is neither."""
        if seconds > LIVE_MAX_SECONDS and seconds not in PACE_SECONDS:
            raise PydanticCustomError("turn_limit", "not a turn limit")
        return seconds


class CreateRoom(_Message):
    action: Literal["createRoom"]
    settings: RoomSettings = RoomSettings()


class JoinRoom(_Message):
    action: Literal["joinRoom"]
    code: RoomCode


class UpdateRoom(_Message):
    action: Literal["updateRoom"]
    code: RoomCode
    settings: RoomSettings


class StartRoom(_Message):
    action: Literal["startRoom"]
    code: RoomCode


class LeaveRoom(_Message):
    action: Literal["leaveRoom"]
    code: RoomCode


class StartSolo(_Message):
    """A match at once: alone (no bots) or against 1–3 bots of one level."""

    action: Literal["startSolo"]
    settings: RoomSettings = RoomSettings()


class Rematch(_MatchMessage):
    """Play again after ``matchId`` ended: Solo with the same bots and settings, Normal back
    in the queue, a room with the same people (each of them sends it to accept)."""

    action: Literal["rematch"]


class Daily(_Message):
    """Today's Desafio do dia: its number, theme, your attempt and the day's leaderboard."""

    action: Literal["daily"]


class StartDaily(_Message):
    """Play today's Desafio do dia (one scored attempt a day)."""

    action: Literal["startDaily"]


class Watch(_MatchMessage):
    """Open a match by its link: a finished one to replay, a live one to watch when its table
    allows spectators (anyone may; only public information unless you sit in it)."""

    action: Literal["watch"]


class Review(_MatchMessage):
    """A page of your own review of a finished match (the moves from ``start`` on)."""

    action: Literal["review"]
    start: Annotated[int, Field(ge=0, le=10_000)] = 0


class Tile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    row: Coordinate
    col: Coordinate
    letter: Annotated[str, Field(pattern=r"^[A-Z]$")]
    wild: bool = False


class MoveCard(BaseModel):
    """A word card put into the play (spent only if the play is accepted)."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    slot: Slot
    square: Square | None = None


class Preview(_MatchMessage):
    """The band and full score of a placement before confirming it; changes nothing."""

    action: Literal["preview"]
    tiles: Annotated[list[Tile], Field(min_length=1, max_length=9)]
    cards: Annotated[list[MoveCard], Field(max_length=4)] = []


class History(_MatchMessage):
    """A page of the match's moves with their receipts, oldest first; changes nothing.

    ``before`` is exclusive (a move number: the page ends just before it; default the latest
    move); the answer's ``older`` is the ``before`` of the page before.
    """

    action: Literal["history"]
    before: Annotated[int, Field(ge=0)] | None = None
    limit: Annotated[int, Field(ge=1, le=50)] = 50


class Play(_MatchMessage):
    action: Literal["play"]
    tiles: Annotated[list[Tile], Field(min_length=1, max_length=9)]
    cards: Annotated[list[MoveCard], Field(max_length=4)] = []


class Swap(_MatchMessage):
    action: Literal["swap"]
    tiles: Annotated[list[TileCode], Field(min_length=1, max_length=9)]


class Pass(_MatchMessage):
    action: Literal["pass"]


class Clock(_MatchMessage):
    """Stop your turn's clock (``running`` false) or start it again with a whole turn: at a
    Solo table only, where nobody waits (the first-match tour stops it while it is read)."""

    action: Literal["clock"]
    running: bool


class Buy(_MatchMessage):
    action: Literal["buy"]
    slot: Slot


class Sell(_MatchMessage):
    action: Literal["sell"]
    slot: Slot


class UseCard(_MatchMessage):
    """An instant card; its target (square, seat or tiles) depends on the card."""

    action: Literal["useCard"]
    slot: Slot
    square: Square | None = None
    seat: Annotated[int, Field(ge=0, le=3)] | None = None
    tiles: Annotated[list[TileCode], Field(max_length=9)] = []


class ChooseTheme(_MatchMessage):
    """Pick one of the private options a Ladrão de Tema (or an Ímã) offered."""

    action: Literal["chooseTheme"]
    option: Annotated[int, Field(ge=0, le=9)]


class Leave(_MatchMessage):
    """Leave the match for good: the seat passes from now on."""

    action: Literal["leave"]


class Leaderboard(_Message):
    """The best rated players."""

    action: Literal["leaderboard"]


class SetStyle(_Message):
    """Choose unlocked tile and board styles (visual only); answered with ``welcome``."""

    action: Literal["setStyle"]
    tileStyle: str | None = Field(default=None, min_length=1, max_length=20,
                                  pattern=r"^[a-z-]+$")
    boardStyle: str | None = Field(default=None, min_length=1, max_length=20,
                                   pattern=r"^[a-z-]+$")


class Matches(_Message):
    """My list: every unfinished match I sit in, and those finished in the last week."""

    action: Literal["matches"]
    #: the match whose table the page just left for the list: this device stops following
    #: it, if it still does (a device already taken to a newer match stays there)
    left: MatchId | None = None


class Ping(_Message):
    """Keeps the connection from idling out (API Gateway closes it after 10 minutes)."""

    action: Literal["ping"]


ClientMessage = Annotated[
    Hello | Resume | JoinQueue | LeaveQueue | CreateRoom | JoinRoom | UpdateRoom | StartRoom
    | LeaveRoom | StartSolo | Rematch | Daily | StartDaily | Watch | Review | Preview
    | History | Play | Swap | Pass | Clock | Buy | Sell | UseCard | ChooseTheme | Leave
    | Leaderboard
    | SetStyle | Ping | Matches,
    Field(discriminator="action"),
]

# The cast: mypy cannot match an Annotated union against TypeAdapter's overloads.
CLIENT_MESSAGE: TypeAdapter[ClientMessage] = TypeAdapter(
    cast("type[ClientMessage]", ClientMessage), config=ConfigDict(defer_build=True))

ACTIONS: tuple[str, ...] = (
    "hello", "resume", "joinQueue", "leaveQueue", "createRoom", "joinRoom", "updateRoom",
    "startRoom", "leaveRoom", "startSolo", "rematch", "daily", "startDaily", "watch", "review",
    "preview", "history",
    "play", "swap", "pass", "clock", "buy", "sell", "useCard", "chooseTheme", "leave",
    "leaderboard",
    "setStyle", "ping", "matches",
)
GAME_ACTIONS = frozenset({"watch", "review", "preview", "history", "play", "swap", "pass",
                          "clock",
                          "buy", "sell", "useCard", "chooseTheme", "leave"})
