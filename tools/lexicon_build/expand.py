"""Expand every dictionary entry to all its word forms, remembering how each form was made.

Each kept form gets a list of *derivations* ``(lemma, kind)``: which dictionary word it is a
form of and what kind of affix made it. The later steps need that history: roots for the
chain rule come from inflections, theme bases from plural/feminine/diminutive/conjugation,
and forms that only exist in front of an attached pronoun (amá-lo, amamo-nos) are recognised
by the shape of the rule that made them.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from engine.lexicon import fold
from tools.lexicon_build import usage, vero
from tools.lexicon_build.affixes import AffixClass, AffixFile, AffixRule, DicEntry

# Derivation kinds.
ENTRY = "E"  # the dictionary word itself (possibly with a prefix such as des-, re-)
BASE = "B"  # plural, feminine, diminutive or conjugation of the lemma
DEGREE = "O"  # augmentative or superlative of the lemma
DERIVED = "D"  # a new word (-mente, -idade ...); the lemma is the derived word's own base
PRONOUN = "P"  # a stem that only exists before an attached pronoun (amá-lo, amamo-nos)

# Lowercase Portuguese letters, with every accent the language writes (and the old trema).
_KEEP = re.compile(r"^[a-zàáâãçéêíóôõúü]+$")

_ACCENTED_VOWELS = "áéíóúâêôàãõ"

Stem = tuple[AffixRule | None, bool]  # a prefix rule (None: no prefix), cross-product allowed
Made = tuple[str, str, str, str, str]  # form, lemma, kind, flag, the rule's added ending


def unaccent(text: str) -> str:
    return "".join(
        c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c)
    )


@dataclass
class Expansion:
    """The result: kept forms with their derivations, plus counts for the build report."""

    forms: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    generated: int = 0
    forbidden: set[str] = field(default_factory=set)
    skipped_entries: int = 0
    unused: int = 0  # outputs of productive rules dropped as not in use (usage.py)
    #: every verb, the prefixed ones (DESAMAR of AMAR) included: their forms conjugate them
    verb_lemmas: set[str] = field(default_factory=set)


def _pronoun_rule_ids(cls: AffixClass) -> frozenset[int]:
    """Rules of a verb class whose output is a pre-pronoun stem.

    The shapes, all from the way Portuguese writes enclisis:
    - ``-mo`` beside a twin ``-mos`` (amamo-nos, vendemo-lo);
    - an infinitive that loses its ``r`` and gains an accent (amá-lo, vendê-lo, compô-lo);
    - a form that loses a final ``s``/``z`` and gains an accent (fá-lo, fê-lo, pô-lo);
    - a form that loses a final ``z`` (di-lo, fi-lo).
    """
    index = {(r.strip, r.add, r.condition) for r in cls.rules}
    ids: set[int] = set()
    for i, rule in enumerate(cls.rules):
        add, strip, cond = rule.add, rule.strip, rule.condition
        plain = unaccent(add)
        first_plural_stem = (
            add.endswith("mo") and not add.endswith("ssimo") and (strip, add + "s", cond) in index
        )
        accented_stem = bool(add) and add[-1] in _ACCENTED_VOWELS and (
            (strip.endswith("r") and plain == strip[:-1])
            or any((strip, plain + c, cond) in index for c in "sz")
        )
        z_stem = bool(add) and add[-1] in "aeiou" and (strip, add + "z", cond) in index
        if first_plural_stem or accented_stem or z_stem:
            ids.add(i)
    return frozenset(ids)


def _present_twin(entry: str, form: str, entry_forms: set[str]) -> bool:
    """Whether an accented infinitive stem is also a real present form (dá, está, lê, vê, crê).

    Those verbs write the third person singular like the pre-pronoun stem; their third person
    plural (dão, estão, leem, veem, creem) gives them away.
    """
    plain = unaccent(form)
    return plain + "em" in entry_forms or plain[:-1] + "ão" in entry_forms


class Expander:
    """Expands entries with one parsed affix file; classes are prepared once."""

    def __init__(self, aff: AffixFile, use: usage.Usage | None = None) -> None:
        """``use``: keep the productive rules' forms only where they are in use
        (``usage.py``); without it every form is kept (the dictionary as Hunspell reads it)."""
        unknown = set(aff.suffixes) - vero.KNOWN_SUFFIX_FLAGS
        if unknown:
            raise ValueError(f"suffix flags with no known meaning: {sorted(unknown)}")
        self.aff = aff
        self.use = use
        self._pronoun_ids = {
            flag: _pronoun_rule_ids(cls)
            for flag, cls in aff.suffixes.items()
            if flag in vero.VERB
        }

    def expand(
        self, entries: Iterable[DicEntry], progress: Callable[[int], None] | None = None
    ) -> Expansion:
        out = Expansion()
        for n, entry in enumerate(entries):
            if progress is not None and n % 5000 == 0:
                progress(n)
            flags = entry.flags
            if self.aff.forbidden_flag and self.aff.forbidden_flag in flags:
                out.forbidden.add(entry.word)
                continue
            if self.aff.warn_flag and self.aff.warn_flag in flags:
                # VERO marks rare or incorrect spellings it tolerates this way (criticos).
                out.skipped_entries += 1
                continue
            self._expand_entry(entry, out)
        for word in out.forbidden:
            out.forms.pop(word, None)
        return out

    def _emit(self, out: Expansion, form: str, lemma: str, kind: str) -> None:
        out.generated += 1
        if _KEEP.match(form) is None:
            return
        derivs = out.forms.get(form)
        if derivs is None:
            out.forms[form] = [(lemma, kind)]
        elif (lemma, kind) not in derivs:
            derivs.append((lemma, kind))

    def _expand_entry(self, entry: DicEntry, out: Expansion) -> None:
        stems = self._prefixed_stems(entry)
        made, pronoun = self._suffixed_forms(entry, stems, out)
        is_verb = bool(vero.VERB.intersection(entry.flags))
        for lemma in self._lemmas(entry.word, stems):
            self._emit(out, lemma, lemma, ENTRY)
            if is_verb:
                out.verb_lemmas.add(lemma)
        self._emit_suffixed(made, pronoun, out)

    @staticmethod
    def _lemmas(word: str, stems: list[Stem]) -> list[str]:
        """The entry and its prefixed variants (desamar, reamar): lemmas of their own."""
        return [word if prule is None else prule.apply(word) for prule, _ in stems]

    def _prefixed_stems(self, entry: DicEntry) -> list[Stem]:
        """The word's prefixed variants (desamar, reamar): lemmas of their own."""
        word = entry.word
        stems: list[Stem] = [(None, True)]
        for flag in entry.flags:
            pcls = self.aff.prefixes.get(flag)
            if pcls is None:
                continue
            for prule in pcls.rules:
                if prule.applies(word):
                    stems.append((prule, pcls.cross_product))
        return stems

    def _suffixed_forms(
        self, entry: DicEntry, stems: list[Stem], out: Expansion
    ) -> tuple[list[Made], list[tuple[str, str]]]:
        """Every suffixed form (with each allowed prefix), split off the pre-pronoun ones."""
        word = entry.word
        made: list[Made] = []
        pronoun: list[tuple[str, str]] = []
        for flag in entry.flags:
            scls = self.aff.suffixes.get(flag)
            if scls is None:
                continue
            if flag in vero.ENCLITIC:
                self._count_enclitic(scls, word, stems, out)
                continue
            ids = self._pronoun_ids.get(flag, frozenset())
            for i, srule in enumerate(scls.rules):
                if not srule.applies(word) or not vero.applies_to(flag, srule.condition, word):
                    continue
                sform = srule.apply(word)
                for prule, cross in stems:
                    if prule is None:
                        form, lemma = sform, word
                    elif cross and scls.cross_product:
                        form, lemma = prule.apply(sform), prule.apply(word)
                    else:
                        continue
                    if i in ids:
                        pronoun.append((form, lemma))
                    else:
                        made.append((form, lemma, self._kind(flag, form), flag, srule.add))
        return made, pronoun

    def _emit_suffixed(
        self, made: list[Made], pronoun: list[tuple[str, str]], out: Expansion
    ) -> None:
        if self.use is not None:
            made_all = len(made)
            made = self._in_use(made, self.use)
            out.unused += made_all - len(made)
        by_lemma: dict[str, set[str]] = {}
        for form, lemma, *_ in made:
            by_lemma.setdefault(lemma, {lemma}).add(form)
        for form, lemma in pronoun:
            forms_of = by_lemma.get(lemma, {lemma})
            kind = BASE if _present_twin(lemma, form, forms_of) else PRONOUN
            self._emit(out, form, lemma, kind)
        derived_groups: dict[tuple[str, str], list[str]] = {}
        for form, lemma, kind, flag, _ in made:
            if kind == DERIVED:
                derived_groups.setdefault((lemma, flag), []).append(form)
            else:
                self._emit(out, form, lemma, kind)
        for group in derived_groups.values():
            # A derived word's forms (amador, amadora, amadores) share the shortest one.
            for form in group:
                base = min((g for g in group if form.startswith(g)), key=len)
                self._emit(out, form, base, DERIVED)

    @staticmethod
    def _in_use(made: list[Made], use: usage.Usage) -> list[Made]:
        """The forms the usage rules keep (diminutives of used words; augmentatives,
        superlatives, degrees of participles and derivations whose word is used in one of
        its forms: the same word in another gender or number)."""
        kept: list[Made] = []
        derived: dict[tuple[str, str, str, str], list[Made]] = {}
        for item in made:
            form, lemma, _, flag, add = item
            if usage.feminine_of_ao(flag, form, lemma):
                if use.keeps_feminine_of_ao(lemma):
                    kept.append(item)
                continue
            rule = usage.rule_kind(flag, add)
            if rule == usage.PLAIN:
                kept.append(item)
            elif rule == usage.DEGREE:
                if use.keeps_degree(fold(form), fold(lemma)):
                    kept.append(item)
            elif rule == usage.AGENT_DEGREE:
                if use.keeps_agent_degree(fold(form)):
                    kept.append(item)
            elif rule in (usage.DERIVATION, usage.INTENSIVE, usage.MADE_DEGREE):
                derived.setdefault((lemma, flag, rule, usage.word_stem(form)), []).append(item)
        for group in derived.values():
            if use.keeps_derivation([fold(f) for f, *_ in group]):
                kept.extend(group)
        return kept

    def _count_enclitic(
        self,
        scls: AffixClass,
        word: str,
        stems: list[Stem],
        out: Expansion,
    ) -> None:
        """Count the hyphenated forms (they are not kept) for the build report."""
        for srule in scls.rules:
            if srule.applies(word):
                out.generated += sum(
                    1 for prule, cross in stems if prule is None or (cross and scls.cross_product)
                )

    @staticmethod
    def _kind(flag: str, form: str) -> str:
        if flag in vero.DERIVATION or flag in vero.PROPER:
            return DERIVED
        if flag in vero.AUGMENTATIVE_SUPERLATIVE:
            return DEGREE
        if flag in "EG" and form.endswith(vero.AUGMENTATIVE_ENDINGS):
            return DEGREE
        return BASE
