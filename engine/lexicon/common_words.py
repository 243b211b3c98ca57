"""How common a word is: its rank among the lexicon's most frequent words.

Bots below the top level only play words a person of their strength would know; a word's rank
in everyday Portuguese (from wordfreq, fixed at build time in ``pt_br.common.txt``) stands for
that. Words beyond the list are rare: they have no rank.
"""

from __future__ import annotations

import functools
from pathlib import Path

from engine.errors import LexiconFormatError
from engine.lexicon.lexicon import DEFAULT_PATH as LEXICON_PATH

DEFAULT_PATH = LEXICON_PATH.with_name("pt_br.common.txt")


class CommonWords:
    """Ranks of the common words (1 = the most common)."""

    def __init__(self, words: list[str]) -> None:
        self._rank = {word: i + 1 for i, word in enumerate(words)}

    @classmethod
    def from_text(cls, text: str) -> CommonWords:
        words = [line for line in text.splitlines() if line and not line.startswith("#")]
        bad = next((w for w in words if not (w.isascii() and w.isalpha() and w.isupper())), None)
        if bad is not None:
            raise LexiconFormatError(f"Palavra inválida na lista de palavras comuns: {bad!r}")
        return cls(words)

    @classmethod
    def from_path(cls, path: str | Path) -> CommonWords:
        return cls.from_text(Path(path).read_text(encoding="utf-8"))

    @classmethod
    @functools.cache
    def default(cls) -> CommonWords:
        return cls.from_path(DEFAULT_PATH)

    def __len__(self) -> int:
        return len(self._rank)

    def words(self) -> list[str]:
        """Every common word, most common first."""
        return list(self._rank)

    def rank(self, word: str) -> int | None:
        """The rank of a folded word, or None when it is not among the common words."""
        return self._rank.get(word)

    def knows(self, word: str, vocabulary: int) -> bool:
        """Whether a person who knows the ``vocabulary`` most common words knows ``word``."""
        rank = self._rank.get(word)
        return rank is not None and rank <= vocabulary
