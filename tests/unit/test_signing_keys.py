"""Rotating the signing key signs nobody out: the new key signs, the old one still verifies
until it is taken off the list."""

from __future__ import annotations

import pytest

from functions.service.identity import AuthError, Identity, Signer

OLD = b"o" * 64
NEW = b"n" * 64
ANA = Identity("p_1", "Ana")


def test_during_a_rotation_old_tokens_still_open_a_connection() -> None:
    token = Signer(OLD).token_for(ANA, 1000)
    rotated = Signer.from_secret(NEW + b"\n" + OLD)
    ticket = rotated.ticket_for(token, 1001)  # a token signed with the old key
    assert rotated.check_ticket(ticket, 1002).identity == ANA
    # What the rotated signer makes, only the new key verifies.
    assert Signer(NEW).check_ticket(ticket, 1002).identity == ANA
    with pytest.raises(AuthError):
        Signer(OLD).check_ticket(ticket, 1002)


def test_once_the_old_key_is_off_the_list_its_tokens_are_refused() -> None:
    token = Signer(OLD).token_for(ANA, 1000)
    with pytest.raises(AuthError, match="inválida"):
        Signer.from_secret(NEW).ticket_for(token, 1001)


def test_the_secret_holds_one_key_or_several_and_each_must_be_long() -> None:
    assert Signer.from_secret(b"  " + NEW + b"  ").ticket_for(
        Signer(NEW).token_for(ANA, 0), 1)
    with pytest.raises(ValueError, match="empty"):
        Signer.from_secret(b" \n ")
    with pytest.raises(ValueError, match="32 bytes"):
        Signer.from_secret(NEW + b" short")
