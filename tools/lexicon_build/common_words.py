"""The list of common words: the lexicon's words a Brazilian adult recognises, by frequency.

Weaker bots play only the words a person of their level would know
(``engine.lexicon.common_words``). "Knowing" a word is approximated by how often Portuguese text
uses it: wordfreq's Portuguese frequency (folded: the highest among the spellings that fold
together), on its Zipf scale (log10 of the uses per billion words).

**The cut-off: Zipf 3.0**, once per million words. Above it the lexicon has about 26,500 words,
and a read of random samples finds nearly every one a word people know (TEOLOGOS, QUIOSQUES,
DIGERIR, GABARITO); below it, at 2.0–2.5, one word in ten or so is one a player would have to
look up (ANGICOS, CALHETA, NUCLEOTIDEOS), and the share grows as the frequency falls. A typical
adult's vocabulary is some 20,000–30,000 words, which this matches in size.

What a frequency list gets wrong is kept out by hand: words frequent only as names (ZE),
abbreviations, English and other foreign words, brands (``common_exclude.txt``, written from a
word-by-word read of the list). Only words of the lexicon are listed, most common first, ties
alphabetically, so the file is reproducible for a pinned wordfreq.
``python -m tools.lexicon_build.common_words`` rewrites it from the committed lexicon; the full
lexicon build writes it too.
"""

from __future__ import annotations

import hashlib
import json
import math
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path

from engine.lexicon import Lexicon
from engine.lexicon.common_words import DEFAULT_PATH
from engine.themes import read_word_list
from tools.lexicon_build import vocabulary

#: The frequency a word needs to be common, on wordfreq's Zipf scale (see above).
CUTOFF_ZIPF = 3.0
EXCLUDED_PATH = Path(__file__).with_name("common_exclude.txt")
HEADER = (
    "# Vanlexis common words: the lexicon's {count:,} words with a wordfreq Zipf frequency of\n"
    "# {cutoff} or more (once per million words), less the excluded ones\n"
    "# (tools/lexicon_build/common_exclude.txt), most common first. Derived from wordfreq\n"
    "# {version} Portuguese frequencies (data CC BY-SA 4.0, see LICENSE-WORDFREQ.txt); built by\n"
    "# tools/lexicon_build/common_words.py.\n"
)


def zipf(frequency: float) -> float:
    """wordfreq's Zipf scale: log10 of the uses per billion words (0 for an unknown word)."""
    return math.log10(frequency * 1e9) if frequency > 0 else 0.0


def excluded(path: Path = EXCLUDED_PATH) -> frozenset[str]:
    """The folded words kept out of the list by hand."""
    return read_word_list(path.read_text(encoding="utf-8"))


def ranked(words: Iterable[str], folded_freq: Mapping[str, float],
           cutoff: float = CUTOFF_ZIPF, exclude: frozenset[str] = frozenset()) -> list[str]:
    """The ``words`` at ``cutoff`` or above, not excluded, most common first."""
    known = [(-folded_freq[w], w) for w in words
             if w not in exclude and zipf(folded_freq.get(w, 0.0)) >= cutoff]
    return [w for _, w in sorted(known)]


def write(words: Iterable[str], folded_freq: Mapping[str, float], path: Path) -> dict[str, object]:
    from importlib.metadata import version

    listed = ranked(words, folded_freq, exclude=excluded())
    text = HEADER.format(count=len(listed), cutoff=CUTOFF_ZIPF, version=version("wordfreq")) + \
        "".join(w + "\n" for w in listed)
    data = text.encode("utf-8")
    path.write_bytes(data)
    return {"common_words": len(listed), "common_cutoff_zipf": CUTOFF_ZIPF,
            "common_excluded": len(excluded()),
            "common_sha256": hashlib.sha256(data).hexdigest()}


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
