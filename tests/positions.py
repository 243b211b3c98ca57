"""Fixed positions on the real 21×21 board: the golden move lists' and the placement counts'.

A board is written as the words on it, in the golden lists' own syntax (start square, → across
or ↓ down, the word; lower case for a wildcard tile), so a reader sees what is on it. The
middle game is the first nine moves of two bots in a seeded match.
"""

from __future__ import annotations

from engine.board import Board
from engine.chain import Chain
from engine.moves import placement_from_word
from engine.position import ARROWS, PositionData, parse_position, parse_square
from engine.rules import RuleSet
from engine.state import MatchState

_DIRECTION = {arrow: direction for direction, arrow in ARROWS.items()}
SIZE = 21


def board(*words: str) -> tuple[str, ...]:
    """The board holding ``words`` (``"I11 → CASA"``), placed in order; a word that disagrees
    with a tile already there is an error, so the list says everything the board holds."""
    grid = Board.empty(SIZE)
    for text in words:
        start, arrow, word = text.split()
        row, col = parse_square(start, SIZE)
        tiles = placement_from_word(grid, row, col, _DIRECTION[arrow], word)
        grid = grid.with_tiles((t.row, t.col, t.cell) for t in tiles)
    return grid.rows


MIDDLE_GAME = ("K6 ↓ COLETAR", "H8 → QUILO", "J2 ↓ CINTO", "M6 ↓ LIS", "N5 ↓ MANA",
               "O8 ↓ SITU", "N12 → REX", "I13 → QUA", "J14 → ESCURO")

#: The positions of the golden move lists (tests/golden/moves-NAME.txt).
GOLDEN = {
    "opening-futebol": PositionData(board(), tuple("BOLAGET"), theme="futebol"),
    "early-classic": PositionData(board("I11 → CASA", "J8 ↓ MESA"), tuple("RATOS"),
                                  rules="classic"),
    # MADEIRI is no word: the list has had this board from the start, and the generator
    # takes board tiles as they are.
    "middle-praia": PositionData(board("G11 → ONDAS", "I9 ↓ MADEIRI", "F15 → AREIA"),
                                 ("S", "O", "L", "M", "?V"), theme="mar-e-praia"),
}

#: The positions whose placements are counted (tests/golden/placements.txt): the golden ones,
#: an opening and a middle game with each kind of wildcard, and one with a wildcard tile on
#: the board and two wildcards in hand.
COUNTED = {
    **GOLDEN,
    "opening-any": PositionData(board(), ("C", "A", "S", "A", "?", "O", "R")),
    "middle-game": PositionData(board(*MIDDLE_GAME), tuple("RATEIOS"),
                                theme="cozinha-brasileira", chain=Chain(1, ("QUILO",))),
    "middle-any": PositionData(board(*MIDDLE_GAME), ("L", "I", "M", "P", "E", "?", "R"),
                               theme="cozinha-brasileira"),
    "middle-consonant": PositionData(board(*MIDDLE_GAME[:6], "N12 → REx", *MIDDLE_GAME[7:]),
                                     ("R", "A", "N", "?C", "?V"), rules="classic"),
}


def state_of(position: PositionData) -> tuple[RuleSet, MatchState]:
    """The rule set and one-seat state of a position, read as a position file is."""
    rules, state, _ = parse_position(position.to_json(), need_move=False)
    return rules, state
