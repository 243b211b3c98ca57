"""The post-game review: for a move a seat made, what the strongest search finds in that exact
position, and what the seat left on the table.

A :class:`Position` is what the seat faced before the move (board, its own rack, its chain,
the themes in force, the Âncoras): the service keeps one with each person's move, privately,
because the match state keeps neither old racks nor old boards. :func:`review_move` searches
it again with the known words (the strongest bot's knowledge: what a Brazilian knows and the
library's theme words, :data:`engine.bots.vocabulary.KNOWN`) and reports:

- ``best``: the move with the most points there, with its receipt;
- ``best_band``: the best move in the highest band any move reached (None when no move rose
  above Frio, or when it is ``best`` itself);
- ``left``: the points between ``best`` and what was played (0 when the seat found the best).

Cards are not replayed: a position is searched with the rack as it was, so a move that used a
Coringa card may have scored more than the "best" (``left`` never goes below 0).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.board import Board
from engine.bots.dawg import Dawg
from engine.bots.movegen import best
from engine.bots.search import RankedMove, score_model
from engine.bots.vocabulary import KNOWN
from engine.chain import Chain
from engine.match import Resources, affinity, preview
from engine.rules import Band, RuleSet
from engine.state import ACTIVE, MatchState, Seat


@dataclass(frozen=True)
class Position:
    board: tuple[str, ...]
    rack: tuple[str, ...]
    chain: Chain
    theme_id: str | None
    personal_theme: str | None
    round: int
    golden_round: int
    anchors: tuple[tuple[int, int, int], ...]

    def to_json(self) -> dict[str, object]:
        return {"board": list(self.board), "rack": list(self.rack),
                "chain": self.chain.to_json(), "theme": self.theme_id,
                "personal": self.personal_theme, "round": self.round,
                "golden": self.golden_round, "anchors": [list(a) for a in self.anchors]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Position:
        return cls(tuple(str(r) for r in data["board"]), tuple(str(t) for t in data["rack"]),
                   Chain.from_json(data["chain"]), data.get("theme"), data.get("personal"),
                   int(data["round"]), int(data.get("golden", 0)),
                   tuple((int(a[0]), int(a[1]), int(a[2])) for a in data.get("anchors", [])))


def position_before(state: MatchState, seat: int) -> Position:
    """What ``seat`` faces in ``state``, about to act."""
    s = state.seats[seat]
    personal = s.personal_theme if s.personal_theme and s.personal_until >= state.round else None
    return Position(state.board, s.rack, s.chain, state.theme_id, personal, state.round,
                    s.golden_round, state.anchors)


def position_state(rules: RuleSet, position: Position, seat: int, seats: int) -> MatchState:
    """A match state that is this position, with ``seat`` to play."""
    player = Seat(f"p{seat}", "?", rack=position.rack, chain=position.chain,
                  personal_theme=position.personal_theme,
                  personal_until=position.round if position.personal_theme else 0,
                  golden_round=position.golden_round)
    others = [Seat(f"p{i}", "?") for i in range(seats)]
    others[seat] = player
    return MatchState(match_id="review", rules=rules.name, theme_id=position.theme_id,
                      board=position.board, seats=tuple(others), rng_state=1, version=1,
                      current=seat, turn=1, round=position.round, status=ACTIVE,
                      anchors=position.anchors)


def _best_in(rules: RuleSet, state: MatchState, seat: int, res: Resources, dawg: Dawg,
             band: Band | None) -> RankedMove | None:
    """The best move whose main word is in ``band`` (any band when None), among the moves
    whose every word is a known one: a player is never told they missed a word they could
    not know."""
    model = score_model(rules, state, seat, res, KNOWN)
    if band is not None:
        player = state.seats[seat]
        inner = model.factor

        def only(word: str) -> int:
            return inner(word) if affinity(state, player, word, res).band == band else 0

        model = replace(model, factor=only, plain_factor=0 if band > Band.FRIO else
                        model.plain_factor)
    found = best(dawg, Board(state.board), state.seats[seat].rack, rules.centre, model, top=1)
    if not found or found[0].total <= 0:
        return None
    placement = found[0].placement
    move = RankedMove(placement, preview(rules, state, seat, placement.tiles, resources=res))
    return move if band is None or move.breakdown.band == band else None


def _shown(move: RankedMove) -> dict[str, object]:
    return {**move.to_json(), "breakdown": move.breakdown.to_json()}


def review_move(rules: RuleSet, position: Position, seat: int, seats: int,
                played: Mapping[str, Any], res: Resources,
                dawg: Dawg | None = None) -> dict[str, object]:
    """The review of one move (``played``: its history entry) made from ``position``."""
    graph = dawg if dawg is not None else Dawg.default()
    state = position_state(rules, position, seat, seats)
    top = _best_in(rules, state, seat, res, graph, None)
    points = int(played.get("score", played.get("points", 0)))
    out: dict[str, object] = {
        "move": int(played["move"]), "kind": str(played["kind"]), "points": points,
        "band": played.get("band"), "best": _shown(top) if top else None,
        "best_band": None, "left": max(0, top.score - points) if top else 0,
    }
    if position.theme_id or position.personal_theme:
        for band in (Band.ESCALDANTE, Band.QUENTE, Band.MORNO):
            found = _best_in(rules, state, seat, res, graph, band)
            if found is not None:
                if top is None or found.placement != top.placement:
                    out["best_band"] = _shown(found)
                out["top_band"] = band.label
                break
    return out


def review_summary(reviews: Sequence[Mapping[str, Any]]) -> dict[str, object]:
    """What the seat's review adds up to: the points left on the table, and in how many of its
    turns a Quente or Escaldante move was there to be played."""
    hot = {Band.QUENTE.label, Band.ESCALDANTE.label}
    return {"moves": len(reviews), "left": sum(int(r["left"]) for r in reviews),
            "hot_available": sum(1 for r in reviews if r.get("top_band") in hot),
            "escaldante_available": sum(1 for r in reviews
                                        if r.get("top_band") == Band.ESCALDANTE.label),
            "best_found": sum(1 for r in reviews if r["best"] and not r["left"])}
