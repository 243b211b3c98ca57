"""What the identity API and the ``$connect`` authorizer run on: the signer, the table's
allowance and single-use records, a player's devices and link codes, and the clock.

Built once per Lambda container, like :mod:`functions.runtime`, but apart from it: these two
functions are on every player's way in (a guest, a ticket, a connection), so they import
neither the engine, the themes, the services nor the protocol's models, and they are the only
two that read the signing key. The one exception is the identity API's public summary of a
match (``GET /match/<id>``): it loads the match's state, so what it needs is imported the
first time a summary is asked for, never for a guest or a ticket.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from functions.clock import wall_clock_ms
from functions.config import Config
from functions.container import PerContainer
from functions.service.devices import Devices
from functions.service.identity import Signer
from functions.service.linking import REDEEMS_PER_HOUR, Linking
from functions.storage.device_items import DeviceItems
from functions.storage.table import Table

if TYPE_CHECKING:
    from functions.storage.repository import Repository


@dataclass
class IdentityRuntime:
    signer: Signer
    #: its allowances (LIMIT#) and single-use records (ONCE#); and the match items a summary
    #: reads (MATCH#, through :attr:`matches`)
    table: Table
    guests_per_hour: int
    clock_ms: Callable[[], int] = wall_clock_ms
    #: API Gateway's management API: a device signed out has its connections closed
    connections_api: Any = None
    link_tries_per_hour: int = REDEEMS_PER_HOUR

    def now_s(self) -> int:
        return self.clock_ms() // 1000

    @functools.cached_property
    def devices(self) -> Devices:
        """A player's devices (PLAYER# DEVICE# items) on the same table and client."""
        return Devices(DeviceItems(self.table.client, self.table.table), self.signer,
                       self.connections_api)

    @functools.cached_property
    def linking(self) -> Linking:
        """One-time codes (LINK# items) that carry a player to another device."""
        return Linking(self.devices, self.link_tries_per_hour)

    @functools.cached_property
    def matches(self) -> Repository:
        """The same table and client, read as match records."""
        from functions.storage.repository import Repository

        return Repository(self.table.client, self.table.table)

    def match_summary(self, match_id: str) -> dict[str, Any]:
        """What anyone may know of a match before they have a name
        (:func:`functions.service.match_summary.summary`; refusals raise its errors)."""
        from functions.service.match_summary import summary

        return summary(self.matches, match_id, self.clock_ms())


def from_config(config: Config,
                clock_ms: Callable[[], int] = wall_clock_ms) -> IdentityRuntime:
    """The identity runtime a deployment's settings make (``clock_ms``: see
    :func:`functions.runtime.from_config`)."""
    from functions import aws

    return IdentityRuntime(Signer.from_secret(config.signing_key(aws.client)),
                           Table(aws.client("dynamodb"), config.table),
                           config.guests_per_hour, clock_ms,
                           connections_api=aws.Lazy("apigatewaymanagementapi",
                                                    endpoint_url=config.websocket_endpoint),
                           link_tries_per_hour=config.link_tries_per_hour)


_HELD: PerContainer[IdentityRuntime] = PerContainer(lambda: from_config(Config.from_env()))
current = _HELD.current
install = _HELD.install
