"""The earlier name of :mod:`engine.lexicon.common_words`, kept as an alias so that modules
importing ``engine.lexicon.common`` keep working; new code imports ``common_words``."""

from __future__ import annotations

from engine.lexicon.common_words import DEFAULT_PATH, CommonWords

__all__ = ["DEFAULT_PATH", "CommonWords"]
