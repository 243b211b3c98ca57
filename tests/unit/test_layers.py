"""The backend's layers, checked like the engine's purity: handlers → service → storage, with
the protocol's models beside them all.

- a handler parses a message, calls one service function and maps errors to frames: it never
  imports the storage, nor reaches the repository through the context;
- the storage reads and writes items: it never imports the service or the handlers;
- the service never imports the handlers; the protocol (models) imports none of the three.

Imports under ``if TYPE_CHECKING:`` and inside functions count too: a lazy import is still a
dependency.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.imports import imported

FUNCTIONS = Path(__file__).resolve().parents[2] / "functions"

#: package → the packages of ``functions`` it must not import
FORBIDDEN = {
    "handlers": {"storage"},
    "storage": {"service", "handlers"},
    "service": {"handlers"},
    "protocol": {"service", "storage", "handlers"},
}


def _layer_offences(package: str, source: str, name: str) -> list[str]:
    """What one module of ``package`` does that its layer must not."""
    tree = ast.parse(source, filename=name)
    out = [f"{name} imports {module}" for module in imported(tree, with_names=True)
           for banned in FORBIDDEN[package]
           if module == f"functions.{banned}" or module.startswith(f"functions.{banned}.")]
    if package == "handlers":
        out += [f"{name}:{node.lineno} reaches the repository" for node in ast.walk(tree)
                if isinstance(node, ast.Attribute) and node.attr == "repository"]
    return out


def test_each_layer_imports_only_what_is_below_it() -> None:
    offences = []
    for package in FORBIDDEN:
        files = sorted((FUNCTIONS / package).rglob("*.py"))
        assert files, package
        for path in files:
            offences += _layer_offences(package, path.read_text(encoding="utf-8"),
                                        str(path.relative_to(FUNCTIONS.parent)))
    assert offences == []


def test_the_check_catches_a_handler_reaching_the_storage() -> None:
    lazy = ("def f(rt):\n    from functions.storage.repository import Connection\n"
            "    return rt.ctx.repository.get_connection('c')\n")
    found = _layer_offences("handlers", lazy, "h.py")
    assert found == ["h.py imports functions.storage.repository",
                     "h.py imports functions.storage.repository.Connection",
                     "h.py:3 reaches the repository"]
    typed = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import functions.service\n"
    assert _layer_offences("storage", typed, "s.py") == ["s.py imports functions.service"]
