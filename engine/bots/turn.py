"""One computer-played turn, written once: the market, then the action, else a pass.

Everything that lets a policy play a seat (the game's bots in the service, the balance
simulation, the secrecy tests, the theme curator's self-play) goes through :func:`play_turn`,
so they all follow the same order and the same fallbacks:

1. Phase 2, the market: the policy's commands in order. One the rules refuse (a card that no
   longer fits, an offer it cannot pay) is skipped; a purchase ends the market, since the
   policy chose its commands before paying.
2. Phase 3, the action, if the turn is still this seat's (an instant card can end a match).
   An action the rules refuse (a word card that no longer fits the move) becomes a pass, so
   a computer-played turn always ends.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from engine.commands import Buy, Command, Pass
from engine.errors import RuleError
from engine.events import Event
from engine.match import Resources, apply
from engine.rng import Rng
from engine.rules import RuleSet
from engine.state import MatchState

#: told of every command that was applied: the command, the state after it and its events
Step = Callable[[Command, MatchState, list[Event]], None]


class Policy(Protocol):
    """What plays a seat: the bots of every level and the scripted players both fit."""

    def market(self, rules: RuleSet, state: MatchState, seat: int,
               rng: Rng) -> list[Command]: ...

    def action(self, rules: RuleSet, state: MatchState, seat: int, res: Resources,
               rng: Rng) -> Command: ...


def play_turn(
    policy: Policy, rules: RuleSet, state: MatchState, now: int, *, resources: Resources,
    rng: Rng, on_step: Step | None = None,
) -> tuple[MatchState, list[Event]]:
    """Play the current seat's whole turn with ``policy``; the state after it and every event.

    ``rng`` is the policy's own generator (its choices), not the match's: the engine draws
    from the state's. ``on_step`` sees each applied command, for callers that check or count
    what happens command by command.
    """
    seat = state.current
    events: list[Event] = []

    def run(command: Command) -> None:
        nonlocal state
        state, more = apply(rules, state, seat, command, now, resources=resources)
        events.extend(more)
        if on_step is not None:
            on_step(command, state, more)

    for command in policy.market(rules, state, seat, rng):
        try:
            run(command)
        except RuleError:
            continue
        if isinstance(command, Buy):
            break
    if state.finished or state.current != seat:
        return state, events
    try:
        run(policy.action(rules, state, seat, resources, rng))
    except RuleError:
        run(Pass())
    return state, events
