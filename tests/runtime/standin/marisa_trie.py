"""A stand-in for marisa-trie where its C++ extension cannot load: CPython 3.14 in
WebAssembly (Pyodide), for the suites run on the functions' Python (``python -m
tests.runtime``). PyPI has no WebAssembly wheel of marisa-trie.

It answers the calls the engine makes (``map``, ``key_id``, ``restore_key``, ``iterkeys``,
``in``, ``len``) with the same ids and the same order as the real library, for the artifacts
the real library wrote: before Pyodide starts, the host's marisa-trie reads every trie of the
shipped artifacts and writes its keys in id order and its iteration order into
``$MARISA_STANDIN_TABLES/<sha256 of the trie's bytes>`` (``tests/runtime/tries.py``).
``tests/unit/test_marisa_standin.py`` checks it against the real library on the host.

A trie built here from keys (the artifact tests build small ones) gets ids in its own order,
consistent within the stand-in and written by ``tobytes`` in a format only it reads.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable, Iterator
from pathlib import Path

_MAGIC = b"MARISA-STANDIN\n"


class Trie:
    def __init__(self, keys: Iterable[str] | None = None) -> None:
        self._keys: list[str] = []
        self._ids: dict[str, int] = {}
        self._order: list[int] = []
        if keys is not None:
            # marisa's ids go breadth first: shorter keys first, as here
            self._set(sorted(set(keys), key=lambda k: (len(k), k)), None)

    def _set(self, keys: list[str], order: list[int] | None) -> None:
        self._keys = keys
        self._ids = {k: i for i, k in enumerate(keys)}
        # marisa iterates depth first, which for plain keys is their sorted order
        self._order = order if order is not None else sorted(range(len(keys)),
                                                             key=keys.__getitem__)

    def map(self, buffer: object) -> None:
        data = bytes(memoryview(buffer))  # type: ignore[arg-type]
        if data.startswith(_MAGIC):
            table = json.loads(data[len(_MAGIC):])
            self._set(table["keys"], table["order"])
            return
        tables = os.environ.get("MARISA_STANDIN_TABLES")
        path = Path(tables or ".") / hashlib.sha256(data).hexdigest()
        if not tables or not path.exists():
            # what marisa raises for bytes that are not a trie it knows
            raise RuntimeError("MARISA_FORMAT_ERROR: no table exported for these bytes")
        table = json.loads(path.read_text(encoding="utf-8"))
        self._set(table["keys"], table["order"])

    def frombytes(self, data: bytes) -> Trie:
        self.map(data)
        return self

    def tobytes(self) -> bytes:
        return _MAGIC + json.dumps({"keys": self._keys, "order": self._order}).encode()

    def key_id(self, key: str) -> int:
        return self._ids[key]

    def restore_key(self, key_id: int) -> str:
        if not 0 <= key_id < len(self._keys):
            raise KeyError(key_id)
        return self._keys[key_id]

    def iterkeys(self, prefix: str = "") -> Iterator[str]:
        for key_id in self._order:
            key = self._keys[key_id]
            if key.startswith(prefix):
                yield key

    def keys(self, prefix: str = "") -> list[str]:
        return list(self.iterkeys(prefix))

    def __contains__(self, key: object) -> bool:
        return key in self._ids

    def __len__(self) -> int:
        return len(self._keys)
