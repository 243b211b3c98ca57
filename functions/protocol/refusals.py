"""A refused message said in Portuguese: which field, and what is wrong with it.

pydantic describes a validation error in English, with the client's own field names (camelCase,
JavaScript's) and whatever keys the client invented. None of that reaches a player: each known
field has a Portuguese label, each error type a Portuguese phrase, and a key the protocol does
not know is named only when it is short and plain (so a 12,000-character key cannot make a
12 KB reply, and no client text with markup or control characters is ever echoed).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import ValidationError

#: every field of functions.protocol.client, as a player reads it (tests check the list is whole)
LABELS: Mapping[str, str] = {
    "action": "ação",
    "requestId": "identificador do pedido",
    "matchId": "partida",
    "code": "código da sala",
    "seats": "número de lugares",
    "settings": "configurações",
    "turnSeconds": "tempo por turno",
    "rounds": "número de rodadas",
    "cards": "cartas",
    "themed": "tema",
    "themeId": "tema escolhido",
    "bots": "número de robôs",
    "botLevel": "nível dos robôs",
    "spectators": "espectadores",
    "tiles": "peças",
    "row": "linha",
    "col": "coluna",
    "letter": "letra",
    "wild": "coringa",
    "slot": "carta",
    "square": "casa",
    "seat": "lugar",
    "option": "opção",
    "before": "página",
    "limit": "tamanho da página",
    "start": "página",
    "running": "relógio",
    "tileStyle": "estilo das peças",
    "boardStyle": "estilo do tabuleiro",
    "paced": "no seu ritmo",
    "left": "partida deixada",
}

#: a list's items, as one of them is named ("peça 2")
_ITEMS: Mapping[str, str] = {"tiles": "peça", "cards": "carta", "square": "coordenada"}

#: pydantic's error types in Portuguese; ``{…}`` is filled from the error's context
PROBLEMS: Mapping[str, str] = {
    "missing": "campo obrigatório",
    "int_type": "deve ser um número inteiro",
    "int_parsing": "deve ser um número inteiro",
    "int_from_float": "deve ser um número inteiro",
    "int_parsing_size": "número grande demais",
    "finite_number": "deve ser um número inteiro",
    "greater_than_equal": "deve ser pelo menos {ge}",
    "less_than_equal": "deve ser no máximo {le}",
    "greater_than": "deve ser maior que {gt}",
    "less_than": "deve ser menor que {lt}",
    "bool_type": "deve ser verdadeiro ou falso",
    "bool_parsing": "deve ser verdadeiro ou falso",
    "string_type": "deve ser um texto",
    "string_too_short": "texto curto demais",
    "string_too_long": "texto longo demais (máximo {max_length})",
    "string_pattern_mismatch": "formato inválido",
    "list_type": "deve ser uma lista",
    "too_short": "itens de menos (mínimo {min_length})",
    "too_long": "itens demais (máximo {max_length})",
    "model_type": "deve ser um objeto",
    "model_attributes_type": "deve ser um objeto",
    "dict_type": "deve ser um objeto",
    "literal_error": "valor não aceito",
    "union_tag_invalid": "valor não aceito",
    "union_tag_not_found": "valor não aceito",
    "turn_limit": "de 20 a 600 segundos, ou 1 hora, 8 horas, 24 horas ou 3 dias no seu ritmo",
}

_PLAIN_KEY = re.compile(r"^[A-Za-z][A-Za-z0-9_]{0,23}$")


def _unknown_key(key: object) -> str:
    """A key the protocol does not know, shown only when it is short and plain."""
    return f"“{key}”" if isinstance(key, str) and _PLAIN_KEY.match(key) else "sem nome"


def where(loc: Sequence[str | int]) -> str:
    """The field a problem is in, in Portuguese: ``tiles.0.letter`` is "letra da peça 1",
    ``settings.turnSeconds`` is "tempo por turno"."""
    names = [part for part in loc if isinstance(part, str)]
    label = LABELS.get(names[-1], "campo") if names else "mensagem"
    # The first list item on the way (tiles.0, cards.1): the piece or card it is about.
    for index, part in enumerate(loc[1:], start=1):
        owner = loc[index - 1]
        if isinstance(part, int) and isinstance(owner, str) and owner in _ITEMS:
            item = f"{_ITEMS[owner]} {part + 1}"
            return item if names[-1] == owner else f"{label} da {item}"
    return label


def _problem(error: Mapping[str, Any]) -> str:
    phrase = PROBLEMS.get(str(error.get("type", "")), "valor inválido")
    try:
        return phrase.format(**error.get("ctx", {}))
    except (KeyError, IndexError, ValueError):
        return "valor inválido"


def explain(exc: ValidationError, skip: int = 1) -> str:
    """The player's message for the first problem; ``skip`` drops the union's tag from the
    location (the message's ``action``)."""
    first = exc.errors()[0]
    loc = tuple(first.get("loc", ()))[skip:]
    if first.get("type") == "extra_forbidden" and loc:
        return f"Mensagem inválida: campo desconhecido {_unknown_key(loc[-1])}."
    return f"Mensagem inválida ({where(loc)}): {_problem(first)}."
