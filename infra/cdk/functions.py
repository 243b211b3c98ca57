"""The Lambda functions: one per route family or trigger, all from one code asset, each with
its own role granted only what its handler uses.

Every deploy that changes a function publishes a new version of it, and moves the function's
``live`` alias there; everything that invokes a function (the APIs, the authorizer, the timers,
the stream, the schedule) invokes the alias. Rolling back is moving the aliases to the
versions before (``python -m infra.rollback``, docs/operations.md); old versions are kept."""

from __future__ import annotations

from aws_cdk import Duration, RemovalPolicy
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_logs as logs
from constructs import Construct

from infra.cdk.function_specs import SPECS
from infra.cdk.packaging import ARCHITECTURE, RUNTIME, game_code

#: the same for every function: no pydantic plugin lookup (it reads every installed package's
#: metadata, ~30 ms of each cold start; none is installed)
FUNCTION_ENVIRONMENT = {"PYDANTIC_DISABLE_PLUGINS": "__all__"}
ALIAS = "live"


class GameFunctions(Construct):
    def __init__(self, scope: Construct, name: str, *, environment: dict[str, str],
                 tracing: bool = False) -> None:
        super().__init__(scope, name)
        code = game_code()
        self.by_name: dict[str, lambda_.Function] = {}
        self.aliases: dict[str, lambda_.Alias] = {}
        for fn_name, (handler, memory, timeout, description) in SPECS.items():
            # Logs go with the stack: only the table and the site's buckets hold data.
            log_group = logs.LogGroup(self, f"{fn_name}Logs",
                                      retention=logs.RetentionDays.ONE_MONTH,
                                      removal_policy=RemovalPolicy.DESTROY)
            self.by_name[fn_name] = lambda_.Function(
                self, fn_name,
                runtime=RUNTIME, architecture=ARCHITECTURE,
                code=code, handler=handler, memory_size=memory,
                timeout=Duration.seconds(timeout),
                description=f"Vanlexis: {description}",
                environment={**environment, **FUNCTION_ENVIRONMENT},
                # -c tracing=on: X-Ray for every function (Lambda records the first call each
                # second and 5% of the rest; at low traffic that is every call, docs/cost.md)
                tracing=lambda_.Tracing.ACTIVE if tracing else lambda_.Tracing.PASS_THROUGH,
                log_group=log_group,
                # A replaced version stays, so that a rollback has somewhere to go.
                current_version_options=lambda_.VersionOptions(
                    removal_policy=RemovalPolicy.RETAIN,
                    description="Vanlexis: published by a deploy"),
            )
            self.aliases[fn_name] = lambda_.Alias(
                self, f"{fn_name}Live", alias_name=ALIAS,
                version=self.by_name[fn_name].current_version)

    def __getitem__(self, name: str) -> lambda_.Function:
        """The function itself: its role (grants), environment and metrics."""
        return self.by_name[name]

    def live(self, name: str) -> lambda_.Alias:
        """What invokers call: the function's ``live`` alias."""
        return self.aliases[name]

    def all(self) -> list[lambda_.Function]:
        return list(self.by_name.values())
