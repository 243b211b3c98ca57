"""What the services need from the outside world, gathered so that tests can swap any of it."""

from __future__ import annotations

import functools
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from functions.service.notifier import Notifier
from functions.service.timers import Timers
from functions.storage.repository import Repository

if TYPE_CHECKING:
    from engine.match import Resources


@dataclass(frozen=True)
class PaceLimits:
    """The deployment's numbers for matches at one's own pace."""

    #: turns in a row a seat may let run out before it leaves the match
    missed_turns: int = 3
    #: unfinished matches at one's own pace a person may sit in at once (besides one live)
    matches: int = 20
    #: how long the own-pace Normal queue waits for people before bots fill its table
    queue_wait_s: int = 600


@dataclass
class Context:
    repository: Repository
    notifier: Notifier
    timers: Timers
    #: the lexicon and the themes, loaded on first use (a connection never needs them)
    load_resources: Callable[[], Resources]
    clock_ms: Callable[[], int]
    queue_wait_s: int = 20
    #: a new match's seed (the bag and the bots); tests replace it to replay a match exactly
    new_seed: Callable[[], str] = field(default=lambda: secrets.token_hex(16))
    pace: PaceLimits = field(default_factory=PaceLimits)
    #: counts of what happened, for metrics (the handlers publish them)
    counters: dict[str, int] = field(default_factory=dict)

    @functools.cached_property
    def resources(self) -> Resources:
        return self.load_resources()

    def count(self, name: str, n: int = 1) -> None:
        self.counters[name] = self.counters.get(name, 0) + n

    def now_s(self) -> int:
        return self.clock_ms() // 1000
