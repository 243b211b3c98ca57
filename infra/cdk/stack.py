"""The Vanlexis stack: storage, functions, the WebSocket and identity APIs, timers, the site,
alarms; least-privilege grants per function; the URLs as outputs."""

from __future__ import annotations

from aws_cdk import CfnOutput, Stack, Tags
from constructs import Construct

from infra.cdk import access, api_logging, capacity
from infra.cdk.functions import GameFunctions
from infra.cdk.identity import IdentityApi, SigningKey
from infra.cdk.monitoring import Monitoring
from infra.cdk.nag import acknowledge
from infra.cdk.outbox import Outbox
from infra.cdk.realtime import Realtime
from infra.cdk.site import Site
from infra.cdk.stage import Stage
from infra.cdk.storage import Storage
from infra.cdk.timers import Timers, machine_arn

#: the share of invocations that log at DEBUG when -c debugLogSampleRate is not given
DEFAULT_DEBUG_SAMPLE_RATE = "0.01"


def _sample_rate(given: object) -> str:
    """``-c debugLogSampleRate``: a share between 0 and 1, refused otherwise."""
    if given is None:
        return DEFAULT_DEBUG_SAMPLE_RATE
    try:
        rate = float(str(given))
    except ValueError:
        rate = -1.0
    if not 0.0 <= rate <= 1.0:
        raise ValueError(f"-c debugLogSampleRate={given!r}: a share between 0 and 1, "
                         "such as 0.05")
    return str(rate)


class VanlexisStack(Stack):
    def __init__(self, scope: Construct, name: str, *, stage: Stage | None = None,
                 **kwargs: object) -> None:
        super().__init__(scope, name, **kwargs)
        stage = stage or Stage()
        # Every resource says what it belongs to (cost reports, clean-up).
        Tags.of(self).add("app", "vanlexis")
        Tags.of(self).add("stack", name)
        Tags.of(self).add("stage", stage.name)
        # cdk deploy -c restoredTable=NAME -c restoredTableStream=ARN: run on a table restored
        # to a point in time (the runbook in docs/operations.md)
        restored = self.node.try_get_context("restoredTable")
        stream = self.node.try_get_context("restoredTableStream")
        if bool(restored) != bool(stream):
            raise ValueError("-c restoredTable and -c restoredTableStream go together: the "
                             "restored table's name and its stream's ARN")
        storage = Storage(self, "Storage",
                          restored=(str(restored), str(stream)) if restored else None)
        key = SigningKey(self, "SigningKey")
        # cdk deploy -c tracing=on: X-Ray traces of every function and the timers
        tracing = str(self.node.try_get_context("tracing") or "off").lower() in ("on", "true")
        functions = GameFunctions(self, "Functions", tracing=tracing, environment={
            # Powertools: the stage's metric namespace; INFO logs, and all of one invocation's
            # DEBUG lines in a sampled share of invocations (-c debugLogSampleRate=0.05)
            "POWERTOOLS_METRICS_NAMESPACE": stage.metric_namespace,
            "POWERTOOLS_LOG_LEVEL": "INFO",
            "POWERTOOLS_LOGGER_SAMPLE_RATE": _sample_rate(
                self.node.try_get_context("debugLogSampleRate")),
            "TABLE_NAME": storage.table.table_name,
            "STATE_MACHINE_ARN": machine_arn(self),
            "QUEUE_WAIT_SECONDS": "20",
            # cdk deploy -c guestsPerHour=50: guests one network address may create an hour
            "GUESTS_PER_ADDRESS_PER_HOUR": str(self.node.try_get_context("guestsPerHour")
                                               or 20),
            # cdk deploy -c reviewedThemesOnly=true: matches draw only reviewed themes
            "THEMES_REVIEWED_ONLY": str(self.node.try_get_context("reviewedThemesOnly")
                                        or "false").lower(),
            # cdk deploy -c matchRetentionDays=90: finished matches (replays, reviews) kept
            # that long after their last move
            "MATCH_RETENTION_DAYS": str(self.node.try_get_context("matchRetentionDays") or 30),
            # cdk deploy -c pacedMissedTurns=3 -c pacedMatchesPerPlayer=20: at one's own pace,
            # the turns in a row a seat may let run out before it leaves, and the unfinished
            # matches one person may sit in at once
            "PACED_MISSED_TURNS": str(self.node.try_get_context("pacedMissedTurns") or 3),
            "PACED_MATCHES_PER_PLAYER": str(self.node.try_get_context("pacedMatchesPerPlayer")
                                            or 20),
        })
        # cdk deploy -c matches=N: the concurrent matches the throttles are sized for
        throttles = capacity.throttles(int(self.node.try_get_context("matches")
                                           or capacity.DEFAULT_MATCHES))
        realtime = Realtime(self, "Realtime", functions=functions, throttles=throttles,
                            api_name=stage.named("vanlexis"))
        if api_logging.wanted(self):  # -c apiGatewayAccountRole=false: the account has one
            logging_role = api_logging.ApiGatewayLogging(self, "ApiGatewayLogging")
            realtime.stage.node.add_dependency(logging_role.account)
        for fn in functions.all():
            fn.add_environment("WEBSOCKET_ENDPOINT", realtime.management_endpoint)
        timers = Timers(self, "Timers", timer=functions.live("Timer"),
                        metric_namespace=stage.metric_namespace, tracing=tracing)
        outbox = Outbox(self, "Outbox", table=storage.table, function=functions.live("Outbox"),
                        sweeper=functions.live("Timer"))
        site = Site(self, "Site")
        identity = IdentityApi(self, "Identity", functions=functions, allowed_origin=site.url,
                               throttles=throttles, api_name=stage.named("vanlexis-identity"))
        # Each function gets exactly what infra/cdk/access.py lists for it.
        for fn_name, actions in access.TABLE.items():
            storage.grant_items(functions[fn_name], actions)
            storage.grant_index_queries(functions[fn_name], access.INDEXES.get(fn_name, ()))
        for fn_name in access.SECRET_READERS:
            key.secret.grant_read(functions[fn_name])
            functions[fn_name].add_environment("SIGNING_KEY_SECRET_ARN", key.secret.secret_arn)
        for fn_name in access.TIMER_STARTERS:
            timers.grant_start(functions[fn_name])
        for fn_name in access.TIMER_STOPPERS:
            timers.grant_stop(functions[fn_name])
        for fn_name, methods in access.CONNECTIONS.items():
            realtime.grant_connections(functions[fn_name], methods)
        site.publish({"websocketUrl": realtime.stage.url,
                      "apiUrl": identity.api.api_endpoint, "stage": "live"})
        Monitoring(self, "Monitoring", functions=functions.all(), timers=timers,
                   realtime=realtime, outbox=outbox, outbox_function=functions["Outbox"],
                   stage=stage)
        CfnOutput(self, "SiteUrl", value=site.url, description="Open this to play")
        CfnOutput(self, "WebSocketUrl", value=realtime.stage.url)
        CfnOutput(self, "IdentityApiUrl", value=identity.api.api_endpoint)
        CfnOutput(self, "TableName", value=storage.table.table_name)
        acknowledge(self)
