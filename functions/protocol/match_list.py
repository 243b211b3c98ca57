"""The frames of a person's list of matches ("Suas partidas"): every unfinished match they
sit in and the ones finished in the last week, one row each.

A row says only what the table shows everyone (names, scores, the theme, the last move, whose
turn and until when): it is stored as it is sent, and the same row goes to every device of
its person. The page orders and words it (your turn first, the time left in one coarse unit).
"""

from __future__ import annotations

from typing import Literal

from functions.protocol.frame_base import Frame, _Model

ModeName = Literal["solo", "normal", "room", "daily"]


class ListSeat(_Model):
    name: str
    score: int
    bot: bool = False
    #: the seat left the match (by choice, or by letting its turns run out)
    left: bool = False


class LastMove(_Model):
    """The match's last move, to be said in words ("Ana jogou CASA, +12")."""

    seat: int
    name: str
    kind: Literal["play", "swap", "passed", "timed_out"]
    #: a play's main word, as it is spelled (accents and all)
    word: str | None = None
    points: int | None = None
    #: a swap's number of tiles
    count: int | None = None


class ListResult(_Model):
    """How the match ended for the row's person."""

    #: their place (1 is first) among ``of`` seats
    rank: int
    of: int
    score: int
    won: bool
    #: they left it (or let their turns run out until they were out of it)
    left: bool = False
    #: how it ended: target, rounds, passes, left
    reason: str = ""


class MatchRow(_Model):
    match_id: str
    mode: ModeName
    #: the turn limit; over 600 s the match is at one's own pace
    turn_seconds: int
    paced: bool
    #: the row's person's seat
    seat: int
    seats: list[ListSeat]
    #: the theme's name; None in a match without themes
    theme: str | None = None
    round: int
    rounds: int
    #: whose turn it is (None once the match is over); ``your_turn`` when it is the person's
    current: int | None = None
    your_turn: bool = False
    #: when the running turn runs out (epoch ms)
    deadline_ms: int | None = None
    last: LastMove | None = None
    #: when the match ended for the person (epoch ms), and how
    ended_ms: int | None = None
    result: ListResult | None = None
    #: the match's version the row was made from
    version: int


class MatchList(Frame):
    """The answer to ``matches``: unfinished matches first (your turn first, then the nearest
    deadline), then those finished in the last week, newest first."""

    type: Literal["matches"] = "matches"
    requestId: str | None = None
    matches: list[MatchRow]
    #: the server's clock, so the page words the time left from its own
    serverTimeMs: int


class MatchRowChanged(Frame):
    """A match of the person's list changed (a move, a timeout, its start or its end): sent
    to every device of theirs while it is open."""

    type: Literal["matchRow"] = "matchRow"
    row: MatchRow
    serverTimeMs: int
