"""The known words: what the master bot and the review may offer (tools/lexicon_build/known.py).

The rule on a small lexicon with made-up frequencies, and the shipped graph against the rule's
promises on the real one: theme words in, the junk of the dictionary out.
"""

from __future__ import annotations

from engine.bots.vocabulary import known_words_graph
from engine.lexicon import Lexicon
from engine.lexicon.artifact import WordData, encode_artifact
from engine.match import Resources
from tools.lexicon_build import forms
from tools.lexicon_build.known import known_words, vos_form

TABLE = {
    "ABRANGER": WordData("abranger", ["ABRANGER"], []),
    "ABRANGERAMOS": WordData("abrangêramos", ["ABRANGER"], [], ["ABRANGER"]),
    "ABRANGEU": WordData("abrangeu", ["ABRANGER"], [], ["ABRANGER"]),
    "AVATAR": WordData("avatar", ["AVATAR"], []),
    "AVATARES": WordData("avatares", ["AVATAR"], ["AVATAR"]),
    "AVATEM": WordData("avatem", ["AVATAR"], [], ["AVATAR"]),
    "ABRANGESTES": WordData("abrangestes", ["ABRANGER"], [], ["ABRANGER"]),
    "ABRANGERDES": WordData("abrangerdes", ["ABRANGER"], [], ["ABRANGER"]),
    "QUITAR": WordData("quitar", ["QUITAR"], []),
    "QUITASTES": WordData("quitastes", ["QUITAR"], [], ["QUITAR"]),
    "QUITOU": WordData("quitou", ["QUITAR"], [], ["QUITAR"]),
    "CASA": WordData("casa", ["CASA"], []),
    "CASAS": WordData("casas", ["CASA"], ["CASA"]),
    "CASINHA": WordData("casinha", ["CASA"], ["CASA"]),
    "EDUCACAO": WordData("educação", ["EDUCACAO"], []),
    "EDUCACOEZINHAS": WordData("educaçõezinhas", ["EDUCACAO"], ["EDUCACAO"]),
    "CODEAR": WordData("codear", ["CODEAR"], []),
    "CODEAVAMOS": WordData("codeávamos", ["CODEAR"], [], ["CODEAR"]),
    "MANUEL": WordData("manuel", ["MANUEL"], []),
    "QUITUTE": WordData("quitute", ["QUITUTE"], []),
}
ZIPF = {"ABRANGER": 3.1, "ABRANGEU": 1.5, "AVATAR": 3.5, "AVATARES": 2.5, "CASA": 5.8,
        "CASINHA": 3.0, "EDUCACAO": 4.9, "MANUEL": 4.5}


def test_the_rule_on_a_small_lexicon() -> None:
    artifact = encode_artifact(TABLE, {})
    lexicon = Lexicon.from_bytes(artifact, forms.build(Lexicon.from_bytes(artifact)))
    known = known_words(lexicon, lambda w: ZIPF.get(w, 0.0), frozenset({"MANUEL"}),
                        {"QUITUTE", "QUITAR", "QUITOU", "QUITASTES"})
    assert known == ["ABRANGER", "ABRANGERAMOS", "ABRANGEU", "AVATAR", "AVATARES", "CASA",
                     "CASAS", "CASINHA", "EDUCACAO", "QUITAR", "QUITOU", "QUITUTE"]
    # EDUCAÇÕEZINHAS: a diminutive no one writes; CODEÁVAMOS: of a verb no one writes;
    # AVATEM: of a verb only a noun spells (no form of AVATAR as a verb is written);
    # ABRANGESTES, ABRANGERDES, QUITASTES: the "vós" person, unwritten (QUITASTES though a
    # theme verb's form);
    # MANUEL: frequent as a name only


def test_the_shipped_graph_holds_the_theme_words_and_leaves_the_junk_out() -> None:
    res = Resources.default()
    known = known_words_graph()
    for theme_id in ("futebol", "familia", "cozinha-brasileira"):
        words = res.themes.get(theme_id).words(res.lexicon) or frozenset()
        offered = {w for w in words if not any(vos_form(w, v) for v in res.lexicon.verbs(w))}
        assert offered and all(w in known for w in offered), theme_id
    for word in ("CHUTOU", "ABRANGERAMOS", "CASINHA", "AREIA", "FIZERAM", "AMAVEIS", "FOSTES"):
        assert word in known, word
    for word in ("ACAVEIRADAS", "DESCAVEIRAM", "QUADRASTES", "CIFOSE", "CAMAPU", "OOGEMA",
                 "PILEELA", "ATANAZAIS", "CODEAVAMOS", "MANUEL", "AVATEM", "SAUDEEM",
                 "SAUDEU", "INTEIRASTES", "COLAIS", "RUMARDES", "COIBISSEIS"):
        assert word not in known, word
