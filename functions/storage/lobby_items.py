"""The lobby's items in the game's table: Normal queue tables, Customizada rooms, the pointers
that say where a person waits, and the Desafio do dia."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from botocore.exceptions import ClientError

from functions.storage.codec import from_item, to_item, value
from functions.storage.table import LOBBY_TTL_S, Table, failed_condition


@dataclass(frozen=True)
class QueueTable:
    table_id: str
    seats: int
    players: list[dict[str, Any]]  # {id, name, rating}
    fill_at_ms: int
    version: int = 0
    match_id: str | None = None
    #: the queue of matches at one's own pace (its own tables, 24-hour turns)
    paced: bool = False


@dataclass(frozen=True)
class Room:
    code: str
    host: str
    settings: dict[str, Any]
    players: list[dict[str, Any]] = field(default_factory=list)  # {id, name}
    status: str = "open"
    match_id: str | None = None
    version: int = 0


def queue_key(seats: int, paced: bool = False) -> str:
    """The partition of one queue: ``QUEUE#<seats>``, ``QUEUE#<seats>#ritmo`` at one's own
    pace."""
    return f"QUEUE#{seats}#ritmo" if paced else f"QUEUE#{seats}"


class LobbyItems(Table):
    """Reads and writes of queue tables, rooms and daily challenges."""

    # -- the Normal queue ---------------------------------------------------------------------

    def open_table_id(self, seats: int, paced: bool = False) -> str | None:
        """The table the queue of this size is filling now (``QUEUE#<seats>`` / ``OPEN``)."""
        item = self._get(queue_key(seats, paced), "OPEN")
        return str(item["tableId"]) if item else None

    def open_new_table(self, table: QueueTable, replaces: str | None, now_s: int) -> bool:
        """Put a new table and make it the queue's open one, in one transaction, if the
        queue's open table is still ``replaces`` (None: there is none); False if another
        joiner opened one first."""
        pointer: dict[str, Any] = {
            "TableName": self.table,
            "Item": to_item({"pk": queue_key(table.seats, table.paced), "sk": "OPEN",
                             "tableId": table.table_id, "ttl": now_s + LOBBY_TTL_S})}
        if replaces is None:
            pointer["ConditionExpression"] = "attribute_not_exists(pk)"
        else:
            pointer["ConditionExpression"] = "tableId = :old"
            pointer["ExpressionAttributeValues"] = {":old": value(replaces)}
        new = {"TableName": self.table, "ConditionExpression": "attribute_not_exists(pk)",
               "Item": to_item(self._table_values(table, now_s))}
        return not self._transact([{"Put": pointer}, {"Put": new}])

    def join_table(self, seats: int, table_id: str, player: dict[str, Any], now_ms: int,
                   now_s: int, paced: bool = False) -> QueueTable | None:
        """Take a seat at the table, in one conditional update: only while it is still
        waiting (not closed, not empty, its fill time ahead), has a free seat and does not
        seat this player yet. Concurrent joiners never conflict: each gets the next seat
        until the table is full. None when the table cannot take them."""
        self.writes += 1
        self._count_write(None)
        try:
            found = self.client.update_item(
                TableName=self.table,
                Key=to_item({"pk": queue_key(seats, paced), "sk": f"TABLE#{table_id}"}),
                UpdateExpression="SET players = list_append(players, :me), "
                                 "version = version + :one, #ttl = :ttl ADD ids :id",
                ConditionExpression="attribute_exists(pk) AND attribute_not_exists(matchId) "
                                    "AND size(players) BETWEEN :one AND :below "
                                    "AND fillAtMs > :now AND NOT contains(ids, :pid)",
                ExpressionAttributeNames={"#ttl": "ttl"},
                ExpressionAttributeValues={
                    ":me": value([player]), ":one": value(1), ":below": value(seats - 1),
                    ":now": value(now_ms), ":id": {"SS": [str(player["id"])]},
                    ":pid": value(str(player["id"])), ":ttl": value(now_s + LOBBY_TTL_S)},
                ReturnValues="ALL_NEW")
        except ClientError as exc:
            if failed_condition(exc):
                return None
            raise
        return self._table(from_item(found["Attributes"]))

    def get_table(self, seats: int, table_id: str, paced: bool = False) -> QueueTable | None:
        item = self._get(queue_key(seats, paced), f"TABLE#{table_id}")
        return self._table(item) if item else None

    def delete_table(self, seats: int, table_id: str, paced: bool = False) -> None:
        """A closed table is gone at once: its match has started."""
        self._delete(queue_key(seats, paced), f"TABLE#{table_id}")

    @staticmethod
    def _table(item: dict[str, Any]) -> QueueTable:
        return QueueTable(str(item["sk"]).removeprefix("TABLE#"), int(item["seats"]),
                          list(item["players"]), int(item["fillAtMs"]), int(item["version"]),
                          item.get("matchId"), str(item["pk"]).endswith("#ritmo"))

    @staticmethod
    def _table_values(table: QueueTable, now_s: int) -> dict[str, Any]:
        # ``ids``: the seated players' ids as a string set, for the join's condition (an
        # empty set cannot be stored: no attribute then).
        return {"pk": queue_key(table.seats, table.paced), "sk": f"TABLE#{table.table_id}",
                "seats": table.seats, "players": table.players,
                "ids": {str(p["id"]) for p in table.players} or None,
                "fillAtMs": table.fill_at_ms, "version": table.version,
                "matchId": table.match_id, "ttl": now_s + LOBBY_TTL_S}

    def put_table(self, table: QueueTable, expected: int | None, now_s: int) -> None:
        self._versioned_put(self._table_values(table, now_s), expected)

    def set_queue_pointer(self, player_id: str, seats: int, table_id: str, now_s: int,
                          paced: bool = False) -> None:
        self._put({"pk": f"PLAYER#{player_id}", "sk": "QUEUE", "seats": seats,
                   "tableId": table_id, "paced": paced, "ttl": now_s + LOBBY_TTL_S})

    def get_queue_pointer(self, player_id: str) -> tuple[int, str, bool] | None:
        """The queue table the player waits at: its size, its id, whether it is the queue at
        one's own pace."""
        item = self._get(f"PLAYER#{player_id}", "QUEUE")
        return (int(item["seats"]), str(item["tableId"]), bool(item.get("paced"))) \
            if item else None

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
            if not failed_condition(exc):
                raise
        item = self._get(f"DAILY#{day}", "SEED")
        assert item is not None
        return str(item["seed"]), str(item["themeId"])

    def claim_daily(self, player_id: str, name_key: str, day: str, match_id: str,
                    now_s: int) -> str | None:
        """The one attempt of the day, for the player and for their name (``name_key``, the
        name as people read it: see ``service/daily.py``), in one transaction: None when
        taken now, "played" when this player already has one, "name" when another player
        took the day's attempt under this name."""
        ttl = now_s + 3 * 86400
        attempt = {"TableName": self.table, "ConditionExpression": "attribute_not_exists(pk)",
                   "Item": to_item({"pk": f"PLAYER#{player_id}", "sk": f"DAILY#{day}",
                                    "matchId": match_id, "ttl": ttl})}
        name = {"TableName": self.table,
                "ConditionExpression": "attribute_not_exists(pk) OR player = :p",
                "ExpressionAttributeValues": {":p": value(player_id)},
                "Item": to_item({"pk": f"DAILY#{day}", "sk": f"NAME#{name_key}",
                                 "player": player_id, "ttl": ttl})}
        reasons = self._transact([{"Put": attempt}, {"Put": name}])
        if not reasons:
            return None
        return "played" if reasons[0] == "ConditionalCheckFailed" else "name"

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

    def set_room_pointer(self, player_id: str, code: str, now_s: int) -> None:
        self._put({"pk": f"PLAYER#{player_id}", "sk": "ROOM", "code": code,
                   "ttl": now_s + LOBBY_TTL_S})

    def get_room_pointer(self, player_id: str) -> str | None:
        """The room the player last entered (the room itself says whether they still are)."""
        item = self._get(f"PLAYER#{player_id}", "ROOM")
        return str(item["code"]) if item else None

    def clear_room_pointer(self, player_id: str, code: str) -> None:
        """Forget the pointer, unless it already names another room."""
        self.writes += 1
        self._count_write(None)
        try:
            self.client.delete_item(
                TableName=self.table, Key=to_item({"pk": f"PLAYER#{player_id}", "sk": "ROOM"}),
                ConditionExpression="code = :c", ExpressionAttributeValues={":c": value(code)})
        except ClientError as exc:
            if not failed_condition(exc):
                raise
