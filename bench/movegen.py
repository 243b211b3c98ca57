"""Move generation figures on 21×21 positions: legal moves and the time to list them.

Run with ``python bench/movegen.py``. Positions come from a seeded match between the scripted
players at about 0, 20, 80 and 160 tiles; each is measured with a rack of no wildcard, one and
two. Targets from issue 5 (for the best move, with upper-bound pruning, which is not built
yet): 12 ms with no wildcard, 115 ms with one, 500 ms with two. Runs longer than the time
limit are reported as such instead of being waited for.
"""

from __future__ import annotations

import signal
import sys
import time
from dataclasses import replace
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from report import print_table  # noqa: E402

from engine.board import Board  # noqa: E402
from engine.bots.dawg import Dawg  # noqa: E402
from engine.bots.movegen import generate  # noqa: E402
from engine.bots.search import ranked_moves  # noqa: E402
from engine.commands import Pass, Play  # noqa: E402
from engine.match import Player, Resources, apply, new_match  # noqa: E402
from engine.rules import RuleSet  # noqa: E402
from engine.state import MatchState  # noqa: E402
from tools.scripted import AnagramIndex, ScriptedPlayer  # noqa: E402

LIMIT_S = 20
TARGETS = (0, 20, 80, 160)


class _TimeLimitError(Exception):
    pass


def _alarm(_signum: int, _frame: object) -> None:
    raise _TimeLimitError


def positions(rules: RuleSet, res: Resources) -> list[tuple[int, MatchState]]:
    player = ScriptedPlayer(AnagramIndex(res.lexicon))
    players = [Player(f"p{i}", f"P{i}") for i in range(4)]
    state, _ = new_match(rules.with_settings(round_limit=200, point_target=10**6), "bench",
                         players, seed="movegen", now=0, theme_id="futebol", resources=res)
    out = []
    wanted = list(TARGETS)
    while wanted and not state.finished:
        tiles = Board(state.board).tile_count()
        if tiles >= wanted[0]:
            out.append((tiles, state))
            wanted.pop(0)
            continue
        found = player.best_play(rules, state, state.current, res)
        command = Play(tuple(found[0])) if found else Pass()
        state, _ = apply(rules, state, state.current, command, 0, resources=res)
    return out


def main() -> None:
    rules = RuleSet.standard()
    res = Resources.default()
    dawg = Dawg.default()
    signal.signal(signal.SIGALRM, _alarm)
    rows = []
    for tiles, state in positions(rules, res):
        seat = state.current
        base = [t for t in state.seats[seat].rack if len(t) == 1][:7]
        for wild in (0, 1, 2):
            rack = base[: 7 - wild] + ["?"] * wild
            signal.alarm(LIMIT_S)
            try:
                start = time.perf_counter()
                moves = generate(dawg, Board(state.board), rack, rules.centre)
                generation = time.perf_counter() - start
                shown = state.with_seat(seat, replace(state.seats[seat], rack=tuple(rack)))
                start = time.perf_counter()
                best = ranked_moves(rules, shown, seat, res, dawg=dawg, top=1)
                best_s = time.perf_counter() - start
                top = f"{best[0].breakdown.main.word} {best[0].score} pts" if best else "-"
                figure = (f"{len(moves):,} moves listed in {generation * 1e3:,.0f} ms; "
                          f"best move ({top}) in {best_s * 1e3:,.0f} ms")
            except _TimeLimitError:
                figure = f"over {LIMIT_S} s"
            finally:
                signal.alarm(0)
            rows.append((f"{tiles:>3} tiles, {wild} wildcard(s), rack {''.join(rack)}", figure))
    print_table(rows)


if __name__ == "__main__":
    main()
