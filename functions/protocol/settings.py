"""A match's settings (:class:`MatchSettings`), stored with it, and the rule set they make.

A match item stores its settings beside the state, because a Customizada room changes numbers
(turn time, rounds, cards, theme) that the state's rule-set name alone does not carry, and
the service needs what the state does not say: how the match was started (its mode, its
room, the daily challenge's day), each seat's bot level. The defaults are the rules' own
(:meth:`engine.rules.RuleSet.standard`), so a change of the standard game's numbers reaches
the room form, the stored settings and the match at once.

Stored with the protocol's key style (``turnSeconds``, ``botLevels``), the keys a client's
room settings use; it lives beside the messages because the storage, the service and the
frames all read it.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import TYPE_CHECKING, Any, Literal

from engine.rules import RuleSet

if TYPE_CHECKING:  # the models load pydantic: the storage reads settings without it
    from functions.protocol.client import RoomSettings

#: The standard game's numbers: a table's defaults and its seat limits are the rules' own.
STANDARD = RuleSet.standard()
#: The bots' level when a table does not choose one (Normal, the middle of five).
DEFAULT_BOT_LEVEL = 3

Mode = Literal["solo", "normal", "room", "daily"]
MODES: tuple[Mode, ...] = ("solo", "normal", "room", "daily")
#: How long a Solo player may stop their turn's clock (the first-match tour does, while it is
#: read): half an hour, after which the turn runs out as any other would.
SOLO_PAUSE_SECONDS = 1800


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part.title() for part in rest)


@dataclass(frozen=True)
class MatchSettings:
    """Everything a match was started with that its state does not hold."""

    #: how it was started: what "play again" does and whether it is rated
    mode: Mode = "solo"
    #: the rule set the numbers below change: ``solo`` for one seat, ``standard`` otherwise
    base: str = "standard"
    turn_seconds: int = STANDARD.turn_seconds
    rounds: int = STANDARD.round_limit
    cards: bool = STANDARD.cards
    themed: bool = STANDARD.themed
    #: the table's chosen theme; None draws one at random
    theme_id: str | None = None
    #: anyone with the match's link may watch it live
    spectators: bool = True
    #: each seat's bot level, 0 for a person
    bot_levels: tuple[int, ...] = field(default_factory=tuple)
    #: the room a room's match was started from (a rematch reopens it)
    room: str | None = None
    #: the daily challenge's day and seed (every player of the day gets the same bag)
    day: str | None = None
    seed: str | None = None

    @classmethod
    def for_table(cls, table: RoomSettings, *, mode: Mode, bot_levels: list[int],
                  room: str | None = None, day: str | None = None,
                  seed: str | None = None) -> MatchSettings:
        """The settings of a match started at ``table`` with these seats."""
        return cls(mode=mode, base="solo" if len(bot_levels) == 1 else "standard",
                   turn_seconds=table.turnSeconds, rounds=table.rounds, cards=table.cards,
                   themed=table.themed, theme_id=table.themeId, spectators=table.spectators,
                   bot_levels=tuple(bot_levels), room=room, day=day, seed=seed)

    def rules(self) -> RuleSet:
        """The rule set the match is played with: its base with the table's numbers."""
        return RuleSet.named(self.base).with_settings(
            turn_seconds=self.turn_seconds, round_limit=self.rounds, cards=self.cards,
            themed=self.themed, pause_seconds=SOLO_PAUSE_SECONDS if self.mode == "solo" else 0)

    def bot_level(self, seat: int) -> int:
        """The level of the bot in ``seat`` (a seat whose level was not stored plays at the
        default level)."""
        levels = self.bot_levels
        return levels[seat] if seat < len(levels) and levels[seat] else DEFAULT_BOT_LEVEL

    def table(self) -> RoomSettings:
        """The table this match was played at, as room settings (for a rematch): its numbers
        and its bots, their count and level (a theme drawn at random is drawn again)."""
        from functions.protocol.client import RoomSettings

        bots = [level for level in self.bot_levels if level]
        return RoomSettings(turnSeconds=self.turn_seconds, rounds=self.rounds,
                            cards=self.cards, themed=self.themed, themeId=self.theme_id,
                            spectators=self.spectators, bots=len(bots),
                            botLevel=bots[0] if bots else DEFAULT_BOT_LEVEL)

    def to_item(self) -> dict[str, Any]:
        """As stored in the match item: the protocol's keys; unset optional keys left out."""
        out: dict[str, Any] = {}
        for key, value in asdict(self).items():
            if value is None and key in ("room", "day", "seed"):
                continue
            out[_camel(key)] = list(value) if isinstance(value, tuple) else value
        return out

    @classmethod
    def from_item(cls, item: dict[str, Any]) -> MatchSettings:
        """Read stored settings; a key an older item lacks takes its default."""
        values: dict[str, Any] = {}
        for spec in fields(cls):
            key = _camel(spec.name)
            if key in item:
                values[spec.name] = item[key]
        if "bot_levels" in values:
            values["bot_levels"] = tuple(int(level or 0) for level in values["bot_levels"])
        for name in ("turn_seconds", "rounds"):
            if name in values:
                values[name] = int(values[name])
        if values.get("mode") not in (None, *MODES):
            raise ValueError(f"unknown match mode {values['mode']!r}")
        return cls(**values)
