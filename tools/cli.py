"""``vanlexis``: the project's command-line tool.

Subcommands print JSON (one object per line) so that scripts and people can both read them.
Usage errors exit with status 2; a word that cannot be looked up gets an error object of its
own and makes the exit status 1; no input ever produces a traceback. Every message and help
text is in Portuguese, argparse's own included (:mod:`tools.arguments`).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from engine.errors import InvalidWordError, LexiconFormatError, RuleError
from engine.lexicon import DEFAULT_PATH, Lexicon, normalize_word
from engine.match import Resources
from engine.position import PositionError, parse_notation, parse_position, score_position
from engine.rules import Band, RuleSet
from engine.state import MatchState
from tools.arguments import ArgumentParser, positive
from tools.cli_themes import add_themes


def _print(obj: object, out: TextIO) -> None:
    out.write(json.dumps(obj, ensure_ascii=False) + "\n")


def _load_lexicon(path: Path, err: TextIO) -> Lexicon | None:
    try:
        return Lexicon.from_path(path)
    except FileNotFoundError:
        err.write(f"vanlexis: dicionário não encontrado: {path}\n")
    except LexiconFormatError as exc:
        err.write(f"vanlexis: {path}: {exc.message}\n")
    return None


def cmd_word(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    lexicon = _load_lexicon(args.lexicon, err)
    if lexicon is None:
        return 1
    status = 0
    for raw in args.words:
        try:
            info = lexicon.info(raw)
        except InvalidWordError as exc:
            status = 1
            _print({"word": raw, "valid": False,
                    "error": {"code": exc.code, "message": exc.message}}, out)
            continue
        _print({"word": info.word, "valid": info.valid, "display": info.display,
                "bases": list(info.bases), "root": info.root, "roots": list(info.roots),
                "verbs": list(info.verbs)}, out)
    return status


def cmd_rules(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    rules = RuleSet.named(args.name)
    if args.json:
        out.write(json.dumps(rules.to_json(), ensure_ascii=False, indent=2) + "\n")
        return 0
    data = rules.to_json()
    out.write(f"Regras: {data['name']}\n")
    for row in rules.layout:
        out.write("  " + " ".join(row) + "\n")
    for key, value in data.items():
        if key not in ("layout", "layout_legend", "name"):
            out.write(f"{key}: {value}\n")
    return 0


def _error(exc: RuleError) -> dict[str, object]:
    return {"error": {"code": exc.code, "message": exc.message}}


class _UnreadableError(Exception):
    """A position file that cannot be read at all: a usage problem, reported on stderr."""


def _why(exc: OSError | UnicodeDecodeError) -> str:
    """Why a file cannot be read, in Portuguese (the system's own text is in English)."""
    if isinstance(exc, UnicodeDecodeError):
        return "o texto não está em UTF-8"
    reasons = {FileNotFoundError: "o arquivo não existe", IsADirectoryError: "é uma pasta",
               PermissionError: "sem permissão de leitura"}
    return next((why for kind, why in reasons.items() if isinstance(exc, kind)),
                f"erro do sistema {exc.errno}")


def _position_data(path: str) -> object:
    """The data of a position file, for every command that reads one: a JSON object, or the
    one-line notation (a file that does not start with ``{``), turned into the same object.

    A file that cannot be read raises :class:`_UnreadableError`; one that is not JSON is a
    position error like any other (``position.json``), printed as an error object.
    """
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise _UnreadableError(f"não consegui ler {path}: {_why(exc)}") from None
    if not text.lstrip().startswith("{"):
        return parse_notation(text).to_json()
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise PositionError(f"O arquivo não é um JSON válido: {exc.msg} (linha {exc.lineno}).",
                            code="position.json") from None


def cmd_score(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    try:
        breakdown = score_position(_position_data(args.position))
    except RuleError as exc:
        _print(_error(exc), out)
        return 1
    out.write(json.dumps(breakdown.to_json(), ensure_ascii=False, indent=2) + "\n")
    return 0


def cmd_moves(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from engine.bots.search import ranked_moves

    try:
        rules, state = parse_position(_position_data(args.position), need_move=False)[:2]
        if args.level is None:
            moves = ranked_moves(rules, state, 0, top=args.top)
        else:
            return _level_moves(args, rules, state, out)
    except RuleError as exc:
        _print(_error(exc), out)
        return 1
    for rank, move in enumerate(moves, start=1):
        _print({"rank": rank, **move.to_json()}, out)
    return 0


def _level_moves(args: argparse.Namespace, rules: RuleSet, state: MatchState,
                 out: TextIO) -> int:
    """The moves a bot level looks at, as it values them, and the one it plays."""
    from engine.bots.levels import bot_rng, choose_move, considered, level
    from engine.bots.search import RankedMove
    from engine.match import preview

    res = Resources.default()
    lvl = level(args.level)
    chosen = choose_move(lvl, rules, state, 0, res, bot_rng(state, 0))
    for rank, (move, value) in enumerate(considered(lvl, rules, state, 0, res)[: args.top], 1):
        tiles = move.placement.tiles
        receipt = RankedMove(move.placement, preview(rules, state, 0, tiles, resources=res))
        _print({"rank": rank, **receipt.to_json(), "level": lvl.number,
                "value": round(value, 1), "chosen": move == chosen}, out)
    if chosen is None:
        _print({"level": lvl.number, "chosen": None,
                "message": "O robô não vê jogada: troca peças ou passa."}, out)
    return 0


def cmd_band(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    resources = Resources.default()
    try:
        theme = resources.themes.get(args.theme)
    except RuleError as exc:
        err.write(f"vanlexis: {exc.message} Temas: {', '.join(resources.themes.ids())}\n")
        return 2
    status = 0
    for raw in args.words:
        try:
            word = normalize_word(raw)
        except InvalidWordError as exc:
            status = 1
            _print({"word": raw, **_error(exc)}, out)
            continue
        valid = word in resources.lexicon
        band, matched = theme.band_of(word, resources.lexicon) if valid else (Band.FRIO, None)
        _print({"word": word, "valid": valid, "theme": theme.id, "band": band.label,
                "matched": matched}, out)
    return status


def _level(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value <= 5:
        raise argparse.ArgumentTypeError("os níveis de robô vão de 1 a 5 (0 é o robô guloso)")
    return value


def cmd_simulate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from tools.simulate import ProgressBar, format_report, simulate, summarise

    if not 2 <= args.players <= 4:
        err.write("vanlexis: --players deve ser 2, 3 ou 4\n")
        return 2
    if args.level is not None and not 0 <= args.level <= 5:
        err.write("vanlexis: --level vai de 0 (robô guloso) a 5\n")
        return 2
    policy_for = None
    if args.level is not None:
        from engine.bots.levels import BotPlayer, level

        bot = BotPlayer(level(args.level))
        policy_for = lambda _match, _seat: bot  # noqa: E731
    progress = None if args.quiet else ProgressBar(args.matches, err)
    matches = simulate(args.matches, args.players, args.seed, workers=args.workers,
                       progress=progress, policy_for=policy_for)
    summary = summarise(matches)
    if args.json:
        out.write(json.dumps(summary, ensure_ascii=False, indent=2) + "\n")
    else:
        out.write(format_report(summary) + "\n")
    return 0


def cmd_selfplay(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from tools.selfplay import format_rows, selfplay
    from tools.simulate import ProgressBar

    try:
        levels = [int(part) for part in args.levels.split(",")]
    except ValueError:
        err.write("vanlexis: --levels recebe números separados por vírgulas, como 1,5\n")
        return 2
    if not 2 <= len(levels) <= 4 or not all(0 <= n <= 5 for n in levels):
        err.write("vanlexis: --levels precisa de 2 a 4 níveis, de 0 (robô guloso) a 5\n")
        return 2
    progress = None if args.quiet else ProgressBar(args.matches, err)
    rules = RuleSet.standard().with_settings(round_limit=args.rounds)
    rows = selfplay(args.matches, levels, args.seed, workers=args.workers, progress=progress,
                    rules=rules)
    out.write((json.dumps(rows, ensure_ascii=False, indent=2) if args.json
               else format_rows(rows)) + "\n")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = ArgumentParser(
        prog="vanlexis",
        description="Ferramentas do Vanlexis: o dicionário português e as regras do jogo.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMANDO", title="comandos")
    sub.required = True
    word = sub.add_parser(
        "word",
        help="procura palavras no dicionário",
        description="Mostra um objeto JSON por palavra: se vale, a grafia exibida, as bases e "
        "a raiz. As palavras podem vir em maiúsculas ou minúsculas e com acentos.",
    )
    word.add_argument("words", nargs="+", metavar="PALAVRA")
    word.add_argument("--lexicon", type=Path, default=DEFAULT_PATH, help=argparse.SUPPRESS)
    word.set_defaults(handler=cmd_word)

    rules = sub.add_parser("rules", help="mostra um conjunto de regras (tabuleiro, valores, "
                                         "pesos, bônus)")
    rules.add_argument("--json", action="store_true", help="em JSON")
    rules.add_argument("--name", default="standard", choices=["standard", "classic", "solo"],
                       help="qual conjunto (padrão: standard)")
    rules.set_defaults(handler=cmd_rules)

    score = sub.add_parser(
        "score", help="mostra a pontuação detalhada da jogada de um arquivo de posição",
        description="Pontua a jogada de um arquivo de posição: JSON ou a notação de uma "
        "linha (formato: docs/position-format.md).",
    )
    score.add_argument("position", metavar="POSIÇÃO")
    score.set_defaults(handler=cmd_score)

    moves = sub.add_parser(
        "moves", help="lista as jogadas válidas da mão de um arquivo de posição, da melhor "
                      "para a pior",
        description="Todas as jogadas válidas da mão da posição, pontuadas pelo motor "
        "(formato: docs/position-format.md; aqui o campo move é opcional).",
    )
    moves.add_argument("position", metavar="POSIÇÃO")
    moves.add_argument("--top", type=positive, default=20, metavar="N",
                       help="quantas jogadas (padrão: 20)")
    moves.add_argument("--level", type=_level, default=None, metavar="N",
                       help="mostra as jogadas como o robô de nível N (1 a 5, 0 o guloso) as "
                            "avalia, e a que ele joga")
    moves.set_defaults(handler=cmd_moves)

    band = sub.add_parser("band", help="mostra a faixa de afinidade de palavras num tema")
    band.add_argument("theme", metavar="TEMA")
    band.add_argument("words", nargs="+", metavar="PALAVRA")
    band.set_defaults(handler=cmd_band)

    sim = sub.add_parser("simulate", help="joga partidas inteiras entre jogadores programados",
                         description="Os números de equilíbrio de partidas entre jogadores "
                         "programados.")
    sim.add_argument("--matches", type=positive, default=100, metavar="N",
                     help="quantas partidas (padrão: 100)")
    sim.add_argument("--players", type=int, default=4, metavar="N",
                     help="jogadores por partida, de 2 a 4 (padrão: 4)")
    sim.add_argument("--seed", type=int, default=1, metavar="N",
                     help="a semente das partidas (padrão: 1)")
    sim.add_argument("--level", type=int, default=None, metavar="N",
                     help="em todos os lugares, um robô deste nível (0 guloso, 1 a 5) em vez "
                          "dos jogadores programados")
    sim.add_argument("--workers", type=positive, default=None, metavar="N",
                     help="processos (padrão: um por núcleo)")
    sim.add_argument("--json", action="store_true", help="em JSON")
    sim.add_argument("--quiet", action="store_true", help="sem barra de progresso")
    sim.set_defaults(handler=cmd_simulate)

    play = sub.add_parser("selfplay", help="robôs de níveis escolhidos jogam entre si",
                          description="Taxas de vitória por nível de robô (0 é a referência "
                          "gulosa).")
    play.add_argument("--matches", type=positive, default=50, metavar="N",
                      help="quantas partidas (padrão: 50)")
    play.add_argument("--levels", default="1,5", metavar="NÍVEIS",
                      help="de 2 a 4 níveis, como 1,5 ou 0,5 (padrão: 1,5)")
    play.add_argument("--seed", type=int, default=1, metavar="N",
                      help="a semente das partidas (padrão: 1)")
    play.add_argument("--workers", type=positive, default=None, metavar="N",
                      help="processos (padrão: um por núcleo)")
    play.add_argument("--rounds", type=positive, default=RuleSet.standard().round_limit,
                      metavar="N", help="rodadas por partida (padrão: as do jogo padrão)")
    play.add_argument("--json", action="store_true", help="em JSON")
    play.add_argument("--quiet", action="store_true", help="sem barra de progresso")
    play.set_defaults(handler=cmd_selfplay)
    add_themes(sub)
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO | None = None,
         err: TextIO | None = None) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse has printed the usage message
        return int(exc.code) if isinstance(exc.code, int) else 2
    try:
        return int(args.handler(args, out, err))
    except BrokenPipeError:
        return 0
    except _UnreadableError as exc:
        err.write(f"vanlexis: {exc}\n")
        return 1
    except RuleError as exc:  # e.g. a theme file that fails validation
        err.write(f"vanlexis: {exc.message}\n")
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
