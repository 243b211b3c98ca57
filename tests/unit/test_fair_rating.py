"""Ratings cannot be farmed: early leaving is unrated, wins over newcomers are damped."""

from __future__ import annotations

import pytest

from engine.commands import Leave, Pass, Swap
from engine.match import Player, apply, new_match
from engine.rules import RuleSet
from engine.state import MatchState
from functions.service.fair_rating import (
    MIN_TURNS_PER_SEAT,
    PROVISIONAL_GAIN_SHARE,
    fair_match_update,
    unrated_reason,
)
from functions.service.rating import Rating, match_update
from tests.helpers import resources

RES = resources()
RULES = RuleSet.standard()


def _match(turns: int, end: str) -> MatchState:
    state, _ = new_match(RULES, "m", [Player("a", "Ana"), Player("b", "Bia")], seed="s",
                         now=0, theme_id="futebol", resources=RES)
    for _ in range(turns):
        # swaps: passing would end the match once everyone passed twice
        command = Pass() if end == "passes" else Swap(state.seats[state.current].rack[:1])
        state, _ = apply(RULES, state, state.current, command, 0, resources=RES)
        if state.finished:
            break
    if end == "left":
        state, _ = apply(RULES, state, 1, Leave(), 0, resources=RES)
    return state


def test_a_match_that_ends_by_leaving_before_the_minimum_of_turns_is_not_rated() -> None:
    early = _match(0, "left")
    assert early.result is not None and early.result["reason"] == "left"
    reason = unrated_reason(early)
    assert reason is not None and f"{MIN_TURNS_PER_SEAT} turnos" in reason
    assert unrated_reason(_match(MIN_TURNS_PER_SEAT * 2 - 1, "left")) is not None


def test_leaving_after_the_minimum_or_ending_otherwise_is_rated() -> None:
    assert unrated_reason(_match(MIN_TURNS_PER_SEAT * 2, "left")) is None
    passed_out = _match(4, "passes")  # everyone passed twice: a quick end, but nobody left
    assert passed_out.result is not None and passed_out.result["reason"] == "passes"
    assert unrated_reason(passed_out) is None


def test_a_win_over_a_provisional_rating_moves_a_quarter_as_far() -> None:
    farmer, newcomer = Rating(), Rating()
    plain = match_update([farmer, newcomer], [1, 2])
    fair = fair_match_update([farmer, newcomer], [1, 2])
    gain, damped = plain[0].rating - 1500, fair[0].rating - 1500
    assert 0 < damped < gain * PROVISIONAL_GAIN_SHARE * 1.2
    assert fair[1].rating == pytest.approx(plain[1].rating)  # the loser loses in full


def test_results_against_established_ratings_are_glicko_unchanged() -> None:
    ratings = [Rating(1600, 80), Rating(1500, 60), Rating(1450, 120)]
    assert fair_match_update(ratings, [2, 1, 3]) == match_update(ratings, [2, 1, 3])


def test_five_farmed_wins_no_longer_reach_the_top() -> None:
    """What was seen: five throwaway guests took a newcomer from 1500 to 1886."""
    plain = fair = Rating()
    for _ in range(5):
        plain = match_update([plain, Rating()], [1, 2])[0]
        fair = fair_match_update([fair, Rating()], [1, 2])[0]
    assert plain.rating > 1850 and fair.rating < 1650
