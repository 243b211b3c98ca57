"""The game's services wired to real clients, built once per Lambda container (and swappable
in tests).

Cold starts pay for the AWS clients once; warm invocations reuse them. The match and lobby
services, the engine and the lexicon are imported and built on first use, so ``$connect`` and
``$disconnect`` never load them. The signing key is not here: only the identity API and the
authorizer read it (:mod:`functions.identity_runtime`).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from functions.clock import wall_clock_ms
from functions.config import Config
from functions.container import PerContainer
from functions.handlers.ratelimit import PLAYER_BURST, PLAYER_RATE, RateLimiter
from functions.service.context import Context, PaceLimits
from functions.service.notifier import Notifier
from functions.service.timers import Timers
from functions.storage.repository import Repository

if TYPE_CHECKING:
    from engine.match import Resources
    from functions.service.connections import Connections
    from functions.service.lobby import LobbyService
    from functions.service.matches import MatchService


@dataclass
class Runtime:
    ctx: Context
    limiter: RateLimiter
    player_limiter: RateLimiter

    @functools.cached_property
    def connections(self) -> Connections:
        from functions.service.connections import Connections

        return Connections(self.ctx)

    @functools.cached_property
    def matches(self) -> MatchService:
        from functions.service.matches import MatchService

        return MatchService(self.ctx)

    @functools.cached_property
    def lobby(self) -> LobbyService:
        from functions.service.lobby import LobbyService

        return LobbyService(self.ctx, self.matches)


def assemble(repository: Repository, notifier: Notifier, timers: Timers, *,
             clock_ms: Any = wall_clock_ms, queue_wait_s: int = 20,
             resources: Resources | None = None,
             reviewed_themes_only: bool = False, pace: PaceLimits | None = None) -> Runtime:
    def load() -> Resources:
        from engine.match import Resources

        return resources or Resources.default(reviewed_only=reviewed_themes_only)

    ctx = Context(repository, notifier, timers, load, clock_ms, queue_wait_s,
                  pace=pace or PaceLimits())
    return Runtime(ctx, RateLimiter(), RateLimiter(PLAYER_BURST, PLAYER_RATE))


def from_config(config: Config, clock_ms: Any = wall_clock_ms) -> Runtime:
    """The runtime a deployment's settings make (``clock_ms``: the local stack's own clock,
    which its tests move forward; the wall clock in Lambda)."""
    from functions import aws

    repository = Repository(aws.client("dynamodb"), config.table, config.match_ttl_s)
    notifier = Notifier(aws.Lazy("apigatewaymanagementapi",
                                 endpoint_url=config.websocket_endpoint), repository)
    timers = Timers(aws.Lazy("stepfunctions"), config.state_machine_arn)
    return assemble(repository, notifier, timers, clock_ms=clock_ms,
                    queue_wait_s=config.queue_wait_s,
                    reviewed_themes_only=config.reviewed_themes_only,
                    pace=PaceLimits(config.paced_missed_turns, config.paced_matches,
                                    config.paced_queue_wait_s))


_HELD: PerContainer[Runtime] = PerContainer(lambda: from_config(Config.from_env()))
current = _HELD.current
install = _HELD.install
