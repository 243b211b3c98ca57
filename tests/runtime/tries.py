"""Export the shipped lexicon's tries for the marisa-trie stand-in (``standin/marisa_trie.py``):
for each trie, its keys in id order and its iteration order, read by the real library here,
in a file named by the sha256 of the trie's bytes."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import marisa_trie

from engine.lexicon.artifact import split_sections
from engine.lexicon.lexicon import DEFAULT_PATH


def table(trie_bytes: bytes) -> dict[str, list[str] | list[int]]:
    """What the stand-in needs to answer as the real trie does."""
    trie = marisa_trie.Trie()
    trie.frombytes(trie_bytes)
    keys = [trie.restore_key(i) for i in range(len(trie))]
    return {"keys": keys, "order": [trie.key_id(k) for k in trie.iterkeys()]}


def export(out: Path, artifacts: tuple[Path, ...] = (DEFAULT_PATH,)) -> list[Path]:
    """Write the tables of every trie of ``artifacts`` into ``out`` (kept when present)."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for artifact in artifacts:
        sections = split_sections(artifact.read_bytes())
        for section in (sections.word_trie, sections.lemma_trie):
            data = bytes(section)
            path = out / hashlib.sha256(data).hexdigest()
            if not path.exists():
                path.write_text(json.dumps(table(data)), encoding="utf-8")
            written.append(path)
    return written
