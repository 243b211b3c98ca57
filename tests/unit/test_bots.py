"""Bot levels: legal, reproducible choices; stronger levels see and weigh more."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.bots.dawg import Dawg
from engine.bots.levels import (
    GREEDY,
    LEVELS,
    BotPlayer,
    action_command,
    bot_rng,
    choose_move,
    considered,
    leave_bounds,
    leave_value,
    level,
    level_for_rating,
)
from engine.bots.movegen import Scored
from engine.bots.search import candidates, ranked_moves
from engine.bots.vocabulary import KNOWN, known_words_graph
from engine.commands import Swap
from engine.lexicon.common_words import CommonWords
from engine.match import Player, apply, new_match
from engine.rules import RuleSet
from engine.state import MatchState
from engine.tiles import take_from_rack
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
    rack = state.seats[0].rack
    # the master and the greedy yardstick know the known words: their best among those
    every = candidates(RULES, state, 0, RES, Dawg.default(), top=None, vocabulary=KNOWN)

    def equity(move: Scored) -> float:
        kept = take_from_rack(rack, [(t.letter, t.wild) for t in move.placement.tiles])
        return move.total + leave_value(kept or [])

    best = max(equity(m) for m in every)
    assert chosen is not None and equity(chosen) == best
    greedy = choose_move(GREEDY, RULES, state, 0, RES, bot_rng(state, 0))
    assert greedy is not None
    known = [m for m in ranked_moves(RULES, state, 0, RES)
             if all(w.word in known_words_graph() for w in m.breakdown.words)]
    assert greedy.total == known[0].score


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from([*"AEIOUSRTNMLCQXZKWY", "?", "?V", "?C"]), min_size=1,
                max_size=9), st.data())
def test_no_leave_is_worth_more_than_its_bound(rack: list[str], data: st.DataObject) -> None:
    kept = data.draw(st.lists(st.sampled_from(range(len(rack))), unique=True))
    leave = [rack[i] for i in kept]
    assert leave_value(leave) <= leave_bounds(rack)[len(rack) - len(leave)] + 1e-9
    assert leave_bounds(rack)[len(rack)] == 0


def test_weaker_bots_consider_only_words_they_know() -> None:
    common = CommonWords.default()
    for seed in ("v1", "v2", "v3"):
        state = start(seed)
        themed = RES.themes.get(state.theme_id).words(RES.lexicon) or frozenset()
        for lvl in LEVELS[:4]:
            assert isinstance(lvl.vocabulary, int)
            for move, _ in considered(lvl, RULES, state, 0, RES):
                assert common.knows(move.main, lvl.vocabulary) or move.main in themed
        for move, _ in considered(LEVELS[-1], RULES, state, 0, RES):
            assert move.main in known_words_graph(), move.main  # the master: the known words
    assert LEVELS[-1].vocabulary == KNOWN


def test_each_level_knows_more_words_than_the_one_below() -> None:
    known = sum(1 for _ in known_words_graph().words())
    sizes = [lvl.vocabulary if isinstance(lvl.vocabulary, int) else known for lvl in LEVELS]
    assert sizes == sorted(sizes) and len(set(sizes)) == len(sizes)


def test_matchmaking_picks_the_level_of_nearest_rating() -> None:
    assert level_for_rating(0).number == 1
    assert level_for_rating(1390).number == 4
    assert level_for_rating(1100).number == 2  # a tie goes to the lower level
    assert level_for_rating(3000).number == 5


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


def test_the_shipped_vocabulary_graphs_hold_exactly_each_levels_words() -> None:
    """A fresh process reads them instead of building them; a stale file would teach a bot
    the wrong words (rebuild with python -m tools.lexicon_build.vocabulary)."""
    from engine.bots.vocabulary import graph_path, vocabulary_words
    from tools.lexicon_build.vocabulary import sizes

    assert sizes() == sorted(lvl.vocabulary for lvl in LEVELS[:4]
                             if isinstance(lvl.vocabulary, int))
    for size in sizes():
        path = graph_path(size)
        assert path.exists(), path.name
        assert set(Dawg.from_path(path).words()) == vocabulary_words(size)
