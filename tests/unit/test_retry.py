"""Optimistic writes tried again: a lost race is tried again up to its tries, each loss told,
then the player is asked to try again with a stable code."""

from __future__ import annotations

import pytest

from functions.service.errors import ServiceError
from functions.service.retry import LOBBY_TRIES, MATCH_TRIES, retried
from functions.storage.repository import ConflictError, ExistsError


def _losing(times: int) -> tuple[list[int], object]:
    calls: list[int] = []

    def attempt() -> str:
        calls.append(1)
        if len(calls) <= times:
            raise ConflictError("lost")
        return "won"

    return calls, attempt


def test_a_lost_race_is_tried_again_and_each_loss_is_told() -> None:
    calls, attempt = _losing(2)
    lost: list[int] = []
    assert retried(attempt, tries=MATCH_TRIES, lost=lambda: lost.append(1)) == "won"  # type: ignore[arg-type]
    assert len(calls) == 3 and len(lost) == 2


def test_after_its_tries_the_player_is_asked_to_try_again() -> None:
    calls, attempt = _losing(LOBBY_TRIES)
    with pytest.raises(ServiceError) as refused:
        retried(attempt, tries=LOBBY_TRIES)  # type: ignore[arg-type]
    assert refused.value.code == "state.changed" and len(calls) == LOBBY_TRIES
    assert "tente de novo" in refused.value.message


def test_only_the_named_races_are_retried() -> None:
    def taken() -> str:
        raise ExistsError("room code taken")

    with pytest.raises(ExistsError):
        retried(taken, tries=3)
    with pytest.raises(ServiceError) as refused:
        retried(taken, tries=3, on=(ExistsError,), code="room.busy", message="Ocupado.")
    assert refused.value.code == "room.busy"
