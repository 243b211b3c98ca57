"""``python -m tools.lexicon_check``: the lexicon's figures a person judges it by.

Read from the committed artifact, against the judged lists kept in the repository:

- **bases and roots**: how many words count as another (a plural, feminine or diminutive), how
  many have more than one base, how many share a root with another word;
- **the judged pairs** (``tests/data/base_pairs.tsv``, a native speaker's reading): the share of
  true pairs the lexicon relates and of false pairs it keeps apart;
- **frequent words** (``tests/data/frequent_pt.txt``): the share the lexicon accepts;
- **the judged sample** (``tools/lexicon_build/samples/accepted-*.tsv``): per verdict, how many
  of the sampled words the lexicon still accepts (junk should be gone).
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from engine.lexicon import Lexicon, fold

REPO = Path(__file__).resolve().parent.parent
PAIRS = REPO / "tests" / "data" / "base_pairs.tsv"
FREQUENT = REPO / "tests" / "data" / "frequent_pt.txt"
SAMPLES = REPO / "tools" / "lexicon_build" / "samples"


def _rows(path: Path) -> list[list[str]]:
    lines = [line for line in path.read_text(encoding="utf-8").splitlines()
             if line.strip() and not line.startswith("#")]
    return [line.split("\t") for line in lines[1:]]  # the first is the header row


def morphology_figures(lexicon: Lexicon) -> list[str]:
    words = with_bases = several = rooted_elsewhere = 0
    for word in lexicon.words():
        words += 1
        bases = lexicon.bases(word)
        with_bases += bool(bases)
        several += len(bases) > 1
        rooted_elsewhere += lexicon.roots(word) != (word,)
    return [f"palavras: {words:,}",
            f"com base (plural, feminino, diminutivo): {with_bases:,} "
            f"({100 * with_bases / words:.1f}%), com mais de uma: {several:,}",
            f"com raiz além de si mesmas: {rooted_elsewhere:,} "
            f"({100 * rooted_elsewhere / words:.1f}%)"]


def pair_figures(lexicon: Lexicon, path: Path = PAIRS) -> list[str]:
    right: Counter[str] = Counter()
    total: Counter[str] = Counter()
    wrong: list[str] = []
    for form, base, verdict, *_ in _rows(path):
        related = fold(base) in lexicon.bases(form) and lexicon.share_root(form, base)
        apart = fold(base) not in lexicon.bases(form) and not lexicon.share_root(form, base)
        total[verdict] += 1
        if (related if verdict == "=" else apart):
            right[verdict] += 1
        else:
            wrong.append(f"{form} {verdict} {base}")
    out = [f"pares julgados {v}: {right[v]} de {total[v]} certos" for v in ("=", "≠")]
    if wrong:
        out.append("errados: " + ", ".join(wrong))
    return out


def frequent_figures(lexicon: Lexicon, path: Path = FREQUENT) -> list[str]:
    words = [line.strip() for line in path.read_text(encoding="utf-8").splitlines()
             if line.strip() and not line.startswith("#")]
    missing = [w for w in words if fold(w) not in lexicon]
    share = 100 * (len(words) - len(missing)) / len(words)
    return [f"palavras frequentes aceitas: {len(words) - len(missing)} de {len(words)} "
            f"({share:.2f}%)" + (f"; faltam: {', '.join(missing)}" if missing else "")]


def sample_figures(lexicon: Lexicon, directory: Path = SAMPLES) -> list[str]:
    out = []
    for path in sorted(directory.glob("accepted-*.tsv")):
        kept: Counter[str] = Counter()
        judged: Counter[str] = Counter()
        for word, _, verdict, *_ in _rows(path):
            judged[verdict] += 1
            kept[verdict] += fold(word) in lexicon
        out.append(f"{path.name}: " + "; ".join(
            f"{v}: {kept[v]} de {judged[v]} ainda aceitas" for v in sorted(judged)))
    return out


def main() -> int:
    lexicon = Lexicon.default()
    for line in (*morphology_figures(lexicon), *pair_figures(lexicon),
                 *frequent_figures(lexicon), *sample_figures(lexicon)):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
