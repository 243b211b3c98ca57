"""The words the bots play: how common they are, level by level.

Run with ``python -m bench.bot_words [--words N] [--seed S] [--levels 1,2,3,4,5,review]``. For
each level, bots of that level play two-seat standard matches against each other (seeded,
themes drawn as in a real match) until their moves hold at least ``N`` main words (150 by
default). ``review`` is the post-game review's suggestions: level-3 bots play (a player who
misses moves), each move is reviewed in its position, and the words of its "best move" and
"best in the highest band" are tallied.
Every word a move makes is looked up in wordfreq's Portuguese frequencies, on the Zipf scale
(log10 of the uses per billion words), and the report gives per level:

- the main words and all the words made (main and cross words), counted with repeats;
- the share below the common words' cut-off (Zipf 3.0, ``tools/lexicon_build/common_words``);
- the share wordfreq does not know at all;
- the share that is neither on the common-word list nor one of the match's theme words
  (what levels 1–4 must never play);
- the share of *known* words: the word, one of its bases or its infinitive is in wordfreq's
  list at all, or it is one of the match's theme words (what the master and the review must
  offer, 97% at least);
- the 20 rarest distinct words, with their Zipf value;
- a seeded random sample of distinct main words (40 by default, ``--sample``), theme words
  marked with ``*``, to be read by a person: does a Brazilian adult recognise each one?

wordfreq is a build and bench dependency only: the game never imports it.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.bots.levels import BotPlayer, bot_rng, level
from engine.bots.turn import play_turn
from engine.lexicon.common_words import CommonWords
from engine.match import Player, Resources, new_match
from engine.rules import RuleSet
from engine.state import MatchState

CUTOFF = 3.0


@dataclass
class Tally:
    """The words of one level's moves: ``(word, theme word?)`` for main and all words."""

    main: list[tuple[str, bool]] = field(default_factory=list)
    made: list[tuple[str, bool]] = field(default_factory=list)
    matches: int = 0


def zipf_of(word: str) -> float:
    """The Zipf frequency of a folded word: the highest among its accented spellings."""
    import wordfreq

    from engine.lexicon import Lexicon

    lexicon = Lexicon.default()
    spellings = {word.lower(), (lexicon.display(word) or word).lower()}
    return max(wordfreq.zipf_frequency(s, "pt", wordlist="best") for s in spellings)


Words = list[dict[str, Any]]  # a receipt's words


def _tally(name: str, bot: BotPlayer, words: int, seed: str,
           found: Callable[[MatchState, int, Any], list[Words]]) -> Tally:
    """Two-seat matches of ``bot`` until the receipts ``found`` gives for each move (the
    position before it, its seat and its event) hold ``words`` main words."""
    rules, res = RuleSet.standard(), Resources.default()
    tally = Tally()
    while len(tally.main) < words:
        players = [Player(f"b{i}", f"Robô {i + 1}", bot=True) for i in range(2)]
        state, _ = new_match(rules, f"{name}-{tally.matches}", players,
                             seed=f"{seed}-{name}-{tally.matches}", now=0, resources=res)
        assert state.theme_id is not None  # a standard match draws one
        themed = res.themes.get(state.theme_id).words(res.lexicon) or frozenset()
        now = 0
        while not state.finished:
            now += 1000
            seat, before = state.current, state
            state, events = play_turn(bot, rules, state, now, resources=res,
                                      rng=bot_rng(state, seat))
            for event in events:
                if event.kind != "move_played":
                    continue
                for receipt in found(before, seat, event):
                    for word in receipt:
                        entry = (word["word"], word["word"] in themed)
                        tally.made.append(entry)
                        if word["main"]:
                            tally.main.append(entry)
        tally.matches += 1
    return tally


def play(number: int, words: int, seed: str) -> Tally:
    """Matches of two level-``number`` bots until their moves hold ``words`` main words."""
    return _tally(f"words-{number}", BotPlayer(level(number)), words, seed,
                  lambda _state, _seat, event: [event.data["breakdown"]["words"]])


def review_words(words: int, seed: str) -> Tally:
    """The review's suggestions over level-3 matches, until they hold ``words`` main words."""
    from engine.review import position_before, review_move

    rules, res = RuleSet.standard(), Resources.default()

    def suggestions(before: MatchState, seat: int, event: Any) -> list[Words]:
        review = review_move(rules, position_before(before, seat), seat, 2, event.data, res)
        return [shown["breakdown"]["words"] for key in ("best", "best_band")
                if isinstance(shown := review.get(key), dict)]

    return _tally("review", BotPlayer(level(3)), words, seed, suggestions)


def known_by_source(word: str, zipf: dict[str, float]) -> bool:
    """Known as the review and the master must be: the word, one of its bases or one of its
    verbs is in wordfreq's list at all."""
    from engine.lexicon import Lexicon

    lexicon = Lexicon.default()
    for candidate in (word, *lexicon.bases(word), *lexicon.verbs(word)):
        if candidate not in zipf:
            zipf[candidate] = zipf_of(candidate)
        if zipf[candidate] > 0:
            return True
    return False


def _share(count: int, total: int) -> str:
    return f"{100 * count / total:5.1f}% ({count}/{total})" if total else "—"


def report(name: str, tally: Tally, common: CommonWords, sample: int = 40,
           seed: str = "bot-words") -> list[str]:
    zipf: dict[str, float] = {}
    for word, _ in tally.made:
        if word not in zipf:
            zipf[word] = zipf_of(word)
    lines = [f"{name}: {tally.matches} partidas"]
    for kind, words in (("principais", tally.main), ("todas", tally.made)):
        below = sum(1 for w, _ in words if zipf[w] < CUTOFF)
        unknown = sum(1 for w, _ in words if zipf[w] == 0)
        outside = sum(1 for w, themed in words if common.rank(w) is None and not themed)
        known = sum(1 for w, themed in words if themed or known_by_source(w, zipf))
        lines.append(f"  palavras {kind}: {len(words)}; abaixo de Zipf {CUTOFF}: "
                     f"{_share(below, len(words))}; desconhecidas do wordfreq: "
                     f"{_share(unknown, len(words))}; fora da lista comum e do tema: "
                     f"{_share(outside, len(words))}; conhecidas (palavra, base ou "
                     f"infinitivo no wordfreq, ou do tema): {_share(known, len(words))}")
    rarest = sorted({w for w, _ in tally.made}, key=lambda w: (zipf[w], w))[:20]
    lines.append("  as 20 mais raras: " + ", ".join(f"{w} {zipf[w]:.1f}" for w in rarest))
    distinct = sorted({(w, themed) for w, themed in tally.main})
    picked = random.Random(f"{seed}-{name}").sample(distinct, min(sample, len(distinct)))
    lines.append(f"  {len(picked)} ao acaso (* do tema): " +
                 ", ".join(w + ("*" if themed else "") for w, themed in sorted(picked)))
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.bot_words", description=__doc__)
    parser.add_argument("--words", type=int, default=150, help="main words per level")
    parser.add_argument("--seed", default="bot-words")
    parser.add_argument("--levels", default="1,2,3,4,5,review")
    parser.add_argument("--sample", type=int, default=40, help="random main words to print")
    args = parser.parse_args(argv)
    common = CommonWords.default()
    for which in args.levels.split(","):
        if which == "review":
            tally, name = review_words(args.words, args.seed), "revisão (sugestões)"
        else:
            number = int(which)
            tally = play(number, args.words, args.seed)
            name = f"nível {number} ({level(number).name})"
        print("\n".join(report(name, tally, common, args.sample, args.seed)))
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
