"""The services wired to real clients, built once per Lambda container (and swappable in tests).

Cold starts pay for the boto3 clients, the lexicon (memory-mapped, fast) and the signing key
once; warm invocations reuse them.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from engine.match import Resources
from functions.config import Config
from functions.handlers.ratelimit import PLAYER_BURST, PLAYER_RATE, RateLimiter
from functions.service.context import Context
from functions.service.identity import Signer
from functions.service.lobby import LobbyService
from functions.service.matches import MatchService
from functions.service.notifier import Notifier
from functions.service.timers import Timers
from functions.storage.repository import Repository


@dataclass
class Runtime:
    ctx: Context
    matches: MatchService
    lobby: LobbyService
    signer: Signer
    limiter: RateLimiter
    player_limiter: RateLimiter


def wall_clock_ms() -> int:
    return time.time_ns() // 1_000_000


def assemble(repository: Repository, notifier: Notifier, timers: Timers, signer: Signer, *,
             clock_ms: Any = wall_clock_ms, queue_wait_s: int = 20,
             resources: Resources | None = None, guests_per_hour: int = 20) -> Runtime:
    ctx = Context(repository, notifier, timers, resources or Resources.default(), clock_ms,
                  queue_wait_s, guests_per_hour=guests_per_hour)
    matches = MatchService(ctx)
    return Runtime(ctx, matches, LobbyService(ctx, matches), signer, RateLimiter(),
                   RateLimiter(PLAYER_BURST, PLAYER_RATE))


def from_config(config: Config) -> Runtime:
    import boto3

    repository = Repository(boto3.client("dynamodb"), config.table, config.match_ttl_s)
    notifier = Notifier(boto3.client("apigatewaymanagementapi",
                                     endpoint_url=config.websocket_endpoint), repository)
    timers = Timers(boto3.client("stepfunctions"), config.state_machine_arn)
    return assemble(repository, notifier, timers, Signer(config.signing_key(boto3.client)),
                    queue_wait_s=config.queue_wait_s, guests_per_hour=config.guests_per_hour,
                    resources=Resources.default(reviewed_only=config.reviewed_themes_only))


_CURRENT: Runtime | None = None


def current() -> Runtime:
    global _CURRENT  # noqa: PLW0603
    if _CURRENT is None:
        _CURRENT = from_config(Config.from_env())
    return _CURRENT


def install(runtime: Runtime | None) -> None:
    """Use this runtime from now on (tests, the local stack); None: build from the env again."""
    global _CURRENT  # noqa: PLW0603
    _CURRENT = runtime
