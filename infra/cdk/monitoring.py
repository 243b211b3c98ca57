"""Alarms on what needs a person: function errors and throttles, unexpected failures the
handlers answered as ``server.error``, timers, the outbox and WebSocket 5xx; and the
dashboard."""

from __future__ import annotations

from aws_cdk import Duration
from aws_cdk import aws_cloudwatch as cloudwatch
from aws_cdk import aws_cloudwatch_actions as actions
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_sns as sns
from aws_cdk import aws_sns_subscriptions as subscriptions
from constructs import Construct

from infra.cdk.outbox import Outbox
from infra.cdk.realtime import STAGE, Realtime
from infra.cdk.stage import Stage
from infra.cdk.timers import Timers

#: the handlers' Powertools service name, their metrics' ``service`` dimension
#: (functions/handlers/observability.py; a test keeps the two equal)
SERVICE = "vanlexis"


class Monitoring(Construct):
    def __init__(self, scope: Construct, name: str, *, functions: list[lambda_.Function],
                 timers: Timers, realtime: Realtime, outbox: Outbox,
                 outbox_function: lambda_.Function, stage: Stage | None = None) -> None:
        super().__init__(scope, name)
        stage = stage or Stage()
        self.namespace = stage.metric_namespace
        self.topic = sns.Topic(self, "Alarms", display_name=f"Vanlexis alarms ({stage.name})",
                               enforce_ssl=True)
        if stage.alarm_email:  # -c alarmEmail=…: the address confirms the first mail
            self.topic.add_subscription(subscriptions.EmailSubscription(stage.alarm_email))
        self._timer_alarms(timers)
        self._outbox_alarms(outbox, outbox_function)
        self._websocket_alarms(realtime)
        # The message path answers an unexpected failure with a server.error frame, so the
        # function itself succeeds: Lambda's Errors metric never counts these.
        server_errors = cloudwatch.Alarm(
            self, "GameServerErrors", metric=self._game("ServerErrors"), threshold=5,
            evaluation_periods=1,
            comparison_operator=cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
            treat_missing_data=cloudwatch.TreatMissingData.NOT_BREACHING,
            alarm_description="Vanlexis: 5 or more messages failed unexpectedly (server.error) "
                              "in 5 minutes; the logs' 'unexpected failure' lines say where")
        server_errors.add_alarm_action(actions.SnsAction(self.topic))
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
        self.dashboard = self._dashboard(functions, stage.named("Vanlexis"))

    def _alarm(self, alarm_id: str, metric: cloudwatch.IMetric, description: str) -> None:
        alarm = cloudwatch.Alarm(
            self, alarm_id, metric=metric, threshold=1, evaluation_periods=1,
            comparison_operator=cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
            treat_missing_data=cloudwatch.TreatMissingData.NOT_BREACHING,
            alarm_description=description)
        alarm.add_alarm_action(actions.SnsAction(self.topic))

    def _timer_alarms(self, timers: Timers) -> None:
        """A timer that failed after its retries is a turn nobody ends (until the sweep)."""
        self._alarm("TimerExecutionsFailed",
                    timers.machine.metric_failed(period=Duration.minutes(5)),
                    "Vanlexis timers: an execution failed after its retries (runbook: a stuck "
                    "match, docs/operations.md)")
        self._alarm("TimerDeadLetters",
                    timers.dead_letters.metric_approximate_number_of_messages_visible(
                        period=Duration.minutes(5), statistic="Maximum"),
                    "Vanlexis timers: inputs in the dead-letter queue")
        self._alarm("TimerRecordsLost",
                    cloudwatch.Metric(namespace=timers.metric_namespace,
                                      metric_name=timers.lost_metric, statistic="Sum",
                                      period=Duration.minutes(5)),
                    "Vanlexis timers: a timer failed and its input could not be put in the "
                    "dead-letter queue (read the failed execution's history; runbook: a stuck "
                    "match, docs/operations.md)")

    def _outbox_alarms(self, outbox: Outbox, function: lambda_.Function) -> None:
        """Work after a write that is late (the stream's oldest record waits) or given up (a
        record in the dead-letter queue: a seat missed an update, or a turn has no timer
        until the sweep passes it)."""
        self._alarm("OutboxDeadLetters",
                    outbox.dead_letters.metric_approximate_number_of_messages_visible(
                        period=Duration.minutes(5), statistic="Maximum"),
                    "Vanlexis outbox: stream records given up (runbook: a stuck match, "
                    "docs/operations.md)")
        age = function.metric("IteratorAge", statistic="Maximum", period=Duration.minutes(1))
        alarm = cloudwatch.Alarm(
            self, "OutboxIteratorAge", metric=age, threshold=30_000, evaluation_periods=3,
            comparison_operator=cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
            treat_missing_data=cloudwatch.TreatMissingData.NOT_BREACHING,
            alarm_description="Vanlexis outbox: updates reach players over 30 s late")
        alarm.add_alarm_action(actions.SnsAction(self.topic))

    def _websocket_alarms(self, realtime: Realtime) -> None:
        """The WebSocket API's own failures: a route's Lambda integration failing, or API
        Gateway failing to run it (what players see as a dropped or unanswered message)."""
        for metric_name, what in (("IntegrationError", "integration errors"),
                                  ("ExecutionError", "execution errors")):
            metric = cloudwatch.Metric(
                namespace="AWS/ApiGateway", metric_name=metric_name, statistic="Sum",
                dimensions_map={"ApiId": realtime.api.api_id, "Stage": STAGE},
                period=Duration.minutes(5))
            alarm = cloudwatch.Alarm(
                self, f"WebSocket{metric_name}", metric=metric, threshold=5,
                evaluation_periods=1,
                comparison_operator=cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
                treat_missing_data=cloudwatch.TreatMissingData.NOT_BREACHING,
                alarm_description=f"Vanlexis WebSocket API: {what} in 5 minutes")
            alarm.add_alarm_action(actions.SnsAction(self.topic))

    def _game(self, name: str, stat: str = "Sum") -> cloudwatch.Metric:
        """One of the game's own metrics: the handlers' embedded metric lines (Powertools), in
        the stage's namespace, with the ``service`` dimension."""
        return cloudwatch.Metric(namespace=self.namespace, metric_name=name, statistic=stat,
                                 dimensions_map={"service": SERVICE},
                                 period=Duration.minutes(5))

    def _dashboard(self, functions: list[lambda_.Function], title: str) -> cloudwatch.Dashboard:
        """What an operator looks at first: the game's own metrics and every function's
        errors, throttles, duration and cold starts."""
        game = self._game
        board = cloudwatch.Dashboard(self, "Dashboard", dashboard_name=title)
        board.add_widgets(
            cloudwatch.GraphWidget(title="Messages, moves, errors", left=[
                game("Messages"), game("Moves"), game("Errors")], width=12),
            cloudwatch.GraphWidget(title="Handler latency (ms)", left=[
                game("LatencyMs", "p50"), game("LatencyMs", "p95"),
                game("LatencyMs", "p99")], width=12),
        )
        board.add_widgets(
            cloudwatch.GraphWidget(title="Timeouts, lost races, connections", left=[
                game("Timeouts"), game("LostRaces"), game("Connections"),
                game("Disconnections"), game("ConnectRefused")], width=12),
            cloudwatch.GraphWidget(title="Function errors and throttles", left=[
                fn.metric_errors(period=Duration.minutes(5)) for fn in functions] + [
                fn.metric_throttles(period=Duration.minutes(5)) for fn in functions],
                width=12),
        )
        board.add_widgets(
            cloudwatch.GraphWidget(
                title="Function duration p95 (ms)", width=12,
                left=[fn.metric_duration(statistic="p95", period=Duration.minutes(5))
                      for fn in functions]),
            # Powertools' ColdStart metric: one per new container, by function
            cloudwatch.GraphWidget(title="Cold starts", width=12, left=[
                cloudwatch.Metric(namespace=self.namespace, metric_name="ColdStart",
                                  statistic="Sum", period=Duration.minutes(5),
                                  label=fn.node.id,
                                  dimensions_map={"function_name": fn.function_name,
                                                  "service": SERVICE})
                for fn in functions]))
        board.add_widgets(cloudwatch.GraphWidget(
            title="Server errors, delivery failures, refused tickets", width=24, left=[
                game("ServerErrors"), game("DeliveryFailures"), game("TicketsRefused"),
                game("IdentityRefused")]))
        return board
