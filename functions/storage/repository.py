"""The one DynamoDB table: connections, matches, players, the queue and rooms.

Keys (``pk`` / ``sk``), each item kind in one place:

- ``CONN#<id>`` / ``CONN``: a live WebSocket connection and its player; in a match it also
  carries ``gsi1pk = MATCH#<id>`` (the sparse index that lists a match's connections);
- ``PLAYER#<id>`` / ``CONN#<id>``: the player's live connections (lobby messages);
- ``PLAYER#<id>`` / ``PROFILE``: display name, rating, matches played;
- ``PLAYER#<id>`` / ``ACTIVE``: the match the player sits in (the reconnect pointer);
- ``PLAYER#<id>`` / ``QUEUE``: the queue table the player waits at;
- ``MATCH#<id>`` / ``STATE``: the match (compressed state, settings, seats' players, version);
- ``MATCH#<id>`` / ``REQ#<player>#<request>``: a request already applied (written with the
  state, in one transaction, so a repeated request can never apply twice);
- ``MATCH#<id>`` / ``MOVES#<first move, 5 digits>``: the moves one command made (a person's
  move and the bots' after it), with their receipts, compressed; written with the state in one
  transaction. One item per command, not per move: a leave can let the bots play out ~150
  moves, and a transaction holds at most 100 items;
- ``MATCH#<id>`` / ``REVIEW#<seat>``: the post-game review of one seat's moves (written once,
  the first time the seat asks for it; only that seat is ever sent it);
- ``DAILY#<day>`` / ``SEED``: the Desafio do dia's seed and theme, drawn by the first player
  of the day; ``DAILY#<day>`` / ``SCORE#<player>``: a finished attempt (the day's leaderboard);
  ``PLAYER#<id>`` / ``DAILY#<day>``: the player's one attempt of that day;
- ``QUEUE#<seats>`` / ``TABLE#<id>``: a Normal table forming;
- ``ROOM#<code>`` / ``ROOM``: a Customizada room.

Every write of a match, a queue table or a room is conditional on the version read; the caller
decides whether to reload and retry. ``ttl`` (epoch seconds) lets DynamoDB delete stale items.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from botocore.exceptions import ClientError

from functions.storage.codec import (
    from_item,
    item_size,
    pack_moves,
    pack_state,
    to_item,
    unpack_moves,
    unpack_state,
    value,
)

CONNECTION_TTL_S = 3 * 3600  # API Gateway closes a connection after 2 hours
MATCH_TTL_S = 30 * 86400  # the default; the operator sets MATCH_RETENTION_DAYS
REQUEST_TTL_S = 2 * 86400
LOBBY_TTL_S = 6 * 3600
MATCH_INDEX = "byMatch"
RATING_INDEX = "byRating"
LEADERBOARD = "LEADERBOARD"


class ConflictError(Exception):
    """The item changed since it was read (a lost race)."""


class DuplicateRequestError(Exception):
    """This request id was already applied to this match."""


class ExistsError(Exception):
    """An item that had to be new already exists."""


@dataclass(frozen=True)
class Connection:
    connection_id: str
    player_id: str
    name: str
    match_id: str | None = None


@dataclass(frozen=True)
class MatchRecord:
    match_id: str
    version: int
    state: dict[str, object]
    settings: dict[str, Any]
    players: list[str]  # player id per seat ("" for a bot)
    rated: bool = False
    finished: bool = False


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
class QueueTable:
    table_id: str
    seats: int
    players: list[dict[str, Any]]  # {id, name, rating}
    fill_at_ms: int
    version: int = 0
    match_id: str | None = None


@dataclass(frozen=True)
class Room:
    code: str
    host: str
    settings: dict[str, Any]
    players: list[dict[str, Any]] = field(default_factory=list)  # {id, name}
    status: str = "open"
    match_id: str | None = None
    version: int = 0


def _failed_condition(exc: ClientError) -> bool:
    return bool(exc.response.get("Error", {}).get("Code") == "ConditionalCheckFailedException")


class Repository:
    """All reads and writes of the game's table; the boto3 client is injected."""

    def __init__(self, client: Any, table: str, match_ttl_s: int = MATCH_TTL_S) -> None:
        self.client = client
        self.table = table
        self.match_ttl_s = match_ttl_s  # how long a match is kept after its last write
        # Operations issued and the capacity units they cost (on-demand pricing counts a
        # strongly consistent read per 4 KB, a write per 1 KB, twice inside a transaction),
        # for the handlers' benchmark and the cost model.
        self.reads = 0
        self.writes = 0
        self.read_units = 0
        self.write_units = 0
        self.largest_item = 0

    def _count_read(self, items: list[dict[str, Any]]) -> None:
        self.read_units += max(1, -(-sum(item_size(i) for i in items) // 4096))

    def _count_write(self, item: dict[str, Any] | None, transactional: bool = False,
                     indexed: bool = False) -> None:
        size = item_size(item) if item else 0
        self.largest_item = max(self.largest_item, size)
        units = max(1, -(-size // 1024)) * (2 if transactional else 1)
        self.write_units += units + (1 if indexed else 0)

    # -- low level ----------------------------------------------------------------------------

    def _get(self, pk: str, sk: str, consistent: bool = True) -> dict[str, Any] | None:
        self.reads += 1
        found = self.client.get_item(TableName=self.table, Key=to_item({"pk": pk, "sk": sk}),
                                     ConsistentRead=consistent)
        item = found.get("Item")
        self._count_read([item] if item else [])
        return from_item(item) if item else None

    def _put(self, values: dict[str, Any], condition: str | None = None,
             names: dict[str, str] | None = None, values_: dict[str, Any] | None = None) -> None:
        self.writes += 1
        args: dict[str, Any] = {"TableName": self.table, "Item": to_item(values)}
        self._count_write(args["Item"], indexed="gsi1pk" in values)
        if condition:
            args["ConditionExpression"] = condition
        if names:
            args["ExpressionAttributeNames"] = names
        if values_:
            args["ExpressionAttributeValues"] = {k: value(v) for k, v in values_.items()}
        self.client.put_item(**args)

    def _versioned_put(self, values: dict[str, Any], expected: int | None) -> None:
        """Put an item whose ``version`` must still be ``expected`` (None: must be new)."""
        try:
            if expected is None:
                self._put(values, "attribute_not_exists(pk)")
            else:
                self._put(values, "#v = :v", {"#v": "version"}, {":v": expected})
        except ClientError as exc:
            if _failed_condition(exc):
                raise (ExistsError() if expected is None else ConflictError()) from exc
            raise

    def _delete(self, pk: str, sk: str) -> None:
        self.writes += 1
        self._count_write(None, indexed=pk.startswith("CONN#"))
        self.client.delete_item(TableName=self.table, Key=to_item({"pk": pk, "sk": sk}))

    def _query(self, **args: Any) -> list[dict[str, Any]]:
        items: list[dict[str, Any]] = []
        while True:
            self.reads += 1
            page = self.client.query(TableName=self.table, **args)
            self._count_read(page.get("Items", []))
            items += [from_item(i) for i in page.get("Items", [])]
            if "LastEvaluatedKey" not in page:
                return items
            args["ExclusiveStartKey"] = page["LastEvaluatedKey"]

    # -- connections --------------------------------------------------------------------------

    def put_connection(self, conn: Connection, now_s: int) -> None:
        ttl = now_s + CONNECTION_TTL_S
        self._put({"pk": f"CONN#{conn.connection_id}", "sk": "CONN", "playerId": conn.player_id,
                   "name": conn.name, "ttl": ttl})
        self._put({"pk": f"PLAYER#{conn.player_id}", "sk": f"CONN#{conn.connection_id}",
                   "ttl": ttl})

    def get_connection(self, connection_id: str) -> Connection | None:
        item = self._get(f"CONN#{connection_id}", "CONN")
        if item is None:
            return None
        match = str(item["gsi1pk"]).removeprefix("MATCH#") if "gsi1pk" in item else None
        return Connection(connection_id, item["playerId"], item["name"], match)

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
            if not _failed_condition(exc):
                raise  # a connection already gone is simply not attached

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
        items = self._query(
            KeyConditionExpression="pk = :p AND begins_with(sk, :c)",
            ExpressionAttributeValues={":p": value(f"PLAYER#{player_id}"), ":c": value("CONN#")})
        return [str(i["sk"]).removeprefix("CONN#") for i in items]

    # -- matches ------------------------------------------------------------------------------

    def _match_values(self, record: MatchRecord, now_s: int) -> dict[str, Any]:
        return {"pk": f"MATCH#{record.match_id}", "sk": "STATE", "version": record.version,
                "state": pack_state(record.state), "settings": record.settings,
                "players": record.players, "rated": record.rated,
                "finished": record.finished, "ttl": now_s + self.match_ttl_s}

    def _moves_put(self, match_id: str, moves: list[dict[str, Any]],
                   now_s: int) -> dict[str, Any]:
        """The transaction item of one command's moves (numbered from ``moves[0]["move"]``);
        new by condition, so a batch can never be written twice."""
        first = int(moves[0]["move"])
        return {"TableName": self.table, "ConditionExpression": "attribute_not_exists(pk)",
                "Item": to_item({"pk": f"MATCH#{match_id}", "sk": f"MOVES#{first:05d}",
                                 "first": first, "count": len(moves),
                                 "moves": pack_moves(moves), "ttl": now_s + self.match_ttl_s})}

    def _transact(self, items: list[dict[str, Any]]) -> list[str | None]:
        """Write ``items`` (Put requests) all or nothing; on a cancelled transaction, the
        reason code of each item (None where its condition held)."""
        self.writes += len(items)
        for entry in items:
            self._count_write(entry["Put"]["Item"], transactional=True)
        try:
            self.client.transact_write_items(TransactItems=items)
        except ClientError as exc:
            if exc.response.get("Error", {}).get("Code") != "TransactionCanceledException":
                raise
            reasons = [r.get("Code") for r in exc.response.get("CancellationReasons", [])]
            return [None if r in (None, "None") else str(r) for r in reasons] or ["Unknown"]
        return []

    def create_match(self, record: MatchRecord, now_s: int,
                     moves: list[dict[str, Any]] | None = None) -> None:
        """Write a new match, with the moves its bots made before the first person's turn."""
        if not moves:
            self._versioned_put(self._match_values(record, now_s), None)
            return
        put = {"TableName": self.table, "ConditionExpression": "attribute_not_exists(pk)",
               "Item": to_item(self._match_values(record, now_s))}
        if self._transact([{"Put": put}, {"Put": self._moves_put(record.match_id, moves,
                                                                 now_s)}]):
            raise ExistsError

    def load_match(self, match_id: str) -> MatchRecord | None:
        item = self._get(f"MATCH#{match_id}", "STATE")
        if item is None:
            return None
        return MatchRecord(match_id, int(item["version"]), unpack_state(item["state"]),
                           dict(item["settings"]), list(item["players"]),
                           bool(item.get("rated")), bool(item.get("finished")))

    def save_match(self, record: MatchRecord, expected: int, now_s: int,
                   request: tuple[str, str] | None = None,
                   moves: list[dict[str, Any]] | None = None) -> None:
        """Write the new state if the stored version is still ``expected``, together with the
        record of ``request`` (player id, request id) and the batch of ``moves`` the command
        made, if given, in one transaction: all of it or none."""
        put: dict[str, Any] = {
            "TableName": self.table, "Item": to_item(self._match_values(record, now_s)),
            "ConditionExpression": "#v = :v", "ExpressionAttributeNames": {"#v": "version"},
            "ExpressionAttributeValues": {":v": value(expected)},
        }
        if request is None and not moves:
            self.writes += 1
            self._count_write(put["Item"])
            try:
                self.client.put_item(**put)
            except ClientError as exc:
                if _failed_condition(exc):
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
        reasons = self._transact(items)
        if not reasons:
            return
        if request is not None and len(reasons) > 1 and reasons[1] == "ConditionalCheckFailed":
            raise DuplicateRequestError
        raise ConflictError  # the state moved on (or its moves were written by the winner)

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

    def set_active(self, player_id: str, match_id: str, seat: int, now_s: int) -> None:
        self._put({"pk": f"PLAYER#{player_id}", "sk": "ACTIVE", "matchId": match_id,
                   "seat": seat, "ttl": now_s + self.match_ttl_s})

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
            if not _failed_condition(exc):
                raise

    # -- the Normal queue ---------------------------------------------------------------------

    def open_tables(self, seats: int) -> list[QueueTable]:
        items = self._query(KeyConditionExpression="pk = :q",
                            ExpressionAttributeValues={":q": value(f"QUEUE#{seats}")})
        return [self._table(i) for i in items if not i.get("matchId")]

    def get_table(self, seats: int, table_id: str) -> QueueTable | None:
        item = self._get(f"QUEUE#{seats}", f"TABLE#{table_id}")
        return self._table(item) if item else None

    @staticmethod
    def _table(item: dict[str, Any]) -> QueueTable:
        return QueueTable(str(item["sk"]).removeprefix("TABLE#"), int(item["seats"]),
                          list(item["players"]), int(item["fillAtMs"]), int(item["version"]),
                          item.get("matchId"))

    def put_table(self, table: QueueTable, expected: int | None, now_s: int) -> None:
        self._versioned_put({"pk": f"QUEUE#{table.seats}", "sk": f"TABLE#{table.table_id}",
                             "seats": table.seats, "players": table.players,
                             "fillAtMs": table.fill_at_ms, "version": table.version,
                             "matchId": table.match_id, "ttl": now_s + LOBBY_TTL_S}, expected)

    def set_queue_pointer(self, player_id: str, seats: int, table_id: str, now_s: int) -> None:
        self._put({"pk": f"PLAYER#{player_id}", "sk": "QUEUE", "seats": seats,
                   "tableId": table_id, "ttl": now_s + LOBBY_TTL_S})

    def get_queue_pointer(self, player_id: str) -> tuple[int, str] | None:
        item = self._get(f"PLAYER#{player_id}", "QUEUE")
        return (int(item["seats"]), str(item["tableId"])) if item else None

    def clear_queue_pointer(self, player_id: str) -> None:
        self._delete(f"PLAYER#{player_id}", "QUEUE")

    # -- the daily challenge ------------------------------------------------------------------

    def daily_seed(self, day: str, seed: str, theme_id: str, now_s: int) -> tuple[str, str]:
        """The day's (seed, theme): these, if nobody has drawn the day's yet (first writer
        wins), or the ones already kept."""
        kept = self._get(f"DAILY#{day}", "SEED")
        if kept is not None:  # every visit to the lobby after the day's first
            return str(kept["seed"]), str(kept["themeId"])
        try:
            self._put({"pk": f"DAILY#{day}", "sk": "SEED", "seed": seed, "themeId": theme_id,
                       "ttl": now_s + self.match_ttl_s}, "attribute_not_exists(pk)")
        except ClientError as exc:
            if not _failed_condition(exc):
                raise
        item = self._get(f"DAILY#{day}", "SEED")
        assert item is not None
        return str(item["seed"]), str(item["themeId"])

    def claim_daily(self, player_id: str, day: str, match_id: str, now_s: int) -> bool:
        """The player's one attempt of the day: False if it is already taken."""
        try:
            self._put({"pk": f"PLAYER#{player_id}", "sk": f"DAILY#{day}", "matchId": match_id,
                       "ttl": now_s + 3 * 86400}, "attribute_not_exists(pk)")
        except ClientError as exc:
            if _failed_condition(exc):
                return False
            raise
        return True

    def daily_attempt(self, player_id: str, day: str) -> str | None:
        item = self._get(f"PLAYER#{player_id}", f"DAILY#{day}")
        return str(item["matchId"]) if item else None

    def put_daily_score(self, day: str, player_id: str, name: str, score: int,
                        match_id: str, now_s: int) -> None:
        self._put({"pk": f"DAILY#{day}", "sk": f"SCORE#{player_id}", "name": name,
                   "score": score, "matchId": match_id, "ttl": now_s + self.match_ttl_s})

    def daily_scores(self, day: str) -> list[dict[str, Any]]:
        """Every finished attempt of the day (name, score, matchId, player)."""
        args: dict[str, Any] = {
            "KeyConditionExpression": "pk = :p AND begins_with(sk, :s)",
            "ExpressionAttributeValues": {":p": value(f"DAILY#{day}"), ":s": value("SCORE#")}}
        out: list[dict[str, Any]] = []
        while True:
            self.reads += 1
            found = self.client.query(TableName=self.table, **args)
            self._count_read(found.get("Items", []))
            out += [{**from_item(i), "player": from_item(i)["sk"][len("SCORE#"):]}
                    for i in found.get("Items", [])]
            if "LastEvaluatedKey" not in found:
                return out
            args["ExclusiveStartKey"] = found["LastEvaluatedKey"]

    # -- rooms --------------------------------------------------------------------------------

    def get_room(self, code: str) -> Room | None:
        item = self._get(f"ROOM#{code}", "ROOM")
        if item is None:
            return None
        return Room(code, item["host"], dict(item["settings"]), list(item["players"]),
                    item["status"], item.get("matchId"), int(item["version"]))

    def put_room(self, room: Room, expected: int | None, now_s: int) -> None:
        self._versioned_put({"pk": f"ROOM#{room.code}", "sk": "ROOM", "host": room.host,
                             "settings": room.settings, "players": room.players,
                             "status": room.status, "matchId": room.match_id,
                             "version": room.version, "ttl": now_s + LOBBY_TTL_S}, expected)
