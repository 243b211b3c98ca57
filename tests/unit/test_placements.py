"""The generator finds every legal placement, and only those: perft-like counts.

``tests/golden/placements.txt`` keeps, for each position of :data:`tests.positions.COUNTED`,
the number of legal placements of its rack (across, down, of one tile) and a digest of the
whole set, as counted by the brute force of :mod:`tests.brute_placements`, which shares no code
with the generator. Here the generator's placements are counted the same way and must give
the same line: a lost placement changes a count, a wrong one added as well, and one swapped
for another the digest.

The brute force takes about a minute: ``VANLEXIS_BRUTE=1 pytest tests/unit/test_placements.py``
counts again and compares with the file; ``python -m tests.brute_placements`` rewrites it.
"""

from __future__ import annotations

import os
from dataclasses import replace

import pytest

from engine.board import Board
from engine.bots.dawg import Dawg
from engine.bots.movegen import generate
from engine.match import Resources
from engine.moves import PlacedTile
from engine.position import format_notation
from tests.brute_placements import Anagrams, Counts, brute_force, read_file
from tests.positions import COUNTED, state_of

KEPT = read_file()


def _generated(name: str) -> list[tuple[PlacedTile, ...]]:
    rules, state = state_of(COUNTED[name])
    found = generate(Dawg.default(), Board(state.board), state.seats[0].rack, rules.centre)
    return [placement.tiles for placement in found]


def test_the_file_counts_every_position() -> None:
    assert sorted(KEPT) == sorted(COUNTED)
    for name, (notation, _) in KEPT.items():
        assert notation == format_notation(COUNTED[name]), \
            f"{name} changed since it was counted: python -m tests.brute_placements"


@pytest.mark.parametrize("name", sorted(COUNTED))
def test_the_generator_finds_the_counted_placements(name: str) -> None:
    assert Counts.of(_generated(name)).line(name) == KEPT[name][1]


def test_a_lost_or_changed_placement_changes_the_line() -> None:
    """The check itself: without any one kind of placement, or with one changed, the line
    is not the kept one."""
    found = _generated("early-classic")
    kept = KEPT["early-classic"][1]
    singles = [i for i, p in enumerate(found) if len(p) == 1]
    across = [i for i, p in enumerate(found) if len(p) > 1 and p[0].row == p[1].row]
    down = [i for i, p in enumerate(found) if len(p) > 1 and p[0].col == p[1].col]
    for index in (singles[0], across[0], down[0]):
        assert Counts.of(found[:index] + found[index + 1:]).line("early-classic") != kept
        changed = (*found[index][:-1], replace(found[index][-1], wild=True))
        assert Counts.of([*found[:index], changed, *found[index + 1:]]).line(
            "early-classic") != kept


@pytest.fixture(scope="module")
def anagrams() -> Anagrams:
    return Anagrams(Resources.default().lexicon, 21)


@pytest.mark.skipif(not os.environ.get("VANLEXIS_BRUTE"),
                    reason="the brute force takes about a minute: set VANLEXIS_BRUTE=1")
@pytest.mark.parametrize("name", sorted(COUNTED))
def test_the_brute_force_gives_the_kept_counts(name: str, anagrams: Anagrams) -> None:
    found = brute_force(COUNTED[name], anagrams, Resources.default())
    assert Counts.of(found).line(name) == KEPT[name][1]
