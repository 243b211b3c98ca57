"""What each card does: instant cards in the market phase, move cards inside a play.

Instant cards are spent when used. Move cards (wildcards, Letra Dobrada, Palavra Dobrada,
Palavra Triplicada, Prisma) are checked and turned into scoring modifiers here, and spent by
the caller only once the play is accepted. No card ever takes points away.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from engine.board import Board
from engine.cards import CARDS, INSTANT, MOVE, WILDCARD_CODES, WORD_MULTIPLIERS, card
from engine.commands import Choose, MoveCard, UseCard
from engine.economy import CardError, owned_card, spend
from engine.events import Event, private, public
from engine.moves import MoveShape, square_name
from engine.rng import Rng
from engine.rules import RuleSet
from engine.scoring import Modifiers
from engine.state import MatchState, Seat
from engine.themes import ThemeCatalog
from engine.tiles import draw


@dataclass(frozen=True)
class MoveCards:
    """The move cards of one play, checked: their modifiers, wildcard codes and slots."""

    modifiers: Modifiers
    wildcards: tuple[str, ...]
    slots: frozenset[int]


def check_move_cards(
    rules: RuleSet, seat: Seat, cards: Sequence[MoveCard], shape: MoveShape | None
) -> MoveCards:
    """Validate the move cards named in a play (``shape``: the move's words, once known)."""
    if not cards:
        return MoveCards(Modifiers(), (), frozenset())
    slots = [c.slot for c in cards]
    if len(set(slots)) != len(slots):
        raise CardError("A mesma carta foi usada duas vezes.", code="card.duplicate")
    letter: dict[tuple[int, int], tuple[tuple[str, int], ...]] = {}
    word: list[tuple[str, int]] = []
    wildcards: list[str] = []
    prisma = False
    squares = {(t.row, t.col) for w in shape.words for t in w.tiles} if shape else set()
    for use in cards:
        card_id = owned_card(rules, seat, use.slot)
        info = card(card_id)
        if info.kind != MOVE:
            raise CardError(f"{info.name} não entra numa jogada; use-a antes.",
                            code="card.not_move")
        if card_id in WILDCARD_CODES:
            wildcards.append(WILDCARD_CODES[card_id])
        elif card_id in WORD_MULTIPLIERS:
            word.append((info.name, WORD_MULTIPLIERS[card_id]))
        elif card_id == "prisma":
            if prisma:
                raise CardError("Um Prisma por jogada basta.", code="card.duplicate")
            prisma = True
        elif card_id == "letra_dobrada":
            if use.square is None:
                raise CardError("Diga qual letra a Letra Dobrada dobra.", code="card.target")
            if shape is not None and use.square not in squares:
                raise CardError(
                    f"A casa {square_name(*use.square)} não está nas palavras da jogada.",
                    code="card.target",
                )
            letter[use.square] = (*letter.get(use.square, ()), (info.name, 2))
    return MoveCards(Modifiers(letter, tuple(word), prisma), tuple(wildcards),
                     frozenset(slots))


def check_wildcards_used(rack: Sequence[str], cards: MoveCards, left: Sequence[str]) -> None:
    """Every wildcard card named in a play must stand for one of its tiles."""
    have = Counter(rack)
    unused = Counter(left)
    for code in set(cards.wildcards):
        if unused[code] > have[code]:
            raise CardError("Um coringa da jogada não foi usado em nenhuma peça.",
                            code="card.unused")


def use_card(
    rules: RuleSet, state: MatchState, index: int, command: UseCard, rng: Rng,
    themes: ThemeCatalog,
) -> tuple[MatchState, list[Event]]:
    """Apply an instant card's effect; the card is spent."""
    seat = state.seats[index]
    card_id = owned_card(rules, seat, command.slot)
    info = card(card_id)
    if info.kind != INSTANT:
        raise CardError(f"{info.name} entra numa jogada: escolha-a ao jogar.",
                        code="card.not_instant")
    if seat.plays_this_turn:
        raise CardError("As cartas se usam antes da ação do turno.", code="card.phase")
    if card_id in _CHOICES and seat.pending is not None:
        # A second choice would replace the first, and the card already paid for it would be
        # spent for nothing.
        raise CardError("Faça antes a escolha que está esperando por você.",
                        code="card.choice_pending")
    seat = spend(seat, {command.slot})
    handler = _INSTANT[card_id]
    state, events = handler(rules, state.with_seat(index, seat), index, command, rng, themes)
    return state, [public("card_used", {"seat": index, "card": card_id}), *events]



def _ima(rules: RuleSet, state: MatchState, i: int, _c: UseCard, rng: Rng,
         _t: ThemeCatalog) -> tuple[MatchState, list[Event]]:
    seat = state.seats[i]
    if len(seat.rack) >= rules.max_rack_size:
        raise CardError("A sua mão já está no tamanho máximo.", code="card.rack_full")
    options = draw(rules, seat.rack, rules.magnet_draw, rng)
    seat = replace(seat, pending={"kind": "ima", "options": options})
    return state.with_seat(i, seat), [private(i, "choose", {"kind": "ima", "options": options})]


def _reciclar(rules: RuleSet, state: MatchState, i: int, c: UseCard, rng: Rng,
              _t: ThemeCatalog) -> tuple[MatchState, list[Event]]:
    seat = state.seats[i]
    if not 1 <= len(c.tiles) <= rules.recycle_limit:
        raise CardError(f"Recicle de 1 a {rules.recycle_limit} peças.", code="card.target")
    if Counter(c.tiles) - Counter(seat.rack):
        raise CardError("Você não tem essas peças na mão.", code="card.target")
    left = list(seat.rack)
    for code in c.tiles:
        left.remove(code)
    drawn = draw(rules, left, len(c.tiles), rng)
    seat = replace(seat, rack=(*left, *drawn))
    return state.with_seat(i, seat), [private(i, "rack", {"rack": list(seat.rack),
                                                          "drawn": drawn})]


def _mina(rules: RuleSet, state: MatchState, i: int, _c: UseCard, _r: Rng,
          _t: ThemeCatalog) -> tuple[MatchState, list[Event]]:
    seat = state.seats[i]
    return state.with_seat(i, replace(seat, mines=(*seat.mines, rules.mine_payouts))), []


def _peca_extra(rules: RuleSet, state: MatchState, i: int, _c: UseCard, rng: Rng,
                _t: ThemeCatalog) -> tuple[MatchState, list[Event]]:
    seat = state.seats[i]
    # The rack's real length counts too: tiles an Ímã added are in it.
    if max(len(seat.rack), rules.rack_size + seat.extra_tiles) >= rules.max_rack_size:
        raise CardError(f"A mão já chegou ao limite de {rules.max_rack_size} peças.",
                        code="card.limit")
    rack = (*seat.rack, *draw(rules, seat.rack, 1, rng))
    seat = replace(seat, extra_tiles=seat.extra_tiles + 1, rack=rack)
    return state.with_seat(i, seat), [private(i, "rack", {"rack": list(rack)})]


def _ancora(rules: RuleSet, state: MatchState, i: int, c: UseCard, _r: Rng,
            _t: ThemeCatalog) -> tuple[MatchState, list[Event]]:
    board = Board(state.board)
    if c.square is None or not board.inside(*c.square):
        raise CardError("Escolha uma casa do tabuleiro para a Âncora.", code="card.target")
    row, col = c.square
    if board.occupied(row, col) or any((a[0], a[1]) == c.square for a in state.anchors):
        raise CardError(f"A casa {square_name(row, col)} não está livre.", code="card.target")
    state = replace(state, anchors=(*state.anchors, (row, col, i)))
    return state, [public("anchored", {"seat": i, "square": [row, col]})]


def _espiao(rules: RuleSet, state: MatchState, i: int, c: UseCard, _r: Rng,
            _t: ThemeCatalog) -> tuple[MatchState, list[Event]]:
    target = c.seat
    if target is None or target == i or not 0 <= target < len(state.seats):
        raise CardError("Escolha um adversário para espiar.", code="card.target")
    state = state.with_seat(i, replace(state.seats[i], spying=target))
    return state, [private(i, "spied", {"seat": target,
                                        "rack": list(state.seats[target].rack)})]


def _segundo_folego(rules: RuleSet, state: MatchState, i: int, _c: UseCard, _r: Rng,
                    _t: ThemeCatalog) -> tuple[MatchState, list[Event]]:
    seat = state.seats[i]
    if seat.second_wind:
        raise CardError("O Segundo Fôlego já está valendo neste turno.", code="card.active")
    return state.with_seat(i, replace(seat, second_wind=True)), []


def _other_themes(state: MatchState, themes: ThemeCatalog, exclude: set[str | None]) -> list[str]:
    if state.theme_id is None:
        raise CardError("Esta partida não tem tema.", code="card.no_theme")
    return [t for t in themes.drawable() if t not in exclude]


def _ladrao(rules: RuleSet, state: MatchState, i: int, _c: UseCard, rng: Rng,
            themes: ThemeCatalog) -> tuple[MatchState, list[Event]]:
    others = _other_themes(state, themes, {state.theme_id})
    if not others:
        raise CardError("Não há outro tema para roubar.", code="card.no_theme")
    options = rng.sample(others, min(2, len(others)))
    state = state.with_seat(i, replace(state.seats[i],
                                       pending={"kind": "ladrao", "options": options}))
    shown = [themes.get(t).public() for t in options]
    return state, [private(i, "choose", {"kind": "ladrao", "options": shown})]


def _cadeia(rules: RuleSet, state: MatchState, i: int, _c: UseCard, _r: Rng,
            _t: ThemeCatalog) -> tuple[MatchState, list[Event]]:
    state = state.with_seat(i, replace(state.seats[i], golden_round=state.round))
    return state, [public("chain_protected", {"seat": i, "round": state.round})]


def _tema_pessoal(rules: RuleSet, state: MatchState, i: int, _c: UseCard, rng: Rng,
                  themes: ThemeCatalog) -> tuple[MatchState, list[Event]]:
    seat = state.seats[i]
    others = _other_themes(state, themes, {state.theme_id, seat.personal_theme})
    if not others:
        raise CardError("Não há outro tema disponível.", code="card.no_theme")
    theme_id = rng.choice(others)
    until = state.round + rules.personal_theme_rounds - 1
    state = state.with_seat(i, replace(seat, personal_theme=theme_id, personal_until=until))
    return state, [public("personal_theme", {"seat": i, "theme": themes.get(theme_id).public(),
                                             "until_round": until})]


_CHOICES = frozenset({"ima", "ladrao_de_tema"})  # cards that leave a choice pending

_INSTANT = {
    "ima": _ima, "reciclar": _reciclar, "mina": _mina, "peca_extra": _peca_extra,
    "ancora": _ancora, "espiao": _espiao, "segundo_folego": _segundo_folego,
    "ladrao_de_tema": _ladrao, "cadeia_de_ouro": _cadeia, "tema_pessoal": _tema_pessoal,
}
assert set(_INSTANT) == {c for c, info in CARDS.items() if info.kind == INSTANT}


def choose(
    rules: RuleSet, state: MatchState, index: int, command: Choose, themes: ThemeCatalog
) -> tuple[MatchState, list[Event]]:
    """Resolve an Ímã (a tile for the rack) or a Ladrão de Tema (the match's new theme)."""
    seat = state.seats[index]
    pending = seat.pending
    if pending is None:
        raise CardError("Não há nada para escolher agora.", code="card.no_choice")
    if pending["kind"] == "ima" and len(seat.rack) >= rules.max_rack_size:
        raise CardError(f"A mão já tem {rules.max_rack_size} peças: a do Ímã não cabe.",
                        code="card.rack_full")
    options = list(pending["options"])
    if not 0 <= command.option < len(options):
        raise CardError(f"Escolha uma opção de 1 a {len(options)}.", code="card.option")
    picked = options[command.option]
    seat = replace(seat, pending=None)
    if pending["kind"] == "ima":
        seat = replace(seat, rack=(*seat.rack, picked))
        return state.with_seat(index, seat), [private(index, "rack", {"rack": list(seat.rack)})]
    state = replace(state.with_seat(index, seat), theme_id=picked)
    return state, [public("theme_changed", {"seat": index,
                                            "theme": themes.get(picked).public()})]
