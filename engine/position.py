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

The same position fits on one line, for a bug report or a test's header (the notation,
:func:`format_notation` and :func:`parse_notation`; documented in the same page)::

    21/21/21/21/21/21/21/21/21/21/10GOL8/21/21/21/21/21/21/21/21/21/21 BOLASE? futebol 1:GOL
    standard L10 ↓ BOLAS

(one line: board rows with runs of empty squares as numbers, rack, theme, chain, rules and
the optional move). Every position has exactly one line and the line gives it back exactly.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.board import ACROSS, DOWN, EMPTY, Board
from engine.chain import Chain
from engine.errors import RuleError
from engine.match import Resources, preview
from engine.moves import PlacedTile, placement_from_word, square_name
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


# -- the one-line notation ----------------------------------------------------------------

#: The arrows of the notation (and of the golden move lists): → across, ↓ down.
ARROWS = {ACROSS: "→", DOWN: "↓"}
_BY_ARROW = {arrow: direction for direction, arrow in ARROWS.items()}
_NONE = "-"  # no theme, or an empty rack
_THEME_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")  # as engine.themes requires
_ROW_PART = re.compile(r"[1-9][0-9]*|[A-Za-z]|.")
_RACK_PART = re.compile(r"\?[VC]?|[A-Z]|,|.")
_CHAIN = re.compile(r"^(0|[1-9][0-9]*)(?::([A-Z]+(?:,[A-Z]+)*))?$")
_WORD = re.compile(r"^[A-Za-z]+$")
_FIELDS = "tabuleiro, mão, tema, cadeia e regras"


class NotationError(PositionError):
    code = "notation.invalid"


@dataclass(frozen=True)
class PositionMove:
    """A position's move as a position file writes it: start square, direction, whole word
    (board tiles included; lower-case letters are wildcard tiles)."""

    start: tuple[int, int]
    direction: str
    word: str


@dataclass(frozen=True)
class PositionData:
    """What a position file holds, as plain values: the notation's side of a position.

    It is data, not a checked state: :meth:`to_json` gives the position file's object, and
    :func:`parse_position` turns that into a state with the file's typed errors, so a
    position written as a line and one written as a file are checked by the same code.
    """

    board: tuple[str, ...]
    rack: tuple[str, ...]
    theme: str | None = None
    chain: Chain = field(default_factory=Chain)
    rules: str = "standard"
    move: PositionMove | None = None

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {
            "rules": self.rules, "board": list(self.board), "rack": list(self.rack),
            "theme": self.theme, "chain": self.chain.to_json(),
        }
        if self.move is not None:
            data["move"] = {"start": square_name(*self.move.start),
                            "direction": self.move.direction, "word": self.move.word}
        return data


def format_notation(position: PositionData) -> str:
    """The one line of ``position``; a position the notation cannot hold exactly (an unknown
    rule set, a cell or tile code that is not one) raises :class:`NotationError`."""
    fields = [
        "/".join(re.sub(r"\.+", lambda run: str(len(run.group())), row)
                 for row in position.board),
        _rack_text(position.rack),
        position.theme if position.theme is not None else _NONE,
        str(position.chain.length) + (f":{','.join(position.chain.roots)}"
                                      if position.chain.roots else ""),
        position.rules,
    ]
    move = position.move
    if move is not None:
        fields += [square_name(*move.start), ARROWS.get(move.direction, move.direction),
                   move.word]
    text = " ".join(fields)
    try:
        back = parse_notation(text)
    except NotationError as exc:
        raise NotationError(f"A posição não cabe na notação: {exc.message}",
                            code=exc.code) from None
    for name, value in vars(position).items():
        if getattr(back, name) != value:
            raise NotationError(f"A posição não cabe na notação: {name} {value!r} não volta "
                                f"igual da linha.", code="notation.unrepresentable")
    return text


def _rack_text(rack: tuple[str, ...]) -> str:
    """The rack's codes one after another; a comma only where ``?`` meets a V or C tile,
    which would otherwise read as one vowel or consonant wildcard."""
    text = ""
    for code in rack:
        if text.endswith("?") and code in ("V", "C"):
            text += ","
        text += code
    return text or _NONE


def parse_notation(text: str) -> PositionData:
    """The position of one line of the notation; every field is checked, and an error names
    the field and the text that is wrong."""
    fields = text.split()
    if len(fields) not in (5, 8):
        count = f"{len(fields)} campo" + ("" if len(fields) == 1 else "s")
        raise NotationError(f"A notação tem {count}; são 5 ({_FIELDS}) ou 8, com a jogada "
                            f"(casa, seta, palavra): {text.strip()!r}.", code="notation.fields")
    rules_name = fields[4]
    try:
        size = RuleSet.named(rules_name).size
    except KeyError:
        raise NotationError(f"Regras desconhecidas na notação: {rules_name!r} (use standard, "
                            f"classic ou solo).", code="notation.rules") from None
    return PositionData(
        board=_parse_board(fields[0], size), rack=_parse_rack(fields[1]),
        theme=_parse_theme(fields[2]), chain=_parse_chain(fields[3]), rules=rules_name,
        move=_parse_move(fields[5:], size) if len(fields) == 8 else None,
    )


def _parse_board(text: str, size: int) -> tuple[str, ...]:
    rows = text.split("/")
    if len(rows) != size:
        raise NotationError(f"O tabuleiro {text!r} tem {len(rows)} linhas separadas por /; "
                            f"são {size}.", code="notation.board")
    board = []
    for number, row_text in enumerate(rows, start=1):
        row = ""
        for part in _ROW_PART.findall(row_text):
            if part[0] in "123456789":  # a run of empty squares (never 0 or 05)
                row += EMPTY * int(part)
            elif part.isalpha() and part.isascii():
                row += part
            else:
                raise NotationError(f"Casa inválida {part!r} na linha {number} do tabuleiro "
                                    f"({row_text!r}): use A–Z, a–z (curinga) ou o número de "
                                    f"casas vazias.", code="notation.board")
        if len(row) != size:
            raise NotationError(f"A linha {number} do tabuleiro ({row_text!r}) tem {len(row)} "
                                f"casas; são {size}.", code="notation.board")
        board.append(row)
    return tuple(board)


def _parse_rack(text: str) -> tuple[str, ...]:
    if text == _NONE:
        return ()
    rack = []
    for part in _RACK_PART.findall(text):
        if part == ",":
            continue
        if part not in ALPHABET and part not in WILDCARDS:
            raise NotationError(f"Peça inválida {part!r} na mão {text!r}: use A–Z, ?, ?V ou ?C "
                                f"(ou - para uma mão vazia).", code="notation.rack")
        rack.append(part)
    if not rack:
        raise NotationError(f"A mão {text!r} não tem peças: use - para uma mão vazia.",
                            code="notation.rack")
    return tuple(rack)


def _parse_theme(text: str) -> str | None:
    if text == _NONE:
        return None
    if not _THEME_ID.match(text):
        raise NotationError(f"Tema inválido {text!r}: use o id de um tema, como mar-e-praia, "
                            f"ou - para nenhum.", code="notation.theme")
    return text


def _parse_chain(text: str) -> Chain:
    match = _CHAIN.match(text)
    if not match:
        raise NotationError(f"Cadeia inválida {text!r}: use o comprimento, como 0, ou o "
                            f"comprimento e as raízes, como 2:BOLA,GOL.", code="notation.chain")
    roots = match.group(2)
    return Chain(int(match.group(1)), tuple(roots.split(",")) if roots else ())


def _parse_move(parts: list[str], size: int) -> PositionMove:
    start, arrow, word = parts
    try:
        square = parse_square(start, size)
    except PositionError:
        raise NotationError(f"Casa inválida {start!r} na jogada: use a coluna e a linha, como "
                            f"K11.", code="notation.move") from None
    if arrow not in _BY_ARROW:
        raise NotationError(f"Direção inválida {arrow!r} na jogada: use → (across) ou ↓ "
                            f"(down).", code="notation.move")
    if not _WORD.match(word):
        raise NotationError(f"Palavra inválida {word!r} na jogada: só letras de A a Z "
                            f"(minúsculas para curingas).", code="notation.move")
    return PositionMove(square, _BY_ARROW[arrow], word)
