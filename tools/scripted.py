"""A simple scripted player for balance simulations (the real bots are ``engine/bots``' job).

It plays words that cross exactly one board tile (or cover the centre on the first move),
found through an anagram index of the lexicon's words of up to eight letters, and scored by
the engine's own ``preview``; it buys the cards it can afford and uses them plainly. It is
quick (a few milliseconds a turn) and deliberately not clever.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass

from engine.board import ACROSS, DOWN, Board
from engine.bots.levels import tiles_to_give
from engine.cards import CARDS, INSTANT, WORD_MULTIPLIERS
from engine.commands import Buy, Choose, Command, MoveCard, Pass, Play, Swap, UseCard
from engine.errors import RuleError
from engine.lexicon import Lexicon
from engine.match import Resources, preview
from engine.moves import PlacedTile, placement_from_word
from engine.rng import Rng
from engine.rules import RuleSet
from engine.scoring import Breakdown
from engine.state import MatchState

MAX_LENGTH = 8
_SIMPLE_INSTANTS = ("mina", "peca_extra", "segundo_folego", "tema_pessoal", "cadeia_de_ouro")


class AnagramIndex:
    """Words of up to :data:`MAX_LENGTH` letters, by their sorted letters."""

    def __init__(self, lexicon: Lexicon) -> None:
        index: dict[str, list[str]] = defaultdict(list)
        for word in lexicon.words(max_length=MAX_LENGTH):
            index["".join(sorted(word))].append(word)
        self._index = dict(index)

    def words(self, letters: str) -> list[str]:
        return self._index.get("".join(sorted(letters)), [])


def _boxed(board: Board, row: int, col: int) -> bool:
    """A tile with tiles on all four sides cannot start anything new."""
    return all(board.occupied(r, c) for r, c in
               ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)))


def _subsets(rack: list[str]) -> Iterator[str]:
    seen: set[str] = set()
    for size in range(len(rack), 0, -1):
        for combo in itertools.combinations(sorted(rack), size):
            key = "".join(combo)
            if key not in seen:
                seen.add(key)
                yield key


@dataclass
class ScriptedPlayer:
    index: AnagramIndex
    tries: int = 40  # legal plays compared per turn at most
    attempts: int = 400  # placements checked per turn at most

    def _candidates(self, board: Board, rack: list[str], centre: tuple[int, int]
                    ) -> Iterator[tuple[int, int, str, str]]:
        """(row, col, direction, word) to try, longest words first."""
        if board.is_empty():
            return self._opening(rack, centre)
        return self._through_anchors(board, rack)

    def _opening(self, rack: list[str], centre: tuple[int, int]
                 ) -> Iterator[tuple[int, int, str, str]]:
        for letters in _subsets(rack):
            for word in self.index.words(letters):
                if len(word) >= 2:
                    for offset in range(len(word)):
                        yield centre[0], centre[1] - offset, ACROSS, word

    def _through_anchors(self, board: Board, rack: list[str]
                         ) -> Iterator[tuple[int, int, str, str]]:
        anchors: dict[str, list[tuple[int, int]]] = defaultdict(list)
        for r in range(board.size):
            for c in range(board.size):
                if board.occupied(r, c) and not _boxed(board, r, c):
                    anchors[board.cell(r, c).upper()].append((r, c))
        for letters in _subsets(rack):
            if len(letters) + 1 > MAX_LENGTH:
                continue
            for cell, squares in anchors.items():
                for word in self.index.words(letters + cell):
                    for i in (i for i, ch in enumerate(word) if ch == cell):
                        for r, c in squares:
                            yield r, c - i, ACROSS, word
                            yield r - i, c, DOWN, word

    def best_play(self, rules: RuleSet, state: MatchState, seat: int,
                  res: Resources) -> tuple[list[PlacedTile], Breakdown] | None:
        board = Board(state.board)
        rack = [t for t in state.seats[seat].rack if len(t) == 1]
        best: tuple[list[PlacedTile], Breakdown] | None = None
        tried = 0
        for attempt, (row, col, direction, word) in enumerate(
            self._candidates(board, rack, rules.centre)
        ):
            if attempt >= self.attempts:
                break
            try:
                tiles = placement_from_word(board, row, col, direction, word)
                breakdown = preview(rules, state, seat, tiles, resources=res)
            except RuleError:
                continue
            tried += 1
            if best is None or breakdown.total > best[1].total:
                best = (tiles, breakdown)
            if tried >= self.tries:
                break
        return best

    def market(self, rules: RuleSet, state: MatchState, seat: int,
               rng: Rng) -> list[Command]:
        """Commands for phase 2: use owned instants plainly, then buy one affordable card."""
        me = state.seats[seat]
        commands: list[Command] = []
        for slot, card in enumerate(me.row):
            if card is None or not card.owned:
                continue
            if card.card in _SIMPLE_INSTANTS:
                commands.append(UseCard(slot))
            elif card.card in ("ima", "ladrao_de_tema"):
                commands += [UseCard(slot), Choose(0)]
            elif card.card == "reciclar":
                commands.append(UseCard(slot, tiles=tiles_to_give(me.rack, rules.recycle_limit)))
            elif card.card == "espiao":
                commands.append(UseCard(slot, seat=(seat + 1) % len(state.seats)))
        offers = [(rules.card_prices[c.card], slot) for slot, c in enumerate(me.row)
                  if c is not None and not c.owned and rules.card_prices[c.card] <= me.coins]
        if offers:
            commands.append(Buy(rng.choice(offers)[1]))
        return commands

    def action(self, rules: RuleSet, state: MatchState, seat: int, res: Resources,
               rng: Rng) -> Command:
        found = self.best_play(rules, state, seat, res)
        me = state.seats[seat]
        if found is None:
            return Swap(tiles_to_give(me.rack, rules.swap_limit)) if rng.below(3) else Pass()
        tiles, breakdown = found
        cards = []
        if breakdown.total >= 15:
            for slot, card in enumerate(me.row):
                if card is not None and card.owned and (
                    card.card in WORD_MULTIPLIERS or card.card == "prisma"
                ):
                    cards.append(MoveCard(slot))
        return Play(tuple(tiles), tuple(cards))


assert all(CARDS[c].kind == INSTANT for c in _SIMPLE_INSTANTS)
