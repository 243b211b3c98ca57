"""Propose the forms of a theme's base words: plural, feminine, diminutive (and their plurals).

Forms are generated forward from each base word by Portuguese's regular endings and kept if
the dictionary has them. A form is proposed as *accepted* when it is a regular plural of the
base or the lexicon already counts it as the base; otherwise as *rejected* (BOLO is made from
BOLA by the feminine rule, but is a word of its own). A person reviews the lists afterwards;
``python -m tools.theme_forms themes/*.json`` writes them into the theme files.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from engine.lexicon import Lexicon, fold

_VOWELS = "AEIOU"


def plurals(word: str) -> set[str]:
    """Regular plurals of a folded word."""
    out = set()
    if word.endswith("AO"):
        out |= {word[:-2] + "OES", word[:-2] + "AES", word + "S"}
    elif word.endswith(("AL", "EL", "OL", "UL")):
        out.add(word[:-1] + "IS")
        if word.endswith("EL"):
            out.add(word[:-2] + "EIS")
    elif word.endswith("IL"):
        out |= {word[:-1] + "S", word[:-2] + "EIS"}
    elif word.endswith("M"):
        out.add(word[:-1] + "NS")
    elif word.endswith(("R", "Z", "S")):
        out.add(word + "ES")
    if word[-1] in _VOWELS:
        out.add(word + "S")
    return out


def feminines(word: str) -> set[str]:
    out = set()
    if word.endswith("O") and not word.endswith("AO"):
        out.add(word[:-1] + "A")
    if word.endswith("AO"):
        out |= {word[:-2] + "A", word[:-2] + "ONA", word[:-1] + "A"}
    if word.endswith("OR"):
        out |= {word + "A", word[:-2] + "RIZ"}
    if word.endswith("ES"):
        out.add(word + "A")
    if word.endswith("E"):
        out.add(word[:-1] + "A")
    return out


def diminutives(word: str) -> set[str]:
    out = {word + "ZINHO", word + "ZINHA"}
    if word[-1] in "AOE":
        stem = word[:-1]
        out |= {stem + "INHO", stem + "INHA"}
    elif word[-1] not in _VOWELS:
        out |= {word + "INHO", word + "INHA"}
    return out


def propose_forms(base: str, lexicon: Lexicon) -> tuple[list[str], list[str]]:
    """(accepted, rejected) display spellings of the forms of ``base`` that are words."""
    folded = fold(base)
    regular_plurals = plurals(folded)
    singulars = {folded} | feminines(folded) | diminutives(folded)
    candidates = regular_plurals | {folded + "S"}  # GOLS: irregular plurals the lexicon knows
    for singular in singulars - {folded}:
        candidates.add(singular)
        candidates |= plurals(singular)
    accepted, rejected = [], []
    for form in sorted(candidates - {folded}):
        if form not in lexicon:
            continue
        display = lexicon.display(form) or form.lower()
        if form in regular_plurals or folded in lexicon.bases(form):
            accepted.append(display)
        else:
            rejected.append(display)
    return accepted, rejected


def fill_forms(path: Path, lexicon: Lexicon) -> dict[str, int]:
    """Rewrite a theme file's ``forms`` from its layers; returns counts for a report."""
    data = json.loads(path.read_text(encoding="utf-8"))
    forms: dict[str, dict[str, list[str]]] = {}
    counts = {"accepted": 0, "rejected": 0}
    for layer in ("core", "related", "distant"):
        for base in data["layers"][layer]:
            accepted, rejected = propose_forms(base, lexicon)
            if accepted or rejected:
                forms[base] = {"accepted": accepted, "rejected": rejected}
                counts["accepted"] += len(accepted)
                counts["rejected"] += len(rejected)
    data["forms"] = forms
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return counts


def main(argv: list[str] | None = None) -> int:
    paths = [Path(p) for p in (argv if argv is not None else sys.argv[1:])]
    if not paths:
        print("usage: python -m tools.theme_forms THEME.json...", file=sys.stderr)
        return 2
    lexicon = Lexicon.default()
    for path in paths:
        counts = fill_forms(path, lexicon)
        print(f"{path.name}: {counts['accepted']} accepted, {counts['rejected']} rejected forms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
