"""Roots for the chain rule and bases for themes, computed once at build time.

Roots come from the dictionary's own morphology: a form's roots are the dictionary words
(entries, with any prefix they carry) that inflect to it: number, gender, degree, conjugation.
A derived word (-mente, -idade, -dor ...) is a word of its own. The lemma list (below) adds its
lemma, and settles one collision: a noun it knows as a lemma (BOLA, CASA) is not rooted in the
regular verb VERO made of it (bolar, casar), so BOLA and BOLO stay different words. VERO
splits a few irregular paradigms over extra entries (``for`` holds foi/fosse/fora of both IR
and SER, ``vá`` holds vai/vão of IR): :data:`PARADIGM_LINKS` joins them back, and suppletive
forms that VERO lists as plain entries (ERA, É) are joined to their irregular verb through the
lemmatiser.

Bases say what a word counts as for themes (plural, feminine, diminutive, and the infinitive of
a verb form). Many common nouns exist in VERO only as verb forms (BOLA is a form of BOLAR), so
bases cannot come from entries alone. The rule, in order:

1. the lemma a lemmatiser (simplemma, built from curated lemma lists) gives, if it is a word;
2. unless the lemmatiser knows the word as a lemma of its own (LINHA, PORTA, PADRINHO), also
   every singular that regularly pluralises to it (CAPITAIS → CAPITAL, LEOES → LEAO), with that
   singular's own bases, if the lemmatiser does not know the word or agrees (QUIS is no plural
   of QUI); and every dictionary word it is an inflection of, except that a change of gender
   (LINHO → LINHA) needs the lemmatiser's agreement, or a lemmatiser that could only offer a
   verb for it (GATA → gatar, so GATO stands).

That keeps the traps out (BOLA is not a form of BOLO, PORTA not of PORTO, LINHA not of LINHO,
PADRINHO not of PADRE) while BOLAS and BOLINHA count as BOLA.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from tools.lexicon_build.expand import BASE, DEGREE, DERIVED, ENTRY

ROOT_KINDS = frozenset((ENTRY, BASE, DEGREE, DERIVED))

#: VERO entries that only hold part of another verb's paradigm.
PARADIGM_LINKS: Mapping[str, tuple[str, ...]] = {"for": ("ir", "ser"), "vá": ("ir",)}

Derivations = Mapping[str, list[tuple[str, str]]]


def inverse_plurals(word: str) -> set[str]:
    """Singulars that Portuguese's regular plural rules turn into ``word`` (folded)."""
    out: set[str] = set()
    if not word.endswith("S") or len(word) < 3:
        return out
    out.add(word[:-1])  # CASAS, PAIS, CAFES
    if word.endswith("ES"):
        out.add(word[:-2])  # FLORES, LUZES, MARES
    for plural in ("OES", "AES", "AOS"):
        if word.endswith(plural):
            out.add(word[:-3] + "AO")  # LEOES, PAES, MAOS
    for plural, singular in (("AIS", "AL"), ("EIS", "EL"), ("OIS", "OL"), ("UIS", "UL")):
        if word.endswith(plural):
            out.add(word[:-3] + singular)  # CAPITAIS, PAPEIS, LENCOIS, AZUIS
    if word.endswith("IS"):
        out.add(word[:-1] + "L")  # FUZIS → FUZIL
    if word.endswith("EIS"):
        out.add(word[:-3] + "IL")  # FOSSEIS → FOSSIL
    if word.endswith("NS"):
        out.add(word[:-2] + "M")  # HOMENS → HOMEM
    out.discard(word)
    return {w for w in out if len(w) >= 2}


def _singular(word: str) -> str:
    return word[:-1] if word.endswith("S") else word


def changes_gender(word: str, base: str) -> bool:
    """Whether ``word`` is a feminine made from a non-feminine ``base`` (LINHA from LINHO)."""
    return _singular(word).endswith("A") and not _singular(base).endswith("A")


class Morphology:
    """Computes roots and bases for folded words from the expansion's derivations."""

    def __init__(
        self,
        *,
        derivations: Derivations,
        spellings: Mapping[str, list[str]],
        fold: Callable[[str], str],
        frequency: Callable[[str], float],  # of a folded word
        lemmatise: Callable[[str], tuple[str, bool]],
        irregular_verbs: Iterable[str],
        regular_verbs: Iterable[str],
        verbs: Iterable[str],
    ) -> None:
        self._derivs = derivations
        self._spellings = spellings
        self._fold = fold
        self._freq = frequency
        self._lemmatise = lemmatise
        self._irregular = frozenset(irregular_verbs)
        self._regular_verbs = frozenset(regular_verbs)
        self._verbs = frozenset(verbs)
        self._bases: dict[str, tuple[str, ...]] = {}
        self._lemma_cache: dict[str, tuple[set[str], bool]] = {}

    def _by_frequency(self, folded_words: Iterable[str]) -> list[str]:
        return sorted(set(folded_words), key=lambda w: (-self._freq(w), w))

    def roots(self, word: str) -> list[str]:
        lemmas, own = self._simplemma(word)
        roots: set[str] = set(lemmas)
        for spelling in self._spellings[word]:
            for lemma, kind in self._derivs[spelling]:
                if kind not in ROOT_KINDS:
                    continue
                if own and kind == BASE and lemma in self._regular_verbs:
                    # BOLA, CASA, PORTA: nouns the lemma list knows, which VERO only has as
                    # forms of the verbs made from them (bolar, casar, portar).
                    continue
                if (own and kind == BASE and lemma not in self._verbs
                        and changes_gender(word, self._fold(lemma))):
                    continue  # LINHA is a word of its own, not the feminine of LINHO
                roots.update(self._fold(t) for t in PARADIGM_LINKS.get(lemma, (lemma,)))
            lemma, _ = self._lemmatise(spelling)
            if lemma in self._irregular and lemma != spelling:
                roots.add(self._fold(lemma))
        if own:
            roots.add(word)
        return self._by_frequency(roots) or [word]

    def _simplemma(self, word: str) -> tuple[set[str], bool]:
        cached = self._lemma_cache.get(word)
        if cached is not None:
            return cached
        lemmas: set[str] = set()
        own = False
        for spelling in self._spellings[word]:
            lemma, known = self._lemmatise(spelling)
            folded = self._fold(lemma)
            if folded == word:
                own = own or known
            elif folded in self._spellings:
                lemmas.add(folded)
        self._lemma_cache[word] = (lemmas, own)
        return lemmas, own

    def _known(self, word: str) -> bool:
        return any(self._lemmatise(spelling)[1] for spelling in self._spellings[word])

    def bases(self, word: str) -> tuple[str, ...]:
        cached = self._bases.get(word)
        if cached is not None:
            return cached
        self._bases[word] = ()  # guards against any cycle while computing
        lemmas, own = self._simplemma(word)
        found: set[str] = set(lemmas)
        if not own:
            verb_only = bool(lemmas) and all(lemma.endswith("R") for lemma in lemmas)
            known = self._known(word)
            for singular in inverse_plurals(word):
                # QUIS is no plural of QUI: where the lemma list knows the word, it decides.
                if singular in self._spellings and (not known or singular in lemmas):
                    found.add(singular)
                    found.update(self.bases(singular))
            for spelling in self._spellings[word]:
                for lemma, kind in self._derivs[spelling]:
                    if kind != BASE:
                        continue
                    for target in PARADIGM_LINKS.get(lemma, (lemma,)):
                        base = self._fold(target)
                        if base not in self._spellings:
                            continue
                        if (lemma not in self._verbs and changes_gender(word, base)
                                and base not in lemmas and not verb_only):
                            continue
                        found.add(base)
        found.discard(word)
        result = tuple(self._by_frequency(found))
        self._bases[word] = result
        return result
