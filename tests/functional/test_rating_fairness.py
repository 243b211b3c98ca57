"""A throwaway guest who queues with you and leaves at once hands you no rating."""

from __future__ import annotations

from functions.service.rating import Rating
from infra.local.in_process import World


def test_a_normal_match_left_on_the_first_turn_moves_no_rating(world: World) -> None:
    ana, guest = world.connect("Ana"), world.connect("Descartável")
    ana.send("joinQueue", seats=2)
    guest.send("joinQueue", seats=2)
    match_id = ana.last("view")["matchId"]
    guest.send("leave", matchId=match_id)
    ended = ana.last("ended")
    assert ended["mode"] == "normal" and ended["ratings"] == []
    assert "não mexe na classificação" in ended["unrated"]
    profile = world.repository.get_profile(ana.player_id)
    assert profile is not None and profile.matches == 1 and profile.rated == 0
    assert Rating.from_json(profile.rating) == Rating()
    assert world.repository.leaderboard() == []
