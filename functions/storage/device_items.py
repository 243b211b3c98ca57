"""The items of a player's devices and of the one-time codes that add a device.

- ``PLAYER#<id>`` / ``DEVICE#<device>``: a device the player's tokens name (label, created,
  last seen; ``ttl`` when its token would have expired anyway). A token whose device item is
  gone is signed out: deleting the item is the sign-out;
- ``LINK#<digest>`` / ``LINK``: a one-time code, kept only as a keyed digest, with the player
  it carries, when it expires and, once redeemed, when (``usedAt``): a used code is told from
  an unknown one until DynamoDB's TTL removes it;
- ``ONCE#upgrade#<device>`` / ``ONCE``: a token made before devices existed was given this
  device (:meth:`DeviceItems.upgrade`), so that it is given a device only once.

The connections a device holds are the player's ``PLAYER#<id>`` / ``CONN#<id>`` pointers,
which carry the device (``functions/storage/repository.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from botocore.exceptions import ClientError

from functions.storage.codec import to_item, value
from functions.storage.table import Table, failed_condition

#: a code's item is kept this long past its expiry, so a late try is told "expired"/"used"
LINK_KEPT_S = 86400


@dataclass(frozen=True)
class Device:
    device_id: str
    label: str
    created_s: int
    last_seen_s: int


@dataclass(frozen=True)
class LinkCode:
    """A stored code: whose it is, until when it is good, and when it was used (if it was)."""

    player_id: str
    name: str
    expires_s: int
    used_s: int | None = None


def _device_key(player_id: str, device_id: str) -> dict[str, Any]:
    return to_item({"pk": f"PLAYER#{player_id}", "sk": f"DEVICE#{device_id}"})


def _device(item: dict[str, Any]) -> Device:
    return Device(str(item["sk"]).removeprefix("DEVICE#"), str(item.get("label", "")),
                  int(item.get("createdAt", 0)), int(item.get("lastSeen", 0)))


class DeviceItems(Table):
    """Devices and link codes in the one table, through the injected boto3 client."""

    def _device_values(self, player_id: str, device: Device, ttl: int) -> dict[str, Any]:
        return {"pk": f"PLAYER#{player_id}", "sk": f"DEVICE#{device.device_id}",
                "label": device.label, "createdAt": device.created_s,
                "lastSeen": device.last_seen_s, "ttl": ttl}

    # -- devices ------------------------------------------------------------------------------

    def put_device(self, player_id: str, device: Device, ttl: int) -> None:
        """Register a new device (its id is fresh: a clash is a bug, and raises)."""
        self._put(self._device_values(player_id, device, ttl), "attribute_not_exists(pk)")

    def upgrade(self, player_id: str, device: Device, ttl: int) -> bool:
        """Give a token made before devices existed the device ``device`` (its id derived from
        the token), and record that it was given one, in one transaction; False when that
        token was already given it (then its device item says whether it is still there)."""
        marker = {"Put": {"TableName": self.table,
                          "ConditionExpression": "attribute_not_exists(pk)",
                          "Item": to_item({"pk": f"ONCE#upgrade#{device.device_id}",
                                           "sk": "ONCE", "ttl": ttl})}}
        put = {"Put": {"TableName": self.table,
                       "Item": to_item(self._device_values(player_id, device, ttl))}}
        return not self._transact([marker, put])

    def get_device(self, player_id: str, device_id: str) -> Device | None:
        """The device, read strongly consistent: a sign-out a moment ago is seen."""
        item = self._get(f"PLAYER#{player_id}", f"DEVICE#{device_id}")
        return _device(item) if item else None

    def touch_device(self, player_id: str, device_id: str, now_s: int) -> bool:
        """Note that the device was seen now; False when it is gone (signed out meanwhile:
        it is not brought back)."""
        self.writes += 1
        self._count_write(None)
        try:
            self.client.update_item(
                TableName=self.table, Key=_device_key(player_id, device_id),
                UpdateExpression="SET lastSeen = :now",
                ConditionExpression="attribute_exists(pk)",
                ExpressionAttributeValues={":now": value(now_s)})
        except ClientError as exc:
            if failed_condition(exc):
                return False
            raise
        return True

    def devices(self, player_id: str) -> list[Device]:
        items = self._query(
            ConsistentRead=True, KeyConditionExpression="pk = :p AND begins_with(sk, :d)",
            ExpressionAttributeValues={":p": value(f"PLAYER#{player_id}"),
                                       ":d": value("DEVICE#")})
        return [_device(i) for i in items]

    def delete_device(self, player_id: str, device_id: str) -> bool:
        """Sign the device out; False when it was not there."""
        self.writes += 1
        self._count_write(None)
        try:
            self.client.delete_item(TableName=self.table, Key=_device_key(player_id, device_id),
                                    ConditionExpression="attribute_exists(pk)")
        except ClientError as exc:
            if failed_condition(exc):
                return False
            raise
        return True

    def device_connections(self, player_id: str) -> list[tuple[str, str | None]]:
        """The player's open connections, each with the device it was opened from (None for
        one opened before connections carried it)."""
        items = self._query(
            ConsistentRead=True, KeyConditionExpression="pk = :p AND begins_with(sk, :c)",
            ExpressionAttributeValues={":p": value(f"PLAYER#{player_id}"), ":c": value("CONN#")})
        return [(str(i["sk"]).removeprefix("CONN#"),
                 str(i["device"]) if "device" in i else None) for i in items]

    # -- link codes ---------------------------------------------------------------------------

    def put_link(self, digest: str, code: LinkCode) -> bool:
        """Store a new code; False if its digest is taken (draw another)."""
        try:
            self._put({"pk": f"LINK#{digest}", "sk": "LINK", "playerId": code.player_id,
                       "name": code.name, "expires": code.expires_s,
                       "ttl": code.expires_s + LINK_KEPT_S}, "attribute_not_exists(pk)")
        except ClientError as exc:
            if failed_condition(exc):
                return False
            raise
        return True

    def get_link(self, digest: str) -> LinkCode | None:
        item = self._get(f"LINK#{digest}", "LINK")
        if item is None:
            return None
        used = item.get("usedAt")
        return LinkCode(str(item["playerId"]), str(item["name"]), int(item["expires"]),
                        int(used) if used is not None else None)

    def redeem(self, digest: str, code: LinkCode, device: Device, now_s: int,
               ttl: int) -> bool:
        """Use the code and register the new device, all or nothing, on condition that the
        code is still unused, unexpired and the player's: of two redeems of one code, one
        wins and the other is False."""
        use = {"Update": {
            "TableName": self.table, "Key": to_item({"pk": f"LINK#{digest}", "sk": "LINK"}),
            "UpdateExpression": "SET usedAt = :now",
            "ConditionExpression": "attribute_exists(pk) AND attribute_not_exists(usedAt) "
                                   "AND expires > :now AND playerId = :p",
            "ExpressionAttributeValues": {":now": value(now_s),
                                          ":p": value(code.player_id)}}}
        put = {"Put": {"TableName": self.table, "ConditionExpression": "attribute_not_exists(pk)",
                       "Item": to_item(self._device_values(code.player_id, device, ttl))}}
        return not self._transact([use, put])
