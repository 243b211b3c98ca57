"""The Lambda code asset, built locally (no Docker) by :mod:`infra.lambda_asset`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jsii
from aws_cdk import AssetHashType, BundlingOptions, DockerImage, ILocalBundling
from aws_cdk import aws_lambda as lambda_

from infra.lambda_asset import LAMBDA, REPO, build

#: the functions' runtime and architecture, matching the asset's target
RUNTIME = lambda_.Runtime.PYTHON_3_14
ARCHITECTURE = lambda_.Architecture.ARM_64
assert RUNTIME.name == f"python{LAMBDA.python}" and LAMBDA.architecture == "arm64"


@jsii.implements(ILocalBundling)
class LocalPythonBundling:
    """Builds the asset on this machine (the CDK calls it instead of a Docker image)."""

    def try_bundle(self, output_dir: str, *args: Any, **kwargs: Any) -> bool:
        build(Path(output_dir), LAMBDA)
        return True


def game_code() -> lambda_.Code:
    """The code asset every function shares."""
    return lambda_.Code.from_asset(
        str(REPO),
        exclude=["**/*"],  # the local bundling puts in exactly what it needs
        asset_hash_type=AssetHashType.OUTPUT,  # a new build of the code is a new version
        bundling=BundlingOptions(
            image=DockerImage.from_registry("public.ecr.aws/sam/build-python3.14"),
            local=LocalPythonBundling(),
            command=["false"],  # never used: the local bundling always succeeds or fails
        ),
    )
