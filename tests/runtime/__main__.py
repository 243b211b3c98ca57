"""Run test suites on CPython 3.14, the functions' Python, here on a machine whose Python is
another: ``python -m tests.runtime [pytest arguments]`` (``make runtime``).

CPython 3.14 is Pyodide's (the npm package pinned in ``package.json``, which also compiles the
asset's bytecode): the same interpreter built for WebAssembly, run by node. Its packages are
the wheels ``requirements/dev.lock`` pins, downloaded by hash for Pyodide's platform
(``pyemscripten_2026_0_wasm32``: pure-Python wheels, and pydantic-core's WebAssembly wheel),
unpacked into ``.cache/pyodide/site``. marisa-trie has no WebAssembly wheel: a stand-in
answers with the real library's ids and order (``standin/marisa_trie.py``).

What runs (``SUITES``): the unit tests (the engine, the protocol, the services, the storage
codec, the tools). What cannot, and why, is ``CANNOT`` (passed to pytest as ``--deselect``).
"""

from __future__ import annotations

import hashlib
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from tests.runtime.tries import export

REPO = Path(__file__).resolve().parents[2]
CACHE = REPO / ".cache" / "pyodide"
PLATFORM = "pyemscripten_2026_0_wasm32"  # Pyodide 314's ABI
#: what the suites import, as pinned in requirements/dev.lock
PACKAGES = ("pytest", "pluggy", "iniconfig", "packaging", "pygments", "hypothesis", "attrs",
            "sortedcontainers", "pydantic", "pydantic-core", "annotated-types",
            "typing-extensions", "typing-inspection", "boto3", "botocore", "jmespath",
            "s3transfer", "python-dateutil", "six", "urllib3", "aws-lambda-powertools",
            "websockets")
SUITES = ("tests/unit",)
#: tests that cannot run in Pyodide, each with the reason
CANNOT = {
    "tests/unit/test_cli.py::test_console_script_runs_as_a_program":
        "starts a second Python process; WebAssembly has none",
}


def _locked(names: tuple[str, ...]) -> str:
    """The blocks of dev.lock (pin and hashes) for ``names``."""
    text = (REPO / "requirements" / "dev.lock").read_text(encoding="utf-8")
    blocks = re.split(r"\n(?=[A-Za-z0-9])", text)
    wanted = {n.lower() for n in names}
    chosen = [b for b in blocks if (m := re.match(r"([A-Za-z0-9_.-]+)==", b))
              and m.group(1).lower() in wanted]
    found = {re.match(r"([A-Za-z0-9_.-]+)==", b).group(1).lower() for b in chosen}  # type: ignore[union-attr]
    if found != wanted:
        raise SystemExit(f"not in requirements/dev.lock: {sorted(wanted - found)}")
    return "\n".join(chosen) + "\n"


def site() -> Path:
    """The unpacked wheels, made again whenever the pins change."""
    pins = _locked(PACKAGES)
    digest = hashlib.sha256(pins.encode()).hexdigest()[:16]
    out = CACHE / f"site-{digest}"
    if (out / ".complete").exists():
        return out
    wheels = CACHE / "wheels"
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as listed:
        listed.write(pins)
    fetched = subprocess.run(
        [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
         "--no-deps", "--require-hashes", "-r", listed.name, "--dest", str(wheels),
         "--only-binary=:all:", "--platform", PLATFORM, "--python-version", "3.14",
         "--implementation", "cp"], capture_output=True, text=True, check=False)
    Path(listed.name).unlink()
    if fetched.returncode != 0:
        raise SystemExit(f"could not fetch the wheels for Pyodide:\n{fetched.stderr[-2000:]}")
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    versions = dict(re.findall(r"^([A-Za-z0-9_.-]+)==([^\s\\]+)", pins, re.M))
    for name, version in versions.items():
        stem = re.sub(r"[-_.]+", "_", name).lower()
        [wheel] = [w for w in wheels.glob("*.whl")
                   if w.name.lower().startswith(f"{stem}-{version.lower()}-")]
        with zipfile.ZipFile(wheel) as packed:
            packed.extractall(out)
    (out / ".complete").touch()
    return out


def main(argv: list[str]) -> int:
    if not (REPO / "node_modules" / "pyodide").is_dir():
        raise SystemExit("Pyodide is not installed: run `npm ci`")
    packages = site()
    tries = CACHE / "tries"
    export(tries)
    ignored = [f"--deselect={node}" for node in CANNOT]
    args = argv or ["-q", *SUITES]
    done = subprocess.run(["node", str(REPO / "tests" / "runtime" / "run.mjs"), str(packages),
                           str(tries), *ignored, *args], cwd=REPO, check=False)
    return done.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
