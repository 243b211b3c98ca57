"""The board: a square grid of cells, stored as text rows for compact, readable state.

A cell is ``.`` when empty, an upper-case letter for a tile, or a lower-case letter for a
wildcard tile (worth 0) standing for that letter. Rows and columns are read through one code
path, :meth:`Board.lane`, so every rule about lines is written once.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.errors import RuleError

EMPTY = "."
ACROSS = "across"
DOWN = "down"
DIRECTIONS = (ACROSS, DOWN)

# Square kinds from the layout: letter multiplier, word multiplier, label in the breakdown.
_SQUARES = {
    ".": (1, 1, ""),
    "*": (1, 1, ""),
    "d": (2, 1, "Letra ×2"),
    "t": (3, 1, "Letra ×3"),
    "D": (1, 2, "Palavra ×2"),
    "T": (1, 3, "Palavra ×3"),
}


class BoardError(RuleError):
    code = "board.invalid"


@dataclass(frozen=True)
class Layout:
    """Bonus squares of a board, parsed from the rule set's ASCII art."""

    rows: tuple[str, ...]

    def __post_init__(self) -> None:
        size = len(self.rows)
        if size < 3 or any(len(row) != size for row in self.rows):
            raise ValueError("a layout must be a square of rows")
        if any(ch not in _SQUARES for row in self.rows for ch in row):
            raise ValueError("unknown square in layout")

    @property
    def size(self) -> int:
        return len(self.rows)

    def bonus(self, row: int, col: int) -> tuple[int, int, str]:
        """Letter multiplier, word multiplier and label of a square."""
        return _SQUARES[self.rows[row][col]]

    def letter_multiplier(self, row: int, col: int) -> int:
        return _SQUARES[self.rows[row][col]][0]

    def word_multiplier(self, row: int, col: int) -> int:
        return _SQUARES[self.rows[row][col]][1]

    def square(self, row: int, col: int) -> str:
        return self.rows[row][col]


def step(direction: str) -> tuple[int, int]:
    return (0, 1) if direction == ACROSS else (1, 0)


def other(direction: str) -> str:
    return DOWN if direction == ACROSS else ACROSS


@dataclass(frozen=True)
class Board:
    """An immutable board; placing tiles returns a new one."""

    rows: tuple[str, ...]

    @classmethod
    def empty(cls, size: int) -> Board:
        return cls(tuple(EMPTY * size for _ in range(size)))

    @classmethod
    def from_rows(cls, rows: Sequence[str], size: int) -> Board:
        """Validate rows from outside (a stored state, a position file)."""
        if not isinstance(rows, Sequence) or isinstance(rows, str) or len(rows) != size:
            raise BoardError(f"O tabuleiro precisa de {size} linhas.")
        for index, row in enumerate(rows):
            if not isinstance(row, str) or len(row) != size:
                raise BoardError(f"A linha {index + 1} do tabuleiro precisa de {size} casas.")
            for ch in row:
                if ch != EMPTY and not ("A" <= ch <= "Z" or "a" <= ch <= "z"):
                    raise BoardError(f"Casa inválida {ch!r} na linha {index + 1}.")
        return cls(tuple(rows))

    @functools.cached_property
    def size(self) -> int:
        return len(self.rows)

    def inside(self, row: int, col: int) -> bool:
        size = self.size
        return 0 <= row < size and 0 <= col < size

    def cell(self, row: int, col: int) -> str:
        return self.rows[row][col]

    def occupied(self, row: int, col: int) -> bool:
        size = self.size
        return 0 <= row < size and 0 <= col < size and self.rows[row][col] != EMPTY

    def is_empty(self) -> bool:
        blank = EMPTY * self.size
        return all(row == blank for row in self.rows)

    def tile_count(self) -> int:
        return sum(self.size - row.count(EMPTY) for row in self.rows)

    def with_tiles(self, tiles: Iterable[tuple[int, int, str]]) -> Board:
        """A new board with ``(row, col, cell)`` written (cells already validated)."""
        by_row: dict[int, list[tuple[int, str]]] = {}
        for row, col, cell in tiles:
            by_row.setdefault(row, []).append((col, cell))
        rows = list(self.rows)
        for row, cells in by_row.items():
            chars = list(rows[row])
            for col, cell in cells:
                chars[col] = cell
            rows[row] = "".join(chars)
        return Board(tuple(rows))

    def lane(self, row: int, col: int, direction: str) -> tuple[int, int]:
        """The span ``(start, end)`` along ``direction`` of the run of tiles through a square.

        Positions are indices along the lane (columns across, rows down); the square itself is
        treated as filled, so this also gives the word a new tile would form.
        """
        dr, dc = step(direction)
        r, c = row - dr, col - dc
        while self.occupied(r, c):
            r, c = r - dr, c - dc
        start = (r + dr, c + dc)
        r, c = row + dr, col + dc
        while self.occupied(r, c):
            r, c = r + dr, c + dc
        end = (r - dr, c - dc)
        return (start[1], end[1]) if direction == ACROSS else (start[0], end[0])

    def neighbours(self, row: int, col: int) -> Iterable[tuple[int, int]]:
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            if self.inside(row + dr, col + dc):
                yield row + dr, col + dc

    def touches(self, row: int, col: int) -> bool:
        """Whether a square has a tile on any side."""
        return (self.occupied(row - 1, col) or self.occupied(row + 1, col)
                or self.occupied(row, col - 1) or self.occupied(row, col + 1))
