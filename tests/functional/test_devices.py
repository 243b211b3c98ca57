"""One player on several devices: a one-time code carries the identity to a new device, the
device list names them, and signing one out stops its token, its tickets and its open
connections. Through the identity handler and the ``$connect`` authorizer, on moto."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.state import MatchState
from functions.handlers import identity_api
from functions.service.identity import Identity
from functions.service.link_codes import ALPHABET, LIFETIME_S
from functions.service.linking import CODES_PER_WINDOW
from infra.cdk.identity import POSTS
from infra.local.http import IDENTITY_POSTS
from infra.local.in_process import CTX, Client, World

PHONE = ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
         "Chrome/124.0 Mobile Safari/537.36")
LAPTOP = ("Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like "
          "Gecko) Version/17.4 Safari/605.1.15")


def _http(route: str, body: dict[str, Any], agent: str = PHONE,
          address: str = "203.0.113.7") -> dict[str, Any]:
    answer = identity_api.handler({
        "routeKey": route, "body": json.dumps(body), "headers": {"user-agent": agent},
        "requestContext": {"http": {"sourceIp": address}}}, CTX)
    return {"status": answer["statusCode"], **json.loads(answer["body"])}


def _code(answer: dict[str, Any]) -> str:
    return str(answer["error"]["code"])


def _guest(name: str = "Ana", agent: str = PHONE) -> dict[str, Any]:
    made = _http("POST /guest", {"name": name}, agent)
    assert made["status"] == 200
    return made


def _second_device(first: dict[str, Any], agent: str = LAPTOP) -> dict[str, Any]:
    """The player of ``first`` on a new device, by a code made on ``first``."""
    code = _http("POST /link", {"token": first["token"]})
    assert code["status"] == 200
    joined = _http("POST /link/redeem", {"code": code["code"]}, agent)
    assert joined["status"] == 200
    return joined


def _connect(world: World, token: str) -> Client:
    ticket = _http("POST /ticket", {"token": token})
    assert ticket["status"] == 200, ticket
    return world.connect("ignored", ticket=ticket["ticket"])


def _effect(world: World, ticket: str) -> str:
    return str(world.authorize(ticket)["policyDocument"]["Statement"][0]["Effect"])


def test_the_local_server_and_the_cloud_serve_every_identity_route() -> None:
    posted = {key.removeprefix("POST ") for key in identity_api._ROUTES}
    assert set(POSTS) == set(IDENTITY_POSTS) == posted


def test_a_guest_starts_with_one_device_named_from_its_browser(world: World) -> None:
    ana = _guest(agent=PHONE)
    listed = _http("POST /devices", {"token": ana["token"]})
    assert listed["status"] == 200 and "token" not in listed
    [device] = listed["devices"]
    assert device["label"] == "Chrome no Android" and device["current"] is True
    assert device["createdAtMs"] == device["lastSeenAtMs"] == world.clock.ms // 1000 * 1000


def test_a_code_brings_the_same_player_to_a_second_device_which_plays_the_same_seat(
        world: World) -> None:
    ana = _guest()
    phone = _connect(world, ana["token"])
    phone.send("startSolo", settings={"rounds": 3})
    match_id = phone.last("view")["matchId"]

    made = _http("POST /link", {"token": ana["token"]})
    assert made["status"] == 200 and made["expiresInSeconds"] == LIFETIME_S
    shown = str(made["code"])
    assert len(shown) == 9 and shown[4] == "-" and set(shown.replace("-", "")) <= set(ALPHABET)
    # Typed on the laptop: any case, without the dash.
    laptop_id = _http("POST /link/redeem", {"code": shown.replace("-", "").lower()}, LAPTOP)
    assert laptop_id["status"] == 200
    assert (laptop_id["playerId"], laptop_id["name"]) == (ana["playerId"], "Ana")
    assert laptop_id["token"] != ana["token"]

    laptop = _connect(world, laptop_id["token"])
    assert laptop.player_id == ana["playerId"] and laptop.device != phone.device
    laptop.send("hello")
    assert laptop.last("welcome")["activeMatch"] == match_id
    laptop.send("resume", matchId=match_id)
    seat = laptop.last("view")["view"]["you"]
    record = world.repository.load_match(match_id)
    assert record is not None and record.players[seat] == ana["playerId"]
    state = MatchState.from_json(record.state)
    assert state.current == seat
    laptop.send("swap", matchId=match_id, tiles=[state.seats[seat].rack[0]])
    record = world.repository.load_match(match_id)
    assert record is not None
    after = MatchState.from_json(record.state)
    assert after.history[len(state.history)]["kind"] == "swap"
    assert after.history[len(state.history)]["seat"] == seat
    # Both devices list the two, each marking itself.
    for token, agent in ((ana["token"], PHONE), (laptop_id["token"], LAPTOP)):
        listed = _http("POST /devices", {"token": token}, agent)["devices"]
        assert sorted(d["label"] for d in listed) == ["Chrome no Android", "Safari no Mac"]
        [current] = [d["label"] for d in listed if d["current"]]
        assert current == ("Chrome no Android" if token == ana["token"] else "Safari no Mac")


def test_a_code_works_once(world: World) -> None:
    ana = _guest()
    code = _http("POST /link", {"token": ana["token"]})["code"]
    assert _http("POST /link/redeem", {"code": code})["status"] == 200
    again = _http("POST /link/redeem", {"code": code})
    assert again["status"] == 410 and _code(again) == "link.used"
    assert len(_http("POST /devices", {"token": ana["token"]})["devices"]) == 2


def test_two_redeems_racing_for_one_code_cannot_both_win(world: World) -> None:
    ana = _guest()
    code = _http("POST /link", {"token": ana["token"]})["code"]
    linking = world.identity.linking
    original = linking.devices.items.redeem
    raced: list[dict[str, Any]] = []

    def the_other_first(*args: Any, **kwargs: Any) -> bool:
        # The other tap's redeem lands between this one's read and its write.
        linking.devices.items.redeem = original  # type: ignore[method-assign]
        raced.append(_http("POST /link/redeem", {"code": code}))
        return original(*args, **kwargs)

    linking.devices.items.redeem = the_other_first  # type: ignore[method-assign]
    loser = _http("POST /link/redeem", {"code": code})
    assert raced[0]["status"] == 200
    assert loser["status"] == 410 and _code(loser) == "link.used"
    assert len(_http("POST /devices", {"token": ana["token"]})["devices"]) == 2


def test_an_expired_code_is_refused(world: World) -> None:
    ana = _guest()
    code = _http("POST /link", {"token": ana["token"]})["code"]
    world.clock.advance(LIFETIME_S - 1)
    fresh = _http("POST /link", {"token": ana["token"]})["code"]
    world.clock.advance(1)
    late = _http("POST /link/redeem", {"code": code})
    assert late["status"] == 410 and _code(late) == "link.expired"
    assert "expirou" in late["error"]["message"]
    assert _http("POST /link/redeem", {"code": fresh})["status"] == 200


@pytest.mark.parametrize("typed", ["", "ABC", "ABCD-EFGH-2", "ABCD-EFG0", "ABCD EFGI",
                                   "ÁBCD-EFGH", "A" * 5000, 12345678, None])
def test_a_malformed_code_is_refused_and_changes_nothing(world: World, typed: object) -> None:
    world.identity.link_tries_per_hour = 1
    answer = _http("POST /link/redeem", {"code": typed})
    if isinstance(typed, str) and len(typed) > 1000:
        assert answer["status"] == 413  # the body itself is too large
        return
    assert answer["status"] == 400 and _code(answer) == "link.malformed"
    assert "ABCD-2345" in answer["error"]["message"]
    # No try was taken: the one allowed still finds the code unknown.
    assert _code(_http("POST /link/redeem", {"code": "ABCD-2345"})) == "link.unknown"


def test_guessing_is_rate_limited_per_network(world: World) -> None:
    world.identity.link_tries_per_hour = 3
    ana = _guest()
    code = _http("POST /link", {"token": ana["token"]})["code"]
    guesses = [_http("POST /link/redeem", {"code": f"ABCD-234{n}"}, address="198.51.100.9")
               for n in range(2, 5)]
    assert [_code(g) for g in guesses] == ["link.unknown"] * 3
    refused = _http("POST /link/redeem", {"code": code}, address="198.51.100.9")
    assert refused["status"] == 429 and _code(refused) == "link.rate_limited"
    # Another address of the same IPv6 /64 shares the allowance; another network has its own.
    for n in range(3):
        _http("POST /link/redeem", {"code": "ABCD-2345"}, address=f"2001:db8:1:2::{n + 1}")
    other_host = _http("POST /link/redeem", {"code": code}, address="2001:db8:1:2::ff")
    assert _code(other_host) == "link.rate_limited"
    assert _http("POST /link/redeem", {"code": code}, address="203.0.113.50")["status"] == 200
    # The next hour, the first network may try again (the code is used by now).
    world.clock.advance(3600)
    assert _code(_http("POST /link/redeem", {"code": code},
                       address="198.51.100.9")) == "link.used"


def test_a_player_has_only_a_few_live_codes(world: World) -> None:
    ana = _guest()
    made = [_http("POST /link", {"token": ana["token"]}) for _ in range(CODES_PER_WINDOW + 1)]
    assert [m["status"] for m in made] == [200] * CODES_PER_WINDOW + [429]
    assert _code(made[-1]) == "link.too_many"
    world.clock.advance(LIFETIME_S)
    assert _http("POST /link", {"token": ana["token"]})["status"] == 200


def test_a_signed_out_device_is_refused_and_its_connection_closed(world: World) -> None:
    ana = _guest()
    laptop_id = _second_device(ana)
    laptop = _connect(world, laptop_id["token"])
    tab = _connect(world, laptop_id["token"])
    phone = _connect(world, ana["token"])
    # A ticket minted just before the sign-out, not yet used.
    early = _http("POST /ticket", {"token": laptop_id["token"]}, LAPTOP)["ticket"]
    listed = _http("POST /devices", {"token": ana["token"]})["devices"]
    [other] = [d["id"] for d in listed if not d["current"]]

    done = _http("POST /devices/signout", {"token": ana["token"], "device": other})
    assert done["status"] == 200 and done["closed"] == 2 and done["current"] is False
    assert sorted(world.api.closed) == sorted([laptop.connection_id, tab.connection_id])
    # API Gateway ran their $disconnect: the table forgot them; the phone stays.
    assert world.repository.get_connection(laptop.connection_id) is None
    assert world.repository.player_connections(ana["playerId"]) == [phone.connection_id]
    refused = _http("POST /ticket", {"token": laptop_id["token"]}, LAPTOP)
    assert refused["status"] == 401 and _code(refused) == "auth.signed_out"
    assert "desconectado" in refused["error"]["message"]
    assert "Já jogo em outro aparelho" in refused["error"]["message"]
    assert _effect(world, early) == "Deny"
    for route in ("POST /link", "POST /devices"):
        assert _code(_http(route, {"token": laptop_id["token"]})) == "auth.signed_out"
    again = _http("POST /devices/signout", {"token": ana["token"], "device": other})
    assert again["status"] == 404 and _code(again) == "device.not_found"
    assert len(_http("POST /devices", {"token": ana["token"]})["devices"]) == 1


def test_a_device_may_sign_itself_out(world: World) -> None:
    ana = _guest()
    [me] = _http("POST /devices", {"token": ana["token"]})["devices"]
    done = _http("POST /devices/signout", {"token": ana["token"], "device": me["id"]})
    assert done["status"] == 200 and done["current"] is True
    assert _code(_http("POST /ticket", {"token": ana["token"]})) == "auth.signed_out"


@pytest.mark.parametrize("device", [None, "", "../x", "A" * 16, 7, "0" * 17])
def test_a_bad_device_id_is_refused_and_signs_nothing_out(world: World,
                                                          device: object) -> None:
    ana = _guest()
    answer = _http("POST /devices/signout", {"token": ana["token"], "device": device})
    assert answer["status"] == 400 and _code(answer) == "device.bad_id"
    assert len(_http("POST /devices", {"token": ana["token"]})["devices"]) == 1


def test_a_player_can_sign_out_only_their_own_devices(world: World) -> None:
    ana, bia = _guest("Ana"), _guest("Bia")
    [bias] = _http("POST /devices", {"token": bia["token"]})["devices"]
    answer = _http("POST /devices/signout", {"token": ana["token"], "device": bias["id"]})
    assert answer["status"] == 404 and _code(answer) == "device.not_found"
    assert _http("POST /ticket", {"token": bia["token"]})["status"] == 200


def test_an_old_token_without_a_device_is_given_one_and_a_renewed_token(world: World) -> None:
    now = world.clock.ms // 1000
    old = world.signer.token_for(Identity("p_0123456789abcdef", "Ana"), now)
    first = _http("POST /ticket", {"token": old}, LAPTOP)
    assert first["status"] == 200 and first["token"] != old
    renewed = world.signer.check_token(first["token"], now)
    assert renewed.player_id == "p_0123456789abcdef" and renewed.device is not None
    assert _effect(world, first["ticket"]) == "Allow"
    # Another tab still holding the old token gets the same device, not a second one.
    second = _http("POST /ticket", {"token": old}, LAPTOP)
    assert world.signer.check_token(second["token"], now).device == renewed.device
    [device] = _http("POST /devices", {"token": first["token"]})["devices"]
    assert device["label"] == "Safari no Mac" and "token" not in _http(
        "POST /ticket", {"token": first["token"]})
    # Signed out, the old token stays out: it is not given a new device.
    _http("POST /devices/signout", {"token": first["token"], "device": device["id"]})
    assert _code(_http("POST /ticket", {"token": old})) == "auth.signed_out"


def test_a_ticket_without_a_device_opens_nothing(world: World) -> None:
    """Minted only by the code before devices, a minute at most before it was replaced."""
    now = world.clock.ms // 1000
    ticket = world.signer.ticket_for(
        world.signer.token_for(Identity("p_0123456789abcdef", "Ana"), now), now)
    assert _effect(world, ticket) == "Deny"


def test_last_seen_is_written_at_most_once_an_hour(world: World) -> None:
    ana = _guest()
    start = world.clock.ms // 1000

    def seen() -> int:
        [device] = _http("POST /devices", {"token": ana["token"]})["devices"]
        return int(device["lastSeenAtMs"]) // 1000

    world.clock.advance(1800)
    assert seen() == start
    world.clock.advance(1800)
    assert seen() == start + 3600
    world.clock.advance(60)
    assert seen() == start + 3600
