"""Bot levels: how each bot chooses among the legal moves, from beginner to master.

Every level sees the same ranked moves (scored exactly like a player's receipt) and then plays
like a person of its strength:

- weaker bots miss some moves, look only at a few of the best, pick among them by chance,
  ignore the theme (they judge a word by its points before affinity) and keep no eye on the
  tiles they leave;
- stronger bots see everything, weigh the theme and the chain, and add the value of the rack
  they keep (:func:`leave_value`), and the strongest buy and use cards.

A bot's choice is reproducible: its random draws come from a generator seeded by the match,
the turn and the seat. Bots are always labelled as bots in the match (``Seat.bot``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from engine.bots.dawg import Dawg
from engine.bots.search import RankedMove, ranked_moves
from engine.cards import WORD_MULTIPLIERS
from engine.commands import Buy, Command, MoveCard, Pass, Play, Swap, UseCard
from engine.match import Resources
from engine.rng import Rng
from engine.rules import VOWELS, RuleSet
from engine.state import MatchState
from engine.tiles import take_from_rack


@dataclass(frozen=True)
class Level:
    number: int
    name: str
    rating: int  # nominal rating, for matchmaking
    looks_at: int  # how many of the best moves it considers
    misses_pct: int  # chance of not seeing each considered move
    picks_best: bool  # else: a weighted random pick among what it saw
    theme_aware: bool  # judges by the final total (band and chain) or the raw points
    leave: bool  # adds the value of the tiles it keeps
    cards: bool  # buys and uses cards


LEVELS: tuple[Level, ...] = (
    Level(1, "Iniciante", 800, 40, 50, False, False, False, False),
    Level(2, "Aprendiz", 1000, 20, 40, True, False, False, True),
    Level(3, "Jogador", 1200, 30, 25, True, True, False, True),
    Level(4, "Experiente", 1400, 60, 10, True, True, False, True),
    Level(5, "Mestre", 1600, 200, 0, True, True, True, True),
)


#: A yardstick, not a level offered to players: always the highest-scoring move, no cards.
GREEDY = Level(0, "Guloso", 0, 1, 0, True, True, False, False)


def level(number: int) -> Level:
    """Level 1–5, or 0 for the greedy yardstick."""
    if number == 0:
        return GREEDY
    if not 1 <= number <= len(LEVELS):
        raise ValueError(f"bot levels go from 1 to {len(LEVELS)}")
    return LEVELS[number - 1]


def leave_value(rack: Sequence[str]) -> int:
    """Points a kept rack is worth to the next turn (a hand-made table; issue 5 will derive
    one from self-play): balance of vowels, no duplicates, the useful S and wildcards."""
    if not rack:
        return 0
    vowels = sum(1 for t in rack if t in VOWELS)
    consonants = len(rack) - vowels - sum(1 for t in rack if t.startswith("?"))
    value = -3 * abs(vowels - consonants) if len(rack) > 1 else 0
    value -= 4 * sum(n - 1 for t, n in Counter(rack).items() if n > 1)
    value += 3 * rack.count("S") + 8 * sum(1 for t in rack if t.startswith("?"))
    value -= 3 * sum(1 for t in rack if t in "QXZJKWY")
    return value


def _kept(rack: Sequence[str], move: RankedMove) -> list[str]:
    left = take_from_rack(rack, [(t.letter, t.wild) for t in move.placement.tiles])
    return left if left is not None else []


def tiles_to_give(rack: Sequence[str], limit: int) -> tuple[str, ...]:
    """Tiles to swap away: those of the kind (vowel or consonant) the rack has most of."""
    vowels = sum(1 for t in rack if t in VOWELS)
    return tuple(sorted(rack, key=lambda t: (t in VOWELS) != (vowels > len(rack) / 2))[:limit])


def _judge(lvl: Level, rack: Sequence[str], move: RankedMove) -> int:
    points = move.score if lvl.theme_aware else move.breakdown.subtotal
    return points + (leave_value(_kept(rack, move)) if lvl.leave else 0)


def bot_rng(state: MatchState, seat: int) -> Rng:
    return Rng.from_seed(f"bot:{state.match_id}:{state.turn}:{seat}")


def choose_move(lvl: Level, rules: RuleSet, state: MatchState, seat: int, res: Resources,
                rng: Rng, dawg: Dawg | None = None) -> RankedMove | None:
    """The move this level plays, or None if it sees none."""
    moves = ranked_moves(rules, state, seat, res, dawg=dawg, top=lvl.looks_at)
    seen = [m for m in moves if rng.below(100) >= lvl.misses_pct]
    if not seen:
        return None
    rack = state.seats[seat].rack
    judged = sorted(seen, key=lambda m: (-_judge(lvl, rack, m), m.sort_key()))
    if lvl.picks_best:
        return judged[0]
    weights = [max(1, _judge(lvl, rack, m)) for m in judged]
    return judged[rng.weighted_index(weights)]


def market_commands(lvl: Level, rules: RuleSet, state: MatchState, seat: int,
                    rng: Rng) -> list[Command]:
    """Phase 2 for a bot: use the instants it can use plainly, then buy one card."""
    if not lvl.cards or not rules.cards:
        return []
    me = state.seats[seat]
    out: list[Command] = []
    for slot, card in enumerate(me.row):
        if card is not None and card.owned and card.card in (
            "mina", "peca_extra", "segundo_folego", "cadeia_de_ouro", "tema_pessoal",
        ):
            out.append(UseCard(slot))
    offers = [(rules.card_prices[c.card], slot) for slot, c in enumerate(me.row)
              if c is not None and not c.owned and rules.card_prices[c.card] <= me.coins]
    if offers:
        out.append(Buy(max(offers)[1] if lvl.number >= 4 else rng.choice(offers)[1]))
    return out


def action_command(lvl: Level, rules: RuleSet, state: MatchState, seat: int, res: Resources,
                   rng: Rng, dawg: Dawg | None = None) -> Command:
    """Phase 3 for a bot: its move (with its word cards when it is worth it), or a swap."""
    move = choose_move(lvl, rules, state, seat, res, rng, dawg)
    me = state.seats[seat]
    if move is None:
        return Swap(tiles_to_give(me.rack, rules.swap_limit)) if me.rack else Pass()
    cards: list[MoveCard] = []
    if lvl.cards and rules.cards and move.score >= 20:
        cards = [MoveCard(slot) for slot, c in enumerate(me.row) if c is not None and c.owned
                 and (c.card in WORD_MULTIPLIERS or c.card == "prisma")]
    return Play(move.placement.tiles, tuple(cards))


@dataclass(frozen=True)
class BotPlayer:
    """A bot of one level, with the same two-phase interface as the scripted players."""

    level: Level

    def market(self, rules: RuleSet, state: MatchState, seat: int, rng: Rng) -> list[Command]:
        return market_commands(self.level, rules, state, seat, rng)

    def action(self, rules: RuleSet, state: MatchState, seat: int, res: Resources,
               rng: Rng) -> Command:
        return action_command(self.level, rules, state, seat, res, rng)
