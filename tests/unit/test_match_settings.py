"""A match's settings: the rules' own defaults, stored and read back as the same value, one
key style (the protocol's) in the item, and the rule set a custom table makes."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from engine.cards import CARDS
from engine.rules import RuleSet
from functions.protocol.client import RoomSettings
from functions.protocol.refusals import explain
from functions.protocol.settings import (
    DEFAULT_BOT_LEVEL,
    MODES,
    PACE_SECONDS,
    SOLO_PAUSE_SECONDS,
    MatchSettings,
)
from functions.service.catalog import catalog

STANDARD = RuleSet.standard()


def test_the_defaults_are_the_rules_own_everywhere() -> None:
    settings, table = MatchSettings(), RoomSettings()
    assert (settings.turn_seconds, settings.rounds) == (STANDARD.turn_seconds,
                                                        STANDARD.round_limit)
    assert (table.turnSeconds, table.rounds) == (STANDARD.turn_seconds, STANDARD.round_limit)
    assert (settings.cards, settings.themed) == (table.cards, table.themed) == (True, True)
    assert MatchSettings(mode="normal").rules() == STANDARD
    # Solo alone lets its seat stop the clock (nobody waits there: the tour does it)
    assert MatchSettings(mode="solo").rules() == STANDARD.with_settings(
        pause_seconds=SOLO_PAUSE_SECONDS)


def test_a_custom_table_makes_its_rule_set_and_one_seat_plays_solo() -> None:
    table = RoomSettings(turnSeconds=30, rounds=4, cards=False, themed=False)
    settings = MatchSettings.for_table(table, mode="room", bot_levels=[0, 2], room="ABCD")
    rules = settings.rules()
    assert (rules.name, rules.turn_seconds, rules.round_limit, rules.cards, rules.themed) == \
        ("standard", 30, 4, False, False)
    solo = MatchSettings.for_table(table, mode="solo", bot_levels=[0]).rules()
    assert (solo.name, solo.max_seats) == ("solo", 1)


def test_the_item_uses_the_protocols_keys_and_leaves_unset_ones_out() -> None:
    item = MatchSettings.for_table(RoomSettings(themeId="futebol"), mode="normal",
                                   bot_levels=[0, 3]).to_item()
    assert item == {"mode": "normal", "base": "standard", "turnSeconds": 90, "rounds": 15,
                    "cards": True, "themed": True, "themeId": "futebol", "spectators": True,
                    "botLevels": [0, 3]}



@pytest.mark.parametrize("seconds", PACE_SECONDS)
def test_an_own_pace_table_lets_a_seat_go_after_its_missed_turns(seconds: int) -> None:
    stored = MatchSettings.for_table(RoomSettings(turnSeconds=seconds), mode="solo",
                                     bot_levels=[0, 2], missed_turns=3)
    assert stored.paced and stored.rules().timeouts_to_leave == 3
    assert stored.rules().turn_seconds == seconds
    assert MatchSettings.from_item(stored.to_item()) == stored
    live = MatchSettings.for_table(RoomSettings(turnSeconds=600), mode="solo",
                                   bot_levels=[0], missed_turns=3)
    assert not live.paced and live.rules().timeouts_to_leave == 0
    assert live.rules().pause_seconds and not stored.rules().pause_seconds


@pytest.mark.parametrize("seconds", [601, 3599, 7200, 86401, 4 * 86400])
def test_a_turn_limit_is_live_or_one_of_the_own_pace_ones(seconds: int) -> None:
    with pytest.raises(ValidationError) as refused:
        RoomSettings(turnSeconds=seconds)
    assert "24 horas" in explain(refused.value, skip=0) or "no máximo" in explain(
        refused.value, skip=0)


settings_values = st.builds(
    MatchSettings, mode=st.sampled_from(MODES), base=st.sampled_from(["standard", "solo"]),
    turn_seconds=st.integers(20, 600), rounds=st.integers(1, 50), cards=st.booleans(),
    themed=st.booleans(), theme_id=st.none() | st.sampled_from(["futebol", "praia"]),
    spectators=st.booleans(),
    bot_levels=st.lists(st.integers(0, 5), min_size=1, max_size=4).map(tuple),
    room=st.none() | st.just("ABCD"), day=st.none() | st.just("2026-12-02"),
    seed=st.none() | st.just("s"))


@given(settings_values)
def test_stored_settings_read_back_as_the_same_value(settings: MatchSettings) -> None:
    assert MatchSettings.from_item(settings.to_item()) == settings


def test_an_older_item_reads_with_defaults_and_a_bad_mode_is_refused() -> None:
    old = MatchSettings.from_item({"mode": "solo", "botLevels": [0, None, 4]})
    assert old.turn_seconds == STANDARD.turn_seconds and old.bot_levels == (0, 0, 4)
    with pytest.raises(ValueError, match="blitz"):
        MatchSettings.from_item({"mode": "blitz"})


def test_a_seats_bot_level_is_read_in_one_place() -> None:
    settings = MatchSettings(bot_levels=(0, 0, 5))
    assert settings.bot_level(2) == 5
    assert settings.bot_level(1) == settings.bot_level(7) == DEFAULT_BOT_LEVEL


def test_a_rematch_table_has_the_same_numbers_and_bots() -> None:
    table = RoomSettings(turnSeconds=30, rounds=2, cards=False, bots=2, botLevel=2,
                         spectators=False)
    settings = MatchSettings.for_table(table, mode="solo", bot_levels=[0, 2, 2])
    assert settings.table() == table


def test_the_catalogues_forms_start_from_the_rules_and_offer_what_the_server_takes() -> None:
    """The page draws its Solo and room forms from the welcome's catalogue: their starting
    values are the room settings' defaults (a Solo form starts against one bot), each number's
    limits are exactly what a room's settings accept, and every choice offered is accepted."""
    form = catalog().form
    assert form.room.model_dump() == RoomSettings().model_dump()
    assert form.solo.model_dump() == RoomSettings(bots=1).model_dump()
    for name in ("turnSeconds", "rounds", "bots"):
        choice = getattr(form, name)
        for value in (choice.min, choice.max, *choice.choices):
            RoomSettings.model_validate({name: value})
        for value in (choice.min - 1, choice.max + 1):
            with pytest.raises(ValueError):
                RoomSettings.model_validate({name: value})
        assert getattr(form.solo, name) in choice.choices
        assert getattr(form.room, name) in choice.choices
    levels = [level.level for level in form.botLevels]
    assert levels == list(range(1, 6)) and form.solo.botLevel in levels
    for value in (0, 6):
        with pytest.raises(ValueError):
            RoomSettings(botLevel=value)
    assert (form.seats.min, form.seats.max) == (STANDARD.min_seats, STANDARD.max_seats)
    assert form.queueSeats in form.seats.choices and form.bots.max == form.seats.max - 1


def test_the_catalogue_names_every_card_and_values_every_tile() -> None:
    data = catalog()
    assert [card.id for card in data.cards] == list(CARDS)
    assert all(card.name == CARDS[card.id].name and card.shortName for card in data.cards)
    assert data.tileValues == dict(STANDARD.tile_values)
