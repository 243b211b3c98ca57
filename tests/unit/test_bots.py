"""Bot levels: legal, reproducible choices; stronger levels see and weigh more."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.bots.levels import (
    GREEDY,
    LEVELS,
    BotPlayer,
    action_command,
    bot_rng,
    choose_move,
    leave_value,
    level,
)
from engine.bots.search import ranked_moves
from engine.commands import Swap
from engine.match import Player, apply, new_match
from engine.rules import RuleSet
from engine.state import MatchState
from tests.helpers import resources

RES = resources()
RULES = RuleSet.standard()


def start(seed: str = "bots") -> MatchState:
    players = [Player("b1", "Robô 1", bot=True), Player("b2", "Robô 2", bot=True)]
    state, _ = new_match(RULES, "m-bots", players, seed=seed, now=0, theme_id="futebol",
                         resources=RES)
    return state


def test_there_are_five_levels_with_rising_ratings() -> None:
    assert [lvl.number for lvl in LEVELS] == [1, 2, 3, 4, 5]
    assert [lvl.rating for lvl in LEVELS] == sorted(lvl.rating for lvl in LEVELS)
    assert LEVELS[-1].misses_pct == 0 and LEVELS[0].misses_pct > 0
    assert level(0) is GREEDY
    with pytest.raises(ValueError):
        level(6)


def test_a_bots_choice_is_reproducible_and_legal() -> None:
    state = start()
    for lvl in LEVELS:
        first = action_command(lvl, RULES, state, 0, RES, bot_rng(state, 0))
        again = action_command(lvl, RULES, state, 0, RES, bot_rng(state, 0))
        assert first == again
        after, _ = apply(RULES, state, 0, first, 1, resources=RES)
        assert after.current == 1


def test_the_master_plays_the_best_move_by_total_and_leave() -> None:
    state = start()
    master = LEVELS[-1]
    chosen = choose_move(master, RULES, state, 0, RES, bot_rng(state, 0))
    moves = ranked_moves(RULES, state, 0, RES, top=master.looks_at)
    assert chosen is not None and chosen in moves
    greedy = choose_move(GREEDY, RULES, state, 0, RES, bot_rng(state, 0))
    assert greedy == moves[0]


def test_a_bot_with_no_word_swaps() -> None:
    state = start()
    stuck = state.with_seat(0, replace(state.seats[0], rack=("Q", "Q", "X", "X", "K", "W", "Y")))
    command = action_command(LEVELS[-1], RULES, stuck, 0, RES, bot_rng(stuck, 0))
    assert isinstance(command, Swap) and len(command.tiles) == RULES.swap_limit


def test_leave_values_prefer_balanced_racks() -> None:
    assert leave_value(["A", "S", "R", "E"]) > leave_value(["A", "A", "E", "I"])
    assert leave_value(["S", "?"]) > leave_value(["Q", "X"])
    assert leave_value([]) == 0


def test_bots_play_a_whole_short_match() -> None:
    rules = RULES.with_settings(round_limit=3)
    state, _ = new_match(rules, "m", [Player("b1", "R1", bot=True), Player("b2", "R2", bot=True)],
                         seed="short", now=0, theme_id="futebol", resources=RES)
    bots = [BotPlayer(level(1)), BotPlayer(level(5))]
    while not state.finished:
        seat = state.current
        rng = bot_rng(state, seat)
        for command in bots[seat].market(rules, state, seat, rng):
            state, _ = apply(rules, state, seat, command, 0, resources=RES)
        command = bots[seat].action(rules, state, seat, RES, rng)
        state, _ = apply(rules, state, seat, command, 0, resources=RES)
    assert state.result is not None and state.round == 3
    assert any(h["kind"] == "play" for h in state.history)
