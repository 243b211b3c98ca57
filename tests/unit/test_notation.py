"""The one-line position notation: every position has one line, the line gives it back exactly,
and a bad line is a typed error that names what is wrong."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.board import ACROSS, DOWN
from engine.chain import Chain
from engine.position import (
    NotationError,
    PositionData,
    PositionMove,
    format_notation,
    parse_notation,
    parse_position,
    parse_square,
)
from engine.rules import ALPHABET
from engine.tiles import WILDCARDS

DOCS = Path(__file__).resolve().parents[2] / "docs"
SIZE = 21
EMPTY_BOARD = "/".join(["21"] * SIZE)

_cells = st.one_of(st.just("."), st.just("."), st.sampled_from(ALPHABET + ALPHABET.lower()))
_rows = st.one_of(st.just("." * SIZE),
                  st.lists(_cells, min_size=SIZE, max_size=SIZE).map("".join))
# V and C often follow an any-letter wildcard: the one place the rack needs a comma.
_tiles = st.one_of(st.sampled_from(("?", "V", "C")), st.sampled_from((*ALPHABET, *WILDCARDS)))
_moves = st.builds(PositionMove,
                   st.tuples(st.integers(0, SIZE - 1), st.integers(0, SIZE - 1)),
                   st.sampled_from((ACROSS, DOWN)), st.from_regex(r"[A-Za-z]{1,21}",
                                                                  fullmatch=True))
positions = st.builds(
    PositionData,
    board=st.lists(_rows, min_size=SIZE, max_size=SIZE).map(tuple),
    rack=st.lists(_tiles, max_size=9).map(tuple),
    theme=st.one_of(st.none(), st.from_regex(r"[a-z0-9]{1,8}(-[a-z0-9]{1,8}){0,3}",
                                             fullmatch=True)),
    chain=st.builds(Chain, st.integers(0, 30),
                    st.lists(st.from_regex(r"[A-Z]{1,12}", fullmatch=True),
                             max_size=5).map(tuple)),
    rules=st.sampled_from(("standard", "classic", "solo")),
    move=st.one_of(st.none(), _moves),
)


@given(positions)
def test_a_position_comes_back_exactly_from_its_line(position: PositionData) -> None:
    line = format_notation(position)
    assert "\n" not in line and len(line.split(" ")) in (5, 8)
    assert parse_notation(line) == position


@given(st.text(max_size=300))
def test_any_text_is_a_position_or_a_typed_error(text: str) -> None:
    try:
        position = parse_notation(text)
    except NotationError as exc:
        assert exc.code.startswith("notation.") and exc.message
    else:
        assert parse_notation(format_notation(position)) == position


def _example() -> tuple[dict[str, object], PositionData]:
    data = json.loads((DOCS / "examples" / "position.json").read_text(encoding="utf-8"))
    move = data["move"]
    return data, PositionData(
        tuple(data["board"]), tuple(data["rack"]), data["theme"], Chain.from_json(data["chain"]),
        data["rules"], PositionMove(parse_square(move["start"], SIZE), move["direction"],
                                    move["word"]))


def test_the_documented_line_is_the_example_files_position() -> None:
    data, position = _example()
    line = format_notation(position)
    assert line in (DOCS / "position-format.md").read_text(encoding="utf-8")
    assert position.to_json() == data
    assert parse_position(parse_notation(line).to_json()) == parse_position(data)


def test_the_rack_uses_a_comma_only_where_wildcard_codes_would_merge() -> None:
    empty = _example()[1].board
    lines = {rack: format_notation(PositionData(empty, rack))
             for rack in (("?", "V"), ("?V",), ("?", "C", "?C"), ("V", "?"), ())}
    assert [line.split(" ")[1] for line in lines.values()] == ["?,V", "?V", "?,C?C", "V?", "-"]
    assert all(parse_notation(line).rack == rack for rack, line in lines.items())


def _line(**fields: str) -> str:
    parts = {"board": EMPTY_BOARD, "rack": "RATOS", "theme": "-", "chain": "0",
             "rules": "classic", **fields}
    return " ".join(parts.values())


@pytest.mark.parametrize(
    ("line", "code", "named"),
    [
        ("", "notation.fields", "0 campos"),
        (_line(rules="standard K11"), "notation.fields", "6 campos"),
        (_line(rules="xadrez"), "notation.rules", "'xadrez'"),
        (_line(board="21/21"), "notation.board", "2 linhas"),
        (_line(board=EMPTY_BOARD.replace("21", "10A9", 1)), "notation.board", "'10A9'"),
        (_line(board=EMPTY_BOARD.replace("21", "10#10", 1)), "notation.board", "'#'"),
        (_line(board=EMPTY_BOARD.replace("21", "021", 1)), "notation.board", "'0'"),
        (_line(rack="RAtOS"), "notation.rack", "'t'"),
        (_line(rack="R,A;"), "notation.rack", "';'"),
        (_line(rack=","), "notation.rack", "','"),
        (_line(theme="Mar_e_praia"), "notation.theme", "'Mar_e_praia'"),
        (_line(chain="2:bola"), "notation.chain", "'2:bola'"),
        (_line(chain="-1"), "notation.chain", "'-1'"),
        (_line(rules="classic Z30 → CASA"), "notation.move", "'Z30'"),
        (_line(rules="classic K11 -> CASA"), "notation.move", "'->'"),
        (_line(rules="classic K11 ↓ CA-SA"), "notation.move", "'CA-SA'"),
    ],
)
def test_a_bad_line_is_a_typed_error_naming_the_bad_text(line: str, code: str,
                                                         named: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_notation(line)
    assert caught.value.code == code
    assert named in caught.value.message


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"rules": "xadrez"}, "notation.rules"),
        ({"board": ("#" * SIZE,) * SIZE}, "notation.board"),
        ({"rack": ("x",)}, "notation.rack"),
        ({"rack": ("A,B",)}, "notation.unrepresentable"),
        ({"chain": Chain(1, ("bola",))}, "notation.chain"),
        ({"move": PositionMove((10, 10), "diagonal", "CASA")}, "notation.move"),
    ],
)
def test_a_position_the_line_cannot_hold_is_refused(change: dict[str, object],
                                                    code: str) -> None:
    with pytest.raises(NotationError) as caught:
        format_notation(replace(_example()[1], **change))  # type: ignore[arg-type]
    assert caught.value.code == code
