"""One computer-played turn (``engine.bots.turn.play_turn``): the market in order with refused
commands skipped and a purchase ending it, then the action, and a refused action becoming a
pass, so the turn always ends."""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.bots.levels import BotPlayer, bot_rng, level
from engine.bots.turn import play_turn
from engine.commands import Buy, Command, Leave, Pass, Play, Sell
from engine.events import Event
from engine.match import Player, Resources, new_match
from engine.moves import PlacedTile
from engine.rng import Rng
from engine.rules import RuleSet
from engine.state import MatchState
from tests.helpers import resources

RES = resources()
RULES = RuleSet.standard().with_settings(income_base=30)  # rich enough to buy anything


@dataclass
class Scripted:
    """A policy that plays the commands it is given, and remembers what it was asked."""

    market_commands: list[Command]
    action_command: Command
    asked_for_action: int = 0

    def market(self, rules: RuleSet, state: MatchState, seat: int, rng: Rng) -> list[Command]:
        return list(self.market_commands)

    def action(self, rules: RuleSet, state: MatchState, seat: int, res: Resources,
               rng: Rng) -> Command:
        self.asked_for_action += 1
        return self.action_command


def _start() -> MatchState:
    players = [Player("a", "Ana", bot=True), Player("b", "Bia", bot=True)]
    state, _ = new_match(RULES, "turn", players, seed="turn", now=0, theme_id="futebol",
                         resources=RES)
    return state


def _kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def test_a_refused_market_command_is_skipped_and_a_purchase_ends_the_market() -> None:
    state = _start()
    told: list[Command] = []

    def step(command: Command, _after: MatchState, _events: list[Event]) -> None:
        told.append(command)

    # Selling an offer (not owned) is refused; the first purchase is made; the second is never
    # tried, because the policy chose it before paying for the first.
    policy = Scripted([Sell(0), Buy(1), Buy(2)], Pass())
    after, events = play_turn(policy, RULES, state, 10, resources=RES, rng=Rng.from_seed("x"),
                              on_step=step)
    assert told == [Buy(1), Pass()]
    bought, offered = after.seats[0].row[1], after.seats[0].row[2]
    assert bought is not None and bought.owned
    assert offered is not None and not offered.owned
    assert _kinds(events).count("bought") == 1 and "passed" in _kinds(events)
    assert after.current == 1 and after.version == state.version + 2


def test_a_refused_action_becomes_a_pass_so_the_turn_always_ends() -> None:
    state = _start()
    nowhere = Play((PlacedTile(0, 0, state.seats[0].rack[0]),))  # not on the centre square
    after, events = play_turn(Scripted([], nowhere), RULES, state, 10, resources=RES,
                              rng=Rng.from_seed("x"))
    assert "passed" in _kinds(events) and "move_played" not in _kinds(events)
    assert after.current == 1 and after.seats[0].passes == 1


def test_no_action_is_asked_for_when_the_market_ended_the_match() -> None:
    state = _start()
    # A seat that leaves in its market (as a person may at any time) ends a two-seat match.
    policy = Scripted([Leave()], Pass())
    after, _ = play_turn(policy, RULES, state, 10, resources=RES, rng=Rng.from_seed("x"))
    assert after.finished and policy.asked_for_action == 0


def test_a_bot_of_every_level_ends_its_turn_and_the_next_seat_plays() -> None:
    for number in range(1, 6):
        state = replace(_start(), match_id=f"level-{number}")
        after, events = play_turn(BotPlayer(level(number)), RULES, state, 10, resources=RES,
                                  rng=bot_rng(state, 0))
        assert after.current == 1 and after.turn == state.turn + 1, number
        assert {"move_played", "swapped", "passed"} & set(_kinds(events)), number
