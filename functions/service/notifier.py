"""Posting frames to WebSocket connections through API Gateway's management API.

Posts to the seats of a match go out concurrently. A connection that answers 410 Gone is dead
(the browser went away without ``$disconnect``); it is deleted and nothing else is, so a slow
or failing post to one player never costs another player their seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

from botocore.exceptions import ClientError

from functions.protocol.limits import MAX_FRAME_BYTES
from functions.storage.repository import Repository

if TYPE_CHECKING:  # the frame models load pydantic: $connect and $disconnect post nothing
    from functions.protocol.frame_base import Postable

_WORKERS = 8


class FrameTooLargeError(Exception):
    pass


class Notifier:
    def __init__(self, client: Any, repository: Repository) -> None:
        self.client = client
        self.repository = repository
        self.sent = 0
        self.bytes_sent = 0
        self.gone: list[str] = []

    def _send(self, connection_id: str, frame: Postable) -> None:
        data = frame.dump().encode("utf-8")
        if len(data) > MAX_FRAME_BYTES:
            raise FrameTooLargeError(f"frame of {len(data)} bytes")
        self.client.post_to_connection(ConnectionId=connection_id, Data=data)
        self.sent += 1
        self.bytes_sent += len(data)

    def post(self, connection_id: str, frame: Postable) -> bool:
        """Send one frame; False when the connection is gone (and was deleted)."""
        try:
            self._send(connection_id, frame)
        except ClientError as exc:
            if self._forget_if_gone(exc, connection_id):
                return False
            raise
        return True

    def reply(self, connection_id: str, frames: Sequence[Postable]) -> bool:
        """Answer the connection that asked, in order; False if it is gone. Nothing is
        deleted: the connection's own ``$disconnect`` forgets it, so answering needs no
        table access (``$default`` has none)."""
        for frame in frames:
            try:
                self._send(connection_id, frame)
            except ClientError as exc:
                if _gone(exc):
                    return False
                raise
        return True

    def alive(self, connection_id: str) -> bool:
        """Whether API Gateway still holds the connection; a gone one is deleted."""
        try:
            self.client.get_connection(ConnectionId=connection_id)
        except ClientError as exc:
            if self._forget_if_gone(exc, connection_id):
                return False
            raise
        return True

    def _forget_if_gone(self, exc: ClientError, connection_id: str) -> bool:
        """True (and the connection deleted) when API Gateway says it is gone (410)."""
        if not _gone(exc):
            return False
        self.gone.append(connection_id)
        self.repository.delete_connection(connection_id)
        return True

    def post_many(self, frames: Sequence[tuple[str, Postable]]) -> list[bool]:
        """Send each ``(connection id, frame)``. Connections are served concurrently, but a
        connection's own frames go one after the other, in order: a player must never see a
        match end before the move that ended it."""
        by_connection: dict[str, list[Postable]] = {}
        for connection_id, frame in frames:
            by_connection.setdefault(connection_id, []).append(frame)

        def send_all(connection_id: str) -> bool:
            # all() stops at the first gone connection: the rest would be lost too.
            return all(self.post(connection_id, frame) for frame in by_connection[connection_id])

        if len(by_connection) <= 1:
            return [send_all(c) for c in by_connection]
        with ThreadPoolExecutor(max_workers=min(_WORKERS, len(by_connection))) as pool:
            return list(pool.map(send_all, by_connection))


def _gone(exc: ClientError) -> bool:
    """API Gateway's answer for a connection that no longer exists."""
    return bool(exc.response.get("Error", {}).get("Code") == "GoneException" or
                exc.response.get("ResponseMetadata", {}).get("HTTPStatusCode") == 410)
