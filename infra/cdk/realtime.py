"""The WebSocket API: routes by ``$request.body.action``, the ticket authorizer on
``$connect``, a throttled stage with access logs."""

from __future__ import annotations

from aws_cdk import RemovalPolicy, Stack
from aws_cdk import aws_apigatewayv2 as apigw
from aws_cdk import aws_apigatewayv2_authorizers as authorizers
from aws_cdk import aws_apigatewayv2_integrations as integrations
from aws_cdk import aws_iam as iam
from aws_cdk import aws_logs as logs
from constructs import Construct

from functions.handlers.messages import GAME_ACTIONS
from functions.protocol.client import ACTIONS
from infra.cdk.capacity import Throttles
from infra.cdk.functions import GameFunctions

STAGE = "live"
ACCESS_LOG_FORMAT = (
    '{"requestId":"$context.requestId","connectionId":"$context.connectionId",'
    '"routeKey":"$context.routeKey","eventType":"$context.eventType",'
    '"status":"$context.status","error":"$context.error.message",'
    '"integrationError":"$context.integrationErrorMessage","ip":"$context.identity.sourceIp",'
    '"latency":"$context.integrationLatency","time":"$context.requestTime"}'
)


class Realtime(Construct):
    def __init__(self, scope: Construct, name: str, *, functions: GameFunctions,
                 throttles: Throttles, api_name: str = "vanlexis") -> None:
        super().__init__(scope, name)

        def integration(fn_name: str) -> integrations.WebSocketLambdaIntegration:
            return integrations.WebSocketLambdaIntegration(f"{fn_name}Integration",
                                                           functions.live(fn_name))

        authorizer = authorizers.WebSocketLambdaAuthorizer(
            "TicketAuthorizer", functions.live("Authorizer"),
            identity_source=["route.request.querystring.ticket"])
        self.api = apigw.WebSocketApi(
            self, "Api", api_name=api_name,
            route_selection_expression="$request.body.action",
            connect_route_options=apigw.WebSocketRouteOptions(
                integration=integration("Connect"), authorizer=authorizer),
            disconnect_route_options=apigw.WebSocketRouteOptions(
                integration=integration("Disconnect")),
            default_route_options=apigw.WebSocketRouteOptions(
                integration=integration("DefaultRoute")),
        )
        game, lobby = integration("Game"), integration("Lobby")
        for action in ACTIONS:
            self.api.add_route(action, integration=game if action in GAME_ACTIONS else lobby)
        access_logs = logs.LogGroup(self, "AccessLogs", retention=logs.RetentionDays.ONE_MONTH,
                                    removal_policy=RemovalPolicy.DESTROY)
        self.stage = apigw.WebSocketStage(
            self, "Stage", web_socket_api=self.api, stage_name=STAGE, auto_deploy=True,
            # Sized for the concurrent matches of -c matches=N (infra/cdk/capacity.py).
            throttle=apigw.ThrottleSettings(rate_limit=throttles.stage_rate,
                                            burst_limit=throttles.stage_burst),
        )
        stage = self.stage.node.default_child
        assert isinstance(stage, apigw.CfnStage)
        # $connect runs the authorizer and a table write: its own, smaller allowance, sized
        # for everyone coming back within two minutes after a drop.
        stage.route_settings = {"$connect": {
            "ThrottlingRateLimit": throttles.connect_rate,
            "ThrottlingBurstLimit": throttles.connect_burst}}
        stage.access_log_settings = apigw.CfnStage.AccessLogSettingsProperty(
            destination_arn=access_logs.log_group_arn, format=ACCESS_LOG_FORMAT)

    def grant_connections(self, grantee: iam.IGrantable, methods: tuple[str, ...]) -> None:
        """``@connections`` on this API's one stage, with these HTTP methods only."""
        stack = Stack.of(self)
        iam.Grant.add_to_principal(
            grantee=grantee, actions=["execute-api:ManageConnections"],
            resource_arns=[stack.format_arn(
                service="execute-api", resource=self.api.api_id,
                resource_name=f"{STAGE}/{method}/@connections/*") for method in methods])

    @property
    def management_endpoint(self) -> str:
        return self.stage.callback_url
