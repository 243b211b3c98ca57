"""The match state: plain frozen data, serialisable to JSON and back without loss.

Every command produces a new state (the old one is never changed), with ``version`` one higher,
which is what the storage layer's conditional write compares.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any, NamedTuple

from engine.board import Board
from engine.chain import Chain
from engine.errors import RuleError

ACTIVE = "active"
FINISHED = "finished"
FORMAT = 1


class StateError(RuleError):
    code = "state.invalid"


class Slot(NamedTuple):
    """A card row slot: a card for sale, or one the seat owns."""

    card: str
    owned: bool


@dataclass(frozen=True)
class Seat:
    player_id: str
    name: str
    bot: bool = False
    rack: tuple[str, ...] = ()
    score: int = 0
    passes: int = 0
    passes_in_row: int = 0
    chain: Chain = field(default_factory=Chain)
    longest_word: str = ""
    best_move: int = 0
    longest_chain: int = 0  # the longest the seat's chain has been (the end screen shows it)
    cards_used: int = 0  # cards spent in plays or used (not sold)
    thinking_ms: int = 0
    left: bool = False
    # Coins and cards.
    coins: int = 0
    row: tuple[Slot | None, ...] = ()
    extra_tiles: int = 0  # Peça Extra
    mines: tuple[int, ...] = ()  # payouts left of each active Mina
    last_score: int = 0  # points of the seat's previous turn (income bonus)
    golden_round: int = 0  # Cadeia de Ouro protects the chain during this round
    personal_theme: str | None = None  # Tema Pessoal, public
    personal_until: int = 0  # last round of the personal theme
    spying: int | None = None  # Espião: the seat whose rack this seat sees
    pending: Mapping[str, Any] | None = None  # Ímã or Ladrão de Tema options, private
    second_wind: bool = False  # Segundo Fôlego: a second play this turn
    plays_this_turn: int = 0
    #: turns in a row the seat let run out (a match at one's own pace lets a seat go after a
    #: few: RuleSet.timeouts_to_leave)
    timeouts_in_row: int = 0

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "chain":
                value = self.chain.to_json()
            elif f.name == "row":
                value = [None if s is None else {"card": s.card, "owned": s.owned}
                         for s in self.row]
            elif isinstance(value, tuple):
                value = list(value)
            elif isinstance(value, Mapping):
                value = dict(value)
            out[f.name] = value
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Seat:
        values: dict[str, Any] = {}
        for f in fields(cls):
            if f.name in _ADDED and f.name not in data:
                values[f.name] = _ADDED[f.name]  # stored before the field existed
                continue
            value = data[f.name]
            if f.name == "chain":
                value = Chain.from_json(value)
            elif f.name == "row":
                value = tuple(None if s is None else Slot(str(s["card"]), bool(s["owned"]))
                              for s in value)
            elif f.name in ("rack", "mines"):
                if not isinstance(value, list):
                    raise TypeError(f"{f.name} must be a list")
                value = tuple(value)
            elif f.name == "pending" and value is not None:
                value = dict(value)
            values[f.name] = value
        seat = cls(**values)
        _check_types(seat)
        return seat


#: Seat fields added after matches were first stored, with the value an older match starts
#: from; every other field must be present (a malformed state is refused, never guessed).
_ADDED: Mapping[str, int] = {"longest_chain": 0, "cards_used": 0, "timeouts_in_row": 0}


def _check_types(seat: Seat) -> None:
    ints = ("score", "passes", "passes_in_row", "best_move", "longest_chain", "cards_used",
            "thinking_ms", "coins",
            "extra_tiles", "last_score", "golden_round", "personal_until", "plays_this_turn",
             "timeouts_in_row")
    for name in ints:
        value = getattr(seat, name)
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"seat.{name} must be an integer")
    if not all(isinstance(t, str) for t in seat.rack):
        raise TypeError("seat.rack must hold tile codes")
    for name in ("player_id", "name", "longest_word"):
        if not isinstance(getattr(seat, name), str):
            raise TypeError(f"seat.{name} must be text")


@dataclass(frozen=True)
class MatchState:
    match_id: str
    rules: str  # the rule set's name (the RuleSet itself is passed to every call)
    theme_id: str | None
    board: tuple[str, ...]
    seats: tuple[Seat, ...]
    rng_state: int
    version: int = 0
    current: int = 0
    turn: int = 0
    round: int = 1
    turn_started_ms: int = 0
    deadline_ms: int = 0
    status: str = ACTIVE
    history: tuple[Mapping[str, Any], ...] = ()
    result: Mapping[str, Any] | None = None
    anchors: tuple[tuple[int, int, int], ...] = ()  # Âncora: (row, col, owner seat)

    @property
    def finished(self) -> bool:
        return self.status == FINISHED

    def seat(self, index: int) -> Seat:
        return self.seats[index]

    def with_seat(self, index: int, seat: Seat) -> MatchState:
        seats = list(self.seats)
        seats[index] = seat
        return replace(self, seats=tuple(seats))

    def to_json(self) -> dict[str, object]:
        return {
            "format": FORMAT, "match_id": self.match_id, "rules": self.rules,
            "theme_id": self.theme_id, "board": list(self.board),
            "seats": [s.to_json() for s in self.seats], "rng_state": self.rng_state,
            "version": self.version, "current": self.current, "turn": self.turn,
            "round": self.round, "turn_started_ms": self.turn_started_ms,
            "deadline_ms": self.deadline_ms, "status": self.status,
            "history": [dict(h) for h in self.history],
            "result": dict(self.result) if self.result is not None else None,
            "anchors": [list(a) for a in self.anchors],
        }

    @classmethod
    def from_json(cls, data: object) -> MatchState:
        """Rebuild a state; malformed data raises :class:`StateError`."""
        try:
            if not isinstance(data, Mapping) or data.get("format") != FORMAT:
                raise StateError("Estado de partida em formato desconhecido.")
            seats: Sequence[Mapping[str, Any]] = data["seats"]
            board = Board.from_rows(data["board"], len(data["board"])).rows
            theme = data["theme_id"]
            result = data["result"]
            return cls(
                match_id=str(data["match_id"]), rules=str(data["rules"]),
                theme_id=None if theme is None else str(theme),
                board=board,
                seats=tuple(Seat.from_json(s) for s in seats),
                rng_state=int(data["rng_state"]), version=int(data["version"]),
                current=int(data["current"]), turn=int(data["turn"]),
                round=int(data["round"]), turn_started_ms=int(data["turn_started_ms"]),
                deadline_ms=int(data["deadline_ms"]), status=str(data["status"]),
                history=tuple(dict(h) for h in data["history"]),
                result=None if result is None else dict(result),
                anchors=tuple((int(a[0]), int(a[1]), int(a[2])) for a in data["anchors"]),
            )
        except (StateError, RuleError) as exc:
            if isinstance(exc, StateError):
                raise
            raise StateError(f"Estado de partida inválido: {exc.message}") from exc
        except (KeyError, TypeError, ValueError) as exc:
            raise StateError(f"Estado de partida inválido: {exc}") from exc
