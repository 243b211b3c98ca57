"""The one DynamoDB table (keys as in functions/storage/schema.py; a test compares them)."""

from __future__ import annotations

from aws_cdk import RemovalPolicy
from aws_cdk import aws_dynamodb as dynamodb
from aws_cdk import aws_iam as iam
from constructs import Construct

from functions.storage.repository import DEADLINE_INDEX, LIST_INDEX, MATCH_INDEX, RATING_INDEX


class Storage(Construct):
    def __init__(self, scope: Construct, name: str, *,
                 restored: tuple[str, str] | None = None) -> None:
        """The table, made by the stack; or, with ``restored`` = (table name, stream ARN), a
        table restored to a point in time (docs/operations.md), used instead and left out
        of the stack's own resources."""
        super().__init__(scope, name)
        self.table: dynamodb.ITable
        if restored is not None:
            self.table = dynamodb.Table.from_table_attributes(
                self, "Restored", table_name=restored[0], table_stream_arn=restored[1],
                global_indexes=[MATCH_INDEX, RATING_INDEX, DEADLINE_INDEX, LIST_INDEX])
            return
        key = dynamodb.AttributeType.STRING
        table = self.table = dynamodb.Table(
            self, "Table",
            partition_key=dynamodb.Attribute(name="pk", type=key),
            sort_key=dynamodb.Attribute(name="sk", type=key),
            billing_mode=dynamodb.BillingMode.PAY_PER_REQUEST,
            time_to_live_attribute="ttl",
            point_in_time_recovery_specification=dynamodb.PointInTimeRecoverySpecification(
                point_in_time_recovery_enabled=True),
            encryption=dynamodb.TableEncryption.AWS_MANAGED,
            removal_policy=RemovalPolicy.RETAIN,
            # New images: the outbox function reads its items from the stream.
            stream=dynamodb.StreamViewType.NEW_IMAGE,
        )
        table.add_global_secondary_index(
            index_name=MATCH_INDEX,
            partition_key=dynamodb.Attribute(name="gsi1pk", type=key),
            sort_key=dynamodb.Attribute(name="gsi1sk", type=key),
            projection_type=dynamodb.ProjectionType.INCLUDE,
            non_key_attributes=["playerId", "name"],
        )
        table.add_global_secondary_index(
            index_name=RATING_INDEX,
            partition_key=dynamodb.Attribute(name="gsi2pk", type=key),
            sort_key=dynamodb.Attribute(name="gsi2sk", type=key),
            projection_type=dynamodb.ProjectionType.INCLUDE,
            non_key_attributes=["name", "rating", "matches", "rated", "badges", "tileStyle"],
        )
        table.add_global_secondary_index(
            index_name=DEADLINE_INDEX,
            partition_key=dynamodb.Attribute(name="gsi3pk", type=key),
            sort_key=dynamodb.Attribute(name="gsi3sk", type=key),
            projection_type=dynamodb.ProjectionType.KEYS_ONLY,
        )
        table.add_global_secondary_index(
            index_name=LIST_INDEX,
            partition_key=dynamodb.Attribute(name="gsi4pk", type=key),
            sort_key=dynamodb.Attribute(name="gsi4sk", type=key),
            projection_type=dynamodb.ProjectionType.INCLUDE,
            non_key_attributes=["row", "version", "endedMs"],
        )

    def grant_items(self, grantee: iam.IGrantable, actions: dict[str, tuple[str, ...]]) -> None:
        """Exactly these actions, each on items whose partition key starts with one of its
        prefixes (``dynamodb:LeadingKeys``); one statement per set of prefixes."""
        by_prefixes: dict[tuple[str, ...], list[str]] = {}
        for action, prefixes in sorted(actions.items()):
            by_prefixes.setdefault(tuple(sorted(prefixes)), []).append(f"dynamodb:{action}")
        for prefixes, granted in by_prefixes.items():
            iam.Grant.add_to_principal(
                grantee=grantee, actions=granted, resource_arns=[self.table.table_arn],
                conditions={"ForAllValues:StringLike": {
                    "dynamodb:LeadingKeys": [f"{p}*" for p in prefixes]}})

    def grant_index_queries(self, grantee: iam.IGrantable, indexes: tuple[str, ...]) -> None:
        """Query on these indexes only."""
        if indexes:
            iam.Grant.add_to_principal(
                grantee=grantee, actions=["dynamodb:Query"],
                resource_arns=[f"{self.table.table_arn}/index/{i}" for i in indexes])
