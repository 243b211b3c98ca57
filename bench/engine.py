"""Engine figures: median time of ``preview`` and of a whole ``apply`` of a play, mid-game.

Run with ``python -m bench.engine``. A four-seat match on the standard 21×21 board is played
by the greedy yardstick bot until the board holds about 40 tiles; then the play it would make
next is previewed and applied many times (the bot's search is not timed). Target: ``preview``
≤ 0.2 ms median: the page asks for one whenever the tiles a player is laying settle.
"""

from __future__ import annotations

import statistics
import time

from bench.report import print_table, size
from engine.board import Board
from engine.bots.levels import GREEDY, action_command, bot_rng, choose_move
from engine.commands import Play
from engine.match import Player, Resources, apply, new_match, preview
from engine.rules import RuleSet


def mid_game(rules: RuleSet, res: Resources, tiles_wanted: int = 40):  # type: ignore[no-untyped-def]
    players = [Player(f"p{i}", f"Jogador {i}") for i in range(4)]
    state, _ = new_match(rules, "bench", players, seed="bench-1", now=0,
                         theme_id="futebol", resources=res)
    now = 0
    while Board(state.board).tile_count() < tiles_wanted and not state.finished:
        now += 1000
        seat = state.current
        command = action_command(GREEDY, rules, state, seat, res, bot_rng(state, seat))
        state, _ = apply(rules, state, seat, command, now, resources=res)
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
    move = choose_move(GREEDY, rules, state, seat, res, bot_rng(state, seat))
    assert move is not None, "no legal play found for the benchmark position"
    tiles = move.placement.tiles
    breakdown = preview(rules, state, seat, tiles, resources=res)
    calls, rounds = size(1000, 5), size(7, 1)
    preview_us = median_us(lambda: preview(rules, state, seat, tiles, resources=res),
                           calls, rounds)
    apply_us = median_us(
        lambda: apply(rules, state, seat, Play(tuple(tiles)), now + 1, resources=res),
        calls, rounds)
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
