"""The lexicon artifact: one file, loaded from bytes in a few milliseconds.

Layout (all lengths little-endian u32)::

    b"VLXLEX01"
    len + header (UTF-8 JSON: counts, source, checksums)
    len + word trie      (marisa-trie of the folded words; a word's id is its record number)
    len + lemma trie     (marisa-trie of lemmas that are not words themselves; ids follow N)
    len + block index    (u32 byte offset of every BLOCK-th record)
    len + records        (one record per word id)

A record is ``[length][flags][accents…][roots…][bases…][verbs…]``. ``flags``:

- bits 0–1: how many accented letters the display form has (0–3); each accent is two bytes,
  its position and its index into :data:`ACCENTED`;
- bits 2–3, roots: 0 the word is its own only root, 1 one root id follows, 2 a varint count
  and that many ids follow;
- bits 4–5, bases: 0 none, 1 the same as the roots, 2 one id follows, 3 a varint count and
  that many ids follow;
- bits 6–7, verbs (the infinitives whose paradigm holds the word): the same four modes as the
  bases, mode 1 meaning the same as the roots (AMARA: its root and its verb are AMAR).

An artifact written before the verbs were recorded reads as one whose words conjugate nothing.

Ids are varints; an id ``>= N`` names lemma ``id - N`` of the lemma trie.

Records are stored in word-id order; reading one skips at most ``BLOCK - 1`` records from its
block's offset, which keeps the index small (a record number per block, not per word).
"""

from __future__ import annotations

import json
import struct
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

import marisa_trie

from engine.errors import LexiconFormatError

MAGIC = b"VLXLEX01"
BLOCK = 32
#: Lowercase accented letters a display form may carry, in code order.
ACCENTED = "áàâãéêíóôõúüç"

_MAX_ACCENTS = 3
_ROOTS_SELF, _ROOTS_ONE, _ROOTS_LIST = 0, 1, 2
_LIST_NONE, _LIST_ROOTS, _LIST_ONE, _LIST_MANY = 0, 1, 2, 3  # bases and verbs
_U32 = struct.Struct("<I")


@dataclass(frozen=True)
class WordData:
    """What the build knows of one folded word, ready to encode."""

    display: str  # lowercase, accented
    roots: Sequence[str]  # folded lemmas, most common first
    bases: Sequence[str]  # folded words it counts as for themes (plural, feminine, diminutive)
    verbs: Sequence[str] = ()  # folded infinitives whose paradigm holds it


class Record(NamedTuple):
    """One decoded record: accents, root ids (None: the word is its own root), base ids and
    verb ids."""

    accents: list[tuple[int, int]]
    roots: list[int] | None
    bases: list[int]
    verbs: list[int]


def write_varint(value: int, out: bytearray) -> None:
    while value >= 0x80:
        out.append((value & 0x7F) | 0x80)
        value >>= 7
    out.append(value)


def _ids(values: Sequence[str], ids: dict[str, int], out: bytearray, with_count: bool) -> None:
    if with_count:
        write_varint(len(values), out)
    for value in values:
        write_varint(ids[value], out)


def _list_mode(values: list[str], roots: list[str]) -> int:
    if not values:
        return _LIST_NONE
    if values == roots:
        return _LIST_ROOTS
    return _LIST_ONE if len(values) == 1 else _LIST_MANY


def encode_record(word: str, data: WordData, ids: dict[str, int]) -> bytes:
    """Encode one word's record (without its length byte)."""
    display = data.display
    if display.isascii():  # most words: no accent to record
        accents: list[tuple[int, int]] = []
        folded = display.upper()
    else:
        accents = [(i, ACCENTED.index(c)) for i, c in enumerate(display) if c in ACCENTED]
        folded = display.translate(_STRIP_TABLE).upper()
    if len(accents) > _MAX_ACCENTS:
        raise ValueError(f"{word}: too many accented letters in {display!r}")
    if folded != word:
        raise ValueError(f"{word}: display form {display!r} does not fold to it")
    roots = list(data.roots)
    root_mode = _ROOTS_SELF if roots == [word] else _ROOTS_ONE if len(roots) == 1 else _ROOTS_LIST
    base_mode, verb_mode = _list_mode(list(data.bases), roots), _list_mode(list(data.verbs), roots)
    body = bytearray((len(accents) | root_mode << 2 | base_mode << 4 | verb_mode << 6,))
    for pos, code in accents:
        body += bytes((pos, code))
    if root_mode != _ROOTS_SELF:
        _ids(roots, ids, body, with_count=root_mode == _ROOTS_LIST)
    for values, mode in ((data.bases, base_mode), (data.verbs, verb_mode)):
        if mode in (_LIST_ONE, _LIST_MANY):
            _ids(list(values), ids, body, with_count=mode == _LIST_MANY)
    if len(body) > 255:
        raise ValueError(f"{word}: record of {len(body)} bytes does not fit")
    return bytes(body)


_STRIP_TABLE = str.maketrans("áàâãéêíóôõúüç", "aaaaeeiooouuc")


def encode_artifact(words: dict[str, WordData], header: dict[str, object]) -> bytes:
    """Build the whole artifact from every folded word's data."""
    word_trie = marisa_trie.Trie(words.keys())
    n = len(word_trie)
    lemma_only = sorted(
        {r for d in words.values() for r in (*d.roots, *d.verbs) if r not in word_trie}
    )
    lemma_trie = marisa_trie.Trie(lemma_only)
    ids: dict[str, int] = {}
    for word in words:
        ids[word] = word_trie.key_id(word)
    for lemma in lemma_only:
        ids[lemma] = n + lemma_trie.key_id(lemma)
    records = bytearray()
    index = bytearray()
    for word_id in range(n):
        if word_id % BLOCK == 0:
            index += _U32.pack(len(records))
        word = word_trie.restore_key(word_id)
        body = encode_record(word, words[word], ids)
        records.append(len(body))
        records += body
    meta = dict(header, words=n, lemmas_outside=len(lemma_only), block=BLOCK)
    parts = [
        json.dumps(meta, ensure_ascii=False, sort_keys=True).encode("utf-8"),
        word_trie.tobytes(),
        lemma_trie.tobytes(),
        bytes(index),
        bytes(records),
    ]
    out = bytearray(MAGIC)
    for part in parts:
        out += _U32.pack(len(part))
        out += part
    return bytes(out)


@dataclass(frozen=True)
class Sections:
    header: dict[str, object]
    word_trie: memoryview
    lemma_trie: memoryview
    index: memoryview
    records: memoryview


def read_framed(data: bytes | memoryview, magic: bytes, count: int,
                what: str) -> tuple[dict[str, object], list[memoryview]]:
    """Check ``magic`` and cut ``count`` length-prefixed parts (the first a JSON header)
    without copying them; ``what`` names the file in errors ("do léxico")."""
    view = memoryview(data)
    if bytes(view[: len(magic)]) != magic:
        raise LexiconFormatError(f"O arquivo {what} tem a assinatura errada.")
    pos = len(magic)
    parts: list[memoryview] = []
    for _ in range(count):
        if pos + 4 > len(view):
            raise LexiconFormatError(f"O arquivo {what} está truncado.")
        (size,) = _U32.unpack_from(view, pos)
        pos += 4
        if pos + size > len(view):
            raise LexiconFormatError(f"O arquivo {what} está truncado.")
        parts.append(view[pos : pos + size])
        pos += size
    if pos != len(view):
        raise LexiconFormatError(f"O arquivo {what} tem dados sobrando no fim.")
    try:
        header = json.loads(bytes(parts[0]).decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise LexiconFormatError(f"O cabeçalho {what} está corrompido.") from exc
    if not isinstance(header, dict):
        raise LexiconFormatError(f"O cabeçalho {what} está corrompido.")
    return header, parts


def split_sections(data: bytes | memoryview) -> Sections:
    """Cut an artifact into its sections without copying them."""
    header, parts = read_framed(data, MAGIC, 5, "do léxico")
    return Sections(header, parts[1], parts[2], parts[3], parts[4])


def _read_ids(buf: memoryview, pos: int, with_count: bool) -> tuple[list[int], int]:
    count = 1
    if with_count:
        count, pos = read_varint(buf, pos)
    values = []
    for _ in range(count):
        value, pos = read_varint(buf, pos)
        values.append(value)
    return values, pos


def decode_record(records: memoryview, offset: int) -> Record:
    """Read the record at ``offset`` (its length byte)."""
    pos = offset + 1
    flags = records[pos]
    pos += 1
    accents = []
    for _ in range(flags & 0b11):
        accents.append((records[pos], records[pos + 1]))
        pos += 2
    root_mode = (flags >> 2) & 0b11
    roots: list[int] | None = None
    if root_mode != _ROOTS_SELF:
        roots, pos = _read_ids(records, pos, with_count=root_mode == _ROOTS_LIST)
    lists: list[list[int]] = []
    for mode in ((flags >> 4) & 0b11, flags >> 6):
        values: list[int] = []
        if mode == _LIST_ROOTS:
            values = list(roots or [])
        elif mode != _LIST_NONE:
            values, pos = _read_ids(records, pos, with_count=mode == _LIST_MANY)
        lists.append(values)
    return Record(accents, roots, lists[0], lists[1])


def read_varint(buf: memoryview, pos: int) -> tuple[int, int]:
    shift = value = 0
    while True:
        byte = buf[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        if byte < 0x80:
            return value, pos
        shift += 7
