"""Which multisets of letters spell a word in some order, so that the bounds can skip spans
whose letters spell nothing.

A move's upper bound (:mod:`engine.bots.bounds`) takes each span of squares a move could
cover. On a crowded board the spans through board tiles are long, and the length bonus makes
their bounds large: the search then visits units whose moves score a fraction of it. A span
that takes all the rack's tiles, or all but one, holds a word only if those tiles and the
span's board letters are the letters of a word. Few such multisets are, and they are few to
try: one for the whole rack, one per distinct tile for all but one.

A multiset is kept as an integer **key**: five bits per letter count (A in the lowest), so
that the key of a union is the sum of the keys (no count reaches 32: a rack has at most 9
tiles and a lane 21 squares). The set of the lexicon's keys is a Bloom filter built with
the lexicon from the move generator's graph (``python -m tools.lexicon_build.anagrams``) and
loaded from bytes. It never answers no for a word's letters; for other letters it answers
yes about once in 150 (measured by the build), which only leaves a bound as loose as it was.
A filter answers only for the graph it was built from (its digest is kept in the file); a
small graph with no file (the tests') gets one built on first use.
"""

from __future__ import annotations

import functools
import hashlib
import math
import struct
from collections.abc import Iterable
from pathlib import Path

from engine.bots.dawg import DEFAULT_PATH as GRAPH_PATH
from engine.bots.dawg import Dawg, letter_code
from engine.errors import LexiconFormatError

MAGIC = b"VLXANAG1"
#: bits per letter in a key
SHIFT = 5
#: by letter code (1 to 26), the key of that one letter; 0 for code 0 (an empty square)
UNIT = (0, *(1 << (SHIFT * (code - 1)) for code in range(1, 27)))
DEFAULT_PATH = GRAPH_PATH.with_suffix(".anagrams")
#: the filter's size per key and its number of hashes: about 0.6% false yes
BITS_PER_KEY = 12
HASHES = 4
#: a graph with no shipped filter gets one built only up to this many edges (a test's)
_BUILD_LIMIT = 100_000
_HEADER = struct.Struct("<8sII32s")  # magic, hashes, bytes of bits, the graph's sha256


def key_of(word: str) -> int:
    """The key of a word's letters (upper case A–Z)."""
    return sum(UNIT[letter_code(letter)] for letter in word)


class Anagrams:
    """A Bloom filter of the keys of a graph's words (see the module's docstring)."""

    __slots__ = ("_bits", "_moduli", "graph_sha256")

    def __init__(self, data: bytes) -> None:
        if len(data) < _HEADER.size:
            raise LexiconFormatError("O filtro de anagramas está truncado.")
        magic, hashes, size, digest = _HEADER.unpack_from(data)
        moduli_end = _HEADER.size + 8 * hashes
        if magic != MAGIC or hashes < 1 or len(data) != moduli_end + size:
            raise LexiconFormatError("O filtro de anagramas tem formato errado.")
        #: the sha256 of the graph the filter was built from
        self.graph_sha256: bytes = digest
        self._moduli = struct.unpack_from(f"<{hashes}Q", data, _HEADER.size)
        if max(self._moduli) > 8 * size:
            raise LexiconFormatError("O filtro de anagramas tem formato errado.")
        self._bits = memoryview(data)[moduli_end:]  # (not a copy of some megabytes)

    def __contains__(self, key: int) -> bool:
        bits = self._bits
        for modulus in self._moduli:
            at = key % modulus
            if not bits[at >> 3] >> (at & 7) & 1:
                return False
        return True

    @classmethod
    def from_path(cls, path: str | Path) -> Anagrams:
        return cls(Path(path).read_bytes())


def build(words: Iterable[str], graph_sha256: bytes, bits_per_key: int = BITS_PER_KEY,
          hashes: int = HASHES) -> bytes:
    """The filter of ``words``' keys, for the graph whose sha256 is ``graph_sha256``.

    The hashes are the key modulo the largest primes below the filter's size: a key's five
    bits per letter spread over many bytes, and a prime shares no factor with their place
    values, so the residues scatter (the build measures the false answers it gives)."""
    keys = {key_of(word) for word in words}
    size = max(1, math.ceil(len(keys) * bits_per_key / 8))
    moduli = _largest_primes_below(8 * size, hashes)
    bits = bytearray(size)
    for key in keys:
        for modulus in moduli:
            at = key % modulus
            bits[at >> 3] |= 1 << (at & 7)
    return (_HEADER.pack(MAGIC, hashes, size, graph_sha256)
            + struct.pack(f"<{hashes}Q", *moduli) + bytes(bits))


def _largest_primes_below(limit: int, count: int) -> tuple[int, ...]:
    found: list[int] = []
    candidate = limit - 1
    while len(found) < count and candidate > 1:
        if candidate > 2 and all(candidate % d for d in range(2, math.isqrt(candidate) + 1)):
            found.append(candidate)
        candidate -= 1
    while len(found) < count:  # a tiny filter: a prime may repeat (the filter stays sound)
        found.append(2)
    return tuple(found)


def graph_digest(graph: Dawg) -> bytes:
    return hashlib.sha256(graph.data).digest()


def for_graph(graph: Dawg) -> Anagrams | None:
    """The filter of ``graph``'s words: the shipped one if it was built from this graph,
    one built now for a small graph, else None (no span is skipped). Kept with the graph."""
    found = graph.anagrams
    if found is None:
        digest = graph_digest(graph)
        shipped = _shipped()
        if shipped is not None and shipped.graph_sha256 == digest:
            found = shipped
        elif len(graph) <= _BUILD_LIMIT:
            found = Anagrams(build(graph.words(), digest))
        else:
            found = False  # a large graph with no filter of its own: none
        graph.anagrams = found
    return found if isinstance(found, Anagrams) else None


@functools.cache
def _shipped() -> Anagrams | None:
    """The filter shipped beside the lexicon (read once per process), if there is one."""
    return Anagrams.from_path(DEFAULT_PATH) if DEFAULT_PATH.exists() else None
