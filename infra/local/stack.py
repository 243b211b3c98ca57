"""Start and stop the whole local stack (``make play`` runs ``python -m infra.local``).

The handlers run in this process, configured exactly as in a Lambda: by environment variables
that point boto3 at the local moto server (``AWS_ENDPOINT_URL``) and the management API at the
local gateway. Nothing in ``functions/`` knows it is local.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import secrets
import signal
import socket
import threading
import urllib.request
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from infra.local.clock import ShiftedClock

REPO = Path(__file__).resolve().parents[2]
TABLE = "vanlexis-local"
TIMER_FUNCTION = "arn:aws:lambda:us-east-1:123456789012:function:vanlexis-timer"
ROLE = "arn:aws:iam::123456789012:role/vanlexis-timers"
DEAD_LETTERS = "vanlexis-timer-dead-letters"


def _free(host: str, port: int) -> bool:
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError:
            return False
    return True


@dataclass
class Ports:
    http: int = 8080
    websocket: int = 8081
    moto: int = 5055
    management: int = 0  # the management API, on 127.0.0.1 only; 0: any free port


def _any_free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class LocalStack:
    host: str = "127.0.0.1"
    ports: Ports = field(default_factory=Ports)
    data: Path = REPO / ".local"
    site: Path = REPO / "frontend"
    queue_wait_s: int = 20
    # Every tab on this machine comes from the same address: a limit sized for a household
    # or a classroom behind one router (the cloud's default is 20) would lock out a tester.
    guests_per_hour: int = 1000
    # The same for tries at a device's one-time code (the cloud's default is 10 an hour).
    link_tries_per_hour: int = 100
    workers: int = 16
    fault_rate: float = 0.0  # stress runs only: share of match writes that fail (faults.py)
    #: the stack's clock: the wall clock, which tests move forward (a day in a second)
    clock: ShiftedClock = field(default_factory=ShiftedClock)

    def __post_init__(self) -> None:
        self._stopped = threading.Event()
        self.loop: asyncio.AbstractEventLoop | None = None

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.ports.http}/"

    @property
    def websocket_url(self) -> str:
        return f"ws://{self.host}:{self.ports.websocket}"

    def _check_ports(self) -> None:
        for name, port in vars(self.ports).items():
            if not _free(self.host, port):
                raise SystemExit(f"vanlexis: port {port} ({name}) is taken; choose another with "
                                 f"--{name.replace('websocket', 'ws')}-port")

    def _environment(self) -> None:
        self.data.mkdir(parents=True, exist_ok=True)
        if not self.ports.management:
            self.ports.management = _any_free_port()
        key = self.data / "signing.key"
        if not key.exists():
            key.write_text(secrets.token_hex(32))
            key.chmod(0o600)
        os.environ.update({
            "AWS_ENDPOINT_URL": f"http://{self.host}:{self.ports.moto}",
            "AWS_DEFAULT_REGION": "us-east-1", "AWS_ACCESS_KEY_ID": "local",
            "AWS_SECRET_ACCESS_KEY": "local", "TABLE_NAME": TABLE,
            "WEBSOCKET_ENDPOINT": f"http://127.0.0.1:{self.ports.management}/local",
            "SIGNING_KEY_FILE": str(key), "QUEUE_WAIT_SECONDS": str(self.queue_wait_s),
            "GUESTS_PER_ADDRESS_PER_HOUR": str(self.guests_per_hour),
            "LINK_TRIES_PER_ADDRESS_PER_HOUR": str(self.link_tries_per_hour),
            "POWERTOOLS_METRICS_NAMESPACE": "VanlexisLocal",
            # CloudWatch's embedded metric lines mean little on a terminal: shown on request.
            "POWERTOOLS_METRICS_DISABLED": os.environ.get("POWERTOOLS_METRICS_DISABLED",
                                                          "true"),
            "POWERTOOLS_LOG_LEVEL": os.environ.get("POWERTOOLS_LOG_LEVEL", "WARNING"),
        })

    def _aws(self) -> tuple[Any, str]:
        """The table and the state machine in moto; returns the Step Functions client and the
        machine's ARN."""
        import boto3

        from functions.service.timers import state_machine_definition
        from functions.storage.schema import create_table

        create_table(boto3.client("dynamodb"), TABLE, stream_view="KEYS_ONLY")
        dead_letters = boto3.client("sqs").create_queue(QueueName=DEAD_LETTERS)["QueueUrl"]
        sfn = boto3.client("stepfunctions")
        arn = sfn.create_state_machine(
            name="vanlexis-timers", roleArn=ROLE,
            definition=json.dumps(state_machine_definition(TIMER_FUNCTION, dead_letters)),
        )["stateMachineArn"]
        os.environ["STATE_MACHINE_ARN"] = arn
        return sfn, arn

    def run(self, ready: threading.Event | None = None) -> None:
        """Start everything, print the URL, and serve until stopped (Ctrl-C or SIGTERM)."""
        import boto3
        from moto.server import ThreadedMotoServer

        from functions.protocol.client import ACTIONS
        from functions.storage.outbox import STREAM_FILTER
        from infra.local.dynamodb import TtlSweeper
        from infra.local.gateway import LambdaContext, LocalGateway, Routes
        from infra.local.http import LocalHttp, ManagementHttp
        from infra.local.streams import StreamRunner
        from infra.local.timers import Every, TimerRunner

        self._check_ports()
        # Before the handlers load: Powertools reads its settings when they are imported.
        self._environment()
        from functions.handlers import (
            authorizer,
            connection,
            identity_api,
            outbox,
            timer,
            websocket,
        )
        from functions.handlers.messages import GAME_ACTIONS
        self._prepare_moto()
        moto = ThreadedMotoServer(ip_address=self.host, port=self.ports.moto, verbose=False)
        moto.start()
        # A fresh embedded AWS: moto keeps its state per process, and a process may run the
        # stack more than once (the tests do).
        urllib.request.urlopen(urllib.request.Request(
            f"http://{self.host}:{self.ports.moto}/moto-api/reset", method="POST"), timeout=10)
        executor = ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix="lambda")
        stops: list[Callable[[], None]] = []  # what to stop, last started first
        try:
            sfn, arn = self._aws()
            self._install_runtimes()
            routes = Routes(authorizer.handler, connection.connect, connection.disconnect,
                            websocket.default,
                            {a: websocket.game if a in GAME_ACTIONS else websocket.lobby
                             for a in ACTIONS})
            gateway = LocalGateway(routes, executor, host=self.host, port=self.ports.websocket)
            config = {"websocketUrl": self.websocket_url, "apiUrl": self.url.rstrip("/"),
                      "stage": "local"}
            for server in (LocalHttp((self.host, self.ports.http), self.site, config, gateway,
                                     identity_api.handler),
                           ManagementHttp(self.ports.management, gateway)):
                threading.Thread(target=server.serve_forever, daemon=True).start()
                stops += [server.server_close, server.shutdown]
            runner = TimerRunner(sfn, arn, {TIMER_FUNCTION: timer.handler},
                                 boto3.client("sqs"), clock=self.clock.seconds)
            runner.start()
            dynamodb = boto3.client("dynamodb")
            stream = dynamodb.describe_table(TableName=TABLE)["Table"]["LatestStreamArn"]
            self.stream = StreamRunner(boto3.client("dynamodbstreams"), stream, outbox.handler,
                                       STREAM_FILTER, images=(dynamodb, TABLE))
            self.stream.start()
            sweep = Every(60.0, lambda: timer.handler({"kind": "sweep"},
                                                      LambdaContext("timer", "sweep")))
            sweep.start()
            sweeper = TtlSweeper(boto3.client("dynamodb"), TABLE)
            sweeper.start()
            stops += [sweeper.stop, runner.stop, self.stream.stop, sweep.stop]
            self.gateway = gateway
            self.timers = runner
            asyncio.run(self._serve(gateway, ready))
        finally:
            for stop in reversed(stops):
                stop()
            executor.shutdown(wait=False, cancel_futures=True)
            moto.stop()

    def _prepare_moto(self) -> None:
        """moto as the stack runs it: quiet, its transactions one at a time, and failing on
        purpose in stress runs."""
        from infra.local.dynamodb import serialise

        if self.fault_rate:
            from infra.local.faults import inject

            inject(self.fault_rate)
        logging.getLogger("werkzeug").setLevel(logging.ERROR)  # moto's per-request lines
        serialise()  # moto's transactions are not safe between threads (dynamodb.py)

    def _install_runtimes(self) -> None:
        """The handlers' runtimes, made from the environment as in Lambda, on the stack's
        clock."""
        from functions import identity_runtime, runtime
        from functions.config import Config

        config = Config.from_env()
        runtime.install(runtime.from_config(config, self.clock.ms))
        identity_runtime.install(identity_runtime.from_config(config, self.clock.ms))

    async def _serve(self, gateway: Any, ready: threading.Event | None) -> None:
        self.loop = asyncio.get_running_loop()
        stop = asyncio.Event()
        for sig in (signal.SIGINT, signal.SIGTERM):
            try:
                self.loop.add_signal_handler(sig, stop.set)
            except (ValueError, RuntimeError):  # not the main thread (tests)
                break
        self._stop_event = stop
        await gateway.start()
        print(f"Vanlexis is running. Open {self.url} in your browser (Ctrl-C stops it).",
              flush=True)
        print(f"  WebSocket {self.websocket_url} · AWS (moto) "
              f"http://{self.host}:{self.ports.moto} · data in {self.data}", flush=True)
        if ready is not None:
            ready.set()
        await stop.wait()
        await gateway.stop()
        print("Vanlexis stopped.", flush=True)

    def stop(self) -> None:
        """Stop from another thread (tests)."""
        if self.loop is not None:
            self.loop.call_soon_threadsafe(self._stop_event.set)
