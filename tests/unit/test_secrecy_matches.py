"""Hidden information, across 100 simulated matches with cards: after every command, what each
seat may be sent (its view and the events it may see) never holds another seat's rack, its
pending options or the bag's generator, except what an Espião of that seat is watching."""

from __future__ import annotations

import json
from typing import Any

from engine.bots.levels import BotPlayer, bot_rng, level
from engine.bots.turn import play_turn
from engine.commands import Buy, Choose, Command, UseCard
from engine.errors import RuleError
from engine.events import Event
from engine.match import Player, apply, new_match, view
from engine.rules import RuleSet
from engine.state import MatchState
from tests.helpers import resources, walk

RES = resources()
RULES = RuleSet.standard().with_settings(round_limit=3)


def _check(state: MatchState, seat: int, sent: dict[str, Any]) -> int:
    """Assert what one seat is sent shows nothing hidden; returns the racks it showed."""
    own = state.seats[seat]
    spied = own.spying
    shown = 0
    for path, value in walk(sent):
        key = path[-1] if path else None
        assert key not in ("rng_state", "seed"), path
        if key == "rack" and isinstance(value, list):
            shown += 1
            if path[:2] == ("view", "rack"):
                assert value == list(own.rack)
            elif path[:4] == ("view", "market", "spied", "rack"):
                assert spied is not None and value == list(state.seats[spied].rack)
            else:
                event = sent["events"][path[1]]
                assert event["seat"] == seat and event["kind"] in ("rack", "spied"), event
        if key == "options":
            assert path[:3] == ("view", "market", "pending") or (
                sent["events"][path[1]]["seat"] == seat), path
    return shown


def _stealing(state: MatchState, seat: int) -> list[Any]:
    me = state.seats[seat]
    for slot, card in enumerate(me.row):
        if card is not None and card.card in ("espiao", "ladrao_de_tema"):
            out: list[Any] = [] if card.owned else [Buy(slot)]
            target = (seat + 1) % len(state.seats)
            out.append(UseCard(slot, seat=target) if card.card == "espiao" else UseCard(slot))
            if card.card == "ladrao_de_tema":
                out.append(Choose(0))
            return out
    return []


def test_a_hundred_matches_with_cards_never_show_a_seat_what_is_hidden() -> None:
    shown = spied = 0
    for index in range(100):
        seats = 2 + index % 3
        players = [Player(f"p{i}", f"P{i}", bot=True) for i in range(seats)]
        state, _ = new_match(RULES, f"secret-{index}", players, seed=f"secret-{index}", now=0,
                             resources=RES)
        bots = [BotPlayer(level(1 + (index + i) % 5)) for i in range(seats)]
        while not state.finished:
            seat = state.current

            def check(_command: Command, after: MatchState, events: list[Event]) -> None:
                nonlocal shown, spied
                for s in range(len(after.seats)):
                    sent = json.loads(json.dumps({
                        "view": view(RULES, after, s, resources=RES),
                        "events": [e.to_json() for e in events if e.visible_to(s)]}))
                    shown += _check(after, s, sent)
                spied += any(e.kind == "spied" for e in events)

            # The thief's cards first, as a person would use them; then the bot's own turn.
            for command in _stealing(state, seat):
                try:
                    state, events = apply(RULES, state, seat, command, 0, resources=RES)
                except RuleError:
                    continue
                check(command, state, events)
            state, _ = play_turn(bots[seat], RULES, state, 0, resources=RES,
                                 rng=bot_rng(state, seat), on_step=check)
    assert shown > 1000 and spied > 0, (shown, spied)
