"""The help pages a player reads in the site (frontend/help/) say what the engine does: every
number they print is the standard rule set's, every card is there with its level and price,
and each page is a well-formed fragment that links only inside the site."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from engine.cards import CARDS
from engine.rules import RuleSet

HELP = Path(__file__).resolve().parents[2] / "frontend" / "help"
PAGES = ("como-jogar", "com-amigos", "regras")
RULES = RuleSet.standard()
VOID = {"br", "hr", "img", "input", "meta", "link", "col", "wbr"}


def _page(name: str) -> str:
    return (HELP / f"{name}.html").read_text(encoding="utf-8")


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def _times(pct: int) -> str:
    """A weight as the pages print it: ×1,25, ×1,5, ×2 (×2,0 in a table)."""
    value = f"{pct / 100:.2f}".rstrip("0").rstrip(".").replace(".", ",")
    return f"×{value}"


class _Checker(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []
        self.problems: list[str] = []
        self.hrefs: list[str] = []
        self.first: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.first = self.first or tag
        if tag == "a":
            self.hrefs.append(dict(attrs).get("href") or "")
        if tag in ("script", "style", "img") or any(k == "style" for k, _ in attrs):
            self.problems.append(f"<{tag}> with script, style or image")
        if tag not in VOID:
            self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if not self.open or self.open[-1] != tag:
            self.problems.append(f"</{tag}> closes {self.open[-1:] or 'nothing'}")
        else:
            self.open.pop()


@pytest.mark.parametrize("name", PAGES)
def test_each_help_page_is_a_well_formed_fragment_with_links_inside_the_site(name: str) -> None:
    checker = _Checker()
    checker.feed(_page(name))
    assert not checker.problems and not checker.open, (checker.problems, checker.open)
    assert checker.first == "h2"  # the dialog focuses the page's heading
    assert all(h.startswith("#/") for h in checker.hrefs), checker.hrefs
    assert all(h[2:] in PAGES for h in checker.hrefs), checker.hrefs


def test_the_guide_prints_the_band_weights_and_chain_bonuses_of_the_rules() -> None:
    page = _page("como-jogar")
    cells = dict(re.findall(r'data-weight="(\w+)">([^<]+)<', page))
    names = ("frio", "morno", "quente", "escaldante")
    assert cells == {n: _times(w) for n, w in zip(names, RULES.band_weights, strict=True)}
    text = _text(page)
    for pct in RULES.chain_bonus[2:]:
        assert _times(pct) + ("0" if pct % 10 == 0 and pct % 100 else "") in text
    assert f"{RULES.point_target} pontos" in text
    assert f"{RULES.round_limit}ª rodada" in text
    assert f"{RULES.turn_seconds} segundos" in text
    assert f"até {RULES.swap_limit} peças" in text and f"{RULES.rack_size} peças" in text


def test_the_rules_page_lists_every_card_with_its_level_and_price() -> None:
    page = _page("regras")
    for card in CARDS.values():
        price = RULES.card_prices[card.id]
        row = f"<tr><td>{card.name}</td><td>{card.level}</td><td>{price} moedas</td></tr>"
        assert row in page, row
        kind = "jogada" if card.kind == "move" else "instantânea"
        assert f"<tr><td>{card.name}</td><td>{card.level}</td><td>{kind}</td>" in page, card.name


def test_the_rules_page_prints_the_numbers_of_the_rules() -> None:
    text = _text(_page("regras"))
    assert f"{RULES.size} × {RULES.size}" in text
    for length, bonus in enumerate(RULES.length_bonus):
        if bonus and length < len(RULES.length_bonus) - 1:
            assert f"{length} {bonus} pontos" in text, (length, bonus)
    assert f"ou mais {RULES.length_bonus[-1]} pontos" in text
    for pct in RULES.chain_bonus[2:]:
        assert f"×{pct / 100:.2f}".replace(".", ",") in text
    for letter, value in RULES.tile_values.items():
        assert re.search(rf"\b{value} [A-Z, ]*\b{letter}\b", text), letter
    assert f"{RULES.point_target} pontos" in text and f"{RULES.round_limit}," in text
    assert f"{RULES.turn_seconds} segundos" in text


def test_the_rules_page_states_the_grace_and_the_rating_rules() -> None:
    from functions.service.fair_rating import MIN_TURNS_PER_SEAT, PROVISIONAL_GAIN_SHARE

    text = _text(_page("regras"))
    assert f"mais de {RULES.late_grace_ms // 1000} segundos depois do fim do tempo" in text
    assert f"antes de {MIN_TURNS_PER_SEAT} turnos de cada jogador" in text
    assert {0.25: "um quarto", 0.5: "metade"}[PROVISIONAL_GAIN_SHARE] in text
