"""What a search returns and what it needs to score: placements, score models, scored moves.

Shared by the generator (:mod:`engine.bots.movegen`) and its lanes (:mod:`engine.bots.lane`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from engine.bots.dawg import Dawg, letter_code
from engine.bots.squares import ALL
from engine.moves import PlacedTile
from engine.rules import VOWELS
from engine.tiles import WILD_ANY, WILD_CONSONANT, WILD_VOWEL

#: The passes of a search: every word at once, or the theme words then the others.
ALL_WORDS, THEME_WORDS, OTHER_WORDS = 0, 1, 2

_VOWEL_MASK = sum(1 << letter_code(v) for v in VOWELS)
#: Wildcard kinds, the narrowest first (it is spent first), and the letters each can be.
WILD_KINDS = (WILD_VOWEL, WILD_CONSONANT, WILD_ANY)
WILD_MASKS = (_VOWEL_MASK, ALL & ~_VOWEL_MASK, ALL)


def wild_mask(wild: Sequence[int]) -> int:
    """The letters the wildcards in hand can be (``wild[k]``: how many of kind ``k``)."""
    return ((WILD_MASKS[0] if wild[0] else 0) | (WILD_MASKS[1] if wild[1] else 0)
            | (WILD_MASKS[2] if wild[2] else 0))


@dataclass(frozen=True)
class Placement:
    """A legal placement: the tiles put down and the word they make along their line."""

    tiles: tuple[PlacedTile, ...]
    word: str
    direction: str

    def key(self) -> frozenset[tuple[int, int, str, bool]]:
        return frozenset((t.row, t.col, t.letter, t.wild) for t in self.tiles)


@dataclass(frozen=True)
class ScoreModel:
    """What a total needs besides the board: the numbers of the rule set and the main word's
    factor (band weight × chain bonus, in ten-thousandths), with its largest possible value."""

    values: dict[str, int]
    bonus: tuple[tuple[tuple[int, int], ...], ...]  # (letter ×, word ×) per square
    length_bonus: tuple[int, ...]
    factor: Callable[[str], int]
    factor_max: int
    blocked: frozenset[tuple[int, int]] = field(default_factory=frozenset)
    #: the main words this player may play (a bot's vocabulary); None: every word
    known: Callable[[str], bool] | None = None
    #: the graph of the words this player may play along a line (None: the whole lexicon)
    graph: Dawg | None = None
    #: the graph of the words this player may make across a line (None: the whole lexicon)
    cross_graph: Dawg | None = None
    #: the words above Frio for this player and their graph (None: unknown, one pass)
    theme_words: frozenset[str] | None = None
    theme_graph: Dawg | None = None
    #: the factor of every other word (Frio's weight, no chain bonus)
    plain_factor: int = 10000
    #: the value of a kept rack, when the search weighs leaves (a master bot)
    leave: Callable[[Sequence[str]], float] | None = None
    #: ``leave_bounds[n]``: the largest leave value once ``n`` rack tiles are spent
    leave_bounds: tuple[float, ...] = ()


@dataclass(frozen=True)
class Scored:
    """A placement with its exact total, its points before band and chain, its main word and
    (when the search weighs leaves) the value of the tiles it keeps."""

    total: int
    subtotal: int
    main: str
    placement: Placement
    leave: float = 0.0

    @property
    def value(self) -> float:
        return self.total + self.leave

    def sort_key(self) -> tuple[float, str, tuple[tuple[int, int, str, bool], ...]]:
        """Best value first; ties by main word, then squares: a reproducible order."""
        tiles = tuple(sorted((t.row, t.col, t.letter, t.wild) for t in self.placement.tiles))
        return -self.value, self.main, tiles
