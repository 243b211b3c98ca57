"""The Lambda functions: one per route family or trigger, all from one code asset, each with
its own role granted only what its handler uses."""

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


class GameFunctions(Construct):
    def __init__(self, scope: Construct, name: str, *, environment: dict[str, str]) -> None:
        super().__init__(scope, name)
        code = game_code()
        self.by_name: dict[str, lambda_.Function] = {}
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
                tracing=lambda_.Tracing.ACTIVE,
                log_group=log_group,
            )

    def __getitem__(self, name: str) -> lambda_.Function:
        return self.by_name[name]

    def all(self) -> list[lambda_.Function]:
        return list(self.by_name.values())
