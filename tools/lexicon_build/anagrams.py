"""Write the filter of the word graph's letter multisets beside the graph.

The bounds of the bots' search skip a span through board tiles whose letters spell no word
(:mod:`engine.bots.anagrams`). The filter is built from the shipped word graph's words
(``python -m tools.lexicon_build.anagrams``; the full lexicon build writes it too) and keeps
the graph's digest, so a filter that no longer matches the graph is not used. The build
measures how often the filter wrongly answers yes, on letter multisets drawn like the ones
the search asks about (a rack's tiles and a few board letters), and prints it.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from engine.bots.anagrams import DEFAULT_PATH, UNIT, Anagrams, build, graph_digest, key_of
from engine.bots.dawg import Dawg
from engine.rules import RuleSet


def write(graph: Dawg, path: Path = DEFAULT_PATH) -> tuple[Path, float]:
    """Write the filter of ``graph``'s words to ``path``; return it and its measured rate of
    false yes answers."""
    words = set(graph.words())
    data = build(words, graph_digest(graph))
    path.write_bytes(data)
    return path, false_rate(Anagrams(data), {key_of(word) for word in words})


def false_rate(found: Anagrams, keys: set[int], samples: int = 200_000, seed: int = 7) -> float:
    """How often ``found`` says yes to a multiset of 7 to 10 letters, drawn with the game's
    draw weights, that spells no word (``keys``: those that do)."""
    rng = random.Random(seed)
    weights = RuleSet.standard().draw_weights  # the game's own letter draw
    letters, chances = list(weights), list(weights.values())
    asked = wrong = 0
    while asked < samples:
        drawn = rng.choices(letters, chances, k=rng.randint(7, 10))
        key = sum(UNIT[ord(letter) - 64] for letter in drawn)
        if key in keys:
            continue
        asked += 1
        wrong += key in found
    return wrong / asked


def main() -> int:
    path, rate = write(Dawg.default())
    print(f"wrote {path} ({path.stat().st_size / 1e6:.1f} MB); false yes on {rate:.2%} of "
          f"letter sets that spell no word")
    return 0


if __name__ == "__main__":
    sys.exit(main())
