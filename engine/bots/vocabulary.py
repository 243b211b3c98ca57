"""A weaker bot's vocabulary as a word graph of its own.

A bot of level 1–4 knows only the N most common words (:mod:`engine.lexicon.common`). Filtering
the whole lexicon's moves by that list would search 2.5 million words to keep a few thousand,
so the search walks a graph of the vocabulary instead (built once per size, tens to hundreds
of milliseconds) and still checks cross words against the whole lexicon.
"""

from __future__ import annotations

import functools

from engine.bots.dawg import Dawg, build
from engine.lexicon.common import CommonWords


@functools.cache
def vocabulary_words(size: int) -> frozenset[str]:
    """The ``size`` most common words."""
    return frozenset(CommonWords.default().words()[:size])


@functools.cache
def vocabulary_graph(size: int) -> Dawg:
    """The word graph of :func:`vocabulary_words`."""
    return Dawg(build(sorted(vocabulary_words(size))))
