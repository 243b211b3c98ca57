"""Display names: normalised, Latin letters only (no look-alikes), never a bot's."""

from __future__ import annotations

import pytest

from functions.service.identity import InvalidNameError, clean_name


@pytest.mark.parametrize(("raw", "name"), [
    ("Ａｎａ", "Ana"),  # full-width letters are the same letters
    ("  Zé   da Silva ", "Zé da Silva"),
    ("Roberta", "Roberta"), ("Botafogo", "Botafogo"), ("D'Ávila-2", "D'Ávila-2"),
    ("Jose\u0301", "José"),  # a combining accent composes
])
def test_names_are_normalised(raw: str, name: str) -> None:
    assert clean_name(raw) == name


@pytest.mark.parametrize(("raw", "why"), [
    ("\u0410na", "alfabeto"),  # Cyrillic А
    ("\u0391na", "alfabeto"),  # Greek Α
    ("Robô Mestre 1", "robôs"), ("robo", "robôs"), ("ROBÔ 2", "robôs"), ("Bot-3", "robôs"),
    ("Ana\u200d", "letras"),  # an invisible joiner
    ("", "Escolha"),
])
def test_look_alike_and_bot_like_names_are_refused(raw: str, why: str) -> None:
    with pytest.raises(InvalidNameError) as refused:
        clean_name(raw)
    assert why in str(refused.value)
