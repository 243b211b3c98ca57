"""Move generation figures on 21×21 positions: best-move time, legal moves, a bot's turn.

Run with ``python -m bench.movegen`` (``make bench``). Positions come from a seeded match
between the scripted players at about 0, 20, 80 and 160 tiles and at its end; each is measured
with a rack of no wildcard, one and two. For each it prints the time to find the best move (the
bounded search a bot runs, best of three runs) and the number of legal moves (the full list),
then what a process builds once (the vocabularies' and a theme's graphs), the median over
positions against the targets (12 ms, 115 ms, 500 ms), the median time of a whole
turn of each level (best of seven runs, the levels taking turns) on the positions a master
bot met in four self-play matches against the greedy yardstick (target for the master: 5 ms),
and the graph's load time and memory (targets 100 ms, 60 MB). Runs longer than the time limit
are reported as such. The process keeps to one core where it can (:func:`pin_to_one_core`).
"""

from __future__ import annotations

import argparse
import gc
import os
import signal
import statistics
import time
import tracemalloc
from dataclasses import replace

from bench.report import QUICK, print_table, size
from engine.board import Board
from engine.bots.anagrams import for_graph
from engine.bots.dawg import DEFAULT_PATH, Dawg, build
from engine.bots.levels import GREEDY, LEVELS, Level, action_command, bot_rng, level
from engine.bots.movegen import generate
from engine.bots.search import ranked_moves
from engine.bots.vocabulary import vocabulary_graph
from engine.commands import Pass, Play
from engine.match import Player, Resources, apply, new_match
from engine.rules import RuleSet
from engine.state import MatchState
from tools.scripted import AnagramIndex, ScriptedPlayer

LIMIT_S = 20
TARGETS = (0, 20, 80, 160, 10**9)  # the last one: the end of the match
GOALS_MS = {0: 12, 1: 115, 2: 500}


class _TimeLimitError(Exception):
    pass


def _alarm(_signum: int, _frame: object) -> None:
    raise _TimeLimitError


def positions(rules: RuleSet, res: Resources) -> list[tuple[str, MatchState]]:
    player = ScriptedPlayer(AnagramIndex(res.lexicon))
    players = [Player(f"p{i}", f"P{i}") for i in range(4)]
    state, _ = new_match(rules.with_settings(round_limit=60, point_target=10**6), "bench",
                         players, seed="movegen", now=0, theme_id="futebol", resources=res)
    out = []
    wanted = list(TARGETS[:2] if QUICK else TARGETS)
    last = state
    while wanted:
        tiles = Board(state.board).tile_count()
        if state.finished:
            out.append((f"end ({Board(last.board).tile_count()} tiles)", last))
            break
        if tiles >= wanted[0]:
            out.append((f"{tiles} tiles", state))
            wanted.pop(0)
            continue
        found = player.best_play(rules, state, state.current, res)
        command = Play(tuple(found[0])) if found else Pass()
        last = state
        state, _ = apply(rules, state, state.current, command, 0, resources=res)
    return out


def _timed(work):  # type: ignore[no-untyped-def]
    signal.alarm(LIMIT_S)
    try:
        start = time.perf_counter()
        result = work()
        return result, time.perf_counter() - start
    except _TimeLimitError:
        return None, None
    finally:
        signal.alarm(0)


def best_move_table(rules: RuleSet, res: Resources, dawg: Dawg) -> dict[int, list[float]]:
    rows, times = [], {0: [], 1: [], 2: []}  # type: ignore[var-annotated]
    for label, state in positions(rules, res):
        seat = state.current
        base = [t for t in state.seats[seat].rack if len(t) == 1][:7]
        for wild in (0, 1) if QUICK else (0, 1, 2):
            rack = base[: 7 - wild] + ["?"] * wild
            shown = state.with_seat(seat, replace(state.seats[seat], rack=tuple(rack)))
            runs = [_timed(lambda s=shown, q=seat: ranked_moves(rules, s, q, res, dawg=dawg,
                                                                top=1))
                    for _ in range(size(3, 1))]
            if any(t is None for _, t in runs):
                best_text, best_s = f"over {LIMIT_S} s", float(LIMIT_S)
            else:
                best_s = min(t for _, t in runs)  # type: ignore[type-var]
                found = runs[0][0]
                top = f"{found[0].breakdown.main.word} {found[0].score} pts" if found else "none"
                best_text = f"best move ({top}) in {best_s * 1e3:,.0f} ms"
            times[wild].append(best_s)
            moves, _listed = _timed(lambda r=rack, s=state: generate(dawg, Board(s.board), r,
                                                                    rules.centre))
            count = f"{len(moves):,} legal moves" if moves is not None else \
                f"legal moves: over {LIMIT_S} s"
            rows.append((f"{label}, {wild} wildcard(s), rack {''.join(rack)}",
                         f"{best_text}; {count}"))
    print_table(rows)
    return times


def selfplay_positions(rules: RuleSet, res: Resources, dawg: Dawg,
                       matches: int = 4) -> list[tuple[MatchState, int]]:
    """The position before every turn of the master bot in two-player matches against the
    greedy yardstick (its seat alternates), with the master's seat."""
    jobs = []
    master, greedy = level(5), level(0)
    for m in range(matches):
        players = [Player("a", "A", bot=True), Player("b", "B", bot=True)]
        state, _ = new_match(rules, f"turns-{m}", players, seed=f"turns-{m}", now=0,
                             theme_id="futebol", resources=res)
        while not state.finished:
            seat = state.current
            lvl = master if seat == m % 2 else greedy
            if lvl is master:
                jobs.append((state, seat))
            command = action_command(lvl, rules, state, seat, res, bot_rng(state, seat), dawg)
            state, _ = apply(rules, state, seat, command, 0, resources=res)
    return jobs


def turn_times(levels: tuple[Level, ...], rules: RuleSet, res: Resources, dawg: Dawg,
               jobs: list[tuple[MatchState, int]], runs: int = 7) -> list[list[float]]:
    """Each level's whole turn (its choice of move) on each position, best of ``runs``.

    The levels take turns within each run, so that a slow spell of the machine (they last
    minutes here) falls on every level alike, and each level's best runs are spread over
    the whole measurement instead of a single stretch of it."""
    best = [[float("inf")] * len(jobs) for _ in levels]
    for _ in range(runs):
        for lvl, times in zip(levels, best, strict=True):
            for i, (state, seat) in enumerate(jobs):
                start = time.perf_counter()
                action_command(lvl, rules, state, seat, res, bot_rng(state, seat), dawg)
                times[i] = min(times[i], time.perf_counter() - start)
    return best


def first_use_costs(res: Resources) -> list[tuple[str, str]]:
    """What a process pays once: each vocabulary's graph (read from its shipped file) and a
    theme's word list and graph (built)."""
    rows = []
    for words_in in sorted({lvl.vocabulary for lvl in LEVELS
                            if isinstance(lvl.vocabulary, int)}):
        start = time.perf_counter()
        vocabulary_graph(words_in)
        rows.append((f"vocabulary graph, {words_in:,} words",
                     f"ready in {(time.perf_counter() - start) * 1e3:,.1f} ms (shipped file, "
                     f"or built if missing)"))
    theme = replace(res.themes.get("futebol"), cache={})  # as a fresh process sees it
    start = time.perf_counter()
    words = theme.words(res.lexicon) or frozenset()
    listed = time.perf_counter() - start
    start = time.perf_counter()
    Dawg(build(sorted(words)))
    rows.append(("theme words (futebol)", f"{len(words):,} words listed in "
                 f"{listed * 1e3:,.0f} ms, graph built in "
                 f"{(time.perf_counter() - start) * 1e3:,.0f} ms"))
    return rows


def graph_cost() -> tuple[float, float]:
    """Loading the move generator's data, as a fresh process does: the word graph and the
    filter of its words' letters (checked against the graph's digest)."""
    gc.collect()
    tracemalloc.start()
    start = time.perf_counter()
    graph = Dawg.from_path(DEFAULT_PATH)
    letters = for_graph(graph)
    seconds = time.perf_counter() - start
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert len(graph) > 0 and letters is not None
    return seconds, peak / 2**20


def pin_to_one_core() -> str:
    """Keep the process on one core where the system allows it: on a shared two-core
    machine, a process that moves between cores makes the same work take up to 1.5× longer
    from one run to the next; pinned, runs agree within a few percent."""
    if not hasattr(os, "sched_setaffinity"):
        return "not pinned (no affinity call here)"
    core = max(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {core})
    return f"pinned to core {core}"


def replay_turns(level_number: int, passes: int) -> None:
    """Play one level's turns on the self-play positions: once to warm the caches, then
    ``passes`` more times, printing nothing. Timings drift on a shared machine; counting
    instructions does not, so a change is best judged by the difference between
    ``--passes 1`` and ``--passes 0`` under ``valgrind --tool=cachegrind --cache-sim=no``,
    divided by the number of positions (docs/bots.md)."""
    rules = RuleSet.standard()
    res = Resources.default()
    dawg = Dawg.default()
    jobs = selfplay_positions(rules, res, dawg)
    lvl = level(level_number)
    for _ in range(1 + passes):
        for state, seat in jobs:
            action_command(lvl, rules, state, seat, res, bot_rng(state, seat), dawg)
    print(f"{len(jobs)} positions")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, metavar="LEVEL",
                        help="only replay this level's self-play turns (for valgrind)")
    parser.add_argument("--passes", type=int, default=1,
                        help="with --turns: measured passes after the warm-up one")
    args = parser.parse_args()
    if args.turns is not None:
        replay_turns(args.turns, args.passes)
        return
    print(f"process {pin_to_one_core()}")
    rules = RuleSet.standard()
    res = Resources.default()
    load_s, load_mb = graph_cost()
    dawg = Dawg.default()
    signal.signal(signal.SIGALRM, _alarm)
    times = best_move_table(rules, res, dawg)
    print()
    print_table(first_use_costs(res))
    jobs = selfplay_positions(rules, res, dawg, matches=size(4, 1))[:size(10**6, 3)]
    levels = (*LEVELS, GREEDY)
    per_level = list(zip(levels, turn_times(levels, rules, res, dawg, jobs, runs=size(7, 1)),
                         strict=True))
    print()
    rows = []
    for wild, samples in times.items():
        if not samples:
            continue
        median = statistics.median(samples) * 1e3
        rows.append((f"median best move, {wild} wildcard(s)",
                     f"{median:,.0f} ms (target {GOALS_MS[wild]} ms: "
                     f"{median / GOALS_MS[wild]:.1f}× the target)"))
    for lvl, turns in per_level:
        turn_ms = statistics.median(turns) * 1e3
        p90 = statistics.quantiles(turns, n=10)[-1] * 1e3 if len(turns) > 1 else turn_ms
        target = f" (target 5 ms: {turn_ms / 5:.1f}×)" if lvl.number == 5 else ""
        rows.append((f"median turn in self-play, level {lvl.number} ({lvl.name})",
                     f"{turn_ms:,.1f} ms over {len(turns)} positions{target}; 90th percentile "
                     f"{p90:,.0f} ms"))
    rows.append(("word graph and letter filter",
                 f"load in {load_s * 1e3:.1f} ms, {load_mb:.1f} MiB (targets 100 ms, 60 MB)"))
    print_table(rows)


if __name__ == "__main__":
    main()
