"""Moving a world's match on by whole turns, for tests that need a match some turns old."""

from __future__ import annotations

from engine.state import MatchState
from infra.local.in_process import Client, World


def swap_turns(world: World, match_id: str, seated: list[Client], turns: int) -> None:
    """Play ``turns`` turns, each seat in order swapping one tile (no pass: everyone passing
    twice would end the match)."""
    for _ in range(turns):
        record = world.repository.load_match(match_id)
        assert record is not None
        state = MatchState.from_json(record.state)
        seated[state.current].send("swap", matchId=match_id,
                                   tiles=list(state.seats[state.current].rack[:1]))
