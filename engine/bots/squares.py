"""What a lane's squares alone give the generator, kept from one turn to the next.

A lane's letter codes, its tiles' values, its runs of board tiles and its open squares depend
on nothing but the lane itself (and the tile values), and most lanes of a board are as they
were the turn before: a move changes one line and a few crossing ones (81% of the lanes a
bot builds in self-play were met before). So they are worked out once and kept, by the tile
values and then by the lane's squares. The runs serve the crossing lanes too: a square's
cross word is the run that ends just before it and the run that starts just after it.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.board import EMPTY
from engine.bots.anagrams import UNIT
from engine.bots.dawg import letter_code
from engine.rules import ALPHABET

ALL = (1 << 27) - 2  # bits 1..26: every letter
#: a square's letter code by its character (0 for an empty square; a wildcard's letter, in
#: lower case, has its letter's code)
CODES = {EMPTY: 0, **{ch: letter_code(ch) for ch in ALPHABET},
         **{ch.lower(): letter_code(ch) for ch in ALPHABET}}
LOWER = ALPHABET.lower()
#: a square's mask before its cross word is known: every letter if empty, none if taken
OPEN = {EMPTY: ALL, **dict.fromkeys(ALPHABET + ALPHABET.lower(), 0)}

#: A run of board tiles: its letters (upper case), its end (the square after it), its
#: points (a wildcard's letter counts 0) and its letters' key (engine.bots.anagrams).
Run = tuple[str, int, int, int]
#: What a square's tile is followed by: the run of board tiles just after it (its letters,
#: end and points), or ("", the next square, 0).
Follow = tuple[str, int, int]
#: What a lane's squares alone give: their letter codes, their tiles' values, each run of
#: board tiles by its first square, each run's first square by its end, the squares' masks
#: before cross words (every letter if empty, none if taken), and by square what a tile
#: there is followed by. Read only.
LaneSquares = tuple[list[int], list[int], dict[int, Run], dict[int, int], list[int],
                    list[Follow]]

_KEPT: dict[tuple[int, ...], dict[str, LaneSquares]] = {}
_LIMIT = 2_000  # lanes kept for a set of tile values: some 4 MB

#: a lane's squares as binary digits, the last square first: "1" for a tile, "0" for empty
_OCCUPIED = str.maketrans({EMPTY: "0", **{ch: "1" for ch in ALPHABET + ALPHABET.lower()}})


def occupancy(cells: str) -> int:
    """Bit ``c`` set for each square ``c`` of the lane that holds a tile."""
    return int(cells[::-1].translate(_OCCUPIED), 2)


def kept_for(values: Sequence[int]) -> dict[str, LaneSquares]:
    """The lanes' squares kept for these tile values (by letter code)."""
    return _KEPT.setdefault(tuple(values), {})


def lane_squares(cells: str, value: dict[str, int], kept: dict[str, LaneSquares],
                 occupied: int | None = None) -> LaneSquares:
    """A lane's squares, worked out and kept in ``kept`` (``value``: a square's tile value
    by its character; ``occupied``: :func:`occupancy`, if the caller has it)."""
    tile_values = list(map(value.__getitem__, cells))
    codes = list(map(CODES.__getitem__, cells))
    runs, ends = {}, {}
    tiles = occupancy(cells) if occupied is None else occupied
    while tiles:  # the lowest run of set bits, then the rest
        first = (tiles & -tiles).bit_length() - 1
        end = (((tiles | ((1 << first) - 1)) + 1) & ~tiles).bit_length() - 1
        tiles &= ~((1 << end) - 1)
        runs[first] = (cells[first:end].upper(), end, sum(tile_values[first:end]),
                       sum(UNIT[code] for code in codes[first:end]))
        ends[end] = first
    follow: list[Follow] = [("", c + 1, 0) for c in range(len(cells))]
    for first, (letters, end, points, _) in runs.items():
        if first:
            follow[first - 1] = (letters, end, points)
    if len(kept) >= _LIMIT:
        kept.clear()
    found = kept[cells] = (codes, tile_values, runs, ends, list(map(OPEN.__getitem__, cells)),
                           follow)
    return found
