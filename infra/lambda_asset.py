"""The Lambda code asset, built on this machine without Docker (the CDK's local bundling and the
cold-start benchmark call :func:`build`).

One directory for every function:

- the runtime dependencies, exactly as pinned (with hashes) in ``requirements/lambda.lock``,
  as binary wheels for the functions' platform; the wheels are kept in ``.cache/wheels`` so
  a later build (a ``cdk synth``) works offline;
- ``engine/`` (with the lexicon artifact), ``functions/`` and ``themes/``, without tests or
  docs; every theme is validated here and an index written, so a function parses only the
  theme a match uses (:func:`engine.themes.write_index`);
- botocore's service models for the services the functions call, and no others;
- compiled bytecode for every module, for the functions' exact Python version, written with
  unchecked source hashes: ``/var/task`` is read-only, so without it every cold start would
  compile the whole tree again. This machine's Python may not be that version, so the
  bytecode is made by that version of CPython compiled to WebAssembly (Pyodide, pinned in
  ``package.json``) when it differs.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "functions", "themes")
IGNORE = shutil.ignore_patterns("__pycache__", "*.pyc", "tests", "*.md")
LOCK = REPO / "requirements" / "lambda.lock"
WHEELS = REPO / ".cache" / "wheels"
#: the services the functions create boto3 clients for (a test reads the code for them)
BOTO_SERVICES = ("apigatewaymanagementapi", "dynamodb", "secretsmanager", "ssm",
                 "stepfunctions")


#: endpoint names that differ from the service's model name
_ENDPOINT_ALIASES = ("execute-api", "states")


class AssetError(Exception):
    pass


@dataclass(frozen=True)
class Target:
    """Where the code runs: a CPython version and the wheel platforms that fit it."""

    python: str  # "3.14"
    platforms: tuple[str, ...]
    architecture: str  # "arm64" or "x86_64", as Lambda names it

    @property
    def local(self) -> bool:
        """This machine's interpreter can compile for it."""
        return self.python == f"{sys.version_info[0]}.{sys.version_info[1]}"


#: the deployed functions: Python 3.14 on Graviton (Amazon Linux 2023, glibc 2.34)
LAMBDA = Target("3.14", ("manylinux_2_28_aarch64", "manylinux2014_aarch64"), "arm64")
#: this machine, for the cold-start benchmark (the same build, runnable here)
HERE = Target(f"{sys.version_info[0]}.{sys.version_info[1]}",
              ("manylinux_2_28_x86_64", "manylinux2014_x86_64"), "x86_64")


def _pip(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pip", *args, "--quiet",
                           "--disable-pip-version-check"],
                          capture_output=True, text=True, check=False)


def _dependencies(out: Path, target: Target, lock: Path = LOCK) -> None:
    cache = WHEELS / f"cp{target.python.replace('.', '')}-{target.architecture}"
    platform = [a for p in target.platforms for a in ("--platform", p)]
    common = ["--no-deps", "--require-hashes", "-r", str(lock), *platform,
              "--implementation", "cp", "--python-version", target.python,
              "--only-binary=:all:"]
    offline = ["install", "--target", str(out), "--no-compile", "--no-index",
               "--find-links", str(cache), *common]
    if _pip(*offline).returncode == 0:
        return
    fetched = _pip("download", "--dest", str(cache), *common)
    if fetched.returncode != 0:
        raise AssetError(f"could not fetch the locked wheels:\n{fetched.stderr[-2000:]}")
    installed = _pip(*offline)
    if installed.returncode != 0:
        raise AssetError(f"could not install the locked wheels:\n{installed.stderr[-2000:]}")


def _trim_botocore(out: Path) -> None:
    """Only the service models the functions use (the rest is most of the asset)."""
    data = out / "botocore" / "data"
    for service in data.iterdir():
        if service.is_dir() and service.name not in BOTO_SERVICES:
            shutil.rmtree(service)
    missing = [s for s in BOTO_SERVICES if not (data / s).is_dir()]
    if missing:
        raise AssetError(f"botocore has no model for {missing}")
    # The first client of a cold start parses the endpoints of every service (1.2 MB).
    endpoints_path = data / "endpoints.json"
    endpoints = json.loads(endpoints_path.read_text(encoding="utf-8"))
    for partition in endpoints["partitions"]:
        partition["services"] = {k: v for k, v in partition["services"].items()
                                 if k in BOTO_SERVICES or k in _ENDPOINT_ALIASES}
    endpoints_path.write_text(json.dumps(endpoints, separators=(",", ":")), encoding="utf-8")


def _compile(out: Path, target: Target) -> None:
    if target.local:
        import compileall
        import py_compile

        ok = compileall.compile_dir(
            str(out), quiet=1, stripdir=str(out), prependdir="/var/task", workers=1,
            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
        if not ok:
            raise AssetError("some modules did not compile")
        return
    script = REPO / "infra" / "pycompile.mjs"
    if not (REPO / "node_modules" / "pyodide").is_dir():
        raise AssetError("Pyodide is not installed: run `npm ci` (make synth does)")
    done = subprocess.run(["node", str(script), str(out), target.python],
                          capture_output=True, text=True, check=False, cwd=REPO)
    if done.returncode != 0:
        raise AssetError(f"bytecode compilation failed:\n{done.stderr[-2000:]}")


def build(out: Path, target: Target = LAMBDA, source: Path = REPO) -> None:
    """Build the asset into ``out`` (an empty or missing directory) from the code and lock
    file under ``source``: this checkout, or another commit's tree (the cold-start benchmark
    compares two builds)."""
    from engine.lexicon import Lexicon
    from engine.themes import write_index

    out.mkdir(parents=True, exist_ok=True)
    _dependencies(out, target, source / "requirements" / "lambda.lock")
    _trim_botocore(out)
    for package in PACKAGES:
        shutil.copytree(source / package, out / package, ignore=IGNORE, dirs_exist_ok=True)
    write_index(out / "themes", Lexicon.default())
    _compile(out, target)
