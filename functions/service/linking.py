"""Carrying a player to another device with a one-time code, with no password anywhere.

A signed-in device asks for a code (``POST /link``); the new device types it
(``POST /link/redeem``) and becomes a device of the same player, with a token of its own,
exactly as a new guest would. The code (:mod:`functions.service.link_codes`) is stored only as
a keyed digest, is good for ten minutes, and is used in one conditional transaction with the
new device's registration, so two redeems of one code cannot both win.

Guessing is held off by the numbers: 31⁸ ≈ 8.5 × 10¹¹ codes, a few live per player, and a
fixed allowance of tries per network an hour (taken before the code is looked up; a malformed
code is refused before anything is read or written). The arithmetic is in docs/security.md.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass

from functions.service import link_codes
from functions.service.devices import Caller, Devices
from functions.service.errors import ServiceError
from functions.service.identity import TOKEN_LIFETIME_S, Identity
from functions.storage.device_items import LinkCode

#: codes one player may make in one code lifetime (so at most twice as many are ever live)
CODES_PER_WINDOW = 3
#: redeem tries one network gets in an hour, by default (``LINK_REDEEMS_PER_HOUR``)
REDEEMS_PER_HOUR = 10
REDEEM_WINDOW_S = 3600
#: draws of a code whose digest is already taken before giving up (never seen: 31⁸ codes)
_DRAWS = 3


@dataclass(frozen=True)
class NewCode:
    code: str  # as shown: ABCD-2345
    expires_in_s: int


def network(address: str) -> str:
    """Whose tries a redeem counts against: the IPv4 address, or the IPv6 /64 (one home or
    phone holds a whole /64, and could otherwise try from 2⁶⁴ addresses)."""
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address[:64]
    if parsed.version == 6:
        return str(ipaddress.ip_network(f"{parsed}/64", strict=False))
    return str(parsed)


class Linking:
    def __init__(self, devices: Devices, redeems_per_hour: int = REDEEMS_PER_HOUR) -> None:
        self.devices = devices
        self.redeems_per_hour = redeems_per_hour

    def make(self, token: str | None, now_s: int, user_agent: object) -> tuple[NewCode, Caller]:
        """A new code that carries the caller's player, good for ten minutes."""
        caller = self.devices.authenticate(token, now_s, user_agent)
        items, who = self.devices.items, caller.identity
        if not items.take_allowance(f"link#{who.player_id}", link_codes.LIFETIME_S,
                                    CODES_PER_WINDOW, now_s):
            raise ServiceError("link.too_many",
                               "Você já gerou vários códigos nos últimos minutos: use o último "
                               "que apareceu ou espere alguns minutos para gerar outro.")
        stored = LinkCode(who.player_id, who.name, now_s + link_codes.LIFETIME_S)
        for _ in range(_DRAWS):
            code = link_codes.new_code()
            if items.put_link(self._digest(code), stored):
                return NewCode(link_codes.shown(code), link_codes.LIFETIME_S), caller
        raise RuntimeError("no free link code after several draws")

    def redeem(self, typed: object, source: str, now_s: int,
               user_agent: object) -> tuple[Identity, str]:
        """The player a typed code carries, on a new device of theirs, with its token."""
        code = link_codes.parse(typed)
        if code is None:
            raise ServiceError("link.malformed",
                               "Confira o código: são 8 letras e números, como ABCD-2345 (sem "
                               "0, 1, I, L ou O).")
        items = self.devices.items
        if not items.take_allowance(f"redeem#{network(source)}", REDEEM_WINDOW_S,
                                    self.redeems_per_hour, now_s):
            raise ServiceError("link.rate_limited",
                               "Muitas tentativas de código desta rede na última hora: espere "
                               "um pouco e tente de novo.")
        digest = self._digest(code)
        stored = self._check(items.get_link(digest), now_s)
        device = self.devices.new_device(user_agent, now_s)
        if not items.redeem(digest, stored, device, now_s, now_s + TOKEN_LIFETIME_S):
            # Another redeem of the same code won meanwhile (or its time ran out): say which.
            self._check(items.get_link(digest), now_s)
            raise _used()
        identity = Identity(stored.player_id, stored.name, device.device_id)
        return identity, self.devices.signer.token_for(identity, now_s)

    def _digest(self, code: str) -> str:
        return self.devices.signer.digest(link_codes.DIGEST_PURPOSE, code)

    @staticmethod
    def _check(stored: LinkCode | None, now_s: int) -> LinkCode:
        """The stored code if it may be used now; the refusal that says why not otherwise."""
        if stored is None:
            raise ServiceError("link.unknown",
                               "Código não encontrado: confira as letras ou gere outro no "
                               "aparelho em que você já joga.")
        if stored.used_s is not None:
            raise _used()
        if link_codes.expired(stored.expires_s, now_s):
            raise ServiceError("link.expired",
                               "Este código expirou (vale 10 minutos): gere outro no aparelho "
                               "em que você já joga.")
        return stored


def _used() -> ServiceError:
    return ServiceError("link.used", "Este código já foi usado: gere outro no aparelho em que "
                                     "você já joga.")
