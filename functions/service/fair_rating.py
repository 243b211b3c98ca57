"""Which Normal matches move ratings, and how far a win against a newcomer moves them.

Ratings decide who meets whom and who tops the leaderboard, so they must not be farmed: a
throwaway guest who queues with you and leaves on turn 1 used to hand you a full win. Two rules
close that, both shown to the players on the end screen and in ``docs/rules.md``:

- a match that ends because people left, before every seat has had ``MIN_TURNS_PER_SEAT``
  turns, is not rated (it still counts as played);
- against an opponent whose rating is still provisional (deviation above
  ``PROVISIONAL_DEVIATION``: a newcomer, or someone back after a long absence) a result better
  than expected moves you ``PROVISIONAL_GAIN_SHARE`` as far as Glicko-2 alone would. Results
  worse than expected count in full, so losing to a newcomer still costs what it should.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.state import MatchState
from functions.service.rating import Rating, expected_score, match_update, pair_score, update

MIN_TURNS_PER_SEAT = 3
PROVISIONAL_DEVIATION = 200.0
PROVISIONAL_GAIN_SHARE = 0.25


def turns_played(state: MatchState) -> int:
    """Turns that ended with an action (a play, swap, pass or timeout), Segundo Fôlego's
    second play counting with its turn."""
    return len({int(entry["turn"]) for entry in state.history})


def unrated_reason(state: MatchState) -> str | None:
    """Why this finished Normal match does not move ratings, said to the players; None when
    it does."""
    result = state.result or {}
    needed = MIN_TURNS_PER_SEAT * len(state.seats)
    if result.get("reason") == "left" and turns_played(state) < needed:
        return (f"A partida terminou com saída antes de {MIN_TURNS_PER_SEAT} turnos de cada "
                "jogador, por isso não mexe na classificação de ninguém.")
    return None


def _score(player: Rating, opponent: Rating, score: float) -> float:
    if opponent.deviation <= PROVISIONAL_DEVIATION:
        return score
    expected = expected_score(player, opponent)
    if score <= expected:
        return score
    return expected + (score - expected) * PROVISIONAL_GAIN_SHARE


def fair_match_update(ratings: Sequence[Rating], ranks: Sequence[int]) -> list[Rating]:
    """``rating.match_update`` with a win over a provisional rating damped (see above)."""
    plain = match_update(ratings, ranks)  # checks the arguments
    if all(r.deviation <= PROVISIONAL_DEVIATION for r in ratings):
        return plain
    out = []
    for i, player in enumerate(ratings):
        results = [(opponent, _score(player, opponent, pair_score(ranks[i], ranks[j])))
                   for j, opponent in enumerate(ratings) if j != i]
        out.append(update(player, results))
    return out
