"""Deployment settings come from the environment; a missing one is a clear error."""

from __future__ import annotations

from pathlib import Path

import pytest

from functions.config import Config, ConfigError

BASE = {"TABLE_NAME": "t", "STATE_MACHINE_ARN": "arn:sm", "WEBSOCKET_ENDPOINT": "https://x/live"}


def test_missing_settings_are_named() -> None:
    with pytest.raises(ConfigError, match="TABLE_NAME, STATE_MACHINE_ARN"):
        Config.from_env({"WEBSOCKET_ENDPOINT": "x", "SIGNING_KEY_FILE": "k"})
    with pytest.raises(ConfigError, match="SIGNING_KEY"):  # asked only by who reads it
        Config.from_env(BASE).signing_key(lambda service: None)


def test_the_key_comes_from_a_file_locally(tmp_path: Path) -> None:
    key = tmp_path / "key"
    key.write_text("s" * 64 + "\n")
    config = Config.from_env({**BASE, "SIGNING_KEY_FILE": str(key), "QUEUE_WAIT_SECONDS": "7"})
    assert config.signing_key() == b"s" * 64 and config.queue_wait_s == 7


def test_the_key_comes_from_secrets_manager_in_the_cloud() -> None:
    asked: list[tuple[str, str]] = []

    class Secrets:
        def get_secret_value(self, SecretId: str) -> dict[str, str]:  # noqa: N803
            asked.append(("secretsmanager", SecretId))
            return {"SecretString": "k" * 64}

    config = Config.from_env({**BASE, "SIGNING_KEY_SECRET_ARN": "arn:secret"})
    assert config.signing_key(lambda service: Secrets()) == b"k" * 64
    assert asked == [("secretsmanager", "arn:secret")]
    with pytest.raises(ConfigError):
        config.signing_key()


def test_a_deployment_can_draw_only_reviewed_themes(tmp_path: Path) -> None:
    key = tmp_path / "key"
    key.write_text("s" * 64)
    base = {**BASE, "SIGNING_KEY_FILE": str(key)}
    assert not Config.from_env(base).reviewed_themes_only
    assert Config.from_env({**base, "THEMES_REVIEWED_ONLY": "true"}).reviewed_themes_only


def test_the_operator_sets_how_long_finished_matches_are_kept(tmp_path: Path) -> None:
    key = tmp_path / "key"
    key.write_text("s" * 64)
    base = {**BASE, "SIGNING_KEY_FILE": str(key)}
    assert Config.from_env(base).match_ttl_s == 30 * 86400  # the default: 30 days
    assert Config.from_env({**base, "MATCH_RETENTION_DAYS": "90"}).match_ttl_s == 90 * 86400
    for bad in ("0", "trinta", "5000"):
        with pytest.raises(ConfigError, match="MATCH_RETENTION_DAYS"):
            Config.from_env({**base, "MATCH_RETENTION_DAYS": bad})


@pytest.mark.parametrize(("name", "bad"), [
    ("QUEUE_WAIT_SECONDS", "7.5"), ("QUEUE_WAIT_SECONDS", "0"), ("QUEUE_WAIT_SECONDS", "vinte"),
    ("THEMES_REVIEWED_ONLY", "talvez"), ("GUESTS_PER_ADDRESS_PER_HOUR", "0"),
    ("GUESTS_PER_ADDRESS_PER_HOUR", "1e3"), ("TABLE_NAME", ""),
])
def test_a_bad_value_stops_the_cold_start_with_the_variables_name(name: str, bad: str) -> None:
    with pytest.raises(ConfigError, match=name):
        Config.from_env({**BASE, name: bad})


def test_every_setting_is_typed_and_an_empty_variable_is_unset() -> None:
    config = Config.from_env({**BASE, "QUEUE_WAIT_SECONDS": " 7 ", "SIGNING_KEY_FILE": "",
                              "THEMES_REVIEWED_ONLY": "no", "UNRELATED": "x"})
    assert config.queue_wait_s == 7 and config.key_file is None
    assert config.reviewed_themes_only is False and config.guests_per_hour == 20
