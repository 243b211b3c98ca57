"""JSON from a client, read defensively: what cannot be read is a typed refusal, never a crash.

Python's reader accepts more than a client should send: integers of thousands of digits (and
raises ValueError past 4,300), ``NaN`` and ``Infinity``, and nesting until the stack runs out
(RecursionError). Each is refused here with its own Portuguese message.
"""

from __future__ import annotations

import json

#: the longest integer a client may send (every number of the protocol is far shorter)
MAX_INT_DIGITS = 18


class UnreadableJsonError(ValueError):
    """A client's body that is not JSON the server will read; ``message`` is Portuguese."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise UnreadableJsonError("A mensagem tem um número grande demais.")
    return int(text)


def _constant(name: str) -> float:
    raise UnreadableJsonError(f"A mensagem tem um número inválido ({name}).")


def loads(raw: bytes | str) -> object:
    """The value of ``raw``; raises :class:`UnreadableJsonError` for anything else."""
    try:
        return json.loads(raw, parse_int=_int, parse_constant=_constant)
    except UnreadableJsonError:
        raise
    except RecursionError as exc:  # found by tests/fuzz: nesting deeper than Python's stack
        raise UnreadableJsonError("A mensagem tem aninhamento demais.") from exc
    except (ValueError, UnicodeDecodeError) as exc:  # JSONDecodeError is a ValueError
        raise UnreadableJsonError("A mensagem não é um JSON válido.") from exc
