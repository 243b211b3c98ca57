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
#: The longest turn of a live table (ten minutes); longer ones are a match at one's own pace.
LIVE_MAX_SECONDS = 600
#: The turn limits of a match at one's own pace ("no seu ritmo"): 1 hour, 8 hours, 24 hours
#: and 3 days. Nobody waits on the page for these: the list of one's matches and the
#: notifications bring a player back.
PACE_SECONDS: tuple[int, ...] = (3600, 8 * 3600, 86400, 3 * 86400)
#: The turn limit of the Normal queue at one's own pace: a day, the pace people keep.
NORMAL_PACE_SECONDS = 86400
#: How long a Solo player may stop their turn's clock (the first-match tour does, while it is
#: read): half an hour, after which the turn runs out as any other would.
SOLO_PAUSE_SECONDS = 1800


def is_paced(turn_seconds: int) -> bool:
    """Whether a turn limit makes a match at one's own pace."""
    return turn_seconds > LIVE_MAX_SECONDS


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
    #: the turns in a row a seat may let run out before it leaves (0: never; a match at
    #: one's own pace sets the deployment's number when it starts)
    timeouts_to_leave: int = 0

    @property
    def paced(self) -> bool:
        """A match at one's own pace: turns of hours or days, not minutes."""
        return is_paced(self.turn_seconds)

    @classmethod
    def for_table(cls, table: RoomSettings, *, mode: Mode, bot_levels: list[int],
                  room: str | None = None, day: str | None = None,
                  seed: str | None = None, missed_turns: int = 0) -> MatchSettings:
        """The settings of a match started at ``table`` with these seats; at one's own
        pace, a seat that lets ``missed_turns`` turns in a row run out leaves."""
        return cls(mode=mode, base="solo" if len(bot_levels) == 1 else "standard",
                   turn_seconds=table.turnSeconds, rounds=table.rounds, cards=table.cards,
                   themed=table.themed, theme_id=table.themeId, spectators=table.spectators,
                   bot_levels=tuple(bot_levels), room=room, day=day, seed=seed,
                   timeouts_to_leave=missed_turns if is_paced(table.turnSeconds) else 0)

    def rules(self) -> RuleSet:
        """The rule set the match is played with: its base with the table's numbers."""
        return RuleSet.named(self.base).with_settings(
            turn_seconds=self.turn_seconds, round_limit=self.rounds, cards=self.cards,
            themed=self.themed, timeouts_to_leave=self.timeouts_to_leave,
            pause_seconds=SOLO_PAUSE_SECONDS if self.mode == "solo" and not self.paced else 0)

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
            if (value is None and key in ("room", "day", "seed")) or \
                    (key == "timeouts_to_leave" and not value):
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
        for name in ("turn_seconds", "rounds", "timeouts_to_leave"):
            if name in values:
                values[name] = int(values[name])
        if values.get("mode") not in (None, *MODES):
            raise ValueError(f"unknown match mode {values['mode']!r}")
        return cls(**values)
