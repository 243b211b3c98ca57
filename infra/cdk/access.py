"""What each function may do: the one list its role's policy is built from.

Every grant names the exact DynamoDB actions and the partition key prefixes they touch
(``dynamodb:LeadingKeys``), the indexes a function queries, which functions read the signing
key, start timers, and call the management API (and with which HTTP method). Nothing here is
a wildcard. Plain data, so the tests read it without the CDK: the functional tests record what
every handler really does to the table and fail on anything not listed here, and a tour of the
game (``tests/functional/test_access.py``) fails on anything listed that it never uses; the
infrastructure tests compare the synthesized policies with this list.

Transactions need no action of their own: IAM checks each put, update, delete or condition
check inside one against these same grants. Index queries are granted on the one index's ARN
(the indexes project only ids, names and ratings).
"""

from __future__ import annotations

#: function → DynamoDB action (without ``dynamodb:``) → partition key prefixes it touches
TABLE: dict[str, dict[str, tuple[str, ...]]] = {
    # the ticket's nonce, recorded once; its device, still signed in
    "Authorizer": {"PutItem": ("ONCE#",), "GetItem": ("PLAYER#",)},
    # guests made from one address this hour, codes made and tried (LIMIT#); a match's state,
    # for its public summary (GET /match/<id>); a player's devices (PLAYER# DEVICE#: made,
    # read, seen, listed, signed out) and connections (PLAYER# CONN#, read to close a signed
    # out device's); one-time codes (LINK#: made, read, used); an old token given its
    # device once (ONCE#)
    "Identity": {"UpdateItem": ("LIMIT#", "LINK#", "PLAYER#"),
                 "GetItem": ("LINK#", "MATCH#", "PLAYER#"),
                 "PutItem": ("LINK#", "ONCE#", "PLAYER#"), "DeleteItem": ("PLAYER#",),
                 "Query": ("PLAYER#",)},
    # the connection and its player's list of connections; stale ones are pruned
    "Connect": {"GetItem": ("CONN#",), "PutItem": ("CONN#", "PLAYER#"),
                "DeleteItem": ("CONN#", "PLAYER#"), "Query": ("PLAYER#",)},
    "Disconnect": {"GetItem": ("CONN#",), "DeleteItem": ("CONN#", "PLAYER#")},
    # $default answers errors only: no table at all
    "DefaultRoute": {},
    # Game answers the connection that asked, and reads, writes and pages its match; a
    # player's Leave clears their match pointer and frees their own-pace seat.
    "Game": {"GetItem": ("CONN#", "MATCH#"), "PutItem": ("MATCH#",),
             "UpdateItem": ("CONN#", "PLAYER#"), "DeleteItem": ("PLAYER#",),
             "Query": ("MATCH#",)},
    # Lobby and Timer send to a room's or queue's players, and forget a connection API
    # Gateway says is gone (its CONN# item and its player's PLAYER# pointer).
    # A match at one's own pace takes one of its people's own-pace seats (PLAYER#…/PACED);
    # a device that shows the list stops following its match (CONN#).
    "Lobby": {"GetItem": ("CONN#", "DAILY#", "MATCH#", "PLAYER#", "QUEUE#", "ROOM#"),
              "PutItem": ("DAILY#", "MATCH#", "PLAYER#", "QUEUE#", "ROOM#"),
              "UpdateItem": ("CONN#", "PLAYER#", "QUEUE#"),
              "DeleteItem": ("CONN#", "PLAYER#", "QUEUE#"),
              "Query": ("DAILY#", "PLAYER#")},
    # (the queue at one's own pace seats its people in their own-pace seats: PLAYER#)
    "Timer": {"GetItem": ("CONN#", "MATCH#", "PLAYER#", "QUEUE#"),
              "PutItem": ("MATCH#", "PLAYER#", "QUEUE#"), "UpdateItem": ("PLAYER#",),
              "DeleteItem": ("CONN#", "PLAYER#", "QUEUE#"), "Query": ("PLAYER#",)},
    # Outbox tells every seat of a match, attaches a new match's connections, settles a
    # finished one (profiles, the daily score, the rated flag, the reviews), clears its
    # players' match pointers, writes their list rows and frees their own-pace seats.
    "Outbox": {"GetItem": ("CONN#", "MATCH#", "PLAYER#"),
               "PutItem": ("DAILY#", "MATCH#", "PLAYER#"),
               "UpdateItem": ("CONN#", "MATCH#", "PLAYER#"), "DeleteItem": ("CONN#", "PLAYER#"),
               "Query": ("MATCH#", "PLAYER#")},
}

#: function → the indexes it queries (byMatch: a match's connections; byRating: the ranking;
#: byDeadline: the live turns, for the sweep; byPlayer: a person's list of matches)
INDEXES: dict[str, tuple[str, ...]] = {
    "Game": ("byMatch",),
    "Lobby": ("byRating", "byPlayer"),
    "Timer": ("byDeadline",),
    "Outbox": ("byMatch",),
}

#: this reads the table's stream (its new outbox items)
STREAM_READERS = ("Outbox",)

#: only these mint or check tokens and tickets
SECRET_READERS = ("Authorizer", "Identity")

#: these start turn and queue-fill timers
TIMER_STARTERS = ("Lobby", "Outbox")

#: this stops the timer of a turn that a move ended early
TIMER_STOPPERS = ("Outbox",)

#: function → the management API methods it calls on ``@connections/<id>`` (POST sends a
#: frame, GET asks whether a connection is still open, DELETE closes it)
CONNECTIONS: dict[str, tuple[str, ...]] = {
    "Connect": ("GET",),
    # a signed-out device's open connections are closed
    "Identity": ("DELETE",),
    "DefaultRoute": ("POST",),
    "Game": ("POST",),
    "Lobby": ("POST",),
    "Timer": ("POST",),
    "Outbox": ("POST",),
}
