"""The after-write path: the table's stream invokes the outbox function with each new outbox
item (:mod:`functions.storage.outbox`), retried until it succeeds or given to a dead-letter
queue; and the minute's schedule that runs the overdue-turn sweep on the timer function."""

from __future__ import annotations

from aws_cdk import Duration
from aws_cdk import aws_dynamodb as dynamodb
from aws_cdk import aws_events as events
from aws_cdk import aws_events_targets as targets
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_lambda_event_sources as sources
from aws_cdk import aws_sqs as sqs
from constructs import Construct

from functions.storage.outbox import STREAM_FILTER

#: tries of one batch (the first and its retries) before its records are dead-lettered; a
#: record older than the age is dead-lettered at once. Until then a failing record holds up
#: the records after it in its part of the stream (a match's updates stay in order).
RETRY_ATTEMPTS = 8
MAX_RECORD_AGE_S = 600
#: batches of one shard processed at once (records of one match always in the same lane)
PARALLELIZATION = 4


class Outbox(Construct):
    def __init__(self, scope: Construct, name: str, *, table: dynamodb.ITable,
                 function: lambda_.IFunction, sweeper: lambda_.IFunction) -> None:
        super().__init__(scope, name)
        self.dead_letters = sqs.Queue(
            self, "DeadLetters", retention_period=Duration.days(14), enforce_ssl=True,
            encryption=sqs.QueueEncryption.SQS_MANAGED)
        function.add_event_source(sources.DynamoEventSource(
            table, starting_position=lambda_.StartingPosition.LATEST,
            batch_size=50, max_batching_window=Duration.seconds(0),
            retry_attempts=RETRY_ATTEMPTS, max_record_age=Duration.seconds(MAX_RECORD_AGE_S),
            parallelization_factor=PARALLELIZATION, report_batch_item_failures=True,
            bisect_batch_on_error=False, on_failure=sources.SqsDlq(self.dead_letters),
            filters=[lambda_.FilterCriteria.filter(STREAM_FILTER)]))
        self.sweep = events.Rule(
            self, "Sweep", schedule=events.Schedule.rate(Duration.minutes(1)),
            description="Vanlexis: pass the turns whose timer never fired")
        self.sweep.add_target(targets.LambdaFunction(
            sweeper, event=events.RuleTargetInput.from_object({"kind": "sweep"}),
            retry_attempts=2))
