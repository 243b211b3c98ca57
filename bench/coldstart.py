"""Cold starts: each function's import and first call in a fresh interpreter, on one core,
from the shipped asset.

Run with ``python -m bench.coldstart``. The asset is built exactly as for Lambda
(:mod:`infra.lambda_asset`) but for this machine's Python and CPU, so it can run here; an
embedded AWS (moto, in this process) stands in for DynamoDB, Step Functions, Secrets Manager and
the management API. Every function then starts ``RUNS`` times in a new interpreter pinned to
one core (``taskset -c 0``), with only the asset and the standard library on its path
(``python -S``, no bytecode written, as on Lambda's read-only ``/var/task``), imports its
handler and answers one realistic event:

- Authorizer: a fresh ticket; Identity: ``POST /guest``;
- Connect and Disconnect: a new connection, then its end;
- Game: ``preview`` of the engine's best play in a seeded match (lexicon, theme, scoring);
- Lobby: ``hello``; DefaultRoute: a message that is not JSON;
- Timer: the timeout of a seeded match's turn (a bot's move, a save with its outbox item);
- Outbox: the stream record of a new match's outbox item (views, attaching, the first timer).

Printed per function: the median import time and first-call time, and their sum against the
targets (authorizer and identity 300 ms, the others 500 ms), and the asset's size. With
``--compare REF`` the build of another commit starts too, alternating with this one run by
run so that both see the same machine: ``python -m bench.coldstart --compare 6b1e6e5``.
"""

from __future__ import annotations

import argparse
import functools
import json
import logging
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Any

from bench.report import print_table
from infra.lambda_asset import HERE, REPO, build

RUNS = 5
KEY = "k" * 64
TARGET_MS = {"Authorizer": 300, "Identity": 300}
DEFAULT_TARGET_MS = 500

#: what runs in the fresh interpreter: the handler's import, then one call
DRIVER = """
import importlib, json, sys, time
started = time.perf_counter()
module, attribute, event = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
handler = getattr(importlib.import_module(module), attribute)
imported = time.perf_counter()
# The asset alone is on the path here, so the local gateway's LambdaContext is not importable.
class Context:
    function_name = "coldstart"; memory_limit_in_mb = 1024; aws_request_id = "cold"
    invoked_function_arn = "arn:aws:lambda:us-east-1:123456789012:function:coldstart"
told = []
if module.startswith("functions.handlers.websocket"):
    from functions import runtime
    notifier = runtime.current().ctx.notifier
    reply = notifier.reply
    notifier.reply = lambda c, frames: told.extend(frames) or reply(c, frames)
answer = handler(event, Context())
done = time.perf_counter()
print(json.dumps({"import_ms": (imported - started) * 1000, "call_ms": (done - imported) * 1000,
                  "answer": (told[-1].dump() if told else str(answer))[:300]}))
"""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class World:
    """The embedded AWS and what the events need: a secret, a table, a state machine, a
    player with an open connection and a match."""

    def __init__(self) -> None:
        from moto.server import ThreadedMotoServer

        self.port = _free_port()
        self.moto = ThreadedMotoServer(ip_address="127.0.0.1", port=self.port, verbose=False)
        self.moto.start()
        os.environ.update({
            "AWS_ENDPOINT_URL": f"http://127.0.0.1:{self.port}", "AWS_DEFAULT_REGION": "us-east-1",
            "AWS_ACCESS_KEY_ID": "local", "AWS_SECRET_ACCESS_KEY": "local"})
        import boto3

        from functions.service.timers import state_machine_definition
        from functions.storage.schema import create_table

        create_table(boto3.client("dynamodb"), "coldstart")
        self.secret = boto3.client("secretsmanager").create_secret(
            Name="coldstart-key", SecretString=KEY)["ARN"]
        queue = boto3.client("sqs").create_queue(QueueName="dead")["QueueUrl"]
        self.machine = boto3.client("stepfunctions").create_state_machine(
            name="timers", roleArn="arn:aws:iam::123456789012:role/t",
            definition=json.dumps(state_machine_definition(
                "arn:aws:lambda:us-east-1:123456789012:function:timer", queue)),
        )["stateMachineArn"]
        self.env = {
            "PATH": os.environ["PATH"], "PYTHONDONTWRITEBYTECODE": "1",
            "AWS_ENDPOINT_URL": os.environ["AWS_ENDPOINT_URL"],
            "AWS_DEFAULT_REGION": "us-east-1", "AWS_ACCESS_KEY_ID": "local",
            "AWS_SECRET_ACCESS_KEY": "local", "TABLE_NAME": "coldstart",
            "STATE_MACHINE_ARN": self.machine,
            "WEBSOCKET_ENDPOINT": f"http://127.0.0.1:{self.port}",
            "POWERTOOLS_METRICS_NAMESPACE": "Vanlexis", "PYDANTIC_DISABLE_PLUGINS": "__all__",
            # LOG_LEVEL too: the build before Powertools read that name
            "POWERTOOLS_LOG_LEVEL": "ERROR", "LOG_LEVEL": "ERROR",
            "AWS_LAMBDA_FUNCTION_NAME": "coldstart"}
        self.count = 0

    def stop(self) -> None:
        self.moto.stop()

    @functools.cached_property
    def _runtime(self) -> Any:
        """The game's runtime in this process, for seeding (clients made once)."""
        from functions import runtime
        from functions.config import Config

        return runtime.from_config(Config.from_env(self.env))

    def signer(self) -> Any:
        from functions.service.identity import Signer

        return Signer(KEY.encode())

    def player(self) -> tuple[str, str, str]:
        """A new guest with an open connection: (player id, name, connection id)."""
        from functions.storage.repository import Connection

        self.count += 1
        who, _ = self.signer().new_guest(f"Fria{self.count}", 1_800_000_000)
        connection = f"conn{self.count}"
        self._runtime.ctx.repository.put_connection(
            Connection(connection, who.player_id, who.name), 1_800_000_000)
        return who.player_id, who.name, connection

    def match(self) -> tuple[str, str, str, dict[str, Any]]:
        """A solo match against one bot, its player's connection attached; returns the
        player, the match id, the connection id and the player's view."""
        from functions.handlers.messages import handle

        rt = self._runtime
        player, _, connection = self.player()
        handle(rt, connection, json.dumps({"action": "startSolo", "requestId": "seed", "settings": {
            "bots": 1, "botLevel": 1, "turnSeconds": 60}}), None, player)
        active = rt.ctx.repository.get_active(player)
        assert active is not None, "the solo match did not start"
        [frame] = [json.loads(f.dump()) for f in handle(rt, connection, json.dumps({
            "action": "resume", "requestId": "seed", "matchId": active[0]}), None, player)]
        return player, frame["matchId"], connection, frame["view"]

    def event(self, function: str) -> dict[str, Any]:
        return {"Authorizer": self._ticket, "Identity": self._guest, "Connect": self._connect,
                "Disconnect": self._disconnect, "Lobby": self._hello,
                "DefaultRoute": self._not_json, "Game": self._preview,
                "Timer": self._timeout, "Outbox": self._outbox}[function]()

    def _ticket(self) -> dict[str, Any]:
        """A ticket of a device still signed in: the authorizer's whole way to Allow."""
        import time

        from functions.storage.device_items import Device, DeviceItems

        now = int(time.time())
        device = Device(self.signer().new_device(), "bench", now, now)
        who, token = self.signer().new_guest("Bia", now, device.device_id)
        repository = self._runtime.ctx.repository
        DeviceItems(repository.client, repository.table).put_device(who.player_id, device,
                                                                    now + 86400)
        return {"type": "REQUEST", "methodArn": "arn:test",
                "queryStringParameters": {"ticket": self.signer().ticket_for(token, now)}}

    def _guest(self) -> dict[str, Any]:
        return {"routeKey": "POST /guest", "body": json.dumps({"name": "Carla"}),
                "requestContext": {"http": {"sourceIp": f"10.0.0.{self.count % 250}"}}}

    def _connect(self) -> dict[str, Any]:
        self.count += 1
        return {"requestContext": {"connectionId": f"new{self.count}", "requestId": "r",
                                   "authorizer": {"playerId": f"p_{self.count:06d}",
                                                  "name": "Davi"}}}

    def _disconnect(self) -> dict[str, Any]:
        return {"requestContext": {"connectionId": self.player()[2], "requestId": "r"}}

    def _message(self, player: str, connection: str, body: str) -> dict[str, Any]:
        return {"requestContext": {"connectionId": connection, "requestId": "r",
                                   "authorizer": {"playerId": player}}, "body": body}

    def _hello(self) -> dict[str, Any]:
        player, _, connection = self.player()
        return self._message(player, connection, json.dumps({"action": "hello",
                                                             "requestId": "cold"}))

    def _not_json(self) -> dict[str, Any]:
        player, _, connection = self.player()
        return self._message(player, connection, "{nada")

    def _preview(self) -> dict[str, Any]:
        from bench.local_load import best_tiles

        player, match_id, connection, view = self.match()
        return self._message(player, connection, json.dumps({
            "action": "preview", "requestId": "cold", "matchId": match_id,
            "tiles": best_tiles(view)}))

    def _outbox(self) -> dict[str, Any]:
        import base64

        _, match_id, _, _ = self.match()
        found = self._runtime.ctx.repository.client.query(
            TableName="coldstart", KeyConditionExpression="pk = :p AND begins_with(sk, :o)",
            ExpressionAttributeValues={":p": {"S": f"MATCH#{match_id}"},
                                       ":o": {"S": "OUTBOX#"}})
        [item] = found["Items"]
        # As Lambda's event carries it: binary attributes as base64 text.
        image = {k: {"B": base64.b64encode(v["B"]).decode()} if "B" in v else v
                 for k, v in item.items()}
        return {"Records": [{"eventName": "INSERT", "eventSource": "aws:dynamodb",
                             "dynamodb": {"NewImage": image, "SequenceNumber": "1",
                                          "Keys": {"pk": item["pk"], "sk": item["sk"]}}}]}

    def _timeout(self) -> dict[str, Any]:
        _, match_id, _, view = self.match()
        return {"kind": "turn", "matchId": match_id, "turn": view["turn"]}


def _tree(ref: str, into: Path) -> Path:
    """The files of commit ``ref`` of this repository (the build to compare with)."""
    into.mkdir(parents=True)
    archive = subprocess.run(["git", "archive", "--format=tar", ref], cwd=REPO,
                             capture_output=True, check=False)
    if archive.returncode != 0:
        raise SystemExit(f"git archive {ref}: {archive.stderr.decode()[-500:]}")
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    return into


def _asset(source: Path, out: Path) -> tuple[Path, str]:
    """Build the asset from ``source`` into ``out``; returns it and its size's description."""
    build(out, HERE, source)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    packed_path = out.with_suffix(".zip")
    with zipfile.ZipFile(packed_path, "w", zipfile.ZIP_DEFLATED) as packed:
        for p in sorted(out.rglob("*")):
            packed.write(p, p.relative_to(out))
    return out, f"{size / 1e6:.1f} MB unpacked, {packed_path.stat().st_size / 1e6:.1f} MB zipped"


def _start(world: World, asset: Path, function: str, module: str,
           attribute: str) -> dict[str, Any]:
    """One cold start of ``function`` from ``asset`` in a fresh interpreter on core 0."""
    env = {**world.env, "PYTHONPATH": str(asset)}
    if function in ("Authorizer", "Identity"):
        env["SIGNING_KEY_SECRET_ARN"] = world.secret
    done = subprocess.run(
        ["taskset", "-c", "0", sys.executable, "-S", "-c", DRIVER, module, attribute,
         json.dumps(world.event(function))],
        env=env, capture_output=True, text=True, check=False, cwd=asset.parent)
    if done.returncode != 0:
        raise SystemExit(f"{function} failed from {asset.name}:\n{done.stderr[-3000:]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    from infra.cdk.function_specs import SPECS

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--compare", metavar="REF",
                        help="also start the build of this commit, alternating run by run")
    args = parser.parse_args()
    if shutil.which("taskset") is None:
        raise SystemExit("taskset (util-linux) is needed to pin the runs to one core")
    if len(os.sched_getaffinity(0)) > 1:  # the embedded AWS answers from the other cores
        os.sched_setaffinity(0, os.sched_getaffinity(0) - {0})
    logging.getLogger("werkzeug").setLevel(logging.ERROR)  # moto's line per request
    with tempfile.TemporaryDirectory() as tmp:
        builds = {"now": _asset(REPO, Path(tmp) / "now")}
        if args.compare:
            builds = {args.compare: _asset(_tree(args.compare, Path(tmp) / "src"),
                                           Path(tmp) / "before"), **builds}
        world = World()
        rows = []
        try:
            for function, (path, memory, _, _) in SPECS.items():
                module, attribute = path.rsplit(".", 1)
                runs: dict[str, list[dict[str, Any]]] = {name: [] for name in builds}
                for attempt in range(RUNS + 1):  # the first warms the disk cache: not counted
                    for name, (asset, _) in builds.items():
                        started = _start(world, asset, function, module, attribute)
                        if attempt:
                            runs[name].append(started)
                target = TARGET_MS.get(function, DEFAULT_TARGET_MS)
                cells = []
                for name, measured in runs.items():
                    imported = statistics.median(r["import_ms"] for r in measured)
                    called = statistics.median(r["call_ms"] for r in measured)
                    total = imported + called
                    cells.append(f"{name}: {imported:3.0f} + {called:3.0f} = {total:3.0f} ms "
                                 f"({'met' if total <= target else 'MISSED'})")
                answer = runs["now"][-1]["answer"][:50]
                rows.append((f"{function} ({memory} MB deployed, target {target} ms)",
                             f"{' | '.join(cells)}; answer {answer}"))
        finally:
            world.stop()
        for name, (_, size) in builds.items():
            rows.append((f"asset {name}", f"{size} (built for Python {HERE.python}, "
                                          f"{HERE.architecture})"))
    print(f"cold starts (import + first call), median of {RUNS} fresh interpreters on one "
          "core:")
    print_table(rows)


if __name__ == "__main__":
    main()
