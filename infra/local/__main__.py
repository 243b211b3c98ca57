"""``python -m infra.local``: the whole game on this machine (see infra/local/stack.py)."""

from __future__ import annotations

import argparse
import contextlib
import sys
from pathlib import Path

from infra.local.stack import LocalStack, Ports


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m infra.local", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--http-port", type=int, default=8080, help="site and HTTP API")
    parser.add_argument("--ws-port", type=int, default=8081, help="the WebSocket API")
    parser.add_argument("--moto-port", type=int, default=5055, help="the embedded AWS")
    parser.add_argument("--queue-wait", type=int, default=20,
                        help="seconds before bots fill a Normal table (default 20)")
    parser.add_argument("--guests-per-hour", type=int, default=1000,
                        help="guests one address may create in an hour (default 1000)")
    parser.add_argument("--data", type=Path, default=None, help="where the signing key lives")
    parser.add_argument("--fault-rate", type=float, default=0.0,
                        help="stress runs only: the share of match writes made to fail")
    args = parser.parse_args(argv)
    stack = LocalStack(host=args.host, ports=Ports(args.http_port, args.ws_port, args.moto_port),
                       queue_wait_s=args.queue_wait, fault_rate=args.fault_rate,
                       guests_per_hour=args.guests_per_hour)
    if args.data is not None:
        stack.data = args.data
    with contextlib.suppress(KeyboardInterrupt):
        stack.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
