"""Look-alikes: a very common word that scores in a theme through another word (VISTO as the
visa, FAÇA as FACA) needs an editor's named decision; ``fora`` keeps it Frio there.

Also the everyday words the library must score (or must not) after the last sweep."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from engine.lexicon import Lexicon, fold
from engine.lexicon.common_words import CommonWords
from engine.rules import Band
from engine.themes import DEFAULT_DIR, ThemeCatalog, ThemeError, parse_theme
from tools.curator import check_file, format_reports
from tools.theme_lookalikes import lookalikes, undecided

LEX = Lexicon.default()
COMMON = CommonWords.default()
SMALL: dict[str, Any] = {
    "id": "teste",
    "name": "Teste",
    "description": "Um tema pequeno para os testes.",
    "layers": {"core": ["visto", "faca", "gol"], "related": ["camisa", "passeio"],
               "distant": ["azul"]},
    "forms": {"camisa": {"accepted": ["camisas"], "rejected": []}},
    "curation": {"curated_by": "testes", "status": "draft", "reviewed_by": None,
                 "reviewed_on": None},
}


def decided(**decisions: str) -> dict[str, Any]:
    data = copy.deepcopy(SMALL)
    data["lookalikes"] = {word: {"decision": d, "by": "Equipe", "why": "um motivo"}
                          for word, d in decisions.items()}
    return data


def test_a_common_word_read_as_another_is_a_lookalike() -> None:
    found = {a.word: a for a in lookalikes(SMALL, LEX, COMMON)}
    assert set(found) == {"VISTO", "FACA"}  # GOL, CAMISA, AZUL, PASSEIO are just themselves
    assert "ver" in found["VISTO"].reasons[0]  # a form of VER
    assert any("faça" in r for r in found["FACA"].reasons)  # the board shows FAÇA
    assert all(a.decision is None for a in found.values())
    assert {a.word for a in lookalikes(SMALL, LEX, COMMON, top=600)} == {"VISTO"}


def test_a_decision_is_read_and_fora_keeps_the_word_frio() -> None:
    data = decided(visto="fora", faca="mantém")
    found = {a.word: a for a in lookalikes(data, LEX, COMMON)}
    assert found["VISTO"].decision == "fora" and found["FACA"].decision == "mantém"
    assert not undecided(list(found.values()))
    theme = parse_theme(data, LEX)
    assert theme.band_of("VISTO", LEX) == (Band.FRIO, None)
    assert theme.band_of("FACA", LEX) == (Band.ESCALDANTE, "FACA")
    assert "VISTO" not in (theme.words(LEX) or ())


def test_a_decision_the_rule_does_not_ask_for_is_kept_and_listed() -> None:
    found = lookalikes(decided(gol="mantém"), LEX, COMMON)
    assert [(a.word, a.rank) for a in found if a.word == "GOL"] == [("GOL", None)]


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ({"decision": "talvez", "by": "Equipe", "why": "x"}, "use mantém ou fora"),
        ({"decision": "fora", "why": "x"}, "diga quem decidiu"),
        ({"decision": "fora", "by": "Equipe", "why": ""}, "diga por quê"),
        ({"decision": "fora", "by": "Equipe", "why": "x", "quando": "hoje"},
         "use decision, by e why"),
        ("fora", "use decision, by e why"),
    ],
)
def test_a_bad_decision_is_refused_in_portuguese(entry: object, message: str) -> None:
    data = copy.deepcopy(SMALL)
    data["lookalikes"] = {"visto": entry}
    with pytest.raises(ThemeError) as caught:
        parse_theme(data, LEX)
    assert "lookalikes.visto" in caught.value.message and message in caught.value.message


def test_a_decision_on_a_word_that_takes_no_band_is_refused() -> None:
    with pytest.raises(ThemeError, match="não ganha faixa neste tema"):
        parse_theme(decided(casa="fora"), LEX)
    with pytest.raises(ThemeError, match="lookalikes: palavra"):
        parse_theme({**SMALL, "lookalikes": ["visto"]}, LEX)


def test_check_lists_lookalikes_and_fails_on_an_undecided_one(tmp_path: Path) -> None:
    path = tmp_path / "teste.json"
    path.write_text(json.dumps(SMALL, ensure_ascii=False), encoding="utf-8")
    report = check_file(path, LEX)
    assert not report.ok and any("“visto”" in p for p in report.problems)
    assert any(line.startswith("VISTO") and "SEM DECISÃO" in line for line in report.lookalikes)
    path.write_text(json.dumps(decided(visto="fora", faca="mantém"), ensure_ascii=False),
                    encoding="utf-8")
    report = check_file(path, LEX)
    assert not any("lookalikes" in p for p in report.problems)
    assert "parecida: VISTO" in format_reports([report]) and "fora (Equipe" in \
        format_reports([report])


THEMES = sorted(p.stem for p in DEFAULT_DIR.glob("*.json"))


@pytest.mark.parametrize("theme_id", THEMES)
def test_every_lookalike_of_the_library_is_decided(theme_id: str) -> None:
    data = json.loads((DEFAULT_DIR / f"{theme_id}.json").read_text(encoding="utf-8"))
    found = lookalikes(data, LEX, COMMON)
    assert not undecided(found), [a.word for a in undecided(found)]
    theme = ThemeCatalog.load(DEFAULT_DIR, LEX).get(theme_id)
    for a in found:
        if a.decision == "fora":
            assert theme.band_of(a.word, LEX)[0] == Band.FRIO, a.word


CATALOG = ThemeCatalog.load(DEFAULT_DIR, LEX)


@pytest.mark.parametrize(
    ("theme_id", "word", "band"),
    [
        ("familia", "MULHER", Band.ESCALDANTE),
        ("familia", "TATARANETO", Band.ESCALDANTE),
        *[("futebol", w, Band.QUENTE)
          for w in ("JOGAR", "GANHAR", "PERDER", "EMPATAR", "VIRADA", "CARRINHO")],
        ("viagem", "PASSAGEIRO", Band.ESCALDANTE),
        ("viagem", "VOLTA", Band.QUENTE),
        ("viagem", "VISTO", Band.ESCALDANTE),  # decided: mantém
        ("cozinha-brasileira", "COMIDA", Band.ESCALDANTE),
        ("cozinha-brasileira", "SOPA", Band.QUENTE),
        ("cozinha-brasileira", "PIPOCA", Band.QUENTE),
        ("cozinha-brasileira", "COUVINHA", Band.QUENTE),
        ("cozinha-brasileira", "ALHA", Band.FRIO),
        ("ciencia", "EXPERIMENTAR", Band.QUENTE),
        ("ciencia", "OBSERVAR", Band.QUENTE),
        ("ciencia", "SABIA", Band.FRIO),
        ("roupas", "LA", Band.FRIO),  # lã, decided fora: LA is almost always “lá”
        ("profissoes", "MUSICA", Band.FRIO),
    ],
)
def test_the_everyday_words_land_where_a_player_expects(theme_id: str, word: str,
                                                        band: Band) -> None:
    assert CATALOG.get(theme_id).band_of(fold(word), LEX)[0] == band
