"""The timers' Standard state machine, from the ASL the local stack also runs, and its
dead-letter queue (what still failed after the retries); a record the queue could not take is
counted in the stage's metrics."""

from __future__ import annotations

import json

from aws_cdk import ArnFormat, Duration, RemovalPolicy, Stack
from aws_cdk import aws_iam as iam
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_logs as logs
from aws_cdk import aws_sqs as sqs
from aws_cdk import aws_stepfunctions as sfn
from constructs import Construct

from functions.service.timers import LOST_METRIC, state_machine_definition


def machine_name(stack: Stack) -> str:
    return f"{stack.stack_name}-timers"


def machine_arn(stack: Stack) -> str:
    """The ARN by name: the functions that start timers need it, and the state machine needs
    the timer function, so the ARN must not be a reference (that would be a cycle)."""
    return stack.format_arn(service="states", resource="stateMachine",
                            resource_name=machine_name(stack),
                            arn_format=ArnFormat.COLON_RESOURCE_NAME)


class Timers(Construct):
    def __init__(self, scope: Construct, name: str, *, timer: lambda_.IFunction,
                 metric_namespace: str, tracing: bool = False) -> None:
        super().__init__(scope, name)
        stack = Stack.of(self)
        role = iam.Role(self, "Role", assumed_by=iam.ServicePrincipal("states.amazonaws.com"),
                        description="Vanlexis timers: invoke the timer function, write logs")
        timer.grant_invoke(role)
        self.dead_letters = sqs.Queue(
            self, "DeadLetters", retention_period=Duration.days(14), enforce_ssl=True,
            encryption=sqs.QueueEncryption.SQS_MANAGED)
        self.dead_letters.grant_send_messages(role)
        # A lost record is counted in the stage's own namespace only (PutMetricData takes no
        # resource narrower than *; the condition is what narrows it).
        role.add_to_policy(iam.PolicyStatement(
            actions=["cloudwatch:PutMetricData"], resources=["*"],
            conditions={"StringEquals": {"cloudwatch:namespace": metric_namespace}}))
        self.metric_namespace = metric_namespace
        self.lost_metric = LOST_METRIC
        log_group = logs.LogGroup(self, "Logs", retention=logs.RetentionDays.ONE_MONTH,
                                  removal_policy=RemovalPolicy.DESTROY)
        self.machine = sfn.StateMachine(
            self, "Machine", state_machine_name=machine_name(stack),
            state_machine_type=sfn.StateMachineType.STANDARD, role=role,
            definition_body=sfn.DefinitionBody.from_string(
                json.dumps(state_machine_definition(
                    timer.function_arn, self.dead_letters.queue_url, stack.partition,
                    metric_namespace))),
            tracing_enabled=tracing,
            # Errors only: every timer logged at ALL was ~3.5 KB of CloudWatch Logs.
            logs=sfn.LogOptions(destination=log_group, level=sfn.LogLevel.ERROR,
                             include_execution_data=False),
        )

    def grant_stop(self, grantee: iam.IGrantable) -> None:
        """Stop this machine's executions (a turn that ended early needs no timer)."""
        stack = Stack.of(self)
        iam.Grant.add_to_principal(
            grantee=grantee, actions=["states:StopExecution"],
            resource_arns=[stack.format_arn(
                service="states", resource="execution",
                resource_name=f"{machine_name(stack)}:*",
                arn_format=ArnFormat.COLON_RESOURCE_NAME)])

    def grant_start(self, grantee: iam.IGrantable) -> None:
        iam.Grant.add_to_principal(grantee=grantee, actions=["states:StartExecution"],
                                   resource_arns=[machine_arn(Stack.of(self))])
