"""Hidden information stays hidden: every frame of a whole 4-player match with cards is scanned.

Four people play (their moves chosen by a bot that buys and uses cards, sent as messages). A
frame to a seat may show a rack only as that seat's own rack, or the rack its Espião is
watching; a Ladrão de Tema's (or Ímã's) options only to their owner; never a random
generator's state or seed.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.bots.levels import BotPlayer, bot_rng, level
from engine.state import MatchState, Slot
from infra.local.in_process import Client, World, message_for
from tests.helpers import resources, walk

RES = resources()
FORBIDDEN_KEYS = {"rng_state", "seed", "rng"}


def _check_frame(frame: dict[str, Any], seat: int, racks: list[list[str]]) -> int:
    """Assert the frame shows nothing of another seat; return how many racks it showed."""
    shown = 0
    view = frame.get("view") or {}
    market = view.get("market") or {}
    spied = (market.get("spied") or {}).get("seat")
    for path, value in walk(frame):
        key = path[-1] if path else None
        assert key not in FORBIDDEN_KEYS, path
        if key == "rack" and isinstance(value, list):
            shown += 1
            if path == ("view", "market", "spied", "rack"):
                assert spied is not None and spied != seat
            elif path == ("view", "rack"):
                assert value == view_rack(frame)
            else:
                # An engine event: the seat's own new rack, or what its Espião saw.
                assert path[0] == "events" and path[2:] == ("data", "rack"), path
                event = frame["events"][path[1]]
                assert event["kind"] in ("rack", "spied"), event["kind"]
                if event["kind"] == "rack":
                    assert value == racks[seat] or value == view_rack(frame), (seat, value)
                else:
                    assert event["data"]["seat"] != seat
        if key == "options":
            assert path[:3] == ("view", "market", "pending") or (
                path[0] == "events" and frame["events"][path[1]]["kind"] == "choose"), path
        if key == "seats" and isinstance(value, list) and path == ("view", "seats"):
            assert all("rack" not in s for s in value)
    return shown


def _spy_and_steal(state: MatchState, seat: int, rules: Any) -> list[Any]:
    """Buy an Espião or a Ladrão de Tema when one is offered, and use it: the cards whose
    secrets this test is about."""
    from engine.commands import Buy, Choose, UseCard

    me = state.seats[seat]
    out: list[Any] = []
    for slot, card in enumerate(me.row):
        if card is None or card.card not in ("espiao", "ladrao_de_tema"):
            continue
        if not card.owned and rules.card_prices[card.card] <= me.coins:
            out.append(Buy(slot))
        if card.owned or out:
            out.append(UseCard(slot, seat=(seat + 1) % len(state.seats))
                       if card.card == "espiao" else UseCard(slot))
            if card.card == "ladrao_de_tema":
                out.append(Choose(0))
        break
    return out


def _offer_the_secret_cards(world: World, match_id: str) -> None:
    """Seat 0 finds Espião and seat 1 Ladrão de Tema in its market row, with the coins to buy
    them: the cards whose secrets this test is about are played whatever the draw."""
    record = world.repository.load_match(match_id)
    assert record is not None
    state = MatchState.from_json(record.state)
    for seat, card in ((0, "espiao"), (1, "ladrao_de_tema")):
        me = state.seats[seat]
        state = state.with_seat(seat, replace(me, coins=max(me.coins, 20),
                                              row=(Slot(card, owned=False), *me.row[1:])))
    state = replace(state, version=record.version + 1)
    world.repository.save_match(replace(record, version=state.version, state=state.to_json()),
                                record.version, 0)


def view_rack(frame: dict[str, Any]) -> list[str]:
    return list(frame["view"]["rack"])


def test_no_frame_shows_a_seat_anything_hidden_from_it(world: World) -> None:
    players = [world.connect(n) for n in ("Ana", "Bia", "Caio", "Duda")]
    host = players[0]
    host.send("createRoom", settings={"turnSeconds": 60, "rounds": 10, "cards": True})
    code = host.last("room")["code"]
    for p in players[1:]:
        p.send("joinRoom", code=code)
    host.send("startRoom", code=code)
    match_id = host.last("view")["matchId"]
    _offer_the_secret_cards(world, match_id)
    seats: dict[str, int] = {p.connection_id: i for i, p in enumerate(players)}
    policy = BotPlayer(level(5))
    cards_used: set[str] = set()
    for _ in range(400):
        record = world.repository.load_match(match_id)
        assert record is not None
        state = MatchState.from_json(record.state)
        if state.finished:
            break
        rules = record.settings.rules()
        seat = state.current
        client: Client = players[seat]
        rng = bot_rng(state, seat)
        # Seats 0 and 1 save their coins for the cards whose secrets this test is about.
        market = policy.market(rules, state, seat, rng) if seat >= 2 else []
        for command in _spy_and_steal(state, seat, rules) + market:
            action, fields = message_for(command, match_id)
            client.send(action, **fields)
            if action == "useCard" and client.frames[-1]["type"] != "error":
                cards_used.add(str(state.seats[seat].row[command.slot].card))  # type: ignore[attr-defined, union-attr]
            record = world.repository.load_match(match_id)
            assert record is not None
            state = MatchState.from_json(record.state)
        if state.current != seat or state.finished:
            continue
        action, fields = message_for(policy.action(rules, state, seat, RES, rng), match_id)
        client.send(action, **fields)
        if client.frames[-1]["type"] == "error":
            client.send("pass", matchId=match_id)
    record = world.repository.load_match(match_id)
    assert record is not None and MatchState.from_json(record.state).finished
    total_racks = 0
    final = MatchState.from_json(record.state)
    racks = [list(s.rack) for s in final.seats]
    for client in players:
        seat = seats[client.connection_id]
        assert client.frames, client.name
        for frame in client.frames:
            total_racks += _check_frame(frame, seat, racks)
    assert total_racks > 50
    assert {"espiao", "ladrao_de_tema"} <= cards_used, cards_used
