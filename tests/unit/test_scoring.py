"""Golden breakdowns: positions checked by hand, in the rules' fixed scoring order.

Values: A E I O U S R T M 1 · N D C L P 2 · B F G V 3 · H 4 · J Q 6 · Z 7 · X 8 · K W Y 10.
Length bonus: 5 letters 2, 6 letters 5. Bands: Frio 1.0, Morno 1.25, Quente 1.5, Escaldante 2.0.
Chain bonus: length 2 → 1.10. Rounding: once, half up, at the end.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.board import Board, Layout
from engine.chain import Chain
from engine.match import preview
from engine.moves import placement_from_word, shape_of
from engine.rules import Band, RuleSet
from engine.scoring import Affinity, Breakdown, ChainStep, Modifiers, band_weight, score_move
from tests.helpers import position, resources

CLASSIC = RuleSet.classic()
STANDARD = RuleSet.standard()


def play(rules: RuleSet, word: str, row: int, col: int, direction: str = "across", *,
         board: tuple[tuple[int, int, str, str], ...] = (), rack: Sequence[str] | None = None,
         theme: str | None = None, chain: Chain | None = None) -> Breakdown:
    letters = rack if rack is not None else [ch if ch.isupper() else "?" for ch in word]
    state = position(board=board, racks=[letters], theme_id=theme, chains=[chain or Chain()],
                     rules=rules)
    tiles = placement_from_word(Board(state.board), row, col, direction, word)
    return preview(rules, state, 0, tiles, resources=resources())


def test_first_move_plain_letters() -> None:
    # C2 A1 S1 A1 on plain squares and the centre (no bonus): 5.
    b = play(CLASSIC, "CASA", 10, 7)
    assert [ls.points for ls in b.main.letters] == [2, 1, 1, 1]
    assert (b.words_total, b.length_bonus, b.band, b.total) == (5, 0, Band.FRIO, 5)


def test_two_word_x3_squares_give_x5() -> None:
    # PEDRA from A1 (W×3) to K1 (W×3): (2+1+2+1+1) × (1+2+2) = 35; cross DO = 3; bonus 2.
    b = play(CLASSIC, "PEDRA", 0, 6, board=((1, 8, "across", "O"),))
    assert b.main.multiplier == 5 and b.main.points == 35
    assert b.main.sources == ("Palavra ×3", "Palavra ×3")
    assert [w.word for w in b.words] == ["PEDRA", "DO"] and b.words[1].points == 3
    assert (b.length_bonus, b.subtotal, b.total) == (2, 40, 40)


def test_word_x2_with_word_x3_gives_x4() -> None:
    # SEDE on F1 G1(W×3) H1 I1 with a Palavra Dobrada: (1+1+2+1) × (1+2+1) = 20; cross EU = 2.
    rules = CLASSIC
    board = Board.empty(21).with_tiles([(1, 8, "U")])
    tiles = placement_from_word(board, 0, 5, "across", "SEDE")
    shape = shape_of(rules, board, tiles)
    b = score_move(rules, Layout(rules.layout), shape, displays={},
                   affinity=Affinity(Band.FRIO, None), chain=ChainStep(0, 0, "none", 100),
                   modifiers=Modifiers(word=(("Palavra Dobrada", 2),)))
    assert b.main.multiplier == 4 and b.main.points == 20
    assert b.words[1].points == 2 and b.total == 22


def test_letter_square_counts_in_the_cross_word_and_old_tiles_get_no_bonus() -> None:
    # LUA with A on J5 (L×2): 2+1+2 = 5; cross AR: A×2 = 2 + R (old tile on a L×3) 1 = 3.
    b = play(CLASSIC, "LUA", 4, 7, board=((5, 9, "across", "R"),))
    assert b.main.points == 5
    cross = b.words[1]
    assert cross.word == "AR" and cross.points == 3
    assert [ls.multiplier for ls in cross.letters] == [2, 1]
    assert cross.letters[1].placed is False
    assert b.total == 8


def test_a_wildcard_letter_is_worth_zero() -> None:
    b = play(CLASSIC, "cASA", 10, 7)
    assert b.main.letters[0].wildcard and b.main.letters[0].points == 0
    assert b.total == 3


def test_length_bonus_grows_with_length() -> None:
    # CASADO: 2+1+1+1+2+1 = 8, six letters: bonus 5.
    b = play(CLASSIC, "CASADO", 10, 5)
    assert (b.words_total, b.length_bonus, b.total) == (8, 5, 13)


def test_only_the_longest_word_earns_the_length_bonus() -> None:
    # One S completes BOLAS down and BOLAS across: 8 + 8, one bonus of 2, not two.
    board = ((6, 10, "down", "BOLA"), (10, 6, "across", "BOLA"))
    b = play(CLASSIC, "BOLAS", 10, 6, board=board, rack=["S"])
    assert [w.word for w in b.words] == ["BOLAS", "BOLAS"]
    assert (b.words_total, b.length_bonus, b.total) == (16, 2, 18)


def test_escaldante_doubles_the_move() -> None:
    # GOL is in the core of futebol: (3+1+2) × 2.0 = 12.
    b = play(STANDARD, "GOL", 10, 8, theme="futebol")
    assert (b.band, b.band_weight_pct, b.matched, b.total) == (Band.ESCALDANTE, 200, "GOL", 12)
    assert b.chain.effect == "extends" and b.chain.after == 1 and b.chain.bonus_pct == 100


def test_quente_weighs_one_and_a_half() -> None:
    # CAMISA is related: (2+1+1+1+1+1) + 5 = 12, × 1.5 = 18.
    b = play(STANDARD, "CAMISA", 10, 5, theme="futebol")
    assert (b.band, b.subtotal, b.total) == (Band.QUENTE, 12, 18)


def test_morno_weighs_one_and_a_quarter_rounded_half_up() -> None:
    # AZUL is distant in mar-e-praia: 1+7+1+2 = 11, × 1.25 = 13.75 → 14.
    b = play(STANDARD, "AZUL", 10, 8, theme="mar-e-praia")
    assert (b.band, b.total) == (Band.MORNO, 14)


def test_frio_word_weighs_one() -> None:
    b = play(STANDARD, "CASA", 10, 7, theme="futebol")
    assert (b.band, b.matched, b.total) == (Band.FRIO, None, 5)


def test_a_plural_counts_as_its_base() -> None:
    # BOLAS counts as BOLA (core): (3+1+2+1+1) + 2 = 10, × 2.0 = 20.
    b = play(STANDARD, "BOLAS", 10, 6, theme="futebol")
    assert (b.band, b.matched, b.total) == (Band.ESCALDANTE, "BOLA", 20)


def test_a_growing_chain_multiplies_the_move() -> None:
    # A chain of 1 (BOLA) grows to 2 with GOL: 6 × 2.0 × 1.10 = 13.2 → 13.
    b = play(STANDARD, "GOL", 10, 8, theme="futebol", chain=Chain(1, ("BOLA",)))
    assert (b.chain.before, b.chain.after, b.chain.bonus_pct, b.total) == (1, 2, 110, 13)


def test_a_same_root_word_does_not_renew_the_chain() -> None:
    # GOLS shares the root GOL with the chain: no growth and no bonus: 7 × 2.0 = 14.
    b = play(STANDARD, "GOLS", 10, 8, theme="futebol", chain=Chain(1, ("GOL",)))
    assert (b.chain.effect, b.chain.after, b.chain.bonus_pct, b.total) == ("same_root", 1, 100, 14)


def test_a_form_never_renews_a_chain_that_holds_its_base() -> None:
    # ZEBRAS counts as ZEBRA (the lexicon reads it only as a form of ZEBRAR): it scores as
    # ZEBRA, so it shares ZEBRA's root and keeps the chain without growing, either way round.
    after_base = play(STANDARD, "ZEBRAS", 10, 6, theme="animais", chain=Chain(1, ("ZEBRA",)))
    assert (after_base.band, after_base.matched) == (Band.ESCALDANTE, "ZEBRA")
    assert (after_base.chain.effect, after_base.chain.after) == ("same_root", 1)
    after_form = play(STANDARD, "ZEBRA", 10, 6, theme="animais",
                      chain=Chain(1, ("ZEBRAS", "ZEBRAR", "ZEBRA")))
    assert (after_form.chain.effect, after_form.chain.after) == ("same_root", 1)
    other = play(STANDARD, "GATO", 10, 7, theme="animais", chain=Chain(1, ("ZEBRA",)))
    assert (other.chain.effect, other.chain.after) == ("extends", 2)


def test_a_conjugation_lands_in_its_verbs_band_and_says_so() -> None:
    # The rules: "without the same-root rule, AMAR, AMARA and AMARAS would be free points", so
    # a conjugated form earns its infinitive's band. CHUTAR is related in Futebol: CHUTOU is
    # Quente through it, and the receipt names the verb it counted as.
    b = play(STANDARD, "CHUTOU", 10, 5, theme="futebol")
    assert (b.band, b.matched, b.matched_display) == (Band.QUENTE, "CHUTAR", "chutar")
    # C2 H4 U1 T1 O1 U1 = 10, + 5 for six letters = 15, × 1.5 = 22.5 → 23
    assert (b.subtotal, b.total) == (15, 23)
    assert b.to_json()["matched_display"] == "chutar"
    assert play(STANDARD, "CHUTAR", 10, 5, theme="futebol").matched_display is None


def test_a_conjugation_keeps_the_chain_that_holds_its_verb_without_growing_it() -> None:
    # AMAR then AMARA in Família: AMARA is Quente as AMAR, shares its root, keeps the chain
    # as it is and earns no chain bonus; AMOR, a word of its own, grows it.
    amara = play(STANDARD, "AMARA", 10, 6, theme="familia", chain=Chain(1, ("AMAR",)))
    assert (amara.band, amara.matched) == (Band.QUENTE, "AMAR")
    assert (amara.chain.effect, amara.chain.after, amara.chain.bonus_pct) == ("same_root", 1, 100)
    amor = play(STANDARD, "AMOR", 10, 7, theme="familia", chain=Chain(1, ("AMAR",)))
    assert (amor.chain.effect, amor.chain.after) == ("extends", 2)


def test_a_noun_that_spells_a_verb_form_counts_as_the_verb_only_where_the_verb_is() -> None:
    # MATA is the forest (Floresta has no MATAR: only itself) and, where a theme holds a verb,
    # a form of that verb; COMO (the adverb) never counts as COMER in Cozinha brasileira,
    # whose editor decided it "fora", and DEVE is no DEVER in Escola, where DEVER is the
    # homework ("conjugations": false).
    mata = play(STANDARD, "MATA", 10, 7, theme="floresta")
    assert mata.matched == "MATA"
    assert play(STANDARD, "COMO", 10, 7, theme="cozinha-brasileira").band == Band.FRIO
    assert play(STANDARD, "DEVE", 10, 7, theme="escola").band == Band.FRIO
    assert play(STANDARD, "DEVERES", 10, 4, theme="escola").matched == "DEVER"


def test_bolinha_after_bolinho_extends_the_chain() -> None:
    # The rules count plural, feminine and diminutive as the base word: BOLINHA is a little
    # BOLA, and BOLINHO (a little BOLO, a word of its own) is another root.
    b = play(STANDARD, "BOLINHA", 10, 6, theme="futebol", chain=Chain(1, ("BOLINHO",)))
    assert (b.band, b.matched) == (Band.ESCALDANTE, "BOLA")
    assert (b.chain.effect, b.chain.after) == ("extends", 2)
    again = play(STANDARD, "BOLINHA", 10, 6, theme="futebol", chain=Chain(1, ("BOLA",)))
    assert (again.chain.effect, again.chain.after) == ("same_root", 1)


def test_a_morno_word_keeps_the_chain_and_a_frio_word_breaks_it() -> None:
    kept = play(STANDARD, "AZUL", 10, 8, theme="mar-e-praia", chain=Chain(2, ("ONDA", "SOL")))
    assert (kept.chain.effect, kept.chain.after, kept.total) == ("keeps", 2, 14)
    broken = play(STANDARD, "CASA", 10, 7, theme="mar-e-praia", chain=Chain(2, ("ONDA", "SOL")))
    assert (broken.chain.effect, broken.chain.after, broken.total) == ("breaks", 0, 5)


def test_prisma_doubles_the_affinity_part() -> None:
    assert band_weight(STANDARD, Band.QUENTE, True) == 200
    assert band_weight(STANDARD, Band.MORNO, True) == 150
    assert band_weight(STANDARD, Band.FRIO, True) == 100
