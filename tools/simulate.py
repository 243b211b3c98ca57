"""``vanlexis simulate``: whole matches between scripted players, and the balance figures.

Each match is played with the standard rules by :class:`tools.scripted.ScriptedPlayer`s, on
every core, from seeds derived from ``--seed``; the report gives match length, scores, seat
win rates, coins earned and spent, and for every card its purchase rate and the win rate of
the players who bought it. ``docs/balance.md`` records the figures the prices were set with.
"""

from __future__ import annotations

import multiprocessing
import os
import statistics
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TextIO

from engine.bots.turn import Policy, play_turn
from engine.cards import CARDS
from engine.events import Event
from engine.match import Player, Resources, new_match, standings
from engine.rng import Rng
from engine.rules import RuleSet
from tools.scripted import AnagramIndex, ScriptedPlayer


@dataclass
class MatchStats:
    seats: int
    turns: int
    rounds: int
    reason: str
    scores: list[int]
    winner: int
    earned: list[int]
    spent: list[int]
    bought: list[list[str]]


@dataclass
class _Ledger:
    earned: Counter[int] = field(default_factory=Counter)
    spent: Counter[int] = field(default_factory=Counter)
    bought: dict[int, list[str]] = field(default_factory=lambda: defaultdict(list))

    def record(self, rules: RuleSet, seat: int, events: list[Event]) -> None:
        for event in events:
            data = event.data
            if event.kind == "market" and event.seat is not None:
                self.earned[event.seat] += data["income"] + data["bonus"] + data["mines"]
            elif event.kind in ("passed", "timed_out") and rules.cards:
                self.earned[data["seat"]] += rules.pass_coin
            elif event.kind == "sold":
                self.earned[seat] += data["refund"]
            elif event.kind == "bought":
                self.spent[seat] += rules.card_prices[data["card"]]
                self.bought[seat].append(data["card"])


_SHARED: tuple[Callable[[int, int], Policy], Resources, RuleSet] | None = None


def play_match(args: tuple[int, int, int]) -> MatchStats:
    """One match; ``(seed, seats, index)``; the seat's policy comes from the shared chooser."""
    assert _SHARED is not None
    policy_for, res, rules = _SHARED
    seed, seats, index = args
    rng = Rng.from_seed(f"simulate-{seed}-{index}")
    policies = [policy_for(index, seat) for seat in range(seats)]
    players = [Player(f"bot{i}", f"Robô {i + 1}", bot=True) for i in range(seats)]
    state, _ = new_match(rules, f"sim-{index}", players, seed=f"{seed}-{index}", now=0,
                         resources=res)
    ledger = _Ledger()
    now = 0
    while not state.finished:
        seat = state.current
        now += 1000
        state, events = play_turn(policies[seat], rules, state, now, resources=res, rng=rng)
        ledger.record(rules, seat, events)
    assert state.result is not None
    order = standings(state)
    return MatchStats(
        seats=seats, turns=state.turn, rounds=state.round, reason=str(state.result["reason"]),
        scores=[s.score for s in state.seats], winner=order[0],
        earned=[ledger.earned[i] for i in range(seats)],
        spent=[ledger.spent[i] for i in range(seats)],
        bought=[list(ledger.bought[i]) for i in range(seats)],
    )


def _percentile(values: list[int], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    k = (len(ordered) - 1) * q
    low, high = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (k - low)


def summarise(matches: list[MatchStats]) -> dict[str, object]:
    """The balance figures over many matches."""
    seats = matches[0].seats
    scores = [s for m in matches for s in m.scores]
    wins = Counter(m.winner for m in matches)
    buyers: dict[str, list[bool]] = defaultdict(list)  # per card: did each buyer win?
    purchases: Counter[str] = Counter()
    for m in matches:
        for seat, cards in enumerate(m.bought):
            purchases.update(cards)
            for card_id in set(cards):
                buyers[card_id].append(m.winner == seat)
    players = len(matches) * seats
    cards = {}
    for card_id in CARDS:
        won = buyers.get(card_id, [])
        cards[card_id] = {
            "purchases_per_match": round(purchases[card_id] / len(matches), 3),
            "buyers": len(won),
            "buyer_share": round(len(won) / players, 3),
            "buyer_win_rate": round(sum(won) / len(won), 3) if won else None,
        }
    return {
        "matches": len(matches),
        "players": seats,
        "turns_mean": round(statistics.mean(m.turns for m in matches), 1),
        "rounds_mean": round(statistics.mean(m.rounds for m in matches), 2),
        "end_reasons": dict(Counter(m.reason for m in matches)),
        "score": {"mean": round(statistics.mean(scores), 1),
                  "p10": _percentile(scores, 0.1), "p50": _percentile(scores, 0.5),
                  "p90": _percentile(scores, 0.9),
                  "winner_mean": round(statistics.mean(max(m.scores) for m in matches), 1)},
        "seat_win_rate": [round(wins[i] / len(matches), 3) for i in range(seats)],
        "seat_score_mean": [round(statistics.mean(m.scores[i] for m in matches), 1)
                            for i in range(seats)],
        "coins_earned_mean": round(statistics.mean(c for m in matches for c in m.earned), 1),
        "coins_spent_mean": round(statistics.mean(c for m in matches for c in m.spent), 1),
        "cards": cards,
    }


class ProgressBar:
    """A one-line progress bar on a terminal (plain lines elsewhere)."""

    def __init__(self, total: int, out: TextIO) -> None:
        self.total, self.out = total, out
        self.start = time.monotonic()
        self.tty = out.isatty()
        self.last = -1.0

    def __call__(self, done: int) -> None:
        elapsed = time.monotonic() - self.start
        if not self.tty and done < self.total and elapsed - self.last < 10:
            return
        self.last = elapsed
        width = 30
        filled = int(width * done / self.total)
        eta = elapsed / done * (self.total - done) if done else 0.0
        line = (f"[{'#' * filled}{'.' * (width - filled)}] {done}/{self.total} partidas "
                f"{elapsed:5.0f}s, faltam ~{eta:4.0f}s")
        self.out.write(("\r" + line) if self.tty else line + "\n")
        if self.tty and done == self.total:
            self.out.write("\n")
        self.out.flush()


def simulate(
    matches: int, players: int, seed: int, *, workers: int | None = None,
    progress: Callable[[int], None] | None = None, rules: RuleSet | None = None,
    policy_for: Callable[[int, int], Policy] | None = None,
) -> list[MatchStats]:
    """Play ``matches`` matches on ``workers`` processes (default: every core).

    ``policy_for(match, seat)`` gives each seat's player; by default every seat is a scripted
    player.
    """
    global _SHARED  # noqa: PLW0603
    rules = rules or RuleSet.standard()
    res = Resources.default()
    if policy_for is None:
        scripted = ScriptedPlayer(AnagramIndex(res.lexicon))
        policy_for = lambda _match, _seat: scripted  # noqa: E731
    _SHARED = (policy_for, res, rules)
    jobs = [(seed, players, i) for i in range(matches)]
    workers = workers or min(os.cpu_count() or 1, 8)
    results: list[MatchStats] = []
    try:
        if workers > 1:
            with multiprocessing.get_context("fork").Pool(workers) as pool:
                for stats in pool.imap(play_match, jobs, chunksize=4):
                    results.append(stats)
                    if progress:
                        progress(len(results))
        else:
            for job in jobs:
                results.append(play_match(job))
                if progress:
                    progress(len(results))
    finally:
        _SHARED = None
    return results


def format_report(summary: dict[str, object]) -> str:
    lines = [
        f"partidas: {summary['matches']}  jogadores: {summary['players']}",
        f"turnos por partida: {summary['turns_mean']}  rodadas: {summary['rounds_mean']}  "
        f"fim: {summary['end_reasons']}",
        f"pontos: {summary['score']}",
        f"vitórias por lugar: {summary['seat_win_rate']}  "
        f"pontos médios por lugar: {summary['seat_score_mean']}",
        f"moedas ganhas / gastas por jogador: {summary['coins_earned_mean']} / "
        f"{summary['coins_spent_mean']}",
        "",
        f"{'carta':<22} {'compras/partida':>15} {'compradores':>12} {'vitórias':>9}",
    ]
    cards = summary["cards"]
    assert isinstance(cards, dict)
    for card_id, row in cards.items():
        rate = row["buyer_win_rate"]
        shown = "—" if rate is None else f"{100 * rate:.0f}%"
        lines.append(f"{CARDS[card_id].name:<22} {row['purchases_per_match']:>15} "
                     f"{row['buyers']:>12} {shown:>9}")
    return "\n".join(lines)
