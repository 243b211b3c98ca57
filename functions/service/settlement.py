"""A finished match's settlement: each person's match count and badges, and, for a Normal
match, their ratings; applied once (the match's ``rated`` flag is set in the same
transaction as the profiles)."""

from __future__ import annotations

from dataclasses import replace

from engine.state import MatchState
from functions.protocol.server import PlayerInfo, RatingChange, SeatBadges
from functions.service import cosmetics, fair_rating
from functions.service.context import Context
from functions.service.profiles import player_info
from functions.service.rating import Rating
from functions.storage.repository import MatchRecord, Profile


def settle(ctx: Context, record: MatchRecord, state: MatchState
           ) -> tuple[list[RatingChange], list[SeatBadges], dict[int, PlayerInfo]]:
    """Once per finished match: the people's match counts and badges, and, for Normal
    matches only, their ratings (bots count at their level's nominal rating). A room among
    friends or a solo match against chosen bots is practice and must not move a rating the
    matchmaking relies on."""
    from engine.bots.levels import level  # the bots' nominal ratings; the search stays unloaded

    repo = ctx.repository
    if record.rated or state.result is None:
        return [], [], {}
    ranks = [0] * len(state.seats)
    for row in state.result["ranking"]:
        ranks[int(row["seat"])] = int(row["rank"])
    rated = record.settings.mode == "normal" and len(state.seats) >= 2 and \
        fair_rating.unrated_reason(state) is None
    profiles: list[Profile | None] = []
    before = []
    for seat, player_id in enumerate(record.players):
        if player_id:
            profile = repo.get_profile(player_id) or Profile(
                player_id, state.seats[seat].name, Rating().to_json())
            profiles.append(profile)
            before.append(Rating.from_json(profile.rating))
        else:
            profiles.append(None)
            nominal = level(record.settings.bot_level(seat))
            before.append(Rating(float(nominal.rating), 100.0))
    after = fair_rating.fair_match_update(before, ranks) if rated else before
    updated, badges = [], []
    for seat, person in enumerate(profiles):
        if person is None:
            continue
        matches = person.matches + 1
        new = cosmetics.earned(matches, ranks[seat], len(state.seats),
                               state.seats[seat].longest_word, person.badges)
        badges.append(SeatBadges(seat=seat, badges=new))
        updated.append(replace(person, rating=after[seat].to_json(), matches=matches,
                               rated=person.rated + (1 if rated else 0),
                               badges=(*person.badges, *new), version=person.version + 1))
    if not repo.mark_rated(record, updated, ctx.now_s()):
        return [], [], {}
    day = record.settings.day if record.settings.mode == "daily" else None
    if day and record.players and record.players[0]:
        repo.put_daily_score(day, record.players[0],
                             state.seats[0].name, state.seats[0].score, record.match_id,
                             ctx.now_s())
    ctx.count("matches_settled")
    changes = [RatingChange(seat=i, before=round(before[i].rating, 1),
                            after=round(after[i].rating, 1))
               for i, p in enumerate(profiles) if p is not None and rated]
    seat_of = {p.player_id: i for i, p in enumerate(profiles) if p is not None}
    infos = {seat_of[p.player_id]: player_info(p, state.seats[seat_of[p.player_id]].name)
             for p in updated}
    return changes, badges, infos
