"""One WebSocket message in, frames out: parsing, dispatch and the one place errors become
error frames.

Every refusal is an ``error`` frame with a stable code and a Portuguese message, carrying the
message's ``requestId`` when it could be read; nothing was written. Unexpected failures are
logged with their trace and answered with a generic ``server.error``, leaking no internals.
"""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Callable
from typing import Any

from pydantic import ValidationError

from engine.errors import RuleError
from functions.handlers.observability import correlate, logger, metrics, publish_counters
from functions.protocol import client as msg
from functions.protocol import json_input, refusals
from functions.protocol.frame_base import Postable
from functions.protocol.server import Error, Pong, Previewed
from functions.runtime import Runtime
from functions.service.connections import Connection
from functions.service.errors import ServiceError
from functions.service.identity import AuthError, Identity

Handler = Callable[[Runtime, Connection, Any], list[Postable]]


def _who(conn: Connection) -> Identity:
    return Identity(conn.player_id, conn.name)


def _preview(rt: Runtime, conn: Connection, m: msg.Preview) -> list[Postable]:
    # The engine's commands only for the game route: a lobby message never loads them.
    from functions.handlers.commands import to_play

    breakdown = rt.matches.preview(conn.player_id, m.matchId, to_play(m))
    return [Previewed(requestId=m.requestId, matchId=m.matchId, breakdown=breakdown)]


def _command(rt: Runtime, conn: Connection, m: Any) -> list[Postable]:
    from functions.handlers.commands import to_command

    return rt.matches.command(conn, m.matchId, to_command(m), m.requestId).frames


_GAME: dict[type, Handler] = {
    msg.Preview: _preview,
    msg.History: lambda rt, conn, m: [rt.matches.history(conn.player_id, m.matchId, m.before,
                                                         m.limit, m.requestId)],
    msg.Watch: lambda rt, conn, m: rt.matches.watch(conn.player_id, conn.connection_id,
                                                    m.matchId, m.requestId).frames,
    msg.Review: lambda rt, conn, m: [rt.matches.review(conn.player_id, m.matchId, m.start,
                                                       m.requestId)],
    msg.Resume: lambda rt, conn, m: rt.matches.resume(conn.player_id, conn.connection_id,
                                                      m.matchId, m.requestId).frames,
    msg.Leave: lambda rt, conn, m: rt.matches.leave(conn, m.matchId, m.requestId).frames,
}


def _game(rt: Runtime, conn: Connection, message: Any) -> list[Postable]:
    """A match's action: a request about the match, or a command (play, swap, pass, the
    market's and the cards')."""
    return _GAME.get(type(message), _command)(rt, conn, message)


def _ack(run: Callable[[], object]) -> list[Postable]:
    """Run a lobby action whose answers reach the players as broadcasts."""
    run()
    return []


_LOBBY: dict[type, Callable[[Runtime, Identity, Any], list[Postable]]] = {
    msg.Hello: lambda rt, who, m: [rt.lobby.hello(who, m.requestId)],
    msg.Leaderboard: lambda rt, who, m: [rt.lobby.leaderboard(m.requestId)],
    msg.SetStyle: lambda rt, who, m: [rt.lobby.set_style(who, m.tileStyle, m.boardStyle,
                                                         m.requestId)],
    msg.JoinQueue: lambda rt, who, m: _ack(lambda: rt.lobby.join_queue(who, m.seats,
                                                                       m.requestId, m.paced)),
    msg.LeaveQueue: lambda rt, who, m: [rt.lobby.leave_queue(who, m.requestId)],
    msg.CreateRoom: lambda rt, who, m: [rt.lobby.create_room(who, m.settings, m.requestId)],
    msg.JoinRoom: lambda rt, who, m: _ack(lambda: rt.lobby.join_room(who, m.code,
                                                                     m.requestId)),
    msg.UpdateRoom: lambda rt, who, m: _ack(lambda: rt.lobby.update_room(
        who, m.code, m.settings, m.requestId)),
    msg.LeaveRoom: lambda rt, who, m: [rt.lobby.leave_room(who, m.code, m.requestId)],
    msg.StartRoom: lambda rt, who, m: _ack(lambda: rt.lobby.start_room(who, m.code,
                                                                       m.requestId)),
    msg.StartSolo: lambda rt, who, m: _ack(lambda: rt.lobby.start_solo(who, m.settings,
                                                                       m.requestId)),
    msg.Rematch: lambda rt, who, m: _ack(lambda: rt.lobby.rematch(who, m.matchId,
                                                                  m.requestId)),
    msg.Daily: lambda rt, who, m: [rt.lobby.daily(who, m.requestId)],
    msg.StartDaily: lambda rt, who, m: _ack(lambda: rt.lobby.start_daily(who, m.requestId)),
}


def _lobby(rt: Runtime, conn: Connection, message: Any) -> list[Postable]:
    if isinstance(message, msg.Matches):  # about the device too: it shows the list now
        return [rt.lobby.list_matches(_who(conn), message.requestId, conn, message.left)]
    run = _LOBBY.get(type(message))
    if run is None:
        raise ServiceError("message.unknown_action", "Ação desconhecida.")
    return run(rt, _who(conn), message)


LOBBY_ACTIONS = frozenset(set(msg.ACTIONS) - msg.GAME_ACTIONS - {"resume"})
GAME_ACTIONS = msg.GAME_ACTIONS | {"resume"}


_ID = re.compile(r"^[A-Za-z0-9_.:-]{1,64}$")


def _well_formed(data: object, field: str) -> str | None:
    """A message's id field, only if it is a well-formed one: nothing else a client sent is
    ever echoed back or logged (tests/fuzz found a lone surrogate breaking the frame's
    encoding)."""
    if isinstance(data, dict):
        value = data.get(field)
        if isinstance(value, str) and _ID.match(value):
            return value
    return None


def _request_id(data: object) -> str | None:
    return _well_formed(data, "requestId")


def _read(body: str | None) -> object:
    raw = (body or "").encode("utf-8", "surrogatepass")
    if len(raw) > msg.MAX_MESSAGE_BYTES:
        raise ServiceError("message.too_large",
                           f"Mensagem grande demais (máximo {msg.MAX_MESSAGE_BYTES} bytes).")
    try:
        return json_input.loads(raw)
    except json_input.UnreadableJsonError as exc:
        raise ServiceError("message.malformed", exc.message) from exc


def _limited(rt: Runtime, connection_id: str, player: str | None) -> bool:
    """Over the connection's or the player's allowance (checked before anything is read)."""
    return not rt.limiter.allow(connection_id) or (
        player is not None and not rt.player_limiter.allow(player))


def handle(rt: Runtime, connection_id: str, body: str | None,
           allowed: frozenset[str] | None = None,
           player: str | None = None) -> list[Postable]:
    """The frames that answer one message on ``connection_id`` (posted by the caller);
    ``player`` is the identity the authorizer gave the connection, when the event has it."""
    started = time.perf_counter()
    request_id: str | None = None
    square: tuple[int, int] | None = None
    action = "?"
    try:
        if _limited(rt, connection_id, player):
            # Still answered with its requestId, so a page waiting on it is not left hanging.
            with contextlib.suppress(ServiceError):
                request_id = _request_id(_read(body))
            raise ServiceError("rate.limited",
                               "Mensagens demais em pouco tempo: espere um instante.")
        data = _read(body)
        request_id = _request_id(data)
        correlate(requestId=request_id, matchId=_well_formed(data, "matchId"))
        if not isinstance(data, dict) or not isinstance(data.get("action"), str):
            raise ServiceError("message.no_action", "A mensagem precisa de um campo action.")
        action = data["action"][:40]  # what is logged: a client's text, so kept short
        if action not in msg.ACTIONS or (allowed is not None and action not in allowed):
            shown = action[:40] if action.isascii() and action.isprintable() else "?"
            raise ServiceError("message.unknown_action", f"Ação desconhecida: {shown}.")
        # Strict: a wrong type is refused, never coerced ("90" is no number, true no 1).
        message = msg.CLIENT_MESSAGE.validate_python(data, strict=True)
        if isinstance(message, msg.Ping):  # the page's keep-alive: no read, nothing stored
            metrics.add_metric(name="Messages", unit="Count", value=1)
            return [Pong(requestId=message.requestId, serverTimeMs=rt.ctx.clock_ms())]
        conn = rt.connections.find(connection_id)
        route: Handler = _game if action in GAME_ACTIONS else _lobby
        frames = route(rt, conn, message)
        metrics.add_metric(name="Messages", unit="Count", value=1)
        if action == "play" and not any(isinstance(f, Error) for f in frames):
            metrics.add_metric(name="Moves", unit="Count", value=1)
        logger.debug("answered", extra={"action": action, "frames": len(frames)})
        return frames
    except RuleError as exc:
        code, message_text, square = exc.code, exc.message, exc.square
    except (ServiceError, AuthError) as exc:
        code, message_text = exc.code, exc.message
    except ValidationError as exc:
        code, message_text = "message.invalid", refusals.explain(exc)
    except Exception:
        logger.exception("unexpected failure", extra={"action": action})
        metrics.add_metric(name="ServerErrors", unit="Count", value=1)
        code, message_text = "server.error", "Erro no servidor; tente de novo."
    finally:
        elapsed = (time.perf_counter() - started) * 1000
        metrics.add_metric(name="LatencyMs", unit="Milliseconds", value=elapsed)
        publish_counters(rt.ctx.counters)
    metrics.add_metric(name="Errors", unit="Count", value=1)
    logger.info("refused", extra={"action": action, "code": code})
    return [Error(requestId=request_id, code=code, message=message_text, square=square)]
