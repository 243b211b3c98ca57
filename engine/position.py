"""Position files: a board, a rack, a theme, a chain and one move, scored without a match.

The format (``docs/position-format.md`` documents it for people)::

    {
      "rules": "standard",                 # optional: standard, classic or solo
      "board": ["....", ...],              # 21 rows: "." empty, A–Z tile, a–z wildcard tile
      "rack": ["C", "A", "S", "A", "?"],   # optional: the move's own tiles if left out
      "theme": "futebol",                  # optional: a theme id, or null
      "chain": {"length": 1, "roots": ["BOLA"]},  # optional
      "move": {"start": "K11", "direction": "across", "word": "CASA"}
    }

``start`` is a square name (column letter A–U, row 1–21) or ``[row, col]`` counted from 0.
In ``word``, lower-case letters are wildcard tiles; board tiles in the way are reused.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from engine.board import Board
from engine.chain import Chain
from engine.errors import RuleError
from engine.match import Resources, preview
from engine.moves import PlacedTile, placement_from_word
from engine.rules import ALPHABET, RuleSet
from engine.scoring import Breakdown
from engine.state import MatchState, Seat
from engine.tiles import WILDCARDS

_SQUARE = re.compile(r"^([A-Za-z])(\d{1,2})$")


class PositionError(RuleError):
    code = "position.invalid"


def parse_square(value: object, size: int) -> tuple[int, int]:
    if isinstance(value, str):
        match = _SQUARE.match(value.strip())
        if match:
            col = ALPHABET.index(match.group(1).upper())
            row = int(match.group(2)) - 1
            if 0 <= row < size and 0 <= col < size:
                return row, col
        raise PositionError(f"Casa inválida {value!r}: use a coluna e a linha, como K11.",
                            code="position.square")
    if (isinstance(value, list) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        row, col = value
        if 0 <= row < size and 0 <= col < size:
            return row, col
        raise PositionError(f"A casa {value} fica fora do tabuleiro.", code="move.off_board")
    raise PositionError("start deve ser uma casa como K11 ou [linha, coluna].",
                        code="position.square")


def _field(data: Mapping[str, Any], key: str, kind: type, *, required: bool = True) -> Any:
    if key not in data:
        if required:
            raise PositionError(f"Falta o campo {key!r} na posição.", code="position.missing")
        return None
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise PositionError(f"O campo {key!r} tem o tipo errado.", code="position.type")
    return value


def parse_position(
    data: object, *, need_move: bool = True
) -> tuple[RuleSet, MatchState, list[PlacedTile]]:
    """A one-seat state holding the position, and the move's tiles (none without a move)."""
    if not isinstance(data, dict):
        raise PositionError("A posição deve ser um objeto JSON.", code="position.type")
    rules_name = data.get("rules", "standard")
    try:
        rules = RuleSet.named(str(rules_name)).with_settings(min_seats=1)
    except KeyError:
        raise PositionError(f"Regras desconhecidas: {rules_name!r}.",
                            code="position.rules") from None
    board = Board.from_rows(_field(data, "board", list), rules.size)
    tiles: list[PlacedTile] = []
    if need_move or "move" in data:
        tiles = _move_tiles(data, board, rules)
    rack = _field(data, "rack", list, required=not tiles)
    if rack is None:
        rack = ["?" if t.wild else t.letter for t in tiles]
    for code in rack:
        if not isinstance(code, str) or (code not in ALPHABET and code not in WILDCARDS):
            raise PositionError(f"Peça inválida na mão: {code!r}.", code="position.rack")
    theme = data.get("theme")
    if theme is not None and not isinstance(theme, str):
        raise PositionError("theme deve ser o id de um tema ou null.", code="position.type")
    if not rules.themed:
        theme = None
    try:
        chain = Chain.from_json(data.get("chain", {"length": 0, "roots": []}))
    except TypeError as exc:
        raise PositionError(f"chain inválida: {exc}.", code="position.chain") from None
    state = MatchState(
        match_id="position", rules=rules.name, theme_id=theme, board=board.rows,
        seats=(Seat("position", "Posição", rack=tuple(rack), chain=chain),), rng_state=0,
    )
    return rules, state, tiles


def _move_tiles(data: Mapping[str, Any], board: Board, rules: RuleSet) -> list[PlacedTile]:
    move = _field(data, "move", dict)
    direction = _field(move, "direction", str)
    word = _field(move, "word", str)
    if not word:
        raise PositionError("A palavra da jogada está vazia.", code="move.empty")
    if len(word) > rules.size:
        raise PositionError(f"A palavra tem {len(word)} letras; o tabuleiro tem {rules.size}.",
                            code="move.too_long")
    row, col = parse_square(move.get("start"), rules.size)
    return placement_from_word(board, row, col, direction, word)


def score_position(data: object, resources: Resources | None = None) -> Breakdown:
    """The breakdown of the move in a position (``vanlexis score``)."""
    rules, state, tiles = parse_position(data)
    res = resources if resources is not None else Resources.default()
    if state.theme_id is not None:
        res.themes.get(state.theme_id)  # an unknown theme is a typed error
    return preview(rules, state, 0, tiles, resources=res)
