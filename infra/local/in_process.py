"""A whole backend in one process: moto's DynamoDB and Step Functions, a recording stand-in for
API Gateway's management API, a hand-driven clock, and players who connect and talk through
the real Lambda handlers exactly as API Gateway would call them.

Unlike the local stack (:mod:`infra.local.stack`) nothing listens on a port and no time passes
unless the caller moves the clock, so a run is deterministic and fast: the functional tests
and the handlers' benchmark (``python -m bench.handlers``) both drive the backend through it.
A :class:`World` expects moto's in-process mock to be active (``with moto.mock_aws(): ...``).
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import boto3
from botocore.config import Config
from botocore.exceptions import ClientError

from engine.commands import Buy, Choose, Command, Leave, Pass, Play, Sell, Swap, UseCard
from engine.match import Resources
from functions import identity_runtime, runtime
from functions.handlers import authorizer, connection, outbox, timer, websocket
from functions.handlers.messages import GAME_ACTIONS, LOBBY_ACTIONS
from functions.service.identity import Identity, Signer
from functions.service.notifier import Notifier
from functions.service.timers import Timers
from functions.storage.outbox import STREAM_FILTER
from functions.storage.repository import Repository
from functions.storage.schema import create_table
from infra.local.dynamodb import serialise
from infra.local.gateway import LambdaContext
from infra.local.streams import StreamRunner

TABLE = "vanlexis-test"
KEY = b"k" * 32


class FakeManagementApi:
    """Records every post; connections in ``gone`` answer 410 like a browser that vanished.
    A connection the server closes (``delete_connection``) is gone from then on, and
    ``on_delete`` runs its ``$disconnect`` as API Gateway would."""

    def __init__(self) -> None:
        self.frames: dict[str, list[dict[str, Any]]] = defaultdict(list)
        self.sizes: list[int] = []  # bytes of every frame posted, in order
        self.gone: set[str] = set()
        self.closed: list[str] = []  # closed by the server, in order
        self.posts = 0
        self.on_delete: Callable[[str], None] = lambda connection_id: None

    def get_connection(self, ConnectionId: str) -> dict[str, Any]:  # noqa: N803
        if ConnectionId in self.gone:
            raise ClientError({"Error": {"Code": "GoneException", "Message": "gone"},
                               "ResponseMetadata": {"HTTPStatusCode": 410}}, "GetConnection")
        return {"ConnectedAt": 0}

    def delete_connection(self, ConnectionId: str) -> None:  # noqa: N803
        if ConnectionId in self.gone:
            raise ClientError({"Error": {"Code": "GoneException", "Message": "gone"},
                               "ResponseMetadata": {"HTTPStatusCode": 410}},
                              "DeleteConnection")
        self.gone.add(ConnectionId)
        self.closed.append(ConnectionId)
        self.on_delete(ConnectionId)

    def post_to_connection(self, ConnectionId: str, Data: bytes) -> None:  # noqa: N803
        self.posts += 1
        self.sizes.append(len(Data))
        if ConnectionId in self.gone:
            raise ClientError({"Error": {"Code": "GoneException", "Message": "gone"},
                               "ResponseMetadata": {"HTTPStatusCode": 410}},
                              "PostToConnection")
        self.frames[ConnectionId].append(json.loads(Data))


class Clock:
    def __init__(self) -> None:
        self.ms = 1_800_000_000_000

    def __call__(self) -> int:
        return self.ms

    def advance(self, seconds: float) -> None:
        self.ms += int(seconds * 1000)


CTX = LambdaContext("test", "req")


@dataclass
class Client:
    """One browser tab: a player's connection."""

    world: World
    connection_id: str
    player_id: str
    name: str
    seq: int = 0
    seen: int = 0
    #: the device whose ticket opened this connection
    device: str | None = None

    def send(self, action: str, **fields: Any) -> str:
        self.seq += 1
        request_id: str = fields.pop("requestId", f"{self.connection_id}-{self.seq}")
        body = json.dumps({"action": action, "requestId": request_id, **fields})
        self.world.deliver(self.connection_id, body, action)
        return request_id

    def raw(self, body: str, route: str | None = None) -> None:
        """Send any text; like API Gateway, the route is the body's ``action`` if it names a
        route, else ``$default``."""
        if route is None:
            try:
                found = json.loads(body).get("action")
            except (ValueError, AttributeError, RecursionError):
                found = None
            route = found if isinstance(found, str) else "$default"
        self.world.deliver(self.connection_id, body, route)

    @property
    def frames(self) -> list[dict[str, Any]]:
        return self.world.api.frames[self.connection_id]

    def new_frames(self) -> list[dict[str, Any]]:
        out = self.frames[self.seen:]
        self.seen = len(self.frames)
        return out

    def last(self, kind: str) -> dict[str, Any]:
        return next(f for f in reversed(self.frames) if f["type"] == kind)

    def view(self) -> dict[str, Any]:
        return dict(next(f["view"] for f in reversed(self.frames) if "view" in f))


@dataclass
class World:
    clock: Clock = field(default_factory=Clock)
    api: FakeManagementApi = field(default_factory=FakeManagementApi)
    counter: int = 0
    seed_prefix: str = "world"
    #: the authorizer's context of each connection, which API Gateway puts on every message
    identities: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: run the outbox function after every handler (a benchmark times it apart instead)
    auto_drain: bool = True

    def __post_init__(self) -> None:
        # moto restores a deep copy of the whole table when a transaction fails, and the
        # copy's stream loses what was written since: the outbox then never sees a later
        # match. The local stack's item-level rollback (dynamodb.py) is what DynamoDB does.
        serialise()
        self.dynamodb = boto3.client("dynamodb", region_name="us-east-1")
        create_table(self.dynamodb, TABLE)
        # The outbox function, run from the table's stream after every handler, as Lambda's
        # event source mapping would (moto's streams answer on the regional endpoint only).
        stream = self.dynamodb.describe_table(TableName=TABLE)["Table"]["LatestStreamArn"]
        streams = boto3.client("dynamodbstreams", region_name="us-east-1",
                               config=Config(account_id_endpoint_mode="disabled"))
        self.stream = StreamRunner(streams, stream, outbox.handler, STREAM_FILTER, retry_s=0)
        self.sfn = boto3.client("stepfunctions", region_name="us-east-1")
        iam_role = "arn:aws:iam::123456789012:role/timers"
        definition = {"StartAt": "Wait", "States": {
            "Wait": {"Type": "Wait", "SecondsPath": "$.seconds", "Next": "Fire"},
            "Fire": {"Type": "Pass", "End": True}}}
        self.machine = self.sfn.create_state_machine(
            name="timers", definition=json.dumps(definition), roleArn=iam_role,
        )["stateMachineArn"]
        self.repository = Repository(self.dynamodb, TABLE)
        self.signer = Signer(KEY)
        self.runtime = runtime.assemble(
            self.repository, Notifier(self.api, self.repository),
            Timers(self.sfn, self.machine), clock_ms=self.clock,
            queue_wait_s=20, resources=Resources.default())
        # The identity API and the authorizer: the same table and clock, and the key.
        self.identity = identity_runtime.IdentityRuntime(
            self.signer, self.repository, 20, self.clock, connections_api=self.api)
        identity_runtime.install(self.identity)
        self.api.on_delete = self._closed_by_server
        seeds = iter(range(10**6))
        self.runtime.ctx.new_seed = lambda: f"{self.seed_prefix}-{next(seeds)}"
        runtime.install(self.runtime)

    # -- connecting ---------------------------------------------------------------------------

    def ticket(self, name: str) -> tuple[str, str]:
        """A new guest on a device of its own, and a ticket of that device."""
        who, token = self.identity.devices.new_guest(name, self.clock.ms // 1000, "test")
        return who.player_id, self.signer.ticket_for(token, self.clock.ms // 1000)

    def authorize(self, ticket: str | None) -> dict[str, Any]:
        event: dict[str, Any] = {"type": "REQUEST", "methodArn": "arn:test",
                                 "queryStringParameters": {"ticket": ticket} if ticket else {}}
        return authorizer.handler(event, CTX)

    def connect(self, name: str, ticket: str | None = None) -> Client:
        _, fresh = self.ticket(name)
        policy = self.authorize(ticket or fresh)
        assert policy["policyDocument"]["Statement"][0]["Effect"] == "Allow"
        self.counter += 1
        connection_id = f"c{self.counter}"
        context = policy["context"]
        connection.connect({"requestContext": {"connectionId": connection_id,
                                               "requestId": f"r{self.counter}",
                                               "authorizer": context}}, CTX)
        self.identities[connection_id] = context
        return Client(self, connection_id, context["playerId"], context["name"],
                      device=context.get("device"))

    def race_next_save(self, first: Callable[[], None]) -> None:
        """Let ``first`` (another tab's command) land between the next command's read and its
        write, as a lost race does; later writes go through as usual."""
        original = self.repository.save_match
        raced: list[bool] = []

        def save_after_the_other(*args: Any, **kwargs: Any) -> None:
            if not raced:
                raced.append(True)
                first()
            original(*args, **kwargs)

        self.repository.save_match = save_after_the_other  # type: ignore[method-assign]

    def reconnect(self, client: Client) -> Client:
        """The same player on a new connection of the same device (a new tab, or after a
        network drop)."""
        token = self.signer.token_for(Identity(client.player_id, client.name, client.device),
                                      self.clock.ms // 1000)
        ticket = self.signer.ticket_for(token, self.clock.ms // 1000)
        policy = self.authorize(ticket)
        self.counter += 1
        connection_id = f"c{self.counter}"
        connection.connect({"requestContext": {"connectionId": connection_id,
                                               "requestId": f"r{self.counter}",
                                               "authorizer": policy["context"]}}, CTX)
        self.identities[connection_id] = policy["context"]
        return Client(self, connection_id, client.player_id, client.name,
                      device=client.device)

    def disconnect(self, client: Client) -> None:
        connection.disconnect({"requestContext": {"connectionId": client.connection_id,
                                                  "requestId": "d"}}, CTX)

    def _closed_by_server(self, connection_id: str) -> None:
        """API Gateway runs ``$disconnect`` for a connection the server closed."""
        connection.disconnect({"requestContext": {"connectionId": connection_id,
                                                  "requestId": "d"}}, CTX)

    # -- messages and timers ------------------------------------------------------------------

    def deliver(self, connection_id: str, body: str, action: str) -> None:
        context: dict[str, Any] = {"connectionId": connection_id, "requestId": "m"}
        if connection_id in self.identities:
            context["authorizer"] = self.identities[connection_id]
        event = {"requestContext": context, "body": body}
        if action in GAME_ACTIONS:
            websocket.game(event, CTX)
        elif action in LOBBY_ACTIONS:
            websocket.lobby(event, CTX)
        else:
            websocket.default(event, CTX)
        if self.auto_drain:
            self.stream.drain()

    def timers(self) -> list[dict[str, Any]]:
        """Every timer started so far: its name and input."""
        out = []
        for item in self.sfn.list_executions(stateMachineArn=self.machine)["executions"]:
            described = self.sfn.describe_execution(executionArn=item["executionArn"])
            out.append({"name": item["name"], **json.loads(described["input"])})
        return out

    def fire(self, payload: dict[str, Any]) -> dict[str, Any]:
        answer = timer.handler(payload, CTX)
        if self.auto_drain:
            self.stream.drain()
        return answer


def _square(square: tuple[int, int] | None) -> list[int] | None:
    return None if square is None else [square[0], square[1]]


def _play(command: Play) -> dict[str, Any]:
    return {"tiles": [{"row": t.row, "col": t.col, "letter": t.letter, "wild": t.wild}
                      for t in command.tiles],
            "cards": [{"slot": c.slot} if c.square is None
                      else {"slot": c.slot, "square": _square(c.square)}
                      for c in command.cards]}


def _use(command: UseCard) -> dict[str, Any]:
    fields = {"slot": command.slot, "square": _square(command.square), "seat": command.seat,
              "tiles": list(command.tiles)}
    return {k: v for k, v in fields.items() if v is not None}


#: each command's action and fields, the inverse of the game route's table
#: (:mod:`functions.handlers.commands`); a timeout has no message, only the timers give it
_MESSAGES: dict[type, tuple[str, Callable[[Any], dict[str, Any]]]] = {
    Play: ("play", _play),
    Swap: ("swap", lambda c: {"tiles": list(c.tiles)}),
    Pass: ("pass", lambda c: {}),
    Leave: ("leave", lambda c: {}),
    Buy: ("buy", lambda c: {"slot": c.slot}),
    Sell: ("sell", lambda c: {"slot": c.slot}),
    Choose: ("chooseTheme", lambda c: {"option": c.option}),
    UseCard: ("useCard", _use),
}


def message_for(command: Command, match_id: str) -> tuple[str, dict[str, Any]]:
    """The protocol message (action, fields) that asks for an engine command."""
    action, fields = _MESSAGES[type(command)]
    return action, {"matchId": match_id, **fields(command)}
