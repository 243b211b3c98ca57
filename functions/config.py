"""Deployment settings, read from the environment once per Lambda container.

The local stack and the cloud differ only here: names, endpoints (``AWS_ENDPOINT_URL`` for the
local moto server, which botocore reads itself) and where the signing key lives (an SSM
SecureString in the cloud, a file in the local stack).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any


class ConfigError(Exception):
    pass


def _whole(name: str, text: str, low: int, high: int) -> int:
    try:
        number = int(text)
    except ValueError:
        raise ConfigError(f"{name} must be a whole number, not {text!r}") from None
    if not low <= number <= high:
        raise ConfigError(f"{name} must be from {low} to {high}, not {number}")
    return number


def _days(text: str) -> int:
    try:
        days = int(text)
    except ValueError:
        raise ConfigError(
            f"MATCH_RETENTION_DAYS must be a whole number of days, not {text!r}") from None
    if not 1 <= days <= 3650:
        raise ConfigError(f"MATCH_RETENTION_DAYS must be from 1 to 3650, not {days}")
    return days


@dataclass(frozen=True)
class Config:
    table: str
    state_machine_arn: str
    websocket_endpoint: str  # the management API: https://<api>.execute-api.<region>/<stage>
    queue_wait_s: int
    key_parameter: str | None = None
    key_file: str | None = None
    key_secret: str | None = None
    reviewed_themes_only: bool = False  # THEMES_REVIEWED_ONLY: draw only reviewed themes
    #: MATCH_RETENTION_DAYS: how long a match (its moves, review and replay) is kept after
    #: its last move
    match_retention_days: int = 30
    #: GUESTS_PER_ADDRESS_PER_HOUR: guests one network address may create in an hour
    guests_per_hour: int = 20

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> Config:
        env = dict(os.environ) if env is None else env
        missing = [k for k in ("TABLE_NAME", "STATE_MACHINE_ARN", "WEBSOCKET_ENDPOINT")
                   if not env.get(k)]
        if missing:
            raise ConfigError(f"missing settings: {', '.join(missing)}")
        return cls(env["TABLE_NAME"], env["STATE_MACHINE_ARN"], env["WEBSOCKET_ENDPOINT"],
                   int(env.get("QUEUE_WAIT_SECONDS", "20")),
                   env.get("SIGNING_KEY_PARAMETER") or None, env.get("SIGNING_KEY_FILE") or None,
                   env.get("SIGNING_KEY_SECRET_ARN") or None,
                   env.get("THEMES_REVIEWED_ONLY", "").lower() in ("1", "true", "yes"),
                   _days(env.get("MATCH_RETENTION_DAYS", "30")),
                   _whole("GUESTS_PER_ADDRESS_PER_HOUR",
                          env.get("GUESTS_PER_ADDRESS_PER_HOUR", "20"), 1, 100_000))

    @property
    def match_ttl_s(self) -> int:
        return self.match_retention_days * 86400

    def signing_key(self, client_for: Any = None) -> bytes:
        """The key, from the file, Secrets Manager or SSM (``client_for(service)`` gives a
        botocore client). Only the identity API and the authorizer are given a source."""
        if not (self.key_file or self.key_secret or self.key_parameter):
            raise ConfigError("set SIGNING_KEY_SECRET_ARN (Secrets Manager), "
                              "SIGNING_KEY_PARAMETER (SSM) or SIGNING_KEY_FILE")
        if self.key_file:
            return Path(self.key_file).read_bytes().strip()
        if client_for is None:
            raise ConfigError("an AWS client is needed to read the signing key")
        if self.key_secret:
            found = client_for("secretsmanager").get_secret_value(SecretId=self.key_secret)
            return str(found["SecretString"]).encode("utf-8")
        found = client_for("ssm").get_parameter(Name=self.key_parameter, WithDecryption=True)
        return str(found["Parameter"]["Value"]).encode("utf-8")
