"""Server → client frames: one model per ``type``.

A seat's frames are built for that seat alone: ``view`` and ``update`` carry the engine's
per-seat view (other racks never appear) and only the engine events that seat may see. A game
client needs nothing else: it draws what the latest view says and animates the events.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal, cast

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

#: API Gateway refuses frames over 32 KB; the notifier checks every frame against this.
MAX_FRAME_BYTES = 32 * 1024


class _Frame(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    def dump(self) -> str:
        data = self.model_dump(mode="json", exclude_none=True)
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate somewhere: send it escaped instead
            text = json.dumps(data, ensure_ascii=True, separators=(",", ":"))
        return text


class PlayerInfo(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    name: str
    rating: float
    deviation: float
    matches: int
    ratedMatches: int = 0
    badges: list[str] = []
    styles: list[str] = ["classico"]
    tileStyle: str = "classico"
    boardStyles: list[str] = ["claro"]
    boardStyle: str = "claro"


class Welcome(_Frame):
    """The answer to ``hello``: who the player is and the match they sit in, if any."""

    type: Literal["welcome"] = "welcome"
    requestId: str | None = None
    player: PlayerInfo
    activeMatch: str | None = None


class EngineEvent(BaseModel):
    """One engine event the seat may see (``kind`` and its data; see docs/protocol.md)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: str
    data: dict[str, Any]


class View(_Frame):
    """The seat's whole view: sent on start, on resume and with every update."""

    type: Literal["view"] = "view"
    requestId: str | None = None
    matchId: str
    view: dict[str, Any]


class Update(_Frame):
    """What a command changed: the events this seat may see, then its new view."""

    type: Literal["update"] = "update"
    requestId: str | None = None
    matchId: str
    version: int
    events: list[EngineEvent]
    view: dict[str, Any]


class Previewed(_Frame):
    type: Literal["previewed"] = "previewed"
    requestId: str
    matchId: str
    breakdown: dict[str, Any]


class QueueStatus(_Frame):
    type: Literal["queue"] = "queue"
    requestId: str | None = None
    status: Literal["waiting", "left", "matched"]
    seats: int
    players: list[str] = []
    fillAtMs: int | None = None  # when bots take the free seats
    matchId: str | None = None


class RoomPlayer(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    host: bool


class RoomStatus(_Frame):
    type: Literal["room"] = "room"
    requestId: str | None = None
    code: str
    status: Literal["open", "started", "closed"]
    settings: dict[str, Any]
    players: list[RoomPlayer]
    matchId: str | None = None


class LeaderboardEntry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    rank: int
    name: str
    rating: float
    matches: int


class Leaderboard(_Frame):
    """The best rated players (Normal matches only count)."""

    type: Literal["leaderboard"] = "leaderboard"
    requestId: str | None = None
    players: list[LeaderboardEntry]


class SeatBadges(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    seat: int
    badges: list[str]


class RatingChange(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    seat: int
    before: float
    after: float


class Ended(_Frame):
    """The match is over: its ranking and the human players' new ratings."""

    type: Literal["ended"] = "ended"
    matchId: str
    result: dict[str, Any]
    ratings: list[RatingChange] = []
    badges: list[SeatBadges] = []  # cosmetics earned with this match


class Error(_Frame):
    """A refused message: a stable code and a Portuguese message; nothing was changed."""

    type: Literal["error"] = "error"
    requestId: str | None = None
    code: str
    message: str


class Pong(_Frame):
    type: Literal["pong"] = "pong"
    requestId: str
    serverTimeMs: int


ServerFrame = Annotated[
    Welcome | View | Update | Previewed | QueueStatus | RoomStatus | Ended | Leaderboard
    | Error | Pong,
    Field(discriminator="type"),
]

SERVER_FRAME: TypeAdapter[ServerFrame] = TypeAdapter(cast("type[ServerFrame]", ServerFrame))
