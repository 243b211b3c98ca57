"""The engine stays pure: standard library, itself, and the one compact-dictionary package."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

from tests.imports import imported

ENGINE = Path(__file__).resolve().parents[2] / "engine"
ALLOWED_THIRD_PARTY = {"marisa_trie"}
FORBIDDEN_STDLIB = {"random", "time", "socket", "urllib", "http", "subprocess", "asyncio"}


def _imports(path: Path) -> list[str]:
    return imported(ast.parse(path.read_text(encoding="utf-8"), filename=str(path)))


def test_engine_imports_only_stdlib_itself_and_marisa() -> None:
    offenders = []
    files = sorted(ENGINE.rglob("*.py"))
    assert files, "the engine package has no modules"
    for path in files:
        for name in _imports(path):
            top = name.split(".")[0]
            if top == "engine" or top in ALLOWED_THIRD_PARTY:
                continue
            if top in sys.stdlib_module_names and top not in FORBIDDEN_STDLIB:
                continue
            offenders.append(f"{path.relative_to(ENGINE.parent)}: {name}")
    assert offenders == []


def test_the_import_check_catches_a_forbidden_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("import boto3\nfrom random import choice\n")
    assert _imports(bad) == ["boto3", "random"]
