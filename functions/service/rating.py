"""Player skill ratings with Glicko-2 (Mark Glickman, "Example of the Glicko-2 system").

Glicko-2 rather than Elo because players come and go: the deviation says how much we trust a
rating, grows while a player is away and shrinks as they play, so a returning or new player
moves fast and a regular moves slowly. Matches have two to four seats; a finished match is
scored as every pair of seats playing one game, all in one rating period, which is the usual
way to fit a free-for-all into a two-player system without inventing a new model.

Everything here is pure arithmetic on immutable values, so the storage layer decides when a
rating period ends and what to persist.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Self

# The paper's conversion between the Glicko scale (1500 centre) and the Glicko-2 scale (0).
_SCALE = 173.7178
_CENTRE = 1500.0
# A new player's deviation is also the most uncertain anyone can be: a long absence must not
# make a rating less trustworthy than knowing nothing at all.
MAX_DEVIATION = 350.0
# Convergence tolerance of the volatility iteration, as suggested in the paper.
_EPSILON = 1e-6
# The Illinois iteration converges in a handful of steps; the cap only guards against a
# pathological input spinning forever inside a request handler.
_MAX_ITERATIONS = 100
_FIELDS = ("rating", "deviation", "volatility")


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's Glicko-2 state; the defaults are the paper's values for an unknown player."""

    rating: float = _CENTRE
    deviation: float = MAX_DEVIATION
    volatility: float = 0.06

    def __post_init__(self) -> None:
        # Checked at construction so an invalid rating can never reach the arithmetic below,
        # where it would turn into NaN far from its cause.
        if not math.isfinite(self.rating):
            raise ValueError(f"rating must be a finite number, got {self.rating!r}")
        if not (math.isfinite(self.deviation) and 0.0 < self.deviation <= MAX_DEVIATION):
            raise ValueError(
                f"deviation must be in (0, {MAX_DEVIATION:g}], got {self.deviation!r}"
            )
        if not (math.isfinite(self.volatility) and self.volatility > 0.0):
            raise ValueError(
                f"volatility must be a finite positive number, got {self.volatility!r}"
            )

    def to_json(self) -> dict[str, float]:
        """Plain floats, so the value stores in DynamoDB/JSON without a custom encoder."""
        return {"rating": self.rating, "deviation": self.deviation, "volatility": self.volatility}

    @classmethod
    def from_json(cls, data: object) -> Self:
        """Rebuild a stored rating, rejecting anything that did not come from :meth:`to_json`.

        Stored data is untrusted (old versions, hand edits), and a wrong type here would only
        fail later, mid-update, so every field is checked now with a message naming it.
        """
        if not isinstance(data, dict):
            raise ValueError(f"rating must be a JSON object, got {type(data).__name__}")
        missing = [name for name in _FIELDS if name not in data]
        if missing:
            raise ValueError(f"rating is missing field(s): {', '.join(missing)}")
        extra = sorted(str(key) for key in data if key not in _FIELDS)
        if extra:
            raise ValueError(f"rating has unknown field(s): {', '.join(extra)}")
        values: dict[str, float] = {}
        for name in _FIELDS:
            value = data[name]
            # bool is an int subclass, but True is never a meant rating.
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise ValueError(f"rating field {name!r} must be a number, got {value!r}")
            values[name] = float(value)
        return cls(**values)


def _g(phi: float) -> float:
    """Weight of a game by the opponent's uncertainty: results against unknowns count less."""
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, g_j: float) -> tuple[float, float]:
    """Expected score and its variance E(1 - E), without overflow for huge rating gaps.

    The variance is computed from the exponential directly because ``e * (1 - e)`` loses all
    precision when ``e`` is close to 1.
    """
    z = g_j * (mu - mu_j)
    t = math.exp(-abs(z))
    variance = t / ((1.0 + t) * (1.0 + t))
    expected = 1.0 / (1.0 + t) if z >= 0 else t / (1.0 + t)
    return expected, variance


def expected_score(player: Rating, opponent: Rating) -> float:
    """The score Glicko-2 expects ``player`` to make against ``opponent`` (0 to 1)."""
    expected, _ = _expected((player.rating - _CENTRE) / _SCALE,
                            (opponent.rating - _CENTRE) / _SCALE,
                            _g(opponent.deviation / _SCALE))
    return expected


def _new_volatility(sigma: float, phi: float, v: float, delta: float, tau: float) -> float:
    """Step 5 of the paper: solve for the new volatility with the Illinois algorithm.

    The paper chose this regula falsi variant over Newton's method because the function is
    badly scaled and Newton can overshoot; bracketing the root makes it reliable.
    """
    a = math.log(sigma * sigma)
    phi2 = phi * phi
    delta2 = delta * delta
    tau2 = tau * tau

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta2 - phi2 - v - ex) / (2.0 * (phi2 + v + ex) ** 2) - (x - a) / tau2

    big_a = a
    if delta2 > phi2 + v:
        big_b = math.log(delta2 - phi2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    for _ in range(_MAX_ITERATIONS):
        if abs(big_b - big_a) <= _EPSILON:
            break
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        # "<=" (not "<") also ends the loop when C lands exactly on the root.
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def update(player: Rating, results: Sequence[tuple[Rating, float]], *, tau: float = 0.5) -> Rating:
    """One Glicko-2 rating period for ``player``, given each opponent's rating and the score.

    Scores are 1 for a win, 0.5 for a draw and 0 for a loss. Opponents' ratings must be the
    ones from before the period, so that the order in which games are reported cannot matter.
    ``tau`` limits how fast volatility may change; the paper suggests 0.3 to 1.2.
    """
    if not (math.isfinite(tau) and tau > 0.0):
        raise ValueError(f"tau must be a finite positive number, got {tau!r}")
    for _, score in results:
        if not (math.isfinite(score) and 0.0 <= score <= 1.0):
            raise ValueError(f"score must be between 0 and 1, got {score!r}")

    mu = (player.rating - _CENTRE) / _SCALE
    phi = player.deviation / _SCALE
    sigma = player.volatility
    max_phi = MAX_DEVIATION / _SCALE

    information = 0.0  # 1 / v in the paper
    surprise = 0.0  # sum of g(phi_j) * (s_j - E_j); delta is v times this
    for opponent, score in results:
        g_j = _g(opponent.deviation / _SCALE)
        expected, variance = _expected(mu, (opponent.rating - _CENTRE) / _SCALE, g_j)
        information += g_j * g_j * variance
        surprise += g_j * (score - expected)

    if information <= 0.0:
        # No games, or only games whose result was certain to the last bit of a float: nothing
        # was learnt, so (step 6 of the paper) only the uncertainty grows with time.
        grown = min(math.sqrt(phi * phi + sigma * sigma), max_phi)
        return Rating(player.rating, grown * _SCALE, sigma)

    v = 1.0 / information
    delta = v * surprise
    new_sigma = _new_volatility(sigma, phi, v, delta, tau)
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = min(1.0 / math.sqrt(1.0 / (phi_star * phi_star) + information), max_phi)
    new_mu = mu + new_phi * new_phi * surprise
    return Rating(new_mu * _SCALE + _CENTRE, new_phi * _SCALE, new_sigma)


def pair_score(mine: int, theirs: int) -> float:
    """A lower rank number is a better finish; a shared rank is a draw between the two."""
    if mine < theirs:
        return 1.0
    if mine > theirs:
        return 0.0
    return 0.5


def match_update(ratings: Sequence[Rating], ranks: Sequence[int]) -> list[Rating]:
    """New ratings for everyone in a finished match, in the order given.

    Each pair of seats counts as one game and all of a player's games share one rating
    period, computed from the ratings before the match: updating seats one after another
    would make a player's result depend on where they sat.
    """
    if len(ratings) != len(ranks):
        raise ValueError(f"got {len(ratings)} ratings but {len(ranks)} ranks")
    if len(ratings) < 2:
        raise ValueError(f"a rated match needs at least 2 players, got {len(ratings)}")
    return [
        update(
            player,
            [
                (opponent, pair_score(ranks[i], ranks[j]))
                for j, opponent in enumerate(ratings)
                if j != i
            ],
        )
        for i, player in enumerate(ratings)
    ]


def conservative(r: Rating) -> float:
    """A rating we are ~97.7% sure the player is above, for leaderboards and matchmaking.

    Ranking by the plain rating would put a lucky newcomer with two wins above a long-time
    regular; subtracting two deviations makes a place on the board something earned.
    """
    return r.rating - 2.0 * r.deviation
