"""Export the protocol's JSON Schemas to docs/protocol (``python -m functions.protocol.schema``).

A test fails when the committed schemas differ from the models, so the documents cannot drift.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from functions.protocol.client import CLIENT_MESSAGE
from functions.protocol.server import SERVER_FRAME

OUT = Path(__file__).resolve().parents[2] / "docs" / "protocol"


def schemas() -> dict[str, str]:
    """File name → schema text."""
    return {
        "client-message.schema.json": _text(CLIENT_MESSAGE.json_schema(), "ClientMessage"),
        "server-frame.schema.json": _text(SERVER_FRAME.json_schema(), "ServerFrame"),
    }


def _text(schema: dict[str, object], title: str) -> str:
    schema = {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": title,
              **schema}
    return json.dumps(schema, indent=2, ensure_ascii=False, sort_keys=True) + "\n"


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, text in schemas().items():
        (OUT / name).write_text(text, encoding="utf-8")
        print(f"wrote docs/protocol/{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
