"""Forms the dictionary lacks, filled from the grammar where evidence shows they are words
(tools/lexicon_build/gaps.py): a small expansion and made-up frequencies."""

from __future__ import annotations

from tools.lexicon_build.expand import BASE, DEGREE, ENTRY
from tools.lexicon_build.gaps import Gaps

DERIVATIONS = {
    "salsicha": [("salsicha", ENTRY)], "salsichas": [("salsicha", BASE)],
    "tranquilo": [("tranquilo", ENTRY)], "rico": [("rico", ENTRY)], "feliz": [("feliz", ENTRY)],
    "amável": [("amável", ENTRY)], "golfe": [("golfe", ENTRY)], "tudo": [("tudo", ENTRY)],
    "irracional": [("irracional", ENTRY)], "helena": [("helena", ENTRY)],
    "cantor": [("cantor", ENTRY)], "cantora": [("cantor", BASE)],
    "chutar": [("chutar", ENTRY)], "vídeo": [("vídeo", ENTRY)], "vídeos": [("vídeo", BASE)],
    "pardal": [("pardal", ENTRY)],
}
ZIPF = {"salsicha": 3.4, "salsichinha": 1.6, "salsichinhas": 1.2, "tranquilo": 4.5,
        "tranquilíssimo": 1.8, "riquíssima": 1.5, "rico": 4.6, "felicíssimos": 1.1,
        "feliz": 5.0, "amabilíssimo": 1.0, "amável": 3.6, "golfe": 3.5, "golfinha": 1.5,
        "tudo": 6.0, "tudos": 2.5, "irracional": 3.3, "irracionais": 2.8, "helena": 4.0,
        "heleninha": 2.0, "chutar": 3.5, "chutarzinho": 1.1, "videos": 3.0, "vídeo": 4.5,
        "pardal": 3.0, "pardalinha": 1.1}
LEMMAS = {"irracionais": "irracional", "tudos": "tudos"}
VERBS = {"chutar"}


def filled(theme_forms: dict[str, str] | None = None) -> dict[str, list[tuple[str, str]]]:
    gaps = Gaps(ZIPF, theme_forms or {}, frozenset({"HELENA"}),
                lambda w: all(lemma not in VERBS for lemma, _ in DERIVATIONS.get(w, ())),
                lambda w: LEMMAS.get(w, w))
    return gaps.fill(DERIVATIONS, sorted(DERIVATIONS))


def test_an_attested_diminutive_of_a_common_word_is_filled() -> None:
    found = filled()
    assert found["salsichinha"] == [("salsicha", BASE)]
    assert "salsichinhas" in found


def test_an_attested_superlative_leads_back_to_its_adjective() -> None:
    found = filled()
    assert found["tranquilíssimo"] == [("tranquilo", DEGREE)]
    assert found["riquíssima"] == [("rico", DEGREE)]
    assert found["felicíssimos"] == [("feliz", DEGREE)]
    assert found["amabilíssimo"] == [("amável", DEGREE)]


def test_a_plural_needs_the_lemma_list_to_agree() -> None:
    found = filled()
    assert found["irracionais"] == [("irracional", BASE)]
    assert "tudos" not in found  # a corpus writes it; no grammar of Portuguese does


def test_names_verbs_accents_and_uncertain_genders_fill_nothing() -> None:
    found = filled()
    assert "heleninha" not in found  # HELENA is frequent only as a name
    assert "chutarzinho" not in found  # no diminutive of a verb
    assert "videos" not in found  # VÍDEOS is there already, with its accent
    assert "golfinha" not in found  # GOLFE does not tell the gender, and one use is too few
    assert "pardalinha" not in found  # no feminine PARDALA to make it from


def test_a_form_a_theme_accepts_is_filled_when_the_grammar_makes_it() -> None:
    found = filled({"cantorinha": "cantora", "anzoles": "anzol"})
    assert found["cantorinha"] == [("cantora", BASE)]
    assert "anzoles" not in found  # the grammar's plural of ANZOL is ANZÓIS
