"""Every theme of the library: size, and the band of plural, feminine and diminutive plays.

A reviewed form (BOLAS, BOLINHA for BOLA) plays in its base word's band; a rejected one (BOLO
for BOLA) never takes the band from that base.
"""

from __future__ import annotations

import pytest

from engine.rules import Band
from engine.themes import DEFAULT_DIR
from tests.helpers import resources

RES = resources()
THEMES = sorted(p.stem for p in DEFAULT_DIR.glob("*.json"))


def _kind(form: str, base: str) -> str:
    if "INH" in form[len(base) - 2:] or "ZINH" in form:
        return "diminutive"
    if form.endswith("S") and not base.endswith("S"):
        return "plural"
    return "feminine"


def test_the_library_has_at_least_24_themes() -> None:
    assert len(THEMES) >= 24, THEMES


@pytest.mark.parametrize("theme_id", THEMES)
def test_forms_play_in_their_base_words_band(theme_id: str) -> None:
    theme = RES.themes.get(theme_id)
    seen: dict[str, int] = {"plural": 0, "feminine": 0, "diminutive": 0}
    for form, bases in theme.accepted.items():
        if form in theme.bands:
            continue  # a form that is also a theme word keeps its own band
        best = max(theme.bands[b] for b in bases)
        band, matched = theme.band_of(form, RES.lexicon)
        assert band >= best, (form, bases, band)
        assert band > Band.FRIO and matched is not None
        seen[_kind(form, bases[0])] += 1
    assert seen["plural"] > 0 and seen["diminutive"] + seen["feminine"] > 0, seen
    for form, bases in theme.rejected.items():
        if form in theme.bands:
            continue
        _, matched = theme.band_of(form, RES.lexicon)
        assert matched not in bases, (form, bases)
