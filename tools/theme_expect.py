"""A theme's expectations, checked: the words a Brazilian player expects to score.

Each theme has ``themes/checks/<id>.json``: ``quente_ou_mais`` (words that must score Quente or
Escaldante), ``morno_ou_mais`` (at least Morno) and ``frio`` (must stay Frio: the traps, the
look-alikes with another meaning, the common words a theme must not own). An edited theme must
pass its own; ``make test`` checks every edited theme.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from engine.lexicon import Lexicon, fold
from engine.rules import Band
from engine.themes import Theme

CHECKS_DIR = "checks"
MINIMUM = {"quente_ou_mais": 30, "morno_ou_mais": 15, "frio": 10}
_NEEDS = {"quente_ou_mais": (Band.QUENTE, None), "morno_ou_mais": (Band.MORNO, None),
          "frio": (None, Band.FRIO)}


@dataclass(frozen=True)
class Miss:
    word: str
    expected: str  # the list it is in
    band: Band


def load_checks(themes_dir: Path, theme_id: str) -> dict[str, list[str]]:
    path = themes_dir / CHECKS_DIR / f"{theme_id}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    if data.get("theme") != theme_id:
        raise ValueError(f"{path.name}: o campo theme deve ser “{theme_id}”")
    return {key: list(data.get(key, [])) for key in MINIMUM}


def misses(theme: Theme, checks: dict[str, list[str]], lexicon: Lexicon) -> list[Miss]:
    """Every expected word whose band is not the expected one."""
    out = []
    for key, words in checks.items():
        at_least, at_most = _NEEDS[key]
        for word in words:
            band, _ = theme.band_of(fold(word), lexicon)
            if (at_least is not None and band < at_least) or \
                    (at_most is not None and band > at_most):
                out.append(Miss(word, key, band))
    return out
