"""The match flow: turns and rounds, play, swap, pass, timeout, leave, the end and tie-breaks."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from engine.chain import Chain
from engine.commands import Clock, Leave, Pass, Play, Swap, Timeout
from engine.errors import RuleError
from engine.match import Player, apply, new_match, replay, standings, view
from engine.rules import RuleSet
from engine.state import MatchState, Seat
from tests.helpers import find_play, resources

RES = resources()
PLAYERS = [Player("p1", "Ana"), Player("p2", "Bia")]


def start(rules: RuleSet | None = None, players: list[Player] | None = None,
          theme: str | None = "futebol", seed: str = "s1") -> MatchState:
    state, _ = new_match(rules or RuleSet.standard(), "m1", players or PLAYERS, seed=seed,
                         now=0, theme_id=theme, resources=RES)
    return state


def frozen(state: MatchState) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def test_new_match_deals_full_racks_and_starts_turn_one() -> None:
    state, events = new_match(RuleSet.standard(), "m1", PLAYERS, seed="s", now=1000,
                              theme_id="futebol", resources=RES)
    assert [len(s.rack) for s in state.seats] == [7, 7]
    assert (state.turn, state.round, state.current, state.version) == (1, 1, 0, 1)
    assert state.deadline_ms == 1000 + 90_000
    assert [e.kind for e in events] == ["match_started", "turn_started", "market"]
    assert events[2].seat == 0 and len(state.seats[0].row) == 4
    assert state.seats[0].coins == RuleSet.standard().income_base


def test_the_theme_is_drawn_from_the_seed_and_classic_has_none() -> None:
    drawn = [start(theme=None, seed=f"s{i}").theme_id for i in range(12)]
    assert set(drawn) <= set(RES.themes.ids()) and len(set(drawn)) > 1
    assert drawn == [start(theme=None, seed=f"s{i}").theme_id for i in range(12)]
    assert start(RuleSet.classic(), theme="futebol").theme_id is None


def test_bad_tables_are_refused() -> None:
    with pytest.raises(RuleError) as caught:
        start(players=[Player("p1", "Ana")])
    assert caught.value.code == "match.seats"
    with pytest.raises(RuleError):
        start(players=[Player("p1", "Ana"), Player("p1", "Ana")])
    with pytest.raises(RuleError) as unknown:
        start(theme="nao-existe")
    assert unknown.value.code == "theme.unknown"


def test_a_play_scores_refills_and_passes_the_turn() -> None:
    rules = RuleSet.standard()
    state = start()
    tiles = find_play(rules, state, 0, RES)
    assert tiles is not None
    after, events = apply(rules, state, 0, Play(tuple(tiles)), 5000, resources=RES)
    assert after.seats[0].score > 0 and len(after.seats[0].rack) == 7
    assert after.current == 1 and after.turn == 2 and after.version == state.version + 1
    assert after.seats[0].thinking_ms == 5000
    kinds = [(e.kind, e.seat) for e in events]
    assert ("move_played", None) in kinds and ("rack", 0) in kinds
    assert after.history[-1]["kind"] == "play"


def test_acting_out_of_turn_is_refused_and_changes_nothing() -> None:
    state = start()
    before = frozen(state)
    with pytest.raises(RuleError) as caught:
        apply(RuleSet.standard(), state, 1, Pass(), 10, resources=RES)
    assert caught.value.code == "turn.not_yours"
    assert frozen(state) == before


def test_swap_takes_one_to_three_tiles_from_the_rack() -> None:
    rules = RuleSet.standard()
    state = start()
    rack = state.seats[0].rack
    for bad, code in [((), "swap.count"), (rack[:4], "swap.count"), (("K", "K", "W"),
                                                                     "swap.not_in_rack")]:
        with pytest.raises(RuleError) as caught:
            apply(rules, state, 0, Swap(tuple(bad)), 10, resources=RES)
        assert caught.value.code == code
    after, events = apply(rules, state, 0, Swap(rack[:3]), 10, resources=RES)
    assert len(after.seats[0].rack) == 7 and after.seats[0].passes == 0
    assert [e.kind for e in events][:2] == ["swapped", "rack"]


def test_pass_and_timeout_count_as_passes_and_break_the_chain() -> None:
    rules = RuleSet.standard()
    state = start()
    state = state.with_seat(0, replace(state.seats[0], chain=Chain(2, ("GOL", "BOLA"))))
    after, events = apply(rules, state, 0, Pass(), 10, resources=RES)
    assert after.seats[0].passes == 1 and after.seats[0].chain.length == 0
    assert events[0].data["chain"] == "breaks"
    with pytest.raises(RuleError) as stale:
        apply(rules, after, 1, Timeout(turn=1), 20, resources=RES)
    assert stale.value.code == "turn.stale"
    timed, events = apply(rules, after, 1, Timeout(turn=after.turn), 20, resources=RES)
    assert timed.seats[1].passes == 1 and events[0].kind == "timed_out"


def test_a_move_after_the_deadline_and_its_grace_is_refused_and_changes_nothing() -> None:
    rules = RuleSet.standard()
    state = start()
    late = state.deadline_ms + rules.late_grace_ms
    before = frozen(state)
    tiles = find_play(rules, state, 0, RES)
    assert tiles is not None
    for command in (Play(tuple(tiles)), Swap(state.seats[0].rack[:1]), Pass()):
        with pytest.raises(RuleError) as caught:
            apply(rules, state, 0, command, late + 1, resources=RES)
        assert caught.value.code == "turn.expired"
    assert frozen(state) == before
    # Within the grace the move still counts; the turn's own timeout always does.
    played, _ = apply(rules, state, 0, Play(tuple(tiles)), late, resources=RES)
    assert played.seats[0].score > 0
    timed, _ = apply(rules, state, 0, Timeout(turn=state.turn), late + 60_000, resources=RES)
    assert timed.history[-1]["kind"] == "timed_out"


def test_everyone_passing_twice_in_a_row_ends_the_match() -> None:
    rules = RuleSet.standard()
    state = start()
    for i in range(4):
        assert not state.finished
        state, events = apply(rules, state, state.current, Pass(), i, resources=RES)
    assert state.finished and state.result is not None
    assert state.result["reason"] == "passes"
    assert events[-1].kind == "match_ended"


def test_the_round_limit_ends_the_match_after_the_round_is_complete() -> None:
    rules = RuleSet.standard().with_settings(round_limit=2)
    state = start(rules)
    for seat in (0, 1, 0):
        state, _ = apply(rules, state, seat, Swap(state.seats[seat].rack[:1]), 1, resources=RES)
        assert not state.finished
    state, _ = apply(rules, state, 1, Swap(state.seats[1].rack[:1]), 2, resources=RES)
    assert state.finished and state.result and state.result["reason"] == "rounds"
    assert state.round == 2


def test_reaching_the_point_target_ends_the_match() -> None:
    rules = RuleSet.standard().with_settings(point_target=1)
    state = start(rules)
    tiles = find_play(rules, state, 0, RES)
    assert tiles is not None
    state, _ = apply(rules, state, 0, Play(tuple(tiles)), 1, resources=RES)
    assert state.finished and state.result and state.result["reason"] == "target"
    assert state.result["winner"] == 0


def test_commands_after_the_end_are_refused() -> None:
    rules = RuleSet.standard().with_settings(point_target=1)
    state = start(rules)
    state, _ = apply(rules, state, 0, Play(tuple(find_play(rules, state, 0, RES) or [])), 1,
                     resources=RES)
    with pytest.raises(RuleError) as caught:
        apply(rules, state, 1, Pass(), 2, resources=RES)
    assert caught.value.code == "match.over"


def _seat(name: str, score: int, longest: str = "", passes: int = 0, ms: int = 0) -> Seat:
    return Seat(name, name, score=score, longest_word=longest, passes=passes, thinking_ms=ms)


def test_ties_break_by_longest_word_then_fewer_passes_then_less_time() -> None:
    state = start()
    seats = (_seat("a", 50, "CASA", 1, 10), _seat("b", 50, "CASADO", 3, 99),
             _seat("c", 50, "CASADO", 1, 50), _seat("d", 50, "CASADO", 1, 20))
    assert standings(replace(state, seats=seats)) == [3, 2, 1, 0]


def test_leaving_a_two_seat_match_ends_it_and_the_other_wins() -> None:
    state = start()
    after, events = apply(RuleSet.standard(), state, 1, Leave(), 5, resources=RES)
    assert after.finished and after.result and after.result["winner"] == 0
    assert after.result["reason"] == "left"
    assert events[0].kind == "seat_left"


def test_a_seat_that_left_passes_at_once() -> None:
    rules = RuleSet.standard()
    players = [*PLAYERS, Player("p3", "Caio")]
    state = start(players=players)
    state, _ = apply(rules, state, 1, Leave(), 5, resources=RES)
    assert not state.finished and state.seats[1].left
    state, _ = apply(rules, state, 0, Pass(), 6, resources=RES)
    assert state.current == 2 and state.seats[1].passes == 1


def test_views_show_only_the_own_rack() -> None:
    state = start()
    mine = view(RuleSet.standard(), state, 0, resources=RES)
    assert mine["rack"] == list(state.seats[0].rack)
    text = json.dumps(mine)
    assert json.dumps(list(state.seats[1].rack)) not in text
    spectator = view(RuleSet.standard(), state, None, resources=RES)
    assert "rack_size" in text and spectator["rack"] is None
    assert mine["theme"] == RES.themes.get("futebol").public()


def test_state_round_trips_through_json() -> None:
    state = start()
    assert MatchState.from_json(json.loads(json.dumps(state.to_json()))) == state
    with pytest.raises(RuleError):
        MatchState.from_json({"format": 1})
    with pytest.raises(RuleError):
        MatchState.from_json("nonsense")


def test_solo_is_one_seat_and_each_turn_is_a_round() -> None:
    rules = RuleSet.solo().with_settings(round_limit=3)
    state = start(rules, players=[Player("p1", "Ana")])
    assert len(state.seats) == 1
    for expected_round in (1, 2, 3):
        assert state.round == expected_round and not state.finished
        state, _ = apply(rules, state, 0, Swap(state.seats[0].rack[:1]), 1, resources=RES)
    assert state.finished and state.result and state.result["reason"] == "rounds"


def test_classic_rules_score_every_word_as_frio() -> None:
    rules = RuleSet.classic()
    state = start(rules)
    tiles = find_play(rules, state, 0, RES)
    assert tiles is not None
    after, events = apply(rules, state, 0, Play(tuple(tiles)), 1, resources=RES)
    assert events[0].data["band"] == "Frio"
    assert after.theme_id is None and after.seats[0].chain.length == 0


def test_a_match_replays_exactly_from_its_seed_and_command_log() -> None:
    rules = RuleSet.standard()
    first = start(seed="replay")
    log = []
    state = first
    for turn in range(6):
        seat = state.current
        tiles = find_play(rules, state, seat, RES, longest=3, anchors=4)
        command = Play(tuple(tiles)) if tiles else Pass()
        log.append((seat, command, 1000 * turn))
        state, _ = apply(rules, state, seat, command, 1000 * turn, resources=RES)
    again = start(seed="replay")
    assert frozen(again) == frozen(first)
    assert frozen(replay(rules, again, log, resources=RES)) == frozen(state)


def test_a_table_that_allows_it_stops_and_restarts_the_turns_clock() -> None:
    """Solo's pause (the tour): stopping moves the deadline ``pause_seconds`` ahead, so a move
    long after the turn's own time is taken; restarting gives a whole turn. The turn stays."""
    rules = RuleSet.standard().with_settings(pause_seconds=1800)
    state = start(rules)
    stopped, events = apply(rules, state, 0, Clock(False), 10_000, resources=RES)
    assert stopped.deadline_ms == 10_000 + 1_800_000 and stopped.turn == state.turn
    assert [e.kind for e in events] == ["clock"] and events[0].public
    late = 10_000 + 600_000  # ten minutes on: past the 90 s turn, within the pause
    tiles = find_play(rules, stopped, 0, RES)
    played, _ = apply(rules, stopped, 0, Play(tuple(tiles)), late, resources=RES)
    assert played.turn == state.turn + 1
    again, _ = apply(rules, stopped, 0, Clock(True), late, resources=RES)
    assert again.deadline_ms == late + rules.turn_seconds * 1000


def test_the_clock_stops_nowhere_else_and_only_for_the_seat_whose_turn_it_is() -> None:
    state = start()
    with pytest.raises(RuleError) as refused:
        apply(RuleSet.standard(), state, 0, Clock(False), 1000, resources=RES)
    assert refused.value.code == "clock.not_pausable"
    rules = RuleSet.standard().with_settings(pause_seconds=1800)
    with pytest.raises(RuleError) as other:
        apply(rules, start(rules), 1, Clock(False), 1000, resources=RES)
    assert other.value.code == "turn.not_yours"


def _round_of_timeouts(rules: RuleSet, state: MatchState, now: int,
                       acted: bool = False) -> tuple[MatchState, list[str]]:
    """Seat 0 lets its turn run out (or, ``acted``, passes), the others swap a tile."""
    command = Pass() if acted else Timeout(turn=state.turn)
    state, events = apply(rules, state, 0, command, now, resources=RES)
    kinds = [e.kind for e in events]
    for seat in (1, 2):
        if state.finished or state.current != seat:
            break
        state, more = apply(rules, state, seat, Swap(state.seats[seat].rack[:1]), now,
                            resources=RES)
        kinds += [e.kind for e in more]
    return state, kinds


THREE = [Player("p1", "Ana"), Player("p2", "Bia"), Player("p3", "Caio")]


def test_a_seat_that_lets_its_turns_run_out_leaves_when_the_table_says_so() -> None:
    rules = replace(RuleSet.standard(), timeouts_to_leave=3)
    state = start(rules, THREE)
    state, _ = _round_of_timeouts(rules, state, 10)
    state, _ = _round_of_timeouts(rules, state, 20)
    assert state.seats[0].timeouts_in_row == 2 and not state.seats[0].left
    state, kinds = _round_of_timeouts(rules, state, 30)
    assert state.seats[0].left and not state.finished
    assert kinds[:2] == ["seat_left", "timed_out"]
    # Its later turns pass at once: the table goes on between the two others.
    assert state.current == 1
    # A leaver by timeouts is told apart from one who chose to leave.
    left = apply(rules, start(rules, THREE), 0, Leave(), 5, resources=RES)[1][0]
    assert left.data == {"seat": 0, "reason": "left"}


def test_a_move_between_timeouts_starts_the_count_again() -> None:
    rules = replace(RuleSet.standard(), timeouts_to_leave=3)
    state = start(rules, THREE)
    state, _ = _round_of_timeouts(rules, state, 10)
    state, _ = _round_of_timeouts(rules, state, 20)
    state, _ = _round_of_timeouts(rules, state, 30, acted=True)
    assert state.seats[0].timeouts_in_row == 0
    state, _ = _round_of_timeouts(rules, state, 40)
    state, _ = _round_of_timeouts(rules, state, 50)
    assert not state.seats[0].left and state.seats[0].timeouts_in_row == 2
    # Read back from storage, the count is kept.
    assert MatchState.from_json(state.to_json()).seats[0].timeouts_in_row == 2


def test_a_live_table_never_lets_a_seat_go_for_its_timeouts() -> None:
    rules = RuleSet.standard()
    assert rules.timeouts_to_leave == 0
    state = start(rules, THREE)
    for now in range(10, 60, 10):
        state, _ = _round_of_timeouts(rules, state, now)
    assert not state.seats[0].left and state.seats[0].timeouts_in_row == 5


def test_a_two_seat_match_ends_when_one_seat_times_out_for_good() -> None:
    rules = replace(RuleSet.standard(), timeouts_to_leave=2, passes_to_end=9)
    state = start(rules)
    for now in (10, 20):
        state, _ = apply(rules, state, 0, Timeout(turn=state.turn), now, resources=RES)
        if not state.finished:
            state, _ = apply(rules, state, 1, Swap(state.seats[1].rack[:1]), now,
                             resources=RES)
    assert state.finished and state.seats[0].left
