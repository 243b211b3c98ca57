"""What the identity API and the ``$connect`` authorizer run on: the signer, the table's
allowance and single-use records, and the clock.

Built once per Lambda container, like :mod:`functions.runtime`, but apart from it: these two
functions are on every player's way in (a guest, a ticket, a connection), so they import
neither the engine, the themes, the services nor the protocol's models, and they are the only
two that read the signing key.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from functions.clock import wall_clock_ms
from functions.config import Config
from functions.container import PerContainer
from functions.service.identity import Signer
from functions.storage.table import Table


@dataclass
class IdentityRuntime:
    signer: Signer
    table: Table  # only its allowances (LIMIT#) and single-use records (ONCE#)
    guests_per_hour: int
    clock_ms: Callable[[], int] = wall_clock_ms

    def now_s(self) -> int:
        return self.clock_ms() // 1000


def from_config(config: Config) -> IdentityRuntime:
    from functions import aws

    return IdentityRuntime(Signer.from_secret(config.signing_key(aws.client)),
                           Table(aws.client("dynamodb"), config.table),
                           config.guests_per_hour)


_HELD: PerContainer[IdentityRuntime] = PerContainer(lambda: from_config(Config.from_env()))
current = _HELD.current
install = _HELD.install
