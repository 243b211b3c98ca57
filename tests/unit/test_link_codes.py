"""The one-time code: drawn from an alphabet without look-alikes, shown in two groups, read
back leniently but strictly, kept only as a keyed digest, good for ten minutes; and the
coarse names of devices."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from functions.service import link_codes
from functions.service.device_labels import UNKNOWN, label
from functions.service.identity import Signer
from functions.service.linking import network

KEY = b"k" * 32


def test_the_alphabet_has_no_look_alikes_and_no_repeats() -> None:
    assert len(set(link_codes.ALPHABET)) == len(link_codes.ALPHABET) == 31
    assert not set("01ILO") & set(link_codes.ALPHABET)
    assert all(not c.isalpha() or c.isupper() for c in link_codes.ALPHABET)


def test_a_new_code_has_eight_characters_of_the_alphabet_and_is_shown_in_two_groups() -> None:
    codes = {link_codes.new_code() for _ in range(200)}
    assert len(codes) == 200  # drawn at random
    for code in codes:
        assert len(code) == link_codes.LENGTH and set(code) <= set(link_codes.ALPHABET)
        shown = link_codes.shown(code)
        assert shown == f"{code[:4]}-{code[4:]}"
        assert link_codes.parse(shown) == code


@pytest.mark.parametrize(("typed", "code"), [
    ("ABCD-2345", "ABCD2345"), ("abcd-2345", "ABCD2345"), ("abcd2345", "ABCD2345"),
    ("  AbCd 2345 ", "ABCD2345"), ("ABCD–2345", "ABCD2345"), ("AB-CD-23-45", "ABCD2345"),
])
def test_what_a_person_types_is_read_in_any_case_with_or_without_the_dash(
        typed: str, code: str) -> None:
    assert link_codes.parse(typed) == code


@pytest.mark.parametrize("typed", [
    "", "ABCD-234", "ABCD-23456", "ABCD-2340", "ABCD-234O", "ABCD-234I", "ABCD-234L",
    "ÀBCD-2345", "ABCD_2345", "ABCD.2345", "A" * 33, None, 12345678, ["ABCD2345"],
])
def test_anything_that_cannot_be_a_code_is_none(typed: object) -> None:
    assert link_codes.parse(typed) is None


@given(st.text(max_size=40))
def test_parsing_never_fails_and_gives_a_code_or_none(typed: str) -> None:
    code = link_codes.parse(typed)
    assert code is None or (len(code) == 8 and set(code) <= set(link_codes.ALPHABET))


def test_a_code_expires_ten_minutes_after_it_was_made() -> None:
    made = 1_800_000_000
    expires = made + link_codes.LIFETIME_S
    assert link_codes.LIFETIME_S == 600
    assert not link_codes.expired(expires, made + 599)
    assert link_codes.expired(expires, made + 600)


def test_the_table_keeps_a_keyed_digest_never_the_code() -> None:
    signer = Signer(KEY)
    digest = signer.digest(link_codes.DIGEST_PURPOSE, "ABCD2345")
    assert "ABCD2345" not in digest and len(digest) == 43  # 256 bits, base64url
    assert digest == signer.digest(link_codes.DIGEST_PURPOSE, "ABCD2345")
    assert digest != signer.digest(link_codes.DIGEST_PURPOSE, "ABCD2346")
    assert digest != signer.digest("another purpose", "ABCD2345")
    # Without the key, a copy of the table cannot be tested against guesses.
    assert digest != Signer(b"q" * 32).digest(link_codes.DIGEST_PURPOSE, "ABCD2345")


@pytest.mark.parametrize(("address", "counted"), [
    ("203.0.113.7", "203.0.113.7"),
    ("2001:db8:1:2::1", "2001:db8:1:2::/64"),
    ("2001:db8:1:2:aaaa:bbbb:cccc:dddd", "2001:db8:1:2::/64"),
    ("unknown", "unknown"),
])
def test_tries_are_counted_per_ipv4_address_and_per_ipv6_64(address: str, counted: str) -> None:
    assert network(address) == counted


@pytest.mark.parametrize(("agent", "name"), [
    ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
     "Chrome/124.0 Mobile Safari/537.36", "Chrome no Android"),
    ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, "
     "like Gecko) Version/17.4 Mobile/15E148 Safari/604.1", "Safari no iPhone"),
    ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, "
     "like Gecko) CriOS/124.0 Mobile/15E148 Safari/604.1", "Chrome no iPhone"),
    ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
     "Chrome/124.0 Safari/537.36 Edg/124.0", "Edge no Windows"),
    ("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0",
     "Firefox no Windows"),
    ("Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) "
     "Version/17.4 Safari/605.1.15", "Safari no Mac"),
    ("Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) "
     "SamsungBrowser/24.0 Chrome/117.0 Mobile Safari/537.36", "Samsung Internet no Android"),
    ("Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) "
     "Chrome/124.0 Safari/537.36", "Chrome no Chromebook"),
    ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
     "HeadlessChrome/124.0 Safari/537.36", "Chrome no Linux"),
    ("curl/8.5.0", UNKNOWN), ("", UNKNOWN), (None, UNKNOWN),
    ("Mozilla/5.0 (Linux; Android 14)", "Navegador no Android"),
])
def test_a_device_is_named_coarsely_from_its_user_agent(agent: object, name: str) -> None:
    assert label(agent) == name
