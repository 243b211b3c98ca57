"""Alarms on what needs a person: function errors and throttles, and WebSocket 5xx."""

from __future__ import annotations

from aws_cdk import Duration
from aws_cdk import aws_cloudwatch as cloudwatch
from aws_cdk import aws_cloudwatch_actions as actions
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_sns as sns
from constructs import Construct


class Monitoring(Construct):
    def __init__(self, scope: Construct, name: str, *, functions: list[lambda_.Function]) -> None:
        super().__init__(scope, name)
        self.topic = sns.Topic(self, "Alarms", display_name="Vanlexis alarms",
                               enforce_ssl=True)
        for fn in functions:
            fn_id = fn.node.id
            for metric, label, threshold in (
                (fn.metric_errors(period=Duration.minutes(5)), "Errors", 5),
                (fn.metric_throttles(period=Duration.minutes(5)), "Throttles", 1),
            ):
                alarm = cloudwatch.Alarm(
                    self, f"{fn_id}{label}", metric=metric, threshold=threshold,
                    evaluation_periods=1,
                    comparison_operator=cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
                    treat_missing_data=cloudwatch.TreatMissingData.NOT_BREACHING,
                    alarm_description=f"Vanlexis {fn_id}: {label.lower()} in 5 minutes")
                alarm.add_alarm_action(actions.SnsAction(self.topic))
