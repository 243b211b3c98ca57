"""A hypothesis state machine over the engine: random legal and illegal commands, cards
included, with the match's invariants checked after every step."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from engine.bots.levels import GREEDY, action_command, bot_rng
from engine.commands import Buy, Command, Pass, Play, Sell, Swap, Timeout, UseCard
from engine.errors import RuleError
from engine.match import Player, apply, new_match, replay, view
from engine.moves import PlacedTile
from engine.rules import RuleSet
from engine.state import MatchState
from tests.helpers import resources

RES = resources()


class MatchMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.rules = RuleSet.standard()
        self.state: MatchState | None = None
        self.start: MatchState | None = None
        self.log: list[tuple[int, Command, int]] = []
        self.scores: list[int] = []
        self.placed: dict[tuple[int, int], str] = {}
        self.now = 0

    @initialize(seats=st.integers(min_value=2, max_value=4), seed=st.integers(0, 10**6),
                cards=st.booleans())
    def begin(self, seats: int, seed: int, cards: bool) -> None:
        self.rules = RuleSet.standard().with_settings(cards=cards, round_limit=4)
        players = [Player(f"p{i}", f"P{i}") for i in range(seats)]
        self.state, _ = new_match(self.rules, f"m-{seed}", players, seed=seed, now=0,
                                  resources=RES)
        self.start = self.state
        self.scores = [0] * seats

    def _apply(self, command: Command) -> bool:
        """Apply for the current seat; a refusal must leave the state as it was."""
        assert self.state is not None
        seat = self.state.current
        self.now += 1000
        try:
            after, _ = apply(self.rules, self.state, seat, command, self.now, resources=RES)
        except RuleError:
            return False
        self.log.append((seat, command, self.now))
        if isinstance(command, Play):
            for tile in command.tiles:
                self.placed[(tile.row, tile.col)] = tile.cell
        self.state = after
        return True

    def _live(self) -> bool:
        return self.state is not None and not self.state.finished

    @precondition(_live)
    @rule()
    def play_the_best_move(self) -> None:
        assert self.state is not None
        seat = self.state.current
        self._apply(action_command(GREEDY, self.rules, self.state, seat, RES,
                                   bot_rng(self.state, seat)))

    @precondition(_live)
    @rule(row=st.integers(-2, 22), col=st.integers(-2, 22), letter=st.sampled_from("AEQZ?"),
          count=st.integers(1, 3))
    def play_something_random(self, row: int, col: int, letter: str, count: int) -> None:
        tiles = tuple(PlacedTile(row, col + i, letter, letter == "?") for i in range(count))
        before = self.state
        if not self._apply(Play(tiles)):
            assert self.state is before

    @precondition(_live)
    @rule(kind=st.sampled_from(["pass", "swap", "timeout", "stale_timeout"]))
    def pass_swap_or_time_out(self, kind: str) -> None:
        assert self.state is not None
        command: Command = Pass()
        if kind == "swap":
            command = Swap(tuple(self.state.seats[self.state.current].rack[:2]))
        elif kind == "timeout":
            command = Timeout(self.state.turn)
        elif kind == "stale_timeout":
            command = Timeout(self.state.turn - 1)
        before = self.state
        applied = self._apply(command)
        if not applied:
            assert self.state is before
        assert applied == (kind != "stale_timeout") or kind == "swap"

    @precondition(_live)
    @rule(slot=st.integers(-1, 4), action=st.sampled_from(["buy", "use", "sell"]),
          aim=st.integers(0, 3))
    def market(self, slot: int, action: str, aim: int) -> None:
        command: Command = Buy(slot) if action == "buy" else Sell(slot) if action == "sell" \
            else UseCard(slot, square=(aim, aim), seat=aim)
        before = self.state
        if not self._apply(command):
            assert self.state is before

    @rule()
    def a_finished_match_refuses_every_command(self) -> None:
        if self.state is None or not self.state.finished:
            return
        for command in (Pass(), Timeout(self.state.turn)):
            try:
                apply(self.rules, self.state, self.state.current, command, self.now,
                      resources=RES)
            except RuleError:
                continue
            raise AssertionError(f"{command} applied to a finished match")

    @invariant()
    def scores_never_drop_and_coins_never_go_negative(self) -> None:
        if self.state is None:
            return
        for i, seat in enumerate(self.state.seats):
            assert seat.score >= self.scores[i]
            assert seat.coins >= 0
            self.scores[i] = seat.score

    @invariant()
    def racks_are_the_right_size(self) -> None:
        if self.state is None:
            return
        for i, seat in enumerate(self.state.seats):
            full = self.rules.rack_size + seat.extra_tiles
            if i != self.state.current or not seat.plays_this_turn:
                assert len(seat.rack) <= full + 1 and len(seat.rack) >= min(full, 1), (i, seat.rack)
            assert seat.extra_tiles <= self.rules.max_rack_size - self.rules.rack_size
            assert len(seat.rack) <= self.rules.max_rack_size, (i, seat.rack)

    @invariant()
    def the_board_holds_every_played_tile(self) -> None:
        if self.state is None:
            return
        for (row, col), cell in self.placed.items():
            assert self.state.board[row][col] == cell

    @invariant()
    def views_never_show_another_rack(self) -> None:
        if self.state is None:
            return
        for s in range(len(self.state.seats)):
            seen: dict[str, Any] = view(self.rules, self.state, s, resources=RES)
            assert seen["rack"] == list(self.state.seats[s].rack)
            assert all("rack" not in entry for entry in seen["seats"])  # type: ignore[union-attr]
            spied = (seen.get("market") or {}).get("spied")
            if spied is not None:
                assert spied["seat"] == self.state.seats[s].spying

    @invariant()
    def replaying_the_log_gives_the_same_state(self) -> None:
        if self.start is None or self.state is None or len(self.log) % 5:
            return
        assert replay(self.rules, self.start, self.log, resources=RES) == self.state


TestMatchMachine = MatchMachine.TestCase
TestMatchMachine.settings = settings(max_examples=25, stateful_step_count=30, deadline=None,
                                     suppress_health_check=list(HealthCheck))
