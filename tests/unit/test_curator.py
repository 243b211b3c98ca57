"""The curator's tool: check fails clearly on seeded faults; suggest proposes without adding.
(The editor's review and decisions are tested in ``test_theme_edit.py``.)"""

from __future__ import annotations

import copy
import io
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from engine.lexicon import Lexicon
from engine.lexicon.common_words import CommonWords
from engine.themes import DEFAULT_DIR
from tools.cli import main
from tools.curator import MINIMUM, check, check_file, suggest
from tools.thesaurus import Thesaurus

LEX = Lexicon.default()
DATA = Path(__file__).resolve().parents[1] / "data"


def test_the_library_passes_the_check() -> None:
    reports = check(DEFAULT_DIR, LEX)
    assert reports and all(r.ok for r in reports), [(r.name, r.problems) for r in reports
                                                    if not r.ok]
    out = io.StringIO()
    assert main(["themes", "check"], out=out) == 0
    assert "0 com problemas" in out.getvalue()


def _library_copy(tmp_path: Path) -> dict[str, Any]:
    source = DEFAULT_DIR / "futebol.json"
    shutil.copy(source, tmp_path / "futebol.json")
    return dict(json.loads(source.read_text(encoding="utf-8")))


def _write(tmp_path: Path, data: dict[str, Any]) -> Path:
    path = tmp_path / "futebol.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


@pytest.mark.parametrize(("fault", "message"), [
    ("unknown", "não está no dicionário"),
    ("duplicate", "repete uma palavra do tema"),
    ("form", "forma sem decisão"),
    ("empty", "a camada está vazia"),
    ("small", "o mínimo é"),
])
def test_check_fails_clearly_on_a_seeded_fault(tmp_path: Path, fault: str,
                                               message: str) -> None:
    data = copy.deepcopy(_library_copy(tmp_path))
    if fault == "unknown":
        data["layers"]["core"].append("xyzzyq")
    elif fault == "duplicate":
        data["layers"]["distant"].append(data["layers"]["core"][0])
    elif fault == "form":
        base = next(b for b, e in data["forms"].items() if e["accepted"])
        data["forms"][base]["accepted"] = data["forms"][base]["accepted"][1:]
    elif fault == "empty":
        data["layers"]["related"] = []
    elif fault == "small":
        data["layers"]["core"] = data["layers"]["core"][: MINIMUM["core"] - 1]
        data["forms"] = {b: e for b, e in data["forms"].items()
                         if b in {w for words in data["layers"].values() for w in words}}
    report = check_file(_write(tmp_path, data), LEX)
    assert not report.ok and any(message in p for p in report.problems), report.problems
    out = io.StringIO()
    assert main(["themes", "check", "--dir", str(tmp_path)], out=out) == 1
    assert "FALHA" in out.getvalue() and message in out.getvalue()


def test_suggestions_come_from_the_thesaurus_and_are_never_added(tmp_path: Path) -> None:
    theme = {"layers": {"core": ["bola", "gol"], "related": ["camisa"], "distant": []},
             "forms": {}}
    found = suggest(theme, LEX, Thesaurus.load(DATA / "thesaurus.dat"), CommonWords.default())
    words = {s.word: s for s in found}
    assert {"esfera", "globo", "camiseta", "blusa"} <= set(words)
    assert words["esfera"].layer == "related" and words["blusa"].layer == "distant"
    assert words["esfera"].because == ("bola",)
    assert theme["layers"]["related"] == ["camisa"]


def test_the_stats_name_every_theme_under_the_hot_floor() -> None:
    """Every theme must give at least 10% of Quente-or-Escaldante plays: a floor, not a band
    around the mean (docs/themes.md)."""
    from collections import Counter

    from tools.curator import HOT_FLOOR, below_floor, format_stats, hot_share

    table = {"rico": Counter({"Escaldante": 20, "Quente": 20, "Frio": 60}),
             "no-piso": Counter({"Quente": 10, "Frio": 90, "(sem jogada)": 3}),
             "pobre": Counter({"Quente": 9, "Frio": 91})}
    assert HOT_FLOOR == 0.10 and hot_share(table["no-piso"]) == 0.10
    assert below_floor(table) == ["pobre"]
    assert format_stats(table).endswith("piso de 10%: abaixo dele: pobre")
    del table["pobre"]
    assert format_stats(table).endswith("todos os temas o alcançam")
