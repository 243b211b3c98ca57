"""Match use cases: start a match, apply a player's command, time out a turn, resume a seat.

Each command follows one path: load the match, check the player's seat, run the engine, let
the bots whose turn follows play at once (players never wait on a timer for a bot), write the
new state on the condition that nobody wrote since the read (retrying a lost race a few times),
with the moves the command made and their receipts, and its outbox item, in the same
transaction; then answer the connection that asked. The outbox item makes the rest happen
from the table's stream (:mod:`functions.service.delivery`): the next person's turn timer, the
other seats' frames, a finished match's settlement. A request id seen before is answered with
the current view and applies nothing.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass, replace

from engine import match as engine
from engine.commands import Command, Leave, Play, Timeout
from engine.errors import RuleError
from engine.events import Event
from engine.rules import RuleSet
from engine.state import MatchState
from functions.protocol.frame_base import Encoded, Postable
from functions.protocol.server import Breakdown, View, Watchers
from functions.protocol.settings import MatchSettings
from functions.service import history, review, seating, spectating
from functions.service.context import Context
from functions.service.delivery import Delivery, pending_for, watchers
from functions.service.errors import ServiceError
from functions.service.retry import MATCH_TRIES, retried
from functions.storage.repository import (
    BusyError,
    Connection,
    DuplicateRequestError,
    MatchRecord,
)

#: How late a turn must be before the sweep passes it: a timer fires at the deadline and
#: retries a failing handler for about a minute before it gives up.
SWEEP_GRACE_MS = 120_000


@dataclass(frozen=True)
class SeatSpec:
    """Who sits at a seat: a person (player id) or a bot (its level)."""

    name: str
    player_id: str | None = None
    bot_level: int = 0


@dataclass(frozen=True)
class Outcome:
    """What a command did, for the handler: the frames for the caller's own connection."""

    frames: list[Postable]


#: A turn's timer that fires this long before the turn's deadline is one of an older deadline
#: (the clock was stopped or restarted since), and passes nothing.
EARLY_TIMER_MS = 1000


def _deadline(state: MatchState) -> int | None:
    """When the running person's turn times out, kept beside the state for the sweep; None
    when no person's turn runs (the match is over)."""
    if state.finished or state.seats[state.current].bot:
        return None
    return state.deadline_ms


def new_match_id() -> str:
    return "m-" + secrets.token_hex(6)


class MatchService:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.delivery = Delivery(ctx)

    # -- loading ------------------------------------------------------------------------------

    def _load(self, match_id: str) -> tuple[MatchRecord, MatchState, RuleSet]:
        record = self.ctx.repository.load_match(match_id)
        if record is None:
            raise ServiceError("match.not_found", "Esta partida não existe.")
        state = MatchState.from_json(record.state)
        return record, state, record.settings.rules()

    @staticmethod
    def _seat_of(record: MatchRecord, player_id: str) -> int:
        if player_id in record.players:
            return record.players.index(player_id)
        raise ServiceError("match.not_seated", "Você não está sentado nesta partida.")

    # -- starting -----------------------------------------------------------------------------

    def start(self, seats: Sequence[SeatSpec], settings: MatchSettings,
              match_id: str | None = None,
              answer: tuple[str, str] | None = None) -> MatchRecord:
        """Create the match and let any bots that open it play. Its outbox item then sends
        every person a view (the one who asked, ``answer`` = player id, request id, gets it
        with the request id) and starts the first person's timer."""
        ctx = self.ctx
        match_id = match_id or new_match_id()
        rules = settings.rules()
        now = ctx.clock_ms()
        players = [engine.Player(s.player_id or f"bot-{i}", s.name, bot=s.player_id is None)
                   for i, s in enumerate(seats)]
        try:
            state, events = engine.new_match(rules, match_id, players,
                                             seed=settings.seed or ctx.new_seed(),
                                             now=now,
                                             theme_id=settings.theme_id,
                                             resources=ctx.resources)
        except RuleError as exc:
            raise ServiceError(exc.code, exc.message) from exc
        state, events = self._bots(rules, state, events, settings, now)
        record = MatchRecord(match_id, state.version, state.to_json(), settings,
                             [s.player_id or "" for s in seats], finished=state.finished,
                             deadline_ms=_deadline(state))
        people = [(seat, s.player_id, s.name) for seat, s in enumerate(seats) if s.player_id]
        for attempt in range(2):
            try:
                ctx.repository.create_match(record, ctx.now_s(),
                                            moves=history.batch(None, state, events),
                                            seats=seating.claims(ctx, people, settings.paced),
                                            pending=pending_for(None, state, events, now,
                                                                answer))
                break
            except BusyError as exc:
                name = next(n for _, p, n in people if p == exc.player_id)
                if not settings.paced:
                    raise seating.PlayerBusyError(exc.player_id, name) from exc
                # Every own-pace seat of theirs taken, or one held by a match that ended
                # without its release reaching them: the second try is after a look.
                limit = ctx.pace.matches
                if attempt or seating.prune_paced(ctx, exc.player_id) >= limit:
                    raise seating.PacedFullError(
                        exc.player_id, name, limit,
                        you=answer is not None and answer[0] == exc.player_id) from exc
        ctx.count("matches_started")
        return record

    # -- commands -----------------------------------------------------------------------------

    def leave(self, connection: Connection, match_id: str, request_id: str) -> Outcome:
        """Give up the seat for good (the rules' Leave), and forget that the player sits in
        the match, so the lobby lets them start another at once (a live one, or one more at
        their own pace)."""
        outcome = self.command(connection, match_id, Leave(), request_id)
        self.ctx.repository.clear_active(connection.player_id, match_id)
        self.ctx.repository.release_paced(connection.player_id, match_id)
        return outcome

    def command(self, connection: Connection, match_id: str, command: Command,
                request_id: str) -> Outcome:
        """Apply a player's command sent on ``connection`` (see the module docstring); the
        outcome's frames answer that connection. A connection that does not follow this match
        is refused, as the match's later frames would never reach it: the page resumes a
        match first."""
        ctx = self.ctx
        player_id = connection.player_id

        def attempt() -> Outcome:
            record, state, rules = self._load(match_id)
            seat = self._seat_of(record, player_id)
            if ctx.repository.request_seen(match_id, player_id, request_id):
                return Outcome([self.delivery.view_frame(state, seat, rules, request_id)])
            if state.finished:
                raise ServiceError("match.finished", "Esta partida já terminou.")
            if connection.match_id != match_id:
                raise ServiceError("match.resume_first",
                                   "Abra a partida antes de jogar nela (envie resume).")
            now = ctx.clock_ms()
            new_state, events = engine.apply(rules, state, seat, command, now,
                                             resources=ctx.resources)
            new_state, events = self._bots(rules, new_state, events, record.settings, now)
            new_record = replace(record, version=new_state.version, state=new_state.to_json(),
                                 finished=new_state.finished, deadline_ms=_deadline(new_state))
            pending = pending_for(state, new_state, events, now, (player_id, request_id),
                                  connection.connection_id, disarm=True)
            try:
                ctx.repository.save_match(new_record, record.version, ctx.now_s(),
                                          request=(player_id, request_id),
                                          moves=history.batch(state, new_state, events, seat,
                                                              request_id),
                                          pending=pending)
            except DuplicateRequestError:
                _, latest_state, _ = self._load(match_id)
                return Outcome([self.delivery.view_frame(latest_state, seat, rules,
                                                         request_id)])
            ctx.count("commands")
            return Outcome(self.delivery.answer(new_record, new_state, rules, pending,
                                                connection))

        return retried(attempt, tries=MATCH_TRIES, lost=lambda: ctx.count("conflicts"),
                       message="A partida mudou enquanto seu pedido chegava; tente de novo.")

    def preview(self, player_id: str, match_id: str, play: Play) -> Breakdown:
        """The receipt a play would get; nothing is written."""
        record, state, rules = self._load(match_id)
        seat = self._seat_of(record, player_id)
        receipt = engine.preview(rules, state, seat, play, resources=self.ctx.resources)
        return Breakdown.model_validate(receipt.to_json())

    def history(self, player_id: str, match_id: str, before: int | None, limit: int,
                request_id: str) -> Encoded:
        """A page of the match's stored moves for a player seated in it, or for anyone once it
        is finished or while it may be watched:
        up to ``limit`` moves before move ``before`` (the latest, if None)."""
        record, state, _ = self._load(match_id)
        # The moves are public information: a replay shows them, and so does a live match to
        # its spectators when the table allows them — but not a daily attempt of a day still
        # open, whose bag every player of the day shares.
        if player_id not in record.players:
            self._refuse_open_daily(record)
        if not state.finished and not record.settings.spectators:
            self._seat_of(record, player_id)
        total = len(state.history)
        if before is not None and before > total:
            raise ServiceError("message.invalid",
                               f"Mensagem inválida (página): a partida tem só {total} "
                               f"{'lance' if total == 1 else 'lances'}.")
        moves, older = self.ctx.repository.load_moves(match_id, before, limit)
        return history.page_frame(request_id, match_id, moves, older, total)

    def watch(self, player_id: str, connection_id: str, match_id: str,
              request_id: str) -> Outcome:
        """A match opened by its link: your own view if you sit in it (a live one is resumed);
        for anyone else, the public view (no rack, no market, no private event), of a
        finished match to replay or of a live one to watch, when its table allows it. A
        spectator's connection then gets every public update."""
        record, state, rules = self._load(match_id)
        if player_id in record.players and not state.finished:
            return self.resume(player_id, connection_id, match_id, request_id)
        seat = record.players.index(player_id) if player_id in record.players else None
        if seat is None:
            self._refuse_open_daily(record)
        if not state.finished:
            spectating.refuse_closed_table(record, state.finished)
            self.ctx.repository.attach_connection(connection_id, match_id)
        connections, online = self.delivery.online(match_id)
        watching = watchers(state, connections)
        if not state.finished:  # the seats see at once that one more person watches
            told = Watchers(matchId=match_id, count=watching)
            self.ctx.notifier.post_many([(c.connection_id, told) for c in connections
                                         if c.player_id in record.players])
        view = self.delivery.seat_view(state, seat, rules, online, watching)
        return Outcome([View(requestId=request_id, matchId=match_id, view=view)])

    def _refuse_open_daily(self, record: MatchRecord) -> None:
        spectating.refuse_open_daily(record, self.ctx.clock_ms())

    def review(self, player_id: str, match_id: str, start: int, request_id: str) -> Encoded:
        """A page of the seat's own post-game review (computed the first time)."""
        record, state, _ = self._load(match_id)
        seat = self._seat_of(record, player_id)
        return review.review_page(self.ctx, record, state, seat, start, request_id)

    def resume(self, player_id: str, connection_id: str, match_id: str,
               request_id: str | None) -> Outcome:
        """Give the seat back to its player on this connection, with the full view. A seat its
        player left stays left: a late resume must not pull the connection away from the match
        the player sits in now (its frames would stop arriving)."""
        record, state, rules = self._load(match_id)
        seat = self._seat_of(record, player_id)
        if state.seats[seat].left:
            raise ServiceError("match.left", "Você saiu desta partida: ela segue sem você.")
        self.ctx.repository.attach_connection(connection_id, match_id)
        return Outcome([self.delivery.view_frame(state, seat, rules, request_id)])

    def timeout(self, match_id: str, turn: int) -> bool:
        """The timer of ``turn`` fired: pass that turn if it is still current."""
        ctx = self.ctx

        def attempt() -> bool:
            record = ctx.repository.load_match(match_id)
            if record is None:
                return False
            state = MatchState.from_json(record.state)
            if state.finished or state.turn != turn:
                return False
            rules = record.settings.rules()
            now = ctx.clock_ms()
            if now + EARLY_TIMER_MS < state.deadline_ms:
                return False  # the clock was stopped or restarted: a later timer is armed
            new_state, events = engine.apply(rules, state, state.current,
                                             Timeout(turn), now, resources=ctx.resources)
            new_state, events = self._bots(rules, new_state, events, record.settings, now)
            new_record = replace(record, version=new_state.version, state=new_state.to_json(),
                                 finished=new_state.finished, deadline_ms=_deadline(new_state))
            person = state.current if record.players[state.current] else None
            ctx.repository.save_match(new_record, record.version, ctx.now_s(),
                                      moves=history.batch(state, new_state, events, person),
                                      pending=pending_for(state, new_state, events, now))
            ctx.count("timeouts")
            return True

        # A lost race means a move came first: the next try looks again whether the turn is
        # still current. A turn that stays contended is the sweep's.
        try:
            return retried(attempt, tries=MATCH_TRIES)
        except ServiceError:
            return False

    def sweep(self) -> int:
        """Pass every person's turn whose deadline went by more than :data:`SWEEP_GRACE_MS`
        ago: its timer never fired, or kept failing (its retries last about a minute). Run
        every minute; returns how many turns it passed."""
        now = self.ctx.clock_ms()
        passed = 0
        for match_id in self.ctx.repository.overdue_matches(now - SWEEP_GRACE_MS):
            record = self.ctx.repository.load_match(match_id)
            if record is None:
                continue
            state = MatchState.from_json(record.state)
            if state.finished or state.deadline_ms + SWEEP_GRACE_MS > now:
                continue
            if self.timeout(match_id, state.turn):
                passed += 1
        self.ctx.count("turns_swept", passed)
        return passed

    # -- bots ---------------------------------------------------------------------------------

    def _bots(self, rules: RuleSet, state: MatchState, events: list[Event],
              settings: MatchSettings, now: int) -> tuple[MatchState, list[Event]]:
        """Play every bot turn that comes next, until a person's turn or the end."""
        # The bots' search only when a bot plays: a preview or a move between people never
        # loads it (a cold start's first call is shorter by its import).
        from engine.bots.levels import BotPlayer, bot_rng, level
        from engine.bots.turn import play_turn

        while not state.finished and state.seats[state.current].bot:
            seat = state.current
            bot = BotPlayer(level(settings.bot_level(seat)))
            state, more = play_turn(bot, rules, state, now, resources=self.ctx.resources,
                                    rng=bot_rng(state, seat))
            events += more
            self.ctx.count("bot_turns")
        return state, events
