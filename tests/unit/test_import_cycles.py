"""No engine module imports, through any chain, a module that imports it back.

Imports under ``if TYPE_CHECKING:`` and inside functions count too: a cycle that only the
type checker follows still ties the modules together, so that none of them can be read, or
moved, without the others. The imports are read from the source with ``ast``.
"""

from __future__ import annotations

import ast
import graphlib
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"


def _modules(root: Path) -> dict[str, Path]:
    """Every module under ``root`` (a package) by its dotted name."""
    modules = {}
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root.parent).with_suffix("").parts
        modules[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return modules


def _imported(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The modules of ``modules`` that module ``name`` (at ``path``) imports anywhere in its
    source: ``from package import module`` names the module, ``from module import name`` the
    module, and a relative import is read from the module's package."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in modules)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[:len(package.split(".")) - (node.level - 1)]
                base = ".".join([*parent, *([node.module] if node.module else [])])
            for alias in node.names:
                if f"{base}.{alias.name}" in modules:
                    found.add(f"{base}.{alias.name}")
                elif base in modules:
                    found.add(base)
    found.discard(name)
    return found


def import_cycle(root: Path) -> list[str] | None:
    """One cycle of imports among the modules of package ``root`` (its first module repeated
    at its end), or None if there is none."""
    modules = _modules(root)
    graph = {name: _imported(name, path, modules) for name, path in modules.items()}
    try:
        graphlib.TopologicalSorter(graph).prepare()
    except graphlib.CycleError as error:
        return list(reversed(error.args[1]))  # (graphlib lists it against the imports)
    return None


def test_no_engine_module_imports_itself_back() -> None:
    assert {"engine.bots.movegen", "engine.bots.lane"} <= set(_modules(ENGINE))
    assert import_cycle(ENGINE) is None


def test_the_cycle_check_sees_imports_for_the_type_checker(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "sub" / "__init__.py").write_text("")
    (package / "a.py").write_text("from pkg.sub import b\n")
    (package / "sub" / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .c import C\n")
    (package / "sub" / "c.py").write_text("def f():\n    import pkg.a\n")
    assert import_cycle(package) == ["pkg.a", "pkg.sub.b", "pkg.sub.c", "pkg.a"]
    (package / "sub" / "c.py").write_text("import pkg\n")
    assert import_cycle(package) is None
