"""Post-game review time: a 15-round match of four seats, every seat reviewed.

Run with ``python -m bench.review`` (``make bench``). Four level-3 bots play a seeded 15-round
match with cards off and no point target (so all 60 moves are played) in a theme; the position
before each of their moves is kept, as the service keeps it for a person's move. Then every
move of every seat is reviewed as ``engine/review.py`` does it (the best move there, the best
in the highest band reached),
timed on one core, after one warm-up review (the word graph and the theme's graph load once
per process). Target: the whole match (60 moves) within 2 s.
"""

from __future__ import annotations

import statistics
import sys
import time

from bench.movegen import pin_to_one_core
from bench.report import print_table, size
from engine.bots.levels import BotPlayer, bot_rng, level
from engine.bots.turn import play_turn
from engine.match import Player, Resources, new_match
from engine.review import position_before, review_move
from engine.rules import RuleSet

TARGET_S = 2.0


def main() -> int:
    core = pin_to_one_core()
    # No point target: all 15 rounds are played (60 moves), the longest a review gets.
    rules = RuleSet.standard().with_settings(cards=False, round_limit=size(15, 1),
                                             point_target=10**6)
    res = Resources.default()
    players = [Player(f"p{i}", f"J{i}", bot=True) for i in range(4)]
    state, _ = new_match(rules, "bench-review", players, seed="bench-review", now=0,
                         theme_id="animais", resources=res)
    bots = [BotPlayer(level(3)) for _ in players]
    moves = []
    while not state.finished:
        seat, before = state.current, state
        state, _ = play_turn(bots[seat], rules, state, 0, resources=res,
                             rng=bot_rng(state, seat))
        moves.append((seat, position_before(before, seat), dict(state.history[-1])))
    review_move(rules, moves[0][1], moves[0][0], 4, moves[0][2], res)  # warm-up
    times = []
    start = time.perf_counter()
    for seat, position, played in moves:
        t0 = time.perf_counter()
        review_move(rules, position, seat, 4, played, res)
        times.append(time.perf_counter() - t0)
    total = time.perf_counter() - start
    print(f"review of a 15-round four-seat match ({core})")
    print_table([
        ("moves reviewed", str(len(moves))),
        ("whole match", f"{total:.2f} s (target ≤ {TARGET_S:.0f} s)"),
        ("median per move", f"{1000 * statistics.median(times):.0f} ms"),
        ("slowest move", f"{1000 * max(times):.0f} ms"),
    ])
    return 0 if total <= TARGET_S else 1


if __name__ == "__main__":
    sys.exit(main())
