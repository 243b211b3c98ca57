"""The match flow: new matches, ``apply`` for every command, ``preview`` before confirming.

A turn has four phases: income and market (hooks the card rules fill), the action (play, swap
up to three tiles, or pass; a timeout is a pass) and the free refill. A round is one turn for
each seat. The match ends when a seat reaches the point target, when the round limit is
reached (the round is completed), when every seat has passed twice in a row, or when all but
one seat of a multi-seat match have left. Commands are pure: state in, new state and events
out; an illegal command raises a :class:`~engine.errors.RuleError` and changes nothing.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from engine import chain as chains
from engine import economy
from engine.board import Board, Layout
from engine.card_effects import check_move_cards, check_wildcards_used, choose, use_card
from engine.cards import WILDCARD_CODES
from engine.commands import (
    Buy,
    Choose,
    Clock,
    Command,
    Leave,
    Pass,
    Play,
    Sell,
    Swap,
    Timeout,
    UseCard,
)
from engine.errors import RuleError
from engine.events import Event, private, public
from engine.lexicon import Lexicon
from engine.moves import MoveShape, PlacedTile, analyse, square_name
from engine.rng import Rng
from engine.rules import Band, RuleSet
from engine.scoring import Affinity, Breakdown, score_move
from engine.seat_view import seat_view
from engine.state import ACTIVE, FINISHED, MatchState, Seat
from engine.themes import DEFAULT_DIR, ThemeCatalog
from engine.tiles import draw, refill, take_from_rack


class TurnError(RuleError):
    code = "turn.invalid"


@dataclass(frozen=True)
class Resources:
    """The read-only data a match is played with."""

    lexicon: Lexicon
    themes: ThemeCatalog

    @classmethod
    @functools.cache
    def default(cls, reviewed_only: bool = False) -> Resources:
        """The bundled lexicon and themes; ``reviewed_only`` restricts every theme draw to the
        themes a person has reviewed (a deployment's choice)."""
        lexicon = Lexicon.default()
        return cls(lexicon, ThemeCatalog.load(DEFAULT_DIR, lexicon, reviewed_only=reviewed_only))


@dataclass(frozen=True)
class Player:
    player_id: str
    name: str
    bot: bool = False


@functools.cache
def _layout(rows: tuple[str, ...]) -> Layout:
    return Layout(rows)


def layout_of(rules: RuleSet) -> Layout:
    """The parsed bonus squares of a rule set (parsed once per layout)."""
    return _layout(rules.layout)


def new_match(
    rules: RuleSet,
    match_id: str,
    players: Sequence[Player],
    *,
    seed: str | int,
    now: int,
    resources: Resources,
    theme_id: str | None = None,
) -> tuple[MatchState, list[Event]]:
    """Seat the players, draw the theme (if the table chose none) and racks, start turn 1."""
    res = resources
    if not rules.min_seats <= len(players) <= rules.max_seats:
        raise TurnError(
            f"Esta mesa é para {rules.min_seats} a {rules.max_seats} jogadores.",
            code="match.seats",
        )
    if len({p.player_id for p in players}) != len(players):
        raise TurnError("Um jogador não pode ocupar dois lugares.", code="match.seats")
    rng = Rng.from_seed(seed)
    if not rules.themed:
        theme_id = None
    elif theme_id is None:
        ids = res.themes.drawable()
        if not ids:
            raise TurnError("Não há temas disponíveis.", code="theme.none")
        theme_id = rng.choice(ids)
    else:
        res.themes.get(theme_id)  # raises for an unknown theme
    seats = []
    for player in players:
        rack = tuple(refill(rules, (), rules.rack_size, rng))
        seats.append(Seat(player.player_id, player.name, player.bot, rack))
    state = MatchState(
        match_id=match_id,
        rules=rules.name,
        theme_id=theme_id,
        board=Board.empty(rules.size).rows,
        seats=tuple(seats),
        rng_state=rng.state,
    )
    events = [public("match_started", {"match_id": match_id, "theme_id": theme_id,
                                       "seats": [p.name for p in players]})]
    state, started = _start_turn(rules, state, 0, now, rng)
    return replace(state, rng_state=rng.state, version=1), events + started


def _start_turn(
    rules: RuleSet, state: MatchState, seat: int, now: int, rng: Rng
) -> tuple[MatchState, list[Event]]:
    deadline = now + rules.turn_seconds * 1000
    state = replace(state, current=seat, turn=state.turn + 1, turn_started_ms=now,
                    deadline_ms=deadline)
    started = public("turn_started", {"seat": seat, "turn": state.turn, "round": state.round,
                                      "deadline_ms": deadline})
    # Phases 1 and 2: income and the market's offers.
    state, market = economy.start_of_turn(rules, state, seat, rng)
    return state, [started, *market]


def affinity(state: MatchState, seat: Seat, word: str, res: Resources) -> Affinity:
    """The band of the main word: the match's theme, or the seat's Tema Pessoal if better;
    with the roots the chain compares: the dictionary's roots of the word (its inflections:
    AMARA has AMAR) and everything it counts as in those themes (ZEBRAS counts as ZEBRA)."""
    best = Affinity(Band.FRIO, None)
    roots = dict.fromkeys(res.lexicon.roots(word))
    for theme_id in (state.theme_id, seat.personal_theme):
        if theme_id is None:
            continue
        theme = res.themes.get(theme_id)
        roots.update(dict.fromkeys(theme.counts_as(word, res.lexicon)))
        band, matched = theme.band_of(word, res.lexicon)
        if band > best.band:
            shown = res.lexicon.display(matched) if matched is not None else None
            best = Affinity(band, matched, theme.id, matched_display=shown)
    return replace(best, roots=tuple(roots) or (word,))


@dataclass(frozen=True)
class _Evaluated:
    shape: MoveShape
    breakdown: Breakdown
    chain: chains.Chain
    rack_left: tuple[str, ...]
    spent: frozenset[int]  # card slots the play uses


def _check_anchors(state: MatchState, seat: int, tiles: Sequence[PlacedTile]) -> None:
    reserved = {(r, c) for r, c, owner in state.anchors if owner != seat}
    for tile in tiles:
        if (tile.row, tile.col) in reserved:
            raise TurnError(f"A casa {square_name(tile.row, tile.col)} está reservada por uma "
                            f"Âncora.", code="move.anchored", square=(tile.row, tile.col))


def _evaluate(
    rules: RuleSet, state: MatchState, seat: int, play: Play, res: Resources
) -> _Evaluated:
    """The one code path behind ``preview`` and ``play``: validate, then score."""
    player = state.seats[seat]
    if player.plays_this_turn >= (2 if player.second_wind else 1):
        raise TurnError("Você já jogou neste turno.", code="turn.already_played")
    if play.cards and not rules.cards:
        raise TurnError("Esta partida é sem cartas.", code="card.disabled")
    board = Board(state.board)  # validated when the state was built or loaded
    _check_anchors(state, seat, play.tiles)
    # The tiles first, the words after: a preview must not tell whether a word exists for
    # letters the seat does not hold (it would be a dictionary oracle). A tile that is no
    # letter at all is the placement's own error (move.bad_letter).
    armed = [WILDCARD_CODES[slot.card] for c in play.cards
             if 0 <= c.slot < len(player.row) and (slot := player.row[c.slot]) is not None
             and slot.owned and slot.card in WILDCARD_CODES]
    letters_ok = all(len(t.letter) == 1 and "A" <= t.letter <= "Z" for t in play.tiles)
    if letters_ok and take_from_rack((*player.rack, *armed),
                                     [(t.letter, t.wild) for t in play.tiles]) is None:
        raise TurnError("Você não tem essas peças na mão.", code="move.not_in_rack")
    shape = analyse(rules, board, play.tiles, res.lexicon)
    cards = check_move_cards(rules, player, play.cards, shape)
    left = take_from_rack((*player.rack, *cards.wildcards),
                          [(t.letter, t.wild) for t in play.tiles])
    if left is None:
        raise TurnError("Você não tem essas peças na mão.", code="move.not_in_rack")
    check_wildcards_used(player.rack, cards, left)
    affinity_ = affinity(state, player, shape.main.text, res)
    new_chain, step = chains.after_play(rules, player.chain, affinity_.band, affinity_.roots,
                                        protected=player.golden_round == state.round)
    displays = {w.text: res.lexicon.display(w.text) or w.text.lower() for w in shape.words}
    breakdown = score_move(rules, layout_of(rules), shape, displays=displays,
                           affinity=affinity_, chain=step, modifiers=cards.modifiers)
    return _Evaluated(shape, breakdown, new_chain, tuple(left), cards.slots)


def _check_turn(state: MatchState, seat: int) -> None:
    if state.status != ACTIVE:
        raise TurnError("A partida já terminou.", code="match.over")
    if not 0 <= seat < len(state.seats):
        raise TurnError("Lugar inválido.", code="seat.invalid")


def preview(
    rules: RuleSet, state: MatchState, seat: int, tiles: Sequence[PlacedTile] | Play,
    *, resources: Resources,
) -> Breakdown:
    """The band and full score of a placement (with its cards), before it is confirmed.

    :raises TurnError: the match is over (``match.over``) or ``seat`` is not one
        (``seat.invalid``).
    :raises MoveError: the placement breaks a rule of a move (``move.*``: the shape, the
        centre, the connection, a word the lexicon lacks, tiles not in the rack).
    :raises CardError: a card in the placement cannot be used (``card.*``).
    """
    _check_turn(state, seat)
    play = tiles if isinstance(tiles, Play) else Play(tuple(tiles))
    return _evaluate(rules, state, seat, play, resources).breakdown


def apply(
    rules: RuleSet,
    state: MatchState,
    seat: int,
    command: Command,
    now: int,
    *,
    resources: Resources,
    rng: Rng | None = None,
) -> tuple[MatchState, list[Event]]:
    """Apply one command of ``seat`` at time ``now`` (ms); returns the new state and events.

    The random generator is the state's own (``state.rng_state``) unless one is injected, so
    the same state and command always give the same result.

    :raises TurnError: the match is over, the seat is not one or not the current one
        (``turn.not_yours``), the move came after the deadline and its grace
        (``turn.expired``), a timeout names another turn (``turn.stale``).
    :raises MoveError: a play breaks a rule of a move (``move.*``).
    :raises RuleError: a swap, a purchase, a sale or a card breaks its rule (``swap.*``,
        ``market.*``, ``card.*``).
    """
    _check_turn(state, seat)
    rng = rng if rng is not None else Rng(state.rng_state)
    if not isinstance(command, Leave):
        if seat != state.current:
            raise TurnError("Não é a sua vez.", code="turn.not_yours")
        if not isinstance(command, Timeout) and now > state.deadline_ms + rules.late_grace_ms:
            raise TurnError("O tempo deste turno acabou: a jogada não foi aceita.",
                            code="turn.expired")
    state = _forgiven(state, seat, command)
    match command:
        case Leave():
            new_state, events = _leave(rules, state, seat, now, rng)
            return replace(new_state, rng_state=rng.state, version=state.version + 1), events
        case Buy() | Sell() | UseCard() | Choose() | Clock():
            # Phase 2, the market, and the clock: none of these ends the turn.
            new_state, events = (
                _clock(rules, state, seat, command.running, now) if isinstance(command, Clock)
                else _market(rules, state, seat, command, rng, resources))
            return replace(new_state, rng_state=rng.state, version=state.version + 1), events
        case Play():
            new_state, events = _play(rules, state, seat, command, resources)
            player = new_state.seats[seat]
            if player.second_wind and player.plays_this_turn == 1 and not new_state.finished:
                return _second_wind(rules, new_state, seat, rng, events, state.version)
        case Swap():
            new_state, events = _swap(rules, state, seat, command, rng)
        case Pass():
            new_state, events = _pass(rules, state, seat, "passed")
        case Timeout(turn=turn):
            new_state, events = _timeout(rules, state, seat, turn, now, rng)
            return replace(new_state, rng_state=rng.state, version=state.version + 1), events
        case _:
            raise TurnError("Comando desconhecido.", code="command.unknown")
    new_state, more = _end_turn(rules, new_state, seat, now, rng)
    return replace(new_state, rng_state=rng.state, version=state.version + 1), events + more


def _clock(rules: RuleSet, state: MatchState, seat: int, running: bool,
           now: int) -> tuple[MatchState, list[Event]]:
    """Stop the turn's clock (the deadline moves ``pause_seconds`` ahead, so a pause left
    open still ends) or start it again with a whole turn: the time read away is not lost."""
    if rules.pause_seconds <= 0:
        raise TurnError("Nesta mesa o relógio não para.", code="clock.not_pausable")
    seconds = rules.turn_seconds if running else rules.pause_seconds
    deadline = now + seconds * 1000
    return replace(state, deadline_ms=deadline), [
        public("clock", {"seat": seat, "running": running, "deadline_ms": deadline})]


def _market(
    rules: RuleSet, state: MatchState, seat: int, command: Buy | Sell | UseCard | Choose,
    rng: Rng, res: Resources,
) -> tuple[MatchState, list[Event]]:
    """Phase 2: buying, selling and instant cards; none of them ends the turn."""
    if isinstance(command, Buy):
        return economy.buy(rules, state, seat, command.slot)
    if isinstance(command, Sell):
        return economy.sell(rules, state, seat, command.slot)
    if isinstance(command, UseCard):
        return use_card(rules, state, seat, command, rng, res.themes)
    return choose(rules, state, seat, command, res.themes)


def _second_wind(
    rules: RuleSet, state: MatchState, seat: int, rng: Rng, events: list[Event], version: int
) -> tuple[MatchState, list[Event]]:
    """After the first play of a Segundo Fôlego turn: a full rack and the same turn again."""
    player = state.seats[seat]
    rack = tuple(refill(rules, player.rack, rules.rack_size + player.extra_tiles, rng))
    state = state.with_seat(seat, replace(player, rack=rack))
    events = [*events, private(seat, "rack", {"rack": list(rack)}),
              public("second_play", {"seat": seat})]
    return replace(state, rng_state=rng.state, version=version + 1), events


def _record(state: MatchState, seat: int, kind: str,
            details: Mapping[str, object] | None = None) -> tuple[MatchState, dict[str, object]]:
    """Append one move to the history, after the seat's state already holds the move's effect.

    Every entry is numbered (``move``, from 0) and carries its round and the seat's running
    total, so a client or the stored move log can show any page of the match on its own,
    without replaying the entries before it. The same fields go on the move's public event.
    """
    entry: dict[str, object] = {"move": len(state.history), "turn": state.turn,
                                "round": state.round, "seat": seat, "kind": kind,
                                **(details or {}), "total": state.seats[seat].score}
    return replace(state, history=(*state.history, entry)), entry


def _play(
    rules: RuleSet, state: MatchState, seat: int, command: Play, res: Resources
) -> tuple[MatchState, list[Event]]:
    evaluated = _evaluate(rules, state, seat, command, res)
    shape, breakdown = evaluated.shape, evaluated.breakdown
    board = Board(state.board).with_tiles((t.row, t.col, t.cell) for t in command.tiles)
    player = economy.spend(state.seats[seat], set(evaluated.spent))
    longest = max((w.text for w in shape.words), key=len)
    if len(longest) > len(player.longest_word):
        player = replace(player, longest_word=longest)
    turn_score = (player.last_score if player.plays_this_turn else 0) + breakdown.total
    player = replace(
        player, rack=evaluated.rack_left, score=player.score + breakdown.total,
        passes_in_row=0, chain=evaluated.chain, best_move=max(player.best_move, breakdown.total),
        longest_chain=max(player.longest_chain, evaluated.chain.length),
        plays_this_turn=player.plays_this_turn + 1, last_score=turn_score,
    )
    state = replace(state.with_seat(seat, player), board=board.rows)
    state, summary = _record(state, seat, "play", {
        "words": [w.text for w in shape.words],
        "display": [w.display for w in breakdown.words],
        "score": breakdown.total, "band": breakdown.band.label})
    return state, [public("move_played", {**summary, "breakdown": breakdown.to_json(),
                                          "tiles": [[t.row, t.col, t.cell]
                                                    for t in command.tiles]})]


def _swap(
    rules: RuleSet, state: MatchState, seat: int, command: Swap, rng: Rng
) -> tuple[MatchState, list[Event]]:
    count = len(command.tiles)
    if not 1 <= count <= rules.swap_limit:
        raise TurnError(f"Troque de 1 a {rules.swap_limit} peças.", code="swap.count")
    player = state.seats[seat]
    if player.plays_this_turn:
        raise TurnError("Você já jogou neste turno.", code="turn.already_played")
    if Counter(command.tiles) - Counter(player.rack):
        raise TurnError("Você não tem essas peças na mão.", code="swap.not_in_rack")
    left = list(player.rack)
    for code in command.tiles:
        left.remove(code)
    drawn = draw(rules, left, count, rng)
    chain, step = chains.after_break(player.chain,
                                     protected=player.golden_round == state.round)
    player = replace(player, rack=(*left, *drawn), passes_in_row=0, chain=chain)
    state, entry = _record(state.with_seat(seat, player), seat, "swap", {"count": count})
    return state, [
        public("swapped", {"seat": seat, "count": count, "chain": step.effect,
                           **_numbers(entry)}),
        private(seat, "rack", {"rack": list(player.rack), "drawn": drawn}),
    ]


def _pass(
    rules: RuleSet, state: MatchState, seat: int, kind: str
) -> tuple[MatchState, list[Event]]:
    player = state.seats[seat]
    if player.plays_this_turn:
        # The second play of a Segundo Fôlego turn given up: the turn simply ends.
        return state, [public("turn_ended", {"seat": seat, "reason": kind})]
    chain, step = chains.after_break(player.chain,
                                     protected=player.golden_round == state.round)
    player = replace(player, passes=player.passes + 1, passes_in_row=player.passes_in_row + 1,
                     chain=chain)
    player = economy.pass_coin(rules, player)
    state, entry = _record(state.with_seat(seat, player), seat, kind)
    return state, [public(kind, {"seat": seat, "chain": step.effect, **_numbers(entry)})]


def _forgiven(state: MatchState, seat: int, command: Command) -> MatchState:
    """A play, a swap or a pass shows the player is back: the turns they let run out are
    forgiven."""
    if isinstance(command, (Play, Swap, Pass)) and state.seats[seat].timeouts_in_row:
        return state.with_seat(seat, replace(state.seats[seat], timeouts_in_row=0))
    return state


def _timeout(
    rules: RuleSet, state: MatchState, seat: int, turn: int, now: int, rng: Rng
) -> tuple[MatchState, list[Event]]:
    """The turn ran out: a pass, or, the ``timeouts_to_leave``-th time in a row, the seat
    leaves as a leaver does (gone for good, as far as the table can tell: nobody waits days
    for them again)."""
    if turn != state.turn:
        raise TurnError("Esse tempo esgotado é de outro turno.", code="turn.stale")
    missed = state.seats[seat].timeouts_in_row + 1
    if rules.timeouts_to_leave and missed >= rules.timeouts_to_leave:
        return _leave(rules, state, seat, now, rng, "timed_out")
    state, events = _pass(rules, state, seat, "timed_out")
    state = state.with_seat(seat, replace(state.seats[seat], timeouts_in_row=missed))
    state, more = _end_turn(rules, state, seat, now, rng)
    return state, events + more


def _numbers(entry: Mapping[str, object]) -> dict[str, object]:
    """The history fields a move's event repeats: which move, in which round, the total."""
    return {"move": entry["move"], "round": entry["round"], "total": entry["total"]}


def _leave(
    rules: RuleSet, state: MatchState, seat: int, now: int, rng: Rng, reason: str = "left"
) -> tuple[MatchState, list[Event]]:
    """The seat leaves: by choice (``left``) or after letting ``timeouts_to_leave`` turns in
    a row run out (``timed_out``: the turn that ran out is recorded as such)."""
    if state.seats[seat].left:
        raise TurnError("Você já saiu desta partida.", code="seat.left")
    state = state.with_seat(seat, replace(state.seats[seat], left=True))
    events = [public("seat_left", {"seat": seat, "reason": reason})]
    remaining = [i for i, s in enumerate(state.seats) if not s.left]
    if not remaining or (len(state.seats) > 1 and len(remaining) <= 1):
        finished, more = _finish(state, "left")
        return finished, events + more
    if seat == state.current:
        state, more = _pass(rules, state, seat, "timed_out" if reason == "timed_out"
                            else "passed")
        events += more
        state, more = _end_turn(rules, state, seat, now, rng)
        events += more
    return state, events


def _end_turn(
    rules: RuleSet, state: MatchState, seat: int, now: int, rng: Rng
) -> tuple[MatchState, list[Event]]:
    """Phase 4 (refill) and the move to the next seat, ending the match when it is over."""
    player = state.seats[seat]
    thinking = max(0, now - state.turn_started_ms)
    rack = tuple(refill(rules, player.rack, rules.rack_size + player.extra_tiles, rng))
    last_score = player.last_score if player.plays_this_turn else 0
    # An Ímã or Ladrão de Tema choice not made by the end of the turn lapses.
    state = state.with_seat(seat, replace(player, rack=rack, last_score=last_score,
                                          thinking_ms=player.thinking_ms + thinking,
                                          pending=None))
    events = [private(seat, "rack", {"rack": list(rack)})]
    if state.seats[seat].score >= rules.point_target:
        finished, more = _finish(state, "target")
        return finished, events + more
    if all(s.passes_in_row >= rules.passes_to_end for s in state.seats):
        finished, more = _finish(state, "passes")
        return finished, events + more
    following = (seat + 1) % len(state.seats)
    if following == 0:
        if state.round >= rules.round_limit:
            finished, more = _finish(state, "rounds")
            return finished, events + more
        state = replace(state, round=state.round + 1)
    state, more = _start_turn(rules, state, following, now, rng)
    events += more
    if state.seats[following].left:
        # A seat that left passes at once: nobody waits for its timer.
        state, auto = _pass(rules, state, following, "passed")
        state, after = _end_turn(rules, state, following, now, rng)
        events += auto + after
    return state, events


def standings(state: MatchState) -> list[int]:
    """Seats from first to last: score, then longest word, fewer passes, less thinking time."""
    return sorted(
        range(len(state.seats)),
        key=lambda i: (
            state.seats[i].left,
            -state.seats[i].score,
            -len(state.seats[i].longest_word),
            state.seats[i].passes,
            state.seats[i].thinking_ms,
            i,
        ),
    )


def _tie_break(a: Seat, b: Seat) -> str | None:
    """Which rule separated two seats with the same score, if any."""
    if a.score != b.score:
        return None
    if len(a.longest_word) != len(b.longest_word):
        return "longest_word"
    if a.passes != b.passes:
        return "fewer_passes"
    if a.thinking_ms != b.thinking_ms:
        return "less_time"
    return "seat_order"


def _finish(state: MatchState, reason: str) -> tuple[MatchState, list[Event]]:
    order = standings(state)
    ranking = []
    for rank, index in enumerate(order, start=1):
        seat = state.seats[index]
        above = state.seats[order[rank - 2]] if rank > 1 else None
        ranking.append({
            "rank": rank, "seat": index, "name": seat.name, "score": seat.score,
            "longest_word": seat.longest_word, "passes": seat.passes,
            "thinking_ms": seat.thinking_ms, "left": seat.left,
            "tie_break": _tie_break(above, seat) if above is not None else None,
        })
    result = {"reason": reason, "ranking": ranking, "winner": order[0]}
    finished = replace(state, status=FINISHED, result=result)
    return finished, [public("match_ended", result)]


def view(
    rules: RuleSet, state: MatchState, seat: int | None, *, resources: Resources,
) -> dict[str, object]:
    """What one seat may see (None: a spectator): :func:`engine.seat_view.seat_view`."""
    return seat_view(rules, state, seat, resources=resources)


def replay(
    rules: RuleSet, start: MatchState, log: Sequence[tuple[int, Command, int]],
    *, resources: Resources,
) -> MatchState:
    """The state after re-applying a command log ``(seat, command, now)`` from ``start``."""
    state = start
    for seat, command, now in log:
        state, _ = apply(rules, state, seat, command, now, resources=resources)
    return state
