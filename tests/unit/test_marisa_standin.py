"""The marisa-trie stand-in the suites use on CPython 3.14 in WebAssembly
(``tests/runtime/standin/marisa_trie.py``) answers as the real library does, checked here
against the real one on the shipped lexicon's tries."""

from __future__ import annotations

import importlib.util
import os
import random
from pathlib import Path
from types import ModuleType

import marisa_trie
import pytest

from engine.lexicon.artifact import split_sections
from engine.lexicon.lexicon import DEFAULT_PATH
from tests.runtime.tries import export

STANDIN = Path(__file__).resolve().parents[1] / "runtime" / "standin" / "marisa_trie.py"

if Path(marisa_trie.__file__).resolve() == STANDIN:  # already the stand-in (in Pyodide)
    pytest.skip("the real marisa-trie is what this compares with", allow_module_level=True)


def _standin() -> ModuleType:
    spec = importlib.util.spec_from_file_location("marisa_standin", STANDIN)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> tuple[marisa_trie.Trie, object]:
    tables = tmp_path_factory.mktemp("tries")
    export(tables)
    data = bytes(split_sections(DEFAULT_PATH.read_bytes()).word_trie)
    real = marisa_trie.Trie()
    real.frombytes(data)
    os.environ["MARISA_STANDIN_TABLES"] = str(tables)
    try:
        stand = _standin().Trie()
        stand.map(memoryview(data))
    finally:
        del os.environ["MARISA_STANDIN_TABLES"]
    return real, stand


def test_the_same_ids_both_ways(pair: tuple[marisa_trie.Trie, object]) -> None:
    real, stand = pair
    assert len(stand) == len(real)  # type: ignore[arg-type]
    rng = random.Random(34)
    for key_id in [*rng.sample(range(len(real)), 2000), 0, len(real) - 1]:
        key = real.restore_key(key_id)
        assert stand.restore_key(key_id) == key  # type: ignore[attr-defined]
        assert stand.key_id(key) == key_id  # type: ignore[attr-defined]
        assert key in stand  # type: ignore[operator]
    assert "XQZW" not in stand  # type: ignore[operator]
    with pytest.raises(KeyError):
        stand.key_id("XQZW")  # type: ignore[attr-defined]
    with pytest.raises(KeyError):
        stand.restore_key(len(real))  # type: ignore[attr-defined]


def test_the_same_order_for_every_prefix(pair: tuple[marisa_trie.Trie, object]) -> None:
    real, stand = pair
    for prefix in ("", "A", "CASA", "ZZ", "QU", "NAOEXISTE"):
        assert list(stand.iterkeys(prefix)) == list(real.iterkeys(prefix)), prefix  # type: ignore[attr-defined]


def test_unknown_bytes_are_refused_as_marisa_refuses_them(tmp_path: Path) -> None:
    os.environ["MARISA_STANDIN_TABLES"] = str(tmp_path)
    try:
        with pytest.raises(RuntimeError):
            _standin().Trie().map(b"not a trie" * 4)
    finally:
        del os.environ["MARISA_STANDIN_TABLES"]


def test_a_trie_built_by_the_standin_reads_back_the_same() -> None:
    module = _standin()
    built = module.Trie(["CASA", "CASAL", "A", "BOLA"])
    again = module.Trie()
    again.map(built.tobytes())
    assert [again.restore_key(i) for i in range(len(again))] == \
        [built.restore_key(i) for i in range(len(built))]
    assert list(again.iterkeys("CAS")) == ["CASA", "CASAL"]
