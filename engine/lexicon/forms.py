"""The forms index: from a base word to every word that counts as it for themes.

The lexicon records, for each word, what it counts as: the bases it is a plural, feminine or
diminutive of (BOLAS → BOLA) and the verbs it conjugates (BOLAS → BOLAR). Themes ask the other
way round: which words count as BOLA, which as CHUTAR? A bot's search needs that set to tell theme
words apart before it finds them, and scanning 1.2 million records for it takes seconds, so the
lexicon build writes the inverse beside the artifact (``pt_br.forms``,
``python -m tools.lexicon_build.forms``).

Layout (lengths little-endian u32)::

    b"VLXFRM01"
    len + header (UTF-8 JSON: the lexicon's word, lemma and record-byte counts, block size)
    len + block index (u32 byte offset of every BLOCK-th key's list)
    len + lists (per key id of the lexicon, words then lemmas: a varint count, then the
                 word ids that count as it, ascending, as varint gaps)

The header's counts tie the index to the lexicon it was built from: a mismatch is refused when
it loads, so a rebuilt lexicon cannot silently pair with a stale index.
"""

from __future__ import annotations

import json
import mmap
import struct
import sys
from collections.abc import Iterable, Sequence

from engine.errors import LexiconFormatError
from engine.lexicon.artifact import read_framed, read_varint, write_varint

Buffer = bytes | bytearray | memoryview | mmap.mmap
MAGIC = b"VLXFRM01"
BLOCK = 64
_U32 = struct.Struct("<I")


def encode_forms(lists: Sequence[Sequence[int]], fingerprint: dict[str, int]) -> bytes:
    """The index file for ``lists`` (per key id, the word ids counting as it)."""
    index = bytearray()
    data = bytearray()
    for key_id, ids in enumerate(lists):
        if key_id % BLOCK == 0:
            index += _U32.pack(len(data))
        write_varint(len(ids), data)
        previous = 0
        for word_id in sorted(ids):
            write_varint(word_id - previous, data)
            previous = word_id
    header = json.dumps({**fingerprint, "keys": len(lists), "block": BLOCK},
                        sort_keys=True).encode()
    out = bytearray(MAGIC)
    for part in (header, index, data):
        out += _U32.pack(len(part)) + part
    return bytes(out)


class FormsIndex:
    """The inverse of :meth:`Lexicon.bases` and :meth:`Lexicon.verbs`, read in place from an
    index file's bytes."""

    def __init__(self, data: Buffer, fingerprint: dict[str, int]) -> None:
        header, parts = read_framed(memoryview(data), MAGIC, 3, "do índice de formas")
        if any(header.get(k) != v for k, v in fingerprint.items()):
            raise LexiconFormatError(
                "O índice de formas não corresponde ao léxico: reconstrua-o com "
                "python -m tools.lexicon_build.forms.")
        keys = header.get("keys")
        if not isinstance(keys, int):
            raise LexiconFormatError("O índice de formas está corrompido.")
        self._keys = keys
        if len(parts[1]) != 4 * -(-self._keys // BLOCK):
            raise LexiconFormatError("O índice de formas está corrompido.")
        index = parts[1].cast("B")
        self._index: Sequence[int] = (index.cast("I") if sys.byteorder == "little" else
                                      struct.unpack(f"<{len(index) // 4}I", index))
        self._lists = parts[2]

    def word_ids(self, key_id: int) -> list[int]:
        """The ids of the words that count as key ``key_id`` (empty for none)."""
        if not 0 <= key_id < self._keys:
            return []
        lists = self._lists
        pos = self._index[key_id // BLOCK]
        for _ in range(key_id % BLOCK):
            count, pos = read_varint(lists, pos)
            for _ in range(count):
                _, pos = read_varint(lists, pos)
        count, pos = read_varint(lists, pos)
        out, previous = [], 0
        for _ in range(count):
            gap, pos = read_varint(lists, pos)
            previous += gap
            out.append(previous)
        return out


def invert(bases_by_word: Iterable[Sequence[int]], keys: int) -> list[list[int]]:
    """Per key id, the word ids whose bases include it (``bases_by_word`` in word-id order)."""
    lists: list[list[int]] = [[] for _ in range(keys)]
    for word_id, bases in enumerate(bases_by_word):
        for base in bases:
            lists[base].append(word_id)
    return lists
