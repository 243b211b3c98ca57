"""After a match write: what each seat is told, the turn timers, and a finished match's
settlement.

A command's write carries its outbox item (:mod:`functions.storage.outbox`); the outbox
function gets it from the table's stream and calls :meth:`Delivery.deliver`, which the
stream retries until it succeeds. So a failure after the write (a throttled timer start, a
post that fails, a Lambda that dies) delays this work, never loses it. The command itself
only answers the connection that asked (:meth:`Delivery.answer`), at once.

Everything here may run twice for one write (a retried stream batch): starting a timer is
idempotent by its name, stopping one too, the settlement is applied once, and the page skips
an update whose version it already has.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from engine import match as engine
from engine.events import Event
from engine.rules import RuleSet
from engine.state import MatchState
from functions.protocol.frame_base import Postable
from functions.protocol.server import Ended, EngineEvent, MatchView, View
from functions.service import fair_rating, match_list, review
from functions.service.context import Context
from functions.service.frames import update_frames
from functions.service.settlement import settle
from functions.service.timers import turn_timer_name
from functions.storage.outbox import from_image
from functions.storage.repository import Connection, MatchRecord, Pending


def watchers(state: MatchState, connections: Sequence[Connection]) -> int:
    """How many spectators watch: the people connected to the match without a seat in it."""
    seated = {s.player_id for s in state.seats}
    return len({c.player_id for c in connections if c.player_id not in seated})


def pending_for(before: MatchState | None, state: MatchState, events: Sequence[Event],
                at_ms: int, request: tuple[str, str] | None = None,
                answered: str | None = None, *, disarm: bool = False) -> Pending:
    """The outbox item of a write that took the match from ``before`` (None: it is new) to
    ``state``: the person's turn it began is timed, and so is a turn whose clock it stopped or
    restarted (a new deadline); with ``disarm``, the person's turn it ended early has its timer
    stopped (a timeout's own timer has already fired)."""
    new_turn = before is None or before.turn != state.turn
    moved = before is not None and not new_turn and before.deadline_ms != state.deadline_ms
    arm = state.turn if ((new_turn or moved) and not state.finished
                         and not state.seats[state.current].bot) else None
    stop = before.turn if (disarm and before is not None and new_turn
                           and not before.seats[before.current].bot) else None
    return Pending(state.match_id, state.version, at_ms, [e.to_json() for e in events],
                   start=before is None, arm=arm, disarm=stop, request=request,
                   answered=answered)


class Delivery:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    # -- views --------------------------------------------------------------------------------

    def seat_view(self, state: MatchState, seat: int | None, rules: RuleSet,
                  online: set[str], watching: int = 0) -> MatchView:
        """The engine's view of one seat, plus which seats have a live connection (a
        service fact the engine does not know; bots are always there). Validated against the
        protocol's model: a field the engine and the protocol disagree on fails here."""
        view = engine.view(rules, state, seat, resources=self.ctx.resources)
        for entry, player in zip(view["seats"], state.seats, strict=True):  # type: ignore[call-overload]
            entry["online"] = player.bot or player.player_id in online
        if watching:
            view["watchers"] = watching
        return MatchView.model_validate(view)

    def online(self, match_id: str) -> tuple[list[Connection], set[str]]:
        connections = self.ctx.repository.match_connections(match_id)
        return connections, {c.player_id for c in connections}

    def view_frame(self, state: MatchState, seat: int, rules: RuleSet,
                   request_id: str | None) -> View:
        connections, online = self.online(state.match_id)
        view = self.seat_view(state, seat, rules, online, watchers(state, connections))
        return View(requestId=request_id, matchId=state.match_id, view=view)

    @staticmethod
    def _seat(record: MatchRecord, connection: Connection) -> int | None:
        """The connection's seat; None for a spectator's."""
        if connection.player_id in record.players:
            return record.players.index(connection.player_id)
        return None

    @staticmethod
    def _seat_frames(state: MatchState, pending: Pending, connection: Connection,
                     seat: int | None, view: MatchView) -> Sequence[Postable]:
        """One connection's frames for ``pending``: a whole view when the match starts, else
        the events its seat may see (a spectator: the public ones) and its view now."""
        request_id = pending.request[1] \
            if pending.request and pending.request[0] == connection.player_id else None
        if pending.start:
            return [View(requestId=request_id, matchId=state.match_id, view=view)]
        visible = [EngineEvent(kind=str(e["kind"]), data=dict(e["data"]))
                   for e in pending.events if e["seat"] is None or e["seat"] == seat]
        return update_frames(state.match_id, pending.version, visible, view, request_id)

    def answer(self, record: MatchRecord, state: MatchState, rules: RuleSet,
               pending: Pending, connection: Connection) -> list[Postable]:
        """The frames for the connection that sent the command, sent by its handler at once;
        the same update every other seat's connection gets from :meth:`deliver`, which skips
        this one. The end-of-match frame is not among them: it needs the settlement, which
        :meth:`deliver` makes once and sends to everyone, this connection too."""
        connections, online = self.online(state.match_id)
        seat = self._seat(record, connection)
        view = self.seat_view(state, seat, rules, online, watchers(state, connections))
        return list(self._seat_frames(state, pending, connection, seat, view))

    # -- after the write ----------------------------------------------------------------------

    def deliver_image(self, image: dict[str, Any]) -> None:
        """Deliver the outbox item of a stream record (its new image, as the stream gives it)."""
        self.deliver(from_image(image))

    def deliver(self, pending: Pending) -> None:
        """Do what the write of ``pending`` left: start its turn's timer, tell every
        connection (but the one already answered), stop the timer of the turn it ended, and
        settle a finished match. The match may have moved on since: the events are then told
        with the newest view (the later writes tell their own events), and only the write that
        finished the match settles it."""
        ctx = self.ctx
        record = ctx.repository.load_match(pending.match_id)
        if record is None:
            return
        state = MatchState.from_json(record.state)
        rules = record.settings.rules()
        self._arm(pending, state)
        final = state.finished and record.version == pending.version
        ratings, badges, profiles = settle(ctx, record, state) if final else ([], [], {})
        unrated = (fair_rating.unrated_reason(state)
                   if final and record.settings.mode == "normal" else None)
        connections = self._start_connections(record, state) if pending.start \
            else ctx.repository.match_connections(state.match_id)
        online = {c.player_id for c in connections}
        watching = watchers(state, connections)
        frames: list[tuple[str, Postable]] = []
        for connection in connections:
            seat = self._seat(record, connection)
            told = connection.connection_id != pending.answered
            if not told and not (final and seat is not None):
                continue  # answered by its handler, and no end to tell
            view = self.seat_view(state, seat, rules, online, watching)
            if told:
                frames += [(connection.connection_id, frame) for frame in
                           self._seat_frames(state, pending, connection, seat, view)]
            if final and seat is not None and view.result is not None:
                # The result as the view shows it (display spellings), and the person's
                # profile after this match, so the lobby is right at once.
                frames.append((connection.connection_id, Ended(
                    matchId=state.match_id, result=view.result, ratings=ratings,
                    badges=badges, player=profiles.get(seat), unrated=unrated,
                    mode=record.settings.mode)))
        ctx.notifier.post_many(frames)
        match_list.refresh(ctx, record, state, pending.at_ms, start=pending.start, final=final,
                           following={c.connection_id for c in connections})
        if pending.disarm is not None:
            ctx.timers.stop(turn_timer_name(state.match_id, pending.disarm))
        if final:
            for player_id in record.players:
                if player_id:
                    ctx.repository.clear_active(player_id, state.match_id)
            # Each person's review, now that the end frames are out (the first request for
            # a review computes it too, should this have failed).
            for seat, player_id in enumerate(record.players):
                if player_id:
                    review.seat_review(ctx, record, state, seat)  # kept once, not redone
        ctx.count("deliveries")

    def _start_connections(self, record: MatchRecord,
                           state: MatchState) -> list[Connection]:
        """A new match's people's connections, read from the table itself (not through the
        match index, which is eventually consistent: a connection it did not show yet would
        never get its first view), each attached to the match so its updates follow."""
        repo = self.ctx.repository
        found = []
        for seat, player_id in enumerate(record.players):
            if not player_id:
                continue
            for connection_id in repo.player_connections(player_id):
                if record.settings.paced and not self._free_to_follow(connection_id,
                                                                      record.match_id):
                    continue
                repo.attach_connection(connection_id, record.match_id)
                found.append(Connection(connection_id, player_id, state.seats[seat].name,
                                        record.match_id))
        return found

    def _free_to_follow(self, connection_id: str, match_id: str) -> bool:
        """Whether a device may be taken to a new match at one's own pace: not while it
        shows another unfinished match (the player is at that table; the new match reaches
        their list instead)."""
        repo = self.ctx.repository
        connection = repo.get_connection(connection_id)
        if connection is None:
            return False
        if connection.match_id is None or connection.match_id == match_id:
            return True
        shown = repo.load_match(connection.match_id, consistent=False)
        return shown is None or shown.finished

    def _arm(self, pending: Pending, state: MatchState) -> None:
        """The person's turn the write began gets its timer, if that turn still runs."""
        if pending.arm is None or state.finished or state.turn != pending.arm:
            return
        seconds = math.ceil(max(0, state.deadline_ms - self.ctx.clock_ms()) / 1000)
        payload = {"kind": "turn", "matchId": state.match_id, "turn": state.turn}
        name = turn_timer_name(state.match_id, state.turn)
        # A turn whose clock was stopped or restarted already has its first timer (which will
        # find the deadline moved and pass nothing): this one is named for its deadline.
        if not self.ctx.timers.schedule(name, seconds, payload):
            self.ctx.timers.schedule(turn_timer_name(state.match_id, state.turn,
                                                     state.deadline_ms), seconds, payload)
