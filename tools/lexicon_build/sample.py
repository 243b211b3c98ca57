"""A seeded random sample of the words the lexicon accepts, for a native speaker to judge.

``python -m tools.lexicon_build.sample --seed 20261205 --size 300 --out FILE`` draws ``size``
words uniformly from the lexicon's accepted words (folded, sorted, then
``random.Random(seed).sample``), so anyone with the same artifact draws the same words. The file
records the seed and the artifact's digest in its header and has an empty ``verdict`` column, to
be filled with one of:

- ``atual``: a real word a Brazilian uses today (any plural, feminine, diminutive or conjugation
  that a speaker would write);
- ``arcaico-técnico``: a real word, but archaic, regional or known only to specialists;
- ``não-palavra``: not a word, or a wrong inflection (a feminine of a word that has none, a plural
  no one writes).

``tools.lexicon_check`` reads the filled files back and reports, per verdict, how many of the
sampled words the current lexicon still accepts: after junk is removed at its source, the
``não-palavra`` row should fall while ``atual`` stays whole.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from pathlib import Path

from engine.lexicon import Lexicon
from engine.lexicon.lexicon import DEFAULT_PATH

FIELDS = ("word", "written", "verdict", "note")
VERDICTS = ("atual", "arcaico-técnico", "não-palavra")


def draw(lexicon: Lexicon, seed: str, size: int) -> list[str]:
    """``size`` accepted words (folded), drawn reproducibly from the sorted word list."""
    words = sorted(lexicon.words())
    return sorted(random.Random(seed).sample(words, min(size, len(words))))


def write(lexicon: Lexicon, artifact: Path, seed: str, size: int, out: Path) -> None:
    digest = hashlib.sha256(artifact.read_bytes()).hexdigest()
    lines = [f"# seed {seed}, {size} words drawn from {artifact.name} sha256 {digest[:16]}",
             "# verdict: " + " / ".join(VERDICTS), "\t".join(FIELDS)]
    for word in draw(lexicon, seed, size):
        lines.append("\t".join((word, lexicon.display(word) or word.lower(), "", "")))
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", required=True)
    parser.add_argument("--size", type=int, default=300)
    parser.add_argument("--lexicon", type=Path, default=DEFAULT_PATH)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    write(Lexicon.from_path(args.lexicon), args.lexicon, args.seed, args.size, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
