"""Tiles, racks and the rack-aware draw from the infinite bag.

A rack is a list of tile codes: a letter ``A``–``Z``, or a wildcard from a card: ``?`` (any
letter), ``?V`` (any vowel), ``?C`` (any consonant). The bag never runs out; each draw looks
at the rack so that it never holds more than two of a letter (three of A, E, O) and, when it
can, a full rack keeps at least two vowels.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from types import MappingProxyType

from engine.rng import Rng
from engine.rules import ALPHABET, VOWELS, RuleSet

WILD_ANY = "?"
WILD_VOWEL = "?V"
WILD_CONSONANT = "?C"
WILDCARDS = (WILD_VOWEL, WILD_CONSONANT, WILD_ANY)  # most restrictive first


#: What a wildcard tile is worth, whatever letter it became (the catalogue sends it to the page).
WILDCARD_VALUE = 0

#: The letters each wildcard code may become (the view sends them: the client holds no rules).
WILDCARD_LETTERS: Mapping[str, str] = MappingProxyType({
    WILD_ANY: ALPHABET,
    WILD_VOWEL: "".join(c for c in ALPHABET if c in VOWELS),
    WILD_CONSONANT: "".join(c for c in ALPHABET if c not in VOWELS),
})


def is_wildcard(code: str) -> bool:
    return code in WILDCARDS


def wildcard_allows(code: str, letter: str) -> bool:
    if code == WILD_ANY:
        return letter in ALPHABET
    if code == WILD_VOWEL:
        return letter in VOWELS
    if code == WILD_CONSONANT:
        return letter in ALPHABET and letter not in VOWELS
    return False


def _vowels_in(rack: Sequence[str]) -> int:
    return sum(1 for code in rack if code in VOWELS or code == WILD_VOWEL)


def draw(rules: RuleSet, rack: Sequence[str], count: int, rng: Rng) -> list[str]:
    """Draw ``count`` letters for ``rack``, one at a time, each looking at the rack so far."""
    current = list(rack)
    drawn: list[str] = []
    target = len(current) + count
    for _ in range(count):
        counts = Counter(current)
        allowed = [
            letter for letter in ALPHABET if counts[letter] < rules.max_of_letter(letter)
        ]
        missing_vowels = rules.min_vowels - _vowels_in(current)
        slots_left = target - len(current)
        if missing_vowels >= slots_left:
            vowels_only = [letter for letter in allowed if letter in VOWELS]
            if vowels_only:
                allowed = vowels_only
        weights = [rules.draw_weights[letter] for letter in allowed]
        letter = allowed[rng.weighted_index(weights)]
        current.append(letter)
        drawn.append(letter)
    return drawn


def refill(rules: RuleSet, rack: Sequence[str], size: int, rng: Rng) -> list[str]:
    """The rack brought back to ``size`` tiles (free, at the end of every turn)."""
    missing = max(0, size - len(rack))
    return [*rack, *draw(rules, rack, missing, rng)]


def take_from_rack(rack: Sequence[str], letters: Sequence[tuple[str, bool]]) -> list[str] | None:
    """The rack left after using ``letters`` (letter, is_wildcard); None if it lacks them.

    A wildcard tile is matched to the most restrictive wildcard code that allows its letter.
    """
    left = list(rack)
    for letter, wild in letters:
        if not wild:
            if letter not in left:
                return None
            left.remove(letter)
            continue
        for code in WILDCARDS:
            if code in left and wildcard_allows(code, letter):
                left.remove(code)
                break
        else:
            return None
    return left
