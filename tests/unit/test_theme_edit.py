"""The editor's tools: what a theme scores, its flags, the decisions that replace the
machine's, the record of an editorial pass, and each theme's expectations."""

from __future__ import annotations

import datetime
import io
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from engine.lexicon import Lexicon, fold
from engine.lexicon.common_words import CommonWords
from engine.rules import Band
from engine.themes import DEFAULT_DIR, ThemeCatalog, ThemeError, parse_theme
from tools.cli import main
from tools.theme_edit import audit, decide_forms, machine_queue, mark_edited, review, theme_words
from tools.theme_expect import MINIMUM, load_checks, misses
from tools.theme_forms import fill_forms, library_words

LEX = Lexicon.default()
COMMON = CommonWords.default()


@pytest.fixture
def family(tmp_path: Path) -> Path:
    """The família theme as the tools first leave it: every form decision the machine's,
    no notes, no look-alike decisions, a draft."""
    for path in DEFAULT_DIR.glob("*.json"):
        shutil.copy(path, tmp_path / path.name)
    path = tmp_path / "familia.json"
    data = _data(path)
    data.pop("notes", None)
    data.pop("lookalikes", None)
    data["curation"] = {"curated_by": "testes", "status": "draft", "reviewed_by": None,
                        "reviewed_on": None}
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    fill_forms(path, LEX, COMMON, library_words(tmp_path), fresh=True)
    return path


def _data(path: Path) -> dict[str, Any]:
    return dict(json.loads(path.read_text(encoding="utf-8")))


def test_words_lists_every_word_above_frio_and_says_how(family: Path) -> None:
    words = {w.display: w for w in theme_words(family, LEX, COMMON)}
    assert words["filho"].how == "camada core" and words["filho"].band == Band.ESCALDANTE
    assert words["filha"].base == "filho" and words["filha"].how == "forma aceita pela máquina"
    assert "deve" not in words


def test_an_editors_decision_replaces_the_machines(family: Path) -> None:
    base, form = "pai", "país"  # folded PAIS: "pais" (parents), flagged for its accent twin
    entry = _data(family)["forms"][base]
    assert form in entry["rejected"] and form in entry["machine"]
    assert decide_forms(family, LEX, [(base, form, True)]) == 1
    entry = _data(family)["forms"][base]
    assert form in entry["accepted"] and form not in entry.get("machine", {})
    theme = parse_theme(_data(family), LEX)
    assert theme.band_of("PAIS", LEX) == (Band.ESCALDANTE, "PAI")
    with pytest.raises(KeyError, match="não é uma forma proposta"):
        decide_forms(family, LEX, [("pai", "mesa", True)])


def test_review_walks_the_machines_decisions_most_common_first(family: Path) -> None:
    queue = machine_queue(_data(family), COMMON)
    ranks = [COMMON.rank(fold(form)) or 10**9 for _, form, _, _ in queue]
    assert ranks == sorted(ranks)
    first, second = queue[0], queue[1]
    answers = iter(["?", "c", "i", "s"])
    counts = review(family, LEX, COMMON, lambda _prompt: next(answers), io.StringIO())
    assert counts == {"confirmed": 1, "reversed": 1, "skipped": 0}
    forms = _data(family)["forms"]
    assert (first[1] in forms[first[0]]["accepted"]) is first[2]  # confirmed
    assert (second[1] in forms[second[0]]["accepted"]) is not second[2]  # reversed
    assert first[1] not in forms[first[0]].get("machine", {})


def test_a_theme_is_not_marked_edited_while_the_machine_decides(family: Path) -> None:
    with pytest.raises(ThemeError, match="ainda são da máquina"):
        mark_edited(family, LEX, datetime.date(2026, 12, 1), ["themes check"], "Equipe")
    data = _data(family)
    decisions = [(base, form, form in entry["accepted"])
                 for base, entry in data["forms"].items() for form in entry.get("machine", {})]
    decide_forms(family, LEX, decisions)
    mark_edited(family, LEX, datetime.date(2026, 12, 1), ["themes check", "themes expect"],
                "Equipe Vanlexis")
    curation = _data(family)["curation"]
    assert curation["status"] == "edited" and curation["edited_on"] == "2026-12-01"
    assert curation["checks"] == ["themes check", "themes expect"]
    assert curation["reviewed_by"] is None  # reviewed needs a named person


def test_audit_flags_what_an_editor_must_see_and_a_note_handles_it(family: Path) -> None:
    flags = audit(family, LEX, COMMON)
    mae = [f for f in flags if f.word == "mãe" and "muito comum" in f.reason]
    assert mae and mae[0].handled is None
    data = _data(family)
    data["notes"] = {"mãe": "fica: é o coração do tema"}
    family.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    assert next(f.handled for f in audit(family, LEX, COMMON) if f.word == "mãe") == \
        "fica: é o coração do tema"


def test_the_cli_decides_and_refuses_bad_input_in_portuguese(monkeypatch: pytest.MonkeyPatch,
                                                             family: Path) -> None:
    monkeypatch.setattr("engine.themes.DEFAULT_DIR", family.parent)
    out, err = io.StringIO(), io.StringIO()
    assert main(["themes", "decide", "familia", "pai:país=sim"], out=out, err=err) == 0
    assert "1 decisões do editor" in out.getvalue()
    assert main(["themes", "decide", "familia", "pai-país"], out=out, err=err) == 2
    assert "use BASE:FORMA=sim" in err.getvalue()


def test_sensitive_words_never_take_a_band(tmp_path: Path) -> None:
    for path in DEFAULT_DIR.glob("*.json"):
        shutil.copy(path, tmp_path / path.name)
    (tmp_path / "sensitive.txt").write_text("# teste\nfilho\n", encoding="utf-8")
    theme = ThemeCatalog.load(tmp_path, LEX).get("familia")
    assert theme.band_of("FILHO", LEX) == (Band.FRIO, None)
    assert theme.band_of("PAI", LEX)[0] == Band.ESCALDANTE


@pytest.mark.parametrize("theme_id", ThemeCatalog.load(DEFAULT_DIR, LEX).ids())
def test_every_theme_has_its_expectations_and_an_edited_one_meets_them(theme_id: str) -> None:
    checks = load_checks(DEFAULT_DIR, theme_id)
    for key, minimum in MINIMUM.items():
        assert len(checks[key]) >= minimum, (theme_id, key)
        missing = [w for w in checks[key] if fold(w) not in LEX]
        assert not missing, (theme_id, key, missing)
    theme = ThemeCatalog.load(DEFAULT_DIR, LEX).get(theme_id)
    if theme.curation.get("status") in ("edited", "reviewed"):
        assert not misses(theme, checks, LEX), theme_id


def test_new_forms_in_an_edited_theme_send_it_back_to_draft(tmp_path: Path) -> None:
    for path in DEFAULT_DIR.glob("*.json"):
        shutil.copy(path, tmp_path / path.name)
    path = tmp_path / "familia.json"
    data = _data(path)
    assert data["curation"]["status"] == "edited"
    data["layers"]["related"].append("boneco")  # a new base: its forms are undecided
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    counts = fill_forms(path, LEX, COMMON, library_words(tmp_path))
    assert counts["machine"] > 0 and counts.get("reopened") == 1
    data = _data(path)
    assert data["curation"]["status"] == "draft"
    parse_theme(data, LEX)  # still a valid theme file


def test_a_form_decided_the_other_way_in_another_theme_needs_a_note(tmp_path: Path) -> None:
    for path in DEFAULT_DIR.glob("*.json"):
        shutil.copy(path, tmp_path / path.name)
    casa = tmp_path / "casa.json"
    assert all(f.handled for f in audit(casa, LEX, COMMON) if f.word == "pratinho")
    decide_forms(casa, LEX, [("prato", "pratinho", False)])  # cozinha-brasileira accepts it
    flag = next(f for f in audit(casa, LEX, COMMON) if f.word == "pratinho")
    assert "cozinha-brasileira" in flag.reason and flag.handled is None
    cozinha = next(f for f in audit(tmp_path / "cozinha-brasileira.json", LEX, COMMON)
                   if f.word == "pratinho" and "casa" in f.reason)
    assert cozinha.handled is None
    data = _data(casa)
    data["notes"]["pratinho"] = "prato aqui é outro"
    casa.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    assert next(f.handled for f in audit(casa, LEX, COMMON) if f.word == "pratinho") == \
        "prato aqui é outro"


def test_the_hand_check_summary_counts_one_rounds_verdicts(tmp_path: Path) -> None:
    from tools.theme_sample import FIELDS, summary

    round_dir = tmp_path / "round-9"
    round_dir.mkdir()
    rows = ["\t".join(FIELDS), "gato\tgatos\tsim\teditor\tcerto\t",
            "gato\tgata\tnão\teditor\terrado\té o feminino", "gato\tgatão\tnão\teditor\t\t"]
    (round_dir / "animais.tsv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    assert summary(round_dir) == {"animais": (1, 2)}  # the unjudged row is not counted
