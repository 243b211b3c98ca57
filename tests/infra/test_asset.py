"""The Lambda asset as it ships: locked dependencies for the functions' platform, bytecode for
their Python, validated themes with their index, and only the botocore models in use."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from infra.lambda_asset import BOTO_SERVICES, LAMBDA, LOCK, REPO, build

PINS = dict(re.findall(r"^([A-Za-z0-9_.-]+)==([^\s\\]+)", LOCK.read_text(), re.M))


@pytest.fixture(scope="module")
def asset(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not (REPO / "node_modules" / "pyodide").is_dir():
        pytest.skip("Pyodide is not installed (npm ci)")
    out = tmp_path_factory.mktemp("asset")
    build(out, LAMBDA)
    return out


def test_the_dependencies_are_exactly_the_locked_ones(asset: Path) -> None:
    shipped = {m.group(1).lower().replace("_", "-"): m.group(2) for d in asset.glob("*.dist-info")
               if (m := re.match(r"(.+)-([^-]+)\.dist-info$", d.name))}
    assert shipped == {k.lower().replace("_", "-"): v for k, v in PINS.items()}
    [trie] = asset.glob("marisa_trie.*.so")
    assert trie.name.endswith(f"cpython-{LAMBDA.python.replace('.', '')}-aarch64-linux-gnu.so")


def test_every_module_ships_with_bytecode_for_the_functions_python(asset: Path) -> None:
    tag = f"cpython-{LAMBDA.python.replace('.', '')}"
    sources = list(asset.rglob("*.py"))
    assert len(sources) > 300  # the whole tree, dependencies included
    missing = [s for s in sources
               if not (s.parent / "__pycache__" / f"{s.stem}.{tag}.pyc").exists()]
    assert not missing, missing[:5]
    headers = {p.read_bytes()[:8] for p in asset.rglob(f"*.{tag}.pyc")}
    assert len(headers) == 1  # one magic number, and every file hash-based, unchecked
    assert next(iter(headers))[4:8] == b"\x01\x00\x00\x00"


def test_the_themes_are_validated_and_indexed(asset: Path) -> None:
    from engine.lexicon import Lexicon
    from engine.themes import INDEX_FILE, ThemeCatalog

    assert (asset / "themes" / INDEX_FILE).exists()
    shipped = ThemeCatalog.load(asset / "themes", Lexicon.default())
    assert shipped.ids() == ThemeCatalog.load(REPO / "themes", Lexicon.default()).ids()
    assert not list(asset.rglob("tests")) and not list((asset / "engine").rglob("*.md"))


def test_botocore_keeps_only_the_models_of_the_services_the_code_calls(asset: Path) -> None:
    code = "\n".join(p.read_text() for p in (REPO / "functions").rglob("*.py"))
    called = set(re.findall(r"(?:aws\.client|aws\.Lazy|client_for)\(\"([a-z]+)\"", code))
    assert called == set(BOTO_SERVICES)
    models = {d.name for d in (asset / "botocore" / "data").iterdir() if d.is_dir()}
    assert models == set(BOTO_SERVICES)


def test_the_functions_lock_pins_the_same_versions_the_tests_run() -> None:
    import tomllib

    dev = dict(re.findall(r"^([A-Za-z0-9_.-]+)==([^\s\\]+)",
                          (REPO / "requirements" / "dev.lock").read_text(), re.M))
    assert {k: dev.get(k) for k in PINS} == PINS
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["dependencies"]
    named = {re.split(r"[<>=\[ ]", d)[0].lower() for d in project}
    assert named <= {k.lower() for k in PINS}
    makefile = (REPO / "Makefile").read_text()
    assert f"LAMBDA_PYTHON := {LAMBDA.python}\n" in makefile
