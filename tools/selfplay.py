"""``vanlexis selfplay``: bots of chosen levels play each other; win rates per level.

The levels' seats rotate from one match to the next, so that every level plays from every
seat as often as the others and the second-seat edge (docs/balance.md) cancels out.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence

from engine.bots.levels import BotPlayer, level
from engine.rules import RuleSet
from tools.simulate import simulate


def selfplay(matches: int, levels: Sequence[int], seed: int, *, workers: int | None = None,
             progress: Callable[[int], None] | None = None,
             rules: RuleSet | None = None) -> list[dict[str, object]]:
    seats = len(levels)
    bots = {n: BotPlayer(level(n)) for n in set(levels)}

    def level_at(match: int, seat: int) -> int:
        return levels[(seat + match) % seats]

    results = simulate(matches, seats, seed, workers=workers, progress=progress, rules=rules,
                       policy_for=lambda match, seat: bots[level_at(match, seat)])
    rows = []
    for number in dict.fromkeys(levels):
        played = wins = 0
        scores: list[int] = []
        for index, stats in enumerate(results):
            for seat in range(seats):
                if level_at(index, seat) != number:
                    continue
                played += 1
                scores.append(stats.scores[seat])
                wins += stats.winner == seat
        lvl = level(number)
        rows.append({"level": number, "name": lvl.name, "rating": lvl.rating,
                     "seats_played": played, "wins": wins,
                     "win_rate": round(wins / played, 3) if played else None,
                     "score_mean": round(statistics.mean(scores), 1) if scores else None})
    return rows


def format_rows(rows: Sequence[dict[str, object]]) -> str:
    lines = [f"{'nível':<14} {'rating':>6} {'lugares':>8} {'vitórias':>8} {'taxa':>6} "
             f"{'pontos':>7}"]
    for row in rows:
        rate = row["win_rate"]
        lines.append(
            f"{row['level']} {row['name']:<12} {row['rating']:>6} {row['seats_played']:>8} "
            f"{row['wins']:>8} {'—' if rate is None else f'{100 * float(rate):.0f}%':>6} "
            f"{row['score_mean']:>7}"
        )
    return "\n".join(lines)
