"""The move generator's word graph: exact membership, minimal size, safe loading."""

from __future__ import annotations

import hashlib
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.bots.dawg import DEFAULT_PATH, Dawg, build, letter_code
from engine.errors import LexiconFormatError
from engine.lexicon import Lexicon

WORDS = sorted(["A", "AS", "AMAR", "AMOR", "AMORES", "CASA", "CASAS", "CASO", "CASOS"])


def test_membership_is_exact() -> None:
    dawg = Dawg(build(WORDS))
    assert all(w in dawg for w in WORDS)
    for wrong in ("", "C", "CAS", "AMORE", "CASASS", "Z", "casa"):
        assert wrong not in dawg
    assert list(dawg.words()) == WORDS


def test_shared_suffixes_are_stored_once() -> None:
    # CASA/CASO and their plurals share every node after the fourth letter's choice.
    plain = Dawg(build(sorted(["CASA", "CASAS", "CASO", "CASOS"])))
    # Root pointer + C, A, S, {A, O}, S: seven edges, the final S shared by both branches
    # (a trie would need a second S).
    assert len(plain) == 7


def test_arcs_and_step_follow_the_graph() -> None:
    dawg = Dawg(build(WORDS))
    letters = [chr(code + 64) for code, _, _ in dawg.arcs(dawg.root)]
    assert letters == ["A", "C"]
    found = dawg.step(dawg.root, letter_code("A"))
    assert found is not None and found[1] is True  # "A" is a word
    assert dawg.step(dawg.root, letter_code("B")) is None


def test_words_must_come_sorted() -> None:
    with pytest.raises(ValueError, match="sorted"):
        build(["CASA", "AMAR"])


def test_damaged_graphs_are_refused() -> None:
    data = build(WORDS)
    for damaged in (b"", b"NOTADAWG" + data[8:], data[:-3]):
        with pytest.raises(LexiconFormatError):
            Dawg(damaged)


@settings(max_examples=60, deadline=None)
@given(st.sets(st.text(alphabet="ABCDEO", min_size=1, max_size=7), max_size=80))
def test_the_graph_holds_exactly_its_words(words: set[str]) -> None:
    dawg = Dawg(build(sorted(words)))
    assert set(dawg.words()) == words
    for probe in ("A", "AB", "BEE", "DECODE", "OOO"):
        assert (probe in dawg) == (probe in words)


def test_the_bundled_graph_holds_the_lexicons_words() -> None:
    lexicon = Lexicon.default()
    dawg = Dawg.default()
    report = json.loads(DEFAULT_PATH.with_suffix(".build.json").read_text(encoding="utf-8"))
    assert hashlib.sha256(DEFAULT_PATH.read_bytes()).hexdigest() == report["graph_sha256"]
    words = list(lexicon.words(prefix="CA"))
    for word in random.Random(5).sample(words, 2000):
        assert word in dawg
    rng = random.Random(6)
    for _ in range(2000):
        probe = "".join(rng.choice("ACEILMNORSTU") for _ in range(rng.randint(2, 8)))
        assert (probe in dawg) == (probe in lexicon)
