"""What one seat of a match may see: the view every frame carries.

Other seats' racks never appear, except the rack an Espião of this seat is watching; private
choices (an Ímã's or a Ladrão de Tema's options) show only to their owner. The view also
carries what the page draws with, so that it holds no rules: the bonus squares, the tile
values, the wildcards' letters, the bands' weights, what a pass earns.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

from engine import economy
from engine.lexicon import Lexicon
from engine.rules import Band, RuleSet
from engine.state import MatchState
from engine.summary import seat_summaries
from engine.themes import ThemeCatalog
from engine.tiles import WILDCARD_LETTERS


class Resources(Protocol):
    """What a view reads of a match's data (``engine.match.Resources`` is one): the
    lexicon's display spellings and the themes' public names."""

    @property
    def lexicon(self) -> Lexicon: ...

    @property
    def themes(self) -> ThemeCatalog: ...


def _shown_result(result: Mapping[str, Any] | None,
                  shown: Callable[[str], str]) -> dict[str, object] | None:
    """The stored result with each seat's longest word in its display spelling."""
    if result is None:
        return None
    ranking = [{**row, "longest_word": shown(str(row["longest_word"]))
                if row.get("longest_word") else ""} for row in result.get("ranking", [])]
    return {**result, "ranking": ranking}


def seat_view(
    rules: RuleSet, state: MatchState, seat: int | None, *, resources: Resources,
) -> dict[str, object]:
    """What one seat may see (None: a spectator). Other seats' racks never appear, except the
    rack an Espião of this seat is watching; private choices show only to their owner.

    ``rules`` are the match's own (a custom room's numbers are not in ``state.rules``)."""
    res = resources
    theme = res.themes.get(state.theme_id).public() if state.theme_id else None

    def shown(word: str) -> str:
        """A word as players read it (ÚTIL, not UTIL): the state keeps the folded letters."""
        return res.lexicon.display(word) or word.lower()

    seats = []
    for index, s in enumerate(state.seats):
        entry: dict[str, object] = {
            "seat": index, "name": s.name, "bot": s.bot, "score": s.score,
            "rack_size": len(s.rack), "passes": s.passes, "chain": s.chain.length,
            "longest_word": shown(s.longest_word) if s.longest_word else "", "left": s.left,
            "personal_theme": (res.themes.get(s.personal_theme).public()
                               if s.personal_theme else None),
        }
        if rules.cards:
            entry["coins"] = s.coins
            entry["cards_owned"] = sum(1 for slot in s.row if slot is not None and slot.owned)
        if index == seat:
            # What the chain earns now and what the next extending word would earn: the
            # client shows it without knowing the bonus table's rules.
            entry["chain_bonus_pct"] = rules.chain_bonus_for(s.chain.length)
            entry["next_chain_bonus_pct"] = rules.chain_bonus_for(s.chain.length + 1)
        seats.append(entry)
    own = state.seats[seat] if seat is not None and 0 <= seat < len(state.seats) else None
    out: dict[str, object] = {
        "match_id": state.match_id, "version": state.version, "rules": state.rules,
        "theme": theme, "board": list(state.board), "seats": seats,
        # Data the client draws with (it holds no rules): the bonus squares and tile values.
        "layout": list(rules.layout), "tile_values": dict(rules.tile_values),
        "cards": rules.cards, "turn_seconds": rules.turn_seconds,
        "round_limit": rules.round_limit, "point_target": rules.point_target,
        "board_size": rules.size, "swap_limit": rules.swap_limit, "rack_size": rules.rack_size,
        "wildcards": dict(WILDCARD_LETTERS),
        "band_weights": [{"band": band.label, "weight_pct": rules.band_weight(band)}
                         for band in Band],
        "chain_bonus_pct": list(rules.chain_bonus),
        "you": seat if own is not None else None,
        "rack": list(own.rack) if own is not None else None,
        "chain_roots": list(own.chain.roots) if own is not None else None,
        "current": state.current, "turn": state.turn, "round": state.round,
        "deadline_ms": state.deadline_ms, "status": state.status,
        "pause_seconds": rules.pause_seconds, "passes_to_end": rules.passes_to_end,
        "anchors": [{"square": [r, c], "seat": owner} for r, c, owner in state.anchors],
        # Only the count: the moves themselves are paged with the ``history`` action, so a
        # frame does not grow with the match.
        "moves": len(state.history),
        "result": _shown_result(state.result, shown),
    }
    if state.finished:
        out["summary"] = seat_summaries(state, shown)
    if own is not None and rules.cards:
        spied = own.spying
        out["market"] = {
            "coins": own.coins, "row": economy.row_view(rules, own),
            "pending": _pending_view(own.pending, res),
            "spied": ({"seat": spied, "rack": list(state.seats[spied].rack)}
                      if spied is not None else None),
            "second_wind": own.second_wind, "mines": list(own.mines),
            "chain_protected": own.golden_round == state.round,
            # what a pass earns and a Reciclar's most tiles: the page says them, never guesses
            "pass_coin": rules.pass_coin, "recycle_limit": rules.recycle_limit,
        }
    return out


def _pending_view(pending: Mapping[str, Any] | None,
                  res: Resources) -> dict[str, object] | None:
    """A pending choice as its owner sees it: a Ladrão de Tema's options by name."""
    if not pending:
        return None
    out = dict(pending)
    if pending.get("kind") == "ladrao":
        out["options"] = [res.themes.get(t).public() for t in pending["options"]]
    return out
