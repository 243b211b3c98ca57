"""What the generator asks of a word graph's nodes, answered once and kept with the graph.

The same nodes near the root are visited by every search, so each answer (a node's edges, the
letters that follow it, those that end a word, those that lead through a run of board letters,
where such a run leads) is cached on the graph (:func:`node_index`) across searches, and
dropped when the caches grow past a limit.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import TypeVar

from engine.bots.dawg import ACCEPTS, LAST, TARGET_SHIFT, Dawg, letter_code

#: answers kept per graph before they are dropped: about 30 MB (a long-lived process plays
#: many matches, and most nodes it met in the first ones are not met again)
_CACHE_LIMIT = 200_000

K = TypeVar("K")
V = TypeVar("V")


def node_index(graph: Dawg) -> NodeIndex:
    """The graph's node index, made on first use and kept with it."""
    index = graph.node_index
    if not isinstance(index, NodeIndex):
        index = graph.node_index = NodeIndex(graph)
    elif index.size() > _CACHE_LIMIT:
        index.reset()
    return index


class Answers(dict[K, V]):
    """A dict that works out a missing answer on its first lookup and keeps it.

    The generator reads these in its innermost loops: on a hit, ``answers[key]`` is a dict
    lookup done in C, where a method that checks a cache costs a Python call each time.
    """

    def __init__(self, work_out: Callable[[K], V], tally: list[int] | None = None) -> None:
        """``tally[0]``, if given, counts the answers worked out (shared by several dicts,
        so their owner knows its size without summing them)."""
        super().__init__()
        self.work_out = work_out
        self.tally = tally

    def __missing__(self, key: K) -> V:
        value = self[key] = self.work_out(key)
        if self.tally is not None:
            self.tally[0] += 1
        return value


class NodeIndex:
    """Cached answers about the nodes of one graph.

    - ``masks[node]``: the letters that can follow ``node``;
    - ``ends[node]``: those of them that finish a word;
    - ``kid_maps[node]``: by letter bit, (letter code, child node, accepts, child's letters);
    - ``steps[node]``: ``masks[node]`` and ``kid_maps[node]`` in one lookup (the extend loop
      needs both at every step); a plain dict, filled by :meth:`step_of` when the lookup misses,
      because CPython reads a plain dict faster than a subclass (measured: 0.6% of a master's
      turn);
    - ``through[run][node]``: ``child << 1 | accepts`` after the board letters ``run``
      (upper case) from ``node``, or -1 if the graph has no such path;
    - ``leading[run][node]``: the letters after ``node`` from which ``run`` can follow.

    The last two are kept by run, then by node: a caller takes a run's table once and then
    looks nodes up by number, with no (node, run) key to build and hash each time.
    """

    def __init__(self, graph: Dawg) -> None:
        self.graph = graph
        self.edges = graph.edges
        self.reset()

    def reset(self) -> None:
        """Forget every answer (the caches start afresh)."""
        tally = self._tally = [0]
        self._kids: Answers[int, list[tuple[int, int, int, int, int]]] = Answers(
            self._kids_of, tally)
        self.kid_maps: Answers[int, dict[int, tuple[int, int, int, int]]] = Answers(
            self._kid_map_of, tally)
        self.masks: Answers[int, int] = Answers(self._mask_of, tally)
        self.steps: dict[int, tuple[int, dict[int, tuple[int, int, int, int]]]] = {}
        self.ends: Answers[int, int] = Answers(self._ends_of, tally)
        self.through: Answers[str, Answers[int, int]] = Answers(self._through_table, tally)
        self.leading: Answers[str, Answers[int, int]] = Answers(self._leading_table, tally)

    def size(self) -> int:
        """How many answers are kept (a count kept as they are worked out: summing the
        tables of every board run met would cost more as a process plays on)."""
        return self._tally[0]

    def kids(self, node: int) -> list[tuple[int, int, int, int, int]]:
        """(letter code, its bit, child node, accepts, the child's letters) of every edge out
        of ``node``: the child's letters let the caller skip a child that leads nowhere."""
        return self._kids[node]

    def _kids_of(self, node: int) -> list[tuple[int, int, int, int, int]]:
        found = []
        if node:
            edges, i = self.edges, node
            while True:
                value = edges[i]
                code, child = value & 31, value >> TARGET_SHIFT
                accepts = 1 if value & ACCEPTS else 0
                found.append((code, 1 << code, child, accepts, self.masks[child]))
                if value & LAST:
                    break
                i += 1
        return found

    def _kid_map_of(self, node: int) -> dict[int, tuple[int, int, int, int]]:
        return {bit: (code, child, ends, mask) for code, bit, child, ends, mask in self.kids(node)}

    def step_of(self, node: int) -> tuple[int, dict[int, tuple[int, int, int, int]]]:
        """``steps[node]``, worked out and kept."""
        found = self.steps[node] = self.masks[node], self.kid_maps[node]
        self._tally[0] += 1
        return found

    def _mask_of(self, node: int) -> int:
        found = 0
        if node:
            edges, i = self.edges, node
            while True:
                value = edges[i]
                found |= 1 << (value & 31)
                if value & LAST:
                    break
                i += 1
        return found

    def _ends_of(self, node: int) -> int:
        found = 0
        for code, _, _, ends, _ in self.kids(node):
            if ends:
                found |= 1 << code
        return found

    def _through_table(self, run: str) -> Answers[int, int]:
        return Answers(functools.partial(self._through_of, run), self._tally)

    def _leading_table(self, run: str) -> Answers[int, int]:
        return Answers(functools.partial(self._leading_of, run), self._tally)

    def _through_of(self, run: str, node: int) -> int:
        found = node << 1
        for letter in run:
            found = step(self.edges, found >> 1, letter_code(letter))
            if found < 0:
                break
        return found

    def _leading_of(self, run: str, node: int) -> int:
        found = 0
        first = letter_code(run[0])
        through = self.through[run]
        for code, _, child, _, child_mask in self.kids(node):
            if child_mask >> first & 1 and through[child] >= 0:
                found |= 1 << code
        return found


def step(edges: Sequence[int], node: int, code: int) -> int:
    """``child << 1 | accepts`` for the edge of letter ``code`` out of ``node``, or -1."""
    if node == 0:
        return -1
    i = node
    while True:
        value = edges[i]
        letter = value & 31
        if letter == code:
            return (value >> TARGET_SHIFT) << 1 | (1 if value & ACCEPTS else 0)
        if letter > code or value & LAST:
            return -1
        i += 1
