"""``vanlexis themes``: the curator's tool for the theme library.

- ``check``: validates every theme (dictionary, duplicates across layers, layer sizes, every
  generated form reviewed, every look-alike decided: :mod:`tools.theme_lookalikes`) and reports
  per theme, with its look-alikes and their decisions; it fails if any theme fails.
- ``suggest THEME``: proposes candidate words from offline data: synonyms, in LibreOffice's
  Brazilian Portuguese thesaurus (Debian's ``mythes-pt-br``), of the theme's words, that the
  dictionary has. Nothing is added without a person's choice.
- ``review``, ``decide``, ``words`` and ``audit`` are in :mod:`tools.theme_edit`.
- ``stats``: from bot self-play, how often each theme's words are played and in which bands.
"""

from __future__ import annotations

import functools
import json
import multiprocessing
import os
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.lexicon import Lexicon, fold
from engine.lexicon.common_words import CommonWords
from engine.themes import ThemeError, parse_theme
from tools.forms.decide import decide
from tools.theme_forms import library_words
from tools.theme_lookalikes import describe, lookalikes, undecided
from tools.thesaurus import Thesaurus

#: the least a layer may hold: enough for a match to meet the theme often, and no more; a
#: layer is as large as the theme honestly supports (60 good distant words beat 150 weak ones)
MINIMUM = {"core": 30, "related": 50, "distant": 40}


@dataclass
class Report:
    """One theme's check: its layer sizes, review status and problems (none: it passes)."""

    name: str
    sizes: dict[str, int] = field(default_factory=dict)
    status: str = "?"
    problems: list[str] = field(default_factory=list)
    #: the theme's look-alikes, one line each with its decision (``themes check`` lists them)
    lookalikes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def _pending_forms(data: dict[str, Any], lexicon: Lexicon,
                   library: dict[str, set[str]]) -> dict[str, list[str]]:
    """For each base word, the candidate forms the table does not decide at all (the layers
    changed since the table was written: run ``python -m tools.theme_forms``)."""
    forms: dict[str, Any] = data["forms"] if isinstance(data.get("forms"), dict) else {}
    layers = {fold(w) for words in (data.get("layers") or {}).values()
              if isinstance(words, list) for w in words if isinstance(w, str)}
    common = CommonWords.default()
    pending: dict[str, list[str]] = {}
    for words in (data.get("layers") or {}).values():
        for base in words if isinstance(words, list) else []:
            if not isinstance(base, str) or fold(base) not in lexicon:
                continue
            entry = forms.get(base, {}) if isinstance(forms.get(base), dict) else {}
            decided = {fold(w) for w in [*entry.get("accepted", []), *entry.get("rejected", [])]}
            missing = [d.form for d in decide(base, lexicon, common, library, layers)
                       if d.folded not in decided]
            if missing:
                pending[base] = missing
    return pending


@functools.cache
def _library(directory: Path) -> dict[str, set[str]]:
    return library_words(directory)


def check_file(path: Path, lexicon: Lexicon) -> Report:
    report = Report(path.stem)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        report.problems.append(f"não é um JSON legível ({exc})")
        return report
    if not isinstance(data, dict):
        report.problems.append("o tema deve ser um objeto JSON")
        return report
    layers: dict[str, Any] = data["layers"] if isinstance(data.get("layers"), dict) else {}
    report.sizes = {k: len(v) for k, v in layers.items() if isinstance(v, list)}
    report.status = str((data.get("curation") or {}).get("status", "?"))
    try:
        parse_theme(data, lexicon, source=path.name)
    except ThemeError as exc:
        text = exc.message.removeprefix(f"{path.name}: ")
        report.problems += text.split("; ")
    else:
        found = lookalikes(data, lexicon, CommonWords.default())
        report.lookalikes = [describe(a) for a in found]
        report.problems += [f"lookalikes: “{a.written}” parece outra palavra muito comum e "
                            "precisa de decisão (mantém ou fora)" for a in undecided(found)]
    if data.get("id") != path.stem:
        report.problems.append(f"o id “{data.get('id')}” difere do nome do arquivo")
    for layer, minimum in MINIMUM.items():
        if 0 < report.sizes.get(layer, 0) < minimum:
            report.problems.append(f"layers.{layer}: {report.sizes[layer]} palavras; "
                                   f"o mínimo é {minimum}")
    for base, missing in _pending_forms(data, lexicon, _library(path.parent)).items():
        report.problems.append(f"forms.{base}: forma sem decisão (rode python -m "
                               f"tools.theme_forms): {', '.join(missing)}")
    return report


def check(directory: Path, lexicon: Lexicon) -> list[Report]:
    return [check_file(path, lexicon) for path in sorted(directory.glob("*.json"))]


def format_reports(reports: Sequence[Report]) -> str:
    lines = []
    for r in reports:
        sizes = "/".join(str(r.sizes.get(k, 0)) for k in MINIMUM)
        lines.append(f"{'ok   ' if r.ok else 'FALHA'} {r.name:<22} {sizes:>12}  {r.status}")
        lines += [f"        - {p}" for p in r.problems]
        lines += [f"        · parecida: {a}" for a in r.lookalikes]
    failed = sum(1 for r in reports if not r.ok)
    lines.append(f"{len(reports)} temas, {failed} com problemas")
    return "\n".join(lines)


# -- suggestions ---------------------------------------------------------------------------------

#: a synonym of a word in one layer is proposed for the next layer out
NEXT_LAYER = {"core": "related", "related": "distant", "distant": "distant"}
_WEIGHT = {"core": 3, "related": 2, "distant": 1}


@dataclass(frozen=True)
class Suggestion:
    word: str
    layer: str  # where it would go
    because: tuple[str, ...]  # the theme's words it is a synonym of
    score: int


def suggest(data: dict[str, Any], lexicon: Lexicon, thesaurus: Thesaurus,
            common: CommonWords, limit: int = 30) -> list[Suggestion]:
    """Synonyms (thesaurus) of the theme's words that the dictionary has and the theme lacks,
    ranked by how many theme words point to them (core counting most), then by how common
    they are. A suggestion goes one layer further out than the word it came from."""
    layer_of = {fold(w): layer for layer, words in data["layers"].items() for w in words}
    known = set(layer_of) | {fold(f) for entry in data.get("forms", {}).values()
                             for f in [*entry.get("accepted", []), *entry.get("rejected", [])]}
    found: dict[str, dict[str, Any]] = {}
    for layer, words in data["layers"].items():
        for word in words:
            for synonym in thesaurus.of(word):
                folded = fold(synonym)
                if folded in known or folded not in lexicon or len(folded) < 3:
                    continue
                entry = found.setdefault(folded, {"display": synonym, "score": 0,
                                                  "because": [], "layer": "distant"})
                entry["score"] += _WEIGHT[layer]
                entry["because"].append(word)
                if _WEIGHT[NEXT_LAYER[layer]] > _WEIGHT[entry["layer"]]:
                    entry["layer"] = NEXT_LAYER[layer]
    ranked = sorted(found.items(), key=lambda item: (-item[1]["score"],
                                                     common.rank(item[0]) or 10**9, item[0]))
    return [Suggestion(e["display"], e["layer"], tuple(e["because"]), e["score"])
            for _, e in ranked[:limit]]


# -- statistics from self-play ----------------------------------------------------------------

def _theme_match(args: tuple[str, int]) -> Counter[str]:
    from engine.bots.levels import BotPlayer, bot_rng, level
    from engine.bots.turn import play_turn
    from engine.match import Player, Resources, new_match
    from engine.rules import RuleSet

    theme_id, index = args
    rules, res = RuleSet.standard().with_settings(cards=False), Resources.default()
    bots = [BotPlayer(level(4)), BotPlayer(level(4))]
    state, _ = new_match(rules, f"stats-{theme_id}-{index}",
                         [Player("a", "A", bot=True), Player("b", "B", bot=True)],
                         seed=f"stats-{theme_id}-{index}", now=0, theme_id=theme_id,
                         resources=res)
    bands: Counter[str] = Counter()
    while not state.finished:
        seat = state.current
        state, events = play_turn(bots[seat], rules, state, 0, resources=res,
                                  rng=bot_rng(state, seat))
        played = [e for e in events if e.kind == "move_played"]
        for event in played:
            bands[str(event.data["breakdown"]["band"])] += 1
        if not played:
            bands["(sem jogada)"] += 1
    return bands


def stats(theme_ids: Iterable[str], matches: int,
          workers: int | None = None) -> dict[str, Counter[str]]:
    """Plays by band for each theme, over ``matches`` two-player matches of level-4 bots."""
    jobs = [(t, i) for t in theme_ids for i in range(matches)]
    workers = workers or min(os.cpu_count() or 1, 4)
    out: dict[str, Counter[str]] = {t: Counter() for t, _ in jobs}
    if workers > 1:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            results = pool.map(_theme_match, jobs)
    else:
        results = [_theme_match(job) for job in jobs]
    for (theme_id, _), bands in zip(jobs, results, strict=True):
        out[theme_id] += bands
    return out


#: Every theme must give at least this share of Quente or Escaldante plays (docs/themes.md):
#: a floor, not a band, since all seats share the theme and the bands' weights are the rules.
HOT_FLOOR = 0.10


def hot_share(bands: Counter[str]) -> float:
    """The share of Quente and Escaldante plays among a theme's plays (0 with none)."""
    plays = sum(n for b, n in bands.items() if not b.startswith("("))
    return (bands["Quente"] + bands["Escaldante"]) / plays if plays else 0.0


def below_floor(table: dict[str, Counter[str]]) -> list[str]:
    """The themes whose share of Quente and Escaldante plays is under :data:`HOT_FLOOR`."""
    return sorted(t for t, bands in table.items() if hot_share(bands) < HOT_FLOOR)


def format_stats(table: dict[str, Counter[str]]) -> str:
    lines = [f"{'tema':<22} {'jogadas':>7} {'Escaldante':>10} {'Quente':>7} {'Morno':>6} "
             f"{'Frio':>6} {'Q+E':>6}"]
    shares = []
    for theme_id, bands in sorted(table.items()):
        plays = sum(n for b, n in bands.items() if not b.startswith("("))
        share = hot_share(bands)
        shares.append(share)
        lines.append(f"{theme_id:<22} {plays:>7} {bands['Escaldante']:>10} {bands['Quente']:>7} "
                     f"{bands['Morno']:>6} {bands['Frio']:>6} {100 * share:>5.1f}%")
    if shares:
        lines.append(f"Q+E: média {100 * sum(shares) / len(shares):.1f}%, "
                     f"de {100 * min(shares):.1f}% a {100 * max(shares):.1f}%")
        low = below_floor(table)
        lines.append(f"piso de {100 * HOT_FLOOR:.0f}%: " + (
            f"abaixo dele: {', '.join(low)}" if low else "todos os temas o alcançam"))
    return "\n".join(lines)
