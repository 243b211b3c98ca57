"""A value built once per Lambda container, on first use, from the environment; tests and
the local stack install their own."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class PerContainer(Generic[T]):
    def __init__(self, build: Callable[[], T]) -> None:
        self._build = build
        self._value: T | None = None

    def current(self) -> T:
        if self._value is None:
            self._value = self._build()
        return self._value

    def install(self, value: T | None) -> None:
        """Use this value from now on; None: build from the environment again."""
        self._value = value
