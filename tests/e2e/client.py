"""A player's side of the local stack: the HTTP identity calls and a real WebSocket client that
checks every frame it receives against the protocol's server-frame schema."""

from __future__ import annotations

import asyncio
import itertools
import json
import urllib.request
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from functions.protocol.server import SERVER_FRAME
from infra.local.stack import LocalStack

_IDS = itertools.count()


def post(stack: LocalStack, path: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(stack.url.rstrip("/") + path, method="POST",
                                     data=json.dumps(body).encode(),
                                     headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return dict(json.loads(answer.read()))


def ticket(stack: LocalStack, name: str) -> str:
    guest = post(stack, "/guest", {"name": name})
    return str(post(stack, "/ticket", {"token": guest["token"]})["ticket"])


class Player:
    """One device: a new guest, or (``token``) a player already known, on this device."""

    def __init__(self, stack: LocalStack, name: str, token: str | None = None) -> None:
        self.stack, self.name, self.token = stack, name, token
        self.ws: ClientConnection | None = None
        self.frames: list[dict[str, Any]] = []
        self._reader: asyncio.Task[None] | None = None
        self.arrived = asyncio.Event()

    async def open(self) -> Player:
        if self.token is None:
            self.token = str(post(self.stack, "/guest", {"name": self.name})["token"])
        opened = post(self.stack, "/ticket", {"token": self.token})["ticket"]
        url = f"{self.stack.websocket_url}/?ticket={opened}"
        self.ws = await connect(url, max_size=64 * 1024)
        self._reader = asyncio.create_task(self._read())
        return self

    async def _read(self) -> None:
        assert self.ws is not None
        async for text in self.ws:
            frame = SERVER_FRAME.validate_json(text)  # every frame must fit the schema
            self.frames.append(frame.model_dump(mode="json", exclude_none=True))
            self.arrived.set()

    async def send(self, action: str, **fields: Any) -> str:
        assert self.ws is not None
        request_id = f"{self.name}-{next(_IDS)}"
        await self.ws.send(json.dumps({"action": action, "requestId": request_id, **fields}))
        return request_id

    async def wait_for(self, test: Any, timeout: float = 30, since: int = 0) -> dict[str, Any]:
        """The first frame from index ``since`` on (arrived or to come) that passes ``test``."""
        async def scan() -> dict[str, Any]:
            seen = since
            while True:
                for frame in self.frames[seen:]:
                    if test(frame):
                        return frame
                seen = len(self.frames)
                self.arrived.clear()
                await self.arrived.wait()

        return await asyncio.wait_for(scan(), timeout)

    def latest_view(self) -> dict[str, Any]:
        return dict(next(f["view"] for f in reversed(self.frames) if "view" in f))

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            await asyncio.gather(self._reader, return_exceptions=True)
