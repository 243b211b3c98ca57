"""The local HTTP side: the static site with its ``config.json``, the identity API (as an API
Gateway HTTP API would call its Lambda) and API Gateway's management API for the gateway's
connections (``POST``/``GET``/``DELETE /@connections/{id}``, with or without a stage prefix)."""

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


class LocalHttp(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, address: tuple[str, int], site: Path, config: dict[str, Any],
                 gateway: LocalGateway,
                 identity: Callable[[dict[str, Any], Any], dict[str, Any]]) -> None:
        super().__init__(address, _Handler)
        self.site = site.resolve()
        self.config = config
        self.gateway = gateway
        self.identity = identity


class _Handler(BaseHTTPRequestHandler):
    server: LocalHttp
    protocol_version = "HTTP/1.1"

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
        length = int(self.headers.get("Content-Length") or 0)
        if length > MAX_BODY:
            self._send(HTTPStatus.REQUEST_ENTITY_TOO_LARGE)
            return None
        return self.rfile.read(length) if length else b""

    def _connection_id(self) -> str | None:
        path = urlsplit(self.path).path
        if _CONNECTIONS not in path:
            return None
        return unquote(path.split(_CONNECTIONS, 1)[1]) or None

    # -- routes --------------------------------------------------------------------------------

    def do_GET(self) -> None:
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
        self._static(path)

    do_HEAD = do_GET  # noqa: N815 - the name http.server looks for

    def do_POST(self) -> None:
        body = self._body()
        if body is None:
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
        if path not in ("/guest", "/ticket"):
            self._send(HTTPStatus.NOT_FOUND, b'{"message":"Not Found"}')
            return
        event = {"version": "2.0", "routeKey": f"POST {path}", "rawPath": path,
                 "body": body.decode("utf-8", "replace"), "isBase64Encoded": False,
                 "requestContext": {"http": {"method": "POST", "path": path,
                                             "sourceIp": self.client_address[0]},
                                    "requestId": secrets.token_hex(8)}}
        answer = self.server.identity(event, LambdaContext("identity", secrets.token_hex(8)))
        self._send(int(answer["statusCode"]), str(answer.get("body", "")).encode("utf-8"),
                   dict(answer.get("headers", {})).get("content-type", "application/json"))

    def do_DELETE(self) -> None:
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
        target = (self.server.site / relative).resolve()
        if target.is_dir():
            target = target / "index.html"
        if not target.is_relative_to(self.server.site) or not target.is_file():
            self._send(HTTPStatus.NOT_FOUND, b"Not found\n", "text/plain; charset=utf-8")
            return
        kind = mimetypes.guess_type(target.name)[0] or "application/octet-stream"
        if kind.startswith("text/") or kind in ("application/javascript", "application/json"):
            kind += "; charset=utf-8"
        self._send(HTTPStatus.OK, target.read_bytes(), kind)
