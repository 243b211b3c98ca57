"""The known words: what the game itself may offer a player, as a word graph.

A player may play any word of the dictionary, but what the game puts in front of a player —
the master bot's moves, the review's "best move" — must be a word a Brazilian knows, or the
game teaches junk and scolds a newcomer for missing ACAVEIRADAS. A word is *known* when:

- it is written at Zipf ``WORD_ZIPF`` or more (once per hundred million words), or
- it is an ordinary form of a word written at Zipf ``BASE_ZIPF`` or more: a plural, feminine
  or conjugation of a common word (ABRANGÊRAMOS of ABRANGER, CARÓTIDAS of CARÓTIDA): a
  player who knows the verb knows its tenses — when the verb is written as a verb, not only
  as a noun that spells its infinitive (AVATAR), and except the "vós" person Brazil does not
  use (AMÁSSEIS, AMARDES: known only when written themselves). A diminutive, augmentative
  or superlative is not an ordinary form: it is known only when written itself (COALIZÃOZINHO and
  EDUCAÇÕEZINHAS are made by rules, not by people), or
- it is a theme word of the library (a layer word, an accepted form, a conjugation of a
  layer verb): the editors judged those words players know;

and it is not kept out: a word frequent only as a name, a brand or a foreign word
(``common_exclude.txt``), or one of the team's reviewed exclusions (``known_exclude.txt``;
``known_verbs_exclude.txt`` for a verb whose written forms are a noun's).

``python -m tools.lexicon_build.known`` writes ``pt_br.known.dawg`` beside the lexicon from the
committed artifact, wordfreq and the themes; the full build writes it too. wordfreq is a build
dependency only: the functions read the graph.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

from engine.bots.dawg import build
from engine.lexicon import DEFAULT_PATH, Lexicon
from engine.themes import INDEX_FILE, ThemeError, parse_theme, read_word_list, sensitive_words
from tools.lexicon_build import common_words

#: A word written this often is known by itself.
WORD_ZIPF = 2.0
#: A plural, feminine or conjugation is known when its word is written this often.
BASE_ZIPF = 2.5
#: A diminutive, augmentative or superlative must be written itself, at least this often.
DEGREE_ZIPF = 1.0
EXCLUDED_PATH = Path(__file__).with_name("known_exclude.txt")
EXCLUDED_VERBS_PATH = Path(__file__).with_name("known_verbs_exclude.txt")
THEMES = Path(__file__).resolve().parents[2] / "themes"
_DEGREE = re.compile(r"(INH[OA]S?|ZINH[OA]S?|ZAO|ZOES|ZONAS?|ISSIM[OA]S?|ONAS?|AOZINH[OA]S?)$")


def vos_form(word: str, verb: str) -> bool:
    """Whether ``word`` is a "vós" form of ``verb`` (folded): AMAIS, AMÁVEIS, AMASTES, AMAREIS,
    AMARÍEIS, AMÁSSEIS, AMARDES, AMAI, AMEIS. Brazil does not use the person: its forms are
    grammar a reader takes for a mistake. Read off the infinitive, so a word that only ends
    the same way (GUARDES, PERDES, tu forms) is not one."""
    if len(verb) < 3 or verb[-2:] not in ("AR", "ER", "IR"):
        return False
    stem, vowel = verb[:-2], verb[-2]
    forms = {verb[:-1] + ("S" if vowel == "I" else "IS"),  # present
             stem + ("AVEIS" if vowel == "A" else "IEIS"),  # imperfect
             verb[:-1] + "STES", verb + "EIS", verb + "IEIS",  # preterite, future, conditional
             verb[:-1] + "SSEIS", verb + "DES",  # imperfect and future subjunctive
             stem + ("EIS" if vowel == "A" else "AIS")}  # present subjunctive
    if vowel != "I":
        forms.add(verb[:-1] + "I")  # imperative (PARTI is also "eu parti")
    return word in forms


def written_as_verb(lexicon: Lexicon, verb: str, zipf: Callable[[str], float]) -> bool:
    """Whether a form of ``verb`` other than its infinitive, and not also a form of a noun or
    adjective, is written: the infinitive's frequency says nothing when a noun spells it
    (AVATAR is frequent, AVATOU is not, so AVATEM is no known word)."""
    return any(form != verb and zipf(form) >= DEGREE_ZIPF and not lexicon.bases(form)
               and verb in lexicon.verbs(form) for form in lexicon.forms(verb))


def known_words(lexicon: Lexicon, zipf: Callable[[str], float], excluded: frozenset[str],
                theme_words: Iterable[str],
                excluded_verbs: frozenset[str] = frozenset()) -> list[str]:
    """The known words of ``lexicon`` (folded, sorted); ``zipf`` of a folded word;
    ``excluded_verbs``: verbs whose conjugations are not known through them."""
    def vos_only(word: str) -> bool:  # a "vós" form nobody writes, and nothing else
        verbs = lexicon.verbs(word)
        return bool(verbs) and zipf(word) < DEGREE_ZIPF and not lexicon.bases(word) \
            and all(vos_form(word, v) for v in verbs)

    # A theme's verb counts in all its forms on the board, but the game offers none of its
    # "vós" forms: the editors judged the verb, not AMÁSSEIS.
    found = {w for w in theme_words if w not in lexicon or not vos_only(w)}
    verb_cache: dict[str, bool] = {}

    def known_verb(verb: str) -> bool:
        if verb not in verb_cache:
            verb_cache[verb] = zipf(verb) >= BASE_ZIPF and verb not in excluded \
                and verb not in excluded_verbs and written_as_verb(lexicon, verb, zipf)
        return verb_cache[verb]

    for word in lexicon.words():
        if word in excluded or word in found:
            continue
        own = zipf(word)
        if own >= WORD_ZIPF:
            found.add(word)
        elif _DEGREE.search(word):
            if own >= DEGREE_ZIPF and any(zipf(b) >= BASE_ZIPF for b in lexicon.bases(word)):
                found.add(word)
        elif any(zipf(b) >= BASE_ZIPF and b not in excluded for b in lexicon.bases(word)) \
                or any(known_verb(v) and not (own < DEGREE_ZIPF and vos_form(word, v))
                       for v in lexicon.verbs(word)):
            found.add(word)
    return sorted(w for w in found if w in lexicon)


def library_words(lexicon: Lexicon, directory: Path = THEMES) -> set[str]:
    """Every word above Frio in any theme of the library. A theme the rebuilt dictionary no
    longer validates is reported and skipped: its forms tables need regenerating
    (``python -m tools.theme_forms``), and ``vanlexis themes check`` fails until they are."""
    words: set[str] = set()
    blocked = sensitive_words(directory)
    for path in sorted(directory.glob("*.json")):
        if path.name == INDEX_FILE:
            continue
        try:
            theme = parse_theme(json.loads(path.read_text(encoding="utf-8")), lexicon,
                                source=path.name, blocked=blocked)
        except ThemeError as exc:
            print(f"aviso: {exc}", file=sys.stderr)
            continue
        words |= theme.words(lexicon) or frozenset()
    return words


def excluded() -> frozenset[str]:
    """The names and foreign words of the common list, and the reviewed exclusions."""
    return common_words.excluded() | read_word_list(EXCLUDED_PATH.read_text(encoding="utf-8"))


def write(artifact: Path, folded_zipf: Callable[[str], float]) -> tuple[Path, int]:
    """Write the graph beside ``artifact``; returns its path and how many words it holds."""
    lexicon = Lexicon.from_path(artifact)
    words = known_words(lexicon, folded_zipf, excluded(), library_words(lexicon),
                        read_word_list(EXCLUDED_VERBS_PATH.read_text(encoding="utf-8")))
    out = artifact.with_suffix(".known.dawg")
    out.write_bytes(build(words))
    return out, len(words)


def main(argv: list[str] | None = None) -> int:
    from tools.lexicon_build.build import frequencies

    args = sys.argv[1:] if argv is None else argv
    artifact = Path(args[0]) if args else DEFAULT_PATH
    _, folded = frequencies()
    out, count = write(artifact, lambda w: common_words.zipf(folded.get(w, 0.0)))
    print(f"wrote {out} ({count:,} known words, {out.stat().st_size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
