"""A local API Gateway WebSocket API: the same event shapes, routes and management API.

- ``$connect``: the REQUEST authorizer runs on the handshake; a Deny is a 401 and no
  connection. Then the ``$connect`` route runs with the authorizer's context; anything but 200
  refuses the connection (403).
- Messages: the route is the body's ``action`` when it names a route, else ``$default``
  (``$request.body.action``). Each message invokes its route's handler on a worker thread, as
  API Gateway invokes a Lambda per message; a slow or failing handler never blocks the others.
  One machine has a handful of workers where the cloud has a thousand Lambdas, so each
  connection runs one message at a time, in order, and holds at most ``QUEUED`` waiting (more
  are dropped, as API Gateway's throttling drops them): a flooding client occupies one worker
  and the other players keep theirs.
- ``$disconnect`` runs when the socket closes, whoever closed it.
- The management API (``post`` / ``info`` / ``delete``) answers 410 Gone for a connection
  that no longer exists, so the handlers' ``post_to_connection`` behaves as in the cloud.
- Frames over 32 KB from a client close that connection with 1009, as API Gateway does.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import secrets
import time
from collections.abc import Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any
from urllib.parse import parse_qs, urlsplit

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.http11 import Request, Response

MAX_FRAME = 32 * 1024
QUEUED = 64  # messages one connection may have waiting for a worker

Handler = Callable[[dict[str, Any], Any], dict[str, Any]]


@dataclass
class LambdaContext:
    """The one stand-in for Lambda's context object, off Lambda: the fields the handlers'
    logging reads (:class:`functions.handlers.observability.LambdaContext`)."""

    function_name: str
    aws_request_id: str
    memory_limit_in_mb: int = 1024
    invoked_function_arn: str = "arn:aws:lambda:us-east-1:123456789012:function:local"


@dataclass(frozen=True)
class Routes:
    authorizer: Handler
    connect: Handler
    disconnect: Handler
    default: Handler
    actions: dict[str, Handler]  # route key → handler


def _context(name: str) -> LambdaContext:
    return LambdaContext(name, secrets.token_hex(8))


class LocalGateway:
    def __init__(self, routes: Routes, executor: Executor, *, host: str, port: int,
                 stage: str = "local") -> None:
        self.routes = routes
        self.executor = executor
        # Handshakes and disconnects on workers of their own: however busy the message
        # workers are, a player can still connect (the cloud scales both apart too).
        self.lifecycle = ThreadPoolExecutor(max_workers=4, thread_name_prefix="connect")
        self.host, self.port, self.stage = host, port, stage
        self.connections: dict[str, ServerConnection] = {}
        self.connected_at: dict[str, int] = {}
        self.identities: dict[str, dict[str, Any]] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        self.server: Server | None = None
        self.invocations = 0
        self.errors = 0
        self.dropped = 0

    # -- events --------------------------------------------------------------------------------

    def _request_context(self, connection_id: str, route: str, event_type: str) -> dict[str, Any]:
        now = int(time.time() * 1000)
        context: dict[str, Any] = {
            "routeKey": route, "eventType": event_type, "connectionId": connection_id,
            "requestId": secrets.token_hex(8), "messageId": secrets.token_hex(8),
            "extendedRequestId": secrets.token_hex(8), "apiId": "local", "stage": self.stage,
            "domainName": f"{self.host}:{self.port}", "requestTimeEpoch": now,
            "connectedAt": self.connected_at.get(connection_id, now),
            "messageDirection": "IN",
        }
        identity = self.identities.get(connection_id)
        if identity is not None:
            context["authorizer"] = identity
        return context

    async def _invoke(self, handler: Handler, event: dict[str, Any], name: str) -> dict[str, Any]:
        assert self.loop is not None
        self.invocations += 1
        pool = self.lifecycle if name in ("authorizer", "connect", "disconnect") else self.executor
        try:
            return await self.loop.run_in_executor(pool, handler, event, _context(name))
        except Exception:
            self.errors += 1
            raise

    # -- the handshake: authorizer and $connect ------------------------------------------------

    async def _process_request(self, connection: ServerConnection,
                               request: Request) -> Response | None:
        query = {k: v[-1] for k, v in parse_qs(urlsplit(request.path).query).items()}
        headers = {k.lower(): v for k, v in request.headers.raw_items()}
        method_arn = f"arn:aws:execute-api:local:123456789012:local/{self.stage}/$connect"
        authorized = await self._invoke(self.routes.authorizer, {
            "type": "REQUEST", "methodArn": method_arn, "headers": headers,
            "queryStringParameters": query,
            "requestContext": {"routeKey": "$connect", "eventType": "CONNECT",
                               "stage": self.stage, "apiId": "local"},
        }, "authorizer")
        statement = authorized.get("policyDocument", {}).get("Statement", [{}])[0]
        if statement.get("Effect") != "Allow":
            return connection.respond(HTTPStatus.UNAUTHORIZED, "Unauthorized\n")
        connection_id = base64.urlsafe_b64encode(secrets.token_bytes(9)).decode("ascii")
        self.connected_at[connection_id] = int(time.time() * 1000)
        self.identities[connection_id] = {"principalId": authorized.get("principalId"),
                                          **authorized.get("context", {})}
        answer = await self._invoke(self.routes.connect, {
            "requestContext": self._request_context(connection_id, "$connect", "CONNECT"),
            "headers": headers, "queryStringParameters": query, "isBase64Encoded": False,
        }, "connect")
        if answer.get("statusCode") != 200:
            self._forget(connection_id)
            return connection.respond(HTTPStatus.FORBIDDEN, "Forbidden\n")
        connection.vanlexis_id = connection_id  # type: ignore[attr-defined]
        return None

    def _forget(self, connection_id: str) -> None:
        self.connections.pop(connection_id, None)
        self.connected_at.pop(connection_id, None)
        self.identities.pop(connection_id, None)

    # -- messages ------------------------------------------------------------------------------

    def route_for(self, body: str) -> str:
        """``$request.body.action``: the action if it names a route, else ``$default``."""
        try:
            data = json.loads(body)
        except (ValueError, RecursionError):
            return "$default"
        action = data.get("action") if isinstance(data, dict) else None
        return action if isinstance(action, str) and action in self.routes.actions else "$default"

    async def _message(self, connection_id: str, body: str) -> None:
        route = self.route_for(body)
        handler = self.routes.actions.get(route, self.routes.default)
        event = {"requestContext": self._request_context(connection_id, route, "MESSAGE"),
                 "body": body, "isBase64Encoded": False}
        try:
            await self._invoke(handler, event, route)
        except Exception:  # a failing Lambda: API Gateway logs it; the client gets nothing
            return

    async def _serve(self, connection: ServerConnection) -> None:
        connection_id: str = connection.vanlexis_id  # type: ignore[attr-defined]
        self.connections[connection_id] = connection
        waiting: asyncio.Queue[str] = asyncio.Queue(maxsize=QUEUED)

        async def work() -> None:
            while True:
                await self._message(connection_id, await waiting.get())

        worker = asyncio.create_task(work())
        try:
            async for message in connection:
                body = message if isinstance(message, str) else message.decode("utf-8", "replace")
                try:
                    waiting.put_nowait(body)
                except asyncio.QueueFull:
                    self.dropped += 1
        except Exception:
            pass
        finally:
            worker.cancel()
            self.connections.pop(connection_id, None)
            with contextlib.suppress(Exception):
                await self._invoke(self.routes.disconnect, {
                    "requestContext": self._request_context(connection_id, "$disconnect",
                                                            "DISCONNECT"),
                    "isBase64Encoded": False}, "disconnect")
            self._forget(connection_id)

    # -- the management API (called from other threads) ----------------------------------------

    def post(self, connection_id: str, data: bytes) -> int:
        connection = self.connections.get(connection_id)
        if connection is None or self.loop is None:
            return 410
        future = asyncio.run_coroutine_threadsafe(
            connection.send(data.decode("utf-8")), self.loop)
        try:
            future.result(timeout=10)
        except Exception:
            return 410
        return 200

    def info(self, connection_id: str) -> dict[str, Any] | None:
        if connection_id not in self.connections:
            return None
        at = self.connected_at.get(connection_id, 0)
        return {"ConnectedAt": at, "LastActiveAt": int(time.time() * 1000),
                "Identity": {"SourceIp": "127.0.0.1", "UserAgent": "local"}}

    def delete(self, connection_id: str) -> int:
        connection = self.connections.get(connection_id)
        if connection is None or self.loop is None:
            return 410
        asyncio.run_coroutine_threadsafe(connection.close(), self.loop)
        return 204

    # -- running -------------------------------------------------------------------------------

    async def start(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.server = await serve(self._serve, self.host, self.port,
                                  process_request=self._process_request, max_size=MAX_FRAME,
                                  ping_interval=20, ping_timeout=20)

    async def stop(self) -> None:
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()
        self.lifecycle.shutdown(wait=False, cancel_futures=True)
