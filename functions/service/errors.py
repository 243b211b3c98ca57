"""The one error type the services raise for a refused request: a stable code and a message in
Portuguese for the player. Engine rule errors carry the same two fields and are answered alike."""

from __future__ import annotations


class ServiceError(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
