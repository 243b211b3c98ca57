"""``cdk synth`` / ``cdk deploy`` entry point (see cdk.json and docs/operations.md).

The account and region come from the CLI's context (``-c account=… -c region=…``) or the
environment the CLI sets; without them the stack is environment-agnostic, so ``cdk synth``
needs no AWS access and makes no lookups.
"""

from __future__ import annotations

import os

from aws_cdk import App, Environment, Validations
from cdk_nag import AwsSolutionsChecks

from infra.cdk.stack import VanlexisStack
from infra.cdk.stage import Stage


def build(app: App | None = None) -> tuple[App, VanlexisStack]:
    app = app or App()
    account = app.node.try_get_context("account") or os.environ.get("CDK_DEFAULT_ACCOUNT")
    region = app.node.try_get_context("region") or os.environ.get("CDK_DEFAULT_REGION")
    env = Environment(account=account, region=region) if account and region else None
    stage = Stage.from_context(app.node)
    stack = VanlexisStack(app, app.node.try_get_context("stackName") or stage.stack_name,
                          stage=stage, env=env,
                          description=f"Vanlexis ({stage.name}): a themed multiplayer word game")
    Validations.of(app).add_plugins(AwsSolutionsChecks(app, verbose=True))
    return app, stack


def main() -> None:
    app, _ = build()
    app.synth()


if __name__ == "__main__":
    main()
