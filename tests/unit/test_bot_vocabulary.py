"""Bots of levels 1–4 play only words a Brazilian adult recognises, or their theme's words.

The rule (docs/bots.md): every word a weaker bot's move makes, its main word and each word it
makes across the line, is on the common-word list within the level's vocabulary, or is one of
the match's theme words (with their accepted forms). Whole matches are played until 500 bot
moves are seen, and each receipt's words are checked. The master may play any word, but on
equal value it prefers the common one.
"""

from __future__ import annotations

from dataclasses import replace

from engine.bots.dawg import Dawg
from engine.bots.levels import LEVELS, BotPlayer, bot_rng, considered, level
from engine.bots.search import candidates
from engine.bots.turn import play_turn
from engine.bots.vocabulary import vocabulary_words
from engine.lexicon.common_words import CommonWords
from engine.match import Player, Resources, new_match
from engine.rules import RuleSet

RULES = RuleSet.standard()
RES = Resources.default()
MOVES = 500


def test_levels_1_to_4_make_only_common_or_theme_words_in_500_moves() -> None:
    common = CommonWords.default()
    moves, outside = 0, []
    match = 0
    while moves < MOVES:
        lvl = LEVELS[match % 4]
        assert lvl.vocabulary is not None
        bots = [BotPlayer(lvl), BotPlayer(LEVELS[(match + 1) % 4])]
        players = [Player(f"b{i}", f"Robô {i + 1}", bot=True) for i in range(2)]
        state, _ = new_match(RULES, f"vocab-{match}", players, seed=f"vocab-{match}", now=0,
                             resources=RES)
        themed = RES.themes.get(state.theme_id).words(RES.lexicon) or frozenset()
        now = 0
        while not state.finished and moves < MOVES:
            seat, now = state.current, now + 1000
            size = bots[seat].level.vocabulary
            assert size is not None
            state, events = play_turn(bots[seat], RULES, state, now, resources=RES,
                                      rng=bot_rng(state, seat))
            for event in events:
                if event.kind != "move_played":
                    continue
                moves += 1
                for word in event.data["breakdown"]["words"]:
                    if not (common.knows(word["word"], size) or word["word"] in themed):
                        outside.append((bots[seat].level.number, word["word"], state.theme_id))
        match += 1
    assert not outside, outside


def test_the_master_prefers_the_common_word_on_equal_value() -> None:
    """AREIA, AREAI, IAERA and EARIA are worth the same on the same squares (every letter is
    worth 1): the master plays AREIA."""
    players = [Player("a", "A", bot=True), Player("b", "B", bot=True)]
    state, _ = new_match(RULES, "tie", players, seed="tie", now=0, resources=RES)
    state = state.with_seat(0, replace(state.seats[0], rack=("A", "A", "E", "I", "R")))
    tied = candidates(RULES, state, 0, RES, Dawg.default(), top=1)
    assert {"AREIA", "AREAI"} <= {m.main for m in tied}
    assert "AREAI" not in vocabulary_words(LEVELS[3].vocabulary or 0)
    assert [m.main for m, _ in considered(level(5), RULES, state, 0, RES)] == ["AREIA"]
