"""Every refusal a player can read is Portuguese, and no client text is echoed beyond a short,
plain field name."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from pydantic import BaseModel, ValidationError

from functions.protocol import client
from functions.protocol.refusals import LABELS, explain
from tests.unit.test_protocol import EXAMPLES

#: words of pydantic's English messages; none may reach a player
ENGLISH = re.compile(r"\b(Input|should|valid|Field|required|string|integer|list|dictionary|"
                     r"instance|permitted|least|most|characters|items|pattern)\b")
WRONG_VALUES: list[Any] = ["x", -1, 10**6, 1.5, [], {}, None, True, "A" * 70, [1, 2, 3]]


def _fields(model: type[BaseModel]) -> Iterator[str]:
    for name, info in model.model_fields.items():
        yield name
        for arg in (info.annotation, *getattr(info.annotation, "__args__", ())):
            if isinstance(arg, type) and issubclass(arg, BaseModel):
                yield from _fields(arg)
            for inner in getattr(arg, "__args__", ()):
                if isinstance(inner, type) and issubclass(inner, BaseModel):
                    yield from _fields(inner)


def _refusal(data: dict[str, Any]) -> str | None:
    try:
        client.CLIENT_MESSAGE.validate_python(data)
    except ValidationError as exc:
        return explain(exc)
    return None


def test_every_protocol_field_has_a_portuguese_label() -> None:
    models = [client.Tile, client.MoveCard, client.RoomSettings]
    models += [m for m in vars(client).values()
               if isinstance(m, type) and issubclass(m, BaseModel)]
    names = {name for model in models for name in _fields(model)}
    assert names - set(LABELS) == set()


def _bad_messages() -> Iterator[dict[str, Any]]:
    """Each example with one field (top level or nested one step) given a wrong value."""
    for action, fields in EXAMPLES.items():
        base = {"action": action, "requestId": "r-1", **fields}
        for key in [k for k in base if k != "action"]:
            for wrong in WRONG_VALUES:
                yield {**base, key: wrong}
            value = base[key]
            inner = value[0] if isinstance(value, list) and value else value
            if isinstance(inner, dict):
                for sub in inner:
                    for wrong in WRONG_VALUES:
                        changed = {**inner, sub: wrong}
                        yield {**base, key: [changed] if isinstance(value, list) else changed}
        yield {k: v for k, v in base.items() if k != "requestId"}


def test_every_validation_refusal_is_said_in_portuguese() -> None:
    seen = 0
    for data in _bad_messages():
        text = _refusal(data)
        if text is None:
            continue
        seen += 1
        assert text.startswith("Mensagem inválida") and text.endswith("."), text
        assert not ENGLISH.search(text), (data, text)
        assert not any(re.search(rf"\b{name}\b", text) for name in LABELS), (data, text)
    assert seen > 300


@pytest.mark.parametrize(("key", "shown"), [
    ("x" * 12_000, False), ("<script>", False), ("a.b", False), ("\u202eabc", False),
    ("colour", True),
])
def test_an_unknown_key_is_named_only_when_short_and_plain(key: str, shown: bool) -> None:
    text = _refusal({"action": "ping", "requestId": "r", key: 1})
    assert text is not None and "campo desconhecido" in text
    assert len(text.encode()) < 120
    assert (key in text) is shown


def test_a_nested_problem_names_the_piece_it_is_about() -> None:
    text = _refusal({"action": "play", "requestId": "r", "matchId": "m",
                     "tiles": [{"row": 1, "col": 1, "letter": "A"},
                               {"row": 1, "col": 2, "letter": "ab"}]})
    assert text == "Mensagem inválida (letra da peça 2): formato inválido."
    assert _refusal({"action": "createRoom", "requestId": "r",
                     "settings": {"turnSeconds": 5}}) == \
        "Mensagem inválida (tempo por turno): deve ser pelo menos 20."
    assert json.dumps(text, ensure_ascii=False)  # a plain string, ready for a frame
