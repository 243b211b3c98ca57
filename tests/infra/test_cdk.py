"""The CDK app, synthesized offline (no bundling, no lookups) with cdk-nag's AwsSolutions
checks on: routes, authorizer, table, state machine, least-privilege policies, cfn-lint."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("JSII_SILENCE_WARNING_DEPRECATED_NODE_VERSION", "1")
os.environ.setdefault("JSII_SILENCE_WARNING_UNTESTED_NODE_VERSION", "1")

from aws_cdk import App
from aws_cdk.assertions import Match, Template

from functions.handlers.messages import GAME_ACTIONS
from functions.protocol.client import ACTIONS
from functions.storage.outbox import STREAM_FILTER
from functions.storage.schema import table_definition
from infra.cdk import access, capacity
from infra.cdk.app import build
from infra.cdk.nag import ACCEPTED


@pytest.fixture(scope="module")
def synthesized(tmp_path_factory: pytest.TempPathFactory) -> tuple[Template, Path]:
    out = tmp_path_factory.mktemp("cdk.out")
    app, stack = build(App(context={"aws:cdk:bundling-stacks": []}, outdir=str(out)))
    app.synth()  # raises if cdk-nag finds anything not acknowledged
    return Template.from_stack(stack), out / f"{stack.stack_name}.template.json"


def _resources(template: Template, kind: str) -> dict[str, dict[str, Any]]:
    return dict(template.find_resources(kind))


def test_every_action_has_a_route_and_connect_has_the_ticket_authorizer(
        synthesized: tuple[Template, Path]) -> None:
    template, _ = synthesized
    template.has_resource_properties("AWS::ApiGatewayV2::Api", {
        "ProtocolType": "WEBSOCKET", "RouteSelectionExpression": "$request.body.action"})
    routes = {r["Properties"]["RouteKey"]: r["Properties"]
              for r in _resources(template, "AWS::ApiGatewayV2::Route").values()
              if "Realtime" in json.dumps(r["Properties"]["ApiId"])}
    assert set(routes) == {*ACTIONS, "$connect", "$disconnect", "$default"}
    assert routes["$connect"]["AuthorizationType"] == "CUSTOM"
    assert all(routes[k]["AuthorizationType"] == "NONE" for k in routes if k != "$connect")
    template.has_resource_properties("AWS::ApiGatewayV2::Authorizer", {
        "AuthorizerType": "REQUEST",
        "IdentitySource": ["route.request.querystring.ticket"]})


def test_game_actions_reach_the_game_function_and_the_rest_the_lobby(
        synthesized: tuple[Template, Path]) -> None:
    template, _ = synthesized
    integrations = _resources(template, "AWS::ApiGatewayV2::Integration")
    target_of = {}
    for route in _resources(template, "AWS::ApiGatewayV2::Route").values():
        props = route["Properties"]
        if "Realtime" not in json.dumps(props["ApiId"]):
            continue
        integration = props["Target"]["Fn::Join"][1][1]["Ref"]
        uri = json.dumps(integrations[integration]["Properties"]["IntegrationUri"])
        target_of[props["RouteKey"]] = "Game" if "FunctionsGame" in uri else \
            "Lobby" if "FunctionsLobby" in uri else "other"
    for action in ACTIONS:
        assert target_of[action] == ("Game" if action in GAME_ACTIONS else "Lobby"), action


def test_the_stages_are_throttled_as_the_capacity_model_sizes_them_and_logged(
        synthesized: tuple[Template, Path]) -> None:
    template, _ = synthesized
    sized = capacity.throttles(capacity.DEFAULT_MATCHES)
    template.has_resource_properties("AWS::ApiGatewayV2::Stage", {
        "StageName": "live", "AutoDeploy": True,
        "DefaultRouteSettings": Match.object_like({
            "ThrottlingRateLimit": sized.stage_rate, "ThrottlingBurstLimit": sized.stage_burst}),
        "RouteSettings": {"$connect": {"ThrottlingRateLimit": sized.connect_rate,
                                       "ThrottlingBurstLimit": sized.connect_burst}},
        "AccessLogSettings": Match.object_like({"Format": Match.string_like_regexp(
            "connectionId")}),
    })
    template.has_resource_properties("AWS::ApiGatewayV2::Stage", {
        "StageName": "$default",
        "DefaultRouteSettings": Match.object_like({
            "ThrottlingRateLimit": sized.identity_rate,
            "ThrottlingBurstLimit": sized.identity_burst}),
    })
    # The stage takes the default load's messages with half as much again to spare.
    assert sized.stage_rate > capacity.Load(capacity.DEFAULT_MATCHES).messages_in * 1.5


def test_the_identity_api_makes_guests_tickets_and_devices_and_tells_a_matchs_summary(
        synthesized: tuple[Template, Path]) -> None:
    template, _ = synthesized
    [api] = [k for k, r in _resources(template, "AWS::ApiGatewayV2::Api").items()
             if r["Properties"].get("ProtocolType") == "HTTP"]
    routes = {r["Properties"]["RouteKey"]: r["Properties"]
              for r in _resources(template, "AWS::ApiGatewayV2::Route").values()
              if r["Properties"]["ApiId"] == {"Ref": api}}
    assert set(routes) == {"POST /guest", "POST /ticket", "POST /link", "POST /link/redeem",
                           "POST /devices", "POST /devices/signout", "GET /match/{matchId}"}
    integrations = _resources(template, "AWS::ApiGatewayV2::Integration")
    for key, route in routes.items():
        assert route["AuthorizationType"] == "NONE", key
        integration = route["Target"]["Fn::Join"][1][1]["Ref"]
        assert "FunctionsIdentity" in json.dumps(integrations[integration]["Properties"]), key
    cors = _resources(template, "AWS::ApiGatewayV2::Api")[api]["Properties"]["CorsConfiguration"]
    assert sorted(cors["AllowMethods"]) == ["GET", "POST"] and len(cors["AllowOrigins"]) == 1
    # Summaries have an allowance of their own, below the tickets' that every player needs.
    sized = capacity.throttles(capacity.DEFAULT_MATCHES)
    template.has_resource_properties("AWS::ApiGatewayV2::Stage", {
        "StageName": "$default",
        "RouteSettings": {"GET /match/{matchId}": {
            "ThrottlingRateLimit": sized.summary_rate,
            "ThrottlingBurstLimit": sized.summary_burst}, "POST /link/redeem": {
            "ThrottlingRateLimit": sized.redeem_rate,
            "ThrottlingBurstLimit": sized.redeem_burst}}})
    assert sized.summary_rate < sized.identity_rate
    # Identity: allowances, a match's state, devices, connections, codes, an old token's
    # device; the authorizer: a nonce, a device. No write of a match, no other key.
    assert _table_grants(template, "Identity") == {(a, "table", p) for a, ps in {
        "UpdateItem": ("LIMIT#", "LINK#", "PLAYER#"), "GetItem": ("LINK#", "MATCH#", "PLAYER#"),
        "PutItem": ("LINK#", "ONCE#", "PLAYER#"), "DeleteItem": ("PLAYER#",),
        "Query": ("PLAYER#",)}.items() for p in ps}
    assert _table_grants(template, "Authorizer") == {("PutItem", "table", "ONCE#"),
                                                     ("GetItem", "table", "PLAYER#")}


def test_the_capacity_document_shows_the_models_table() -> None:
    text = (Path(__file__).parents[2] / "docs" / "capacity.md").read_text(encoding="utf-8")
    assert capacity.table() in text, "run python -m infra.cdk.capacity and paste its table"


def test_the_table_matches_the_local_schema(synthesized: tuple[Template, Path]) -> None:
    template, _ = synthesized
    local = table_definition("x")
    template.has_resource_properties("AWS::DynamoDB::Table", {
        "BillingMode": "PAY_PER_REQUEST",
        "KeySchema": local["KeySchema"],
        "TimeToLiveSpecification": {"AttributeName": "ttl", "Enabled": True},
        "PointInTimeRecoverySpecification": {"PointInTimeRecoveryEnabled": True},
        "GlobalSecondaryIndexes": [
            Match.object_like({"IndexName": index["IndexName"], "KeySchema": index["KeySchema"],
                               "Projection": index["Projection"]})
            for index in local["GlobalSecondaryIndexes"]],
    })


def test_the_state_machine_waits_then_invokes_the_timer(
        synthesized: tuple[Template, Path]) -> None:
    template, _ = synthesized
    [machine] = _resources(template, "AWS::StepFunctions::StateMachine").values()
    props = machine["Properties"]
    assert props["StateMachineType"] == "STANDARD"
    text = json.dumps(props["DefinitionString"])
    assert '\\"SecondsPath\\": \\"$.seconds\\"' in text
    assert ":states:::lambda:invoke" in text and "FunctionsTimer" in text


def test_the_stage_logs_through_the_accounts_api_gateway_role(
        synthesized: tuple[Template, Path], tmp_path: Path) -> None:
    template, _ = synthesized
    [account] = _resources(template, "AWS::ApiGateway::Account").values()
    role = account["Properties"]["CloudWatchRoleArn"]["Fn::GetAtt"][0]
    trust = json.dumps(_resources(template, "AWS::IAM::Role")[role])
    assert "apigateway.amazonaws.com" in trust and "AmazonAPIGatewayPushToCloudWatchLogs" in trust
    [(stage_id, stage)] = [(k, v) for k, v in _resources(template, "AWS::ApiGatewayV2::Stage")
                           .items() if k.startswith("RealtimeStage")]
    assert any(d.startswith("ApiGatewayLoggingAccount") for d in stage["DependsOn"]), stage_id
    # An account that already has a role keeps it: the stack then sets none.
    _, stack = build(App(context={"aws:cdk:bundling-stacks": [],
                                  "apiGatewayAccountRole": "false"}, outdir=str(tmp_path)))
    assert not Template.from_stack(stack).find_resources("AWS::ApiGateway::Account")


def test_every_game_function_runs_the_newest_python_on_arm(
        synthesized: tuple[Template, Path]) -> None:
    template, _ = synthesized
    functions = {k: f["Properties"] for k, f in _resources(template, "AWS::Lambda::Function")
                 .items() if k.startswith("Functions")}
    assert len(functions) == len(access.TABLE)
    assert {(p["Runtime"], tuple(p["Architectures"])) for p in functions.values()} == {
        ("python3.14", ("arm64",))}


def _definition(template: Template) -> dict[str, Any]:
    """The state machine's ASL, its CloudFormation references replaced by their names."""
    [machine] = _resources(template, "AWS::StepFunctions::StateMachine").values()
    parts = machine["Properties"]["DefinitionString"]["Fn::Join"][1]

    def name(part: str | dict[str, Any]) -> str:
        if isinstance(part, str):
            return part
        target = next(iter(part.values()))  # {"Ref": x} or {"Fn::GetAtt": [x, "Arn"]}
        return f"<{target[0] if isinstance(target, list) else target}>"
    return dict(json.loads("".join(name(p) for p in parts)))


def test_a_failing_timer_is_retried_then_dead_lettered_and_alarmed(
        synthesized: tuple[Template, Path]) -> None:
    template, _ = synthesized
    fire = _definition(template)["States"]["Fire"]
    handler_retry = next(r for r in fire["Retry"] if r["ErrorEquals"] == ["States.TaskFailed"])
    assert handler_retry["MaxAttempts"] >= 3 and handler_retry["BackoffRate"] > 1
    [catch] = fire["Catch"]
    assert catch["ErrorEquals"] == ["States.ALL"]
    dead = _definition(template)["States"][catch["Next"]]
    assert dead["Resource"].endswith(":states:::sqs:sendMessage")
    assert "arn:aws:" not in json.dumps(_definition(template))  # the partition is the stack's
    queues = _resources(template, "AWS::SQS::Queue")
    assert any(k.startswith("TimersDeadLetters") for k in queues)
    alarms = json.dumps(_resources(template, "AWS::CloudWatch::Alarm"))
    assert '"MetricName": "ExecutionsFailed"' in alarms
    assert '"MetricName": "ApproximateNumberOfMessagesVisible"' in alarms


def test_the_dead_letter_send_is_retried_and_a_lost_record_alarmed(
        synthesized: tuple[Template, Path]) -> None:
    template, _ = synthesized
    states = _definition(template)["States"]
    [retry] = states["DeadLetter"]["Retry"]
    assert retry["MaxAttempts"] >= 3 and retry["BackoffRate"] > 1
    count = states[states["DeadLetter"]["Catch"][0]["Next"]]
    namespace = count["Parameters"]["Namespace"]
    metric = count["Parameters"]["MetricData"][0]["MetricName"]
    assert states[count["Next"]]["Type"] == "Fail"
    alarms = _resources(template, "AWS::CloudWatch::Alarm").values()
    assert any(a["Properties"].get("MetricName") == metric and
               a["Properties"].get("Namespace") == namespace for a in alarms)
    # The state machine's role may put metrics in that namespace only.
    puts = [st for p in _resources(template, "AWS::IAM::Policy").values()
            for st in p["Properties"]["PolicyDocument"]["Statement"]
            if st["Action"] == "cloudwatch:PutMetricData"]
    assert puts and all(st["Condition"] == {"StringEquals": {"cloudwatch:namespace": namespace}}
                        for st in puts)


def _flat(value: Any) -> str:
    """A resource as text: references become ``<LogicalId>``, joins are joined."""
    if isinstance(value, str):
        return value
    if "Fn::Join" in value:
        return "".join(_flat(v) for v in value["Fn::Join"][1])
    if "Fn::Select" in value:  # a part of an ARN: named by what it is split from
        return _flat(value["Fn::Select"][1]["Fn::Split"][1])
    target = next(iter(value.values()))  # {"Ref": x} or {"Fn::GetAtt": [x, "Arn"]}
    return f"<{target[0] if isinstance(target, list) else target}>"


def _statements_of(template: Template, function: str) -> list[dict[str, Any]]:
    """Every statement of one function's role's policies."""
    roles = [k for k in _resources(template, "AWS::IAM::Role") if
             k.startswith(f"Functions{function}ServiceRole")]
    assert len(roles) == 1, (function, roles)
    return [statement for policy in _resources(template, "AWS::IAM::Policy").values()
            if {"Ref": roles[0]} in policy["Properties"]["Roles"]
            for statement in policy["Properties"]["PolicyDocument"]["Statement"]]


def _listed(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


#: what reading the table's stream takes (the event source mapping reads it for the function)
_STREAM_ACTIONS = {"dynamodb:ListStreams", "dynamodb:DescribeStream", "dynamodb:GetRecords",
                   "dynamodb:GetShardIterator"}


def _table_grants(template: Template, function: str) -> set[tuple[str, str, str]]:
    """(action, what, key prefix) of a function's DynamoDB grants: ``what`` is ``table`` or
    ``index/<name>``; an index query has no key condition (``-``). Stream reads apart."""
    out: set[tuple[str, str, str]] = set()
    for statement in _statements_of(template, function):
        actions = [a for a in _listed(statement["Action"])
                   if a.startswith("dynamodb:") and a not in _STREAM_ACTIONS]
        if not actions:
            continue
        keys = statement.get("Condition", {}).get("ForAllValues:StringLike", {}).get(
            "dynamodb:LeadingKeys", ["-"])
        for resource in _listed(statement["Resource"]):
            text = _flat(resource)
            assert text.startswith("<StorageTable"), text
            what = text.split("/", 1)[1] if "/index/" in text else "table"
            out |= {(a.removeprefix("dynamodb:"), what, k.removesuffix("*"))
                    for a in actions for k in keys}
    return out


@pytest.mark.parametrize("function", list(access.TABLE))
def test_each_function_is_granted_exactly_the_table_actions_and_keys_it_uses(
        synthesized: tuple[Template, Path], function: str) -> None:
    template, _ = synthesized
    expected = {(action, "table", prefix) for action, prefixes in access.TABLE[function].items()
                for prefix in prefixes}
    expected |= {("Query", f"index/{index}", "-") for index in access.INDEXES.get(function, ())}
    assert _table_grants(template, function) == expected


@pytest.mark.parametrize("function", list(access.TABLE))
def test_only_the_outbox_function_reads_the_tables_stream(
        synthesized: tuple[Template, Path], function: str) -> None:
    template, _ = synthesized
    reads = [(a, _flat(r)) for s in _statements_of(template, function)
             for a in _listed(s["Action"]) if a in _STREAM_ACTIONS for r in _listed(s["Resource"])]
    if function not in access.STREAM_READERS:
        assert not reads
        return
    # ListStreams takes no resource; the records are read from this table's stream only.
    assert {a for a, r in reads if r == "*"} == {"dynamodb:ListStreams"}
    streams = {r for a, r in reads if r != "*"}
    assert len(streams) == 1 and next(iter(streams)).startswith("<StorageTable"), reads


def test_the_stream_hands_new_outbox_items_to_the_outbox_function_with_retries(
        synthesized: tuple[Template, Path]) -> None:
    template, _ = synthesized
    template.has_resource_properties("AWS::DynamoDB::Table", {
        "StreamSpecification": {"StreamViewType": "NEW_IMAGE"}})
    [mapping] = _resources(template, "AWS::Lambda::EventSourceMapping").values()
    props = mapping["Properties"]
    assert _flat(props["FunctionName"]).startswith("<FunctionsOutbox")
    assert _flat(props["FunctionName"]).endswith(":live")  # the alias, not $LATEST
    assert props["FunctionResponseTypes"] == ["ReportBatchItemFailures"]
    assert props["MaximumRetryAttempts"] >= 3 and props["StartingPosition"] == "LATEST"
    assert json.loads(props["FilterCriteria"]["Filters"][0]["Pattern"]) == STREAM_FILTER
    assert "<OutboxDeadLetters" in _flat(props["DestinationConfig"]["OnFailure"]["Destination"])
    alarms = json.dumps(_resources(template, "AWS::CloudWatch::Alarm"))
    assert '"MetricName": "IteratorAge"' in alarms and "OutboxDeadLetters" in alarms


def test_every_invoker_calls_a_functions_live_alias(
        synthesized: tuple[Template, Path]) -> None:
    template, _ = synthesized
    aliases = _resources(template, "AWS::Lambda::Alias")
    functions = [k for k in _resources(template, "AWS::Lambda::Function")
                 if k.startswith("Functions")]
    assert len(aliases) == len(functions) == len(access.TABLE)
    assert {a["Properties"]["Name"] for a in aliases.values()} == {"live"}
    assert all("Fn::GetAtt" in a["Properties"]["FunctionVersion"] for a in aliases.values())
    text = json.dumps({kind: _resources(template, kind) for kind in (
        "AWS::ApiGatewayV2::Integration", "AWS::ApiGatewayV2::Authorizer",
        "AWS::StepFunctions::StateMachine", "AWS::Events::Rule",
        "AWS::Lambda::EventSourceMapping")})
    # Invokers name the alias (its ARN ends in :live), never the bare function's ARN.
    assert ":live" in text or "FunctionsOutboxLive" in text
    bare = [f for f in functions if f'{{"Fn::GetAtt": ["{f}", "Arn"]}}' in text]
    assert not bare, bare


def test_the_sweep_runs_every_minute_on_the_timer_function(
        synthesized: tuple[Template, Path]) -> None:
    template, _ = synthesized
    [rule] = _resources(template, "AWS::Events::Rule").values()
    assert rule["Properties"]["ScheduleExpression"] == "rate(1 minute)"
    [target] = rule["Properties"]["Targets"]
    assert _flat(target["Arn"]).startswith("<FunctionsTimer")
    assert json.loads(target["Input"]) == {"kind": "sweep"}


@pytest.mark.parametrize("function", list(access.TABLE))
def test_only_the_authorizer_and_the_identity_api_read_the_signing_key(
        synthesized: tuple[Template, Path], function: str) -> None:
    template, _ = synthesized
    actions = {a for s in _statements_of(template, function) for a in _listed(s["Action"])}
    reads = "secretsmanager:GetSecretValue" in actions
    assert reads == (function in access.SECRET_READERS)
    [fn] = [f for k, f in _resources(template, "AWS::Lambda::Function").items()
            if k.startswith(f"Functions{function}") and "ServiceRole" not in k]
    assert ("SIGNING_KEY_SECRET_ARN" in fn["Properties"]["Environment"]["Variables"]) == reads


@pytest.mark.parametrize("function", list(access.TABLE))
def test_connections_and_timers_are_granted_per_method_on_the_one_stage(
        synthesized: tuple[Template, Path], function: str) -> None:
    template, _ = synthesized
    statements = _statements_of(template, function)
    managed = {_flat(r) for s in statements if s["Action"] == "execute-api:ManageConnections"
               for r in _listed(s["Resource"])}
    methods = access.CONNECTIONS.get(function, ())
    # arn:…:execute-api:…:<RealtimeApi…>/live/POST/@connections/*
    assert sorted(r.rsplit("/", 3)[1] for r in managed) == sorted(methods)
    assert all(r.endswith("@connections/*") and "<RealtimeApi" in r and "/live/" in r
               for r in managed), managed
    starts = any("states:StartExecution" in _listed(s["Action"]) for s in statements)
    assert starts == (function in access.TIMER_STARTERS)
    stops = [_flat(r) for s in statements if "states:StopExecution" in _listed(s["Action"])
             for r in _listed(s["Resource"])]
    assert bool(stops) == (function in access.TIMER_STOPPERS)
    assert all(":execution:" in r and r.endswith("-timers:*") for r in stops), stops
    actions = {a for s in statements for a in _listed(s["Action"])}
    assert not any(a.endswith(":*") or a == "*" for a in actions), actions


def test_the_site_is_private_behind_cloudfront_with_its_config(
        synthesized: tuple[Template, Path]) -> None:
    template, _ = synthesized
    template.resource_count_is("AWS::CloudFront::OriginAccessControl", 1)
    template.has_resource_properties("AWS::S3::Bucket", {
        "PublicAccessBlockConfiguration": {"BlockPublicAcls": True, "BlockPublicPolicy": True,
                                           "IgnorePublicAcls": True,
                                           "RestrictPublicBuckets": True}})
    template.has_resource_properties("Custom::CDKBucketDeployment", {
        "DestinationBucketName": Match.any_value()})
    outputs = template.find_outputs("*")
    assert {"SiteUrl", "WebSocketUrl", "IdentityApiUrl"} <= set(outputs)


def test_the_site_sends_a_content_security_policy_and_publishes_no_notes(
        synthesized: tuple[Template, Path]) -> None:
    template, path = synthesized
    [policy] = _resources(template, "AWS::CloudFront::ResponseHeadersPolicy").values()
    headers = policy["Properties"]["ResponseHeadersPolicyConfig"]["SecurityHeadersConfig"]
    csp = _flat(headers["ContentSecurityPolicy"]["ContentSecurityPolicy"])
    assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp
    assert "wss://*.execute-api.<AWS::Region>.amazonaws.com" in csp
    assert "'unsafe-inline'" not in csp and "'unsafe-eval'" not in csp
    assert "worker-src 'self'" in csp and "manifest-src 'self'" in csp
    staged = [d for d in path.parent.glob("asset.*") if (d / "index.html").exists()]
    assert staged and not any(f.suffix == ".md" for d in staged for f in d.rglob("*"))


def test_the_service_worker_and_the_manifest_are_asked_for_afresh_after_the_site(
        synthesized: tuple[Template, Path]) -> None:
    """A browser finds a new deployment by its service worker: sw.js must not sit in a cache,
    and must arrive after the shell it lists; the manifest needs its own content type."""
    template, path = synthesized
    uploads = _resources(template, "Custom::CDKBucketDeployment")
    fresh = {key: r for key, r in uploads.items() if "SystemMetadata" in r["Properties"]}
    types = sorted(r["Properties"]["SystemMetadata"]["content-type"] for r in fresh.values())
    assert types == ["application/manifest+json", "text/javascript; charset=utf-8"], types
    [site] = [key for key in uploads if key not in fresh]
    for resource in fresh.values():
        assert resource["Properties"]["SystemMetadata"]["cache-control"] == "no-cache"
        assert resource["Properties"]["Prune"] is False
        assert site in resource["DependsOn"]
    staged = [d for d in path.parent.glob("asset.*") if (d / "index.html").exists()]
    assert staged and not any((d / name).exists() for d in staged
                              for name in ("sw.js", "manifest.webmanifest"))


def test_every_resource_is_tagged_and_timers_log_errors_only(
        synthesized: tuple[Template, Path]) -> None:
    template, _ = synthesized
    for fn in _resources(template, "AWS::Lambda::Function").values():
        assert {"Key": "app", "Value": "vanlexis"} in fn["Properties"]["Tags"]
    [machine] = _resources(template, "AWS::StepFunctions::StateMachine").values()
    assert machine["Properties"]["LoggingConfiguration"]["Level"] == "ERROR"


def test_websocket_integration_and_execution_errors_are_alarmed(
        synthesized: tuple[Template, Path]) -> None:
    template, _ = synthesized
    alarms = [a["Properties"] for a in _resources(template, "AWS::CloudWatch::Alarm").values()
              if a["Properties"].get("Namespace") == "AWS/ApiGateway"]
    assert sorted(a["MetricName"] for a in alarms) == ["ExecutionError", "IntegrationError"]
    assert all({"Name": "Stage", "Value": "live"} in a["Dimensions"] for a in alarms)


def test_alarms_watch_every_function(synthesized: tuple[Template, Path]) -> None:
    template, _ = synthesized
    functions = [k for k in _resources(template, "AWS::Lambda::Function")
                 if k.startswith("Functions")]
    alarms = _resources(template, "AWS::CloudWatch::Alarm").values()
    watched = [a["Properties"]["Dimensions"][0]["Value"]["Ref"] for a in alarms
               if a["Properties"].get("Namespace") == "AWS/Lambda"
               and a["Properties"]["MetricName"] in ("Errors", "Throttles")]
    assert sorted(watched) == sorted(functions * 2)  # errors and throttles, each function


def test_a_dashboard_shows_the_games_metrics(synthesized: tuple[Template, Path]) -> None:
    template, _ = synthesized
    [board] = _resources(template, "AWS::CloudWatch::Dashboard").values()
    body = json.dumps(board["Properties"]["DashboardBody"])
    for metric in ("Messages", "Moves", "Errors", "LatencyMs", "Timeouts", "Disconnections"):
        assert metric in body, metric


def test_the_dashboard_graphs_each_functions_cold_starts(
        synthesized: tuple[Template, Path]) -> None:
    from functions.handlers.observability import SERVICE

    template, _ = synthesized
    functions = [k for k in _resources(template, "AWS::Lambda::Function")
                 if k.startswith("Functions")]
    [board] = _resources(template, "AWS::CloudWatch::Dashboard").values()
    body = _flat(board["Properties"]["DashboardBody"])
    # Powertools' ColdStart metric, by function_name and service (the handlers' name)
    for fn in functions:
        assert f'"ColdStart","function_name","<{fn}>","service","{SERVICE}"' in body, fn


def test_unexpected_failures_are_alarmed_on_the_metric_the_handlers_write(
        synthesized: tuple[Template, Path]) -> None:
    from functions.handlers.observability import SERVICE

    template, _ = synthesized
    [alarm] = [a["Properties"] for a in _resources(template, "AWS::CloudWatch::Alarm").values()
               if a["Properties"].get("MetricName") == "ServerErrors"]
    assert alarm["Namespace"] == "Vanlexis"
    assert alarm["Dimensions"] == [{"Name": "service", "Value": SERVICE}]
    source = (Path(__file__).resolve().parents[2] / "functions" / "handlers" /
              "messages.py").read_text(encoding="utf-8")
    assert 'metrics.add_metric(name="ServerErrors"' in source


def test_every_function_logs_and_counts_through_powertools_settings(
        synthesized: tuple[Template, Path], tmp_path: Path) -> None:
    template, _ = synthesized

    def settings(t: Template) -> set[tuple[str, str, str]]:
        return {(v["POWERTOOLS_METRICS_NAMESPACE"], v["POWERTOOLS_LOG_LEVEL"],
                 v["POWERTOOLS_LOGGER_SAMPLE_RATE"])
                for k, f in _resources(t, "AWS::Lambda::Function").items()
                if k.startswith("Functions")
                for v in [f["Properties"]["Environment"]["Variables"]]}

    assert settings(template) == {("Vanlexis", "INFO", "0.01")}
    _, sampled = build(App(context={"aws:cdk:bundling-stacks": [], "debugLogSampleRate": "0.2"},
                           outdir=str(tmp_path / "sampled")))
    assert settings(Template.from_stack(sampled)) == {("Vanlexis", "INFO", "0.2")}
    for wrong in ("lots", "1.5", "-0.1"):
        with pytest.raises(ValueError, match="debugLogSampleRate"):
            build(App(context={"aws:cdk:bundling-stacks": [], "debugLogSampleRate": wrong},
                      outdir=str(tmp_path / "wrong")))


def test_tracing_is_off_by_default_and_one_setting_turns_it_on(
        synthesized: tuple[Template, Path], tmp_path: Path) -> None:
    template, _ = synthesized

    def modes(t: Template) -> set[str]:
        return {f["Properties"]["TracingConfig"]["Mode"]
                for k, f in _resources(t, "AWS::Lambda::Function").items()
                if k.startswith("Functions")}

    def machine_traced(t: Template) -> bool:
        [machine] = _resources(t, "AWS::StepFunctions::StateMachine").values()
        return bool(machine["Properties"].get("TracingConfiguration", {}).get("Enabled"))

    assert modes(template) == {"PassThrough"} and not machine_traced(template)
    app, stack = build(App(context={"aws:cdk:bundling-stacks": [], "tracing": "on"},
                           outdir=str(tmp_path)))
    app.synth()
    traced = Template.from_stack(stack)
    assert modes(traced) == {"Active"} and machine_traced(traced)


def test_a_restored_table_is_used_instead_of_the_stacks_own(tmp_path: Path) -> None:
    stream = ("arn:aws:dynamodb:eu-west-1:123456789012:table/vanlexis-restored/stream/"
              "2026-12-02T00:00:00.000")
    app, stack = build(App(context={"aws:cdk:bundling-stacks": [],
                                    "restoredTable": "vanlexis-restored",
                                    "restoredTableStream": stream}, outdir=str(tmp_path)))
    app.synth()  # cdk-nag passes with it too
    template = Template.from_stack(stack)
    assert not _resources(template, "AWS::DynamoDB::Table")
    [game] = [f for k, f in _resources(template, "AWS::Lambda::Function").items()
              if k.startswith("FunctionsGame")]
    assert game["Properties"]["Environment"]["Variables"]["TABLE_NAME"] == "vanlexis-restored"
    [mapping] = _resources(template, "AWS::Lambda::EventSourceMapping").values()
    assert mapping["Properties"]["EventSourceArn"] == stream
    # The grants name the restored table and its indexes, still per key prefix.
    grants = json.dumps(_statements_of(template, "Game"))
    assert "table/vanlexis-restored" in grants and "dynamodb:LeadingKeys" in grants
    with pytest.raises(ValueError, match="restoredTableStream"):
        build(App(context={"aws:cdk:bundling-stacks": [], "restoredTable": "x"},
                  outdir=str(tmp_path / "half")))


def test_a_second_stage_deploys_beside_the_first_with_its_own_names(
        synthesized: tuple[Template, Path], tmp_path: Path) -> None:
    from infra.cdk.stage import StageError

    template, _ = synthesized
    dev_app, dev = build(App(context={"aws:cdk:bundling-stacks": [], "stage": "dev",
                                      "alarmEmail": "ops@example.com"}, outdir=str(tmp_path)))
    dev_app.synth()  # cdk-nag passes for this stage too
    dev_template = Template.from_stack(dev)
    assert dev.stack_name == "Vanlexis-dev"

    def names(t: Template) -> list[str]:
        board = next(iter(_resources(t, "AWS::CloudWatch::Dashboard").values()))
        apis = sorted(a["Properties"]["Name"] for a in
                      _resources(t, "AWS::ApiGatewayV2::Api").values())
        [fn, *_] = [f for k, f in _resources(t, "AWS::Lambda::Function").items()
                    if k.startswith("FunctionsGame")]
        return [board["Properties"]["DashboardName"], *apis,
                fn["Properties"]["Environment"]["Variables"]["POWERTOOLS_METRICS_NAMESPACE"]]
    assert names(template) == ["Vanlexis", "vanlexis", "vanlexis-identity", "Vanlexis"]
    assert names(dev_template) == ["Vanlexis-dev", "vanlexis-dev", "vanlexis-identity-dev",
                                   "Vanlexis-dev"]
    [mail] = _resources(dev_template, "AWS::SNS::Subscription").values()
    assert mail["Properties"]["Protocol"] == "email"
    assert mail["Properties"]["Endpoint"] == "ops@example.com"
    assert not _resources(template, "AWS::SNS::Subscription")
    with pytest.raises(StageError):
        build(App(context={"aws:cdk:bundling-stacks": [], "stage": "Prod!"},
                  outdir=str(tmp_path / "bad")))


def test_tearing_down_leaves_only_what_holds_data(synthesized: tuple[Template, Path]) -> None:
    template, _ = synthesized
    kept = {k: r["Type"] for k, r in template.to_json()["Resources"].items()
            if r.get("DeletionPolicy") == "Retain"}
    # A function's published versions are kept when a deploy replaces them (the rollback
    # goes back to one); deleting the function on teardown deletes them all with it.
    assert sorted(set(kept.values())) == ["AWS::DynamoDB::Table", "AWS::Lambda::Version",
                                          "AWS::S3::Bucket"], kept
    for group in _resources(template, "AWS::Logs::LogGroup").values():
        assert group.get("DeletionPolicy") == "Delete"


def test_cfn_lint_finds_no_errors(synthesized: tuple[Template, Path]) -> None:
    from cfnlint.api import lint_file

    _, path = synthesized
    errors = [m for m in lint_file(path) if m.rule.id.startswith("E")]
    assert not errors, [str(m) for m in errors]


def test_every_acknowledged_nag_finding_has_a_written_reason() -> None:
    assert ACCEPTED
    assert all(len(reason) >= 40 for reason in ACCEPTED.values())
