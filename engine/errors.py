"""Typed rule errors: every illegal input raises a subclass of :class:`RuleError`.

Each error carries a stable machine ``code`` (clients and tests match on it) and a Portuguese
``message`` that can be shown to a player as is; an error about one square of the board
names it (``square``, row and column from 0), so a page can point at it.
"""

from __future__ import annotations


class RuleError(Exception):
    """Base of every error the engine raises on bad input; the state is never changed."""

    code: str = "rule"

    def __init__(self, message: str, *, code: str | None = None,
                 square: tuple[int, int] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.square = square
        if code is not None:
            self.code = code

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"


class InvalidWordError(RuleError):
    """Text that cannot be a word on the board (empty, digits, symbols, other scripts)."""

    code = "word.invalid"


class LexiconFormatError(RuleError):
    """A lexicon artifact that is truncated, corrupt or of an unknown version."""

    code = "lexicon.format"
