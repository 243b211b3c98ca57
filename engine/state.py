"""The match state: plain frozen data, serialisable to JSON and back without loss.

Every command produces a new state (the old one is never changed), with ``version`` one higher,
which is what the storage layer's conditional write compares.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from engine.board import Board
from engine.chain import Chain
from engine.errors import RuleError

ACTIVE = "active"
FINISHED = "finished"
FORMAT = 1


class StateError(RuleError):
    code = "state.invalid"


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
    thinking_ms: int = 0
    left: bool = False

    def to_json(self) -> dict[str, object]:
        return {
            "player_id": self.player_id, "name": self.name, "bot": self.bot,
            "rack": list(self.rack), "score": self.score, "passes": self.passes,
            "passes_in_row": self.passes_in_row, "chain": self.chain.to_json(),
            "longest_word": self.longest_word, "best_move": self.best_move,
            "thinking_ms": self.thinking_ms, "left": self.left,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Seat:
        return cls(
            player_id=str(data["player_id"]), name=str(data["name"]), bot=bool(data["bot"]),
            rack=tuple(str(t) for t in data["rack"]), score=int(data["score"]),
            passes=int(data["passes"]), passes_in_row=int(data["passes_in_row"]),
            chain=Chain.from_json(data["chain"]), longest_word=str(data["longest_word"]),
            best_move=int(data["best_move"]), thinking_ms=int(data["thinking_ms"]),
            left=bool(data["left"]),
        )


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
            )
        except (StateError, RuleError) as exc:
            if isinstance(exc, StateError):
                raise
            raise StateError(f"Estado de partida inválido: {exc.message}") from exc
        except (KeyError, TypeError, ValueError) as exc:
            raise StateError(f"Estado de partida inválido: {exc}") from exc
