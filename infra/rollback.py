"""Roll a deployed stack's functions back: move each function's ``live`` alias to the version
before the one it names (or forward again, to the newest).

Every deploy that changes a function publishes a version and moves ``live`` there; the APIs,
the authorizer, the timers, the stream and the schedule all invoke ``live``. So a bad deploy
is undone in seconds, without a new deploy, by pointing the aliases back::

    python -m infra.rollback --stack Vanlexis            # show what would move
    python -m infra.rollback --stack Vanlexis --apply    # move every alias one version back
    python -m infra.rollback --stack Vanlexis --newest --apply   # and forward again

The table is not touched: a rollback across a change of the stored items' shape needs the
older code to read what the newer one wrote (docs/operations.md says what to check).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

ALIAS = "live"


@dataclass(frozen=True)
class Move:
    function: str
    current: str
    target: str | None  # None: nothing to move to


def _versions(client: Any, function: str) -> list[int]:
    numbers: list[int] = []
    for page in client.get_paginator("list_versions_by_function").paginate(
            FunctionName=function):
        numbers += [int(v["Version"]) for v in page["Versions"] if v["Version"] != "$LATEST"]
    return sorted(numbers)


def plan(client: Any, functions: Sequence[str], newest: bool = False) -> list[Move]:
    """Where each function's alias would go: the version before its current one, or (with
    ``newest``) its newest version."""
    moves = []
    for function in functions:
        current = str(client.get_alias(FunctionName=function, Name=ALIAS)["FunctionVersion"])
        versions = _versions(client, function)
        if newest:
            target = str(versions[-1]) if versions and str(versions[-1]) != current else None
        else:
            older = [v for v in versions if current.isdigit() and v < int(current)]
            target = str(older[-1]) if older else None
        moves.append(Move(function, current, target))
    return moves


def apply(client: Any, moves: Sequence[Move]) -> None:
    for move in moves:
        if move.target is not None:
            client.update_alias(FunctionName=move.function, Name=ALIAS,
                                FunctionVersion=move.target)


def stack_functions(cloudformation: Any, stack: str) -> list[str]:
    """The physical names of the stack's Lambda functions (the game's, not the CDK's own
    helpers, which have no ``live`` alias)."""
    names = []
    for page in cloudformation.get_paginator("list_stack_resources").paginate(StackName=stack):
        names += [r["PhysicalResourceId"] for r in page["StackResourceSummaries"]
                  if r["ResourceType"] == "AWS::Lambda::Function"
                  and r["LogicalResourceId"].startswith("Functions")]
    return sorted(names)


def main(argv: Sequence[str] | None = None) -> None:
    import boto3

    parser = argparse.ArgumentParser(prog="python -m infra.rollback", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--stack", default="Vanlexis", help="the stack (Vanlexis-dev: -c "
                                                            "stage=dev)")
    parser.add_argument("--newest", action="store_true", help="forward to the newest versions")
    parser.add_argument("--apply", action="store_true", help="move the aliases (else: show)")
    args = parser.parse_args(argv)
    client = boto3.client("lambda")
    moves = plan(client, stack_functions(boto3.client("cloudformation"), args.stack),
                 newest=args.newest)
    for move in moves:
        where = f"{move.current} → {move.target}" if move.target else f"{move.current} (stays)"
        print(f"{move.function}: {ALIAS} {where}")
    if args.apply:
        apply(client, moves)
        print("moved" if any(m.target for m in moves) else "nothing to move")
    else:
        print("(shown only: add --apply to move them)")


if __name__ == "__main__":
    main()
