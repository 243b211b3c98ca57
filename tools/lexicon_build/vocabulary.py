"""Write the weaker bots' vocabulary graphs beside the common-word list.

Each level below the master knows the N most common words and searches a graph of them
(:mod:`engine.bots.vocabulary`). Building the largest takes about half a second, which a fresh
process would otherwise pay on its first bot turn, so the graphs of the levels' sizes are
built here from the committed list (``python -m tools.lexicon_build.vocabulary``; the common
list's build writes them too). A size with no file is still built on first use.
"""

from __future__ import annotations

import sys
from pathlib import Path

from engine.bots.dawg import build
from engine.bots.levels import LEVELS
from engine.bots.vocabulary import graph_path, vocabulary_words


def sizes() -> list[int]:
    """The vocabulary sizes the levels use."""
    return sorted({lvl.vocabulary for lvl in LEVELS if isinstance(lvl.vocabulary, int)})


def write_all() -> list[Path]:
    """Write one graph per size and return their paths."""
    out = []
    for size in sizes():
        path = graph_path(size)
        path.write_bytes(build(sorted(vocabulary_words(size))))
        out.append(path)
    return out


def main() -> int:
    for path in write_all():
        print(f"wrote {path} ({path.stat().st_size / 1e3:.0f} kB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
