"""Identity: the signing secret and the HTTP API that makes guests and tickets, carries a
player to another device with a one-time code, lists and signs out their devices, and answers
anyone a match's public summary (what its link leads to)."""

from __future__ import annotations

from aws_cdk import RemovalPolicy
from aws_cdk import aws_apigatewayv2 as apigw
from aws_cdk import aws_apigatewayv2_integrations as integrations
from aws_cdk import aws_logs as logs
from aws_cdk import aws_secretsmanager as secrets
from constructs import Construct

from infra.cdk.capacity import Throttles
from infra.cdk.functions import GameFunctions
from infra.cdk.realtime import ACCESS_LOG_FORMAT

#: a match's public summary (functions/handlers/identity_api.py)
SUMMARY_PATH = "/match/{matchId}"
#: the POST routes (the local server serves the same: infra/local/http.py)
POSTS = ("/guest", "/ticket", "/link", "/link/redeem", "/devices", "/devices/signout")
#: a one-time code typed on a new device: no token, so a throttle of its own
REDEEM_PATH = "/link/redeem"


class SigningKey(Construct):
    """A generated 64-character secret; the functions that sign or check read it."""

    def __init__(self, scope: Construct, name: str) -> None:
        super().__init__(scope, name)
        self.secret = secrets.Secret(
            self, "Secret", description="Vanlexis: signs guest tokens and connect tickets",
            generate_secret_string=secrets.SecretStringGenerator(
                password_length=64, exclude_punctuation=True))


class IdentityApi(Construct):
    def __init__(self, scope: Construct, name: str, *, functions: GameFunctions,
                 allowed_origin: str, throttles: Throttles,
                 api_name: str = "vanlexis-identity") -> None:
        super().__init__(scope, name)
        self.api = apigw.HttpApi(
            self, "Api", api_name=api_name,
            cors_preflight=apigw.CorsPreflightOptions(
                allow_origins=[allowed_origin],
                allow_methods=[apigw.CorsHttpMethod.POST, apigw.CorsHttpMethod.GET],
                allow_headers=["content-type"]),
        )
        target = integrations.HttpLambdaIntegration("Identity", functions.live("Identity"))
        for path in POSTS:
            self.api.add_routes(path=path, methods=[apigw.HttpMethod.POST], integration=target)
        self.api.add_routes(path=SUMMARY_PATH, methods=[apigw.HttpMethod.GET],
                            integration=target)
        access_logs = logs.LogGroup(self, "AccessLogs", retention=logs.RetentionDays.ONE_MONTH,
                                    removal_policy=RemovalPolicy.DESTROY)
        stage = self.api.default_stage
        assert stage is not None
        cfn_stage = stage.node.default_child
        assert isinstance(cfn_stage, apigw.CfnStage)
        cfn_stage.access_log_settings = apigw.CfnStage.AccessLogSettingsProperty(
            destination_arn=access_logs.log_group_arn,
            format=ACCESS_LOG_FORMAT.replace("$context.connectionId", "$context.routeKey"))
        # A ticket per (re)connection: sized with $connect (infra/cdk/capacity.py), so that
        # everyone can come back after a drop; guests per address are limited apart.
        cfn_stage.default_route_settings = apigw.CfnStage.RouteSettingsProperty(
            throttling_burst_limit=throttles.identity_burst,
            throttling_rate_limit=throttles.identity_rate)
        # Anyone may ask for a match's summary: its own, smaller allowance, so that asking
        # for them never takes the tickets' (infra/cdk/capacity.py).
        # Codes typed on a new device: few, and the bound on guesses everyone together can
        # make at a live code (docs/security.md).
        cfn_stage.route_settings = {f"GET {SUMMARY_PATH}": {
            "ThrottlingRateLimit": throttles.summary_rate,
            "ThrottlingBurstLimit": throttles.summary_burst}, f"POST {REDEEM_PATH}": {
            "ThrottlingRateLimit": throttles.redeem_rate,
            "ThrottlingBurstLimit": throttles.redeem_burst}}
