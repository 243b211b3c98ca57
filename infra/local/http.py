"""The local HTTP side: the static site with its ``config.json`` and the identity API (as an
API Gateway HTTP API would call its Lambda: ``POST /guest``, ``/ticket``, ``/link``,
``/link/redeem``, ``/devices``, ``/devices/signout``, ``GET /match/{matchId}``) on the public
port; API Gateway's management API
for the gateway's connections (``POST``/``GET``/``DELETE /@connections/{id}``, with or without
a stage prefix) on a second server that listens on 127.0.0.1 only, as in the cloud only the
game's own functions reach it.

Hostile requests get an answer and hold nothing: a ``Content-Length`` that is not a number of
at most ``MAX_BODY`` bytes is a 400 or 413 before any read, a path with a NUL byte or one that
leaves the site is a 404, and a client that stops sending is dropped after ``timeout``.
"""

from __future__ import annotations

import json
import mimetypes
import secrets
from collections.abc import Callable
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from infra.local.gateway import LambdaContext, LocalGateway

MAX_BODY = 256 * 1024
_CONNECTIONS = "/@connections/"
_MATCH = "/match/"
#: the identity API's POST routes, as the cloud deploys them
IDENTITY_POSTS = ("/guest", "/ticket", "/link", "/link/redeem", "/devices", "/devices/signout")


class LocalHttp(ThreadingHTTPServer):
    """The public port: the site, its config and the identity API."""

    daemon_threads = True
    management = False

    def __init__(self, address: tuple[str, int], site: Path, config: dict[str, Any],
                 gateway: LocalGateway,
                 identity: Callable[[dict[str, Any], Any], dict[str, Any]]) -> None:
        super().__init__(address, _Handler)
        self.site = site.resolve()
        self.config = config
        self.gateway = gateway
        self.identity = identity


class ManagementHttp(LocalHttp):
    """The management API only, on 127.0.0.1 (what the handlers' ``post_to_connection``
    calls)."""

    management = True

    def __init__(self, port: int, gateway: LocalGateway) -> None:
        super().__init__(("127.0.0.1", port), Path("/nonexistent"), {}, gateway,
                         lambda event, context: {})


class _Handler(BaseHTTPRequestHandler):
    server: LocalHttp
    protocol_version = "HTTP/1.1"
    timeout = 30  # seconds a client may leave a request half sent

    def log_message(self, format: str, *args: Any) -> None:
        return  # quiet: the terminal shows the game's own status lines

    def _send(self, status: int, body: bytes = b"", content_type: str = "application/json",
              extra: dict[str, str] | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        for key, value in (extra or {}).items():
            self.send_header(key, value)
        self.end_headers()
        if body and self.command != "HEAD":
            self.wfile.write(body)

    def _body(self) -> bytes | None:
        """The request body, or None once a refusal was sent (the connection then closes:
        whatever else the client sends cannot be told apart from a next request)."""
        given = (self.headers.get("Content-Length") or "0").strip()
        if not given.isascii() or not given.isdigit():
            self.close_connection = True
            self._send(HTTPStatus.BAD_REQUEST, b'{"message":"Bad Content-Length"}')
            return None
        length = int(given)
        if length > MAX_BODY:
            self.close_connection = True
            self._send(HTTPStatus.REQUEST_ENTITY_TOO_LARGE)
            return None
        return self.rfile.read(length) if length else b""

    def _connection_id(self) -> str | None:
        """The connection a management call names; None for any other path. On the public
        port every management path is simply not found."""
        path = urlsplit(self.path).path
        if _CONNECTIONS not in path:
            return None
        return unquote(path.split(_CONNECTIONS, 1)[1]) or None

    def _not_here(self) -> bool:
        """Refuse what this server does not serve: management calls on the public port,
        anything else on the management port."""
        managing = _CONNECTIONS in urlsplit(self.path).path
        if managing == self.server.management:
            return False
        self._send(HTTPStatus.NOT_FOUND, b'{"message":"Not Found"}')
        return True

    # -- routes --------------------------------------------------------------------------------

    def do_GET(self) -> None:
        if self._not_here():
            return
        connection_id = self._connection_id()
        if connection_id is not None:
            info = self.server.gateway.info(connection_id)
            if info is None:
                self._gone()
            else:
                self._send(HTTPStatus.OK, json.dumps(info).encode())
            return
        path = urlsplit(self.path).path
        if path == "/config.json":
            self._send(HTTPStatus.OK, json.dumps(self.server.config).encode())
            return
        if self.command == "GET" and path.startswith(_MATCH):
            # As the HTTP API's ``GET /match/{matchId}``: one path segment, passed unchecked
            # (the handler checks it before reading anything).
            match_id = path.removeprefix(_MATCH)
            if "/" not in match_id:
                self._identity(f"GET {_MATCH}{{matchId}}", path, b"", {"matchId": match_id})
                return
        self._static(path)

    do_HEAD = do_GET  # noqa: N815 - the name http.server looks for

    def do_POST(self) -> None:
        body = self._body()
        if body is None or self._not_here():
            return
        connection_id = self._connection_id()
        if connection_id is not None:
            status = self.server.gateway.post(connection_id, body)
            if status == HTTPStatus.GONE:
                self._gone()
            else:
                self._send(status)
            return
        path = urlsplit(self.path).path
        if path not in IDENTITY_POSTS:
            self._send(HTTPStatus.NOT_FOUND, b'{"message":"Not Found"}')
            return
        self._identity(f"POST {path}", path, body)

    def _identity(self, route: str, path: str, body: bytes,
                  parameters: dict[str, str] | None = None) -> None:
        """Call the identity API's handler as the HTTP API would, and answer with its reply."""
        method = route.split(" ", 1)[0]
        event: dict[str, Any] = {
            "version": "2.0", "routeKey": route, "rawPath": path,
            "body": body.decode("utf-8", "replace"), "isBase64Encoded": False,
            "headers": {"user-agent": self.headers.get("User-Agent", "")},
            "requestContext": {"http": {"method": method, "path": path,
                                        "sourceIp": self.client_address[0],
                                        "userAgent": self.headers.get("User-Agent", "")},
                               "requestId": secrets.token_hex(8)}}
        if parameters is not None:
            event["pathParameters"] = parameters
        answer = self.server.identity(event, LambdaContext("identity", secrets.token_hex(8)))
        self._send(int(answer["statusCode"]), str(answer.get("body", "")).encode("utf-8"),
                   dict(answer.get("headers", {})).get("content-type", "application/json"))

    def do_DELETE(self) -> None:
        if self._not_here():
            return
        connection_id = self._connection_id()
        if connection_id is None:
            self._send(HTTPStatus.NOT_FOUND)
            return
        status = self.server.gateway.delete(connection_id)
        if status == HTTPStatus.GONE:
            self._gone()
        else:
            self._send(status)

    def _gone(self) -> None:
        """API Gateway's answer for a closed connection, which boto3 reads as GoneException."""
        self._send(HTTPStatus.GONE, b'{"message":null}',
                   extra={"x-amzn-ErrorType": "GoneException"})

    def _static(self, path: str) -> None:
        relative = unquote(path).lstrip("/") or "index.html"
        try:
            target = (self.server.site / relative).resolve()
            if target.is_dir():
                target = target / "index.html"
            found = target.is_relative_to(self.server.site) and target.is_file()
        except (ValueError, OSError):  # a NUL byte, a name too long for the file system
            found = False
        if not found:
            self._send(HTTPStatus.NOT_FOUND, b"Not found\n", "text/plain; charset=utf-8")
            return
        kind = mimetypes.guess_type(target.name)[0] or "application/octet-stream"
        if target.suffix == ".webmanifest":  # as CloudFront sends it (infra/cdk/site.py)
            kind = "application/manifest+json"
        if kind.startswith("text/") or kind in ("application/javascript", "application/json",
                                                "application/manifest+json"):
            kind += "; charset=utf-8"
        # Every answer is "no-store" (``_send``): the service worker, its modules and the
        # manifest are looked for afresh on each visit, as a new deployment needs.
        self._send(HTTPStatus.OK, target.read_bytes(), kind)
