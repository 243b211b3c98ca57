"""Lambda code without Docker: the game's packages and their dependencies, built locally.

``cdk synth`` (and ``cdk deploy``) stages one directory for every function: ``engine/`` (with
the lexicon artifact and the word graph), ``functions/``, ``themes/``, and the runtime
dependencies installed by pip for Lambda's platform (manylinux x86_64, CPython 3.11) from
binary wheels only. boto3 is installed too, pinned by ``pyproject.toml``, rather than taken
from the Lambda runtime, so the code runs with the versions it was tested with.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsii
from aws_cdk import AssetHashType, BundlingOptions, DockerImage, ILocalBundling
from aws_cdk import aws_lambda as lambda_

REPO = Path(__file__).resolve().parents[2]
PACKAGES = ("engine", "functions", "themes")
IGNORE = shutil.ignore_patterns("__pycache__", "*.pyc", "tests", "*.md")
PLATFORM = ["--platform", "manylinux2014_x86_64", "--implementation", "cp",
            "--python-version", "3.11", "--only-binary=:all:"]


def runtime_requirements() -> list[str]:
    """The ``[project] dependencies`` of pyproject.toml."""
    import tomllib

    data = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    return list(data["project"]["dependencies"])


@jsii.implements(ILocalBundling)
class LocalPythonBundling:
    """Builds the asset on this machine (the CDK calls it instead of a Docker image)."""

    def try_bundle(self, output_dir: str, *args: Any, **kwargs: Any) -> bool:
        out = Path(output_dir)
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-compile",
                        "--target", str(out), *PLATFORM, *runtime_requirements()], check=True)
        for package in PACKAGES:
            shutil.copytree(REPO / package, out / package, ignore=IGNORE, dirs_exist_ok=True)
        return True


def game_code() -> lambda_.Code:
    """The code asset every function shares."""
    return lambda_.Code.from_asset(
        str(REPO),
        exclude=["**/*"],  # the local bundling puts in exactly what it needs
        asset_hash_type=AssetHashType.OUTPUT,  # a new build of the code is a new version
        bundling=BundlingOptions(
            image=DockerImage.from_registry("public.ecr.aws/sam/build-python3.11"),
            local=LocalPythonBundling(),
            command=["false"],  # never used: the local bundling always succeeds or fails
        ),
    )
