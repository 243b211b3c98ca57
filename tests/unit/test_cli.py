"""``vanlexis word``: one JSON object per word, clear errors, exit 2 for usage errors; and
every help text and usage error of ``vanlexis`` in Portuguese."""

from __future__ import annotations

import argparse
import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tools.arguments import translate
from tools.cli import build_parser, main

REPO = Path(__file__).resolve().parents[2]


def run(*argv: str) -> tuple[int, list[dict[str, object]], str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out=out, err=err)
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    return status, lines, err.getvalue()


def test_word_prints_validity_display_bases_and_root() -> None:
    status, lines, _ = run("word", "ACAO", "bolinhas", "Coração", "xyzzy")
    assert status == 0
    assert lines[0] == {
        "word": "ACAO", "valid": True, "display": "ação",
        "bases": lines[0]["bases"], "root": lines[0]["root"], "roots": lines[0]["roots"],
        "verbs": lines[0]["verbs"],
    }
    assert lines[1]["word"] == "BOLINHAS"
    assert "BOLA" in lines[1]["bases"]  # type: ignore[operator]
    assert lines[2]["display"] == "coração"
    assert lines[3] == {"word": "XYZZY", "valid": False, "display": None, "bases": [],
                        "root": None, "roots": [], "verbs": []}


def test_root_of_a_conjugated_form() -> None:
    _, lines, _ = run("word", "amaras")
    assert "AMAR" in lines[0]["verbs"]  # type: ignore[operator]
    assert lines[0]["root"] == "AMAR" or "AMAR" in lines[0]["roots"]  # type: ignore[operator]


@pytest.mark.parametrize(
    ("text", "code"),
    [("", "word.empty"), ("123", "word.invalid_chars"), ("@!#", "word.invalid_chars"),
     ("a" * 500, "word.too_long"), ("слово", "word.invalid_chars"),
     ("単語", "word.invalid_chars")],
)
def test_bad_words_get_an_error_object_each(text: str, code: str) -> None:
    status, lines, _ = run("word", "casa", text, "mesa")
    assert status == 1
    assert [line["valid"] for line in lines] == [True, False, True]
    error = lines[1]["error"]
    assert isinstance(error, dict)
    assert error["code"] == code
    assert error["message"]


def test_usage_errors_exit_2() -> None:
    assert run("word")[0] == 2
    assert run()[0] == 2
    assert run("nonsense")[0] == 2


def test_a_missing_lexicon_is_reported_without_a_traceback(tmp_path: Path) -> None:
    status, _, err = run("word", "--lexicon", str(tmp_path / "none.vlx"), "casa")
    assert status == 1
    assert "dicionário não encontrado" in err


def test_a_corrupt_lexicon_is_reported_without_a_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.vlx"
    bad.write_bytes(b"garbage")
    status, _, err = run("word", "--lexicon", str(bad), "casa")
    assert status == 1
    assert "Traceback" not in err and err


def test_console_script_runs_as_a_program() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "tools.cli", "word", "ação", "", "9"],
        capture_output=True, text=True, cwd=REPO, check=False,
    )
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert [json.loads(line)["valid"] for line in result.stdout.splitlines()] == [
        True, False, False,
    ]
    usage = subprocess.run(
        [sys.executable, "-m", "tools.cli", "word"], capture_output=True, text=True, cwd=REPO,
        check=False,
    )
    assert usage.returncode == 2
    assert "uso: vanlexis word" in usage.stderr and "Traceback" not in usage.stderr
    assert "erro: faltam os argumentos: PALAVRA" in usage.stderr


def _parsers(parser: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    found = [parser]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                found += _parsers(sub)
    return found


#: words of English help texts that Portuguese never uses
ENGLISH = re.compile(r"\b(the|of|and|or|print|prints|show|list|every|with|from|default|per|"
                     r"which|how|many|must|cannot|not|found|usage|options|arguments|exit)\b",
                     re.IGNORECASE)


def test_every_help_text_is_in_portuguese() -> None:
    parsers = _parsers(build_parser())
    assert len(parsers) > 15  # vanlexis, its commands and the themes commands
    for parser in parsers:
        text = parser.format_help()
        assert text.startswith("uso: ") and "mostra esta ajuda e sai" in text, parser.prog
        english = ENGLISH.findall(text.replace("docs/position-format.md", ""))
        assert not english, f"{parser.prog}: {english}"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        # Python 3.14's argparse lists the choices without quotes, 3.11's with: both read right
        (["nonsense"], "argumento COMANDO: opção inválida: 'nonsense' (escolha entre "),
        (["word", "casa", "--bogus"], "argumentos desconhecidos: --bogus"),
        (["moves", "x.json", "--top", "0"], "argumento --top: use um número inteiro positivo"),
        (["moves", "x.json", "--top"], "argumento --top: falta o valor"),
        (["simulate", "--players", "dois"], "argumento --players: valor inválido: 'dois'"),
        (["themes"], "faltam os argumentos: COMANDO"),
    ],
)
def test_usage_errors_are_in_portuguese(argv: list[str], message: str,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert run(*argv)[0] == 2
    err = capsys.readouterr().err
    assert err.startswith("uso: vanlexis") and "erro: " in err, err
    assert message in err


def test_an_unknown_argparse_message_is_left_as_it_is() -> None:
    assert translate("argument --x: something new") == "argumento --x: something new"
    assert translate("a message of a newer Python") == "a message of a newer Python"
