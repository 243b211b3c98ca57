"""Bot levels: how each bot chooses among the legal moves, from beginner to master.

Every level sees moves scored exactly like a player's receipt and then plays like a person of
its strength:

- weaker bots know fewer words (the ``vocabulary`` most common ones,
  :mod:`engine.lexicon.common_words`, and their match's theme words: every word their move
  makes, along the line and across it, is one they know), miss some moves, look only at a
  few of the best, pick among them by chance, ignore the theme (they judge a word by its
  points before affinity) and keep no eye on the tiles they leave;
- stronger bots know more words, see everything, weigh the theme and the chain, and the master
  adds the value of the rack it keeps (:func:`leave_value`, a table derived from self-play)
  and plays any known word (:data:`engine.bots.vocabulary.KNOWN`: what a Brazilian knows,
  never the dictionary's rare forms), the common one first on equal value; from level 2
  they buy and use cards.

A bot's choice is reproducible: its random draws come from a generator seeded by the match,
the turn and the seat. Bots are always labelled as bots in the match (``Seat.bot``).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from engine.bots.dawg import Dawg
from engine.bots.leave_table import LEAVE_WEIGHTS
from engine.bots.movegen import Scored
from engine.bots.search import candidates
from engine.bots.vocabulary import KNOWN, Vocabulary, vocabulary_words
from engine.cards import WORD_MULTIPLIERS
from engine.commands import Buy, Command, MoveCard, Pass, Play, Swap, UseCard
from engine.match import Resources
from engine.rng import Rng
from engine.rules import VOWELS, RuleSet
from engine.state import MatchState


@dataclass(frozen=True)
class Level:
    number: int
    name: str
    rating: int  # nominal rating, for matchmaking
    #: how many of the most common words it knows, the known words (KNOWN), or every word
    vocabulary: Vocabulary
    looks_at: int  # how many of the best moves it considers
    misses_pct: int  # chance of not seeing each considered move
    picks_best: bool  # else: a weighted random pick among what it saw
    theme_aware: bool  # judges by the final total (band and chain) or the raw points
    leave: bool  # adds the value of the tiles it keeps
    cards: bool  # buys and uses cards


#: Level 4 knows the whole list of common words (about 26,000: every word of the lexicon that
#: Portuguese text uses at least once per million words, less the excluded ones); its size
#: is a cap above the list's length.
WHOLE_LIST = 30_000

LEVELS: tuple[Level, ...] = (
    Level(1, "Iniciante", 800, 3_000, 30, 50, False, False, False, False),
    Level(2, "Aprendiz", 1000, 8_000, 20, 40, True, False, False, True),
    Level(3, "Jogador", 1200, 20_000, 30, 25, True, True, False, True),
    Level(4, "Experiente", 1400, WHOLE_LIST, 60, 10, True, True, False, True),
    Level(5, "Mestre", 1600, KNOWN, 1, 0, True, True, True, True),
)


#: A yardstick, not a level offered to players: always the highest-scoring move, no cards. It
#: knows what the master knows, so the master is measured on its judgement, not its words.
GREEDY = Level(0, "Guloso", 0, KNOWN, 1, 0, True, True, False, False)


def level(number: int) -> Level:
    """Level 1–5, or 0 for the greedy yardstick."""
    if number == 0:
        return GREEDY
    if not 1 <= number <= len(LEVELS):
        raise ValueError(f"bot levels go from 1 to {len(LEVELS)}")
    return LEVELS[number - 1]


def level_for_rating(rating: int) -> Level:
    """The level whose nominal rating is nearest (the lower one on a tie), for matchmaking."""
    return min(LEVELS, key=lambda lvl: (abs(lvl.rating - rating), lvl.rating))


def _traits(rack: Sequence[str]) -> tuple[int, int]:
    """The tiles repeated beyond their first, and abs(vowels − consonants), where a plain
    wildcard counts as a consonant and a vowel or consonant wildcard as neither (as when
    the table was derived). Built from C-level counts: a master bot values every leave it
    meets, some twenty new ones a turn."""
    vowels = sum(map(VOWELS.__contains__, rack))
    consonants = list(map(len, rack)).count(1) - vowels  # the one-character tiles left
    return len(rack) - len(set(rack)), abs(vowels - consonants)


def leave_value(rack: Sequence[str]) -> float:
    """Points a kept rack is expected to add to the next turn (0 for an empty rack)."""
    if not rack:
        return 0.0
    duplicates, imbalance = _traits(rack)
    return (sum(map(LEAVE_WEIGHTS.get, rack, itertools.repeat(0.0)))
            + LEAVE_WEIGHTS["duplicates"] * duplicates + LEAVE_WEIGHTS["imbalance"] * imbalance)


def leave_bounds(rack: Sequence[str]) -> tuple[float, ...]:
    """``bounds[n]``: no leave of ``rack`` after ``n`` tiles are spent is worth more.

    The best ``k`` tile weights bound the tiles' part of a ``k``-tile leave; the duplicate
    and imbalance terms can only lower it while their weights are negative (they are added
    at their largest otherwise), so the sum is an upper bound the search can stop on.
    """
    weights = sorted((LEAVE_WEIGHTS.get(t, 0.0) for t in rack), reverse=True)
    dup, imbalance = LEAVE_WEIGHTS["duplicates"], LEAVE_WEIGHTS["imbalance"]
    out = []
    for used in range(len(rack) + 1):
        kept = len(rack) - used
        bound = sum(weights[:kept])
        if kept:
            bound += max(0.0, dup) * (kept - 1) + max(0.0, imbalance) * kept
        out.append(bound)
    return tuple(out)


def tiles_to_give(rack: Sequence[str], limit: int) -> tuple[str, ...]:
    """Tiles to swap away: those of the kind (vowel or consonant) the rack has most of."""
    vowels = sum(1 for t in rack if t in VOWELS)
    return tuple(sorted(rack, key=lambda t: (t in VOWELS) != (vowels > len(rack) / 2))[:limit])


def _judge(lvl: Level, move: Scored) -> float:
    """The value a level gives a move: its points (with band and chain if it minds the
    theme), plus the value of the tiles it keeps if it minds the leave (the search has
    weighed it)."""
    points = move.total if lvl.theme_aware else move.subtotal
    return points + (move.leave if lvl.leave else 0.0)


def bot_rng(state: MatchState, seat: int) -> Rng:
    return Rng.from_seed(f"bot:{state.match_id}:{state.turn}:{seat}")


def considered(lvl: Level, rules: RuleSet, state: MatchState, seat: int, res: Resources,
               dawg: Dawg | None = None) -> list[tuple[Scored, float]]:
    """The moves this level looks at, each with the value it gives it, best valued first
    (before it misses any)."""
    graph = dawg if dawg is not None else Dawg.default()
    rack = state.seats[seat].rack
    leave = (leave_value, leave_bounds(rack)) if lvl.leave else None
    # On equal value the common word first: the master may play any word, but a player
    # learns more from one they know. (The search keeps the moves tied at its cut.)
    common = vocabulary_words(WHOLE_LIST)
    moves = sorted(candidates(rules, state, seat, res, graph, top=lvl.looks_at,
                              vocabulary=lvl.vocabulary, leave=leave),
                   key=lambda m: (-m.value, m.main not in common, m.sort_key()))
    judged = [(m, _judge(lvl, m)) for m in moves[: lvl.looks_at]]
    return sorted(judged, key=lambda pair: (-pair[1], pair[0].main not in common,
                                            pair[0].sort_key()))


def choose_move(lvl: Level, rules: RuleSet, state: MatchState, seat: int, res: Resources,
                rng: Rng, dawg: Dawg | None = None) -> Scored | None:
    """The move this level plays, or None if it sees none."""
    seen = [pair for pair in considered(lvl, rules, state, seat, res, dawg)
            if rng.below(100) >= lvl.misses_pct]
    if not seen:
        return None
    if lvl.picks_best:
        return seen[0][0]
    return seen[rng.weighted_index([max(1, round(value)) for _, value in seen])][0]


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
    if lvl.cards and rules.cards and move.total >= 20:
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
