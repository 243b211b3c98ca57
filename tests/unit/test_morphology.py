"""The build's bases and roots: plural, feminine and diminutive only, each checked.

A small dictionary stands in for VERO's expansion, so each check of
``tools/lexicon_build/morphology.py`` is seen on its own: the grammar proposes, the dictionary,
the lemma list, the frequencies and the reviewed lists dispose.
"""

from __future__ import annotations

from collections.abc import Mapping

from tools.lexicon_build.build import fold_portuguese
from tools.lexicon_build.morphology import Morphology, Sources

# written form → (dictionary word it is made from, kind): E entry, B inflection
DERIVATIONS: Mapping[str, list[tuple[str, str]]] = {
    "bola": [("bolar", "B")], "bolas": [("bolar", "B")], "bolar": [("bolar", "E")],
    "bolo": [("bolo", "E"), ("bolar", "B")], "bolinha": [("bolinho", "B")],
    "bolinho": [("bolinho", "E")], "bolinhas": [("bolinho", "B")],
    "fruta": [("fruto", "B"), ("frutar", "B")], "fruto": [("fruto", "E")],
    "frutar": [("frutar", "E")],
    "gata": [("gato", "B"), ("gatar", "B")], "gato": [("gato", "E")],
    "gatinhas": [("gato", "B")], "gatinha": [("gato", "B")], "gatar": [("gatar", "E")],
    "menina": [("menino", "B")], "menino": [("menino", "E")], "meninas": [("menino", "B")],
    "lindo": [("lindo", "E")], "linda": [("lindo", "B")],
    "mão": [("mão", "E")], "mãos": [("mão", "B")], "mãe": [("mãe", "E")],
    "mães": [("mãe", "B")],
    "amar": [("amar", "E")], "amara": [("amar", "B")], "amaras": [("amar", "B")],
    "mata": [("matar", "B"), ("mato", "B")], "mato": [("mato", "E"), ("matar", "B")],
    "matar": [("matar", "E")],
    "canta": [("cantar", "B")], "cantas": [("cantar", "B")], "cantar": [("cantar", "E")],
    "sarda": [("sarda", "E")], "sardinha": [("sarda", "B")],
    "casa": [("casar", "B")], "casinha": [("casar", "B")], "casar": [("casar", "E")],
    "professor": [("professor", "E")], "professora": [("professorar", "B")],
    "professorar": [("professorar", "E")],
    "era": [("era", "E")], "ser": [("ser", "E")],
    "app": [("app", "E")], "apps": [("app", "B")],
}
LEMMAS = {"bola": "bola", "bolinha": "bola", "menina": "menino", "fruta": "frutar",
          "gata": "gatar", "casa": "casa", "mata": "matar", "canta": "cantar",
          "cantas": "cantar", "amara": "amar", "era": "ser", "professora": "professorar"}
FREQUENCY = {"SARDINHA": 3e-6, "SARDA": 3e-7, "CASINHA": 5e-6, "CASA": 1e-3,
             "BOLINHA": 3e-6, "BOLA": 8e-5}
VERBS = frozenset({"bolar", "frutar", "gatar", "amar", "matar", "cantar", "casar", "ser",
                   "professorar"})


def morphology(feminines: Mapping[tuple[str, str], bool] | None = None) -> Morphology:
    spellings: dict[str, list[str]] = {}
    for written in DERIVATIONS:
        spellings.setdefault(fold_portuguese(written), []).append(written)

    def lemmatise(word: str) -> tuple[str, bool]:
        return (LEMMAS[word], True) if word in LEMMAS else (word, False)

    sources = Sources(
        lemmatise=lemmatise, verbs=VERBS, adjectives=frozenset({"lindo"}),
        irregular_verbs=frozenset({"ser"}), own_words=frozenset({"FRUTA", "BOLINHO"}),
        feminines=feminines if feminines is not None else {("gata", "gato"): True},
        declared={"apps": "app"})
    found = Morphology(derivations=DERIVATIONS, spellings=spellings, fold=fold_portuguese,
                       frequency=lambda w: FREQUENCY.get(w, 1e-6), sources=sources)
    found.add_edges(sorted(DERIVATIONS))
    return found


def test_plurals_feminines_and_diminutives_count_as_their_word() -> None:
    m = morphology()
    assert m.bases("BOLINHA") == ("BOLA",)
    assert m.bases("CASINHA") == ("CASA",)
    assert m.bases("MENINA") == ("MENINO",)  # the lemma list agrees
    assert m.bases("LINDA") == ("LINDO",)  # an adjective the dictionary inflects
    assert m.bases("PROFESSORA") == ("PROFESSOR",)  # an agent noun
    assert set(m.bases("MENINAS")) == {"MENINA", "MENINO"}
    assert set(m.bases("GATINHAS")) == {"GATINHA", "GATA", "GATO"}  # the team's decision
    assert m.bases("MAOS") == ("MAO",)
    assert m.bases("APPS") == ("APP",)  # the supplement declares it


def test_look_alikes_are_words_of_their_own() -> None:
    m = morphology()
    assert m.bases("FRUTA") == ()  # the reviewed list of words of their own
    assert m.bases("BOLINHO") == ()
    assert m.bases("BOLA") == ()  # BOLA is no feminine of BOLO
    assert "BOLINHO" not in m.bases("BOLINHA")
    assert m.bases("MAES") == ("MAE",)  # MÃES is no plural of MÃO
    assert m.bases("SARDINHA") == ()  # more common than SARDA: a word of its own
    assert m.bases("MATA") == ()  # no lemma list, adjective or decision says MATO


def test_without_a_second_source_a_feminine_does_not_count() -> None:
    assert morphology(feminines={}).bases("GATA") == ()
    assert morphology(feminines={("linda", "lindo"): False}).bases("LINDA") == ()


def test_conjugations_are_no_bases_but_their_verbs() -> None:
    m = morphology()
    assert m.bases("AMARA") == () and m.verbs("AMARA") == ("AMAR",)
    assert m.bases("CANTAS") == ()  # CANTA is only a verb form: no plural of it
    assert m.verbs("CANTAS") == ("CANTAR",)
    assert m.only_conjugation("canta") and not m.only_conjugation("bola")


def test_every_verb_a_word_spells_is_recorded_nouns_included() -> None:
    # MATA is the forest and "ele mata"; BOLAS is BOLA's plural and "tu bolas": the verbs are
    # recorded (a theme holding MATAR scores MATA as it), the roots stay apart (MATA is no
    # MATO through MATAR), and suppletive forms join their verb (ERA: SER)
    m = morphology()
    assert m.verbs("MATA") == ("MATAR",) and m.verbs("BOLAS") == ("BOLAR",)
    assert m.verbs("ERA") == ("SER",)
    assert m.verbs("AMAR") == () and m.verbs("MENINA") == ()


def test_roots_join_forms_and_conjugations_but_not_look_alikes() -> None:
    m = morphology()
    assert m.roots("BOLINHA") == ["BOLA"]
    assert set(m.roots("BOLINHO")).isdisjoint(m.roots("BOLINHA"))
    assert "AMAR" in m.roots("AMARA") and "AMAR" in m.roots("AMARAS")
    assert m.roots("AMAR") == ["AMAR"]
    assert set(m.roots("MATA")).isdisjoint(m.roots("MATO"))  # not through MATAR
    assert set(m.roots("BOLA")).isdisjoint(m.roots("BOLO"))  # not through BOLAR
    assert "GATO" in m.roots("GATINHAS")
    assert "SER" in m.roots("ERA")  # a suppletive form joins its verb
