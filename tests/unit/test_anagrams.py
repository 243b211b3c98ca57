"""The filter of letter multisets the bounds use: it never says no to a word's letters."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.bots.anagrams import (
    DEFAULT_PATH,
    UNIT,
    Anagrams,
    build,
    for_graph,
    graph_digest,
    key_of,
)
from engine.bots.dawg import Dawg
from engine.bots.dawg import build as build_graph
from engine.errors import LexiconFormatError
from tools.lexicon_build.anagrams import false_rate

WORDS = sorted(["AMOR", "ROMA", "CASA", "SACA", "CASAS", "ZEBRA", "ORAR"])


@given(st.text("ABCDEFGHIJKLMNOPQRSTUVWXYZ", max_size=21),
       st.text("ABCDEFGHIJKLMNOPQRSTUVWXYZ", max_size=9))
def test_the_key_of_two_sets_of_letters_is_the_sum_of_their_keys(one: str, two: str) -> None:
    """The bounds add the board letters' key to the tiles' key: no letter count may spill
    into the next letter's bits (a lane has 21 squares and a rack at most 9 tiles)."""
    assert key_of(one + two) == key_of(one) + key_of(two)
    assert key_of(one) == key_of("".join(sorted(one)))
    if one:
        assert key_of(one) - UNIT[ord(one[0]) - 64] == key_of(one[1:])


def test_a_small_filter_answers_yes_for_every_words_letters_in_any_order() -> None:
    found = Anagrams(build(WORDS, b"\0" * 32))
    for word in WORDS:
        assert key_of(word) in found
        assert key_of(word[::-1]) in found
    assert key_of("MORA") in found  # the letters of AMOR, ROMA
    missing = [key_of(w) for w in ("XYZ", "KWY", "QQQQ", "AMORES", "CAS")]
    assert sum(key in found for key in missing) <= 1  # a false yes is possible, but rare


def test_the_shipped_filter_was_built_from_the_shipped_graph() -> None:
    """Else the search would not use it (a stale filter could say no to a new word)."""
    graph = Dawg.default()
    shipped = Anagrams.from_path(DEFAULT_PATH)
    assert shipped.graph_sha256 == graph_digest(graph)
    assert for_graph(graph) is not None


@pytest.fixture(scope="module")
def shipped_keys() -> set[int]:
    """The keys of every word of the shipped graph (some seconds: shared by two tests)."""
    return {key_of(word) for word in Dawg.default().words()}


def test_the_shipped_filter_says_yes_to_every_words_letters(shipped_keys: set[int]) -> None:
    found = for_graph(Dawg.default())
    assert found is not None
    assert all(key in found for key in shipped_keys)


def test_the_shipped_filter_rarely_says_yes_to_letters_that_spell_nothing(
        shipped_keys: set[int]) -> None:
    """Drawn like the search's questions (7 to 10 letters); the build measured 0.66%."""
    found = for_graph(Dawg.default())
    assert found is not None
    assert false_rate(found, shipped_keys, samples=20_000) < 0.01


def test_a_small_graph_gets_a_filter_of_its_own_and_a_large_foreign_one_none(
        monkeypatch: pytest.MonkeyPatch) -> None:
    small = Dawg(build_graph(WORDS))
    found = for_graph(small)
    assert found is not None and found.graph_sha256 == graph_digest(small)
    assert for_graph(small) is found  # kept with the graph
    monkeypatch.setattr("engine.bots.anagrams._BUILD_LIMIT", 5)
    other = Dawg(build_graph(["CASA", "CASO"]))
    assert for_graph(other) is None


@pytest.mark.parametrize("damage", [
    lambda data: data[:10],
    lambda data: b"VLXWRONG" + data[8:],
    lambda data: data[:-1],
    lambda data: data + b"\0",
])
def test_damaged_filters_are_refused(damage) -> None:  # type: ignore[no-untyped-def]
    data = build(WORDS, b"\0" * 32)
    with pytest.raises(LexiconFormatError):
        Anagrams(damage(data))
