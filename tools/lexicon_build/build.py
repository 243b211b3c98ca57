"""Build the lexicon artifact from the pinned VERO dictionary: ``python -m tools.lexicon_build``.

Steps: fetch and verify the source; expand every entry to all its forms; keep lowercase,
letter-only forms that are not pre-pronoun stems; fold them to A–Z; drop words shorter than
two letters and vowel-less abbreviations; choose each folded word's display spelling; compute
roots and bases; encode; check a sample against Hunspell's own acceptance (spylls); write the
artifact, its build report and the dictionary's licence.
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import json
import multiprocessing
import multiprocessing.pool
import os
import random
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import TypeVar

from engine.bots import dawg
from engine.lexicon.artifact import WordData, encode_artifact
from engine.lexicon.fold import fold
from engine.lexicon.lexicon import DEFAULT_PATH
from tools.forms.decide import own_words
from tools.lexicon_build import (
    anagrams,
    common_words,
    forms,
    known,
    source,
    supplement,
    vero,
    vocabulary,
)
from tools.lexicon_build.affixes import DicEntry, parse_aff, parse_dic
from tools.lexicon_build.expand import ENTRY, PRONOUN, Expander, Expansion
from tools.lexicon_build.gaps import Gaps
from tools.lexicon_build.morphology import Morphology, Sources, read_feminine_decisions
from tools.lexicon_build.spelling import portugal_spellings, prefixed_entries
from tools.lexicon_build.usage import (
    Usage,
    drop_unattested_verbs,
    grammar_diminutives,
    theme_accepted_forms,
    theme_layer_words,
)

T = TypeVar("T")
R = TypeVar("R")
REPO = Path(__file__).resolve().parents[2]
CACHE = REPO / "build" / "cache"
THEMES = REPO / "themes"
DENYLIST = Path(__file__).with_name("denylist.txt")
VOWELS = frozenset("AEIOU")
_ACCENTED = frozenset("áàâãéêíóôõúüç")
IRREGULAR_VERB_FLAGS = frozenset("efhi")  # VERO's classes named "IRREGULARES"
#: Superlatives in -íssimo and adverbs in -mente: an entry that takes them is an adjective.
ADJECTIVE_FLAGS = frozenset("HIJK")


class Progress:
    """One status line on stderr, rewritten in place, with elapsed time."""

    def __init__(self) -> None:
        self.start = time.monotonic()
        self.tty = sys.stderr.isatty()

    def __call__(self, message: str, *, final: bool = False) -> None:
        line = f"[{time.monotonic() - self.start:6.1f}s] {message}"
        if self.tty and not final:
            sys.stderr.write("\r\033[K" + line)
        else:
            sys.stderr.write(("\r\033[K" if self.tty else "") + line + "\n")
        sys.stderr.flush()


_PT_FOLD = str.maketrans("áàâãéêíóôõúüç", "aaaaeeiooouuc")


def fold_portuguese(word: str) -> str:
    """Folding for the build's own input, which is lowercase Portuguese letters only.

    Equal to :func:`engine.lexicon.fold.fold` on that alphabet (a test checks it), and many
    times faster, which matters over 2.7 million forms.
    """
    return word.translate(_PT_FOLD).upper()


def load_denylist(path: Path = DENYLIST) -> set[str]:
    words = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        word = line.split("#", 1)[0].strip()
        if word:
            words.add(fold(word))
    return words


def fold_and_filter(
    forms: list[str], denylist: set[str]
) -> tuple[dict[str, list[str]], dict[str, int]]:
    """Group forms by their folded word, dropping short, vowel-less and denied words."""
    spellings: dict[str, list[str]] = {}
    dropped = {"short": 0, "vowelless": 0, "denylist": 0}
    for form in forms:
        folded = fold_portuguese(form)
        if len(folded) < 2:
            dropped["short"] += 1
        elif not VOWELS.intersection(folded):
            dropped["vowelless"] += 1
        elif folded in denylist:
            dropped["denylist"] += 1
        else:
            spellings.setdefault(folded, []).append(form)
    return spellings, dropped


def frequencies() -> tuple[dict[str, float], dict[str, float]]:
    """wordfreq's Portuguese frequencies, by spelling and by folded word (the highest)."""
    import wordfreq

    raw: dict[str, float] = wordfreq.get_frequency_dict("pt", wordlist="best")
    folded: dict[str, float] = {}
    for token, value in raw.items():
        key = fold(token)
        if value > folded.get(key, 0.0):
            folded[key] = value
    return raw, folded


def usage_of(raw_freq: Mapping[str, float], folded_freq: Mapping[str, float]) -> Usage:
    """What the expansion judges the productive rules' forms by (``usage.py``)."""
    written_zipf = {w: common_words.zipf(v) for w, v in raw_freq.items()}
    excluded = common_words.excluded()
    layer_words = theme_layer_words(THEMES)
    theme_words = frozenset(fold(w) for w in (*layer_words, *theme_accepted_forms(THEMES)))
    return Usage({word: common_words.zipf(value) for word, value in folded_freq.items()},
                 grammar_diminutives(written_zipf, layer_words, excluded),
                 written_zipf, lemma_list(), excluded, theme_words)


def display_choice(spellings: list[str], frequency: Callable[[str], float]) -> str:
    """The documented rule: most frequent spelling, then fewest accents, then alphabetical."""
    return min(spellings, key=lambda s: (-frequency(s), sum(c in _ACCENTED for c in s), s))


def fill_gaps(derivs: dict[str, list[tuple[str, str]]], raw_freq: Mapping[str, float],
              verbs: frozenset[str]) -> frozenset[str]:
    """Add the forms the grammar makes and wordfreq attests (``gaps.py``); returns them."""

    lemmatise = _lemmatiser()

    def is_word(written: str) -> bool:
        made = derivs.get(written, ())
        return written.endswith(("ado", "ada", "ido", "ida")) or lemmatise(written)[0] == written \
            or any(lemma not in verbs and kind != PRONOUN for lemma, kind in made)

    written_zipf = {w: common_words.zipf(v) for w, v in raw_freq.items()}
    gaps = Gaps(written_zipf, theme_accepted_forms(THEMES), common_words.excluded(), is_word,
                lambda written: lemmatise(written)[0])
    found = gaps.fill(derivs, sorted(derivs))
    for form, made in found.items():
        derivs[form] = made
    return frozenset(found)


def lemma_list() -> frozenset[str]:
    """Every lemma of simplemma's curated Portuguese list (written): evidence that a word of
    the dictionary is a word of the language where no corpus happened to write it."""
    from simplemma.strategies.dictionaries import DefaultDictionaryFactory

    return frozenset(DefaultDictionaryFactory().get_dictionary("pt").values())


def _lemmatiser() -> Callable[[str], tuple[str, bool]]:
    """simplemma's curated Portuguese lemma list, read as a plain mapping (form → lemma).

    Only the list is used, not simplemma's guessing rules for unknown words: a word the list
    does not know gets no lemma from it (the dictionary's own morphology still applies).
    """
    from simplemma.strategies.dictionaries import DefaultDictionaryFactory

    table = DefaultDictionaryFactory().get_dictionary("pt")

    def lemmatise(word: str) -> tuple[str, bool]:
        lemma = table.get(word)
        return (word, False) if lemma is None else (lemma, True)

    return lemmatise


def _pool(processes: int) -> multiprocessing.pool.Pool | None:
    """A pool of forked workers (they inherit the parent's data), or None on one core."""
    return multiprocessing.get_context("fork").Pool(processes) if processes > 1 else None


def _processes() -> int:
    return max(1, min(os.cpu_count() or 1, 4))


def _map_chunks(function: Callable[[list[T]], R], chunks: list[list[T]]) -> Iterator[R]:
    """``function`` of each chunk, in order, on every core (forked workers)."""
    pool = _pool(_processes())
    try:
        yield from (pool.imap(function, chunks) if pool else map(function, chunks))
    finally:
        if pool:
            pool.close()
            pool.join()


_EXPANDER: Expander | None = None


def _expand_chunk(chunk: list[DicEntry]) -> Expansion:
    assert _EXPANDER is not None
    return _EXPANDER.expand(chunk)


def expand_all(
    expander: Expander, entries: list[DicEntry], progress: Callable[[int], None],
    chunk_size: int = 20_000,
) -> Expansion:
    """Expand every entry on every core; forbidden words are removed from the merged result."""
    global _EXPANDER  # noqa: PLW0603
    _EXPANDER = expander
    chunks = [entries[i : i + chunk_size] for i in range(0, len(entries), chunk_size)]
    merged = Expansion()
    done = 0
    try:
        for chunk, part in zip(chunks, _map_chunks(_expand_chunk, chunks), strict=True):
            merged.generated += part.generated
            merged.skipped_entries += part.skipped_entries
            merged.unused += part.unused
            merged.verb_lemmas |= part.verb_lemmas
            merged.forbidden |= part.forbidden
            for form, derivs in part.forms.items():
                known = merged.forms.setdefault(form, [])
                known.extend(d for d in derivs if d not in known)
            done += len(chunk)
            progress(done)
    finally:
        _EXPANDER = None
    for word in merged.forbidden:
        merged.forms.pop(word, None)
    return merged


# The worker processes inherit the morphology through fork instead of receiving it pickled.
_SHARED: tuple[Morphology, dict[str, list[str]], Callable[[str], float]] | None = None


def _describe(chunk: list[str]) -> list[WordData]:
    assert _SHARED is not None
    morphology, spellings, frequency = _SHARED
    return [
        WordData(display_choice(spellings[w], frequency), morphology.roots(w),
                 morphology.bases(w), morphology.verbs(w))
        for w in chunk
    ]


def _edges(chunk: list[str]) -> list[tuple[str, str]]:
    assert _SHARED is not None
    return _SHARED[0].edges_from(chunk)


def add_grammar_edges(morphology: Morphology, written: list[str],
                      progress: Callable[[int], None], chunk_size: int = 50_000) -> int:
    """Propose and check the grammar's forms of every written word, on every core."""
    global _SHARED  # noqa: PLW0603
    _SHARED = (morphology, {}, lambda _: 0.0)
    chunks = [written[i : i + chunk_size] for i in range(0, len(written), chunk_size)]
    count = done = 0
    try:
        for chunk, edges in zip(chunks, _map_chunks(_edges, chunks), strict=True):
            for form, source in edges:
                morphology.parents.setdefault(form, set()).add(source)
            count += len(edges)
            done += len(chunk)
            progress(done)
    finally:
        _SHARED = None
    return count


def describe_all(
    morphology: Morphology,
    spellings: dict[str, list[str]],
    frequency: Callable[[str], float],
    progress: Callable[[int], None],
    chunk_size: int = 20_000,
) -> dict[str, WordData]:
    """Display form, roots and bases of every word, on every core (the slowest step)."""
    global _SHARED  # noqa: PLW0603
    _SHARED = (morphology, spellings, frequency)
    keys = list(spellings)
    chunks = [keys[i : i + chunk_size] for i in range(0, len(keys), chunk_size)]
    words: dict[str, WordData] = {}
    try:
        for chunk, data in zip(chunks, _map_chunks(_describe, chunks), strict=True):
            words.update(zip(chunk, data, strict=True))
            progress(len(words))
    finally:
        _SHARED = None
    return words


def verify_sample(src: source.Source, forms: list[str], size: int, seed: int) -> dict[str, object]:
    """Check that Hunspell (its Python port, spylls) accepts a random sample of kept forms."""
    from spylls.hunspell import Dictionary

    dictionary = Dictionary.from_files(str(src.aff.with_suffix("")))
    sample = random.Random(seed).sample(forms, min(size, len(forms)))
    rejected = [w for w in sample if not dictionary.lookup(w)]
    return {"checked": len(sample), "rejected": rejected, "seed": seed}


def _amend(derivs: dict[str, list[tuple[str, str]]], declared: dict[str, list[tuple[str, str]]],
           expansion: Expansion, entries: list[DicEntry], raw_freq: Mapping[str, float],
           use: Usage, progress: Progress) -> tuple[int, int, frozenset[str]]:
    """What the build changes in VERO's expansion: the supplement's forms added, the verbs
    nothing attests dropped, the grammar's attested forms filled. Returns the three counts
    (the filled forms themselves, which Hunspell does not know)."""
    added = supplement.merge(derivs, declared)
    progress(f"added {added:,} forms from the supplement (tools/lexicon_build/supplement.txt)",
             final=True)
    verbs = frozenset(expansion.verb_lemmas)
    entry_verbs = frozenset(e.word for e in entries if vero.VERB.intersection(e.flags))
    unattested = drop_unattested_verbs(derivs, verbs, entry_verbs, use)
    progress(f"dropped {unattested:,} forms of verbs nothing attests", final=True)
    filled = fill_gaps(derivs, raw_freq, verbs)
    progress(f"filled {len(filled):,} forms the grammar makes and wordfreq attests "
             "(tools/lexicon_build/gaps.py)", final=True)
    return added, unattested, filled


def _write_derived(out: Path, words: list[str], folded_freq: Mapping[str, float],
                   progress: Progress) -> dict[str, object]:
    """Write what is derived from the artifact beside it: the word graph, the forms index,
    the common words and the weaker bots' graphs, the known words, the letter-set filter.
    Returns their figures for the report."""
    progress("building the move generator's word graph")
    graph = dawg.build(words)
    out.with_suffix(".dawg").write_bytes(graph)
    progress(f"wrote {out.with_suffix('.dawg')} ({len(graph) / 1e6:.1f} MB)", final=True)
    forms_path = forms.write(out)
    progress(f"wrote the forms index {forms_path} ({forms_path.stat().st_size / 1e6:.1f} MB)",
             final=True)
    common_report = common_words.write(words, folded_freq, out.with_name("pt_br.common.txt"))
    progress(f"wrote the {common_report['common_words']:,} common words", final=True)
    vocabulary.write_all()
    known_path, known_count = known.write(
        out, lambda w: common_words.zipf(folded_freq.get(w, 0.0)))
    progress(f"wrote the {known_count:,} known words {known_path}", final=True)
    anagrams_path, false_yes = anagrams.write(dawg.Dawg(graph))
    progress(f"wrote the letter-set filter {anagrams_path} "
             f"({anagrams_path.stat().st_size / 1e6:.1f} MB, false yes {false_yes:.2%})",
             final=True)
    return {"graph_bytes": len(graph), "graph_sha256": hashlib.sha256(graph).hexdigest(),
            "letter_filter_false_yes": round(false_yes, 5), **common_report,
            "known_words": known_count}


def build(out: Path, *, verify: int, progress: Progress) -> dict[str, object]:
    started = time.monotonic()
    src = source.fetch(CACHE)
    progress(f"source {source.PACKAGE}@{source.VERSION} sha256 {src.sha256[:12]}… ok", final=True)
    aff = parse_aff(src.aff)
    raw_freq, folded_freq = frequencies()
    entries = parse_dic(src.dic) + supplement.read_entries()
    def by_spelling(word: str) -> float:
        return raw_freq.get(word, 0.0)

    portugal = portugal_spellings((e.word for e in entries), by_spelling)
    entries = [e for e in entries if e.word not in portugal] + [
        made for e in entries if e.word in portugal
        for made in prefixed_entries(e, aff, by_spelling)]
    progress(f"dropped {len(portugal):,} entries spelt as in Portugal "
             "(tools/lexicon_build/spelling_pairs.txt)", final=True)
    total = len(entries)
    use = usage_of(raw_freq, folded_freq)
    expansion = expand_all(
        Expander(aff, use), entries,
        lambda n: progress(f"expanding {n:,}/{total:,} entries"),
    )
    progress(
        f"expanded {total:,} entries to {expansion.generated:,} forms, "
        f"{len(expansion.forms):,} lowercase letter-only; {expansion.unused:,} outputs of "
        "productive rules dropped as not in use",
        final=True,
    )
    derivs = expansion.forms
    declared = supplement.read()
    added, unattested, filled = _amend(derivs, declared, expansion, entries, raw_freq, use,
                                       progress)
    kept = [f for f, d in derivs.items() if any(kind != PRONOUN for _, kind in d)]
    pronoun_only = len(derivs) - len(kept)
    spellings, dropped = fold_and_filter(kept, load_denylist())
    progress(f"folded to {len(spellings):,} words", final=True)

    sources = Sources(
        lemmatise=_lemmatiser(),
        verbs=frozenset(expansion.verb_lemmas),
        adjectives=frozenset(e.word for e in entries if ADJECTIVE_FLAGS.intersection(e.flags)),
        irregular_verbs=frozenset(
            e.word for e in entries if IRREGULAR_VERB_FLAGS.intersection(e.flags)),
        own_words=own_words(),
        feminines=read_feminine_decisions(),
        declared={form: lemma for form, made in declared.items()
                  for lemma, kind in made if kind != ENTRY},
    )
    morphology = Morphology(
        derivations=derivs,
        spellings=spellings,
        fold=fold_portuguese,
        frequency=lambda w: folded_freq.get(w, 0.0),
        sources=sources,
    )
    written = sorted(s for group in spellings.values() for s in group)
    edges = add_grammar_edges(
        morphology, written, lambda n: progress(f"plurals, feminines, diminutives {n:,}"))
    progress(f"{edges:,} checked forms (plural, feminine, diminutive) of "
             f"{len(morphology.parents):,} words", final=True)
    words = describe_all(
        morphology, spellings, lambda s: raw_freq.get(s, 0.0),
        lambda n: progress(f"roots and bases {n:,}/{len(spellings):,}"),
    )
    progress(f"roots and bases for {len(words):,} words", final=True)
    header = {
        "format": 1,
        "source": {
            "package": f"{source.PACKAGE}@{source.VERSION}",
            "sha256": src.sha256,
            "dictionary": "VERO pt-BR 3.2 (LibreOffice), LGPL-3.0 or MPL-2.0",
        },
    }
    artifact = encode_artifact(words, header)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(artifact)
    (out.parent / "LICENSE-VERO.txt").write_bytes(src.license.read_bytes())
    derived = _write_derived(out, sorted(words), folded_freq, progress)
    progress(f"wrote {out} ({len(artifact) / 1e6:.1f} MB)", final=True)
    report: dict[str, object] = {
        "entries": total,
        "portugal_spellings_dropped": len(portugal),
        "generated_forms": expansion.generated,
        "unused_rule_outputs_dropped": expansion.unused,
        "unattested_verb_forms_dropped": unattested,
        "supplement_forms": added,
        "grammar_forms_filled": len(filled),
        "letter_only_forms": len(derivs),
        "pre_pronoun_only_dropped": pronoun_only,
        "kept_forms": len(kept),
        **{f"dropped_{reason}": count for reason, count in dropped.items()},
        "folded_words": len(words),
        "folded_with_several_spellings": sum(1 for f in spellings.values() if len(f) > 1),
        "form_edges": edges,
        "words_with_bases": sum(1 for w in words.values() if w.bases),
        "words_with_verbs": sum(1 for w in words.values() if w.verbs),
        "artifact_bytes": len(artifact),
        "artifact_sha256": hashlib.sha256(artifact).hexdigest(),
        "source_sha256": src.sha256,
        **derived,
    }
    if verify:
        progress(f"checking {verify:,} forms against Hunspell (spylls)")
        # Hunspell knows VERO's words only: the forms added to it are not its to judge.
        ours = filled | frozenset(declared) | {e.word for e in supplement.read_entries()}
        report["hunspell_check"] = verify_sample(
            src, [f for f in kept if f not in ours], verify, seed=20261130)
        progress(f"hunspell check: {report['hunspell_check']}", final=True)
    report["seconds"] = round(time.monotonic() - started, 1)
    report_path = out.with_suffix(".build.json")
    report_path.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.lexicon_build", description=__doc__)
    parser.add_argument("--out", type=Path, default=DEFAULT_PATH, help="artifact path")
    parser.add_argument(
        "--verify", type=int, default=2000, metavar="N",
        help="check N random kept forms with spylls (0 to skip)",
    )
    args = parser.parse_args(argv)
    progress = Progress()
    # Millions of small tuples and lists, none in a cycle: the cyclic collector would only
    # rescan them again and again (and, after a fork, touch every page the workers share).
    gc.disable()
    try:
        report = build(args.out, verify=args.verify, progress=progress)
    except source.SourceError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(report, indent=2, ensure_ascii=False))
    check = report.get("hunspell_check")
    if isinstance(check, dict) and check.get("rejected"):
        print("error: Hunspell rejects some kept forms", file=sys.stderr)
        return 1
    return 0
