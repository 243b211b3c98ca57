"""Protocol fuzzing: random and adversarial messages at the message handler.

Every answer must be frames the protocol's schema accepts; nothing may raise; and when the
answer is an error, the stored match must be byte-identical to what it was. ``make test`` tries
a few hundred cases; ``make fuzz`` runs the nightly-sized set (``VANLEXIS_FUZZ_EXAMPLES``,
20,000 by default there).
"""

from __future__ import annotations

import json
import os
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from functions.handlers.messages import handle
from functions.handlers.ratelimit import RateLimiter
from functions.protocol.client import ACTIONS
from functions.protocol.server import SERVER_FRAME
from infra.local.in_process import Client, World
from tests.unit.test_protocol import EXAMPLES

EXAMPLES_TO_TRY = int(os.environ.get("VANLEXIS_FUZZ_EXAMPLES", "300"))

json_leaf = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False), st.text(max_size=40),
    st.text(alphabet=st.characters(min_codepoint=0x80, max_codepoint=0x2FFFF), max_size=20),
    st.just("x" * 5000), st.just("A" * 70), st.just("?C"), st.just("m-nothere"),
)
json_value = st.recursive(json_leaf, lambda inner: st.one_of(
    st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=10), inner, max_size=5)),
    max_leaves=30)


@st.composite
def messages(draw: st.DrawFn, match_id: str) -> str:
    """A valid example bent out of shape, a random object, or raw junk."""
    kind = draw(st.sampled_from(["mutated", "random", "raw", "deep"]))
    if kind == "raw":
        return draw(st.one_of(st.text(max_size=200), st.just("{"), st.just("null"),
                              st.just("[]"), st.just('{"action":')))
    if kind == "deep":
        depth = draw(st.integers(min_value=50, max_value=3000))
        return '{"action":"play","requestId":"r","x":' + "[" * depth + "]" * depth + "}"
    if kind == "random":
        data = draw(st.dictionaries(st.text(max_size=12), json_value, max_size=6))
        if draw(st.booleans()):
            data["action"] = draw(st.one_of(st.sampled_from(ACTIONS), json_leaf))
        return json.dumps(data)
    action = draw(st.sampled_from(sorted(EXAMPLES)))
    data: dict[str, Any] = {"action": action, "requestId": draw(st.one_of(
        st.from_regex(r"[A-Za-z0-9_.:-]{1,64}", fullmatch=True), json_leaf)),
        **json.loads(json.dumps(EXAMPLES[action]))}
    if "matchId" in data and draw(st.booleans()):
        data["matchId"] = match_id  # aim at the real match
    for _ in range(draw(st.integers(min_value=0, max_value=3))):
        op = draw(st.sampled_from(["drop", "add", "retype"]))
        keys = [k for k in data if k != "action"]
        if op == "drop" and keys:
            del data[draw(st.sampled_from(keys))]
        elif op == "add":
            data[draw(st.text(max_size=8))] = draw(json_value)
        elif keys:
            data[draw(st.sampled_from(keys))] = draw(json_value)
    return json.dumps(data)


def _stored(world: World, match_id: str) -> dict[str, Any]:
    item = world.dynamodb.get_item(TableName="vanlexis-test",
                                   Key={"pk": {"S": f"MATCH#{match_id}"}, "sk": {"S": "STATE"}})
    return dict(item["Item"])


def test_every_message_gets_well_formed_frames_and_errors_change_nothing(world: World) -> None:
    world.runtime.limiter = RateLimiter(burst=10**9)  # fuzz the handlers, not the limiter
    player = world.connect("Fuzz")
    player.send("startSolo", settings={"bots": 1, "rounds": 50})
    state = {"match": player.last("view")["matchId"]}
    state["stored"] = _stored(world, state["match"])
    seen = {"cases": 0, "errors": 0, "applied": 0}

    @settings(max_examples=EXAMPLES_TO_TRY, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(st.data())
    def run(data: st.DataObject) -> None:
        body = data.draw(messages(state["match"]))
        frames = [f.dump() for f in handle(world.runtime, player.connection_id, body)]
        seen["cases"] += 1
        # The answer, plus whatever the command broadcast (an applied game command answers
        # through the fan-out, not directly).
        posted = world.api.frames[player.connection_id][state.get("posted", 0):]
        state["posted"] = len(world.api.frames[player.connection_id])
        for frame in [*frames, *(json.dumps(f) for f in posted)]:
            SERVER_FRAME.validate_json(frame)
        after = _stored(world, state["match"])
        error = json.loads(frames[0]) if frames else None
        if error is not None and error["type"] == "error":
            seen["errors"] += 1
            assert error["code"] != "server.error", body  # every refusal has a reason
            assert after == state["stored"], body
        else:
            seen["applied"] += 1
            state["stored"] = after
            if after.get("finished", {}).get("BOOL"):
                _restart(world, player, state)

    run()
    assert seen["cases"] >= EXAMPLES_TO_TRY and seen["errors"] > seen["cases"] // 2, seen


def _restart(world: World, player: Client, state: dict[str, Any]) -> None:
    player.send("startSolo", settings={"bots": 1, "rounds": 50})
    state["match"] = player.last("view")["matchId"]
    state["stored"] = _stored(world, state["match"])
