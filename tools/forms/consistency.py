"""One form, one decision across the library.

A player who learns that PORQUINHA counts as PORCO in Fazenda expects it to count in Animais
too. So when two themes hold the same base and decide the same form differently, the editor
must either make them agree or say, in a note on the form, why the base means something else
in one of them (COLAR in Tecnologia is the verb, not the necklace). A rejection that changes
nothing is no disagreement: the form may already score at least as its base through another
entry of that theme (BANDEIRINHAS through BANDEIRINHA).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from engine.lexicon import Lexicon, fold
from engine.themes import Theme, parse_theme


@dataclass(frozen=True)
class Disagreement:
    base: str  # written
    form: str  # written
    counts: bool  # this theme's decision
    others: tuple[str, ...]  # ids of the themes that decided it the other way
    #: this theme's note on the form, or else the others' when every one of them has one
    noted: str | None


def _decisions(data: dict[str, object]) -> dict[tuple[str, str], bool]:
    out: dict[tuple[str, str], bool] = {}
    forms = data.get("forms", {})
    assert isinstance(forms, dict)
    for base, entry in forms.items():
        out.update({(base, form): True for form in entry.get("accepted", [])})
        out.update({(base, form): False for form in entry.get("rejected", [])})
    return out


def _moot(theme: Theme, base: str, form: str, lexicon: Lexicon) -> bool:
    """True when rejecting ``form`` as ``base`` does not lower its band in ``theme``."""
    band, matched = theme.band_of(fold(form), lexicon)
    base_band = theme.bands.get(fold(base))
    return matched is not None and base_band is not None and band >= base_band


def disagreements(directory: Path, lexicon: Lexicon) -> dict[str, list[Disagreement]]:
    """Theme id → the form decisions another theme makes the other way."""
    datas = {path.stem: json.loads(path.read_text(encoding="utf-8"))
             for path in sorted(directory.glob("*.json"))}
    themes = {tid: parse_theme(data, lexicon, source=f"{tid}.json")
              for tid, data in datas.items()}
    decided = {tid: _decisions(data) for tid, data in datas.items()}
    by_pair: dict[tuple[str, str], dict[str, bool]] = {}
    for tid, pairs in decided.items():
        for pair, counts in pairs.items():
            if counts or not _moot(themes[tid], *pair, lexicon):
                by_pair.setdefault(pair, {})[tid] = counts
    out: dict[str, list[Disagreement]] = {tid: [] for tid in datas}
    for (base, form), votes in sorted(by_pair.items()):
        if len(set(votes.values())) < 2:
            continue
        for tid, counts in votes.items():
            others = tuple(sorted(t for t, c in votes.items() if c != counts))
            mine = datas[tid].get("notes", {}).get(form)
            theirs = [datas[t].get("notes", {}).get(form) for t in others]
            noted = mine or (theirs[0] if all(theirs) else None)
            out[tid].append(Disagreement(base, form, counts, others, noted))
    return out
