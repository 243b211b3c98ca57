"""The themes' base rule on a native speaker's list of word pairs.

Plurals, feminines and diminutives count as the base word (BOLAS and BOLINHA count as BOLA),
and a word of its own does not count as a look-alike (FRUTA is not a feminine of FRUTO).
``tests/data/base_pairs.tsv`` lists pairs judged by reading: ``=`` rows must be related by
both :meth:`Lexicon.bases` and :meth:`Lexicon.share_root`, ``≠`` rows by neither.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import NamedTuple

import pytest

from engine.lexicon import Lexicon, fold

PAIRS = Path(__file__).resolve().parents[1] / "data" / "base_pairs.tsv"
HEADER = ["form", "base", "verdict", "kind", "note"]
VERDICTS = {"=", "≠"}
KINDS = {"plural", "feminino", "diminutivo", "combinado"}


class Pair(NamedTuple):
    line: int
    form: str
    base: str
    verdict: str
    kind: str
    note: str

    def __str__(self) -> str:
        return f"linha {self.line}: {self.form} {self.verdict} {self.base} ({self.kind})"


def _read_pairs(path: Path) -> list[Pair]:
    """The rows of the file, after its ``#`` comments and its header row."""
    pairs: list[Pair] = []
    seen_header = False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        if not seen_header:
            assert fields == HEADER, f"linha {number}: cabeçalho inesperado {fields!r}"
            seen_header = True
            continue
        assert len(fields) == len(HEADER), f"linha {number}: {len(fields)} colunas: {line!r}"
        form, base, verdict, kind, note = (field.strip() for field in fields)
        assert verdict in VERDICTS, f"linha {number}: veredito {verdict!r}"
        assert kind in KINDS, f"linha {number}: tipo {kind!r}"
        assert note, f"linha {number}: sem nota"
        pairs.append(Pair(number, form, base, verdict, kind, note))
    assert seen_header, f"{path.name}: sem a linha de cabeçalho"
    return pairs


@pytest.fixture(scope="module")
def lex() -> Lexicon:
    return Lexicon.default()


@pytest.fixture(scope="module")
def pairs() -> list[Pair]:
    return _read_pairs(PAIRS)


def _problem(lex: Lexicon, pair: Pair) -> str | None:
    """Why the lexicon disagrees with a row, or None when it agrees."""
    counts = fold(pair.base) in lex.bases(pair.form)
    shares = lex.share_root(pair.form, pair.base)
    if pair.verdict == "=":
        wrong = [
            *([] if counts else ["base ausente de bases(form)"]),
            *([] if shares else ["share_root falso"]),
        ]
    else:
        wrong = [
            *(["base presente em bases(form)"] if counts else []),
            *(["share_root verdadeiro"] if shares else []),
        ]
    return f"{pair}: {', '.join(wrong)}" if wrong else None


def test_the_list_is_large_enough_and_has_no_duplicates(pairs: list[Pair]) -> None:
    verdicts = Counter(pair.verdict for pair in pairs)
    assert verdicts["="] >= 200, verdicts
    assert verdicts["≠"] >= 60, verdicts
    keys = Counter((pair.form, pair.base) for pair in pairs)
    assert [key for key, count in keys.items() if count > 1] == []
    folded = Counter((fold(pair.form), fold(pair.base)) for pair in pairs)
    assert [key for key, count in folded.items() if count > 1] == []
    assert [str(pair) for pair in pairs if fold(pair.form) == fold(pair.base)] == []


def test_every_word_of_the_list_is_in_the_lexicon(lex: Lexicon, pairs: list[Pair]) -> None:
    missing = [
        f"{pair}: {word!r} não está no léxico"
        for pair in pairs
        for word in (pair.form, pair.base)
        if not lex.is_word(word)
    ]
    assert missing == [], "erro nos dados:\n" + "\n".join(missing)


def test_forms_count_as_their_base_and_look_alikes_do_not(lex: Lexicon, pairs: list[Pair]) -> None:
    known = [p for p in pairs if lex.is_word(p.form) and lex.is_word(p.base)]
    failing = [(pair, found) for pair in known if (found := _problem(lex, pair))]
    by_verdict = Counter(pair.verdict for pair, _ in failing)
    summary = ", ".join(f"{verdict}: {count}" for verdict, count in sorted(by_verdict.items()))
    assert failing == [], (
        f"{len(failing)} de {len(known)} pares contrariam o léxico ({summary}):\n"
        + "\n".join(found for _, found in failing)
    )
