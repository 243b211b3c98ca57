"""A person's profile as the client sees it (the ``player`` of ``welcome`` and ``ended``):
rating, match counts, badges and the looks they have earned."""

from __future__ import annotations

from functions.protocol.server import PlayerInfo
from functions.service import cosmetics
from functions.service.rating import Rating
from functions.storage.repository import Profile


def player_info(profile: Profile, name: str) -> PlayerInfo:
    """``name`` is the identity's (a profile keeps the name it was created with)."""
    rating = Rating.from_json(profile.rating)
    return PlayerInfo(id=profile.player_id, name=name, rating=round(rating.rating, 1),
                      deviation=round(rating.deviation, 1), matches=profile.matches,
                      ratedMatches=profile.rated, badges=list(profile.badges),
                      styles=cosmetics.styles(profile.matches, profile.badges),
                      tileStyle=profile.tile_style,
                      boardStyles=cosmetics.board_styles(profile.matches, profile.badges),
                      boardStyle=profile.board_style)
