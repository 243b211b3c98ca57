"""The Lambda functions: one per route family or trigger, all from one code asset, each with
its own role granted only what its handler uses."""

from __future__ import annotations

from aws_cdk import Duration
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_logs as logs
from constructs import Construct

from infra.cdk.packaging import game_code

#: name → (handler, memory MB, timeout s, what it is)
SPECS: dict[str, tuple[str, int, int, str]] = {
    "Authorizer": ("functions.handlers.authorizer.handler", 256, 5, "$connect ticket check"),
    "Connect": ("functions.handlers.connection.connect", 512, 10, "$connect"),
    "Disconnect": ("functions.handlers.connection.disconnect", 512, 10, "$disconnect"),
    "Game": ("functions.handlers.websocket.game", 1024, 29, "match actions"),
    "Lobby": ("functions.handlers.websocket.lobby", 1024, 29, "lobby actions"),
    "DefaultRoute": ("functions.handlers.websocket.default", 512, 10, "$default"),
    "Timer": ("functions.handlers.timer.handler", 1024, 60, "turn timeouts, queue fill"),
    "Identity": ("functions.handlers.identity_api.handler", 256, 5, "POST /guest, /ticket"),
}


class GameFunctions(Construct):
    def __init__(self, scope: Construct, name: str, *, environment: dict[str, str]) -> None:
        super().__init__(scope, name)
        code = game_code()
        self.by_name: dict[str, lambda_.Function] = {}
        for fn_name, (handler, memory, timeout, description) in SPECS.items():
            log_group = logs.LogGroup(self, f"{fn_name}Logs",
                                      retention=logs.RetentionDays.ONE_MONTH)
            self.by_name[fn_name] = lambda_.Function(
                self, fn_name,
                runtime=lambda_.Runtime.PYTHON_3_11,
                architecture=lambda_.Architecture.X86_64,
                code=code, handler=handler, memory_size=memory,
                timeout=Duration.seconds(timeout),
                description=f"Vanlexis: {description}",
                environment={**environment, "POWERTOOLS_SERVICE_NAME": "vanlexis",
                             "POWERTOOLS_METRICS_NAMESPACE": "Vanlexis"},
                tracing=lambda_.Tracing.ACTIVE,
                log_group=log_group,
            )

    def __getitem__(self, name: str) -> lambda_.Function:
        return self.by_name[name]

    def all(self) -> list[lambda_.Function]:
        return list(self.by_name.values())
