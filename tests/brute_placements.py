"""Every legal placement of a position, by brute force: the counts the generator is held to.

As chess engines keep perft counts, ``tests/golden/placements.txt`` keeps, for each position
of :data:`tests.positions.COUNTED`, how many legal placements its rack has (across, down, of
one tile) and a digest of the set. The counts come from this module, which shares no code
with the generator (:mod:`engine.bots`):

- every span of a row or a column, of two squares or more, with an empty square or the edge
  on both sides, whose empty squares the rack could fill (a placement's main word is such a
  span, its tiles exactly the span's empty squares, so every placement is found this way);
- a span whose squares the engine refuses as a move whatever the letters (off the centre,
  not connected: :func:`engine.moves.shape_of` on placeholder letters) is skipped;
- every word of the lexicon's list that has the span's length, its board letters where they
  are, and the rest of its letters from the rack (looked up by sorted letters: the board's
  and each choice of rack tiles, a wildcard as each letter it may be);
- every way of playing the word's new letters with the rack's wildcards (none, one, two of
  them) goes to :func:`engine.match.preview`, the game's own check of a move (rack, squares,
  every word formed); the placements it accepts are counted, one tile placed from both
  directions once.

It takes about a minute, so the normal suite only compares the generator with the kept file
(``tests/unit/test_placements.py``); ``VANLEXIS_BRUTE=1`` runs this count there too, and
``python -m tests.brute_placements`` (``make placements``) counts again and rewrites the file
(review the diff: a changed count is a changed rule or a bug in one of the two).
"""

from __future__ import annotations

import hashlib
import itertools
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from engine.board import ACROSS, DOWN, Board
from engine.errors import RuleError
from engine.lexicon import Lexicon
from engine.match import Resources, preview
from engine.moves import MoveError, PlacedTile, shape_of, square_name
from engine.position import ARROWS, PositionData, format_notation
from engine.tiles import WILDCARD_LETTERS, is_wildcard
from tests.positions import COUNTED, state_of

FILE = Path(__file__).resolve().parent / "golden" / "placements.txt"
#: a placement: its tiles as square and cell (lower case: a wildcard), sorted
Key = tuple[str, ...]


def key_of(tiles: Iterable[PlacedTile]) -> Key:
    return tuple(sorted(square_name(t.row, t.col) + t.cell for t in tiles))


@dataclass(frozen=True)
class Counts:
    """How many placements there are, by the line of their tiles, and a digest of the set."""

    across: int
    down: int
    single: int
    digest: str

    @property
    def total(self) -> int:
        return self.across + self.down + self.single

    @classmethod
    def of(cls, placements: Iterable[Sequence[PlacedTile]]) -> Counts:
        """The counts of a list of placements (each placement once: a repeat is an error)."""
        keys: dict[Key, str] = {}
        for tiles in placements:
            key = key_of(tiles)
            assert key not in keys, f"placement listed twice: {key}"
            rows, cols = {t.row for t in tiles}, {t.col for t in tiles}
            keys[key] = "single" if len(tiles) == 1 else ACROSS if len(rows) == 1 else DOWN
            assert len(tiles) == 1 or len(rows) == 1 or len(cols) == 1
        lines = Counter(keys.values())
        text = "\n".join(",".join(key) for key in sorted(keys))
        return cls(lines[ACROSS], lines[DOWN], lines["single"],
                   hashlib.sha256(text.encode()).hexdigest()[:16])

    def line(self, name: str) -> str:
        return (f"{name} {ARROWS[ACROSS]} {self.across} {ARROWS[DOWN]} {self.down} "
                f"single {self.single} total {self.total} set {self.digest}")


class Anagrams:
    """The lexicon's words by their sorted letters (this module's own index)."""

    def __init__(self, lexicon: Lexicon, longest: int) -> None:
        self.words: dict[str, list[str]] = defaultdict(list)
        for word in lexicon.words(max_length=longest):
            self.words["".join(sorted(word))].append(word)

    def with_letters(self, letters: Iterable[str]) -> list[str]:
        return self.words.get("".join(sorted(letters)), [])


def _rack_choices(rack: Sequence[str], count: int) -> Iterator[tuple[str, ...]]:
    """The letters ``count`` tiles of the rack can be, each choice once (wildcards as every
    letter they may stand for)."""
    seen: set[tuple[str, ...]] = set()
    for tiles in itertools.combinations(rack, count):
        options = [WILDCARD_LETTERS[t] if is_wildcard(t) else t for t in tiles]
        for letters in itertools.product(*options):
            choice = tuple(sorted(letters))
            if choice not in seen:
                seen.add(choice)
                yield choice


def _spans(board: Board, most: int) -> Iterator[list[tuple[int, int]]]:
    """Every span of two squares or more along a row or a column with an empty square or the
    edge on both sides and from 1 to ``most`` empty squares."""
    size = board.size
    for direction in (ACROSS, DOWN):
        for lane in range(size):
            line = [(lane, i) if direction == ACROSS else (i, lane) for i in range(size)]
            for start in range(size):
                if start and board.occupied(*line[start - 1]):
                    continue
                for end in range(start + 1, size):
                    span = line[start:end + 1]
                    empty = sum(not board.occupied(*square) for square in span)
                    if empty > most:
                        break
                    if empty and not (end + 1 < size and board.occupied(*line[end + 1])):
                        yield span


def brute_force(position: PositionData, anagrams: Anagrams,
                res: Resources) -> list[list[PlacedTile]]:
    """Every legal placement of the position's rack, each once."""
    rules, state = state_of(position)
    board, rack = Board(state.board), state.seats[0].rack
    wildcards = sum(is_wildcard(t) for t in rack)
    found: dict[Key, list[PlacedTile]] = {}
    for span in _spans(board, len(rack)):
        empty = [i for i, square in enumerate(span) if not board.occupied(*square)]
        try:  # squares the engine refuses whatever the letters
            shape_of(rules, board, [PlacedTile(*span[i], "A") for i in empty])
        except MoveError:
            continue
        fixed = {i: board.cell(*square).upper() for i, square in enumerate(span)
                 if board.occupied(*square)}
        words = {word for letters in _rack_choices(rack, len(empty))
                 for word in anagrams.with_letters([*fixed.values(), *letters])
                 if all(word[i] == letter for i, letter in fixed.items())}
        for word in words:
            for wild in itertools.chain.from_iterable(
                    itertools.combinations(empty, n) for n in range(wildcards + 1)):
                tiles = [PlacedTile(*span[i], word[i], wild=i in wild) for i in empty]
                try:
                    preview(rules, state, 0, tiles, resources=res)
                except RuleError:
                    continue
                found[key_of(tiles)] = tiles
    return list(found.values())


def read_file(path: Path = FILE) -> dict[str, tuple[str, str]]:
    """The kept file: by name, the position's line and the count line."""
    notations: dict[str, str] = {}
    counts: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# position "):
            name, _, notation = line.removeprefix("# position ").partition(": ")
            notations[name] = notation
        elif line and not line.startswith("#"):
            counts[line.split(" ", 1)[0]] = line
    assert notations.keys() == counts.keys(), f"{path.name}: positions and counts differ"
    return {name: (notations[name], counts[name]) for name in counts}


HEADER = """\
# Legal placements per position and rack, as chess engines keep perft counts: the normal suite
# holds the generator (engine.bots.movegen.generate) to them, tests/unit/test_placements.py.
# Counted by brute force by tests/brute_placements.py, which shares no code with the
# generator: every span of a row or column, every lexicon word of its length that fits its
# board letters and the rack, every way of playing the rack's wildcards, each checked by the
# game's own engine.match.preview ({seconds:.0f} s for all {count} positions). Rewrite only with
# python -m tests.brute_placements, and review the diff.
# A count line: placements of two tiles or more across (→) and down (↓), of one tile, in all,
# and the first 16 hex digits of the SHA-256 of the sorted set (tiles like H12T, h12t a wildcard).
"""


def main(argv: Sequence[str] | None = None) -> int:
    """Count every position by brute force and rewrite the kept file."""
    names = list(argv if argv is not None else sys.argv[1:]) or list(COUNTED)
    res = Resources.default()
    began = time.monotonic()
    anagrams = Anagrams(res.lexicon, 21)
    lines = []
    for name in names:
        position = COUNTED[name]
        started = time.monotonic()
        counts = Counts.of(brute_force(position, anagrams, res))
        print(f"{counts.line(name)}  ({time.monotonic() - started:.0f} s)", file=sys.stderr)
        lines += [f"# position {name}: {format_notation(position)}", counts.line(name)]
    seconds = time.monotonic() - began
    if names == list(COUNTED):
        FILE.write_text(HEADER.format(seconds=seconds, count=len(names)) + "\n".join(lines)
                        + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
