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


#: asks the functions' CPython (Pyodide's 3.14) where it looks for each module's bytecode and
#: which magic number it accepts, over every module of the asset mounted at /asset
_LOADS = """
import { loadPyodide } from "pyodide";
const python = await loadPyodide();
python.FS.mkdirTree("/asset");
python.FS.mount(python.FS.filesystems.NODEFS, { root: process.argv[1] }, "/asset");
console.log(python.runPython(`
import importlib.util, json, pathlib, sys
wrong = []
sources = list(pathlib.Path("/asset").rglob("*.py"))
for source in sources:
    cached = pathlib.Path(importlib.util.cache_from_source(str(source)))
    if not cached.exists() or cached.read_bytes()[:4] != importlib.util.MAGIC_NUMBER:
        wrong.append(str(source))
json.dumps({"version": "%d.%d" % sys.version_info[:2], "tag": sys.implementation.cache_tag,
            "sources": len(sources), "wrong": wrong[:5]})
`));
"""


def test_the_functions_python_loads_the_shipped_bytecode(asset: Path) -> None:
    import json
    import subprocess

    done = subprocess.run(["node", "--input-type=module", "-e", _LOADS, str(asset)],
                          cwd=REPO, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["version"] == LAMBDA.python and seen["tag"] == "cpython-314"
    assert seen["sources"] > 300 and seen["wrong"] == []


def _runtime_tags() -> set[str]:
    """Every wheel tag Lambda's python3.14 on arm64 (Amazon Linux 2023, glibc 2.34) accepts."""
    from packaging import tags

    platforms = [f"manylinux_2_{minor}_aarch64" for minor in range(34, 16, -1)]
    platforms += ["manylinux2014_aarch64", "linux_aarch64"]
    return {str(t) for t in [*tags.cpython_tags((3, 14), platforms=platforms),
                             *tags.compatible_tags((3, 14), "cp314", platforms)]}


def test_every_compiled_dependency_is_built_for_the_runtime_and_its_processor(
        asset: Path) -> None:
    accepted = _runtime_tags()
    compiled = []
    for dist in asset.glob("*.dist-info"):
        wheel_tags = [line.split(":", 1)[1].strip()
                      for line in (dist / "WHEEL").read_text().splitlines()
                      if line.startswith("Tag:")]
        assert wheel_tags and set(wheel_tags) & accepted, (dist.name, wheel_tags)
        record = (dist / "RECORD").read_text()
        libraries = [line.split(",")[0] for line in record.splitlines()
                     if line.split(",")[0].endswith(".so")]
        if libraries:
            compiled.append(dist.name)
            assert all("none-any" not in t for t in wheel_tags), dist.name
        for library in libraries:
            path = asset / library
            # an extension module the 3.14 interpreter imports (vendored libraries aside)
            assert path.name.endswith((".cpython-314-aarch64-linux-gnu.so", ".abi3.so")) or \
                path.parent.name.endswith(".libs"), library
            header = path.read_bytes()[:20]
            # ELF, 64-bit, little-endian, machine 183: AArch64
            assert header[:4] == b"\x7fELF" and header[4] == 2 and header[5] == 1, library
            assert int.from_bytes(header[18:20], "little") == 183, library
    assert {"marisa_trie", "pydantic_core"} <= {d.split("-")[0] for d in compiled}
