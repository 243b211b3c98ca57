"""The editor's side of ``vanlexis themes``: what a theme scores, what looks wrong, and the
decisions that settle it.

- :func:`theme_words`: every word that scores above Frio in a theme, with its band, the base it
  matched, how (a layer word, or a form accepted by the machine or by an editor), how common it
  is and its flags;
- :func:`audit`: the words an editor must look at (very common words, words in four or more
  themes, accent collisions, verbs, flagged forms, foreign spellings, sensitive words, a form
  another theme decides the other way); a flag is handled once an editor has decided the form
  or left a note on the word;
- :func:`decide_forms` and :func:`review`: an editor's decisions, which replace the machine's,
  and the walk through every decision still the machine's, most common form first;
- :func:`mark_edited`: the curation record of an editorial pass, refused while any decision is
  still the machine's.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from engine.lexicon import Lexicon, fold
from engine.lexicon.common_words import CommonWords
from engine.rules import Band
from engine.themes import LAYERS, parse_theme
from tools.forms.consistency import Disagreement, disagreements
from tools.forms.decide import sensitive
from tools.theme_forms import library_words

COMMON_RANK = 300  # Portuguese's most frequent words: a theme rarely owns one
MANY_THEMES = 4
_FOREIGN = frozenset("KWY")


@dataclass(frozen=True)
class ScoredWord:
    word: str  # folded
    display: str
    band: Band
    base: str  # written base it matched
    how: str  # "camada core" / "forma aceita pelo editor" / "forma aceita pela máquina"
    rank: int | None
    flags: tuple[str, ...]


def _load(path: Path) -> dict[str, Any]:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def _write(path: Path, data: dict[str, Any], lexicon: Lexicon) -> None:
    parse_theme(data, lexicon, source=path.name)  # never write an invalid theme
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


def _layer_of(data: Mapping[str, Any]) -> dict[str, tuple[str, str]]:
    """Folded layer word → (layer, written word)."""
    return {fold(w): (layer, w) for layer in LAYERS for w in data["layers"][layer]}


def _word_flags(folded: str, written: str, lexicon: Lexicon, common: CommonWords,
                library: Mapping[str, set[str]]) -> list[str]:
    flags = []
    rank = common.rank(folded)
    if rank is not None and rank <= COMMON_RANK:
        flags.append(f"muito comum (posição {rank})")
    themes = library.get(folded, set())
    if len(themes) >= MANY_THEMES:
        flags.append(f"em {len(themes)} temas")
    shown = lexicon.display(folded)
    if shown is not None and shown != written:
        flags.append(f"o jogo a mostra como “{shown}” (acentos se confundem no tabuleiro)")
    if folded.endswith(("AR", "ER", "IR")) and len(folded) > 3 and folded in lexicon and \
            (folded[:-2] + "OU" in lexicon or folded[:-2] + "EU" in lexicon):
        flags.append("verbo: as conjugações contam como ele (se aqui é substantivo, "
                     "\"conjugations\": false na tabela de formas)")
    if _FOREIGN & set(folded):
        flags.append("grafia estrangeira (K, W ou Y): confira se é de uso no Brasil")
    if folded in sensitive():
        flags.append("palavra sensível: nunca ganha faixa")
    return flags


def theme_words(path: Path, lexicon: Lexicon, common: CommonWords) -> list[ScoredWord]:
    """Every word that scores above Frio in the theme, strongest band first, then the most
    common."""
    data = _load(path)
    theme = parse_theme(data, lexicon, source=path.name, blocked=sensitive(path.parent))
    library = library_words(path.parent)
    layer_of = _layer_of(data)
    machine = {(base, form) for base, entry in data.get("forms", {}).items()
               for form in entry.get("machine", {})}
    out = []
    for folded in theme.words(lexicon) or ():
        band, matched = theme.band_of(folded, lexicon)
        assert matched is not None
        layer, base = layer_of[matched]
        display = lexicon.display(folded) or folded.lower()
        table = data.get("forms", {}).get(base, {})
        if folded == matched:
            how, flags = f"camada {layer}", _word_flags(folded, base, lexicon, common, library)
        elif display not in table.get("accepted", ()) and matched in lexicon.verbs(folded) \
                and not any(fold(f) == folded for f in table.get("accepted", ())):
            how, flags = "conjugação do verbo", []
        else:
            form = next((f for f in table["accepted"] if fold(f) == folded), display)
            how = ("forma aceita pela máquina" if (base, form) in machine
                   else "forma aceita pelo editor")
            reason = table.get("machine", {}).get(form)
            flags = [reason] if reason and reason.startswith("sinalizada") else []
        out.append(ScoredWord(folded, display, band, base, how, common.rank(folded),
                              tuple(flags)))
    return sorted(out, key=lambda w: (-w.band, w.rank or 10**9, w.word))


@dataclass(frozen=True)
class Flag:
    word: str  # written
    reason: str
    handled: str | None  # the editor's note or decision, None if nobody has looked


def audit(path: Path, lexicon: Lexicon, common: CommonWords,
          disagreed: Mapping[str, list[Disagreement]] | None = None) -> list[Flag]:
    """What an editor must look at in one theme, handled or not. ``disagreed`` is the
    library's :func:`disagreements`, computed here when not given."""
    data = _load(path)
    if disagreed is None:
        disagreed = disagreements(path.parent, lexicon)
    notes = data.get("notes", {})
    library = library_words(path.parent)
    flags = []
    for folded, (_, written) in _layer_of(data).items():
        for reason in _word_flags(folded, written, lexicon, common, library):
            flags.append(Flag(written, reason, notes.get(written)))
    for base, entry in data.get("forms", {}).items():
        machine = entry.get("machine", {})
        for form in [*entry.get("accepted", []), *entry.get("rejected", [])]:
            reason = machine.get(form)
            if reason is not None and reason.startswith("sinalizada"):
                flags.append(Flag(form, f"forma de {base}: {reason}", None))
            elif fold(form) in sensitive() and form in entry.get("accepted", []):
                flags.append(Flag(form, "palavra sensível aceita como forma", None))
    for d in disagreed.get(path.stem, []):
        verdict = "conta" if d.counts else "não conta"
        flags.append(Flag(d.form, f"{verdict} como “{d.base}” aqui, o contrário em "
                                  f"{', '.join(d.others)}", d.noted))
    return flags


# -- decisions -----------------------------------------------------------------------------------

def decide_forms(path: Path, lexicon: Lexicon,
                 decisions: Iterable[tuple[str, str, bool]]) -> int:
    """Record an editor's decisions (base, form, counts): each replaces the machine's."""
    data = _load(path)
    forms = data.setdefault("forms", {})
    done = 0
    for base, form, counts in decisions:
        entry = forms.get(base)
        if entry is None or form not in [*entry.get("accepted", []), *entry.get("rejected", [])]:
            raise KeyError(f"{path.stem}: “{form}” não é uma forma proposta de “{base}”")
        keep, drop = ("accepted", "rejected") if counts else ("rejected", "accepted")
        entry[drop] = [f for f in entry.get(drop, []) if f != form]
        entry[keep] = sorted({*entry.get(keep, []), form})
        machine = entry.get("machine", {})
        machine.pop(form, None)
        if not machine:
            entry.pop("machine", None)
        done += 1
    _write(path, data, lexicon)
    return done


def machine_queue(data: Mapping[str, Any],
                  common: CommonWords) -> list[tuple[str, str, bool, str]]:
    """Every decision still the machine's: (base, form, counts, reason), most common first."""
    queue = [(base, form, form in entry.get("accepted", []), reason)
             for base, entry in data.get("forms", {}).items()
             for form, reason in entry.get("machine", {}).items()]
    return sorted(queue, key=lambda q: (common.rank(fold(q[1])) or 10**9, q[1]))


def review(path: Path, lexicon: Lexicon, common: CommonWords, ask: Callable[[str], str],
           out: TextIO) -> dict[str, int]:
    """Walk the machine's decisions: confirm, reverse or skip each; [s] stops and saves."""
    data = _load(path)
    decisions: list[tuple[str, str, bool]] = []
    counts = {"confirmed": 0, "reversed": 0, "skipped": 0}
    for base, form, accepted, reason in machine_queue(data, common):
        verdict = "conta" if accepted else "não conta"
        answer = ""
        while answer not in ("c", "i", "p", "s"):
            answer = ask(f"“{form}” {verdict} como “{base}” ({reason}). [c]onfirmar, "
                         f"[i]nverter, [p]ular, [s]air: ").strip().lower()[:1]
        if answer == "s":
            break
        if answer == "p":
            counts["skipped"] += 1
            continue
        decisions.append((base, form, accepted if answer == "c" else not accepted))
        counts["confirmed" if answer == "c" else "reversed"] += 1
    if decisions:
        decide_forms(path, lexicon, decisions)
    left = len(machine_queue(_load(path), common))
    out.write(f"{len(decisions)} decisões gravadas; {left} ainda da máquina.\n")
    return counts


def mark_edited(path: Path, lexicon: Lexicon, today: datetime.date, checks: list[str],
                editor: str) -> None:
    """Record an editorial pass. The engine's validation refuses it while any form decision
    is still the machine's."""
    data = _load(path)
    curation = {k: v for k, v in data.get("curation", {}).items()
                if k not in ("reviewed_by", "reviewed_on")}
    data["curation"] = {**curation, "status": "edited", "curated_by": editor,
                        "edited_on": today.isoformat(), "checks": checks,
                        "reviewed_by": None, "reviewed_on": None}
    _write(path, data, lexicon)
