"""A minimised word graph (DAWG) in one flat array of 32-bit edges, loaded from bytes.

Move generation walks words letter by letter; this graph answers "which letters can follow
this prefix, and does the prefix end a word" with a few array reads. Layout, after the
KWG format of wolges: a node is the index of its first edge; a node's edges are contiguous and
sorted by letter; each edge is ``letter (5 bits, 1–26) | accepts (1 bit) | last (1 bit) |
target node (25 bits)``. Index 0 holds the root's pointer edge, so node 0 means "no edges".
``accepts`` says that the path ending with this edge spells a word.

The builder is Daciuk's incremental algorithm for sorted input: every finished suffix is
merged with an identical one already built, so the graph is minimal.
"""

from __future__ import annotations

import functools
import struct
import sys
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

from engine.errors import LexiconFormatError
from engine.lexicon import DEFAULT_PATH as LEXICON_PATH

DEFAULT_PATH = LEXICON_PATH.with_suffix(".dawg")

MAGIC = b"VLXDAWG1"
_LETTER_BITS = 5
ACCEPTS = 1 << 5  # the edge ends a word
LAST = 1 << 6  # the last edge of its node
TARGET_SHIFT = 7  # the child node's index sits above these bits
_MAX_TARGET = (1 << 25) - 1


def letter_code(letter: str) -> int:
    return ord(letter) - 64  # A → 1 … Z → 26


class _State:
    __slots__ = ("edges", "final", "id")

    def __init__(self) -> None:
        self.edges: dict[str, _State] = {}
        self.final = False
        self.id = -1

    def key(self) -> tuple[bool, tuple[tuple[str, int], ...]]:
        return self.final, tuple((c, s.id) for c, s in sorted(self.edges.items()))


class DawgBuilder:
    """Daciuk–Mihov–Watson–Watson incremental construction over sorted words."""

    def __init__(self) -> None:
        self.root = _State()
        self._register: dict[tuple[bool, tuple[tuple[str, int], ...]], _State] = {}
        self._path: list[tuple[_State, str, _State]] = []  # unminimised (parent, c, child)
        self._previous = ""
        self._count = 0

    def add(self, word: str) -> None:
        if word <= self._previous and self._count:
            raise ValueError(f"words must be added in sorted order: {word!r}")
        common = 0
        for a, b in zip(word, self._previous, strict=False):
            if a != b:
                break
            common += 1
        self._minimise(common)
        node = self._path[-1][2] if self._path else self.root
        for letter in word[common:]:
            child = _State()
            node.edges[letter] = child
            self._path.append((node, letter, child))
            node = child
        node.final = True
        self._previous = word
        self._count += 1

    def _minimise(self, down_to: int) -> None:
        while len(self._path) > down_to:
            parent, letter, child = self._path.pop()
            key = child.key()
            found = self._register.get(key)
            if found is not None:
                parent.edges[letter] = found
            else:
                child.id = len(self._register)
                self._register[key] = child

    def finish(self) -> bytes:
        self._minimise(0)
        return _flatten(self.root)


def _flatten(root: _State) -> bytes:
    """Lay the graph out breadth-first as flat edge lists."""
    order: list[_State] = []
    start: dict[int, int] = {}
    queue = deque([root])
    seen = {id(root)}
    position = 1  # edge 0 is the root pointer
    while queue:
        state = queue.popleft()
        order.append(state)
        if state.edges:
            start[id(state)] = position
            position += len(state.edges)
        for _, child in sorted(state.edges.items()):
            if id(child) not in seen:
                seen.add(id(child))
                queue.append(child)
    if position > _MAX_TARGET:
        raise ValueError("graph too large for 25-bit targets")
    edges = [0] * position
    edges[0] = start.get(id(root), 0) << TARGET_SHIFT
    for state in order:
        if not state.edges:
            continue
        first = start[id(state)]
        items = sorted(state.edges.items())
        for i, (letter, child) in enumerate(items):
            value = letter_code(letter) | (start.get(id(child), 0) << TARGET_SHIFT)
            if child.final:
                value |= ACCEPTS
            if i == len(items) - 1:
                value |= LAST
            edges[first + i] = value
    body = struct.pack(f"<{len(edges)}I", *edges)
    return MAGIC + struct.pack("<I", len(edges)) + body


def build(words: Iterable[str]) -> bytes:
    """The flat graph of ``words`` (sorted, upper-case A–Z)."""
    builder = DawgBuilder()
    for word in words:
        builder.add(word)
    return builder.finish()


class Dawg:
    """Read-only access to a flat graph, reading the edges in place."""

    def __init__(self, data: bytes | memoryview) -> None:
        view = memoryview(data)
        if bytes(view[: len(MAGIC)]) != MAGIC or len(view) < len(MAGIC) + 4:
            raise LexiconFormatError("O grafo de palavras tem assinatura errada.")
        (count,) = struct.unpack_from("<I", view, len(MAGIC))
        body = view[len(MAGIC) + 4 :]
        if len(body) != 4 * count:
            raise LexiconFormatError("O grafo de palavras está truncado.")
        self._data = data
        self.edges: Sequence[int] = (
            body.cast("B").cast("I") if sys.byteorder == "little"
            else struct.unpack(f"<{count}I", body)
        )
        self.root = self.edges[0] >> TARGET_SHIFT
        #: cross-check masks by (letters before, letters after); see engine.bots.crosschecks
        self.cross_cache: dict[tuple[str, str], int] = {}
        #: per-node answers for the generator, made on first use (engine.bots.nodes)
        self.node_index: object = None
        #: the filter of its words' letters, found on first use (engine.bots.anagrams)
        self.anagrams: object = None

    @property
    def data(self) -> bytes | memoryview:
        """The graph's bytes, as loaded."""
        return self._data

    @classmethod
    def from_path(cls, path: str | Path) -> Dawg:
        return cls(Path(path).read_bytes())

    @classmethod
    @functools.cache
    def default(cls) -> Dawg:
        """The graph of the bundled lexicon (built beside it by ``make lexicon``)."""
        return cls.from_path(DEFAULT_PATH)

    def __len__(self) -> int:
        return len(self.edges)

    def arcs(self, node: int) -> Iterator[tuple[int, bool, int]]:
        """``(letter code, accepts, child node)`` for every edge out of ``node``."""
        if node == 0:
            return
        edges = self.edges
        i = node
        while True:
            value = edges[i]
            yield value & 31, bool(value & ACCEPTS), value >> TARGET_SHIFT
            if value & LAST:
                return
            i += 1

    def step(self, node: int, code: int) -> tuple[int, bool] | None:
        """Follow the edge for one letter: ``(child node, accepts)``, or None."""
        if node == 0:
            return None
        edges = self.edges
        i = node
        while True:
            value = edges[i]
            letter = value & 31
            if letter == code:
                return value >> TARGET_SHIFT, bool(value & ACCEPTS)
            if letter > code or value & LAST:
                return None
            i += 1

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str) or not word:
            return False
        node, accepts = self.root, False
        for letter in word:
            found = self.step(node, letter_code(letter))
            if found is None:
                return False
            node, accepts = found
        return accepts

    def words(self) -> Iterator[str]:
        """Every word, in alphabetical order (for tests and checks)."""
        stack: list[tuple[int, str]] = [(self.root, "")]
        out: list[str] = []
        while stack:
            node, prefix = stack.pop()
            for code, accepts, child in self.arcs(node):
                word = prefix + chr(code + 64)
                if accepts:
                    out.append(word)
                stack.append((child, word))
        yield from sorted(out)
