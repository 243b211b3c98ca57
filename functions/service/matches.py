"""Match use cases: start a match, apply a player's command, time out a turn, resume a seat.

Each command follows one path: load the match, check the player's seat, run the engine, let
the bots whose turn follows play at once (players never wait on a timer for a bot), write the
new state on the condition that nobody wrote since the read (retrying a lost race a few times),
with the moves the command made and their receipts in the same transaction, then start the
next human turn's timer and post every seat its own frames. A request id seen before is
answered with the current view and applies nothing.
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine import match as engine
from engine.bots.levels import action_command, bot_rng, level, market_commands
from engine.commands import Buy, Command, Pass, Play, Timeout
from engine.errors import RuleError
from engine.events import Event
from engine.rules import RuleSet
from engine.state import MatchState
from functions.protocol.server import (
    Breakdown,
    Ended,
    EngineEvent,
    MatchView,
    PlayerInfo,
    RatingChange,
    SeatBadges,
    View,
    Watchers,
)
from functions.service import cosmetics, fair_rating, history, review, seating
from functions.service.context import Context
from functions.service.errors import ServiceError
from functions.service.frames import update_frames
from functions.service.profiles import player_info
from functions.service.rating import Rating
from functions.service.settings import rules_for
from functions.service.timers import turn_timer_name
from functions.storage.repository import (
    BusyError,
    ConflictError,
    Connection,
    DuplicateRequestError,
    MatchRecord,
    Profile,
)

RETRIES = 3


@dataclass(frozen=True)
class SeatSpec:
    """Who sits at a seat: a person (player id) or a bot (its level)."""

    name: str
    player_id: str | None = None
    bot_level: int = 0


@dataclass(frozen=True)
class Outcome:
    """What a command did, for the handler: the frames for the caller's own connection."""

    frames: list[str]


def _watchers(state: MatchState, connections: Sequence[Connection]) -> int:
    """How many spectators watch: the people connected to the match without a seat in it."""
    seated = {s.player_id for s in state.seats}
    return len({c.player_id for c in connections if c.player_id not in seated})


def new_match_id() -> str:
    return "m-" + secrets.token_hex(6)


class MatchService:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    # -- loading ------------------------------------------------------------------------------

    def _load(self, match_id: str) -> tuple[MatchRecord, MatchState, RuleSet]:
        record = self.ctx.repository.load_match(match_id)
        if record is None:
            raise ServiceError("match.not_found", "Esta partida não existe.")
        state = MatchState.from_json(record.state)
        return record, state, rules_for(record.settings)

    @staticmethod
    def _seat_of(record: MatchRecord, player_id: str) -> int:
        if player_id in record.players:
            return record.players.index(player_id)
        raise ServiceError("match.not_seated", "Você não está sentado nesta partida.")

    # -- starting -----------------------------------------------------------------------------

    def start(self, seats: Sequence[SeatSpec], settings: dict[str, Any],
              match_id: str | None = None,
              answer: tuple[str, str] | None = None) -> MatchRecord:
        """Create the match, let any bots that open it play, and send every person a view
        (the one who asked, ``answer`` = player id, request id, gets it with the request id)."""
        ctx = self.ctx
        match_id = match_id or new_match_id()
        rules = rules_for(settings)
        now = ctx.clock_ms()
        players = [engine.Player(s.player_id or f"bot-{i}", s.name, bot=s.player_id is None)
                   for i, s in enumerate(seats)]
        try:
            state, events = engine.new_match(rules, match_id, players,
                                             seed=str(settings.get("seed") or ctx.new_seed()),
                                             now=now,
                                             theme_id=settings.get("themeId"),
                                             resources=ctx.resources)
        except RuleError as exc:
            raise ServiceError(exc.code, exc.message) from exc
        state, events = self._bots(rules, state, events, settings, now)
        record = MatchRecord(match_id, state.version, state.to_json(), settings,
                             [s.player_id or "" for s in seats], finished=state.finished)
        people = [(seat, s.player_id, s.name) for seat, s in enumerate(seats) if s.player_id]
        try:
            ctx.repository.create_match(record, ctx.now_s(),
                                        moves=history.batch(None, state, events),
                                        seats=seating.claims(ctx, people))
        except BusyError as exc:
            name = next(n for _, p, n in people if p == exc.player_id)
            raise seating.PlayerBusyError(exc.player_id, name) from exc
        ctx.count("matches_started")
        # The first views go to the connections read from the table, not looked up through
        # the byMatch index just after attaching them: an index is eventually consistent, and
        # a connection it does not show yet would never get its first view.
        attached = []
        for _, player_id, name in people:
            for connection in ctx.repository.player_connections(player_id):
                ctx.repository.attach_connection(connection, match_id)
                attached.append(Connection(connection, player_id, name, match_id))
        self._after(record, None, state, rules, events, request=answer, connections=attached)
        return record

    # -- commands -----------------------------------------------------------------------------

    def command(self, player_id: str, match_id: str, command: Command,
                request_id: str, *, attached: bool = True) -> Outcome:
        """Apply a player's command (see the module docstring). ``attached``: the caller's
        connection follows this match; a command from one that does not is refused, as its
        answer (the match's frames) would never reach it: the page resumes a match first."""
        ctx = self.ctx
        for _ in range(RETRIES):
            record, state, rules = self._load(match_id)
            seat = self._seat_of(record, player_id)
            if ctx.repository.request_seen(match_id, player_id, request_id):
                return Outcome([self._view_frame(state, seat, rules, request_id)])
            if state.finished:
                raise ServiceError("match.finished", "Esta partida já terminou.")
            if not attached:
                raise ServiceError("match.resume_first",
                                   "Abra a partida antes de jogar nela (envie resume).")
            now = ctx.clock_ms()
            new_state, events = engine.apply(rules, state, seat, command, now,
                                             resources=ctx.resources)
            new_state, events = self._bots(rules, new_state, events, record.settings, now)
            new_record = replace(record, version=new_state.version, state=new_state.to_json(),
                                 finished=new_state.finished)
            try:
                ctx.repository.save_match(new_record, record.version, ctx.now_s(),
                                          request=(player_id, request_id),
                                          moves=history.batch(state, new_state, events, seat,
                                                              request_id))
            except ConflictError:
                ctx.count("conflicts")
                continue
            except DuplicateRequestError:
                _, latest_state, _ = self._load(match_id)
                return Outcome([self._view_frame(latest_state, seat, rules, request_id)])
            ctx.count("commands")
            self._after(new_record, state, new_state, rules, events,
                        request=(player_id, request_id), stop_timer=True)
            return Outcome([])
        raise ServiceError("state.changed",
                           "A partida mudou enquanto seu pedido chegava; tente de novo.")

    def preview(self, player_id: str, match_id: str, play: Play) -> Breakdown:
        """The receipt a play would get; nothing is written."""
        record, state, rules = self._load(match_id)
        seat = self._seat_of(record, player_id)
        receipt = engine.preview(rules, state, seat, play, self.ctx.resources)
        return Breakdown.model_validate(receipt.to_json())

    def history(self, player_id: str, match_id: str, before: int | None, limit: int,
                request_id: str) -> str:
        """A page of the match's stored moves for a player seated in it, or for anyone once it
        is finished or while it may be watched:
        up to ``limit`` moves before move ``before`` (the latest, if None)."""
        record, state, _ = self._load(match_id)
        # The moves are public information: a replay shows them, and so does a live match to
        # its spectators when the table allows them.
        if not state.finished and not record.settings.get("spectators", True):
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
        if not state.finished:
            if not record.settings.get("spectators", True):
                raise ServiceError("watch.closed", "Esta mesa não aceita espectadores.")
            self.ctx.repository.attach_connection(connection_id, match_id)
        connections, online = self._online(match_id)
        watchers = _watchers(state, connections)
        if not state.finished:  # the seats see at once that one more person watches
            told = Watchers(matchId=match_id, count=watchers).dump()
            self.ctx.notifier.post_many([(c.connection_id, told) for c in connections
                                         if c.player_id in record.players])
        view = self._seat_view(state, seat, rules, online, watchers)
        return Outcome([View(requestId=request_id, matchId=match_id, view=view).dump()])

    def review(self, player_id: str, match_id: str, start: int, request_id: str) -> str:
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
        return Outcome([self._view_frame(state, seat, rules, request_id)])

    def timeout(self, match_id: str, turn: int) -> bool:
        """The timer of ``turn`` fired: pass that turn if it is still current."""
        ctx = self.ctx
        for _ in range(RETRIES):
            record = ctx.repository.load_match(match_id)
            if record is None:
                return False
            state = MatchState.from_json(record.state)
            if state.finished or state.turn != turn:
                return False
            rules = rules_for(record.settings)
            now = ctx.clock_ms()
            new_state, events = engine.apply(rules, state, state.current,
                                             Timeout(turn), now, resources=ctx.resources)
            new_state, events = self._bots(rules, new_state, events, record.settings, now)
            new_record = replace(record, version=new_state.version, state=new_state.to_json(),
                                 finished=new_state.finished)
            try:
                person = state.current if record.players[state.current] else None
                ctx.repository.save_match(new_record, record.version, ctx.now_s(),
                                          moves=history.batch(state, new_state, events, person))
            except ConflictError:
                continue  # a move came first: look again whether the turn is still current
            ctx.count("timeouts")
            self._after(new_record, state, new_state, rules, events, request=None)
            return True
        return False

    # -- bots ---------------------------------------------------------------------------------

    def _bots(self, rules: RuleSet, state: MatchState, events: list[Event],
              settings: dict[str, Any], now: int) -> tuple[MatchState, list[Event]]:
        """Play every bot turn that comes next, until a person's turn or the end."""
        levels = settings.get("botLevels", [])
        res = self.ctx.resources
        while not state.finished and state.seats[state.current].bot:
            seat = state.current
            lvl = level(int(levels[seat]) if seat < len(levels) and levels[seat] else 3)
            rng = bot_rng(state, seat)
            for market in market_commands(lvl, rules, state, seat, rng):
                try:
                    state, more = engine.apply(rules, state, seat, market, now, resources=res)
                except RuleError:
                    continue
                events += more
                if isinstance(market, Buy):
                    break
            action = action_command(lvl, rules, state, seat, res, rng)
            try:
                state, more = engine.apply(rules, state, seat, action, now, resources=res)
            except RuleError:
                state, more = engine.apply(rules, state, seat, Pass(), now, resources=res)
            events += more
            self.ctx.count("bot_turns")
        return state, events

    # -- after a change -----------------------------------------------------------------------

    def _seat_view(self, state: MatchState, seat: int | None, rules: RuleSet,
                   online: set[str], watchers: int = 0) -> MatchView:
        """The engine's view of one seat, plus which seats have a live connection (a
        service fact the engine does not know; bots are always there). Validated against the
        protocol's model: a field the engine and the protocol disagree on fails here."""
        view = engine.view(state, seat, self.ctx.resources, rules)
        for entry, player in zip(view["seats"], state.seats, strict=True):  # type: ignore[call-overload]
            entry["online"] = player.bot or player.player_id in online
        if watchers:
            view["watchers"] = watchers
        return MatchView.model_validate(view)

    def _online(self, match_id: str) -> tuple[list[Connection], set[str]]:
        connections = self.ctx.repository.match_connections(match_id)
        return connections, {c.player_id for c in connections}

    def _view_frame(self, state: MatchState, seat: int, rules: RuleSet,
                    request_id: str | None) -> str:
        connections, online = self._online(state.match_id)
        view = self._seat_view(state, seat, rules, online, _watchers(state, connections))
        return View(requestId=request_id, matchId=state.match_id, view=view).dump()

    def _arm(self, before: MatchState | None, state: MatchState) -> None:
        """A new person's turn gets its timer."""
        new_turn = before is None or before.turn != state.turn
        if not state.finished and new_turn and not state.seats[state.current].bot:
            seconds = math.ceil(max(0, state.deadline_ms - self.ctx.clock_ms()) / 1000)
            self.ctx.timers.schedule(
                turn_timer_name(state.match_id, state.turn), seconds,
                {"kind": "turn", "matchId": state.match_id, "turn": state.turn})

    def _disarm(self, before: MatchState | None, state: MatchState) -> None:
        """A person's turn that a move ended before its deadline: its timer need not fire."""
        if before is not None and before.turn != state.turn and \
                not before.seats[before.current].bot:
            self.ctx.timers.stop(turn_timer_name(state.match_id, before.turn))

    def _after(self, record: MatchRecord, before: MatchState | None, state: MatchState,
               rules: RuleSet, events: list[Event], request: tuple[str, str] | None,
               stop_timer: bool = False, connections: list[Connection] | None = None) -> None:
        ctx = self.ctx
        self._arm(before, state)
        ratings, badges, profiles = self._settle(record, state) if state.finished else ([], [], {})
        unrated = (fair_rating.unrated_reason(state)
                   if state.finished and record.settings.get("mode") == "normal" else None)
        frames = []
        if connections is None:
            connections = self.ctx.repository.match_connections(state.match_id)
        online = {c.player_id for c in connections}
        watchers = _watchers(state, connections)
        for connection in connections:
            # A connection of someone not seated is a spectator's: the public view and events.
            seated = connection.player_id in record.players
            seat = record.players.index(connection.player_id) if seated else None
            request_id = request[1] if request and request[0] == connection.player_id else None
            view = self._seat_view(state, seat, rules, online, watchers)
            if before is None:
                frames.append((connection.connection_id,
                               View(requestId=request_id, matchId=state.match_id,
                                    view=view).dump()))
            else:
                visible = [EngineEvent(kind=e.kind, data=dict(e.data))
                           for e in events if e.visible_to(seat)]
                frames += [(connection.connection_id, frame) for frame in update_frames(
                    state.match_id, state.version, visible, view, request_id)]
            if state.finished and view.result is not None and seat is not None:
                # The result as the view shows it (display spellings), and the person's
                # profile after this match, so the lobby is right at once.
                frames.append((connection.connection_id,
                               Ended(matchId=state.match_id, result=view.result,
                                     ratings=ratings, badges=badges,
                                     player=profiles.get(seat), unrated=unrated,
                                     mode=record.settings.get("mode", "solo")).dump()))
        ctx.notifier.post_many(frames)
        if stop_timer:
            self._disarm(before, state)
        if state.finished:
            for player_id in record.players:
                if player_id:
                    ctx.repository.clear_active(player_id, state.match_id)
            # Each person's review, now that the end frames are out (the first request for
            # a review computes it too, should this have failed).
            for seat, player_id in enumerate(record.players):
                if player_id:
                    review.seat_review(ctx, record, state, seat)  # kept once, not redone

    def _settle(self, record: MatchRecord, state: MatchState
                ) -> tuple[list[RatingChange], list[SeatBadges], dict[int, PlayerInfo]]:
        """Once per finished match: the people's match counts and badges, and, for Normal
        matches only, their ratings (bots count at their level's nominal rating). A room among
        friends or a solo match against chosen bots is practice and must not move a rating the
        matchmaking relies on."""
        repo = self.ctx.repository
        if record.rated or state.result is None:
            return [], [], {}
        ranks = [0] * len(state.seats)
        for row in state.result["ranking"]:
            ranks[int(row["seat"])] = int(row["rank"])
        rated = record.settings.get("mode") == "normal" and len(state.seats) >= 2 and \
            fair_rating.unrated_reason(state) is None
        levels = record.settings.get("botLevels", [])
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
                nominal = level(int(levels[seat]) if seat < len(levels) and levels[seat] else 3)
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
        if not repo.mark_rated(record, updated, self.ctx.now_s()):
            return [], [], {}
        if record.settings.get("mode") == "daily" and record.players and record.players[0]:
            repo.put_daily_score(str(record.settings["day"]), record.players[0],
                                 state.seats[0].name, state.seats[0].score, record.match_id,
                                 self.ctx.now_s())
        self.ctx.count("matches_settled")
        changes = [RatingChange(seat=i, before=round(before[i].rating, 1),
                                after=round(after[i].rating, 1))
                   for i, p in enumerate(profiles) if p is not None and rated]
        seat_of = {p.player_id: i for i, p in enumerate(profiles) if p is not None}
        infos = {seat_of[p.player_id]: player_info(p, state.seats[seat_of[p.player_id]].name)
                 for p in updated}
        return changes, badges, infos
