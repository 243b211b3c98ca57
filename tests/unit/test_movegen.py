"""Move generation: on small boards and lexicons it finds exactly what brute force finds."""

from __future__ import annotations

import itertools
import random
import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.board import Board
from engine.bots.bounds import Factors, anchor_bounds, leave_ranges
from engine.bots.crosschecks import allowed
from engine.bots.dawg import Dawg, build
from engine.bots.letterbits import LETTER_BITS, letter_bits, positions
from engine.bots.levels import leave_bounds, leave_value
from engine.bots.movegen import Generator, Scored, ScoreModel, best, generate
from engine.bots.squares import lane_squares
from engine.errors import RuleError
from engine.lexicon import Lexicon
from engine.lexicon.artifact import WordData, encode_artifact
from engine.match import layout_of
from engine.moves import PlacedTile, analyse
from engine.rules import ALPHABET, RuleSet
from engine.tiles import is_wildcard, take_from_rack, wildcard_allows

WORDS = sorted({
    "AS", "OS", "SE", "SO", "AO", "OI", "EU", "LA", "LO", "NA", "NO", "DA", "DO", "DE", "MA",
    "CASA", "CASO", "COISA", "SOL", "SAL", "LAS", "ASA", "OLA", "ALA", "MAS", "MESA", "MESAS",
    "DADO", "DOSE", "NOSSO", "SONO", "ASSO", "ASSADO", "CAOS", "LOSA", "SALA", "SALAS", "MALA",
    "COLA", "CALO", "LACO", "DOCE", "CEDO", "MEDO", "MODA", "NADA", "NADO", "ANDO", "DONA",
})
SIZE = 7
LAYOUT = tuple("".join("*" if (r, c) == (3, 3) else "." for c in range(SIZE))
               for r in range(SIZE))
RULES = RuleSet.standard().with_settings(layout=LAYOUT)


@pytest.fixture(scope="module")
def small() -> tuple[Lexicon, Dawg]:
    table = {w: WordData(w.lower(), [w], []) for w in WORDS}
    return Lexicon.from_bytes(encode_artifact(table, {})), Dawg(build(WORDS))


def brute_force(board: Board, rack: list[str], lexicon: Lexicon) -> set[frozenset[object]]:
    """Every placement of rack tiles along every line, kept if the engine accepts it."""
    found = set()
    letters_for = {code: [x for x in ALPHABET if wildcard_allows(code, x)]
                   if is_wildcard(code) else [code] for code in set(rack)}
    for n in range(1, len(rack) + 1):
        for tiles in set(itertools.permutations(rack, n)):
            for choice in itertools.product(*(letters_for[t] for t in tiles)):
                for direction in ("across", "down"):
                    for r in range(SIZE):
                        for c in range(SIZE):
                            placed, rr, cc = [], r, c
                            ok = True
                            for tile, letter in zip(tiles, choice, strict=True):
                                while board.occupied(rr, cc):
                                    rr, cc = (rr, cc + 1) if direction == "across" else (rr + 1, cc)
                                if not board.inside(rr, cc):
                                    ok = False
                                    break
                                placed.append(PlacedTile(rr, cc, letter, is_wildcard(tile)))
                                rr, cc = (rr, cc + 1) if direction == "across" else (rr + 1, cc)
                            if not ok:
                                continue
                            try:
                                analyse(RULES, board, placed, lexicon)
                            except RuleError:
                                continue
                            if take_from_rack(rack, [(t.letter, t.wild) for t in placed]) is None:
                                continue
                            found.add(frozenset((t.row, t.col, t.letter, t.wild) for t in placed))
    return found


def boards() -> list[Board]:
    empty = Board.empty(SIZE)
    one = empty.with_tiles([(3, 2 + i, ch) for i, ch in enumerate("SOL")])
    two = one.with_tiles([(1, 3, "C"), (2, 3, "A")])  # C, A above the O: CAO is no word
    edge = empty.with_tiles([(3, 3 + i, ch) for i, ch in enumerate("MESA")])  # to the edge
    crowded = edge.with_tiles([(0, 6, "A"), (1, 6, "S"), (2, 6, "A"), (4, 3, "A")])
    # a hand letter the same as the board letter after it (AS + SO: ASSO), and a wildcard
    # on the board (worth nothing, but a tile all the same)
    same = empty.with_tiles([(3, 3, "S"), (3, 4, "O"), (2, 4, "d")])
    return [empty, one, two, edge, crowded, same]


RACKS = [["S", "A", "L", "A"], ["M", "E", "S", "A"], ["C", "O", "I", "S"],
         ["N", "A", "?V"], ["D", "E", "?C"], ["D", "O", "?"]]


@pytest.mark.parametrize("rack", RACKS)
@pytest.mark.parametrize("board_index", range(6))
def test_generation_equals_brute_force(small: tuple[Lexicon, Dawg], rack: list[str],
                                       board_index: int) -> None:
    lexicon, dawg = small
    board = boards()[board_index]
    generated = {p.key() for p in generate(dawg, board, rack, RULES.centre)}
    assert generated == brute_force(board, rack, lexicon)


def test_every_generated_move_is_accepted_by_the_engine(small: tuple[Lexicon, Dawg]) -> None:
    lexicon, dawg = small
    rng = random.Random(3)
    for board in boards():
        rack = rng.sample(["S", "A", "L", "A", "M", "E", "O", "D"], 5)
        for placement in generate(dawg, board, rack, RULES.centre):
            shape = analyse(RULES, board, placement.tiles, lexicon)
            assert placement.word in {w.text for w in shape.words}


BONUS_LAYOUT = ("T..d..T", ".D...t.", "..d.D..", "d..*..d", "..D.d..", ".t...D.", "T..d..T")


HOT = frozenset({"CASA", "MESAS", "SAL", "AS", "SO", "LA"})


def _model(lexicon: Lexicon, split: bool = False, rack: list[str] | None = None) -> ScoreModel:
    """Real tile values and bonus squares; some words count as Escaldante (factor 2.0). With
    ``split`` the search knows them (two passes); with ``rack`` it weighs the leave."""
    rules = RuleSet.standard()
    layout = layout_of(rules.with_settings(layout=BONUS_LAYOUT))
    return ScoreModel(
        values=dict(rules.tile_values),
        bonus=tuple(tuple(layout.bonus(r, c)[:2] for c in range(SIZE)) for r in range(SIZE)),
        length_bonus=(0, 0, 0, 0, 2, 5, 9, 14), factor=lambda w: 20000 if w in HOT else 10000,
        factor_max=20000,
        theme_words=HOT if split else None,
        theme_graph=Dawg(build(sorted(HOT))) if split else None,
        leave=leave_value if rack is not None else None,
        leave_bounds=leave_bounds(rack) if rack is not None else (),
    )


def _equity(rack: list[str], scored: Scored) -> float:
    kept = take_from_rack(rack, [(t.letter, t.wild) for t in scored.placement.tiles])
    assert kept is not None
    return scored.total + leave_value(kept)


@pytest.mark.parametrize("rack", RACKS)
@pytest.mark.parametrize("board_index", range(6))
def test_the_bounded_search_keeps_exactly_the_best(small: tuple[Lexicon, Dawg],
                                                   rack: list[str], board_index: int) -> None:
    lexicon, dawg = small
    board = boards()[board_index]
    model = _model(lexicon)
    every = best(dawg, board, rack, RULES.centre, model)
    assert {s.placement.key() for s in every} == {p.key() for p in
                                                  generate(dawg, board, rack, RULES.centre)}
    totals = sorted((s.total for s in every), reverse=True)
    for top in (1, 3):
        if len(totals) < top:
            continue
        for split in (False, True):
            found = best(dawg, board, rack, RULES.centre, _model(lexicon, split), top)
            assert {s.placement.key() for s in found} == \
                {s.placement.key() for s in every if s.total >= totals[top - 1]}


@pytest.mark.parametrize("rack", RACKS)
@pytest.mark.parametrize("board_index", range(6))
def test_the_search_by_total_and_leave_keeps_exactly_the_best(
        small: tuple[Lexicon, Dawg], rack: list[str], board_index: int) -> None:
    lexicon, dawg = small
    board = boards()[board_index]
    every = best(dawg, board, rack, RULES.centre, _model(lexicon))
    if not every:
        return
    equities = sorted((_equity(rack, s) for s in every), reverse=True)
    for split in (False, True):
        found = best(dawg, board, rack, RULES.centre, _model(lexicon, split, rack), 1)
        assert {s.placement.key() for s in found} == \
            {s.placement.key() for s in every if _equity(rack, s) >= equities[0]}
        assert all(s.value == _equity(rack, s) for s in found)


def _random_positions(lexicon: Lexicon, dawg: Dawg, count: int) -> list[tuple[Board, list[str]]]:
    """Boards grown by random legal moves from random racks, with a fresh rack each: a wider
    spread of shapes than the fixed boards (single tiles between words, crowded corners)."""
    rng = random.Random(5)
    pool = [*"AAAEEIOOUSSLMCDNR", "?", "?V", "?C"]
    out = []
    while len(out) < count:
        board = Board.empty(SIZE)
        for _ in range(rng.randrange(1, 6)):
            moves = generate(dawg, board, rng.sample(pool, 5), RULES.centre)
            if not moves:
                break
            board = board.with_tiles((t.row, t.col, t.letter.lower() if t.wild else t.letter)
                                     for t in rng.choice(moves).tiles)
        out.append((board, rng.sample(pool, rng.randrange(2, 6))))
    return out


def test_the_split_and_leave_searches_agree_with_the_full_list_on_random_boards(
        small: tuple[Lexicon, Dawg]) -> None:
    lexicon, dawg = small
    for i, (board, rack) in enumerate(_random_positions(lexicon, dawg, 60)):
        every = best(dawg, board, rack, RULES.centre, _model(lexicon))
        if i < 20 and len(rack) <= 4 and not any(t == "?" for t in rack):
            # the full list itself, against brute force (an any-letter wildcard is too slow)
            assert {s.placement.key() for s in every} == brute_force(board, rack, lexicon)
        if not every:
            continue
        totals = sorted((s.total for s in every), reverse=True)
        for top in (1, 2):
            cut = totals[min(top, len(totals)) - 1]
            found = best(dawg, board, rack, RULES.centre, _model(lexicon, True), top)
            assert {s.placement.key() for s in found} == \
                {s.placement.key() for s in every if s.total >= cut}, (board.rows, rack)
        equities = sorted((_equity(rack, s) for s in every), reverse=True)
        found = best(dawg, board, rack, RULES.centre, _model(lexicon, True, rack), 1)
        assert {s.placement.key() for s in found} == \
            {s.placement.key() for s in every if _equity(rack, s) >= equities[0]}


def test_a_graphs_cached_answers_are_dropped_past_their_limit(
        small: tuple[Lexicon, Dawg], monkeypatch: pytest.MonkeyPatch) -> None:
    """A long-lived process keeps a bounded cache: past the limit the answers start afresh,
    and the search still finds the same moves."""
    from engine.bots import nodes

    lexicon, dawg = small
    board, rack = boards()[4], RACKS[0]
    first = {s.placement.key() for s in best(dawg, board, rack, RULES.centre, _model(lexicon))}
    index = nodes.node_index(dawg)
    assert index.size() > 10
    monkeypatch.setattr(nodes, "_CACHE_LIMIT", 10)
    assert nodes.node_index(dawg).size() == 0
    again = {s.placement.key() for s in best(dawg, board, rack, RULES.centre, _model(lexicon))}
    assert again == first


def test_the_longest_first_bounds_equal_the_bounds_of_every_span(
        small: tuple[Lexicon, Dawg]) -> None:
    """The bounds stop at the first span that cannot beat what they hold (shorter spans
    score no more, and keep no more than the largest leave bound after them); they must be
    exactly the bounds of every span, also for racks whose leave bounds rise as tiles are
    spent (a kept K or W is worth less than nothing)."""
    lexicon, dawg = small
    positions = _random_positions(lexicon, dawg, 30)
    rising = [["K", "W", "A", "S"], ["W", "Y", "K", "E", "O"]]
    assert all(any(a < b for a, b in itertools.pairwise(leave_bounds(rack))) for rack in rising)
    for i, rack in enumerate([rack for _, rack in positions] + rising):
        board = positions[i % len(positions)][0]
        model = _model(lexicon, True, rack)
        gen = Generator(dawg, board, rack, RULES.centre, model, 1)
        starts = gen._starts()
        gen.left_depth = max((room for _, _, room in starts), default=0)
        gen.left_parts(0)
        factors = Factors(theme=model.factor_max, single=model.factor_max,
                          rest=model.plain_factor)
        ceilings = leave_ranges(gen.extra)
        for lane, anchor, room in starts:
            args = (lane, anchor, room, gen.top_sums, gen.usable, gen.bonus_by_length,
                    factors, gen.extra, gen.word_lengths)
            assert anchor_bounds(*args, ceilings) == anchor_bounds(*args), (board.rows, rack)


@pytest.mark.parametrize(("weigh_leave", "longest_first", "check_letters"), [
    (False, False, False), (False, True, False), (True, True, False), (True, False, False),
    (False, True, True), (True, True, True),
])
def test_no_move_is_worth_more_than_its_units_bound(
        small: tuple[Lexicon, Dawg], weigh_leave: bool, longest_first: bool,
        check_letters: bool) -> None:
    """The search stops at the first unit whose bound is below what it holds, so every move
    of a unit (an anchor and its number of left tiles) must be worth no more than the
    unit's bound: with and without the leave, with every span or the longest first, and
    with the spans whose letters spell no word skipped (engine.bots.anagrams)."""
    lexicon, dawg = small
    checked = lowered = 0
    for board, rack in _random_positions(lexicon, dawg, 30):
        model = _model(lexicon, False, rack if weigh_leave else None)
        gen = Generator(dawg, board, rack, RULES.centre, model)
        starts = gen._starts()
        gen.left_depth = max((room for _, _, room in starts), default=0)
        gen.left_parts(0)
        most = model.factor_max
        factors = Factors(theme=most, single=most, rest=most)
        ceilings = leave_ranges(gen.extra) if longest_first else None
        checks: dict[str, Any] = {}
        if check_letters and gen._subsets:  # (a rack with no wildcard)
            checks = {"fits": gen.fits, "fits_from": max(2, len(rack) - 1)}
        for lane, anchor, room in starts:
            args = (lane, anchor, room, gen.top_sums, gen.usable, gen.bonus_by_length,
                    factors, gen.extra, gen.word_lengths, ceilings)
            bounds = anchor_bounds(*args, **checks)
            lowered += bounds != anchor_bounds(*args)
            for p, (theme, rest) in enumerate(bounds):
                gen.found = []
                lane.unit(anchor, p)
                for move in gen.found:
                    assert move.total + move.leave <= max(theme, rest), (board.rows, rack, move)
                    checked += 1
    assert checked > 200
    assert (lowered > 10) == check_letters  # (the check does skip spans)


def test_leave_ranges_are_the_largest_bound_between_two_counts() -> None:
    extra = [3.0, -1.0, 2.0, -4.0, 0.5]
    ranges = leave_ranges(extra)
    for a in range(len(extra)):
        for b in range(a, len(extra)):
            assert ranges[a][b] == max(extra[a:b + 1]), (a, b)
    assert leave_ranges([]) == []


@given(st.floats(-30, 120, allow_nan=False), st.sampled_from([10000, 15000, 20000, 45000]),
       st.sampled_from([10000, 20000]))
def test_a_moves_points_pass_the_floor_exactly_when_its_total_and_leave_can_be_kept(
        threshold: float, multi: int, single: int) -> None:
    """The extend loop compares a word's points (before its factor) with a floor per tile
    count instead of working out its total. The floor may let through a move short of the
    threshold by a rounding hair (the exact check follows), but never stops one that could
    be kept, a move worth exactly the threshold included (ties are kept)."""
    rack = ["A", "B", "E", "L", "O", "S", "?"]
    lexicon = Lexicon.from_bytes(encode_artifact({"ABA": WordData("aba", ["ABA"], [])}, {}))
    gen = Generator(Dawg(build(["ABA"])), Board.empty(SIZE), rack, RULES.centre,
                    _model(lexicon, rack=rack), 1)
    gen.threshold, gen.multi_factor, gen.single_factor = threshold, multi, single
    gen._set_floors()
    for n in range(1, len(rack) + 1):
        factor = multi if n > 1 else single
        for points in range(0, 200):
            value = (points * factor + 5000) // 10000 + gen.extra[n]
            if value >= threshold:
                assert points >= gen.floor[n], (n, points, gen.floor[n])
            if points >= gen.floor[n]:
                assert value >= threshold - 1e-6, (n, points, gen.floor[n])


@given(st.integers(0, (1 << 27) - 1))
def test_a_masks_letter_bits_and_positions_are_its_set_bits_lowest_first(mask: int) -> None:
    bits = letter_bits(mask)
    assert all(bit & (bit - 1) == 0 and bit for bit in bits)  # one bit each
    assert list(bits) == sorted(bits) and sum(bits) == mask
    assert LETTER_BITS[mask] == bits
    assert positions(mask) == tuple(c for c in range(27) if mask >> c & 1)


def test_a_search_leaves_the_kept_lane_squares_as_it_found_them(
        small: tuple[Lexicon, Dawg]) -> None:
    """Lanes share what their squares alone give with later turns (most lanes of a board
    are as they were the turn before), so no search may change it: after searches with every
    level of model on random boards, each kept entry equals one worked out afresh."""
    lexicon, dawg = small
    for board, rack in _random_positions(lexicon, dawg, 20):
        for model in (_model(lexicon), _model(lexicon, True, rack)):
            best(dawg, board, rack, RULES.centre, model, 3)
        gen = Generator(dawg, board, rack, RULES.centre, _model(lexicon))
        generate(dawg, board, rack, RULES.centre)
        for cells, kept in list(gen.squares.items()):
            fresh = lane_squares(cells, gen.tile_value, {})
            assert kept == fresh, cells


def test_lanes_read_anchors_runs_and_cross_words_off_the_board(
        small: tuple[Lexicon, Dawg]) -> None:
    """The generator finds anchors, runs and cross-word squares with bit masks; here they are
    read off the squares one by one, as the rules define them."""
    lexicon, dawg = small
    for board, rack in _random_positions(lexicon, dawg, 30):
        gen = Generator(dawg, board, rack, RULES.centre, _model(lexicon), 1)
        rows = list(board.rows)
        lanes = {"across": rows, "down": ["".join(col) for col in zip(*rows, strict=True)]}
        found: dict[tuple[str, int], list[int]] = {}
        for lane, anchor, _ in gen._starts():
            found.setdefault((lane.direction, lane.index), []).append(anchor)
            cells = lanes[lane.direction][lane.index]
            runs = {m.start(): (m.group().upper(), m.end()) for m in re.finditer(r"[^.]+", cells)}
            assert {first: run[:2] for first, run in lane.runs.items()} == runs
            assert lane.cells == cells
            across = lanes["down" if lane.direction == "across" else "across"]
            for c in range(SIZE):  # a cross word where an empty square has a tile above/below
                beside = cells[c] == "." and any(
                    0 <= lane.index + d < SIZE and across[c][lane.index + d] != "."
                    for d in (-1, 1))
                assert bool(lane.cross_len[c]) == beside, (lane.direction, lane.index, c)
        for direction, grid in lanes.items():
            other = lanes["down" if direction == "across" else "across"]
            for r, cells in enumerate(grid):
                def tile(rr: int, cc: int, grid: list[str] = grid) -> bool:
                    return 0 <= rr < SIZE and 0 <= cc < SIZE and grid[rr][cc] != "."

                def fits(c: int, r: int = r, other: list[str] = other,
                         usable: int = gen.usable) -> bool:
                    """Whether a tile in hand may go on square c: its cross word, if any,
                    must be a word (an anchor no tile may take starts no move)."""
                    above, below = other[c][:r].split(".")[-1], other[c][r + 1:].split(".")[0]
                    if not above and not below:
                        return True
                    return bool(allowed(dawg, above.upper(), below.upper()) & usable)
                expected = [c for c in range(SIZE) if cells[c] == "." and (
                    tile(r - 1, c) or tile(r + 1, c) or tile(r, c - 1) or tile(r, c + 1))
                    and fits(c)]
                if board.is_empty():
                    continue
                assert found.get((direction, r), []) == expected, (direction, r, board.rows)


def test_a_node_answer_is_worked_out_once_then_kept() -> None:
    from engine.bots.nodes import Answers

    asked: list[int] = []

    def double(key: int) -> int:
        asked.append(key)
        return key * 2

    tally = [0]
    answers, others = Answers(double, tally), Answers(double, tally)
    assert (answers[3], answers[3], answers[5]) == (6, 6, 10)
    assert asked == [3, 5]
    assert len(answers) == 2
    assert (others[3], others[7]) == (6, 14)
    assert tally == [4]  # what both worked out: the size of the cache they make up
