"""Glicko-2 ratings: the paper's worked example, match scoring and invariants over random input."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from functions.service.rating import (
    MAX_DEVIATION,
    Rating,
    conservative,
    match_update,
    update,
)

ratings = st.builds(
    Rating,
    rating=st.floats(min_value=0.0, max_value=3500.0),
    deviation=st.floats(min_value=1.0, max_value=MAX_DEVIATION),
    volatility=st.floats(min_value=0.001, max_value=0.5),
)
scores = st.sampled_from([0.0, 0.5, 1.0])


def test_paper_example() -> None:
    # Glickman, "Example of the Glicko-2 system", steps 1 to 8.
    player = Rating(1500.0, 200.0, 0.06)
    results = [
        (Rating(1400.0, 30.0), 1.0),
        (Rating(1550.0, 100.0), 0.0),
        (Rating(1700.0, 300.0), 0.0),
    ]
    new = update(player, results)
    assert new.rating == pytest.approx(1464.06, abs=0.01)
    assert new.deviation == pytest.approx(151.52, abs=0.01)
    assert new.volatility == pytest.approx(0.05999, abs=1e-4)


def test_no_games_only_grows_deviation() -> None:
    player = Rating(1620.0, 80.0, 0.06)
    new = update(player, [])
    assert new.rating == player.rating
    assert new.volatility == player.volatility
    assert new.deviation > player.deviation
    assert new.deviation == pytest.approx(math.hypot(80.0 / 173.7178, 0.06) * 173.7178)


def test_no_games_caps_deviation() -> None:
    assert update(Rating(1500.0, 349.9, 0.06), []).deviation == MAX_DEVIATION
    assert update(Rating(), []).deviation == MAX_DEVIATION


def test_win_raises_and_loss_lowers() -> None:
    player, opponent = Rating(1500.0, 120.0), Rating(1500.0, 120.0)
    assert update(player, [(opponent, 1.0)]).rating > player.rating
    assert update(player, [(opponent, 0.0)]).rating < player.rating
    assert update(player, [(opponent, 1.0)]).deviation < player.deviation


def test_update_rejects_bad_arguments() -> None:
    with pytest.raises(ValueError, match="score"):
        update(Rating(), [(Rating(), 1.5)])
    with pytest.raises(ValueError, match="score"):
        update(Rating(), [(Rating(), math.nan)])
    with pytest.raises(ValueError, match="tau"):
        update(Rating(), [], tau=0.0)


def test_two_player_match_is_symmetric() -> None:
    winner, loser = match_update([Rating(), Rating()], [1, 2])
    assert winner.rating > 1500.0 > loser.rating
    assert winner.rating - 1500.0 == pytest.approx(1500.0 - loser.rating)
    assert winner.deviation == pytest.approx(loser.deviation)


def test_four_player_match_orders_by_rank() -> None:
    new = match_update([Rating()] * 4, [1, 2, 3, 4])
    values = [r.rating for r in new]
    assert values == sorted(values, reverse=True)
    assert len(set(values)) == 4
    assert values[0] > 1500.0 > values[3]


def test_match_uses_ratings_before_the_match() -> None:
    # Ranks listed in another seat order must give each player the same result.
    a, b, c = Rating(1600.0, 90.0), Rating(1450.0, 200.0), Rating(1500.0, 300.0)
    first = match_update([a, b, c], [2, 1, 3])
    second = match_update([c, a, b], [3, 2, 1])
    assert first[0] == pytest.approx(second[1])
    assert first[1] == pytest.approx(second[2])
    assert first[2] == pytest.approx(second[0])


def test_draw_between_equals_changes_no_rating() -> None:
    start = Rating(1580.0, 150.0, 0.06)
    new = match_update([start, start, start], [1, 1, 1])
    assert all(r.rating == start.rating for r in new)
    assert new[0] == new[1] == new[2]
    assert new[0].deviation < start.deviation


def test_match_update_validates_shape() -> None:
    with pytest.raises(ValueError, match="ranks"):
        match_update([Rating(), Rating()], [1])
    with pytest.raises(ValueError, match="at least 2"):
        match_update([Rating()], [1])
    with pytest.raises(ValueError, match="at least 2"):
        match_update([], [])


def test_conservative() -> None:
    assert conservative(Rating(1700.0, 100.0)) == 1500.0
    assert conservative(Rating()) == 800.0


def test_json_round_trip_example() -> None:
    data = Rating(1512.5, 87.25, 0.0601).to_json()
    assert data == {"rating": 1512.5, "deviation": 87.25, "volatility": 0.0601}
    assert Rating.from_json(data) == Rating(1512.5, 87.25, 0.0601)
    assert Rating.from_json({"rating": 1500, "deviation": 350, "volatility": 0.06}) == Rating()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (None, "JSON object"),
        ([1500.0, 350.0, 0.06], "JSON object"),
        ({"rating": 1500.0, "deviation": 350.0}, "missing"),
        ({"rating": 1500.0, "deviation": 350.0, "volatility": 0.06, "x": 1}, "unknown"),
        ({"rating": "1500", "deviation": 350.0, "volatility": 0.06}, "'rating' must be a number"),
        ({"rating": 1500.0, "deviation": True, "volatility": 0.06}, "must be a number"),
        ({"rating": math.inf, "deviation": 350.0, "volatility": 0.06}, "finite"),
        ({"rating": math.nan, "deviation": 350.0, "volatility": 0.06}, "finite"),
        ({"rating": 1500.0, "deviation": 0.0, "volatility": 0.06}, "deviation"),
        ({"rating": 1500.0, "deviation": 351.0, "volatility": 0.06}, "deviation"),
        ({"rating": 1500.0, "deviation": 350.0, "volatility": -0.06}, "volatility"),
        ({"rating": 1500.0, "deviation": 350.0, "volatility": 0.0}, "volatility"),
    ],
)
def test_bad_json_rejected(data: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Rating.from_json(data)


@settings(max_examples=100, deadline=None)
@given(ratings)
def test_json_round_trip(rating: Rating) -> None:
    assert Rating.from_json(rating.to_json()) == rating


@settings(max_examples=100, deadline=None)
@given(ratings, st.lists(st.tuples(ratings, scores), max_size=8))
def test_update_stays_in_range(player: Rating, results: list[tuple[Rating, float]]) -> None:
    new = update(player, results)
    assert math.isfinite(new.rating)
    assert math.isfinite(new.volatility)
    assert new.volatility > 0.0
    assert 0.0 < new.deviation <= MAX_DEVIATION


@settings(max_examples=100, deadline=None)
@given(st.lists(ratings, min_size=2, max_size=4).flatmap(
    lambda rs: st.tuples(
        st.just(rs), st.lists(st.integers(1, 4), min_size=len(rs), max_size=len(rs))
    )
))
def test_match_update_stays_in_range(case: tuple[list[Rating], list[int]]) -> None:
    players, ranks = case
    new = match_update(players, ranks)
    assert len(new) == len(players)
    for r in new:
        assert math.isfinite(r.rating)
        assert 0.0 < r.deviation <= MAX_DEVIATION


@settings(max_examples=100, deadline=None)
@given(ratings, st.lists(st.integers(1, 4), min_size=2, max_size=4))
def test_match_update_preserves_rank_order(start: Rating, ranks: list[int]) -> None:
    new = match_update([start] * len(ranks), ranks)
    for i, rank_i in enumerate(ranks):
        for j, rank_j in enumerate(ranks):
            if rank_i < rank_j:
                assert new[i].rating > new[j].rating
            elif rank_i == rank_j:
                assert new[i].rating == pytest.approx(new[j].rating)
