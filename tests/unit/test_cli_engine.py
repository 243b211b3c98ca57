"""``vanlexis rules``, ``score`` and ``band``: JSON out, typed errors for bad positions."""

from __future__ import annotations

import copy
import io
import json
from pathlib import Path
from typing import Any

import pytest

from engine.chain import Chain
from engine.position import PositionData, PositionMove, format_notation, parse_square
from tools.cli import main

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "position.json"


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def test_rules_json_prints_the_standard_rule_set() -> None:
    status, out, _ = run("rules", "--json")
    data = json.loads(out)
    assert status == 0
    assert len(data["layout"]) == 21 and data["band_weights_pct"]["Escaldante"] == 200
    assert data["tile_values"]["K"] == 10
    assert json.loads(run("rules", "--json", "--name", "classic")[1])["themed"] is False


def test_score_prints_the_breakdown_of_the_example_position() -> None:
    status, out, _ = run("score", str(EXAMPLE))
    data = json.loads(out)
    assert status == 0
    assert data["words"][0]["word"] == "BOLAS"
    assert data["band"] == "Escaldante" and data["matched"] == "BOLA"
    assert data["chain"]["after"] == 2
    # BOLAS down from L10 through the board's O at L11: 3+1+2+1+1 = 8 (no bonus squares),
    # + 2 for five letters = 10, × 2.0 × 1.10 = 22.
    assert data["total"] == 22


def _position(tmp_path: Path, **changes: Any) -> str:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data = copy.deepcopy(data)
    for key, value in changes.items():
        if key.startswith("move_"):
            data["move"][key[5:]] = value
        else:
            data[key] = value
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    ("changes", "code"),
    [
        ({"move_start": "Z99"}, "position.square"),
        ({"move_start": [30, 2]}, "move.off_board"),
        ({"rack": ["X", "Y", "Z"]}, "move.not_in_rack"),
        ({"move_word": ""}, "move.empty"),
        ({"move_word": "A" * 22}, "move.too_long"),
        ({"theme": "nao-existe"}, "theme.unknown"),
        ({"board": ["..."]}, "board.invalid"),
        ({"move_direction": "sideways"}, "move.bad_direction"),
        ({"rack": ["1"]}, "position.rack"),
        ({"chain": {"length": -1}}, "position.chain"),
        ({"rules": "chess"}, "position.rules"),
    ],
)
def test_bad_positions_give_a_typed_error(tmp_path: Path, changes: dict[str, Any],
                                          code: str) -> None:
    status, out, err = run("score", _position(tmp_path, **changes))
    assert status == 1, err
    assert json.loads(out)["error"]["code"] == code


def test_a_malformed_position_file_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json", encoding="utf-8")
    status, out, _ = run("score", str(path))
    assert status == 1 and json.loads(out)["error"]["code"] == "position.json"
    status, _, err = run("score", str(tmp_path / "missing.json"))
    assert status == 1 and "não consegui ler" in err and "o arquivo não existe" in err


def test_a_position_written_as_one_line_reads_as_its_file(tmp_path: Path) -> None:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    move = data["move"]
    position = PositionData(tuple(data["board"]), tuple(data["rack"]), data["theme"],
                            Chain.from_json(data["chain"]), data["rules"],
                            PositionMove(parse_square(move["start"], 21), move["direction"],
                                         move["word"]))
    line = tmp_path / "line.txt"
    line.write_text(format_notation(position) + "\n", encoding="utf-8")
    for command in (["score"], ["moves", "--top", "5"]):
        read = run(command[0], str(line), *command[1:])
        assert read[0] == 0 and read == run(command[0], str(EXAMPLE), *command[1:])
    line.write_text(format_notation(position).replace(" futebol ", " Futebol "),
                    encoding="utf-8")
    status, out, _ = run("moves", str(line))
    assert status == 1 and json.loads(out)["error"]["code"] == "notation.theme"


def test_band_prints_each_words_band_and_match() -> None:
    status, out, _ = run("band", "futebol", "bolinhas", "casa", "gol")
    rows = [json.loads(line) for line in out.splitlines()]
    assert status == 0
    assert [(r["band"], r["matched"]) for r in rows] == [
        ("Escaldante", "BOLA"), ("Frio", None), ("Escaldante", "GOL"),
    ]


def test_band_rejects_an_unknown_theme_and_bad_words() -> None:
    assert run("band", "nada", "gol")[0] == 2
    status, out, _ = run("band", "futebol", "12")
    assert status == 1 and json.loads(out)["error"]["code"] == "word.invalid_chars"


def test_simulate_plays_matches_and_reports_every_card() -> None:
    status, out, err = run("simulate", "--matches", "2", "--players", "2", "--seed", "3",
                           "--workers", "1", "--json")
    data = json.loads(out)
    assert status == 0, err
    assert data["matches"] == 2 and data["players"] == 2
    assert len(data["seat_win_rate"]) == 2 and abs(sum(data["seat_win_rate"]) - 1) < 1e-9
    assert set(data["cards"]) >= {"mina", "prisma", "tema_pessoal"}
    assert data["coins_earned_mean"] >= data["coins_spent_mean"] >= 0
    assert "partidas" in err


def test_simulate_refuses_bad_counts() -> None:
    assert run("simulate", "--players", "7")[0] == 2
    assert run("simulate", "--matches", "0")[0] == 2
    assert run("simulate", "--level", "6")[0] == 2


def test_simulate_can_seat_bots_of_one_level() -> None:
    scripted = run("simulate", "--matches", "1", "--players", "2", "--seed", "4",
                   "--workers", "1", "--json", "--quiet")
    bots = run("simulate", "--matches", "1", "--players", "2", "--seed", "4",
               "--workers", "1", "--json", "--quiet", "--level", "5")
    assert scripted[0] == bots[0] == 0
    by_scripted, by_bots = json.loads(scripted[1]), json.loads(bots[1])
    assert by_bots["matches"] == 1
    assert by_bots != by_scripted  # other players, other matches


def test_moves_lists_the_best_moves_first(tmp_path: Path) -> None:
    status, out, _ = run("moves", _position(tmp_path, rack=list("BOLASE")), "--top", "3")
    rows = [json.loads(line) for line in out.splitlines()]
    assert status == 0 and [r["rank"] for r in rows] == [1, 2, 3]
    assert rows[0]["score"] >= rows[1]["score"] >= rows[2]["score"]
    assert rows[0]["word"] == "BOLAS" and rows[0]["band"] == "Escaldante"


def test_moves_shows_how_a_level_values_the_moves_and_which_it_plays(tmp_path: Path) -> None:
    position = _position(tmp_path, rack=list("BOLASE"))
    status, out, _ = run("moves", position, "--level", "5", "--top", "5")
    rows = [json.loads(line) for line in out.splitlines()]
    assert status == 0 and rows and all(r["level"] == 5 for r in rows)
    assert [r["value"] for r in rows] == sorted((r["value"] for r in rows), reverse=True)
    assert sum(r["chosen"] for r in rows) == 1 and rows[0]["chosen"]
    status, out, _ = run("moves", position, "--level", "1", "--top", "40")
    assert status == 0 and all(json.loads(line)["level"] == 1 for line in out.splitlines())
    assert run("moves", position, "--level", "9")[0] == 2
    assert run("moves", position, "--level", "x")[0] == 2


def test_moves_needs_a_rack_and_reports_bad_positions(tmp_path: Path) -> None:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    del data["move"], data["rack"]
    path = tmp_path / "norack.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    status, out, _ = run("moves", str(path))
    assert status == 1 and json.loads(out)["error"]["code"] == "position.missing"
    assert run("moves", str(path), "--top", "0")[0] == 2


def test_selfplay_reports_each_level() -> None:
    status, out, err = run("selfplay", "--matches", "2", "--levels", "1,5", "--rounds", "2",
                           "--workers", "1", "--json")
    rows = json.loads(out)
    assert status == 0, err
    assert [r["level"] for r in rows] == [1, 5]
    assert sum(r["wins"] for r in rows) == 2 and all(r["seats_played"] == 2 for r in rows)


def test_selfplay_refuses_bad_levels() -> None:
    assert run("selfplay", "--levels", "1")[0] == 2
    assert run("selfplay", "--levels", "1,9")[0] == 2
    assert run("selfplay", "--levels", "a,b")[0] == 2
