"""What a Python source imports, read with ``ast`` (for the tests that guard dependencies)."""

from __future__ import annotations

import ast


def imported(tree: ast.AST, *, with_names: bool = False) -> list[str]:
    """Every absolute module a tree imports, wherever the import stands (in a function, under
    ``if TYPE_CHECKING:``); with ``with_names``, also ``module.name`` for each name taken from
    a module (a name may be a submodule)."""
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module)
            if with_names:
                names.extend(f"{node.module}.{alias.name}" for alias in node.names)
    return names
