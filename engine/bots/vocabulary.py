"""A bot's vocabulary as a word graph of its own.

A bot of level 1–4 knows only the N most common words
(:mod:`engine.lexicon.common_words`). Filtering the whole lexicon's moves by that list would
search 1.2 million words to keep a few thousand, so the search walks a graph of the
vocabulary instead, and still checks cross words against the whole lexicon. The graphs of
the levels' sizes ship beside the common-word list (``pt_br.common-<size>.dawg``, written by
``python -m tools.lexicon_build.vocabulary``); any other size is built on first use (tens to
hundreds of milliseconds).

The master (level 5) and the post-game review know the *known words*
(:data:`KNOWN`): every word a Brazilian knows by the frequency source, its ordinary forms
(plurals, feminines, conjugations of a common word) and every theme word of the library
(``tools/lexicon_build/known.py`` says exactly). The graph ships beside the lexicon
(``pt_br.known.dawg``); its own membership test is the vocabulary check.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Final, Literal

from engine.bots.dawg import Dawg, build
from engine.lexicon.common_words import DEFAULT_PATH as COMMON_PATH
from engine.lexicon.common_words import CommonWords

#: The vocabulary of the known words (the master's and the review's), as a level names it.
KNOWN: Final = "known"
Vocabulary = int | Literal["known"] | None  # a size of the common list, the known words, all
KNOWN_PATH = COMMON_PATH.with_name("pt_br.known.dawg")


def graph_path(size: int) -> Path:
    """Where the graph of the ``size`` most common words ships."""
    return COMMON_PATH.with_name(f"pt_br.common-{size}.dawg")


@functools.cache
def vocabulary_words(size: int) -> frozenset[str]:
    """The ``size`` most common words."""
    return frozenset(CommonWords.default().words()[:size])


@functools.cache
def vocabulary_graph(size: int) -> Dawg:
    """The word graph of :func:`vocabulary_words`: the shipped one, or built now."""
    path = graph_path(size)
    if path.exists():
        return Dawg.from_path(path)
    return Dawg(build(sorted(vocabulary_words(size))))


@functools.cache
def known_words_graph() -> Dawg:
    """The graph of the known words (:data:`KNOWN`)."""
    return Dawg.from_path(KNOWN_PATH)
