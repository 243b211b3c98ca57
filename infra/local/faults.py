"""Fault injection for the local stack's stress run (``bench/stress.py``): a handler that dies
after computing a new state and before writing it. Never enabled unless asked for."""

from __future__ import annotations

import random
import threading
from typing import Any

from functions.storage.repository import Repository


class InjectedFaultError(RuntimeError):
    """The simulated crash: the Lambda died between computing and writing."""


def inject(rate: float, seed: int = 7) -> None:
    """Make ``rate`` of all match writes fail before they reach the table."""
    rng = random.Random(seed)
    lock = threading.Lock()
    original = Repository.save_match

    def save_match(self: Repository, *args: Any, **kwargs: Any) -> None:
        with lock:
            fail = rng.random() < rate
        if fail:
            raise InjectedFaultError("injected: died before the write")
        original(self, *args, **kwargs)

    Repository.save_match = save_match  # type: ignore[method-assign]
