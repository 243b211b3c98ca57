"""The theme words of a player as a word graph of their own, for the split search.

A theme word's total is up to three times its points (Escaldante's weight and the chain's
bonus); any other word's total is its points. A search that cannot tell them apart must bound
every move as if it were a theme word, which makes its bounds two to three times too loose. So
the best-move search runs twice (:mod:`engine.bots.movegen`): over a small graph of the words
above Frio for this player, bounded by the largest factor, then over the whole lexicon bounded
by the plain factor, skipping the theme words the first pass already covered.

The graph is built once per theme (a few thousand words, tens of milliseconds) and kept with
the theme; a Tema Pessoal's union graph is kept with the match's theme. A weaker bot's
vocabulary and its theme words make one more graph (:func:`known_graph`), kept the same way.
"""

from __future__ import annotations

from engine.bots.dawg import Dawg, build
from engine.bots.vocabulary import vocabulary_graph, vocabulary_words
from engine.match import Resources
from engine.state import MatchState, Seat
from engine.themes import Theme


def theme_words(state: MatchState, seat: Seat, res: Resources) -> frozenset[str] | None:
    """The words whose affinity is above Frio for ``seat`` (the match's theme and its Tema
    Pessoal), or None when the lexicon cannot list them (no forms index)."""
    found: frozenset[str] | None = None
    for theme in _themes(state, seat, res):
        words = theme.words(res.lexicon)
        if words is None:
            return None
        found = words if found is None else found | words  # one theme: its own set, no copy
    return found if found is not None else frozenset()


def theme_graph(state: MatchState, seat: Seat, res: Resources) -> Dawg | None:
    """The word graph of :func:`theme_words` (None when there are none or they are unknown).
    Every player knows its theme's words, whatever its vocabulary."""
    themes = _themes(state, seat, res)
    if not themes:
        return None
    first = themes[0]
    key = ("graph", id(res.lexicon), *(id(t) for t in themes[1:]))
    cached = first.cache.get(key)
    if isinstance(cached, tuple):
        graph = cached[-1]
        assert graph is None or isinstance(graph, Dawg)
        return graph
    words = theme_words(state, seat, res)
    graph = Dawg(build(sorted(words))) if words else None
    first.cache[key] = (res.lexicon, *themes[1:], graph)  # kept alive so the ids stay unique
    return graph


def known_graph(state: MatchState, seat: Seat, res: Resources,
                vocabulary: int) -> tuple[frozenset[str], Dawg]:
    """The words a player of ``vocabulary`` common words knows in this match, its theme words
    included, and their graph: every word its move makes, along the line and across it, must
    be one of them. Built once per vocabulary and theme (under 0.2 s), kept with the theme."""
    words = vocabulary_words(vocabulary)
    themed = theme_words(state, seat, res)
    themes = _themes(state, seat, res)
    if not themed or not themes:
        return words, vocabulary_graph(vocabulary)
    first = themes[0]
    key = ("known", id(res.lexicon), vocabulary, *(id(t) for t in themes[1:]))
    cached = first.cache.get(key)
    if isinstance(cached, tuple):
        known, graph = cached[-2:]
        assert isinstance(known, frozenset) and isinstance(graph, Dawg)
        return known, graph
    known = words | themed
    graph = Dawg(build(sorted(known)))
    first.cache[key] = (res.lexicon, *themes[1:], known, graph)  # the ids stay unique
    return known, graph


def _themes(state: MatchState, seat: Seat, res: Resources) -> list[Theme]:
    ids = [state.theme_id, seat.personal_theme]
    return [res.themes.get(t) for t in dict.fromkeys(i for i in ids if i is not None)]
