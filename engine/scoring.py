"""Scoring with a full breakdown, in the rules' fixed order.

1. letters: value × letter multiplier (square, for tiles placed this move, and letter cards);
2. words: sum of letters × word multiplier (squares under tiles placed this move, word cards);
3. length: a bonus for the longest word of the move only;
4. affinity and chain: the subtotal × band weight × chain bonus.

Multipliers of one kind add instead of multiplying: a multiplier ``m`` contributes ``m - 1``
to a base of 1, so two Word ×3 give ×5, Word ×2 with Word ×3 gives ×4, and Letter ×3 with
Letra Dobrada gives ×4. Arithmetic is in integers: weights are hundredths, and the one rounding
of the move, at the very end, is half up: ``(subtotal × weight × chain + 5000) // 10000``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from engine.board import Layout
from engine.moves import FormedWord, MoveShape, square_name
from engine.rules import Band, RuleSet
from engine.tiles import WILDCARD_VALUE


@dataclass(frozen=True)
class Modifiers:
    """Effects of cards on one move (filled by the card rules; empty in a plain move)."""

    letter: Mapping[tuple[int, int], tuple[tuple[str, int], ...]] = field(default_factory=dict)
    word: tuple[tuple[str, int], ...] = ()  # applies to the main word
    prisma: bool = False


class LetterScore(NamedTuple):
    square: str
    letter: str
    wildcard: bool
    placed: bool
    value: int
    multiplier: int
    sources: tuple[str, ...]
    points: int


@dataclass(frozen=True)
class WordScore:
    word: str
    display: str
    direction: str
    start: str
    main: bool
    letters: tuple[LetterScore, ...]
    letter_sum: int
    multiplier: int
    sources: tuple[str, ...]
    points: int


@dataclass(frozen=True)
class Affinity:
    band: Band
    matched: str | None  # the theme entry the main word matched, if any
    theme_id: str | None = None
    #: how the board shows the entry matched (CHUTAR, MÃE): the receipt says what it counted as
    matched_display: str | None = None
    #: what the word counts as (itself first): the roots the chain's same-root rule compares
    roots: tuple[str, ...] = ()


@dataclass(frozen=True)
class ChainStep:
    before: int
    after: int
    effect: str  # extends | same_root | keeps | breaks | protected | none
    bonus_pct: int


@dataclass(frozen=True)
class Breakdown:
    """Everything a player sees after a move: where every point came from."""

    words: tuple[WordScore, ...]
    words_total: int
    longest_word: str
    length_bonus: int
    subtotal: int
    band: Band
    band_weight_pct: int
    matched: str | None
    prisma: bool
    chain: ChainStep
    total: int
    #: the matched entry as the board shows it, when the main word counted as another word
    matched_display: str | None = None

    @property
    def main(self) -> WordScore:
        return self.words[0]

    def to_json(self) -> dict[str, object]:
        return {
            "words": [
                {
                    "word": w.word, "display": w.display, "direction": w.direction,
                    "start": w.start, "main": w.main,
                    "letters": [
                        {"square": ls.square, "letter": ls.letter, "wildcard": ls.wildcard,
                         "placed": ls.placed, "value": ls.value, "multiplier": ls.multiplier,
                         "sources": list(ls.sources), "points": ls.points}
                        for ls in w.letters
                    ],
                    "letter_sum": w.letter_sum, "multiplier": w.multiplier,
                    "sources": list(w.sources), "points": w.points,
                }
                for w in self.words
            ],
            "words_total": self.words_total,
            "longest_word": self.longest_word,
            "length_bonus": self.length_bonus,
            "subtotal": self.subtotal,
            "band": self.band.label,
            "band_weight_pct": self.band_weight_pct,
            "matched": self.matched,
            "matched_display": self.matched_display,
            "prisma": self.prisma,
            "chain": {"before": self.chain.before, "after": self.chain.after,
                      "effect": self.chain.effect, "bonus_pct": self.chain.bonus_pct},
            "total": self.total,
        }


def _added(multipliers: Sequence[int]) -> int:
    return 1 + sum(m - 1 for m in multipliers)


def score_word(
    rules: RuleSet,
    layout: Layout,
    word: FormedWord,
    *,
    main: bool,
    display: str,
    modifiers: Modifiers,
) -> WordScore:
    letters: list[LetterScore] = []
    word_parts: list[tuple[str, int]] = []
    values = rules.tile_values
    for row, col, cell, placed in word.tiles:
        value = WILDCARD_VALUE if cell.islower() else values[cell]
        parts: list[tuple[str, int]] = []
        if placed:
            letter_mult, word_mult, label = layout.bonus(row, col)
            if letter_mult > 1:
                parts.append((label, letter_mult))
            if word_mult > 1:
                word_parts.append((label, word_mult))
        if modifiers.letter:
            parts.extend(modifiers.letter.get((row, col), ()))
        multiplier = _added([m for _, m in parts]) if parts else 1
        letters.append(
            LetterScore(
                square_name(row, col), cell.upper(), cell.islower(), placed, value, multiplier,
                tuple(label for label, _ in parts), value * multiplier,
            )
        )
    if main:
        word_parts.extend(modifiers.word)
    letter_sum = sum(ls.points for ls in letters)
    multiplier = _added([m for _, m in word_parts])
    return WordScore(
        word=word.text,
        display=display,
        direction=word.direction,
        start=square_name(*word.start),
        main=main,
        letters=tuple(letters),
        letter_sum=letter_sum,
        multiplier=multiplier,
        sources=tuple(label for label, _ in word_parts),
        points=letter_sum * multiplier,
    )


def band_weight(rules: RuleSet, band: Band, prisma: bool) -> int:
    """The band's weight in hundredths; Prisma doubles its affinity part (1.5 → 2.0)."""
    weight = rules.band_weight(band)
    return 100 + 2 * (weight - 100) if prisma else weight


def score_move(
    rules: RuleSet,
    layout: Layout,
    shape: MoveShape,
    *,
    displays: Mapping[str, str],
    affinity: Affinity,
    chain: ChainStep,
    modifiers: Modifiers | None = None,
) -> Breakdown:
    mods = modifiers or Modifiers()
    words = tuple(
        score_word(rules, layout, word, main=i == 0, display=displays.get(word.text, word.text),
                   modifiers=mods)
        for i, word in enumerate(shape.words)
    )
    words_total = sum(w.points for w in words)
    longest = max(shape.words, key=lambda w: len(w.text)).text
    length_bonus = rules.length_bonus_for(len(longest))
    subtotal = words_total + length_bonus
    weight = band_weight(rules, affinity.band, mods.prisma)
    total = (subtotal * weight * chain.bonus_pct + 5000) // 10000
    return Breakdown(
        words=words,
        words_total=words_total,
        longest_word=longest,
        length_bonus=length_bonus,
        subtotal=subtotal,
        band=affinity.band,
        band_weight_pct=weight,
        matched=affinity.matched,
        matched_display=affinity.matched_display if affinity.matched != shape.main.text
        else None,
        prisma=mods.prisma,
        chain=chain,
        total=total,
    )
