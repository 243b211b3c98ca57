"""Command-line parsing in Portuguese, for every entry point of ``tools``.

argparse writes its own words (``usage:``, the help option, its error messages) in English,
through a gettext catalog the project does not ship. :class:`ArgumentParser` writes the
titles and the help option itself and translates the error messages argparse builds, so that
a person meets one language from ``--help`` to the last error; a message it does not know is
shown as argparse wrote it (a newer Python may add one).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterable
from typing import Any, NoReturn

_ARGUMENT = re.compile(r"^argument (.+?): (.*)$", re.DOTALL)

#: argparse's messages and their Portuguese; the groups are argparse's own text (names,
#: values), kept as they are.
_MESSAGES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(f"^{english}$", re.DOTALL), portuguese) for english, portuguese in (
        (r"the following arguments are required: (.+)", r"faltam os argumentos: \1"),
        (r"unrecognized arguments: (.+)", r"argumentos desconhecidos: \1"),
        (r"one of the arguments (.+) is required", r"um destes argumentos é obrigatório: \1"),
        (r"not allowed with argument (.+)", r"não pode vir com o argumento \1"),
        (r"invalid choice: (.+) \(choose from (.+)\)", r"opção inválida: \1 (escolha entre \2)"),
        (r"invalid \S+ value: (.+)", r"valor inválido: \1"),
        (r"expected one argument", r"falta o valor"),
        (r"expected at most one argument", r"aceita no máximo um valor"),
        (r"expected at least one argument", r"falta ao menos um valor"),
        (r"expected (\d+) arguments?", r"espera \1 valores"),
        (r"ambiguous option: (.+) could match (.+)", r"opção ambígua: \1 pode ser \2"),
        (r"ignored explicit argument (.+)", r"valor ignorado: \1"),
    ))


def translate(message: str) -> str:
    """An argparse error message in Portuguese (unknown ones unchanged)."""
    argument = _ARGUMENT.match(message)
    if argument:
        return f"argumento {argument.group(1)}: {translate(argument.group(2))}"
    for english, portuguese in _MESSAGES:
        if english.match(message):
            return english.sub(portuguese, message)
    return message


class HelpFormatter(argparse.HelpFormatter):
    def add_usage(self, usage: str | None, actions: Iterable[argparse.Action],
                  groups: Iterable[argparse._MutuallyExclusiveGroup],
                  prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, "uso: " if prefix is None else prefix)


class ArgumentParser(argparse.ArgumentParser):
    """An argparse parser whose help and errors are in Portuguese (its subcommands too:
    argparse makes them of the parser's own class)."""

    def __init__(self, prog: str | None = None, *, add_help: bool = True,
                 **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(prog, add_help=False, **kwargs)
        self._positionals.title = "argumentos"
        self._optionals.title = "opções"
        if add_help:
            self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                              help="mostra esta ajuda e sai")

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: erro: {translate(message)}\n")


def positive(text: str) -> int:
    """An option's whole number of 1 or more (``type=positive``)."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"use um número inteiro positivo, não {text!r}")
    return value
