"""Coins and the card row: income, the market's offers, buying and selling.

Phase 1 of a turn pays income: a base amount, a bonus after a turn that scored at least the
threshold, and one coin for each running Mina. Phase 2 is the market: every free slot of the
row shows a new card for sale (a weighted draw by level, from the match's generator); cards
still for sale stay, with no forced refresh. Buying and selling do not end the turn; coins never
go negative. With cards off (classic) none of this happens.
"""

from __future__ import annotations

from dataclasses import replace

from engine.cards import CARDS, card
from engine.errors import RuleError
from engine.events import Event, private, public
from engine.rng import Rng
from engine.rules import RuleSet
from engine.state import MatchState, Seat, Slot


class CardError(RuleError):
    code = "card.invalid"


#: Cards that work only with a theme (they change it, add one, or weigh or protect its
#: bands): a table without a theme never offers them.
THEME_CARDS = frozenset({"ladrao_de_tema", "tema_pessoal", "prisma", "cadeia_de_ouro"})


def _offer(rules: RuleSet, rng: Rng, themed: bool) -> str:
    ids = [i for i in CARDS if themed or i not in THEME_CARDS]
    weights = [rules.level_weights[CARDS[i].level] for i in ids]
    return ids[rng.weighted_index(weights)]


def row_view(rules: RuleSet, seat: Seat) -> list[dict[str, object] | None]:
    return [
        None if slot is None
        else {**card(slot.card).to_json(rules.card_prices[slot.card]), "owned": slot.owned}
        for slot in seat.row
    ]


def start_of_turn(
    rules: RuleSet, state: MatchState, index: int, rng: Rng
) -> tuple[MatchState, list[Event]]:
    """Income and the market's new offers for the seat whose turn starts; effects expire."""
    seat = state.seats[index]
    events: list[Event] = []
    # Effects "for one round" end when their owner's next turn starts.
    anchors = tuple(a for a in state.anchors if a[2] != index)
    seat = replace(seat, spying=None, second_wind=False, plays_this_turn=0, pending=None)
    if seat.personal_theme is not None and state.round > seat.personal_until:
        seat = replace(seat, personal_theme=None, personal_until=0)
        events.append(public("personal_theme_ended", {"seat": index}))
    if not rules.cards:
        return replace(state.with_seat(index, seat), anchors=anchors), events
    income = rules.income_base
    bonus = rules.income_bonus if seat.last_score >= rules.income_threshold else 0
    mines = len(seat.mines)
    coins = seat.coins + income + bonus + mines
    row = list(seat.row) + [None] * (rules.row_slots - len(seat.row))
    for i, slot in enumerate(row):
        if slot is None:
            row[i] = Slot(_offer(rules, rng, state.theme_id is not None), owned=False)
    seat = replace(seat, coins=coins, row=tuple(row),
                   mines=tuple(m - 1 for m in seat.mines if m > 1))
    events.append(private(index, "market", {
        "income": income, "bonus": bonus, "mines": mines, "coins": coins,
        "row": row_view(rules, seat),
    }))
    return replace(state.with_seat(index, seat), anchors=anchors), events


def _slot(rules: RuleSet, seat: Seat, slot: int) -> Slot:
    if not rules.cards:
        raise CardError("Esta partida é sem cartas.", code="card.disabled")
    if not 0 <= slot < len(seat.row) or seat.row[slot] is None:
        raise CardError("Não há carta nessa vaga.", code="card.no_slot")
    found = seat.row[slot]
    assert found is not None
    return found


def buy(
    rules: RuleSet, state: MatchState, index: int, slot: int
) -> tuple[MatchState, list[Event]]:
    seat = state.seats[index]
    offer = _slot(rules, seat, slot)
    if offer.owned:
        raise CardError("Essa carta já é sua.", code="card.owned")
    price = rules.card_prices[offer.card]
    if seat.coins < price:
        raise CardError(f"Moedas insuficientes: a carta custa {price} e você tem {seat.coins}.",
                        code="card.coins")
    row = list(seat.row)
    row[slot] = Slot(offer.card, owned=True)
    seat = replace(seat, coins=seat.coins - price, row=tuple(row))
    return state.with_seat(index, seat), [
        private(index, "bought", {"slot": slot, "card": offer.card, "coins": seat.coins}),
        public("card_bought", {"seat": index, "level": card(offer.card).level}),
    ]


def sell(
    rules: RuleSet, state: MatchState, index: int, slot: int
) -> tuple[MatchState, list[Event]]:
    seat = state.seats[index]
    owned = _slot(rules, seat, slot)
    if not owned.owned:
        raise CardError("Só dá para vender uma carta que é sua.", code="card.not_owned")
    refund = rules.sell_refund[card(owned.card).level]
    row = list(seat.row)
    row[slot] = None  # the slot brings a new offer at the seat's next turn
    seat = replace(seat, coins=seat.coins + refund, row=tuple(row))
    return state.with_seat(index, seat), [
        private(index, "sold", {"slot": slot, "card": owned.card, "refund": refund,
                                "coins": seat.coins}),
    ]


def owned_card(rules: RuleSet, seat: Seat, slot: int) -> str:
    """The id of a card the seat owns in ``slot`` (for using it)."""
    found = _slot(rules, seat, slot)
    if not found.owned:
        raise CardError("Compre a carta antes de usá-la.", code="card.not_owned")
    return found.card


def spend(seat: Seat, slots: set[int]) -> Seat:
    """The seat after using the cards in ``slots`` (in a play or as instants)."""
    used = sum(1 for i, s in enumerate(seat.row) if i in slots and s is not None)
    return replace(seat, row=tuple(None if i in slots else s for i, s in enumerate(seat.row)),
                   cards_used=seat.cards_used + used)


def pass_coin(rules: RuleSet, seat: Seat) -> Seat:
    return replace(seat, coins=seat.coins + rules.pass_coin) if rules.cards else seat
