"""Every power card: its effect, its cost, when it is spent, and the named interactions."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from engine.board import Board
from engine.cards import CARDS
from engine.chain import Chain
from engine.commands import Buy, Choose, MoveCard, Pass, Play, Sell, Swap, Timeout, UseCard
from engine.errors import RuleError
from engine.match import Player, apply, new_match, preview, view
from engine.moves import PlacedTile, placement_from_word
from engine.rules import Band, RuleSet
from engine.state import MatchState, Slot
from tests.helpers import resources

RES = resources()
RULES = RuleSet.standard()


def start(players: int = 2, theme: str = "futebol") -> MatchState:
    names = [Player(f"p{i}", f"J{i}") for i in range(players)]
    state, _ = new_match(RULES, "m", names, seed="cards", now=0, theme_id=theme, resources=RES)
    return state


def holding(state: MatchState, seat: int, *cards: str, coins: int = 0,
            rack: str | None = None, board: tuple[str, ...] | None = None) -> MatchState:
    player = state.seats[seat]
    row = tuple(Slot(c, True) for c in cards) + player.row[len(cards):]
    player = replace(player, row=row, coins=coins or player.coins,
                     rack=tuple(rack) if rack is not None else player.rack)
    state = state.with_seat(seat, player)
    return replace(state, board=board) if board is not None else state


def board_with_casa() -> tuple[str, ...]:
    return Board.empty(21).with_tiles([(10, 8 + i, ch) for i, ch in enumerate("CASA")]).rows


def code(func) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(RuleError) as caught:
        func()
    return caught.value.code


# --- coins and the row -------------------------------------------------------------------

def test_every_turn_pays_income_and_fills_free_slots_without_refreshing_offers() -> None:
    state = start()
    offers = state.seats[0].row
    assert all(slot is not None and not slot.owned for slot in offers)
    state, _ = apply(RULES, state, 0, Pass(), 1, resources=RES)
    state, _ = apply(RULES, state, 1, Pass(), 2, resources=RES)
    assert state.seats[0].row == offers  # still for sale: no forced refresh
    assert state.seats[0].coins == 2 * RULES.income_base + RULES.pass_coin


def test_income_rises_after_a_turn_that_scored_well() -> None:
    state = start()
    state = state.with_seat(0, replace(state.seats[0], last_score=RULES.income_threshold,
                                       plays_this_turn=1))
    state, _ = apply(RULES, state, 0, Pass(), 1, resources=RES)  # ends the turn, no pass
    state, _ = apply(RULES, state, 1, Pass(), 2, resources=RES)
    assert state.seats[0].coins == 2 * RULES.income_base + RULES.income_bonus


def test_buying_costs_the_price_and_too_few_coins_change_nothing() -> None:
    state = start()
    slot = state.seats[0].row[0]
    assert slot is not None
    price = RULES.card_prices[slot.card]
    poor = state.with_seat(0, replace(state.seats[0], coins=price - 1))
    before = json.dumps(poor.to_json())
    assert code(lambda: apply(RULES, poor, 0, Buy(0), 1, resources=RES)) == "card.coins"
    assert json.dumps(poor.to_json()) == before
    rich = state.with_seat(0, replace(state.seats[0], coins=price + 5))
    after, _events = apply(RULES, rich, 0, Buy(0), 1, resources=RES)
    assert after.seats[0].coins == 5 and after.seats[0].row[0] == Slot(slot.card, True)
    assert after.current == 0  # buying does not end the turn
    assert code(lambda: apply(RULES, after, 0, Buy(0), 2, resources=RES)) == "card.owned"
    assert code(lambda: apply(RULES, after, 0, Buy(9), 2, resources=RES)) == "card.no_slot"


def test_selling_refunds_by_level_frees_the_slot_and_keeps_the_turn() -> None:
    for card_id, refund in (("mina", 1), ("prisma", 2), ("cadeia_de_ouro", 3)):
        state = holding(start(), 0, card_id, coins=1)
        after, _ = apply(RULES, state, 0, Sell(0), 1, resources=RES)
        assert after.seats[0].coins == 1 + refund and after.seats[0].row[0] is None
        assert after.current == 0
    state = start()
    assert code(lambda: apply(RULES, state, 0, Sell(0), 1, resources=RES)) == "card.not_owned"


def test_a_pass_pays_one_coin_and_classic_has_no_market() -> None:
    state = start()
    coins = state.seats[0].coins
    after, _ = apply(RULES, state, 0, Pass(), 1, resources=RES)
    assert after.seats[0].coins == coins + 1
    classic = RuleSet.classic()
    plain, events = new_match(classic, "c", [Player("a", "A"), Player("b", "B")], seed=1, now=0,
                              resources=RES)
    assert plain.seats[0].coins == 0 and plain.seats[0].row == ()
    assert "market" not in [e.kind for e in events]
    assert "market" not in view(classic, plain, 0, resources=RES)
    assert code(lambda: apply(classic, plain, 0, Buy(0), 1, resources=RES)) == "card.disabled"


def test_using_a_card_you_do_not_own_is_refused() -> None:
    state = start()
    assert code(lambda: apply(RULES, state, 0, UseCard(0), 1, resources=RES)) == "card.not_owned"


# --- move cards ---------------------------------------------------------------------------

@pytest.mark.parametrize(("card_id", "letter", "ok"), [
    ("coringa_vogal", "A", True), ("coringa_vogal", "S", False),
    ("coringa_consoante", "S", True), ("coringa_consoante", "A", False),
    ("coringa_universal", "S", True), ("coringa_universal", "A", True),
])
def test_wildcards_become_letters_of_their_kind_worth_zero(card_id: str, letter: str,
                                                           ok: bool) -> None:
    # CAS + A makes CASA; CASA + S makes CASAS: the wild tile is the last letter.
    word = "CAS" if letter == "A" else "CASA"
    board = Board.empty(21).with_tiles([(10, 8 + i, ch) for i, ch in enumerate(word)]).rows
    state = holding(start(), 0, card_id, rack="EEEEEEE", board=board)
    play = Play((PlacedTile(10, 8 + len(word), letter, wild=True),), (MoveCard(0),))
    if not ok:
        assert code(lambda: apply(RULES, state, 0, play, 1, resources=RES)) == "move.not_in_rack"
        return
    breakdown = preview(RULES, state, 0, play, resources=RES)
    last = breakdown.main.letters[-1]
    assert last.wildcard and last.letter == letter and last.points == 0
    after, _ = apply(RULES, state, 0, play, 1, resources=RES)
    assert after.seats[0].row[0] is None  # spent with the accepted play
    assert after.board[10][8 + len(word)] == letter.lower()


def test_a_failed_play_keeps_its_cards() -> None:
    state = holding(start(), 0, "palavra_dobrada", "coringa_universal", rack="AAAAAAA",
                    board=board_with_casa())
    bad = Play((PlacedTile(2, 2, "Q", wild=True),), (MoveCard(0), MoveCard(1)))
    before = json.dumps(state.to_json())
    assert code(lambda: apply(RULES, state, 0, bad, 1, resources=RES)) == "move.not_connected"
    assert json.dumps(state.to_json()) == before


def test_an_unused_wildcard_card_is_refused() -> None:
    state = holding(start(), 0, "coringa_universal", rack="SAAAAAA", board=board_with_casa())
    play = Play((PlacedTile(10, 12, "S"),), (MoveCard(0),))
    assert code(lambda: apply(RULES, state, 0, play, 1, resources=RES)) == "card.unused"


def _casas_play(*cards: MoveCard) -> Play:
    return Play((PlacedTile(10, 12, "S"),), cards)


def test_letra_dobrada_doubles_a_letter_already_on_the_board() -> None:
    state = holding(start(), 0, "letra_dobrada", rack="SEEEEEE", board=board_with_casa())
    plain = preview(RULES, state, 0, _casas_play(), resources=RES)
    doubled = preview(RULES, state, 0, _casas_play(MoveCard(0, (10, 8))), resources=RES)  # the C
    c = doubled.main.letters[0]
    assert (c.letter, c.multiplier, c.sources) == ("C", 2, ("Letra Dobrada",))
    assert doubled.main.letter_sum == plain.main.letter_sum + 2
    assert code(lambda: preview(RULES, state, 0, _casas_play(MoveCard(0, (0, 0))), resources=RES)) \
        == "card.target"
    assert code(lambda: preview(RULES, state, 0, _casas_play(MoveCard(0)), resources=RES)) \
        == "card.target"


def test_letra_dobrada_adds_to_a_letter_square() -> None:
    # J5 is a Letter ×2 square: with Letra Dobrada the letter counts ×3 (1 + 1 + 1).
    board = Board.empty(21).with_tiles([(5, 9, "R")]).rows
    state = holding(start(), 0, "letra_dobrada", rack="LUAEEEE", board=board)
    tiles = tuple(placement_from_word(Board(board), 4, 7, "across", "LUA"))
    b = preview(RULES, state, 0, Play(tiles, (MoveCard(0, (4, 9)),)), resources=RES)
    assert b.main.letters[2].multiplier == 3


def test_word_cards_add_to_word_squares() -> None:
    # PEDRA across two Word ×3 squares is ×5; a Palavra Dobrada makes it ×6, a Triplicada ×7.
    board = Board.empty(21).with_tiles([(1, 8, "O")]).rows
    tiles = tuple(placement_from_word(Board(board), 0, 6, "across", "PEDRA"))
    for card_id, multiplier in (("palavra_dobrada", 6), ("palavra_triplicada", 7)):
        state = holding(start(), 0, card_id, rack="PEDRAEE", board=board)
        b = preview(RULES, state, 0, Play(tiles, (MoveCard(0),)), resources=RES)
        assert b.main.multiplier == multiplier


def test_prisma_doubles_the_affinity_part() -> None:
    state = holding(start(), 0, "prisma", rack="CAMISAE")
    tiles = tuple(placement_from_word(Board(state.board), 10, 5, "across", "CAMISA"))
    plain = preview(RULES, state, 0, Play(tiles), resources=RES)
    prism = preview(RULES, state, 0, Play(tiles, (MoveCard(0),)), resources=RES)
    assert plain.band == Band.QUENTE and plain.band_weight_pct == 150
    assert prism.band_weight_pct == 200 and prism.prisma


def test_move_cards_cannot_be_used_as_instants_and_instants_not_in_plays() -> None:
    state = holding(start(), 0, "prisma", "mina", rack="CASAEEE")
    assert code(lambda: apply(RULES, state, 0, UseCard(0), 1, resources=RES)) \
        == "card.not_instant"
    tiles = tuple(placement_from_word(Board(state.board), 10, 8, "across", "CASA"))
    assert code(lambda: apply(RULES, state, 0, Play(tiles, (MoveCard(1),)), 1,
                              resources=RES)) == "card.not_move"


# --- instant cards ------------------------------------------------------------------------

def test_ima_offers_three_private_tiles_and_adds_the_chosen_one() -> None:
    state = holding(start(), 0, "ima")
    state, events = apply(RULES, state, 0, UseCard(0), 1, resources=RES)
    options = state.seats[0].pending["options"]  # type: ignore[index]
    assert len(options) == 3
    assert all(e.seat == 0 for e in events if e.kind == "choose")
    assert view(RULES, state, 1, resources=RES)["market"]["pending"] is None  # type: ignore[index]
    assert code(lambda: apply(RULES, state, 0, Choose(5), 2, resources=RES)) == "card.option"
    state, _ = apply(RULES, state, 0, Choose(1), 2, resources=RES)
    assert len(state.seats[0].rack) == 8 and state.seats[0].rack[-1] == options[1]


def test_reciclar_swaps_without_spending_the_action_or_the_chain() -> None:
    state = holding(start(), 0, "reciclar")
    state = state.with_seat(0, replace(state.seats[0], chain=Chain(2, ("GOL", "BOLA"))))
    rack = state.seats[0].rack
    after, _ = apply(RULES, state, 0, UseCard(0, tiles=rack[:3]), 1, resources=RES)
    assert after.current == 0 and after.seats[0].chain.length == 2
    assert len(after.seats[0].rack) == 7 and after.seats[0].passes == 0
    assert code(lambda: apply(RULES, holding(start(), 0, "reciclar"), 0,
                              UseCard(0, tiles=("K", "W", "Y", "X")), 1, resources=RES)) \
        == "card.target"


def test_mina_pays_one_coin_a_turn_three_times() -> None:
    state = holding(start(), 0, "mina")
    state, _ = apply(RULES, state, 0, UseCard(0), 1, resources=RES)
    paid = []
    for turn in range(4):
        coins = state.seats[0].coins
        state, _ = apply(RULES, state, 0, Pass(), turn, resources=RES)
        state, _ = apply(RULES, state, 1, Swap(state.seats[1].rack[:1]), turn, resources=RES)
        if state.finished:
            break
        paid.append(state.seats[0].coins - coins - RULES.pass_coin - RULES.income_base)
    assert paid[:4] == [1, 1, 1, 0]


def test_peca_extra_grows_the_rack_for_good_up_to_nine() -> None:
    state = holding(start(), 0, "peca_extra", "peca_extra", "peca_extra")
    state, _ = apply(RULES, state, 0, UseCard(0), 1, resources=RES)
    state, _ = apply(RULES, state, 0, UseCard(1), 1, resources=RES)
    assert len(state.seats[0].rack) == 9
    assert code(lambda: apply(RULES, state, 0, UseCard(2), 1, resources=RES)) == "card.limit"
    state, _ = apply(RULES, state, 0, Swap(state.seats[0].rack[:1]), 2, resources=RES)
    assert len(state.seats[0].rack) == 9


def test_ancora_reserves_a_square_until_its_owners_next_turn() -> None:
    state = holding(start(), 0, "ancora", board=board_with_casa())
    state, _ = apply(RULES, state, 0, UseCard(0, square=(10, 12)), 1, resources=RES)
    state, _ = apply(RULES, state, 0, Pass(), 2, resources=RES)
    state = state.with_seat(1, replace(state.seats[1], rack=tuple("SEEEEEE")))
    blocked = Play((PlacedTile(10, 12, "S"),))
    assert code(lambda: apply(RULES, state, 1, blocked, 3, resources=RES)) == "move.anchored"
    state, _ = apply(RULES, state, 1, Pass(), 3, resources=RES)
    assert state.anchors == ()  # owner's turn again
    assert code(lambda: apply(RULES, holding(start(), 0, "ancora", board=board_with_casa()), 0,
                              UseCard(0, square=(10, 9)), 1, resources=RES)) == "card.target"


def test_espiao_shows_a_rack_only_to_the_spy_until_its_next_turn() -> None:
    state = holding(start(3), 0, "espiao")
    state, events = apply(RULES, state, 0, UseCard(0, seat=1), 1, resources=RES)
    target = list(state.seats[1].rack)
    assert view(RULES, state, 0, resources=RES)["market"]["spied"]["rack"] == target  # type: ignore[index]
    assert view(RULES, state, 2, resources=RES)["market"]["spied"] is None  # type: ignore[index]
    assert json.dumps(target) not in json.dumps(view(RULES, state, 2, resources=RES))
    assert [e.seat for e in events if e.kind == "spied"] == [0]
    for seat in (0, 1, 2):
        state, _ = apply(RULES, state, seat, Pass(), 2, resources=RES)
    assert view(RULES, state, 0, resources=RES)["market"]["spied"] is None  # type: ignore[index]


def test_segundo_folego_gives_two_plays_each_scored_and_chained_in_order() -> None:
    state = holding(start(), 0, "segundo_folego", rack="GOLBOLA")
    state, _ = apply(RULES, state, 0, UseCard(0), 1, resources=RES)
    first = tuple(placement_from_word(Board(state.board), 10, 8, "across", "GOL"))
    state, events = apply(RULES, state, 0, Play(first), 2, resources=RES)
    assert state.current == 0 and "second_play" in [e.kind for e in events]
    assert state.seats[0].chain.length == 1
    state = state.with_seat(0, replace(state.seats[0], rack=tuple("BLAEEEE")))
    second = tuple(placement_from_word(Board(state.board), 9, 9, "down", "BOLA"))
    score = state.seats[0].score
    state, events = apply(RULES, state, 0, Play(second), 3, resources=RES)
    played = [e for e in events if e.kind == "move_played"]
    assert played[0].data["breakdown"]["chain"]["after"] == 2
    assert state.current == 1 and state.seats[0].score == score + played[0].data["score"]
    assert len(state.seats[0].rack) == 7


def test_ladrao_de_tema_options_are_private_until_chosen() -> None:
    state = holding(start(3), 0, "ladrao_de_tema")
    state, events = apply(RULES, state, 0, UseCard(0), 1, resources=RES)
    options = state.seats[0].pending["options"]  # type: ignore[index]
    assert len(options) == 2 and "futebol" not in options
    for other in (1, 2):
        assert not any(o in json.dumps(view(RULES, state, other, resources=RES)) for o in options)
        assert not any(e.visible_to(other) for e in events if e.kind == "choose")
    state, events = apply(RULES, state, 0, Choose(0), 2, resources=RES)
    assert state.theme_id == options[0]
    assert any(e.kind == "theme_changed" and e.public for e in events)


def test_cadeia_de_ouro_keeps_the_chain_through_a_frio_word_and_a_pass() -> None:
    state = holding(start(), 0, "cadeia_de_ouro", rack="CASAEEE")
    state = state.with_seat(0, replace(state.seats[0], chain=Chain(2, ("GOL", "BOLA"))))
    tiles = tuple(placement_from_word(Board(state.board), 10, 8, "across", "CASA"))
    assert preview(RULES, state, 0, tiles, resources=RES).chain.effect == "breaks"
    state, _ = apply(RULES, state, 0, UseCard(0), 1, resources=RES)
    b = preview(RULES, state, 0, tiles, resources=RES)
    assert (b.band, b.chain.effect, b.chain.after) == (Band.FRIO, "protected", 2)
    state, _ = apply(RULES, state, 0, Pass(), 2, resources=RES)
    assert state.seats[0].chain.length == 2


def test_tema_pessoal_is_public_scores_by_the_better_theme_and_ends() -> None:
    state = holding(start(), 0, "tema_pessoal")
    state, _events = apply(RULES, state, 0, UseCard(0), 1, resources=RES)
    personal = state.seats[0].personal_theme
    assert personal is not None and personal != "futebol"
    assert view(RULES, state, 1, resources=RES)["seats"][0]["personal_theme"]["id"] == personal  # type: ignore[index]
    core = next(w for w, b in RES.themes.get(personal).bands.items() if b == Band.ESCALDANTE
                and len(w) <= 7)
    state = state.with_seat(0, replace(state.seats[0], rack=tuple(core.ljust(7, "E"))))
    tiles = tuple(placement_from_word(Board(state.board), 10, 10, "across", core))
    b = preview(RULES, state, 0, tiles, resources=RES)
    assert b.band == Band.ESCALDANTE
    for _ in range(RULES.personal_theme_rounds):
        for seat in (0, 1):
            state, _ = apply(RULES, state, seat, Swap(state.seats[seat].rack[:1]), 2,
                             resources=RES)
    assert state.seats[0].personal_theme is None


def test_a_timeout_keeps_purchases_and_used_instants() -> None:
    state = start()
    slot = state.seats[0].row[0]
    assert slot is not None
    state = state.with_seat(0, replace(state.seats[0], coins=50))
    state, _ = apply(RULES, state, 0, Buy(0), 1, resources=RES)
    state, _ = apply(RULES, state, 0, Timeout(turn=state.turn), 2, resources=RES)
    assert state.seats[0].row[0] == Slot(slot.card, True)
    # The timeout is a pass: the consolation coin is paid too.
    assert state.seats[0].coins == 50 - RULES.card_prices[slot.card] + RULES.pass_coin


@pytest.mark.parametrize("card_id", sorted(CARDS))
def test_each_card_costs_its_price(card_id: str) -> None:
    state = start()
    price = RULES.card_prices[card_id]
    assert 1 <= price <= 12
    player = replace(state.seats[0], row=(Slot(card_id, False),), coins=price)
    state = state.with_seat(0, player)
    after, _ = apply(RULES, state, 0, Buy(0), 1, resources=RES)
    assert after.seats[0].coins == 0 and after.seats[0].row[0] == Slot(card_id, True)


def test_a_full_row_has_nothing_to_buy() -> None:
    state = holding(start(), 0, "mina", "mina", "mina", "mina", coins=50)
    assert all(slot is not None and slot.owned for slot in state.seats[0].row)
    for slot in range(4):
        assert code(lambda s=slot: apply(RULES, state, 0, Buy(s), 1, resources=RES)) \
            == "card.owned"


def test_an_instant_card_after_the_play_is_in_the_wrong_phase() -> None:
    state = holding(start(), 0, "segundo_folego", "mina", rack="GOLBOLA")
    state, _ = apply(RULES, state, 0, UseCard(0), 1, resources=RES)
    first = tuple(placement_from_word(Board(state.board), 10, 8, "across", "GOL"))
    state, _ = apply(RULES, state, 0, Play(first), 2, resources=RES)
    assert code(lambda: apply(RULES, state, 0, UseCard(1), 3, resources=RES)) == "card.phase"


def test_a_wildcard_given_a_non_letter_is_refused() -> None:
    state = holding(start(), 0, "coringa_universal", board=board_with_casa())
    for letter in ("1", "Ç", "", "AB"):
        play = Play((PlacedTile(10, 12, letter, wild=True),), (MoveCard(0),))
        assert code(lambda p=play: apply(RULES, state, 0, p, 1, resources=RES)) \
            == "move.bad_letter"


@pytest.mark.parametrize(("card_id", "command"), [
    ("ima", UseCard(0)), ("reciclar", UseCard(0, tiles=("X",))), ("mina", UseCard(0)),
    ("peca_extra", UseCard(0)), ("ancora", UseCard(0, square=(0, 0))),
    ("espiao", UseCard(0, seat=1)), ("segundo_folego", UseCard(0)),
    ("ladrao_de_tema", UseCard(0)), ("cadeia_de_ouro", UseCard(0)), ("tema_pessoal", UseCard(0)),
])
def test_an_instant_card_is_spent_when_used(card_id: str, command: UseCard) -> None:
    state = holding(start(), 0, card_id, rack="XAEIOUS")
    after, events = apply(RULES, state, 0, command, 1, resources=RES)
    assert after.seats[0].row[0] is None
    assert events[0].kind == "card_used" and events[0].public
    assert after.current == 0


def test_a_choice_not_made_lapses_at_the_end_of_the_turn() -> None:
    state = holding(start(), 0, "ima")
    state, _ = apply(RULES, state, 0, UseCard(0), 1, resources=RES)
    assert state.seats[0].pending is not None
    state, _ = apply(RULES, state, 0, Pass(), 2, resources=RES)
    assert state.seats[0].pending is None


def test_the_rack_never_passes_nine_tiles_after_ima_and_peca_extra() -> None:
    state = holding(start(), 0, "ima", "ima", "peca_extra", "peca_extra")
    for slot in (0, 1):
        state, _ = apply(RULES, state, 0, UseCard(slot), 1, resources=RES)
        state, _ = apply(RULES, state, 0, Choose(0), 1, resources=RES)
    assert len(state.seats[0].rack) == RULES.max_rack_size  # 7 + two Ímã tiles
    assert code(lambda: apply(RULES, state, 0, UseCard(2), 1, resources=RES)) == "card.limit"
    state, _ = apply(RULES, state, 0, Swap(state.seats[0].rack[:1]), 2, resources=RES)
    assert len(state.seats[0].rack) <= RULES.max_rack_size


def test_an_ima_choice_never_overfills_a_rack_grown_meanwhile() -> None:
    state = holding(start(), 0, "ima", "peca_extra", "peca_extra")
    state = state.with_seat(0, replace(state.seats[0], rack=(*state.seats[0].rack, "A")))
    state, _ = apply(RULES, state, 0, UseCard(0), 1, resources=RES)  # 8 tiles: a choice waits
    state, _ = apply(RULES, state, 0, UseCard(1), 1, resources=RES)  # Peça Extra: 9
    assert len(state.seats[0].rack) == 9
    assert code(lambda: apply(RULES, state, 0, Choose(0), 1, resources=RES)) == "card.rack_full"


def test_a_card_that_offers_a_choice_waits_for_the_pending_one() -> None:
    state = holding(start(3), 0, "ladrao_de_tema", "ima")
    state, _ = apply(RULES, state, 0, UseCard(0), 1, resources=RES)
    coins, row = state.seats[0].coins, state.seats[0].row
    assert code(lambda: apply(RULES, state, 0, UseCard(1), 1, resources=RES)) == \
        "card.choice_pending"
    assert (state.seats[0].coins, state.seats[0].row) == (coins, row)  # the Ímã is kept
    state, _ = apply(RULES, state, 0, Choose(0), 2, resources=RES)
    state, _ = apply(RULES, state, 0, UseCard(1), 2, resources=RES)
    assert state.seats[0].pending is not None and state.seats[0].pending["kind"] == "ima"


def test_a_table_without_a_theme_never_offers_a_card_that_needs_one() -> None:
    from engine.economy import THEME_CARDS

    rules = RuleSet.standard().with_settings(themed=False)
    names = [Player("a", "Ana"), Player("b", "Bia")]
    offered: set[str] = set()
    for seed in range(40):
        state, _ = new_match(rules, "m", names, seed=f"sem-tema-{seed}", now=0, resources=RES)
        for _ in range(6):
            offered |= {s.card for s in state.seats[state.current].row if s is not None}
            state, _ = apply(rules, state, state.current, Pass(), 0, resources=RES)
            if state.finished:
                break
    assert offered and not offered & THEME_CARDS
    themed: set[str] = set()
    for seed in range(40):
        state, _ = new_match(RULES, "m", names, seed=f"com-tema-{seed}", now=0,
                             theme_id="futebol", resources=RES)
        themed |= {s.card for s in state.seats[0].row if s is not None}
    assert themed & THEME_CARDS  # a themed table still offers them
