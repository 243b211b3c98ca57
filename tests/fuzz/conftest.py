"""Fuzzing runs on moto like the functional tests (their world fixture)."""

from tests.functional.conftest import world  # noqa: F401 - the fixture, shared
