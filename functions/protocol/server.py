"""Server → client frames: one model per ``type``.

A seat's frames are built for that seat alone: ``view`` and ``update`` carry the engine's
per-seat view (other racks never appear) and only the engine events that seat may see. A game
client needs nothing else: it draws what the latest view says and animates the events.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal, cast

from pydantic import ConfigDict, Field, TypeAdapter, field_serializer

from functions.protocol.catalog import Catalog
from functions.protocol.frame_base import Frame, _absent, _camelised, _Model
from functions.protocol.match_list import MatchList, MatchRowChanged

# -- the score breakdown (engine/scoring.py Breakdown.to_json) -------------------------------

BandName = Literal["Frio", "Morno", "Quente", "Escaldante"]


class LetterScore(_Model):
    square: str  # e.g. "K11"
    letter: str
    wildcard: bool
    placed: bool  # placed by this move (only these get the square's bonus)
    value: int
    multiplier: int
    sources: list[str]  # the bonuses' labels
    points: int


class WordScore(_Model):
    word: str  # folded: A–Z
    display: str  # the dictionary's spelling, with accents
    direction: Literal["across", "down"]
    start: str
    main: bool
    letters: list[LetterScore]
    letter_sum: int
    multiplier: int
    sources: list[str]
    points: int


class ChainStep(_Model):
    before: int
    after: int
    effect: Literal["extends", "same_root", "keeps", "breaks", "protected", "none"]
    bonus_pct: int


class Breakdown(_Model):
    """Where every point of a play came from, in the rules' order (main word first)."""

    words: list[WordScore]
    words_total: int
    longest_word: str
    length_bonus: int
    subtotal: int
    band: BandName
    band_weight_pct: int
    matched: str | None  # the theme entry the main word matched
    #: the entry as the board shows it, when the main word counted as another word (CHUTAR)
    matched_display: str | None = None
    prisma: bool
    chain: ChainStep
    total: int


# -- the seat view (engine/match.py view) ------------------------------------------------------


class ThemeView(_Model):
    id: str
    name: str
    description: str


class SeatView(_Model):
    seat: int
    name: str
    bot: bool
    score: int
    rack_size: int
    passes: int
    chain: int  # the affinity chain's length
    longest_word: str
    left: bool
    personal_theme: ThemeView | None
    coins: int | None = _absent()  # with cards only
    cards_owned: int | None = _absent()  # with cards only
    online: bool | None = _absent()  # added by the service: a live connection (bots: always)
    chain_bonus_pct: int | None = _absent()  # your own seat only: what the chain earns now
    next_chain_bonus_pct: int | None = _absent()  # your own seat only: the next extension


class CardView(_Model):
    id: str
    name: str
    level: int
    kind: Literal["move", "instant"]
    effect: str
    target: str | None  # what the card needs: square, seat, tiles, letter
    price: int
    wildcard: Literal["?", "?V", "?C"] | None  # the rack code a Coringa adds
    owned: bool


class PendingView(_Model):
    """A choice only its owner sees: an Ímã's tiles or a Ladrão de Tema's themes."""

    kind: Literal["ima", "ladrao"]
    options: list[ThemeView] | list[str]


class SpiedView(_Model):
    seat: int
    rack: list[str]


class MarketView(_Model):
    coins: int
    row: list[CardView | None]
    pending: PendingView | None
    spied: SpiedView | None  # the rack your Espião watches
    second_wind: bool
    mines: list[int]  # payouts left of each running Mina
    chain_protected: bool
    pass_coin: int  # the coins a pass earns
    recycle_limit: int  # the most tiles a Reciclar changes


class AnchorView(_Model):
    square: tuple[int, int]
    seat: int


class BandWeight(_Model):
    band: BandName
    weight_pct: int


class RankingRow(_Model):
    rank: int
    seat: int
    name: str
    score: int
    longest_word: str
    passes: int
    thinking_ms: int
    left: bool
    tie_break: Literal["longest_word", "fewer_passes", "less_time", "seat_order"] | None


class ResultView(_Model):
    reason: Literal["target", "rounds", "passes", "left"]
    ranking: list[RankingRow]
    winner: int


class BestMove(_Model):
    word: str  # the main word, display spelling
    points: int
    band: BandName
    round: int
    move: int  # its number in the history


class SeatSummary(_Model):
    """What one seat did in a finished match (engine/summary.py): public to every seat."""

    seat: int
    name: str
    score: int
    best_move: BestMove | None
    longest_word: str  # display spelling
    plays: int
    swaps: int
    passes: int  # timeouts included
    bands: dict[BandName, int]  # plays by band
    longest_chain: int
    cards_used: int


class MatchView(_Model):
    """One seat's whole view. Other seats' racks never appear; ``market`` is your own."""

    match_id: str
    version: int
    rules: str
    theme: ThemeView | None
    board: list[str]  # rows; "." empty, a capital a tile, a small letter a wildcard tile
    seats: list[SeatView]
    layout: list[str]  # the bonus squares (see engine/rules.py)
    tile_values: dict[str, int]
    cards: bool
    turn_seconds: int
    round_limit: int
    point_target: int
    board_size: int
    swap_limit: int
    rack_size: int
    wildcards: dict[str, str]  # rack code → the letters it may become
    band_weights: list[BandWeight]  # Frio … Escaldante
    chain_bonus_pct: list[int]  # by the chain's length (longer chains take the last)
    you: int | None
    rack: list[str] | None
    chain_roots: list[str] | None
    current: int
    turn: int
    round: int
    deadline_ms: int
    status: Literal["active", "finished"]
    pause_seconds: int  # how long the seat may stop its turn's clock (0: never; Solo only)
    passes_to_end: int  # passes in a row by every seat that end the match
    anchors: list[AnchorView]
    moves: int  # moves so far: the ``history`` action pages them
    result: ResultView | None
    market: MarketView | None = _absent()  # with cards, your own seat only
    summary: list[SeatSummary] | None = _absent()  # a finished match only
    watchers: int | None = _absent()  # spectators watching now (added by the service)


class HistoryEntry(_Model):
    """One move of the match, as stored and as the ``history`` frame sends it."""

    move: int  # 0-based, in the order played
    turn: int
    round: int
    seat: int
    kind: Literal["play", "swap", "passed", "timed_out"]
    words: list[str]  # display spellings, main word first; empty unless a play
    band: BandName | None = None  # plays only
    points: int
    total: int  # the seat's score after this move
    tiles: list[tuple[int, int, str]] | None = None  # plays: [row, col, cell]
    count: int | None = None  # swaps: how many tiles
    breakdown: Breakdown | None = None  # plays: the receipt


class PlayerInfo(_Model):
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


class Welcome(Frame):
    """The answer to ``hello``: who the player is and the match they sit in, if any, and the
    catalogue the page names and offers things by (static: sent here, not in every view)."""

    type: Literal["welcome"] = "welcome"
    requestId: str | None = None
    player: PlayerInfo
    activeMatch: str | None = None
    catalog: Catalog


class EngineEvent(_Model):
    """One engine event the seat may see (``kind`` and its data; see docs/protocol.md)."""

    kind: str
    data: dict[str, Any]

    @field_serializer("data")
    def _camel_keys(self, data: dict[str, Any]) -> dict[str, Any]:
        """The engine's event data with camelCase keys, like every other key on the wire
        (an event's data holds field names only, never data as keys)."""
        camel: dict[str, Any] = _camelised(data)
        return camel


class View(Frame):
    """The seat's whole view: sent on start, on resume and with every update."""

    type: Literal["view"] = "view"
    requestId: str | None = None
    matchId: str
    view: MatchView


class Update(Frame):
    """What a command changed: the events this seat may see, then its new view.

    A command that made many moves (bots playing out a match) is split into several updates
    so that each stays under the frame limit: all but the last are ``partial``, carry a slice
    of the events in order and no view; the last carries the rest and the view.
    """

    type: Literal["update"] = "update"
    requestId: str | None = None
    matchId: str
    version: int
    events: list[EngineEvent]
    partial: bool = False
    view: MatchView | None = None


class Previewed(Frame):
    type: Literal["previewed"] = "previewed"
    requestId: str
    matchId: str
    breakdown: Breakdown


class History(Frame):
    """A page of the match's moves, oldest first; ``older`` is the ``before`` of the page
    before it (None at the start of the match)."""

    type: Literal["history"] = "history"
    requestId: str
    matchId: str
    moves: list[HistoryEntry]
    total: int  # moves in the match
    older: int | None

    _NULLABLE: ClassVar[frozenset[str]] = frozenset({"older"})


class QueueStatus(Frame):
    type: Literal["queue"] = "queue"
    requestId: str | None = None
    status: Literal["waiting", "left", "matched"]
    seats: int
    players: list[str] = []
    fillAtMs: int | None = None  # when bots take the free seats
    matchId: str | None = None
    paced: bool = False  # the queue at one's own pace


class RoomPlayer(_Model):

    name: str
    host: bool
    you: bool = False  # this entry is the player the frame is sent to (names may repeat)


class RoomStatus(Frame):
    type: Literal["room"] = "room"
    requestId: str | None = None
    code: str
    status: Literal["open", "started", "closed"]
    settings: dict[str, Any]
    players: list[RoomPlayer]
    matchId: str | None = None


class DailyEntry(_Model):

    rank: int
    name: str
    score: int
    you: bool = False


class DailyStatus(Frame):
    """Today's Desafio do dia and how it went, for you and for everyone."""

    type: Literal["daily"] = "daily"
    requestId: str | None = None
    day: str  # ISO date, Brasília time
    number: int  # Desafio #number
    theme: str  # the theme's name
    rounds: int
    cards: bool  # the challenge's table has power cards
    played: bool  # your attempt of the day is taken
    score: int | None = None  # your score, once your attempt is over
    matchId: str | None = None  # your attempt's match (its replay link)
    players: int  # finished attempts today
    leaderboard: list[DailyEntry]  # the best ten, and you if you are further down


class Watchers(Frame):
    """How many people watch the match now: sent to its seats when someone starts watching."""

    type: Literal["watchers"] = "watchers"
    matchId: str
    count: int


class RematchOffer(Frame):
    """Someone who played ``matchId`` with you wants to play again: ``rematch`` accepts."""

    type: Literal["rematchOffer"] = "rematchOffer"
    matchId: str
    code: str  # the room, reopened for the same people
    by: str  # who asked


class ReviewedMove(_Model):
    """A move shown in a review: where it goes, what it scores, and its receipt."""

    word: str
    display: str
    start: str  # its first square, as the board names it (K11)
    direction: str
    tiles: list[dict[str, Any]]
    first_square: str
    score: int
    band: BandName
    breakdown: Breakdown


class MoveReview(_Model):
    """One of your moves (engine/review.py): the best move in that exact position, the best in
    the highest band any move reached there, and the points you left."""

    move: int
    kind: Literal["play", "swap", "passed", "timed_out"]
    points: int
    band: BandName | None = None
    best: ReviewedMove | None
    best_band: ReviewedMove | None
    top_band: BandName | None = None  # the highest band a move reached (absent: Frio only)
    left: int


class ReviewSummary(_Model):
    moves: int
    left: int  # points left on the table, over all your moves
    hot_available: int  # turns with a Quente or Escaldante move to be played
    escaldante_available: int
    best_found: int  # turns where you played the best move


class ReviewPage(Frame):
    """A page of your review (only your own moves; nobody else is ever sent it)."""

    type: Literal["review"] = "review"
    requestId: str
    matchId: str
    seat: int
    summary: ReviewSummary
    moves: list[MoveReview]
    next: int | None  # the ``start`` of the next page (None: this was the last)


class LeaderboardEntry(_Model):

    rank: int
    name: str
    rating: float
    matches: int


class Leaderboard(Frame):
    """The best rated players (Normal matches only count)."""

    type: Literal["leaderboard"] = "leaderboard"
    requestId: str | None = None
    players: list[LeaderboardEntry]


class SeatBadges(_Model):

    seat: int
    badges: list[str]


class RatingChange(_Model):

    seat: int
    before: float
    after: float


class Ended(Frame):
    """The match is over: its ranking and the human players' new ratings."""

    type: Literal["ended"] = "ended"
    matchId: str
    result: ResultView
    ratings: list[RatingChange] = []
    badges: list[SeatBadges] = []  # cosmetics earned with this match
    player: PlayerInfo | None = None  # your profile after this match (people only)
    mode: Literal["solo", "normal", "room", "daily"] = "solo"  # what "play again" does
    #: why this Normal match does not move ratings (ended by leaving too early), if so
    unrated: str | None = None


class Error(Frame):
    """A refused message: a stable code and a Portuguese message; nothing was changed."""

    type: Literal["error"] = "error"
    requestId: str | None = None
    code: str
    message: str
    #: the square the refusal is about (row, column from 0), when it is about one
    square: tuple[int, int] | None = None


class Pong(Frame):
    type: Literal["pong"] = "pong"
    requestId: str
    serverTimeMs: int


ServerFrame = Annotated[
    Welcome | View | Update | Previewed | History | QueueStatus | RoomStatus | Ended
    | RematchOffer | DailyStatus | Watchers | ReviewPage | Leaderboard | Error | Pong
    | MatchList | MatchRowChanged,
    Field(discriminator="type"),
]

SERVER_FRAME: TypeAdapter[ServerFrame] = TypeAdapter(cast("type[ServerFrame]", ServerFrame),
                                                 config=ConfigDict(defer_build=True))
