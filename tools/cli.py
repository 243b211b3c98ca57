"""``vanlexis``: the project's command-line tool.

Subcommands print JSON (one object per line) so that scripts and people can both read them.
Usage errors exit with status 2; a word that cannot be looked up gets an error object of its
own and makes the exit status 1; no input ever produces a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from engine.errors import InvalidWordError, LexiconFormatError
from engine.lexicon import DEFAULT_PATH, Lexicon


def _print(obj: object, out: TextIO) -> None:
    out.write(json.dumps(obj, ensure_ascii=False) + "\n")


def _load_lexicon(path: Path, err: TextIO) -> Lexicon | None:
    try:
        return Lexicon.from_path(path)
    except FileNotFoundError:
        err.write(f"vanlexis: lexicon not found: {path}\n")
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
                "bases": list(info.bases), "root": info.root, "roots": list(info.roots)}, out)
    return status


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="vanlexis", description="Vanlexis tools: the Portuguese lexicon and the game rules."
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    word = sub.add_parser(
        "word",
        help="look words up in the lexicon",
        description="Print one JSON object per word: validity, display form, bases and root. "
        "Words may be given in any case and with accents.",
    )
    word.add_argument("words", nargs="+", metavar="WORD")
    word.add_argument("--lexicon", type=Path, default=DEFAULT_PATH, help=argparse.SUPPRESS)
    word.set_defaults(handler=cmd_word)
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
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
