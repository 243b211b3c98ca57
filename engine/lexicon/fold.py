"""Folding: the board's alphabet is A–Z, so accents and the cedilla are dropped.

Players build ACAO and the game understands AÇÃO. Every word the engine stores or looks up is
folded first, so folding must be total (defined for any text) and idempotent (folding a folded
word changes nothing); the hypothesis tests hold it to both.
"""

from __future__ import annotations

import unicodedata

from engine.errors import InvalidWordError

#: Longest text accepted as a word to look up. Longer than any Portuguese word form in the
#: dictionary (the longest has 29 letters) and short enough that an error can quote it.
MAX_WORD_LENGTH = 40

_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
_MAX_PASSES = 4


def _fold_once(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).upper()


def fold(text: str) -> str:
    """Strip accents and cedilla and upper-case: ``"Ação"`` → ``"ACAO"``.

    Compatibility decomposition also maps ligatures and full-width letters to plain ones.
    Upper-casing can create new decomposable characters in rare scripts, so the step repeats
    until nothing changes.
    """
    if text.isascii():
        return text.upper()
    current = text
    for _ in range(_MAX_PASSES):
        folded = _fold_once(current)
        if folded == current:
            break
        current = folded
    return current


def is_board_word(text: str) -> bool:
    """Whether ``text`` is already folded and made only of the letters A–Z."""
    return bool(text) and all(c in _ALPHABET for c in text)


def _quote(text: str, limit: int = 24) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


def normalize_word(text: str) -> str:
    """Fold ``text`` for a lexicon look-up, or raise :class:`InvalidWordError` saying why not.

    Surrounding spaces are ignored; anything that is not a letter (digits, hyphens, symbols,
    letters of other scripts) is refused rather than silently dropped, so that ``"guarda-chuva"``
    is not taken for ``GUARDACHUVA``.
    """
    stripped = text.strip()
    if not stripped:
        raise InvalidWordError("A palavra está vazia.", code="word.empty")
    folded = fold(stripped)
    if len(folded) > MAX_WORD_LENGTH:
        raise InvalidWordError(
            f"A palavra tem {len(folded)} letras; o máximo é {MAX_WORD_LENGTH}.",
            code="word.too_long",
        )
    if not folded:  # only marks that folding removes (a lone accent or combining sign)
        raise InvalidWordError(f"“{_quote(stripped)}” não tem letras de A a Z.",
                               code="word.invalid_chars")
    bad = [c for c in folded if c not in _ALPHABET]
    if bad:
        shown = "".join(dict.fromkeys(bad))
        raise InvalidWordError(
            f"“{_quote(stripped)}” tem caracteres que não são letras de A a Z: "
            f"“{_quote(shown, 8)}”.",
            code="word.invalid_chars",
        )
    return folded
