"""Engine figures: median time of ``preview`` and of a whole ``apply`` of a play, mid-game.

Run with ``python bench/engine.py``. A four-seat match on the standard 21×21 board is played
by a small brute-force player until the board holds about 40 tiles; then one legal play is
previewed and applied many times. Target from the issue: ``preview`` ≤ 0.2 ms median.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from report import print_table  # noqa: E402

from engine.board import Board  # noqa: E402
from engine.commands import Pass, Play  # noqa: E402
from engine.match import Player, Resources, apply, new_match, preview  # noqa: E402
from engine.rules import RuleSet  # noqa: E402
from tests.helpers import find_play  # noqa: E402


def mid_game(rules: RuleSet, res: Resources, tiles_wanted: int = 40):  # type: ignore[no-untyped-def]
    players = [Player(f"p{i}", f"Jogador {i}") for i in range(4)]
    state, _ = new_match(rules, "bench", players, seed="bench-1", now=0,
                         theme_id="futebol", resources=res)
    now = 0
    while Board(state.board).tile_count() < tiles_wanted and not state.finished:
        now += 1000
        tiles = find_play(rules, state, state.current, res, longest=5, anchors=30)
        command = Play(tuple(tiles)) if tiles else Pass()
        state, _ = apply(rules, state, state.current, command, now, resources=res)
    return state, now


def median_us(  # type: ignore[no-untyped-def]
    func, calls: int = 1000, rounds: int = 7
) -> tuple[float, float, float]:
    """The median call time of each round; returns (best, median, worst) of those medians.

    Shared machines drift in speed from one second to the next; the best round's median is
    the figure least disturbed by neighbours, and the spread shows how much they disturbed.
    """
    medians = []
    for _ in range(rounds):
        samples = []
        for _ in range(calls):
            start = time.perf_counter()
            func()
            samples.append(time.perf_counter() - start)
        medians.append(statistics.median(samples) * 1e6)
    return min(medians), statistics.median(medians), max(medians)


def main() -> None:
    rules = RuleSet.standard()
    res = Resources.default()
    state, now = mid_game(rules, res)
    seat = state.current
    tiles = find_play(rules, state, seat, res, longest=5, anchors=40)
    assert tiles is not None, "no legal play found for the benchmark position"
    breakdown = preview(rules, state, seat, tiles, resources=res)
    preview_us = median_us(lambda: preview(rules, state, seat, tiles, resources=res))
    apply_us = median_us(
        lambda: apply(rules, state, seat, Play(tuple(tiles)), now + 1, resources=res)
    )
    rows = [
        ("board tiles", f"{Board(state.board).tile_count()}"),
        ("move previewed", f"{breakdown.main.word} ({len(tiles)} tiles, "
                           f"{len(breakdown.words)} words, {breakdown.total} points)"),
        ("preview median (best round)",
         f"{preview_us[0]:.1f} µs = {preview_us[0] / 200:.2f} × the 0.2 ms target"),
        ("preview median (median/worst round)", f"{preview_us[1]:.1f} / {preview_us[2]:.1f} µs"),
        ("apply (play) median (best round)", f"{apply_us[0]:.1f} µs"),
        ("apply median (median/worst round)", f"{apply_us[1]:.1f} / {apply_us[2]:.1f} µs"),
    ]
    print_table(rows)


if __name__ == "__main__":
    main()
