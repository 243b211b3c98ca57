"""The one DynamoDB table: connections, matches, players, the queue and rooms.

Keys (``pk`` / ``sk``), each item kind in one place:

- ``CONN#<id>`` / ``CONN``: a live WebSocket connection, its player and the device it was
  opened from; in a match it also carries ``gsi1pk = MATCH#<id>`` (the sparse index that
  lists a match's connections);
- ``PLAYER#<id>`` / ``CONN#<id>``: the player's live connections (lobby messages), each with
  its device (signing a device out closes its connections);
- ``PLAYER#<id>`` / ``DEVICE#<id>``: a device the player's tokens name; ``LINK#<digest>`` /
  ``LINK``: a one-time code that adds one (both in ``device_items``);
- ``PLAYER#<id>`` / ``PROFILE``: display name, rating, matches played;
- ``PLAYER#<id>`` / ``ACTIVE``: the live match the player sits in (the reconnect pointer, and
  the one-live-match-at-a-time guard: it is claimed in the transaction that creates a match);
- ``PLAYER#<id>`` / ``PACED`` and ``SEAT#<match>``: the own-pace matches the player sits in
  and the rows of their list (:mod:`functions.storage.seat_items`);
- ``PLAYER#<id>`` / ``ROOM``: the Customizada room the player is in (checked against the room);
- ``PLAYER#<id>`` / ``QUEUE``: the queue table the player waits at;
- ``MATCH#<id>`` / ``STATE``: the match (compressed state, settings, seats' players, version);
- ``MATCH#<id>`` / ``REQ#<player>#<request>``: a request already applied (written with the
  state, in one transaction, so a repeated request can never apply twice);
- ``MATCH#<id>`` / ``MOVES#<first move, 5 digits>``: the moves one command made (a person's
  move and the bots' after it), with their receipts, compressed; written with the state in one
  transaction. One item per command, not per move: a leave can let the bots play out ~150
  moves, and a transaction holds at most 100 items;
- ``MATCH#<id>`` / ``OUTBOX#<version>``: what the write of that version left to do (the
  timers, the other seats' update), written with it and handed on by the table's stream
  (:mod:`functions.storage.outbox`); while a person's turn runs, the state also carries
  ``gsi3pk = LIVE#<shard>`` and ``gsi3sk`` = its deadline (the sparse index the sweep reads
  to find turns whose timer never fired);
- ``MATCH#<id>`` / ``REVIEW#<seat>``: the post-game review of one seat's moves (written once,
  the first time the seat asks for it; only that seat is ever sent it);
- ``DAILY#<day>`` / ``SEED``: the Desafio do dia's seed and theme, drawn by the first player
  of the day; ``DAILY#<day>`` / ``SCORE#<player>``: a finished attempt (the day's leaderboard);
  ``PLAYER#<id>`` / ``DAILY#<day>``: the player's one attempt of that day;
- ``QUEUE#<seats>`` / ``TABLE#<id>``: a Normal table forming (deleted once its match starts);
  ``QUEUE#<seats>`` / ``OPEN``: the table of that size people join now;
- ``ROOM#<code>`` / ``ROOM``: a Customizada room;
- ``LIMIT#<what>#<who>`` / ``W#<window>``: uses of an allowance in one time window (guests
  made from one address in an hour);
- ``ONCE#<what>#<id>`` / ``ONCE``: something that may be used only once (a ticket's nonce),
  kept until it would have expired anyway.

Every write of a match, a queue table or a room is conditional on the version read; the caller
decides whether to reload and retry. ``ttl`` (epoch seconds) lets DynamoDB delete stale items.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from botocore.exceptions import ClientError

from functions.protocol.settings import MatchSettings
from functions.storage.codec import (
    from_item,
    pack_moves,
    pack_state,
    to_item,
    unpack_moves,
    unpack_state,
    value,
)
from functions.storage.lobby_items import LobbyItems, QueueTable, Room
from functions.storage.outbox import Pending, put_request
from functions.storage.seat_items import LIST_INDEX, SeatItems
from functions.storage.table import (
    CONNECTION_TTL_S,
    DEADLINE_INDEX,
    LEADERBOARD,
    LIVE_SHARDS,
    MATCH_INDEX,
    MATCH_TTL_S,
    RATING_INDEX,
    REQUEST_TTL_S,
    ConflictError,
    DuplicateRequestError,
    ExistsError,
    failed_condition,
    live_shard,
)

__all__ = ["DEADLINE_INDEX", "LIST_INDEX", "MATCH_INDEX", "MATCH_TTL_S", "RATING_INDEX",
           "BusyError", "ConflictError", "Connection", "DuplicateRequestError", "ExistsError",
           "MatchRecord", "Pending", "Profile", "QueueTable", "Repository", "Room", "SeatClaim"]


@dataclass(frozen=True)
class Connection:
    connection_id: str
    player_id: str
    name: str
    match_id: str | None = None
    #: the device whose ticket opened it (None: opened before connections carried it)
    device: str | None = None


@dataclass(frozen=True)
class MatchRecord:
    match_id: str
    version: int
    state: dict[str, object]
    settings: MatchSettings
    players: list[str]  # player id per seat ("" for a bot)
    rated: bool = False
    finished: bool = False
    #: when the running person's turn times out (epoch ms); None while no person's turn runs
    deadline_ms: int | None = None


@dataclass(frozen=True)
class Profile:
    player_id: str
    name: str
    rating: dict[str, float]
    matches: int = 0  # finished matches of any mode
    version: int = 0
    rated: int = 0  # finished Normal matches (only these move the rating)
    badges: tuple[str, ...] = ()
    tile_style: str = "classico"
    board_style: str = "claro"


@dataclass(frozen=True)
class SeatClaim:
    """A person seated by a new match: ``replaces`` is the finished match their ``ACTIVE``
    pointer still names (None when they have none). A match at one's own pace claims one of
    the person's ``paced`` own-pace seats instead (``paced`` is their limit; 0: live)."""

    player_id: str
    seat: int
    replaces: str | None = None
    paced: int = 0


class BusyError(Exception):
    """A person of a new match was seated in another one meanwhile."""

    def __init__(self, player_id: str) -> None:
        super().__init__(player_id)
        self.player_id = player_id


class Repository(LobbyItems, SeatItems):
    """All reads and writes of the game's table; the boto3 client is injected."""

    # -- connections --------------------------------------------------------------------------

    def put_connection(self, conn: Connection, now_s: int) -> None:
        ttl = now_s + CONNECTION_TTL_S
        device = {"device": conn.device} if conn.device else {}
        self._put({"pk": f"CONN#{conn.connection_id}", "sk": "CONN", "playerId": conn.player_id,
                   "name": conn.name, "ttl": ttl, **device})
        self._put({"pk": f"PLAYER#{conn.player_id}", "sk": f"CONN#{conn.connection_id}",
                   "ttl": ttl, **device})

    def get_connection(self, connection_id: str) -> Connection | None:
        item = self._get(f"CONN#{connection_id}", "CONN")
        if item is None:
            return None
        match = str(item["gsi1pk"]).removeprefix("MATCH#") if "gsi1pk" in item else None
        device = str(item["device"]) if "device" in item else None
        return Connection(connection_id, item["playerId"], item["name"], match, device)

    def attach_connection(self, connection_id: str, match_id: str) -> None:
        """List this connection among the match's (the fan-out reads them by index)."""
        self.writes += 1
        self._count_write(None, indexed=True)
        try:
            self.client.update_item(
                TableName=self.table, Key=to_item({"pk": f"CONN#{connection_id}", "sk": "CONN"}),
                UpdateExpression="SET gsi1pk = :m, gsi1sk = :c",
                ConditionExpression="attribute_exists(pk)",
                ExpressionAttributeValues={":m": value(f"MATCH#{match_id}"),
                                           ":c": value(f"CONN#{connection_id}")})
        except ClientError as exc:
            if not failed_condition(exc):
                raise  # a connection already gone is simply not attached

    def detach_connection(self, connection_id: str, match_id: str) -> None:
        """The connection stops following ``match_id`` (its page went back to the lobby),
        unless it follows another match by now."""
        self.writes += 1
        self._count_write(None, indexed=True)
        try:
            self.client.update_item(
                TableName=self.table, Key=to_item({"pk": f"CONN#{connection_id}", "sk": "CONN"}),
                UpdateExpression="REMOVE gsi1pk, gsi1sk",
                ConditionExpression="gsi1pk = :m",
                ExpressionAttributeValues={":m": value(f"MATCH#{match_id}")})
        except ClientError as exc:
            if not failed_condition(exc):
                raise

    def delete_connection(self, connection_id: str) -> Connection | None:
        conn = self.get_connection(connection_id)
        self._delete(f"CONN#{connection_id}", "CONN")
        if conn is not None:
            self._delete(f"PLAYER#{conn.player_id}", f"CONN#{connection_id}")
        return conn

    def match_connections(self, match_id: str) -> list[Connection]:
        items = self._query(IndexName=MATCH_INDEX, KeyConditionExpression="gsi1pk = :m",
                            ExpressionAttributeValues={":m": value(f"MATCH#{match_id}")})
        return [Connection(str(i["pk"]).removeprefix("CONN#"), i["playerId"], i["name"],
                           match_id) for i in items]

    def player_connections(self, player_id: str) -> list[str]:
        """A player's open connections, from the table itself (a strongly consistent read:
        a connection made a moment ago is in it, as the index might not yet show)."""
        items = self._query(
            ConsistentRead=True, KeyConditionExpression="pk = :p AND begins_with(sk, :c)",
            ExpressionAttributeValues={":p": value(f"PLAYER#{player_id}"), ":c": value("CONN#")})
        return [str(i["sk"]).removeprefix("CONN#") for i in items]

    # -- matches ------------------------------------------------------------------------------

    def _match_values(self, record: MatchRecord, now_s: int) -> dict[str, Any]:
        values = {"pk": f"MATCH#{record.match_id}", "sk": "STATE", "version": record.version,
                  "state": pack_state(record.state), "settings": record.settings.to_item(),
                  "players": record.players, "rated": record.rated,
                  "finished": record.finished, "ttl": now_s + self.match_ttl_s}
        if record.deadline_ms is not None and not record.finished:
            values |= {"deadline": record.deadline_ms, "gsi3pk": live_shard(record.match_id),
                       "gsi3sk": f"{record.deadline_ms:015d}"}
        return values

    def _moves_put(self, match_id: str, moves: list[dict[str, Any]],
                   now_s: int) -> dict[str, Any]:
        """The transaction item of one command's moves (numbered from ``moves[0]["move"]``);
        new by condition, so a batch can never be written twice."""
        first = int(moves[0]["move"])
        return {"TableName": self.table, "ConditionExpression": "attribute_not_exists(pk)",
                "Item": to_item({"pk": f"MATCH#{match_id}", "sk": f"MOVES#{first:05d}",
                                 "first": first, "count": len(moves),
                                 "moves": pack_moves(moves), "ttl": now_s + self.match_ttl_s})}

    def create_match(self, record: MatchRecord, now_s: int,
                     moves: list[dict[str, Any]] | None = None,
                     seats: Sequence[SeatClaim] = (), pending: Pending | None = None) -> None:
        """Write a new match, with the moves its bots made before the first person's turn
        and its outbox item (``pending``), and seat its people: each person's ``ACTIVE``
        pointer is set in the same transaction, on condition that it is still what the caller
        read (none, or a finished match); at one's own pace, one of the person's own-pace
        seats is taken instead, on condition that one is free. So two
        matches that start at once for the same person cannot both seat them: the second
        raises :class:`BusyError` naming that person, and nothing of it is written."""
        put = {"TableName": self.table, "ConditionExpression": "attribute_not_exists(pk)",
               "Item": to_item(self._match_values(record, now_s))}
        items: list[dict[str, Any]] = [{"Put": put}]
        if moves:
            items.append({"Put": self._moves_put(record.match_id, moves, now_s)})
        if pending is not None:
            items.append(put_request(self.table, pending, now_s))
        claims = [self._claim(record.match_id, claim, now_s) for claim in seats]
        reasons = self._transact(items + claims)
        if not reasons:
            return
        for claim, reason in zip(seats, reasons[len(items):], strict=False):
            if reason == "ConditionalCheckFailed":
                raise BusyError(claim.player_id)
        raise ExistsError

    def _claim(self, match_id: str, claim: SeatClaim, now_s: int) -> dict[str, Any]:
        if claim.paced:
            return self.paced_claim(claim.player_id, match_id, claim.paced)
        item = to_item({"pk": f"PLAYER#{claim.player_id}", "sk": "ACTIVE", "matchId": match_id,
                        "seat": claim.seat, "ttl": now_s + self.match_ttl_s})
        if claim.replaces is None:
            return {"Put": {"TableName": self.table, "Item": item,
                            "ConditionExpression": "attribute_not_exists(pk)"}}
        return {"Put": {"TableName": self.table, "Item": item,
                        "ConditionExpression": "attribute_not_exists(pk) OR matchId = :old",
                        "ExpressionAttributeValues": {":old": value(claim.replaces)}}}

    def load_match(self, match_id: str, consistent: bool = True) -> MatchRecord | None:
        """The match (a strongly consistent read unless ``consistent`` is False: what only
        shows a match, and writes nothing from it, may read a second late at half the cost)."""
        item = self._get(f"MATCH#{match_id}", "STATE", consistent)
        if item is None:
            return None
        deadline = item.get("deadline")
        return MatchRecord(match_id, int(item["version"]), unpack_state(item["state"]),
                           MatchSettings.from_item(dict(item["settings"])),
                           list(item["players"]),
                           bool(item.get("rated")), bool(item.get("finished")),
                           int(deadline) if deadline is not None else None)

    def save_match(self, record: MatchRecord, expected: int, now_s: int,
                   request: tuple[str, str] | None = None,
                   moves: list[dict[str, Any]] | None = None,
                   pending: Pending | None = None) -> None:
        """Write the new state if the stored version is still ``expected``, together with the
        record of ``request`` (player id, request id), the batch of ``moves`` the command
        made and its outbox item (``pending``), if given, in one transaction: all of it or
        none."""
        put: dict[str, Any] = {
            "TableName": self.table, "Item": to_item(self._match_values(record, now_s)),
            "ConditionExpression": "#v = :v", "ExpressionAttributeNames": {"#v": "version"},
            "ExpressionAttributeValues": {":v": value(expected)},
        }
        if request is None and not moves and pending is None:
            self.writes += 1
            self._count_write(put["Item"])
            try:
                self.client.put_item(**put)
            except ClientError as exc:
                if failed_condition(exc):
                    raise ConflictError from exc
                raise
            return
        items: list[dict[str, Any]] = [{"Put": put}]
        if request is not None:
            player, request_id = request
            items.append({"Put": {
                "TableName": self.table, "ConditionExpression": "attribute_not_exists(pk)",
                "Item": to_item({"pk": f"MATCH#{record.match_id}",
                                 "sk": f"REQ#{player}#{request_id}",
                                 "ttl": now_s + REQUEST_TTL_S})}})
        if moves:
            items.append({"Put": self._moves_put(record.match_id, moves, now_s)})
        if pending is not None:
            items.append(put_request(self.table, pending, now_s))
        reasons = self._transact(items)
        if not reasons:
            return
        if request is not None and len(reasons) > 1 and reasons[1] == "ConditionalCheckFailed":
            raise DuplicateRequestError
        raise ConflictError  # the state moved on (or its moves were written by the winner)

    def overdue_matches(self, now_ms: int) -> list[str]:
        """The live matches whose person's turn passed its deadline before ``now_ms``, from
        the sparse deadline index (every shard; the index holds keys only)."""
        found: list[str] = []
        for shard in range(LIVE_SHARDS):
            items = self._query(
                IndexName=DEADLINE_INDEX,
                KeyConditionExpression="gsi3pk = :s AND gsi3sk < :now",
                ExpressionAttributeValues={":s": value(f"LIVE#{shard:02d}"),
                                           ":now": value(f"{now_ms:015d}")})
            found += [str(i["pk"]).removeprefix("MATCH#") for i in items]
        return found

    def get_review(self, match_id: str, seat: int) -> dict[str, Any] | None:
        item = self._get(f"MATCH#{match_id}", f"REVIEW#{seat}")
        return unpack_state(item["review"]) if item else None

    def put_review(self, match_id: str, seat: int, review: dict[str, Any], now_s: int) -> None:
        """Keep a seat's review with its match (computed once: a second writer's copy is the
        same, so the last one wins)."""
        self._put({"pk": f"MATCH#{match_id}", "sk": f"REVIEW#{seat}",
                   "review": pack_state(review), "ttl": now_s + self.match_ttl_s})

    def load_moves(self, match_id: str, before: int | None,
                   limit: int) -> tuple[list[dict[str, Any]], int | None]:
        """Up to ``limit`` stored moves numbered below ``before`` (all, if None), oldest first,
        and the ``before`` of the page before them (None at the start of the match).

        The batches are read newest first; each holds at least one move, so ``limit`` items
        are always enough.
        """
        if before is not None and before <= 0:
            return [], None
        high = f"MOVES#{before - 1:05d}" if before is not None else "MOVES#99999"
        args: dict[str, Any] = {
            "KeyConditionExpression": "pk = :p AND sk BETWEEN :lo AND :hi",
            "ExpressionAttributeValues": {":p": value(f"MATCH#{match_id}"),
                                          ":lo": value("MOVES#"), ":hi": value(high)},
            "ScanIndexForward": False, "Limit": limit, "ConsistentRead": True}
        page: list[dict[str, Any]] = []
        while len(page) < limit:
            self.reads += 1
            found = self.client.query(TableName=self.table, **args)
            self._count_read(found.get("Items", []))
            for item in map(from_item, found.get("Items", [])):
                batch = unpack_moves(item["moves"])
                page = [e for e in batch if before is None or int(e["move"]) < before] + page
                if len(page) >= limit:
                    break
            if "LastEvaluatedKey" not in found:
                break
            args["ExclusiveStartKey"] = found["LastEvaluatedKey"]
        page = page[-limit:] if page else []
        older = int(page[0]["move"]) if page and int(page[0]["move"]) > 0 else None
        return page, older

    def request_seen(self, match_id: str, player_id: str, request_id: str) -> bool:
        return self._get(f"MATCH#{match_id}", f"REQ#{player_id}#{request_id}") is not None

    def mark_rated(self, record: MatchRecord, profiles: list[Profile], now_s: int) -> bool:
        """Set the match's ``rated`` flag and write the players' new profiles, all or nothing;
        False if the match was already rated (so a rating is applied once)."""
        items: list[dict[str, Any]] = [{"Update": {
            "TableName": self.table, "Key": to_item({"pk": f"MATCH#{record.match_id}",
                                                     "sk": "STATE"}),
            "UpdateExpression": "SET rated = :t", "ConditionExpression": "rated = :f",
            "ExpressionAttributeValues": {":t": value(True), ":f": value(False)}}}]
        for profile in profiles:
            items.append({"Put": {"TableName": self.table,
                                  "Item": to_item(self._profile_values(profile))}})
        self.writes += len(items)
        for entry in items:
            self._count_write(entry.get("Put", {}).get("Item"), transactional=True)
        try:
            self.client.transact_write_items(TransactItems=items)
        except ClientError as exc:
            if exc.response.get("Error", {}).get("Code") == "TransactionCanceledException":
                return False
            raise
        return True

    # -- players ------------------------------------------------------------------------------

    def _profile_values(self, profile: Profile) -> dict[str, Any]:
        values = {"pk": f"PLAYER#{profile.player_id}", "sk": "PROFILE", "name": profile.name,
                  "rating": profile.rating, "matches": profile.matches,
                  "version": profile.version, "rated": profile.rated,
                  "badges": list(profile.badges), "tileStyle": profile.tile_style,
                  "boardStyle": profile.board_style}
        if profile.rated:
            # The sparse leaderboard index: only players with a rated match, by rating.
            values["gsi2pk"] = LEADERBOARD
            values["gsi2sk"] = f"{max(0.0, float(profile.rating['rating'])):010.3f}"
        return values

    def get_profile(self, player_id: str) -> Profile | None:
        item = self._get(f"PLAYER#{player_id}", "PROFILE")
        return self._profile(player_id, item) if item is not None else None

    @staticmethod
    def _profile(player_id: str, item: dict[str, Any]) -> Profile:
        return Profile(player_id, item["name"], {k: float(v) for k, v in item["rating"].items()},
                       int(item.get("matches", 0)), int(item.get("version", 0)),
                       int(item.get("rated", 0)), tuple(item.get("badges", ())),
                       str(item.get("tileStyle", "classico")),
                       str(item.get("boardStyle", "claro")))

    def leaderboard(self, limit: int = 20) -> list[Profile]:
        """The best rated players, best first."""
        self.reads += 1
        page = self.client.query(
            TableName=self.table, IndexName=RATING_INDEX, ScanIndexForward=False, Limit=limit,
            KeyConditionExpression="gsi2pk = :l",
            ExpressionAttributeValues={":l": value(LEADERBOARD)})
        self._count_read(page.get("Items", []))
        return [self._profile(str(i["pk"]).removeprefix("PLAYER#"), i)
                for i in map(from_item, page.get("Items", []))]

    def put_profile(self, profile: Profile) -> None:
        self._put(self._profile_values(profile))

    def get_active(self, player_id: str) -> tuple[str, int] | None:
        item = self._get(f"PLAYER#{player_id}", "ACTIVE")
        return (str(item["matchId"]), int(item["seat"])) if item else None

    def clear_active(self, player_id: str, match_id: str) -> None:
        """Forget the pointer, unless it already points to a newer match."""
        self.writes += 1
        self._count_write(None)
        try:
            self.client.delete_item(
                TableName=self.table, Key=to_item({"pk": f"PLAYER#{player_id}", "sk": "ACTIVE"}),
                ConditionExpression="matchId = :m",
                ExpressionAttributeValues={":m": value(match_id)})
        except ClientError as exc:
            if not failed_condition(exc):
                raise
