"""What the generator asks of a word graph's nodes, answered once and kept with the graph.

The same nodes near the root are visited by every search, so each answer (a node's edges, the
letters that follow it, those that end a word, those that lead through a run of board letters,
where such a run leads) is cached on the graph (:func:`node_index`) across searches, and
dropped when the caches grow past a limit.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.bots.dawg import ACCEPTS, LAST, TARGET_SHIFT, Dawg, letter_code

#: answers kept per graph before they are dropped: about 30 MB (a long-lived process plays
#: many matches, and most nodes it met in the first ones are not met again)
_CACHE_LIMIT = 200_000


def node_index(graph: Dawg) -> NodeIndex:
    """The graph's node index, made on first use and kept with it."""
    index = graph.node_index
    if not isinstance(index, NodeIndex):
        index = graph.node_index = NodeIndex(graph)
    elif index.size() > _CACHE_LIMIT:
        index.reset()
    return index


class NodeIndex:
    """Cached answers about the nodes of one graph."""

    def __init__(self, graph: Dawg) -> None:
        self.graph = graph
        self.edges = graph.edges
        self.reset()

    def reset(self) -> None:
        """Forget every answer (the caches start afresh)."""
        self._kids: dict[int, list[tuple[int, int, int, bool, int]]] = {}
        self._kid_maps: dict[int, dict[int, tuple[int, int, bool, int]]] = {}
        self._node_masks: dict[int, int] = {}
        self._leading: dict[tuple[int, str], int] = {}
        self._through: dict[tuple[int, str], int] = {}
        self._ends: dict[int, int] = {}

    def size(self) -> int:
        """How many answers are kept."""
        return (len(self._kids) + len(self._kid_maps) + len(self._node_masks)
                + len(self._leading) + len(self._through) + len(self._ends))

    def kids(self, node: int) -> list[tuple[int, int, int, bool, int]]:
        """(letter code, its bit, child node, accepts, the child's letters) of every edge out
        of ``node``: the child's letters let the caller skip a child that leads nowhere."""
        found = self._kids.get(node)
        if found is None:
            found = []
            if node:
                edges, i = self.edges, node
                while True:
                    value = edges[i]
                    code, child = value & 31, value >> TARGET_SHIFT
                    found.append((code, 1 << code, child, bool(value & ACCEPTS),
                                  self.node_mask(child)))
                    if value & LAST:
                        break
                    i += 1
            self._kids[node] = found
        return found

    def through(self, node: int, run: str) -> int:
        """``node << 1 | accepts`` after the board tiles ``run`` (upper-case letters) from
        ``node``, or -1 if the graph has no such path; cached per graph."""
        key = (node, run)
        found = self._through.get(key)
        if found is None:
            found = node << 1
            for letter in run:
                found = step(self.edges, found >> 1, letter_code(letter))
                if found < 0:
                    break
            self._through[key] = found
        return found

    def kid_map(self, node: int) -> dict[int, tuple[int, int, bool, int]]:
        """:meth:`kids` by letter bit: (letter code, child node, accepts, child's letters)."""
        found = self._kid_maps.get(node)
        if found is None:
            found = self._kid_maps[node] = {
                bit: (code, child, ends, mask) for code, bit, child, ends, mask in self.kids(node)}
        return found

    def ends_mask(self, node: int) -> int:
        """The letters after ``node`` that finish a word."""
        found = self._ends.get(node)
        if found is None:
            found = 0
            for code, _, _, ends, _ in self.kids(node):
                if ends:
                    found |= 1 << code
            self._ends[node] = found
        return found

    def leading_through(self, node: int, run: str) -> int:
        """The letters after ``node`` from which the board letters ``run`` can follow."""
        key = (node, run)
        found = self._leading.get(key)
        if found is None:
            found = 0
            for code, _, child, _, child_mask in self.kids(node):
                if child_mask >> letter_code(run[0]) & 1 and self.through(child, run) >= 0:
                    found |= 1 << code
            self._leading[key] = found
        return found

    def node_mask(self, node: int) -> int:
        """The letters that can follow ``node`` in the graph."""
        found = self._node_masks.get(node)
        if found is None:
            found = 0
            if node:
                edges, i = self.edges, node
                while True:
                    value = edges[i]
                    found |= 1 << (value & 31)
                    if value & LAST:
                        break
                    i += 1
            self._node_masks[node] = found
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
