"""Rolling back a deploy: each function's ``live`` alias moves to the version before, and
forward again (moto's Lambda; nothing is invoked)."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterator
from typing import Any

import boto3
import pytest
from moto import mock_aws

from infra.rollback import Move, apply, plan


def _code(text: str) -> bytes:
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w") as archive:
        archive.writestr("handler.py", text)
    return packed.getvalue()


@pytest.fixture
def lambdas() -> Iterator[Any]:
    with mock_aws():
        role = boto3.client("iam", region_name="us-east-1").create_role(
            RoleName="fn", AssumeRolePolicyDocument="{}")["Role"]["Arn"]
        client = boto3.client("lambda", region_name="us-east-1")
        for name, deploys in (("Game", 3), ("Lobby", 1)):
            client.create_function(FunctionName=name, Runtime="python3.12", Role=role,
                                   Handler="handler.run", Code={"ZipFile": _code("v0")})
            for n in range(deploys):  # each deploy publishes a version and moves live
                client.update_function_code(FunctionName=name, ZipFile=_code(f"v{n + 1}"))
                version = client.publish_version(FunctionName=name)["Version"]
                if n == 0:
                    client.create_alias(FunctionName=name, Name="live",
                                        FunctionVersion=version)
                else:
                    client.update_alias(FunctionName=name, Name="live",
                                        FunctionVersion=version)
        yield client


def _live(client: Any, name: str) -> str:
    return str(client.get_alias(FunctionName=name, Name="live")["FunctionVersion"])


def test_a_rollback_moves_each_alias_one_version_back_and_forward_again(
        lambdas: Any) -> None:
    moves = plan(lambdas, ["Game", "Lobby"])
    # A function deployed once has nowhere to go back to: it stays.
    assert moves == [Move("Game", "3", "2"), Move("Lobby", "1", None)]
    assert _live(lambdas, "Game") == "3"  # planning moves nothing
    apply(lambdas, moves)
    assert (_live(lambdas, "Game"), _live(lambdas, "Lobby")) == ("2", "1")
    apply(lambdas, plan(lambdas, ["Game"]))
    assert _live(lambdas, "Game") == "1"
    assert plan(lambdas, ["Game"]) == [Move("Game", "1", None)]
    forward = plan(lambdas, ["Game", "Lobby"], newest=True)
    assert forward == [Move("Game", "1", "3"), Move("Lobby", "1", None)]
    apply(lambdas, forward)
    assert _live(lambdas, "Game") == "3"
