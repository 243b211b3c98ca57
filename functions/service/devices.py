"""A player's devices: each token names one, the table holds an item per device, and deleting
that item signs the device out.

A signed token cannot be taken back, but the identity API and the ``$connect`` authorizer
look its device up before they admit it: ``POST /ticket`` (and every other call with a
token) answers ``auth.signed_out`` once the device is gone, and the authorizer refuses a
ticket of a gone device, so even a ticket minted a moment before the sign-out opens nothing.
Signing out also closes the device's open connections through API Gateway's management API.

Tokens made before devices existed carry none: the first call with one gives it a device
(its id derived from the token, recorded once, so a device signed out stays out) and answers
a renewed token for the browser to keep. Nobody is signed out by the change.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from botocore.exceptions import ClientError

from functions.service.device_labels import label
from functions.service.errors import ServiceError
from functions.service.identity import (
    DEVICE_ID,
    TOKEN_LIFETIME_S,
    AuthError,
    Identity,
    Signer,
)
from functions.storage.device_items import Device, DeviceItems

#: a device's "last seen" is written at most this often: a write per reconnection would
#: cost more than the hour's precision is worth
TOUCH_EVERY_S = 3600


def signed_out() -> AuthError:
    """The refusal of a device whose item is gone."""
    return AuthError("auth.signed_out",
                     "Este aparelho foi desconectado da sua conta. Para voltar a jogar como "
                     "antes, gere um código em “Seus aparelhos” num aparelho conectado e "
                     "digite-o aqui em “Já jogo em outro aparelho”.")


@dataclass(frozen=True)
class Caller:
    """Who called with a token: the identity (with its device), and a renewed token when the
    one given carried no device (the browser keeps it from then on)."""

    identity: Identity
    renewed: str | None = None


@dataclass(frozen=True)
class SignedOut:
    device_id: str
    #: how many of its open connections were closed
    closed: int
    #: the caller signed out the device it called from
    itself: bool


class Devices:
    def __init__(self, items: DeviceItems, signer: Signer, connections_api: Any) -> None:
        self.items = items
        self.signer = signer
        self.connections_api = connections_api

    @staticmethod
    def new_device(user_agent: object, now_s: int) -> Device:
        return Device(Signer.new_device(), label(user_agent), now_s, now_s)

    def new_guest(self, raw_name: str, now_s: int, user_agent: object) -> tuple[Identity, str]:
        """A new guest and its first device (a bad name raises before anything is written)."""
        device = self.new_device(user_agent, now_s)
        identity, token = self.signer.new_guest(raw_name, now_s, device.device_id)
        self.items.put_device(identity.player_id, device, now_s + TOKEN_LIFETIME_S)
        return identity, token

    def authenticate(self, token: str | None, now_s: int, user_agent: object) -> Caller:
        """The caller of a token: genuine, unexpired, and its device still there (noted as
        seen, at most once an hour); raises :class:`AuthError` otherwise."""
        identity = self.signer.check_token(token, now_s)
        if identity.device is None:
            return self._upgrade(str(token), identity, now_s, user_agent)
        device = self.items.get_device(identity.player_id, identity.device)
        if device is None:
            raise signed_out()
        if now_s - device.last_seen_s >= TOUCH_EVERY_S and \
                not self.items.touch_device(identity.player_id, identity.device, now_s):
            raise signed_out()
        return Caller(identity)

    def _upgrade(self, token: str, identity: Identity, now_s: int,
                 user_agent: object) -> Caller:
        """A device for a token made before devices: the same one each time that token comes
        (two tabs at once get the same), and none once it was signed out."""
        device_id = hashlib.sha256(token.encode("ascii")).hexdigest()[:16]
        device = Device(device_id, label(user_agent), now_s, now_s)
        if not self.items.upgrade(identity.player_id, device, now_s + TOKEN_LIFETIME_S) and \
                self.items.get_device(identity.player_id, device_id) is None:
            raise signed_out()
        upgraded = Identity(identity.player_id, identity.name, device_id)
        return Caller(upgraded, self.signer.token_for(upgraded, now_s))

    def ticket(self, token: str | None, now_s: int, user_agent: object) -> tuple[str, str | None]:
        """A one-minute ticket for the caller's device, and the renewed token if one was made."""
        caller = self.authenticate(token, now_s, user_agent)
        return self.signer.ticket(caller.identity, now_s), caller.renewed

    def admits(self, identity: Identity) -> bool:
        """Whether a checked ticket's device is still signed in (the authorizer's question)."""
        return identity.device is not None and \
            self.items.get_device(identity.player_id, identity.device) is not None

    def listing(self, token: str | None, now_s: int,
                user_agent: object) -> tuple[list[dict[str, Any]], Caller]:
        """The caller's devices, the one they call from marked, most recently seen first."""
        caller = self.authenticate(token, now_s, user_agent)
        found = self.items.devices(caller.identity.player_id)
        found.sort(key=lambda d: (d.last_seen_s, d.created_s), reverse=True)
        return [{"id": d.device_id, "label": d.label, "createdAtMs": d.created_s * 1000,
                 "lastSeenAtMs": d.last_seen_s * 1000,
                 "current": d.device_id == caller.identity.device} for d in found], caller

    def sign_out(self, token: str | None, device_id: object, now_s: int,
                 user_agent: object) -> tuple[SignedOut, Caller]:
        """Sign one of the caller's own devices out (the one they call from too) and close
        its open connections. Only the caller's devices can be named: the item's key is
        their player id. A malformed id changes nothing."""
        caller = self.authenticate(token, now_s, user_agent)
        if not isinstance(device_id, str) or not DEVICE_ID.match(device_id):
            raise ServiceError("device.bad_id", "Aparelho inválido: atualize a lista e tente "
                                                "de novo.")
        player = caller.identity.player_id
        if not self.items.delete_device(player, device_id):
            raise ServiceError("device.not_found", "Este aparelho já estava desconectado.")
        closed = [c for c, device in self.items.device_connections(player) if device == device_id]
        for connection_id in closed:
            self._close(connection_id)
        return SignedOut(device_id, len(closed), device_id == caller.identity.device), caller

    def _close(self, connection_id: str) -> None:
        """Close one connection (API Gateway then runs its ``$disconnect``); one already
        gone is fine."""
        try:
            self.connections_api.delete_connection(ConnectionId=connection_id)
        except ClientError as exc:
            gone = exc.response.get("Error", {}).get("Code") == "GoneException" or \
                exc.response.get("ResponseMetadata", {}).get("HTTPStatusCode") == 410
            if not gone:
                raise
