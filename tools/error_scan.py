"""Every error code the engine and the backend can answer with, found in their source.

A code is raised in one of a few shapes, all read here with ``ast`` (nothing is imported):

- ``SomeError("message", code="move.gap")`` (the engine's rule errors);
- ``SomeError("message")``, whose class (or a base) declares ``code = "move.invalid"``;
- ``ServiceError("room.full", "message")``, ``AuthError(...)``, an error class's own
  ``super().__init__("match.player_busy", message)``, and the identity API's
  ``_error(status, "code", "message")``: a code-like string argument, then the message;
- ``code, message = "server.error", "message"`` (the message handler's last resort);
- ``retried(..., code="room.busy", message="…")``, any call naming both, and a function
  whose ``code`` and ``message`` parameters default to them (``retried`` itself).

A code built with an f-string (``f"auth.{what}_invalid"``) is kept as a pattern; a code
passed on from another error (``ServiceError(exc.code, ...)``) is not a new code and is
skipped. :mod:`tools.error_codes` joins what is found with the meaning of each code.
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "functions")
CODE = re.compile(r"^[a-z_]+(\.[a-z_{}…]+)+$")
#: how an f-string's hole reads in a pattern
HOLE = "{…}"


@dataclass(frozen=True)
class Site:
    """One place a code is raised: the module (from the repository's root), the line and
    the message as written (an f-string's holes as ``{…}``; None when it is passed on)."""

    path: str
    line: int
    message: str | None


def _text(node: ast.expr | None) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else HOLE for v in node.values)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _text(node.left), _text(node.right)
        return left + right if left is not None and right is not None else None
    return None


def _code(node: ast.expr | None) -> str | None:
    text = _text(node)
    return text if text is not None and CODE.match(text) else None


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    return func.attr if isinstance(func, ast.Attribute) else None


def _trees(root: Path) -> dict[str, ast.Module]:
    return {str(path.relative_to(root)): ast.parse(path.read_text("utf-8"), str(path))
            for package in PACKAGES for path in sorted((root / package).rglob("*.py"))}


def _class_codes(trees: dict[str, ast.Module]) -> dict[str, str]:
    """Each error class's code: its own ``code = "…"``, else its first base's that has one."""
    own: dict[str, str] = {}
    bases: dict[str, list[str]] = {}
    for tree in trees.values():
        for node in ast.walk(tree):
            if not isinstance(node, ast.ClassDef):
                continue
            bases[node.name] = [b for b in (_name(base) for base in node.bases) if b]
            for item in node.body:
                if isinstance(item, ast.Assign) and [getattr(t, "id", None)
                                                     for t in item.targets] == ["code"]:
                    code = _code(item.value)
                    if code is not None:
                        own[node.name] = code

    def resolve(name: str, seen: frozenset[str] = frozenset()) -> str | None:
        if name in own:
            return own[name]
        for base in bases.get(name, []):
            if base not in seen and (found := resolve(base, seen | {name})) is not None:
                return found
        return None

    return {name: code for name in bases if (code := resolve(name)) is not None}


def _from_call(node: ast.Call, class_codes: dict[str, str]) -> tuple[str, str | None] | None:
    name = _name(node.func)
    keywords = {k.arg: k.value for k in node.keywords if k.arg}
    if "code" in keywords and "message" in keywords:
        code = _code(keywords["code"])
        return (code, _text(keywords["message"])) if code else None
    if name is None or not (name.endswith("Error") or name in ("_error", "__init__")):
        return None
    if "code" in keywords:
        code = _code(keywords["code"])
        return (code, _text(node.args[0]) if node.args else None) if code else None
    for index, arg in enumerate(node.args):
        code = _code(arg)
        if code is not None:
            following = node.args[index + 1] if index + 1 < len(node.args) else None
            return code, _text(following)
    if name in class_codes and node.args and _text(node.args[0]) is not None:
        return class_codes[name], _text(node.args[0])
    return None


def _from_defaults(node: ast.FunctionDef) -> tuple[str, str | None] | None:
    """A function whose ``code`` and ``message`` parameters have defaults."""
    args = node.args
    named = args.args + args.kwonlyargs
    defaults = dict(zip([a.arg for a in args.args][len(args.args) - len(args.defaults):],
                        args.defaults, strict=True))
    defaults |= {a.arg: d for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True)
                 if d is not None}
    if not {"code", "message"} <= {a.arg for a in named} or "code" not in defaults:
        return None
    code = _code(defaults["code"])
    return (code, _text(defaults.get("message"))) if code else None


def _from_assign(node: ast.Assign) -> tuple[str, str | None] | None:
    """``code, message = "server.error", "…"``."""
    [target] = node.targets if len(node.targets) == 1 else [None]
    if not (isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple)):
        return None
    names = [getattr(t, "id", None) for t in target.elts]
    if "code" not in names or len(node.value.elts) != len(names):
        return None
    values = node.value.elts
    code = _code(values[names.index("code")])
    rest = [v for i, v in enumerate(values) if names[i] != "code"]
    return (code, _text(rest[0]) if rest else None) if code else None


def scan(root: Path = ROOT) -> dict[str, list[Site]]:
    """Every code (or f-string pattern) found, with the places that raise it."""
    trees = _trees(root)
    class_codes = _class_codes(trees)
    found: dict[str, list[Site]] = defaultdict(list)
    for path, tree in trees.items():
        for node in ast.walk(tree):
            hit = None
            if isinstance(node, ast.Call):
                hit = _from_call(node, class_codes)
            elif isinstance(node, ast.Assign):
                hit = _from_assign(node)
            elif isinstance(node, ast.FunctionDef):
                hit = _from_defaults(node)
            if hit is not None:
                found[hit[0]].append(Site(path, node.lineno, hit[1]))
    return {code: sorted(sites, key=lambda s: (s.path, s.line))
            for code, sites in sorted(found.items())}


def matches(pattern: str, code: str) -> bool:
    """Whether ``code`` is one of the codes an f-string pattern can make."""
    regex = "^" + re.escape(pattern).replace(re.escape(HOLE), "[a-z_]+") + "$"
    return re.match(regex, code) is not None
