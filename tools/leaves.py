"""Derive the leave table: what the tiles a player keeps are worth to their next turn.

Greedy bots play two-player matches with the standard rules. After every play, the tiles the
player kept (its *leave*) are recorded with the points that player scores on its next turn. On
one turn in five a tile of the rack is turned into a wildcard before the bot looks at it, so
that wildcards, which only cards bring, are seen often enough to be valued. A least-squares fit
(with a little ridge) of those next-turn points on the leave's features gives each feature its
worth in points; a leave's value is the sum over its features, so an empty leave is worth 0.

``python -m tools.leaves --matches 300`` writes ``engine/bots/leave_table.py`` and prints the
table with its sample count and fit. The bots read that module; nothing reads files at play time.
"""

from __future__ import annotations

import multiprocessing
import os
import statistics
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from engine.bots.dawg import Dawg
from engine.bots.levels import GREEDY, action_command, bot_rng
from engine.commands import Pass, Play
from engine.errors import RuleError
from engine.match import Player, Resources, apply, new_match
from engine.rng import Rng
from engine.rules import ALPHABET, VOWELS, RuleSet
from engine.tiles import WILD_ANY, WILD_CONSONANT, WILD_VOWEL, take_from_rack
from tools.arguments import ArgumentParser, positive

OUT = Path(__file__).resolve().parents[1] / "engine" / "bots" / "leave_table.py"
WILDS = (WILD_ANY, WILD_VOWEL, WILD_CONSONANT)
FEATURES = (*ALPHABET, *WILDS, "duplicates", "imbalance")
RIDGE = 2.0


def features(leave: Sequence[str]) -> list[float]:
    """Counts of each tile, repeated tiles beyond the first, |vowels − consonants|."""
    counts = Counter(leave)
    row = [float(counts[f]) for f in (*ALPHABET, *WILDS)]
    row.append(float(sum(n - 1 for n in counts.values() if n > 1)))
    vowels = sum(1 for t in leave if t in VOWELS)
    consonants = sum(1 for t in leave if len(t) == 1 and t not in VOWELS)
    row.append(float(abs(vowels - consonants)))
    return row


def play(index: int) -> list[tuple[tuple[str, ...], int]]:
    """One match; every (leave, points scored on the next turn) pair of both players."""
    rules, res, dawg = RuleSet.standard(), Resources.default(), Dawg.default()
    rng = Rng.from_seed(f"leaves-{index}")
    players = [Player("a", "A", bot=True), Player("b", "B", bot=True)]
    themes = sorted(res.themes.ids())
    state, _ = new_match(rules, f"leaves-{index}", players, seed=f"leaves-{index}", now=0,
                         theme_id=themes[index % len(themes)], resources=res)
    pending: dict[int, tuple[str, ...]] = {}
    samples = []
    while not state.finished:
        seat = state.current
        me = state.seats[seat]
        rack = list(me.rack)
        if rng.below(5) == 0:
            rack[rng.below(len(rack))] = rng.choice(WILDS)
        state = state.with_seat(seat, replace(me, rack=tuple(rack)))
        before = state.seats[seat].score
        command = action_command(GREEDY, rules, state, seat, res, bot_rng(state, seat), dawg)
        try:
            state, _ = apply(rules, state, seat, command, 0, resources=res)
        except RuleError:
            command = Pass()
            state, _ = apply(rules, state, seat, command, 0, resources=res)
        points = state.seats[seat].score - before
        if seat in pending:
            samples.append((pending.pop(seat), points))
        if isinstance(command, Play):
            left = take_from_rack(rack, [(t.letter, t.wild) for t in command.tiles])
            pending[seat] = tuple(sorted(left or []))
    return samples


def fit(samples: Sequence[tuple[tuple[str, ...], int]]) -> tuple[list[float], float]:
    """Ridge least squares with an intercept (not penalised): weights and the intercept."""
    n = len(FEATURES) + 1
    xtx = [[0.0] * n for _ in range(n)]
    xty = [0.0] * n
    for leave, points in samples:
        row = [1.0, *features(leave)]
        for i, a in enumerate(row):
            if a:
                xty[i] += a * points
                for j, b in enumerate(row):
                    xtx[i][j] += a * b
    for i in range(1, n):
        xtx[i][i] += RIDGE
    solution = _solve(xtx, xty)
    return solution[1:], solution[0]


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [[*row, rhs] for row, rhs in zip(a, b, strict=True)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(n):
            if r != col and m[r][col]:
                factor = m[r][col] / m[col][col]
                m[r] = [x - factor * y for x, y in zip(m[r], m[col], strict=True)]
    return [m[i][n] / m[i][i] for i in range(n)]


def write(weights: Sequence[float], intercept: float, count: int, mean: float,
          path: Path = OUT) -> None:
    table = ",\n".join(f"    {name!r}: {w:.2f}" for name, w in zip(FEATURES, weights,
                                                                      strict=True))
    path.write_text(f'''"""The leave table: what kept tiles, and traits of the kept rack, are worth.

Written by ``python -m tools.leaves`` (do not edit by hand) from {count:,} plays of greedy bots
in two-player standard matches: the mean next-turn score was {mean:.1f} points, {intercept:.1f}
for an empty leave. ``duplicates`` counts repeated tiles beyond the first, ``imbalance`` is
abs(vowels − consonants); see docs/bots.md.
"""

LEAVE_WEIGHTS: dict[str, float] = {{
{table},
}}
''', encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = ArgumentParser(
        prog="python -m tools.leaves",
        description="Deriva a tabela de sobras (engine/bots/leave_table.py) de partidas entre "
        "robôs gulosos: quanto valem, no turno seguinte, as peças que um jogador guarda.")
    parser.add_argument("--matches", type=positive, default=300, metavar="N",
                        help="quantas partidas (padrão: 300)")
    parser.add_argument("--workers", type=positive, default=os.cpu_count() or 1, metavar="N",
                        help="processos (padrão: um por núcleo)")
    args = parser.parse_args(argv)
    samples: list[tuple[tuple[str, ...], int]] = []
    with multiprocessing.get_context("fork").Pool(args.workers) as pool:
        for done, found in enumerate(pool.imap_unordered(play, range(args.matches)), 1):
            samples.extend(found)
            print(f"\r{done}/{args.matches} partidas, {len(samples):,} amostras", end="",
                  file=sys.stderr, flush=True)
    print(file=sys.stderr)
    weights, intercept = fit(samples)
    mean = statistics.mean(p for _, p in samples)
    write(weights, intercept, len(samples), mean)
    for name, w in zip(FEATURES, weights, strict=True):
        print(f"{name:>10} {w:+6.2f}")
    print(f"{len(samples):,} amostras, média de pontos no turno seguinte {mean:.1f}, "
          f"intercepto {intercept:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
