"""The machine's first decision on every word that might count as a theme's base word.

The candidates for a base are the forms :mod:`tools.forms.grammar` proposes that the dictionary
has, and the words the lexicon itself counts as the base. Each gets a decision (counts or not)
with the reason, so that the editor reads the machine's argument, and a form the machine is
unsure of is *flagged*: rejected until an editor says otherwise, never accepted silently.

A form is flagged when:

- it is on the reviewed list of words of their own (``own_words.txt``: FRUTA, MATA, COPA…);
- it is itself a word of some theme's layers (the library already treats it as its own word);
- it is much more common than the base (a form is rarer than its word: SARDINHA ≫ SARDA);
- the lexicon reads it as a form of another noun;
- the game would show it with another spelling (accent folding: CHÃ is shown as CHÁ).

Plurals of -ão and the feminines of -ão need the dictionary's agreement (MÃOS is the plural of
MÃO, MÃES is not); words the lexicon alone relates to the base (conjugations: DEVE for DEVER;
gender pairs the grammar does not make: FLORA for FLOR) are rejected, since the rules count
only plurals, feminines and diminutives.
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from pathlib import Path

from engine.lexicon import Lexicon, fold
from engine.lexicon.common_words import CommonWords
from engine.themes import read_word_list, sensitive_words
from tools.forms.grammar import DIMINUTIVE, FEMININE, PLURAL, inflections

OWN_WORDS_PATH = Path(__file__).with_name("own_words.txt")
_VERB_ENDINGS = ("AR", "ER", "IR", "OR")


@dataclass(frozen=True)
class Decision:
    form: str  # the written spelling (as the game displays it)
    folded: str
    kind: str  # plural, feminino, …; "dicionário" for a word only the lexicon relates
    counts: bool
    reason: str
    flagged: bool = False


@functools.cache
def own_words(path: Path = OWN_WORDS_PATH) -> frozenset[str]:
    """The reviewed words of their own, folded."""
    return read_word_list(path.read_text(encoding="utf-8"))


#: the library's sensitive words, read once (every candidate form is checked against them)
sensitive = functools.cache(sensitive_words)


def _is_verb(word: str, lexicon: Lexicon) -> bool:
    return word.endswith(_VERB_ENDINGS) and word in lexicon


def _flags(folded: str, spelled: str, related: Collection[str], lexicon: Lexicon,
           common: CommonWords, library: Mapping[str, Collection[str]], base: str,
           plural: bool = False) -> list[str]:
    """Why a form might be a word of its own (``related``: the base and its other forms). A
    regular plural of the base is only checked against the lists and its spelling: plurals
    are often more common than their singular (OLHOS, COSTAS) and the dictionary files many
    under a verb too."""
    flags = []
    if folded in sensitive():
        flags.append("palavra sensível (themes/sensitive.txt): nunca ganha faixa")
    if folded in own_words():
        flags.append("palavra com sentido próprio (lista revisada)")
    if plural:
        shown = lexicon.display(folded)
        if shown is not None and shown != spelled:
            flags.append(f"o jogo a mostra como “{shown}”")
        return flags
    themes = library.get(folded)
    if themes:
        flags.append(f"é palavra das camadas de {', '.join(sorted(themes))}")
    rank, base_rank = common.rank(folded), common.rank(base)
    if rank is not None and (rank * 2 < base_rank if base_rank is not None else rank < 5000):
        flags.append(f"mais comum que a base (posição {rank} contra "
                     f"{base_rank if base_rank is not None else 'nenhuma'})")
    others = [b for b in lexicon.bases(folded)
              if b not in related and not _is_verb(b, lexicon)]
    if others:
        flags.append(f"o dicionário a lê como forma de {', '.join(o.lower() for o in others)}")
    shown = lexicon.display(folded)
    if shown is not None and shown != spelled:
        flags.append(f"o jogo a mostra como “{shown}”")
    return flags


def _skip_lexicon_only(folded: str, base: str, lexicon: Lexicon) -> bool:
    """Words the lexicon relates to the base that are not worth an editor's time: the
    conjugations of a verb, superlatives and adverbs (none of them ever counts)."""
    return _is_verb(base, lexicon) or folded.endswith(
        ("ISSIMO", "ISSIMA", "ISSIMOS", "ISSIMAS", "MENTE"))


def decide(base: str, lexicon: Lexicon, common: CommonWords,
           library: Mapping[str, Collection[str]], layers: Collection[str] = ()) -> list[Decision]:
    """Every candidate form of the written ``base`` with the machine's decision.

    ``library``: folded layer word → the themes whose layers hold it; ``layers``: the folded
    words of this theme's own layers (they are entries of their own and get no pairing).
    A form made from a feminine (GATAS, GATINHA from GATA) counts only if that feminine does.
    """
    folded_base = fold(base)
    made = inflections(base)
    related = {folded_base} | {fold(f) for f in made}
    others = {w: t for w, t in library.items() if w != folded_base}
    out: list[Decision] = []
    seen = {folded_base, *layers}
    verdict: dict[str, bool] = {base: True}  # by written source

    def depth(form: str) -> int:  # what a form is made from is decided before it
        steps = 0
        while form in made and steps < 5:
            form, steps = made[form][1], steps + 1
        return steps

    for spelled, (kind, source) in sorted(made.items(), key=lambda i: (depth(i[0]), i[0])):
        folded = fold(spelled)
        if folded in seen or folded not in lexicon or folded_base in lexicon.verbs(folded):
            # no word; or a conjugation of a verb base (CHUTARES of CHUTAR), which counts as
            # its verb by the rules, whatever a table says: nothing to decide
            verdict.setdefault(spelled, False)
            continue
        seen.add(folded)
        shown = lexicon.display(folded) or spelled
        flags = _flags(folded, spelled, related, lexicon, common, others, folded_base,
                       plural=kind == PLURAL and source == base)
        if kind == DIMINUTIVE and not base.endswith(("o", "a")) and \
                folded_base not in lexicon.bases(folded):
            flags.append(f"gênero incerto: o dicionário não a liga a {base}")
        if not verdict.get(source, False):
            decision = Decision(shown, folded, kind, False,
                                f"feita de “{source}”, que não conta como {base}")
        elif base.endswith("ão") and source == base and kind in (PLURAL, FEMININE):
            agrees = folded_base in lexicon.bases(folded) and not flags
            reason = (f"{kind} que o dicionário dá a {base}" if agrees else
                      "sinalizada: " + "; ".join(flags) if flags else
                      f"o dicionário não a dá como {kind} de {base}")
            decision = Decision(shown, folded, kind, agrees, reason, flagged=bool(flags))
        elif flags:
            decision = Decision(shown, folded, kind, False, "sinalizada: " + "; ".join(flags),
                                flagged=True)
        else:
            decision = Decision(shown, folded, kind, True, f"{kind} regular de {base}")
        verdict[spelled] = decision.counts
        out.append(decision)
    if lexicon.has_forms:
        for folded in sorted(set(lexicon.forms(folded_base)) - seen):
            if _skip_lexicon_only(folded, folded_base, lexicon):
                continue
            shown = lexicon.display(folded) or folded.lower()
            plural = folded == folded_base + "S" or (
                folded == folded_base + "ES" and folded_base[-1] in "RZSL")
            out.append(Decision(shown, folded, PLURAL if plural else "dicionário", plural,
                                f"plural de {base} registrado no dicionário" if plural else
                                f"o dicionário a liga a {base}, mas a gramática não a faz "
                                "plural, feminino nem diminutivo dela"))
            seen.add(folded)
    return sorted(out, key=lambda d: d.folded)
