"""``vanlexis themes …``: the theme library's commands, for curators and editors.

check · suggest · stats (the library as a whole) and words · audit · review · decide · edited
(one theme's words, its flags, and the editor's decisions). Messages are in Portuguese: the
editors are Brazilian.
"""

from __future__ import annotations

import argparse
import datetime
import json
from pathlib import Path
from typing import Any, TextIO

from engine.lexicon import Lexicon
from engine.match import Resources


def _count(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("use um número inteiro positivo")
    return value


def add_themes(sub: Any) -> None:
    themes = sub.add_parser("themes", help="the curator's tool for the theme library",
                            description="Confira, edite e meça os temas.")
    tsub = themes.add_subparsers(dest="themes_command", required=True)
    tcheck = tsub.add_parser("check", help="validate every theme and report per theme")
    tcheck.add_argument("--dir", type=Path, default=None, help="a themes folder (default: themes/)")
    tcheck.set_defaults(handler=cmd_check)
    tsuggest = tsub.add_parser("suggest", help="propose words of the same families (never added)")
    tsuggest.add_argument("theme", metavar="THEME")
    tsuggest.add_argument("--limit", type=_count, default=30)
    tsuggest.set_defaults(handler=cmd_suggest)
    tstats = tsub.add_parser("stats", help="bands of the words bots play, per theme")
    tstats.add_argument("--matches", type=_count, default=4, help="matches per theme")
    tstats.add_argument("--themes", default=None, help="ids separated by commas (default: all)")
    tstats.set_defaults(handler=cmd_stats)
    twords = tsub.add_parser("words", help="every word above Frio: band, base, how, rank, flags")
    twords.add_argument("theme", metavar="THEME")
    twords.set_defaults(handler=cmd_words)
    taudit = tsub.add_parser("audit", help="flags an editor must look at (and which are handled)")
    taudit.add_argument("theme", metavar="THEME", nargs="?")
    taudit.add_argument("--all", action="store_true", help="every theme")
    taudit.set_defaults(handler=cmd_audit)
    treview = tsub.add_parser("review", help="walk the machine's form decisions, most common first")
    treview.add_argument("theme", metavar="THEME")
    treview.set_defaults(handler=cmd_review)
    tdecide = tsub.add_parser("decide", help="record an editor's form decisions")
    tdecide.add_argument("theme", metavar="THEME")
    tdecide.add_argument("decisions", nargs="+", metavar="BASE:FORMA=sim|não")
    tdecide.set_defaults(handler=cmd_decide)
    texpect = tsub.add_parser("expect", help="the words each theme must (not) score")
    texpect.add_argument("theme", metavar="THEME", nargs="?")
    texpect.add_argument("--all", action="store_true", help="every theme")
    texpect.set_defaults(handler=cmd_expect)
    tedited = tsub.add_parser("edited", help="record an editorial pass (no machine decision left)")
    tedited.add_argument("theme", metavar="THEME")
    tedited.add_argument("--editor", required=True, help="who edited (a team or a person)")
    tedited.add_argument("--check", action="append", required=True, dest="checks",
                         help="a check the theme passed (repeat)")
    tedited.set_defaults(handler=cmd_edited)


def _theme_path(theme_id: str, err: TextIO) -> Path | None:
    from engine.themes import DEFAULT_DIR

    path = DEFAULT_DIR / f"{theme_id}.json"
    if not path.exists():
        err.write(f"vanlexis: não há tema “{theme_id}” em themes/\n")
        return None
    return path


def cmd_check(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from engine.themes import DEFAULT_DIR
    from tools.curator import check, format_reports

    reports = check(args.dir or DEFAULT_DIR, Lexicon.default())
    out.write(format_reports(reports) + "\n")
    return 0 if reports and all(r.ok for r in reports) else 1


def cmd_suggest(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from engine.lexicon.common import CommonWords
    from tools.curator import suggest
    from tools.thesaurus import Thesaurus, ThesaurusMissingError

    path = _theme_path(args.theme, err)
    if path is None:
        return 1
    try:
        thesaurus = Thesaurus.load()
    except ThesaurusMissingError as exc:
        err.write(f"vanlexis: {exc}\n")
        return 1
    data = json.loads(path.read_text(encoding="utf-8"))
    for s in suggest(data, Lexicon.default(), thesaurus, CommonWords.default(), args.limit):
        out.write(f"{s.word:<20} → {s.layer:<8} (sinônimo de {', '.join(s.because[:3])})\n")
    out.write("Nada foi adicionado: escolha as palavras e ponha-as na camada certa do tema.\n")
    return 0


def cmd_stats(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from tools.curator import format_stats, stats

    ids = args.themes.split(",") if args.themes else Resources.default().themes.ids()
    unknown = [t for t in ids if t not in Resources.default().themes]
    if unknown:
        err.write(f"vanlexis: temas desconhecidos: {', '.join(unknown)}\n")
        return 2
    out.write(format_stats(stats(ids, args.matches)) + "\n")
    return 0


def cmd_words(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from engine.lexicon.common import CommonWords
    from tools.theme_edit import theme_words

    path = _theme_path(args.theme, err)
    if path is None:
        return 1
    for w in theme_words(path, Lexicon.default(), CommonWords.default()):
        rank = str(w.rank) if w.rank is not None else "-"
        flags = f"  [{'; '.join(w.flags)}]" if w.flags else ""
        out.write(f"{w.display:<22} {w.band.label:<10} {w.base:<18} {w.how:<26} {rank:>6}"
                  f"{flags}\n")
    return 0


def cmd_audit(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from engine.lexicon.common import CommonWords
    from engine.themes import DEFAULT_DIR
    from tools.forms.consistency import disagreements
    from tools.theme_edit import audit

    if args.all == bool(args.theme):
        err.write("vanlexis: diga um tema ou --all\n")
        return 2
    paths = sorted(DEFAULT_DIR.glob("*.json")) if args.all else [_theme_path(args.theme, err)]
    if None in paths:
        return 1
    open_flags, lexicon = 0, Lexicon.default()
    disagreed = disagreements(DEFAULT_DIR, lexicon)
    for path in paths:
        assert path is not None
        flags = audit(path, lexicon, CommonWords.default(), disagreed)
        pending = [f for f in flags if f.handled is None]
        open_flags += len(pending)
        out.write(f"{path.stem}: {len(flags)} sinais, {len(pending)} sem decisão\n")
        for f in pending:
            out.write(f"  - {f.word}: {f.reason}\n")
    return 1 if open_flags else 0


def cmd_review(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from engine.lexicon.common import CommonWords
    from tools.theme_edit import review

    path = _theme_path(args.theme, err)
    if path is None:
        return 1
    try:
        counts = review(path, Lexicon.default(), CommonWords.default(), input, out)
    except EOFError:
        err.write("vanlexis: revisão interrompida; nada foi gravado\n")
        return 1
    out.write(f"{counts}\n")
    return 0


def cmd_decide(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from tools.theme_edit import decide_forms

    path = _theme_path(args.theme, err)
    if path is None:
        return 1
    decisions = []
    for text in args.decisions:
        pair, _, verdict = text.partition("=")
        base, _, form = pair.partition(":")
        if not base or not form or verdict not in ("sim", "não", "nao"):
            err.write(f"vanlexis: “{text}”: use BASE:FORMA=sim ou BASE:FORMA=não\n")
            return 2
        decisions.append((base, form, verdict == "sim"))
    try:
        done = decide_forms(path, Lexicon.default(), decisions)
    except KeyError as exc:
        err.write(f"vanlexis: {exc.args[0]}\n")
        return 1
    out.write(f"{done} decisões do editor gravadas em {path.name}\n")
    return 0


def cmd_edited(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from engine.themes import ThemeError
    from tools.theme_edit import mark_edited

    path = _theme_path(args.theme, err)
    if path is None:
        return 1
    try:
        mark_edited(path, Lexicon.default(), datetime.date.today(), args.checks, args.editor)
    except ThemeError as exc:
        err.write(f"vanlexis: {exc.message}\n")
        return 1
    out.write(f"{path.name}: edição registrada\n")
    return 0


def cmd_expect(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from engine.themes import DEFAULT_DIR
    from tools.theme_expect import load_checks, misses

    if args.all == bool(args.theme):
        err.write("vanlexis: diga um tema ou --all\n")
        return 2
    catalog = Resources.default().themes
    ids = catalog.ids() if args.all else [args.theme]
    if args.theme and args.theme not in catalog:
        err.write(f"vanlexis: não há tema “{args.theme}”\n")
        return 1
    failed = 0
    for theme_id in ids:
        checks = load_checks(DEFAULT_DIR, theme_id)
        found = misses(catalog.get(theme_id), checks, Resources.default().lexicon)
        total = sum(len(words) for words in checks.values())
        out.write(f"{theme_id}: {total - len(found)} de {total} palavras como esperado\n")
        for miss in found:
            out.write(f"  - {miss.word}: {miss.band.label}, esperado {miss.expected}\n")
        failed += bool(found)
    return 1 if failed else 0
