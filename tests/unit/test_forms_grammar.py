"""The forms a theme word has, as a grammarian would list them, and the machine's first
decision on each: what counts as the base, what is a word of its own, what an editor must see.
"""

from __future__ import annotations

import pytest

from engine.lexicon import Lexicon
from engine.lexicon.common_words import CommonWords
from tools.forms.decide import decide
from tools.forms.grammar import diminutives, feminines, inflections, plurals

LEX = Lexicon.default()
COMMON = CommonWords.default()


@pytest.mark.parametrize(("word", "expected"), [
    ("casa", {"casas"}), ("café", {"cafés"}), ("pai", {"pais"}), ("homem", {"homens"}),
    ("papel", {"papéis"}), ("nível", {"níveis"}), ("anzol", {"anzóis"}),
    ("fuzil", {"fuzis"}), ("fóssil", {"fósseis"}), ("animal", {"animais"}),
    ("flor", {"flores"}), ("luz", {"luzes"}), ("mês", {"meses"}), ("país", {"países"}),
    ("lápis", set()), ("ônibus", set()), ("tórax", set()),
    ("mão", {"mãos", "mães", "mões"}),  # -ão: all three; the dictionary picks
])
def test_plurals_follow_the_ending_and_the_stress(word: str, expected: set[str]) -> None:
    assert plurals(word) == expected


@pytest.mark.parametrize(("word", "expected"), [
    ("filho", {"filha"}), ("professor", {"professora"}), ("freguês", {"freguesa"}),
    ("europeu", {"europeia"}), ("ator", {"atriz"}), ("rei", {"rainha"}),
    ("príncipe", {"princesa"}), ("galo", {"galinha"}), ("leão", {"leã", "leoa", "leona"}),
    ("flor", set()), ("amor", set()), ("mês", set()),  # no -ora for FLOR, no MESA for MÊS
])
def test_feminines_regular_and_irregular(word: str, expected: set[str]) -> None:
    assert feminines(word) == expected


@pytest.mark.parametrize(("word", "some"), [
    ("casa", {"casinha", "casinhas"}), ("gato", {"gatinho", "gatinhos"}),
    ("pássaro", {"passarinho"}), ("barco", {"barquinho"}), ("amigo", {"amiguinho"}),
    ("moço", {"mocinho"}), ("café", {"cafezinho"}), ("pão", {"pãozinho", "pãezinhos"}),
    ("flor", {"florzinha", "florinha", "florezinhas"}), ("mãe", {"mãezinha"}),
])
def test_diminutives_with_their_spelling_changes(word: str, some: set[str]) -> None:
    assert some <= set(diminutives(word))


def test_a_diminutive_follows_the_words_gender() -> None:
    assert "casinho" not in diminutives("casa") and "gatinha" not in diminutives("gato")
    assert "gatinha" in inflections("gato")  # through its feminine, GATA


def _verdicts(base: str) -> dict[str, bool]:
    return {d.form: d.counts for d in decide(base, LEX, COMMON, {})}


@pytest.mark.parametrize(("base", "form", "counts"), [
    ("filho", "filha", True),  # the dictionary reads FILHA only as a form of FILHAR
    ("professor", "professora", True),
    ("pássaro", "passarinho", True),
    ("junino", "junina", True),
    ("rei", "rainha", True),
    ("mão", "mãos", True),
    ("mão", "mães", False),  # the plural of MÃE, not of MÃO
    ("pão", "pães", True),
    ("pão", "pões", False),
    ("cão", "cães", True),
    ("cão", "caos", False),
    ("cão", "coes", False),
    ("fruto", "fruta", False),  # a word of its own
    ("coxa", "coxinha", False),
    ("barco", "barca", False),
    ("barco", "barquinho", True),
    ("chão", "chá", False),  # accent folding: CHÃ would be shown as CHÁ
])
def test_the_machines_decision_on_a_form(base: str, form: str, counts: bool) -> None:
    assert _verdicts(base)[form] is counts


def test_forms_made_from_a_refused_feminine_do_not_count() -> None:
    verdicts = _verdicts("barco")
    assert verdicts["barcas"] is False and verdicts["barquinha"] is False


def test_a_verbs_conjugations_are_never_candidates() -> None:
    # DEVE, DEVEMOS, DEVIA and DEVERES ("se tu deveres") are DEVER's conjugations: they count
    # as DEVER by the rules, so a table has nothing to decide of them (a theme where DEVER is
    # the homework says "conjugations": false and accepts DEVERES by hand)
    assert _verdicts("dever") == {}


def test_a_form_another_theme_uses_as_its_own_word_is_flagged() -> None:
    flagged = {d.form: d for d in decide("fruto", LEX, COMMON, {"FRUTA": {"natureza"}})}
    assert not flagged["fruta"].counts and flagged["fruta"].flagged
    assert "natureza" in flagged["fruta"].reason
