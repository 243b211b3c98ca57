"""Look-alikes: very common words that score in a theme through another word.

The board has no accents, and Portuguese has homographs, so a word a player writes in passing
can score as a theme word it only looks like: SABIA ("knew") as SÁBIA, FACA as FAÇA, VISTO
("seen") as the visa, METROS as the subway. A rare word doing this is harmless; a word among
the most frequent ones is played all the time, so the theme's editor must decide each knowingly.

A word that takes a band in a theme (a layer word or an accepted form, folded) is a
*look-alike* when its folded string is among the :data:`TOP` most frequent words and either

- the dictionary's spelling of it (what the board shows) differs from the theme's written
  spelling (bobó against bobo, sábia against sabia), or
- the dictionary reads it as a form of a word that is neither the theme base it matched nor
  the word itself (VISTO is a form of VER; FAÇA, folded FACA, of FAZER), or
- it scores as a conjugation of a layer verb but is a word of its own (PARTE, the noun, as
  a form of PARTIR in Viagem).

The decision lives in the theme's ``lookalikes`` (``mantém``: it keeps its band; ``fora``: it
never takes one there), validated by :func:`engine.themes.parse_theme`. ``vanlexis themes
check`` lists every look-alike with its decision and fails on an undecided one, so an edited
theme cannot ship one nobody looked at.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.lexicon import Lexicon, fold
from engine.lexicon.common_words import CommonWords
from engine.themes import LAYERS, parse_theme

#: how many of the most frequent words a look-alike is drawn from
TOP = 1000


@dataclass(frozen=True)
class LookAlike:
    word: str  # folded
    written: str  # the theme's spelling of it
    base: str  # the written theme word it scores as
    rank: int | None  # among the most frequent words (None: decided though not detected)
    reasons: tuple[str, ...]  # why it is a look-alike, in Portuguese
    decision: str | None  # "mantém", "fora", or None while undecided
    by: str | None
    why: str | None


def _spellings(data: Mapping[str, Any],
               lexicon: Lexicon) -> dict[str, dict[str, tuple[int, str, str]]]:
    """Folded word → folded base it scores as → (band weight, written word, written base): the
    layer words score as themselves, the accepted forms as their bases, the conjugations of
    a layer verb as the verb (unless the table rejects them)."""
    found: dict[str, dict[str, tuple[int, str, str]]] = {}
    weight = {layer: int(band) for layer, band in LAYERS.items()}
    layer_of = {fold(w): layer for layer in LAYERS for w in data["layers"][layer]}
    for layer in LAYERS:
        for word in data["layers"][layer]:
            found.setdefault(fold(word), {})[fold(word)] = (weight[layer], word, word)
    for base, entry in data.get("forms", {}).items():
        for form in entry.get("accepted", []):
            found.setdefault(fold(form), {}).setdefault(
                fold(base), (weight[layer_of[fold(base)]], form, base))
    if lexicon.has_forms:
        for layer in LAYERS:
            for verb in data["layers"][layer]:
                folded_verb = fold(verb)
                table = data.get("forms", {}).get(verb, {})
                if table.get("conjugations") is False:
                    continue  # a noun here (DEVER in Escola)
                rejected = {fold(f) for f in table.get("rejected", [])}
                for form in lexicon.forms(folded_verb):
                    if folded_verb in lexicon.verbs(form) and form not in rejected:
                        shown = lexicon.display(form) or form.lower()
                        found.setdefault(form, {}).setdefault(
                            folded_verb, (weight[layer], shown, verb))
    return found


def _matched(bases: Mapping[str, tuple[int, str, str]], word: str) -> tuple[str, str, str]:
    """(folded base, written word, written base) of the best band, the word itself first on
    a tie, as the band does."""
    order = sorted(bases, key=lambda b: (-bases[b][0], b != word))
    _, written, base = bases[order[0]]
    return order[0], written, base


def reasons(word: str, written: str, base: str, lexicon: Lexicon) -> tuple[str, ...]:
    """Why a folded ``word`` (written ``written`` in the theme, scoring as the folded
    ``base``) may be read as another word; empty when it may not."""
    out = []
    shown = lexicon.display(word)
    if shown is not None and shown != written:
        out.append(f"o tabuleiro a mostra como “{shown}”, o tema a escreve “{written}”")
    others = [r for r in lexicon.roots(word) if r not in (base, word)]
    if others:
        out.append(f"o dicionário a lê como forma de {', '.join(o.lower() for o in others)}")
    if base != word and base in lexicon.verbs(word) and base not in lexicon.roots(word):
        # the dictionary's roots leave a verb out only for a word of its own (PARTE, not
        # PARTIU): a noun or adjective that also spells a form of the verb
        out.append(f"é palavra de uso próprio e conta aqui como forma do verbo {base.lower()}")
    return tuple(out)


def lookalikes(data: Mapping[str, Any], lexicon: Lexicon, common: CommonWords,
               top: int = TOP) -> list[LookAlike]:
    """Every look-alike of a theme (its JSON data, valid), with its decision, most frequent
    first; then the words an editor decided though the rule does not single them out (a
    look-alike just beyond the most frequent words, such as METRO)."""
    parse_theme(data, lexicon)  # only a valid theme has look-alikes worth listing
    decided = {fold(w): e for w, e in data.get("lookalikes", {}).items()}
    out = []
    for word, bases in _spellings(data, lexicon).items():
        rank = common.rank(word)
        folded_base, written, base = _matched(bases, word)
        why = reasons(word, written, folded_base, lexicon)
        in_rule = rank is not None and rank <= top and bool(why)
        if not in_rule and word not in decided:
            continue
        entry = decided.get(word, {})
        out.append(LookAlike(word, written, base, rank if in_rule else None, why,
                             entry.get("decision"), entry.get("by"), entry.get("why")))
    return sorted(out, key=lambda a: (a.rank is None, a.rank or 0, a.word))


def undecided(found: list[LookAlike]) -> list[LookAlike]:
    return [a for a in found if a.decision is None]


def describe(found: LookAlike) -> str:
    """One line for ``themes check``: the word, what it scores as, why, and the decision."""
    where = f"posição {found.rank}" if found.rank is not None else "fora das mais comuns"
    scores = (f"conta como “{found.base}”" if fold(found.base) != found.word
              else f"palavra “{found.written}” do tema")
    because = "; ".join(found.reasons) or "decidida pelo editor"
    verdict = (f"{found.decision} ({found.by}: {found.why})" if found.decision
               else "SEM DECISÃO")
    return f"{found.word} ({where}, {scores}; {because}): {verdict}"
