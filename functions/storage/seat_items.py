"""The matches a person sits in: the own-pace seats they hold, and the rows of their list.

- ``PLAYER#<id>`` / ``PACED``: the unfinished matches at one's own pace the person sits in,
  as a string set. A new match adds itself in the transaction that creates it, on condition
  that the set holds fewer than the limit, so two starts racing past the limit cannot both
  win; a finished or left match removes itself (``DELETE`` of a set member: doing it twice is
  harmless). A person's one live match is the ``ACTIVE`` pointer's, as before.
- ``PLAYER#<id>`` / ``SEAT#<match>``: one row of the person's list ("Suas partidas"): whom
  they play, the scores, the theme, the last move, whose turn and until when; written after
  every write of the match (by its outbox), never older over newer (``version``), and frozen
  once the match ended for them (``endedMs``). The list index (``gsi4pk = LIST#<id>``) sorts
  unfinished rows (``P#…``) before finished ones (``E#<ended>``, newest first when read
  backwards), so one Query reads every unfinished match and the latest finished ones, however
  many matches the person played; finished rows go by TTL after a week.
"""

from __future__ import annotations

from typing import Any

from botocore.exceptions import ClientError

from functions.storage.codec import from_item, to_item, value
from functions.storage.table import Table, failed_condition

LIST_INDEX = "byPlayer"
#: how long a finished match stays on its players' lists
FINISHED_LISTED_S = 7 * 86400


def list_key(player_id: str) -> str:
    return f"LIST#{player_id}"


class SeatItems(Table):
    """Reads and writes of the own-pace seats and the list rows."""

    # -- own-pace seats -----------------------------------------------------------------------

    def paced_claim(self, player_id: str, match_id: str, limit: int) -> dict[str, Any]:
        """The transaction item that seats the person in a new own-pace match: refused
        (``ConditionalCheckFailed``) when they already sit in ``limit`` of them."""
        return {"Update": {
            "TableName": self.table,
            "Key": to_item({"pk": f"PLAYER#{player_id}", "sk": "PACED"}),
            "UpdateExpression": "ADD matches :m",
            "ConditionExpression": "attribute_not_exists(matches) OR size(matches) < :limit",
            "ExpressionAttributeValues": {":m": {"SS": [match_id]},
                                          ":limit": value(limit)}}}

    def paced_matches(self, player_id: str) -> list[str]:
        """The own-pace matches the person is counted in (some may have ended meanwhile:
        the caller checks before it refuses anyone)."""
        item = self._get(f"PLAYER#{player_id}", "PACED")
        return sorted(item.get("matches", ())) if item else []

    def release_paced(self, player_id: str, match_id: str) -> None:
        """The match no longer counts against the person's limit (idempotent)."""
        self.writes += 1
        self._count_write(None)
        self.client.update_item(
            TableName=self.table, Key=to_item({"pk": f"PLAYER#{player_id}", "sk": "PACED"}),
            UpdateExpression="DELETE matches :m",
            ExpressionAttributeValues={":m": {"SS": [match_id]}})

    # -- list rows ----------------------------------------------------------------------------

    def put_row(self, player_id: str, match_id: str, row: dict[str, Any], version: int,
                ended_ms: int | None, ttl: int) -> bool:
        """Write the person's row of a match as of ``version``; False (nothing written) when
        the stored row is newer or already ended."""
        values: dict[str, Any] = {
            "pk": f"PLAYER#{player_id}", "sk": f"SEAT#{match_id}", "version": version,
            "row": row, "gsi4pk": list_key(player_id),
            "gsi4sk": f"P#{match_id}" if ended_ms is None else f"E#{ended_ms:015d}",
            "ttl": ttl}
        if ended_ms is not None:
            values["endedMs"] = ended_ms
        try:
            self._put(values, "attribute_not_exists(pk) OR (attribute_not_exists(endedMs) "
                      "AND version <= :v)", values_={":v": version})
        except ClientError as exc:
            if failed_condition(exc):
                return False
            raise
        self.write_units += 1  # the list index's copy
        return True

    def match_rows(self, player_id: str, limit: int) -> list[dict[str, Any]]:
        """Up to ``limit`` rows of the person's list, unfinished ones first, then the most
        recently finished: one Query of the list index, one page."""
        self.reads += 1
        page = self.client.query(
            TableName=self.table, IndexName=LIST_INDEX, ScanIndexForward=False, Limit=limit,
            KeyConditionExpression="gsi4pk = :p",
            ExpressionAttributeValues={":p": value(list_key(player_id))})
        items = page.get("Items", [])
        self._count_read(items)
        return [from_item(i) for i in items]
