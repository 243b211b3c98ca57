"""Guest identities, their tokens and the short-lived tickets that open a WebSocket.

A guest picks a display name and gets a player id and a signed token, which the browser keeps.
Each token names its device (``dev``): the table holds one item per device, and a token whose
device item is gone is signed out (:mod:`functions.service.devices`); the signature alone
cannot be taken back. The token never travels in a URL: the browser trades it (over HTTPS)
for a ticket valid for a minute, and opens the WebSocket with the ticket in the query string,
where the ``$connect`` authorizer checks it. Both are ``v1.<payload>.<signature>`` with an
HMAC-SHA256 signature over the payload by the deployment's key; the ``kind`` inside keeps a
ticket from passing as a token and the reverse.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import re
import secrets
import unicodedata
from dataclasses import dataclass

TOKEN_LIFETIME_S = 180 * 86400
TICKET_LIFETIME_S = 60
NAME_MAX = 20
_NAME = re.compile(r"^[\w .'-]+$")
#: a device id as this module makes it (``secrets.token_hex``), checked in every payload
DEVICE_ID = re.compile(r"^[0-9a-f]{16}$")


class AuthError(Exception):
    """A token or ticket that is missing, malformed, forged, expired or of the wrong kind."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class InvalidNameError(ValueError):
    """A display name that cannot be used."""


@dataclass(frozen=True)
class Identity:
    player_id: str
    name: str
    #: the device a token or ticket was issued to; None in tokens made before devices were
    #: (they are given one at their next ticket)
    device: str | None = None


@dataclass(frozen=True)
class Ticket:
    """A checked ticket: who it admits, and its nonce and expiry (it admits them once)."""

    identity: Identity
    nonce: str
    expires_s: int


_BOT_PREFIX = re.compile(r"^(robo|bot)\b")


def _latin_only(name: str) -> bool:
    """Every letter is of the Latin script: a Cyrillic А or a Greek Α looks like A."""
    return all(not ch.isalpha() or unicodedata.name(ch, "").startswith("LATIN") for ch in name)


def _folded(name: str) -> str:
    return "".join(ch for ch in unicodedata.normalize("NFD", name.lower())
                   if not unicodedata.combining(ch))


def clean_name(raw: str) -> str:
    """A display name: NFKC-normalised (full-width Ａｎａ is Ana), trimmed, inner spaces
    collapsed, 1–20 Latin letters, digits, spaces, . ' -; never one that passes for a bot's."""
    name = " ".join(unicodedata.normalize("NFKC", raw).split())
    if not name:
        raise InvalidNameError("Escolha um nome para jogar.")
    if len(name) > NAME_MAX:
        raise InvalidNameError(f"O nome pode ter no máximo {NAME_MAX} caracteres.")
    if not _NAME.match(name) or "_" in name:
        raise InvalidNameError("Use só letras, números, espaços, ponto, apóstrofo e hífen no nome.")
    if not _latin_only(name):
        raise InvalidNameError("Use letras do nosso alfabeto no nome (sem letras gregas, "
                               "cirílicas ou de outras escritas).")
    if _BOT_PREFIX.match(_folded(name)):
        raise InvalidNameError("Nomes que começam com “Robô” ou “Bot” são dos robôs do jogo: "
                               "escolha outro.")
    return name


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


_B64 = re.compile(r"^[A-Za-z0-9_-]*$")


def _unb64(text: str) -> bytes:
    """Strict base64url: only the alphabet, no padding, and the one canonical spelling (the
    lenient decoder skips junk characters, so many strings would read as one)."""
    if not _B64.match(text):
        raise ValueError("not base64url")
    data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    if _b64(data) != text:
        raise ValueError("not the canonical base64url of its bytes")
    return data


class Signer:
    """Signs tokens and tickets with the current key, and accepts those signed with it or with
    an older key still listed: during a rotation the deployment lists the new key first and the
    old one after it, so nobody is signed out (docs/operations.md)."""

    def __init__(self, key: bytes, *older: bytes) -> None:
        if any(len(k) < 32 for k in (key, *older)):
            raise ValueError("the signing key must have at least 32 bytes")
        self._keys = (key, *older)  # the first signs

    @classmethod
    def from_secret(cls, secret: bytes) -> Signer:
        """The keys of a secret value: one key, or several separated by spaces or new lines,
        the first one current."""
        keys = secret.split()
        if not keys:
            raise ValueError("the signing key is empty")
        return cls(keys[0], *keys[1:])

    def _sign(self, payload: dict[str, object]) -> str:
        body = _b64(json.dumps(payload, separators=(",", ":"), sort_keys=True).encode("utf-8"))
        mac = hmac.new(self._keys[0], body.encode("ascii"), hashlib.sha256).digest()
        return f"v1.{body}.{_b64(mac)}"

    def _check(self, text: str | None, kind: str,
               now_s: int) -> tuple[Identity, dict[str, object]]:
        """The identity a valid, unexpired ``text`` of this kind carries, and its payload."""
        what = "ticket" if kind == "ticket" else "token"
        if not text:
            raise AuthError(f"auth.{what}_missing", "Identificação ausente: entre de novo.")
        parts = text.split(".")
        if len(parts) != 3 or parts[0] != "v1" or len(text) > 2048:
            raise AuthError(f"auth.{what}_invalid", "Identificação inválida: entre de novo.")
        try:
            signature = _unb64(parts[2])
            raw = _unb64(parts[1])  # only base64url characters from here on: ASCII
        except ValueError as exc:
            raise AuthError(f"auth.{what}_invalid",
                            "Identificação inválida: entre de novo.") from exc
        signed = parts[1].encode("ascii")
        if not any(hmac.compare_digest(signature, hmac.new(k, signed, hashlib.sha256).digest())
                   for k in self._keys):
            raise AuthError(f"auth.{what}_invalid", "Identificação inválida: entre de novo.")
        try:
            payload = json.loads(raw)  # signed by us, so small and well formed
        except (ValueError, UnicodeDecodeError, RecursionError) as exc:
            raise AuthError(f"auth.{what}_invalid",
                            "Identificação inválida: entre de novo.") from exc
        if not isinstance(payload, dict):
            raise AuthError(f"auth.{what}_invalid", "Identificação inválida: entre de novo.")
        if payload.get("kind") != kind:
            raise AuthError(f"auth.{what}_invalid", "Identificação inválida: entre de novo.")
        expires = payload.get("exp")
        if not isinstance(expires, int) or expires <= now_s:
            raise AuthError(f"auth.{what}_expired", "Sua identificação expirou: entre de novo.")
        player, name, device = payload.get("sub"), payload.get("name"), payload.get("dev")
        if not isinstance(player, str) or not isinstance(name, str):
            raise AuthError(f"auth.{what}_invalid", "Identificação inválida: entre de novo.")
        if device is not None and not (isinstance(device, str) and DEVICE_ID.match(device)):
            raise AuthError(f"auth.{what}_invalid", "Identificação inválida: entre de novo.")
        return Identity(player, name, device), payload

    def new_guest(self, raw_name: str, now_s: int,
                  device: str | None = None) -> tuple[Identity, str]:
        """A new guest on ``device``: its identity and its long-lived token."""
        identity = Identity("p_" + secrets.token_hex(8), clean_name(raw_name), device)
        return identity, self.token_for(identity, now_s)

    def token_for(self, identity: Identity, now_s: int) -> str:
        payload: dict[str, object] = {"kind": "token", "sub": identity.player_id,
                                      "name": identity.name, "exp": now_s + TOKEN_LIFETIME_S}
        if identity.device is not None:
            payload["dev"] = identity.device
        return self._sign(payload)

    def check_token(self, token: str | None, now_s: int) -> Identity:
        return self._check(token, "token", now_s)[0]

    def ticket(self, identity: Identity, now_s: int) -> str:
        """A one-minute ticket for the WebSocket, for an identity whose token was checked
        (and whose device is still there: the caller's business)."""
        payload: dict[str, object] = {"kind": "ticket", "sub": identity.player_id,
                                      "name": identity.name, "exp": now_s + TICKET_LIFETIME_S,
                                      "nonce": secrets.token_hex(12)}
        if identity.device is not None:
            payload["dev"] = identity.device
        return self._sign(payload)

    def ticket_for(self, token: str | None, now_s: int) -> str:
        """A one-minute ticket in exchange for a valid token (its device unchecked: the
        identity API checks it first, :meth:`functions.service.devices.Devices.ticket`)."""
        return self.ticket(self.check_token(token, now_s), now_s)

    def digest(self, purpose: str, text: str) -> str:
        """A keyed digest of ``text`` (HMAC-SHA256 with the current key, separated by
        ``purpose``): what the table keeps of a secret it must recognise but never hold, such
        as a link code. Without the key, a copy of the table gives no way to test guesses
        offline."""
        mac = hmac.new(self._keys[0], f"{purpose}\0{text}".encode(), hashlib.sha256)
        return _b64(mac.digest())

    @staticmethod
    def new_device() -> str:
        return secrets.token_hex(8)

    def check_ticket(self, ticket: str | None, now_s: int) -> Ticket:
        """The ticket's identity, nonce and expiry; the caller makes sure a nonce opens only
        one connection (the authorizer records it)."""
        identity, payload = self._check(ticket, "ticket", now_s)
        nonce, expires = payload.get("nonce"), payload.get("exp")
        if not isinstance(nonce, str) or not nonce or not isinstance(expires, int):
            raise AuthError("auth.ticket_invalid", "Identificação inválida: entre de novo.")
        return Ticket(identity, nonce, expires)
