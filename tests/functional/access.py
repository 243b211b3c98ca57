"""What each Lambda function does to the table, recorded while the functional tests run.

Every handler call in a world runs under the name of the function that deploys it (the names of
``infra/cdk/functions.py``); the table client records each request as (function, IAM action,
key prefix), the prefix being the partition key up to its first ``#`` (``MATCH#``) and, for an
index, ``index/<name>/<prefix>``. The records are checked against the grants the stack gives
each function (``infra/cdk/access.py``): in every functional test, nothing is used that is not
granted; in ``test_access.py``, nothing is granted that a tour of the game does not use.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from infra.cdk import access

#: the deployed function whose handler is running now (None: the test itself). A plain
#: global, not a context variable: a handler's own worker threads (the notifier's fan-out)
#: act for it too, and a world runs one handler at a time.
RUNNING: list[str | None] = [None]

Use = tuple[str, str, str]  # (function, IAM action, key prefix)


def _prefix(value: str) -> str:
    head, sep, _ = value.partition("#")
    return head + sep


def _key_of(args: dict[str, Any], field: str = "Key") -> str:
    item = args.get(field) or {}
    return _prefix(str(item["pk"]["S"]))


def _queried(args: dict[str, Any]) -> str:
    """The partition key prefix a query reads (its ``<name> = :value`` condition)."""
    found = re.match(r"\s*(\w+)\s*=\s*(:\w+)", str(args["KeyConditionExpression"]))
    assert found, args["KeyConditionExpression"]
    prefix = _prefix(str(args["ExpressionAttributeValues"][found.group(2)]["S"]))
    index = args.get("IndexName")
    return f"index/{index}/{prefix}" if index else prefix


_TRANSACT = {"Put": ("dynamodb:PutItem", "Item"), "Update": ("dynamodb:UpdateItem", "Key"),
             "Delete": ("dynamodb:DeleteItem", "Key"),
             "ConditionCheck": ("dynamodb:ConditionCheckItem", "Key")}


def _transact(args: dict[str, Any]) -> list[tuple[str, str]]:
    out = []
    for entry in args["TransactItems"]:
        ((kind, body),) = entry.items()
        action, field = _TRANSACT[kind]
        out.append((action, _key_of(body, field)))
    return out


#: boto3 method → the (IAM action, key prefix) pairs one call needs
_ACTIONS: dict[str, Callable[[dict[str, Any]], list[tuple[str, str]]]] = {
    "get_item": lambda a: [("dynamodb:GetItem", _key_of(a))],
    "put_item": lambda a: [("dynamodb:PutItem", _key_of(a, "Item"))],
    "update_item": lambda a: [("dynamodb:UpdateItem", _key_of(a))],
    "delete_item": lambda a: [("dynamodb:DeleteItem", _key_of(a))],
    "query": lambda a: [("dynamodb:Query", _queried(a))],
    "transact_write_items": _transact,
    "start_execution": lambda a: [("states:StartExecution", "timers")],
    "stop_execution": lambda a: [("states:StopExecution", "timers")],
    "post_to_connection": lambda a: [("execute-api:POST", "@connections")],
    "get_connection": lambda a: [("execute-api:GET", "@connections")],
    "delete_connection": lambda a: [("execute-api:DELETE", "@connections")],
}


def granted_uses() -> set[Use]:
    """Everything ``infra/cdk/access.py`` grants, in the recorder's terms."""
    out: set[Use] = set()
    for function, actions in access.TABLE.items():
        out |= {(function, f"dynamodb:{action}", prefix)
                for action, prefixes in actions.items() for prefix in prefixes}
    for function, indexes in access.INDEXES.items():
        out |= {(function, "dynamodb:Query", f"index/{index}/{prefix}")
                for index in indexes for prefix in _INDEX_KEYS[index]}
    out |= {(function, "states:StartExecution", "timers") for function in access.TIMER_STARTERS}
    out |= {(function, "states:StopExecution", "timers") for function in access.TIMER_STOPPERS}
    out |= {(function, f"execute-api:{method}", "@connections")
            for function, methods in access.CONNECTIONS.items() for method in methods}
    return out


#: the partition keys of each index, as the recorder names them
_INDEX_KEYS = {"byMatch": ("MATCH#",), "byRating": ("LEADERBOARD",),
               "byDeadline": ("LIVE#",), "byPlayer": ("LIST#",)}


def check_granted(use: Use) -> None:
    """Fail the test at the request the deployed function would be refused."""
    if use not in _GRANTED:
        raise AssertionError(f"{use[0]} does {use[1]} on {use[2]}, which infra/cdk/access.py "
                             "does not grant it: in the cloud this request is refused")


class RecordingClient:
    """A DynamoDB client that notes what each request needs, then makes it."""

    def __init__(self, client: Any, uses: set[Use], check: Callable[[Use], None]) -> None:
        self._client, self._uses, self._check = client, uses, check

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self._client, name)
        needs = _ACTIONS.get(name)
        if needs is None:
            if name in {"scan", "batch_get_item", "batch_write_item", "transact_get_items"}:
                raise AssertionError(f"{name}: no function is granted it")
            return attr

        def call(**args: Any) -> Any:
            function = RUNNING[0]
            if function is not None:
                for action, key in needs(args):
                    use = (function, action, key)
                    self._uses.add(use)
                    self._check(use)
            return attr(**args)
        return call


@contextmanager
def running(function: str) -> Iterator[None]:
    outer, RUNNING[0] = RUNNING[0], function
    try:
        yield
    finally:
        RUNNING[0] = outer


_GRANTED = granted_uses()
