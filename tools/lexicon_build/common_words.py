"""The list of common words: the lexicon's words by how often Portuguese text uses them.

Weaker bots play the words a person of their level would know (``engine.lexicon.common_words``);
"knowing" a word is approximated by its rank in wordfreq's Portuguese frequencies (folded, and
the highest frequency among the spellings that fold together). Only words of the lexicon are
listed, most common first, ties alphabetically, so the file is reproducible for a pinned
wordfreq. ``python -m tools.lexicon_build.common_words`` rewrites it from the committed lexicon; the
full lexicon build writes it too.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path

from engine.lexicon import Lexicon
from engine.lexicon.common_words import DEFAULT_PATH
from tools.lexicon_build import vocabulary

LIMIT = 40_000
HEADER = (
    "# Vanlexis common words: the lexicon's {count:,} most frequent words, most common first.\n"
    "# Derived from wordfreq {version} Portuguese frequencies (data CC BY-SA 4.0, see\n"
    "# LICENSE-WORDFREQ.txt); built by tools/lexicon_build/common_words.py.\n"
)


def ranked(words: Iterable[str], folded_freq: Mapping[str, float],
           limit: int = LIMIT) -> list[str]:
    """The ``limit`` most frequent of ``words`` (those wordfreq knows), most common first."""
    known = [(-folded_freq[w], w) for w in words if folded_freq.get(w, 0.0) > 0]
    return [w for _, w in sorted(known)[:limit]]


def write(words: Iterable[str], folded_freq: Mapping[str, float], path: Path) -> dict[str, object]:
    from importlib.metadata import version

    listed = ranked(words, folded_freq)
    text = HEADER.format(count=len(listed), version=version("wordfreq")) + \
        "".join(w + "\n" for w in listed)
    data = text.encode("utf-8")
    path.write_bytes(data)
    return {"common_words": len(listed), "common_sha256": hashlib.sha256(data).hexdigest()}


def main() -> int:
    from tools.lexicon_build.build import frequencies

    lexicon = Lexicon.default()
    _, folded = frequencies()
    report = write((w for w in folded if w in lexicon), folded, DEFAULT_PATH)
    vocabulary.write_all()
    report_path = DEFAULT_PATH.parent / "pt_br.build.json"
    data = json.loads(report_path.read_text())
    data.update(report)
    report_path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
