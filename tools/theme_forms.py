"""Write the forms table of theme files: every word that might count as each base word, with
the decision whether it does.

For each base word of the layers, :func:`tools.forms.decide.decide` proposes the candidates
(plurals, feminines and diminutives the dictionary has, and the words the lexicon relates to
it) with the machine's decision and its reason. A decision an editor has made (a form in
``accepted`` or ``rejected`` that ``machine`` does not list) is kept as it is; every other one
is the machine's, recorded under ``machine`` until an editor confirms or changes it
(``vanlexis themes review``). ``python -m tools.theme_forms themes/*.json`` rewrites the files.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any

from engine.lexicon import Lexicon, fold
from engine.lexicon.common_words import CommonWords
from tools.forms.decide import Decision, decide

LAYERS = ("core", "related", "distant")


def library_words(directory: Path) -> dict[str, set[str]]:
    """Folded layer word → the ids of the themes whose layers hold it."""
    found: dict[str, set[str]] = {}
    for path in sorted(directory.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for layer in LAYERS:
            for word in data.get("layers", {}).get(layer, []):
                found.setdefault(fold(word), set()).add(str(data.get("id", path.stem)))
    return found


def editor_decisions(entry: Mapping[str, Any], lexicon: Lexicon) -> dict[str, bool]:
    """The forms of one base an editor decided (written spelling → counts), less those the
    dictionary no longer has (they cannot be played)."""
    machine = entry.get("machine", {})

    def live(form: str) -> bool:
        return form not in machine and fold(form) in lexicon

    out = {form: True for form in entry.get("accepted", []) if live(form)}
    out.update({form: False for form in entry.get("rejected", []) if live(form)})
    return out


def forms_entry(decisions: list[Decision], kept: Mapping[str, bool]) -> dict[str, Any]:
    """One base's table: the machine's decisions, except where an editor has decided."""
    accepted: list[str] = []
    rejected: list[str] = []
    machine: dict[str, str] = {}
    for d in decisions:
        counts = kept.get(d.form, d.counts)
        (accepted if counts else rejected).append(d.form)
        if d.form not in kept:
            machine[d.form] = d.reason
    for form, counts in kept.items():  # an editor's decision on a form no longer proposed
        if form not in accepted and form not in rejected:
            (accepted if counts else rejected).append(form)
    entry: dict[str, Any] = {"accepted": sorted(accepted), "rejected": sorted(rejected)}
    if machine:
        entry["machine"] = dict(sorted(machine.items()))
    return entry


def fill_forms(path: Path, lexicon: Lexicon, common: CommonWords,
               library: Mapping[str, Collection[str]], *, fresh: bool = False) -> dict[str, int]:
    """Rewrite a theme file's ``forms`` from its layers; returns counts for a report. With
    ``fresh``, the table is rebuilt from nothing: for a table no editor has touched yet,
    whose decisions (made by an older tool) carry no ``machine`` record."""
    data = json.loads(path.read_text(encoding="utf-8"))
    old = {} if fresh else data.get("forms", {})
    layers = {fold(w) for layer in LAYERS for w in data["layers"][layer]}
    forms: dict[str, Any] = {}
    counts = {"accepted": 0, "rejected": 0, "machine": 0, "editor": 0, "flagged": 0}
    for layer in LAYERS:
        for base in data["layers"][layer]:
            kept = editor_decisions(old.get(base, {}), lexicon)
            decisions = decide(base, lexicon, common, library, layers)
            entry = forms_entry(decisions, kept)
            if old.get(base, {}).get("conjugations") is False:  # the editor's: a noun here
                entry["conjugations"] = False
            if entry["accepted"] or entry["rejected"] or "conjugations" in entry:
                forms[base] = entry
                counts["accepted"] += len(entry["accepted"])
                counts["rejected"] += len(entry["rejected"])
                counts["machine"] += len(entry.get("machine", {}))
                counts["editor"] += len(kept)
                counts["flagged"] += sum(1 for d in decisions if d.flagged and d.form not in kept)
    data["forms"] = forms
    curation = data.get("curation", {})
    if counts["machine"] and curation.get("status") in ("edited", "reviewed"):
        # New decisions nobody has made: the theme is no longer fully edited (and an edited
        # theme with machine decisions would not even load). The editor decides them and
        # records the pass again (vanlexis themes edited).
        data["curation"] = {"curated_by": curation.get("curated_by", "?"), "status": "draft",
                            "reviewed_by": None, "reviewed_on": None}
        counts["reopened"] = 1
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return counts


def main(argv: list[str] | None = None) -> int:
    args = list(argv if argv is not None else sys.argv[1:])
    fresh = "--fresh" in args
    paths = [Path(p) for p in args if p != "--fresh"]
    if not paths:
        print("uso: python -m tools.theme_forms [--fresh] TEMA.json...", file=sys.stderr)
        return 2
    lexicon, common = Lexicon.default(), CommonWords.default()
    library = library_words(paths[0].parent)
    for path in paths:
        c = fill_forms(path, lexicon, common, library, fresh=fresh)
        print(f"{path.name}: {c['accepted']} aceitas, {c['rejected']} rejeitadas; "
              f"{c['machine']} da máquina ({c['flagged']} sinalizadas), {c['editor']} do editor"
              + ("; o tema volta a rascunho até um editor decidir as novas" if c.get("reopened")
                 else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
