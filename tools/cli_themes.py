"""``vanlexis themes …``: the theme library's commands, for curators and editors.

check · suggest · stats (the library as a whole) and words · audit · review · decide · edited
(one theme's words, its flags, and the editor's decisions). Messages and help are in
Portuguese: the editors are Brazilian.
"""

from __future__ import annotations

import argparse
import datetime
import json
from pathlib import Path
from typing import Any, TextIO

from engine.lexicon import Lexicon
from engine.match import Resources
from tools.arguments import positive


def add_themes(sub: Any) -> None:
    themes = sub.add_parser("themes", help="a ferramenta do curador para a biblioteca de temas",
                            description="Confira, edite e meça os temas.")
    tsub = themes.add_subparsers(dest="themes_command", required=True, metavar="COMANDO",
                                 title="comandos")
    tcheck = tsub.add_parser("check", help="valida todos os temas e relata cada um")
    tcheck.add_argument("--dir", type=Path, default=None, metavar="PASTA",
                        help="uma pasta de temas (padrão: themes/)")
    tcheck.set_defaults(handler=cmd_check)
    tsuggest = tsub.add_parser("suggest", help="propõe palavras das mesmas famílias (nunca as "
                                               "adiciona)")
    tsuggest.add_argument("theme", metavar="TEMA")
    tsuggest.add_argument("--limit", type=positive, default=30, metavar="N",
                          help="quantas sugestões (padrão: 30)")
    tsuggest.set_defaults(handler=cmd_suggest)
    tstats = tsub.add_parser("stats", help="as faixas das palavras que os robôs jogam, por tema")
    tstats.add_argument("--matches", type=positive, default=4, metavar="N",
                        help="partidas por tema (padrão: 4)")
    tstats.add_argument("--themes", default=None, metavar="TEMAS",
                        help="ids separados por vírgulas (padrão: todos)")
    tstats.set_defaults(handler=cmd_stats)
    twords = tsub.add_parser("words", help="as palavras acima de Frio: faixa, base, origem, "
                                           "posição, sinais")
    twords.add_argument("theme", metavar="TEMA")
    twords.set_defaults(handler=cmd_words)
    taudit = tsub.add_parser("audit", help="os sinais que um editor precisa ver (e os já "
                                           "tratados)")
    taudit.add_argument("theme", metavar="TEMA", nargs="?")
    taudit.add_argument("--all", action="store_true", help="todos os temas")
    taudit.set_defaults(handler=cmd_audit)
    treview = tsub.add_parser("review", help="percorre as decisões de formas da máquina, das "
                                             "mais comuns primeiro")
    treview.add_argument("theme", metavar="TEMA")
    treview.set_defaults(handler=cmd_review)
    tdecide = tsub.add_parser("decide", help="grava decisões de formas do editor")
    tdecide.add_argument("theme", metavar="TEMA")
    tdecide.add_argument("decisions", nargs="+", metavar="BASE:FORMA=sim|não")
    tdecide.set_defaults(handler=cmd_decide)
    texpect = tsub.add_parser("expect", help="as palavras que cada tema precisa (ou não) "
                                             "pontuar")
    texpect.add_argument("theme", metavar="TEMA", nargs="?")
    texpect.add_argument("--all", action="store_true", help="todos os temas")
    texpect.set_defaults(handler=cmd_expect)
    tedited = tsub.add_parser("edited", help="registra uma edição (sem decisão da máquina "
                                             "pendente)")
    tedited.add_argument("theme", metavar="TEMA")
    tedited.add_argument("--editor", required=True, metavar="NOME",
                         help="quem editou (uma equipe ou uma pessoa)")
    tedited.add_argument("--check", action="append", required=True, dest="checks",
                         metavar="VERIFICAÇÃO",
                         help="uma verificação pela qual o tema passou (repita)")
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
    from engine.lexicon.common_words import CommonWords
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
    from tools.curator import below_floor, format_stats, stats

    ids = args.themes.split(",") if args.themes else Resources.default().themes.ids()
    unknown = [t for t in ids if t not in Resources.default().themes]
    if unknown:
        err.write(f"vanlexis: temas desconhecidos: {', '.join(unknown)}\n")
        return 2
    table = stats(ids, args.matches)
    out.write(format_stats(table) + "\n")
    return 1 if below_floor(table) else 0


def cmd_words(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from engine.lexicon.common_words import CommonWords
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
    from engine.lexicon.common_words import CommonWords
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
    from engine.lexicon.common_words import CommonWords
    from tools.theme_edit import review

    path = _theme_path(args.theme, err)
    if path is None:
        return 1
    try:
        counts = review(path, Lexicon.default(), CommonWords.default(), input, out)
    except EOFError:
        err.write("vanlexis: revisão interrompida; nada foi gravado\n")
        return 1
    out.write(f"{counts['confirmed']} confirmadas, {counts['reversed']} invertidas, "
              f"{counts['skipped']} puladas\n")
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
