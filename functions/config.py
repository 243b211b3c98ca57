"""Deployment settings, read from the environment once per Lambda container.

The local stack and the cloud differ only here: names, endpoints (``AWS_ENDPOINT_URL`` for the
local moto server, which botocore reads itself) and where the signing key lives (an SSM
SecureString in the cloud, a file in the local stack).
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError


class ConfigError(Exception):
    """A setting that is missing or wrong, named by its environment variable."""


def _flag(value: object) -> object:
    """THEMES_REVIEWED_ONLY: "1", "true" or "yes" is on, "", "0", "false" or "no" off."""
    if isinstance(value, str):
        text = value.strip().lower()
        if text in ("1", "true", "yes"):
            return True
        if text in ("", "0", "false", "no"):
            return False
    return value


def _whole(value: object) -> object:
    """A whole number written in decimal ("20"), nothing else ("20.5", "vinte", "1e3")."""
    if isinstance(value, str) and re.fullmatch(r"\s*\d{1,9}\s*", value):
        return int(value)
    return value


def _text(value: object) -> object:
    """An empty variable is an unset one."""
    return None if value == "" else value


Whole = Annotated[int, BeforeValidator(_whole)]
Optional = Annotated[str | None, BeforeValidator(_text)]


class Config(BaseModel):
    """Every setting a function reads, each under its environment variable's name. Read once
    per container (:meth:`from_env`): a missing or wrong value stops the cold start with the
    variable's name, instead of failing later inside a request."""

    model_config = ConfigDict(frozen=True, extra="ignore", strict=True)

    table: str = Field(alias="TABLE_NAME", min_length=1)
    state_machine_arn: str = Field(alias="STATE_MACHINE_ARN", min_length=1)
    #: the management API: https://<api>.execute-api.<region>/<stage>
    websocket_endpoint: str = Field(alias="WEBSOCKET_ENDPOINT", min_length=1)
    queue_wait_s: Whole = Field(default=20, alias="QUEUE_WAIT_SECONDS", ge=1, le=3600)
    key_parameter: Optional = Field(default=None, alias="SIGNING_KEY_PARAMETER")
    key_file: Optional = Field(default=None, alias="SIGNING_KEY_FILE")
    key_secret: Optional = Field(default=None, alias="SIGNING_KEY_SECRET_ARN")
    #: draw only reviewed themes
    reviewed_themes_only: Annotated[bool, BeforeValidator(_flag)] = Field(
        default=False, alias="THEMES_REVIEWED_ONLY")
    #: how long a match (its moves, review and replay) is kept after its last move
    match_retention_days: Whole = Field(default=30, alias="MATCH_RETENTION_DAYS", ge=1,
                                        le=3650)
    #: at one's own pace: the turns in a row a seat may let run out before it leaves, the
    #: unfinished matches a person may sit in at once, the queue's wait for people
    paced_missed_turns: Whole = Field(default=3, alias="PACED_MISSED_TURNS", ge=1, le=20)
    paced_matches: Whole = Field(default=20, alias="PACED_MATCHES_PER_PLAYER", ge=1, le=100)
    paced_queue_wait_s: Whole = Field(default=600, alias="PACED_QUEUE_WAIT_SECONDS", ge=1,
                                      le=86400)
    #: guests one network address may create in an hour
    guests_per_hour: Whole = Field(default=20, alias="GUESTS_PER_ADDRESS_PER_HOUR", ge=1,
                                   le=100_000)
    #: tries at a one-time link code one network address (an IPv6 /64) may make in an hour
    link_tries_per_hour: Whole = Field(default=10, alias="LINK_TRIES_PER_ADDRESS_PER_HOUR",
                                       ge=1, le=100_000)

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Config:
        """The settings in ``env`` (the process environment by default)."""
        env = os.environ if env is None else env
        names = {f.alias for f in cls.model_fields.values() if f.alias}
        try:
            return cls.model_validate({k: v for k, v in env.items() if k in names})
        except ValidationError as exc:
            raise ConfigError(_explain(exc)) from None

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


def _explain(exc: ValidationError) -> str:
    """Every bad setting, by variable: missing ones together, then each wrong one."""
    missing = [str(e["loc"][0]) for e in exc.errors() if e["type"] == "missing"]
    wrong = [f"{e['loc'][0]} {e['msg'].lower()}, not {e['input']!r}" for e in exc.errors()
             if e["type"] != "missing"]
    parts = ([f"missing settings: {', '.join(missing)}"] if missing else []) + wrong
    return "; ".join(parts)
