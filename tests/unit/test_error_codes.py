"""The error-code catalogue (``tools/error_codes.py``) and the source agree, and
``docs/protocol.md`` holds the catalogue's table as printed."""

from __future__ import annotations

import re

from tools.error_codes import DOC, MEANINGS, documented, problems, table
from tools.error_scan import Site, matches, scan


def test_every_code_raised_has_a_meaning_and_every_meaning_is_raised() -> None:
    assert problems() == []


def test_the_protocol_document_holds_the_catalogue_as_printed() -> None:
    assert documented(DOC.read_text("utf-8")) == table(), \
        "docs/protocol.md is behind: run python -m tools.error_codes --write"


def test_the_scan_finds_the_shapes_codes_are_raised_in() -> None:
    found = scan()
    assert found["move.gap"][0].path == "engine/moves.py"  # code= keyword
    assert found["room.full"][0].message == "Esta sala está cheia."  # code first, message
    assert "auth.{…}_invalid" in found and matches("auth.{…}_invalid", "auth.token_invalid")
    assert found["server.error"][0].path == "functions/handlers/messages.py"  # an assignment
    assert "word.invalid_chars" in found  # a class's own code, inherited by its raise sites
    assert found["room.busy"][0].path == "functions/service/lobby.py"  # code= and message=
    assert "functions/service/retry.py" in {s.path for s in found["state.changed"]}  # defaults


def test_a_code_without_meaning_or_a_stale_meaning_is_reported() -> None:
    found = {**scan(), "room.on_fire": [Site("functions/service/lobby.py", 1, "Fogo!")]}
    del found["room.full"]
    report = problems(found)
    assert any(line.startswith("room.on_fire is raised") for line in report)
    assert "room.full has a meaning but nothing raises it" in report


def test_codes_are_stable_names_and_messages_are_portuguese() -> None:
    for code in MEANINGS:
        assert re.fullmatch(r"[a-z_]+\.[a-z_]+", code), code
    for code, sites in scan().items():
        for site in sites:
            if site.message and code.split(".")[0] not in ("theme", "lexicon", "board"):
                assert not re.search(r"\b(the|must|not found|invalid)\b", site.message), \
                    (code, site)
