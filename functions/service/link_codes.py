"""The one-time code that carries a player to another device: how it is drawn, written, read
back from what a person typed, and how long it lives.

A person reads it on one screen and types it on another, so it is short and has no
look-alikes: 8 characters from 31 (the digits 2–9 and the letters without I, L and O), shown
as ``ABCD-2345``. What was typed is read leniently (any case, with or without the dash or
spaces) and strictly (exactly 8 characters of the alphabet, or nothing is looked up). The
table keeps only a keyed digest of the code (``Signer.digest``), never the code.
"""

from __future__ import annotations

import re
import secrets

#: no 0/O, 1/I/L: what is read aloud or copied by hand is what was shown
ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
LENGTH = 8
#: a code is good for ten minutes after it was made, once
LIFETIME_S = 600
#: what a person could reasonably type for a code (spaces, dashes); longer is refused unread
MAX_TYPED = 32
_SEPARATORS = re.compile(r"[\s\-\u2010-\u2015\u2212]+")  # spaces, hyphens, a phone's dashes
_CODE = re.compile(f"^[{ALPHABET}]{{{LENGTH}}}$")
#: the purpose the table's digest is taken under
DIGEST_PURPOSE = "link-code"


def new_code() -> str:
    """A fresh code, from the system's cryptographic random source."""
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def shown(code: str) -> str:
    """The code as the page shows it: two groups of four (``ABCD-2345``)."""
    half = LENGTH // 2
    return f"{code[:half]}-{code[half:]}"


def parse(typed: object) -> str | None:
    """The code a person typed, in its canonical form; None when it cannot be one (the
    caller then looks nothing up and writes nothing)."""
    if not isinstance(typed, str) or len(typed) > MAX_TYPED:
        return None
    code = _SEPARATORS.sub("", typed).upper()
    return code if _CODE.match(code) else None


def expired(expires_s: int, now_s: int) -> bool:
    """Whether a code that expires at ``expires_s`` is past its time at ``now_s``."""
    return now_s >= expires_s
