"""Before a match: greeting a player, the Normal queue, Customizada rooms and solo matches.

The Normal queue forms tables by size (2, 3 or 4 seats), one at a time per size: the queue's
open table. A joiner takes the next seat there with one conditional update (however many join
at once, none conflicts with another until the table is full); when it cannot take one more,
the joiner opens a new table in its place, and of two that try at once one wins and the other
joins it. The first player at a new table starts its fill timer; when the table is full, or
when the timer fires, the table closes (a conditional write, so a late joiner cannot slip in),
the match starts, with bots of a level near the people's mean rating in any free seat, and
the table is deleted.
"""

from __future__ import annotations

import secrets
import statistics
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from engine.bots.levels import level_for_rating
from functions.protocol.client import RoomSettings
from functions.protocol.frame_base import Frame
from functions.protocol.match_list import MatchList
from functions.protocol.server import (
    DailyStatus,
    Leaderboard,
    LeaderboardEntry,
    QueueStatus,
    RematchOffer,
    RoomPlayer,
    RoomStatus,
    Welcome,
)
from functions.protocol.settings import (
    NORMAL_PACE_SECONDS,
    STANDARD,
    MatchSettings,
    Mode,
    is_paced,
)
from functions.service import cosmetics, daily, match_list, seating
from functions.service.catalog import catalog
from functions.service.context import Context
from functions.service.errors import ServiceError
from functions.service.identity import Identity
from functions.service.matches import MatchService, SeatSpec, new_match_id
from functions.service.profiles import player_info
from functions.service.rating import Rating
from functions.service.retry import LOBBY_TRIES, retried
from functions.service.settings import check_table
from functions.service.timers import fill_timer_name
from functions.storage.repository import (
    ConflictError,
    Connection,
    ExistsError,
    Profile,
    QueueTable,
    Room,
)

ROOM_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L: read aloud without doubt
ROOM_CODE_LENGTH = 6
MAX_SEATS = STANDARD.max_seats
#: a joiner's tries at the queue's open table: each failed one means another table filled
SEAT_TRIES = 20


class LobbyService:
    def __init__(self, ctx: Context, matches: MatchService) -> None:
        self.ctx = ctx
        self.matches = matches

    # -- players ------------------------------------------------------------------------------

    def profile(self, who: Identity) -> Profile:
        repo = self.ctx.repository
        found = repo.get_profile(who.player_id)
        if found is None:
            found = Profile(who.player_id, who.name, Rating().to_json())
            repo.put_profile(found)
        return found

    def active_match(self, player_id: str) -> str | None:
        """The unfinished match the player sits in, if any."""
        return seating.current_match(self.ctx, player_id)

    def list_matches(self, who: Identity, request_id: str | None,
                     connection: Connection | None = None,
                     left: str | None = None) -> MatchList:
        """The person's list: every unfinished match they sit in, and the latest finished.
        A device that ``left`` a match's table for its list stops following that match (so a
        new match at one's own pace may take it, see :meth:`Delivery._start_connections`);
        only that match: a start that took the device elsewhere meanwhile stands."""
        if connection is not None and left is not None and connection.match_id == left:
            self.ctx.repository.detach_connection(connection.connection_id, left)
        return match_list.listing(self.ctx, who.player_id, request_id)

    def hello(self, who: Identity, request_id: str | None) -> Welcome:
        info = player_info(self.profile(who), who.name)
        return Welcome(requestId=request_id, player=info,
                       activeMatch=self.active_match(who.player_id), catalog=catalog())

    def set_style(self, who: Identity, tile: str | None, board: str | None,
                  request_id: str) -> Welcome:
        profile = self.profile(who)
        if tile is not None and tile not in cosmetics.styles(profile.matches, profile.badges):
            raise ServiceError("profile.style_locked",
                               "Esse estilo de peças ainda não foi desbloqueado.")
        if board is not None and board not in cosmetics.board_styles(profile.matches,
                                                                     profile.badges):
            raise ServiceError("profile.style_locked",
                               "Esse estilo de tabuleiro ainda não foi desbloqueado.")
        self.ctx.repository.put_profile(replace(
            profile, tile_style=tile or profile.tile_style,
            board_style=board or profile.board_style, version=profile.version + 1))
        return self.hello(who, request_id)

    def leaderboard(self, request_id: str) -> Leaderboard:
        rows = self.ctx.repository.leaderboard(20)
        return Leaderboard(requestId=request_id, players=[
            LeaderboardEntry(rank=i + 1, name=p.name, matches=p.rated,
                             rating=round(float(p.rating["rating"]), 1))
            for i, p in enumerate(rows)])

    def free(self, who: Identity) -> None:
        """Make way for something new: refused to someone who sits in a match; a queue
        table or a room they wait in is left first (see ``seating``)."""
        self._free(who)

    def _free(self, who: Identity, keep_room: str | None = None,
              keep_queue: bool = False, *, paced: bool = False) -> None:
        if paced:
            seating.refuse_if_paced_full(self.ctx, who.player_id)
        else:
            seating.refuse_if_seated(self.ctx, who.player_id)
        repo = self.ctx.repository
        if not keep_queue and repo.get_queue_pointer(who.player_id) is not None:
            self.leave_queue(who, None)
        code = repo.get_room_pointer(who.player_id)
        if code is not None and code != keep_room:
            room = repo.get_room(code)
            if room is not None and room.status == "open" and \
                    any(p["id"] == who.player_id for p in room.players):
                self.leave_room(who, code, None)
            repo.clear_room_pointer(who.player_id, code)

    def _tell(self, player_ids: list[str], build: Callable[[str | None, str], Frame],
              answer: tuple[str, str] | None = None) -> None:
        """Post a lobby frame (``build(request id, player id)``) to every connection of these
        players; the one who asked gets it with their request id (``answer`` = player id,
        request id) — also when they are not among the players, so every request is
        answered (an old host asking of a room reopened without them)."""
        repo = self.ctx.repository
        frames = []
        if answer is not None and answer[0] not in player_ids:
            player_ids = [*player_ids, answer[0]]
        for player in player_ids:
            request_id = answer[1] if answer is not None and answer[0] == player else None
            frame = build(request_id, player)
            frames += [(c, frame) for c in repo.player_connections(player)]
        self.ctx.notifier.post_many(frames)

    # -- the Normal queue ---------------------------------------------------------------------

    def join_queue(self, who: Identity, seats: int, request_id: str,
                   paced: bool = False) -> None:
        """Wait at the Normal queue of ``seats`` (``paced``: the one at one's own pace, with
        its own tables, 24-hour turns and a longer wait before bots fill a table)."""
        self._free(who, keep_queue=True, paced=paced)
        if self.ctx.repository.get_queue_pointer(who.player_id) is not None:
            self.leave_queue(who, None)
        rating = Rating.from_json(self.profile(who).rating).rating
        me = {"id": who.player_id, "name": who.name, "rating": round(rating, 1)}
        table = self._sit(me, seats, paced)
        self.ctx.repository.set_queue_pointer(who.player_id, seats, table.table_id,
                                              self.ctx.now_s(), paced)
        if len(table.players) == seats:
            self._close(table, (who.player_id, request_id))
            return
        self._tell([p["id"] for p in table.players],
                   lambda rid, _: self._waiting(table, rid), (who.player_id, request_id))

    @staticmethod
    def _waiting(table: QueueTable, request_id: str | None) -> QueueStatus:
        return QueueStatus(requestId=request_id, status="waiting", seats=table.seats,
                           players=[p["name"] for p in table.players],
                           fillAtMs=table.fill_at_ms, paced=table.paced)

    def _sit(self, me: dict[str, Any], seats: int, paced: bool = False) -> QueueTable:
        """A seat at the queue's open table (one conditional update, however many join at
        once), or, when it cannot take one more (full, closing, its fill time gone, or
        emptied), a new table made the open one in its place. No scan of the queue: one
        read of its open table, one write."""
        repo, now_s = self.ctx.repository, self.ctx.now_s()
        wait_s = self.ctx.pace.queue_wait_s if paced else self.ctx.queue_wait_s
        for _ in range(SEAT_TRIES):
            current = repo.open_table_id(seats, paced)
            if current is not None:
                joined = repo.join_table(seats, current, me, self.ctx.clock_ms(), now_s,
                                         paced)
                if joined is not None:
                    return joined
            table = QueueTable("q-" + secrets.token_hex(6), seats, [me],
                               self.ctx.clock_ms() + wait_s * 1000, paced=paced)
            if repo.open_new_table(table, current, now_s):
                if seats > 1:
                    self.ctx.timers.schedule(fill_timer_name(table.table_id), wait_s,
                                             {"kind": "fill", "seats": seats,
                                              "tableId": table.table_id, "paced": paced})
                return table
        raise ServiceError("state.changed", "Muita gente ao mesmo tempo; tente de novo.")

    def leave_queue(self, who: Identity, request_id: str | None) -> QueueStatus:
        repo = self.ctx.repository
        pointer = repo.get_queue_pointer(who.player_id)
        if pointer is None:
            raise ServiceError("queue.not_in", "Você não está na fila.")
        seats, table_id, paced = pointer

        def leave() -> QueueTable | None:
            table = repo.get_table(seats, table_id, paced)
            if table is None or table.match_id is not None:
                return table
            left = replace(table, players=[p for p in table.players
                                           if p["id"] != who.player_id],
                           version=table.version + 1)
            repo.put_table(left, table.version, self.ctx.now_s())
            return left

        table = retried(leave, tries=LOBBY_TRIES)
        repo.clear_queue_pointer(who.player_id)
        if table is not None and table.match_id is None and table.players:
            waiting = table
            self._tell([p["id"] for p in table.players],
                       lambda rid, _: self._waiting(waiting, rid))
        return QueueStatus(requestId=request_id, status="left", seats=seats, paced=paced)

    def fill(self, seats: int, table_id: str, paced: bool = False) -> bool:
        """The fill timer fired: close the table with bots in the free seats."""
        table = self.ctx.repository.get_table(seats, table_id, paced)
        if table is None or table.match_id is not None or not table.players:
            return False
        return self._close(table)

    def _close(self, table: QueueTable, answer: tuple[str, str] | None = None) -> bool:
        repo = self.ctx.repository
        match_id = new_match_id()
        try:
            repo.put_table(replace(table, match_id=match_id, version=table.version + 1),
                           table.version, self.ctx.now_s())
        except ConflictError:
            latest = repo.get_table(table.seats, table.table_id, table.paced)
            if latest is None or latest.match_id is not None:
                return False
            return self._close(latest, answer)
        people = list(table.players)
        while people:
            mean = statistics.mean(float(p["rating"]) for p in people)
            bot = level_for_rating(round(mean))
            specs = [SeatSpec(p["name"], p["id"]) for p in people]
            specs += [SeatSpec(f"Robô {bot.name} {i + 1}", None, bot.number)
                      for i in range(table.seats - len(specs))]
            settings = MatchSettings.for_table(
                RoomSettings(turnSeconds=NORMAL_PACE_SECONDS if table.paced
                             else STANDARD.turn_seconds),
                mode="normal", bot_levels=[s.bot_level for s in specs],
                missed_turns=self.ctx.pace.missed_turns)
            try:
                self.matches.start(specs, settings, match_id, answer)
                break
            except seating.PlayerBusyError as busy:
                # Seated elsewhere a moment ago: the table plays on without them.
                repo.clear_queue_pointer(busy.player_id)
                people = [p for p in people if p["id"] != busy.player_id]
                answer = answer if answer is None or answer[0] != busy.player_id else None
        else:
            return False
        repo.delete_table(table.seats, table.table_id, table.paced)
        for p in people:
            repo.clear_queue_pointer(p["id"])
        self._tell([p["id"] for p in people],
                   lambda rid, _: QueueStatus(requestId=rid, status="matched", seats=table.seats,
                                           players=[s.name for s in specs],
                                           matchId=match_id, paced=table.paced), answer)
        return True

    # -- Customizada rooms --------------------------------------------------------------------

    def _room_frame(self, room: Room, request_id: str | None = None,
                    viewer: str | None = None) -> RoomStatus:
        return RoomStatus(requestId=request_id, code=room.code, status=room.status,  # type: ignore[arg-type]
                          settings=room.settings, matchId=room.match_id,
                          players=[RoomPlayer(name=p["name"], host=p["id"] == room.host,
                                              you=p["id"] == viewer)
                                   for p in room.players])

    def _tell_room(self, room: Room, answer: tuple[str, str] | None = None) -> None:
        """The room's state to everyone in it, each told which entry is them."""
        self._tell([p["id"] for p in room.players],
                   lambda rid, viewer: self._room_frame(room, rid, viewer), answer)

    def _room(self, code: str) -> Room:
        room = self.ctx.repository.get_room(code.upper())
        if room is None:
            raise ServiceError("room.not_found", "Não há sala com esse código.")
        return room

    def _check(self, settings: RoomSettings) -> None:
        check_table(settings.themed, settings.themeId, self.ctx.resources.themes)

    def create_room(self, who: Identity, settings: RoomSettings,
                    request_id: str) -> RoomStatus:
        self._free(who, paced=is_paced(settings.turnSeconds))
        self._check(settings)

        def attempt() -> Room:
            # A code another open room holds is drawn again.
            code = "".join(secrets.choice(ROOM_ALPHABET) for _ in range(ROOM_CODE_LENGTH))
            room = Room(code, who.player_id, settings.model_dump(),
                        [{"id": who.player_id, "name": who.name}])
            self.ctx.repository.put_room(room, None, self.ctx.now_s())
            return room

        room = retried(attempt, tries=LOBBY_TRIES, on=(ExistsError,), code="room.busy",
                       message="Não foi possível criar a sala agora; tente de novo.")
        self.ctx.repository.set_room_pointer(who.player_id, room.code, self.ctx.now_s())
        return self._room_frame(room, request_id, who.player_id)

    def _change_room(self, code: str, change: Callable[[Room], Room]) -> Room:
        repo = self.ctx.repository

        def attempt() -> Room:
            room = self._room(code)
            changed = replace(change(room), version=room.version + 1)
            repo.put_room(changed, room.version, self.ctx.now_s())
            return changed

        return retried(attempt, tries=LOBBY_TRIES)

    def join_room(self, who: Identity, code: str, request_id: str) -> None:
        self._free(who, keep_room=code.upper(),
                   paced=is_paced(int(self._room(code).settings.get("turnSeconds", 0))))

        def join(room: Room) -> Room:
            if room.status != "open":
                raise ServiceError("room.closed", "Esta sala já começou ou foi fechada.")
            if any(p["id"] == who.player_id for p in room.players):
                return room
            if len(room.players) + int(room.settings.get("bots", 0)) >= MAX_SEATS:
                raise ServiceError("room.full", "Esta sala está cheia.")
            return replace(room, players=[*room.players,
                                          {"id": who.player_id, "name": who.name}])

        room = self._change_room(code, join)
        self.ctx.repository.set_room_pointer(who.player_id, room.code, self.ctx.now_s())
        self._tell_room(room, (who.player_id, request_id))

    def update_room(self, who: Identity, code: str, settings: RoomSettings,
                    request_id: str | None = None) -> None:
        self._check(settings)
        def update(room: Room) -> Room:
            self._host_only(room, who)
            if len(room.players) + settings.bots > MAX_SEATS:
                raise ServiceError("room.too_many",
                                   f"Pessoas e robôs somam no máximo {MAX_SEATS} lugares.")
            return replace(room, settings=settings.model_dump())

        room = self._change_room(code, update)
        self._tell_room(room, (who.player_id, request_id) if request_id else None)

    def leave_room(self, who: Identity, code: str, request_id: str | None) -> RoomStatus:
        def leave(room: Room) -> Room:
            players = [p for p in room.players if p["id"] != who.player_id]
            if len(players) == len(room.players):
                raise ServiceError("room.not_in", "Você não está nesta sala.")
            if room.status != "open":
                return replace(room, players=players)
            host = room.host if room.host != who.player_id else (
                players[0]["id"] if players else room.host)
            return replace(room, players=players, host=host,
                           status="open" if players else "closed")

        room = self._change_room(code, leave)
        self.ctx.repository.clear_room_pointer(who.player_id, room.code)
        self._tell_room(room)
        return self._room_frame(replace(room, players=[]), request_id)

    @staticmethod
    def _host_only(room: Room, who: Identity) -> None:
        if room.host != who.player_id:
            raise ServiceError("room.not_host", "Só quem criou a sala pode fazer isso.")
        if room.status != "open":
            raise ServiceError("room.closed", "Esta sala já começou ou foi fechada.")

    def start_room(self, who: Identity, code: str, request_id: str | None = None) -> None:
        match_id = new_match_id()

        def start(room: Room) -> Room:
            self._host_only(room, who)
            return replace(room, status="started", match_id=match_id)

        room = self._change_room(code, start)
        try:
            self._started(room, match_id, (who.player_id, request_id) if request_id else None)
        except seating.PlayerBusyError as busy:
            # Someone of the room sat down elsewhere meanwhile: the room is open again
            # without them, and the host is told who.
            gone = busy.player_id
            self._change_room(code, lambda r: replace(
                r, status="open", match_id=None,
                players=[p for p in r.players if p["id"] != gone])
                if r.match_id == match_id else r)
            self.ctx.repository.clear_room_pointer(gone, room.code)
            raise ServiceError(busy.code, f"{busy.message[:-1]} e saiu da sala.") from busy
        except Exception:
            # A failed start changes nothing: the room is open again, as it was, and its
            # people are told — a refusal (a theme gone) as much as a storage error (a
            # throttled write): the match is written in one transaction, so none exists.
            reopened = self._change_room(code, lambda r: replace(r, status="open",
                                                                 match_id=None)
                                         if r.match_id == match_id else r)
            self._tell_room(reopened)
            raise

    def _started(self, room: Room, match_id: str, answer: tuple[str, str] | None) -> None:
        """A room just marked started: tell its people and seat them."""
        settings = RoomSettings.model_validate(room.settings)
        specs = [SeatSpec(p["name"], p["id"]) for p in room.players]
        self._tell_room(room, answer)
        self._start(specs, settings, "room", match_id, answer, room_code=room.code)

    # -- playing again ------------------------------------------------------------------------

    def rematch(self, who: Identity, match_id: str, request_id: str) -> None:
        """Play again after a finished match: Solo with the same bots and settings, Normal
        back in the queue, a room reopened for the same people. In a room each person
        accepts by asking too; the match starts when everyone who played is back."""
        record = self.ctx.repository.load_match(match_id)
        if record is None or who.player_id not in record.players:
            raise ServiceError("match.not_seated", "Você não jogou esta partida.")
        if not record.finished:
            raise ServiceError("rematch.not_finished", "Esta partida ainda não terminou.")
        stored = record.settings
        if stored.mode == "daily":
            raise ServiceError("daily.played", "O desafio do dia tem uma tentativa só: volte "
                               "amanhã para o próximo.")
        if stored.mode == "normal":
            self.join_queue(who, len(record.players), request_id, stored.paced)
            return
        settings = stored.table()
        if stored.mode != "room" or not stored.room:
            self.start_solo(who, settings, request_id)
            return
        self._free(who, keep_room=stored.room, paced=stored.paced)
        people = [p for p in record.players if p]
        new_id = new_match_id()

        def come_back(room: Room) -> Room:
            if room.match_id != match_id or room.status == "closed":
                raise ServiceError("rematch.gone",
                                   "Esta mesa já começou outra partida ou foi fechada.")
            me = {"id": who.player_id, "name": who.name}
            if room.status == "started":  # the first to ask reopens the room, and runs it
                room = replace(room, status="open", players=[me], host=who.player_id)
            elif all(p["id"] != who.player_id for p in room.players):
                room = replace(room, players=[*room.players, me])
            back = {p["id"] for p in room.players}
            if all(p in back for p in people):
                return replace(room, status="started", match_id=new_id)
            return room

        room = self._change_room(stored.room, come_back)
        self.ctx.repository.set_room_pointer(who.player_id, room.code, self.ctx.now_s())
        answer = (who.player_id, request_id)
        if room.status == "started":
            self._started(room, new_id, answer)
            return
        self._tell_room(room, answer)
        back = {p["id"] for p in room.players}
        offer = RematchOffer(matchId=match_id, code=room.code, by=who.name)
        self.ctx.notifier.post_many([
            (c, offer) for p in people if p not in back
            for c in self.ctx.repository.player_connections(p)])

    def start_solo(self, who: Identity, settings: RoomSettings,
                   request_id: str | None = None) -> None:
        self._free(who, paced=is_paced(settings.turnSeconds))
        self._check(settings)
        self._start([SeatSpec(who.name, who.player_id)], settings, "solo", new_match_id(),
                    (who.player_id, request_id) if request_id else None)

    def daily(self, who: Identity, request_id: str | None) -> DailyStatus:
        return daily.status(self.ctx, who, request_id)

    def start_daily(self, who: Identity, request_id: str) -> None:
        daily.start(self, who, request_id)

    def start_daily_match(self, people: list[SeatSpec], settings: RoomSettings,
                          match_id: str, answer: tuple[str, str] | None, *, day: str,
                          seed: str) -> None:
        """Start the daily challenge's match: its day and seed are stored with it."""
        self._start(people, settings, "daily", match_id, answer, day=day, seed=seed)

    def _start(self, people: list[SeatSpec], settings: RoomSettings, mode: Mode,
               match_id: str, answer: tuple[str, str] | None = None,
               room_code: str | None = None, day: str | None = None,
               seed: str | None = None) -> None:
        bots = [SeatSpec(f"Robô {i + 1}", None, settings.botLevel) for i in range(settings.bots)]
        specs = people + bots
        stored = MatchSettings.for_table(settings, mode=mode,
                                         bot_levels=[s.bot_level for s in specs],
                                         room=room_code, day=day, seed=seed,
                                         missed_turns=self.ctx.pace.missed_turns)
        self.matches.start(specs, stored, match_id, answer)
