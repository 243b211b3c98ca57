"""The account's API Gateway logging role, which the WebSocket stage's access logs need.

API Gateway writes stage logs only once the account (per region) names a CloudWatch role;
without one the first deploy fails ("CloudWatch Logs role ARN must be set in account
settings"). The setting is one per account and region, shared with every other API there, so
an account that already has one (or manages it elsewhere) deploys with
``-c apiGatewayAccountRole=false``; the stage then uses the role already set.
"""

from __future__ import annotations

from aws_cdk import aws_apigateway as apigateway
from aws_cdk import aws_iam as iam
from constructs import Construct

CONTEXT_KEY = "apiGatewayAccountRole"


def wanted(scope: Construct) -> bool:
    """Whether this stack sets the account's role (the default), by the context setting."""
    value = scope.node.try_get_context(CONTEXT_KEY)
    return str(value).lower() not in ("false", "0", "no") if value is not None else True


class ApiGatewayLogging(Construct):
    def __init__(self, scope: Construct, name: str) -> None:
        super().__init__(scope, name)
        self.role = iam.Role(
            self, "Role", assumed_by=iam.ServicePrincipal("apigateway.amazonaws.com"),
            description="API Gateway (this account and region): write stage logs",
            managed_policies=[iam.ManagedPolicy.from_aws_managed_policy_name(
                "service-role/AmazonAPIGatewayPushToCloudWatchLogs")])
        self.account = apigateway.CfnAccount(self, "Account",
                                             cloud_watch_role_arn=self.role.role_arn)
