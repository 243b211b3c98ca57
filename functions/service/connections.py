"""A player's WebSocket connections: opened under a per-player cap, looked up for every
message, forgotten at ``$disconnect``.

The cap counts only connections API Gateway still holds: one whose ``$disconnect`` was lost
is pruned here rather than locking its player out.
"""

from __future__ import annotations

from functions.service.context import Context
from functions.service.identity import AuthError
from functions.storage.repository import Connection

__all__ = ["MAX_CONNECTIONS_PER_PLAYER", "Connection", "Connections"]

#: open connections (tabs, devices) one player may hold; a flood of them is refused
MAX_CONNECTIONS_PER_PLAYER = 5


class Connections:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    def open(self, connection_id: str, player_id: str, name: str,
             device: str | None = None) -> bool:
        """Remember the connection, whose it is and the device it came from (so that signing
        the device out closes it); False (nothing stored) when the player already holds
        :data:`MAX_CONNECTIONS_PER_PLAYER` live ones."""
        known = self.ctx.repository.player_connections(player_id)
        if len(known) >= MAX_CONNECTIONS_PER_PLAYER:
            live = [c for c in known if self.ctx.notifier.alive(c)]
            if len(live) >= MAX_CONNECTIONS_PER_PLAYER:
                return False
        self.ctx.repository.put_connection(
            Connection(connection_id, player_id, name, device=device), self.ctx.now_s())
        return True

    def find(self, connection_id: str) -> Connection:
        """The connection a message came on (whose it is), or ``auth.no_connection``."""
        conn = self.ctx.repository.get_connection(connection_id)
        if conn is None:
            raise AuthError("auth.no_connection", "Conexão desconhecida: conecte-se de novo.")
        return conn

    def close(self, connection_id: str) -> None:
        self.ctx.repository.delete_connection(connection_id)
