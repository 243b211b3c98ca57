"""Every tunable number of the game, in one frozen value: balance changes are data changes.

``RuleSet.standard()`` is the themed game with cards; ``classic()`` has no theme and no cards;
``solo()`` is the standard game for one seat. The board is kept as ASCII art below.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import IntEnum
from types import MappingProxyType

from engine.cards import DEFAULT_PRICES

#: The standard 21×21 board. ``.`` plain, ``d`` letter ×2, ``t`` letter ×3, ``D`` word ×2,
#: ``T`` word ×3, ``*`` the centre: the start square, with no bonus. Symmetric under both axes
#: and both diagonals (a test checks it).
STANDARD_LAYOUT = """
T..d..T...T...T..d..T
.D...t...t.t...t...D.
..D....d.....d....D..
d..D......d......D..d
....D....d.d....D....
.t...t...t.t...t...t.
T.......d...d.......T
..d....D.....D....d..
......d.d...d.d......
.t..dt.........td..t.
T..d......*......d..T
.t..dt.........td..t.
......d.d...d.d......
..d....D.....D....d..
T.......d...d.......T
.t...t...t.t...t...t.
....D....d.d....D....
d..D......d......D..d
..D....d.....d....D..
.D...t...t.t...t...D.
T..d..T...T...T..d..T
"""

VOWELS = frozenset("AEIOU")
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


class Band(IntEnum):
    """Affinity bands, in order: a higher band is a better fit with the theme."""

    FRIO = 0
    MORNO = 1
    QUENTE = 2
    ESCALDANTE = 3

    @property
    def label(self) -> str:
        return _BAND_LABELS[self]


_BAND_LABELS = {
    Band.FRIO: "Frio",
    Band.MORNO: "Morno",
    Band.QUENTE: "Quente",
    Band.ESCALDANTE: "Escaldante",
}


def _frozen(mapping: Mapping[str, int]) -> Mapping[str, int]:
    return MappingProxyType(dict(mapping))


# Values suited to Portuguese: common letters 1, rare ones (K, W, Y) 10.
_TILE_VALUES = {
    **dict.fromkeys("AEIOUSRTM", 1),
    **dict.fromkeys("NDCLP", 2),
    **dict.fromkeys("BFGV", 3),
    "H": 4,
    **dict.fromkeys("JQ", 6),
    "Z": 7,
    "X": 8,
    **dict.fromkeys("KWY", 10),
}

# Draw weights per thousand, close to letter frequencies in Brazilian Portuguese text.
_DRAW_WEIGHTS = {
    "A": 140, "E": 120, "O": 100, "S": 80, "R": 65, "I": 62, "N": 50, "D": 50, "M": 47,
    "T": 47, "U": 46, "C": 39, "L": 28, "P": 25, "V": 17, "G": 13, "H": 13, "Q": 12,
    "B": 10, "F": 10, "Z": 5, "J": 4, "X": 4, "K": 1, "W": 1, "Y": 1,
}

# Length bonus of the longest word, by its length (index); longer words take the last value.
_LENGTH_BONUS = (0, 0, 0, 0, 0, 2, 5, 9, 14, 20, 27, 35, 44, 54)

# Chain bonus in hundredths, by the chain's length after the move; longer chains take the last.
_CHAIN_BONUS = (100, 100, 110, 120, 135, 150)


@dataclass(frozen=True)
class RuleSet:
    """All the numbers one match is played with. Percentages are integer hundredths."""

    name: str
    layout: tuple[str, ...] = tuple(STANDARD_LAYOUT.split())
    rack_size: int = 7
    max_rack_size: int = 9
    tile_values: Mapping[str, int] = field(default_factory=lambda: _frozen(_TILE_VALUES))
    draw_weights: Mapping[str, int] = field(default_factory=lambda: _frozen(_DRAW_WEIGHTS))
    max_same_letter: int = 2
    max_same_open_vowel: int = 3  # A, E and O
    min_vowels: int = 2
    swap_limit: int = 3
    band_weights: tuple[int, int, int, int] = (100, 125, 150, 200)  # Frio … Escaldante
    chain_bonus: tuple[int, ...] = _CHAIN_BONUS
    length_bonus: tuple[int, ...] = _LENGTH_BONUS
    point_target: int = 400
    round_limit: int = 15
    turn_seconds: int = 90
    # A move that arrives this long after the deadline is still taken (the network's delay
    # between the player's click and the server); later it is refused as ``turn.expired``.
    late_grace_ms: int = 2000
    # How long a seat may stop its own turn's clock (0: never). A Solo table allows it, so a
    # newcomer reads the first-match tour without losing the turn; nobody else waits there.
    pause_seconds: int = 0
    themed: bool = True
    cards: bool = True
    min_seats: int = 2
    max_seats: int = 4
    passes_to_end: int = 2  # every seated player passes this many times in a row
    # A seat whose turn runs out this many times in a row leaves the match, as if it had left
    # (0: never). A match at one's own pace sets it, so a player who walked away for good
    # does not hold the others for days; a live table waits at most minutes and keeps them.
    timeouts_to_leave: int = 0
    # Coins and cards (ignored when ``cards`` is off).
    row_slots: int = 4
    income_base: int = 2
    income_bonus: int = 2  # added after a turn that scored at least the threshold
    income_threshold: int = 20
    pass_coin: int = 1
    sell_refund: tuple[int, int, int, int] = (0, 1, 2, 3)  # by card level
    card_prices: Mapping[str, int] = field(default_factory=lambda: _frozen(DEFAULT_PRICES))
    level_weights: tuple[int, int, int, int] = (0, 60, 30, 10)  # offer draw, by card level
    mine_payouts: int = 3
    personal_theme_rounds: int = 3
    magnet_draw: int = 3
    recycle_limit: int = 3

    @property
    def size(self) -> int:
        return len(self.layout)

    @property
    def centre(self) -> tuple[int, int]:
        return self.size // 2, self.size // 2

    @classmethod
    def standard(cls) -> RuleSet:
        """The themed game with power cards, for two to four players."""
        return cls(name="standard")

    @classmethod
    def classic(cls) -> RuleSet:
        """No theme and no cards: every word is Frio and there is no market."""
        return cls(name="classic", themed=False, cards=False)

    @classmethod
    def solo(cls) -> RuleSet:
        """The standard game for one player: the round limit ends it."""
        return cls(name="solo", min_seats=1, max_seats=1)

    @classmethod
    def named(cls, name: str) -> RuleSet:
        factories = {"standard": cls.standard, "classic": cls.classic, "solo": cls.solo}
        if name not in factories:
            raise KeyError(name)
        return factories[name]()

    def with_settings(self, **changes: object) -> RuleSet:
        """A copy with some numbers changed (a custom room's turn time, rounds, cards, theme)."""
        return replace(self, **changes)  # type: ignore[arg-type]

    def band_weight(self, band: Band) -> int:
        return self.band_weights[band]

    def chain_bonus_for(self, length: int) -> int:
        return self.chain_bonus[min(length, len(self.chain_bonus) - 1)]

    def length_bonus_for(self, length: int) -> int:
        return self.length_bonus[min(length, len(self.length_bonus) - 1)]

    def max_of_letter(self, letter: str) -> int:
        return self.max_same_open_vowel if letter in "AEO" else self.max_same_letter

    def to_json(self) -> dict[str, object]:
        """The whole rule set as plain JSON data (``vanlexis rules --json``)."""
        return {
            "name": self.name,
            "layout": list(self.layout),
            "layout_legend": {
                ".": "plain", "d": "letter x2", "t": "letter x3", "D": "word x2",
                "T": "word x3", "*": "start (no bonus)",
            },
            "rack_size": self.rack_size,
            "max_rack_size": self.max_rack_size,
            "tile_values": dict(self.tile_values),
            "draw_weights": dict(self.draw_weights),
            "max_same_letter": self.max_same_letter,
            "max_same_open_vowel": self.max_same_open_vowel,
            "min_vowels": self.min_vowels,
            "swap_limit": self.swap_limit,
            "band_weights_pct": {b.label: self.band_weights[b] for b in Band},
            "chain_bonus_pct": list(self.chain_bonus),
            "length_bonus": list(self.length_bonus),
            "point_target": self.point_target,
            "round_limit": self.round_limit,
            "turn_seconds": self.turn_seconds,
            "late_grace_ms": self.late_grace_ms,
            "pause_seconds": self.pause_seconds,
            "themed": self.themed,
            "cards": self.cards,
            "seats": [self.min_seats, self.max_seats],
            "passes_to_end": self.passes_to_end,
            "timeouts_to_leave": self.timeouts_to_leave,
            "row_slots": self.row_slots,
            "income": {"base": self.income_base, "bonus": self.income_bonus,
                       "threshold": self.income_threshold, "pass": self.pass_coin},
            "sell_refund_by_level": list(self.sell_refund[1:]),
            "card_prices": dict(self.card_prices),
            "offer_weights_by_level": list(self.level_weights[1:]),
            "mine_payouts": self.mine_payouts,
            "personal_theme_rounds": self.personal_theme_rounds,
            "magnet_draw": self.magnet_draw,
            "recycle_limit": self.recycle_limit,
        }
