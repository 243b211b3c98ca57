"""Theme files: the validator, the bundled themes, and the band a word lands in."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from engine.lexicon import Lexicon
from engine.rules import Band
from engine.themes import (
    DEFAULT_DIR,
    ThemeCatalog,
    ThemeError,
    UnknownThemeError,
    parse_theme,
    theme_name,
)
from tools.curator import MINIMUM

LEX = Lexicon.default()
GOOD: dict[str, Any] = {
    "id": "teste",
    "name": "Teste",
    "description": "Um tema pequeno para os testes.",
    "layers": {"core": ["bola", "gol"], "related": ["camisa"], "distant": ["azul"]},
    "forms": {"bola": {"accepted": ["bolas"], "rejected": ["bolo"]}},
    "curation": {"curated_by": "testes", "status": "draft", "reviewed_by": None,
                 "reviewed_on": None},
}


def broken(**changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(GOOD)
    for path, value in changes.items():
        target = data
        keys = path.split("__")
        for key in keys[:-1]:
            target = target[key]
        target[keys[-1]] = value
    return data


def test_a_good_theme_parses() -> None:
    theme = parse_theme(GOOD, LEX)
    assert theme.bands["BOLA"] == Band.ESCALDANTE and theme.bands["AZUL"] == Band.MORNO
    assert theme.accepted["BOLAS"] == ("BOLA",) and theme.rejected["BOLO"] == {"BOLA"}
    assert not theme.reviewed


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (broken(layers__core=["bola", "xyzzyq"]), "não está no dicionário"),
        (broken(layers__distant=["bola"]), "repete"),
        (broken(layers__related=[]), "vazia"),
        (broken(layers={"core": ["bola"]}), "core, related e distant"),
        (broken(id="Tema Com Espaço"), "id"),
        (broken(description=""), "description"),
        (broken(forms={"casa": {"accepted": ["casas"]}}), "não é uma palavra das camadas"),
        (broken(forms={"bola": {"accepted": ["bolas-"]}}), "não é uma palavra de letras"),
        (broken(curation__status="reviewed"), "revisor"),
        (broken(curation__reviewed_by="Alguém"), "só num tema revisado"),
        (broken(layers__core=["gol", "guarda-chuva"]), "não é uma palavra de letras"),
    ],
)
def test_faulty_themes_are_refused_with_a_clear_message(data: object, message: str) -> None:
    with pytest.raises(ThemeError) as caught:
        parse_theme(data, LEX)
    assert message in caught.value.message


def test_every_problem_is_reported_at_once() -> None:
    data = broken(layers__core=["xyzzyq"], description="")
    with pytest.raises(ThemeError) as caught:
        parse_theme(data, LEX)
    assert "dicionário" in caught.value.message and "description" in caught.value.message


def test_catalog_checks_file_names_and_json(tmp_path: Path) -> None:
    (tmp_path / "outro.json").write_text(json.dumps(GOOD), encoding="utf-8")
    with pytest.raises(ThemeError, match="difere"):
        ThemeCatalog.load(tmp_path, LEX)
    (tmp_path / "outro.json").write_text("{nope", encoding="utf-8")
    with pytest.raises(ThemeError, match="JSON"):
        ThemeCatalog.load(tmp_path, LEX)


def test_the_bundled_themes_are_valid_and_complete() -> None:
    catalog = ThemeCatalog.load(DEFAULT_DIR, LEX)
    assert len(catalog) >= 3
    for theme_id in catalog.ids():
        theme = catalog.get(theme_id)
        counts = {band: sum(1 for b in theme.bands.values() if b == band) for band in Band}
        assert counts[Band.ESCALDANTE] >= MINIMUM["core"]
        assert counts[Band.QUENTE] >= MINIMUM["related"]
        assert counts[Band.MORNO] >= MINIMUM["distant"]
        assert theme.description and len(theme.description) <= 120
        assert theme.curation["status"] in ("draft", "edited", "reviewed")


@pytest.mark.parametrize(
    ("theme_id", "word", "band", "matched"),
    [
        ("futebol", "GOL", Band.ESCALDANTE, "GOL"),
        ("futebol", "GOLS", Band.ESCALDANTE, "GOL"),
        ("futebol", "BOLINHAS", Band.ESCALDANTE, "BOLA"),
        ("futebol", "CHUTES", Band.ESCALDANTE, "CHUTE"),
        ("futebol", "GOLEIRA", Band.ESCALDANTE, "GOLEIRO"),
        ("futebol", "CAMISAS", Band.QUENTE, "CAMISA"),
        ("futebol", "BOLO", Band.FRIO, None),
        ("cozinha-brasileira", "FEIJOES", Band.ESCALDANTE, "FEIJAO"),
        ("mar-e-praia", "ONDAS", Band.ESCALDANTE, "ONDA"),
    ],
)
def test_band_of_plural_feminine_and_diminutive_plays(
    theme_id: str, word: str, band: Band, matched: str | None
) -> None:
    theme = ThemeCatalog.load(DEFAULT_DIR, LEX).get(theme_id)
    assert theme.band_of(word, LEX) == (band, matched)


def test_a_rejected_form_does_not_count_as_its_base() -> None:
    data = broken(forms={"bola": {"accepted": [], "rejected": ["bolas"]}})
    theme = parse_theme(data, LEX)
    assert theme.band_of("BOLAS", LEX) == (Band.FRIO, None)
    assert theme.band_of("BOLA", LEX) == (Band.ESCALDANTE, "BOLA")


def test_the_same_word_always_lands_in_the_same_band() -> None:
    theme = parse_theme(GOOD, LEX)
    assert {theme.band_of("BOLAS", LEX) for _ in range(5)} == {(Band.ESCALDANTE, "BOLA")}


def test_draws_can_be_restricted_to_reviewed_themes() -> None:
    every = ThemeCatalog.load(DEFAULT_DIR, LEX)
    reviewed = ThemeCatalog.load(DEFAULT_DIR, LEX, reviewed_only=True)
    assert every.drawable() == every.ids() and every.ids()
    assert reviewed.drawable() == [t for t in every.ids() if every.get(t).reviewed]
    assert len(reviewed) == len(every)  # a match on any valid theme still loads


def test_a_built_folder_is_read_lazily_and_gives_the_same_themes(tmp_path: Path) -> None:
    import shutil

    from engine.themes import INDEX_FILE, UnknownThemeError, write_index

    built = tmp_path / "themes"
    shutil.copytree(DEFAULT_DIR, built)
    write_index(built, LEX)
    full = ThemeCatalog.load(DEFAULT_DIR, LEX)
    lazy = ThemeCatalog.load(built, LEX)
    assert lazy._loaded == {}  # nothing parsed until asked
    assert lazy.ids() == full.ids() and lazy.ids(reviewed_only=True) == full.ids(
        reviewed_only=True)
    first = full.ids()[0]
    assert lazy.get(first) == full.get(first) and list(lazy._loaded) == [first]
    with pytest.raises(UnknownThemeError, match="não existe"):
        lazy.get("sem-tema")
    assert INDEX_FILE not in {p.name for p in DEFAULT_DIR.iterdir()}  # only the build writes it


def test_the_build_refuses_an_invalid_theme(tmp_path: Path) -> None:
    from engine.themes import write_index

    (tmp_path / "teste.json").write_text(json.dumps(broken(name="")), encoding="utf-8")
    with pytest.raises(ThemeError, match=r"teste\.json"):
        write_index(tmp_path, LEX)


def test_a_themes_name_is_read_from_its_file_alone() -> None:
    """What a match's public summary says of its theme: the name the full parse gives, read
    without the lexicon; an id that names no theme file is refused, never read."""
    catalog = ThemeCatalog.load(DEFAULT_DIR, LEX)
    for theme_id in catalog.ids():
        assert theme_name(theme_id) == catalog.get(theme_id).name, theme_id
    for bad in ("nao-existe", "../themes/animais", "Animais", "", "animais/"):
        with pytest.raises(UnknownThemeError):
            theme_name(bad)
