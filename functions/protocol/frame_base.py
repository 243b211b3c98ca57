"""What every server frame is made of: the models' key style, and a frame's encoding.

Kept apart from the frames themselves so that each group of frames (a match's, the lobby's,
the list of one's matches) can live in a module of its own.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel


class _Model(BaseModel):
    """Every frame's model. Fields keep Python's names (the engine's dicts validate as they
    are); on the wire every key is camelCase, like the client's messages: one key style."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True,
                              alias_generator=to_camel, validate_by_name=True,
                              validate_by_alias=True, serialize_by_alias=True)


_SNAKE = re.compile(r"^[a-z]+(_[a-z0-9]+)+$")


def _camelised(value: Any) -> Any:
    """``value`` with every snake_case key camelCase: only names with an underscore change
    (a letter ``A``, a band ``Frio`` or a wildcard ``?V`` used as a key stays as it is)."""
    if isinstance(value, dict):
        return {to_camel(k) if _SNAKE.match(k) else k: _camelised(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_camelised(v) for v in value]
    return value


def _is_none(value: object) -> bool:
    return value is None


def _absent() -> Any:
    """A field the engine leaves out (rather than sending null) when it does not apply, e.g.
    coins in a match without cards: None here, and left out of the frame again."""
    return Field(default=None, exclude_if=_is_none)


class Frame(_Model):
    """A server frame: a model until it is posted, when :meth:`dump` encodes it."""

    #: top-level fields sent as null rather than left out (None there is an answer)
    _NULLABLE: ClassVar[frozenset[str]] = frozenset()

    def dump(self) -> str:
        # Only the frame's own unset fields are left out (requestId, …); inside the view and
        # the receipts a null is data and stays.
        data = {k: v for k, v in self.model_dump(mode="json").items()
                if v is not None or k in self._NULLABLE}
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate somewhere: send it escaped instead
            text = json.dumps(data, ensure_ascii=True, separators=(",", ":"))
        return text


@dataclass(frozen=True)
class Encoded:
    """A frame already encoded, because its size had to be known (a frame that would pass
    the limit is split, a history page is filled up to it): posted as it is."""

    text: str
    #: the frame's ``type``, read without parsing the text again
    type: str

    def dump(self) -> str:
        return self.text


#: what the notifier posts
Postable = Frame | Encoded
