"""The seventeen power cards: names (and shorter ones for narrow places), levels, kinds and
the effect text players read.

Two kinds of card:

- *move* cards go into a play (wildcards, Letra Dobrada, Palavra Dobrada, Palavra Triplicada,
  Prisma): they are named in the ``Play`` command and spent only if the play is accepted;
- *instant* cards are used in the market phase, before the action (``UseCard``).

Prices, level weights and every other number live in the ``RuleSet`` (balance is data).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

MOVE = "move"
INSTANT = "instant"


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    level: int
    kind: str
    effect: str  # shown to players, in Portuguese
    target: str | None = None  # what UseCard/Play needs: square, seat, tiles, letter
    short: str = ""  # a shorter name for narrow places (a phone's card strip); "": the name

    @property
    def short_name(self) -> str:
        return self.short or self.name

    def to_json(self, price: int) -> dict[str, object]:
        """The card as players see it; ``wildcard`` is the rack code a Coringa adds, so the
        client can offer its letters without knowing which card does what."""
        return {"id": self.id, "name": self.name, "level": self.level, "kind": self.kind,
                "effect": self.effect, "target": self.target, "price": price,
                "wildcard": WILDCARD_CODES.get(self.id)}


_CARDS = (
    Card("coringa_vogal", "Coringa de Vogal", 1, MOVE,
         "Uma peça que vira qualquer vogal (vale 0).", "letter", "Coringa vogal"),
    Card("coringa_consoante", "Coringa de Consoante", 1, MOVE,
         "Uma peça que vira qualquer consoante (vale 0).", "letter", "Coringa consoante"),
    Card("letra_dobrada", "Letra Dobrada", 1, MOVE,
         "Dobra o valor de uma letra das palavras da jogada, da mão ou já no tabuleiro.",
         "square", "Letra ×2"),
    Card("ima", "Ímã", 1, INSTANT, "Sorteia 3 peças, e você escolhe 1 para a sua mão.", None),
    Card("reciclar", "Reciclar", 1, INSTANT,
         "Troca até 3 peças sem gastar a sua ação.", "tiles"),
    Card("mina", "Mina", 1, INSTANT,
         "Rende uma moeda por turno e se esgota depois de render 3 vezes.", None),
    Card("peca_extra", "Peça Extra", 1, INSTANT,
         "A sua mão cresce uma peça, para sempre, até 9 peças.", None, "Peça extra"),
    Card("coringa_universal", "Coringa Universal", 2, MOVE,
         "Uma peça que vira qualquer letra (vale 0).", "letter", "Coringa universal"),
    Card("palavra_dobrada", "Palavra Dobrada", 2, MOVE,
         "Dobra o valor da palavra principal da jogada.", None, "Palavra ×2"),
    Card("ancora", "Âncora", 2, INSTANT,
         "Reserva uma casa vazia do tabuleiro até o seu próximo turno: só você joga nela.",
         "square"),
    Card("espiao", "Espião", 2, INSTANT,
         "Você vê a mão de um adversário até o seu próximo turno.", "seat"),
    Card("prisma", "Prisma", 2, MOVE, "A afinidade conta em dobro nesta jogada.", None),
    Card("palavra_triplicada", "Palavra Triplicada", 3, MOVE,
         "Triplica o valor da palavra principal da jogada.", None, "Palavra ×3"),
    Card("segundo_folego", "Segundo Fôlego", 3, INSTANT,
         "Você joga duas palavras neste turno.", None, "2º Fôlego"),
    Card("ladrao_de_tema", "Ladrão de Tema", 3, INSTANT,
         "Troca o tema da partida por uma de duas opções que só você vê; o novo tema vira "
         "público assim que você escolhe.", None),
    Card("cadeia_de_ouro", "Cadeia de Ouro", 3, INSTANT,
         "A sua cadeia de afinidade não quebra nesta rodada.", None),
    Card("tema_pessoal", "Tema Pessoal", 3, INSTANT,
         "Você ganha um segundo tema, só seu e público, por 3 rodadas; as suas palavras "
         "pontuam pelo melhor dos dois.", None),
)

CARDS: Mapping[str, Card] = MappingProxyType({card.id: card for card in _CARDS})
WILDCARD_CODES: Mapping[str, str] = MappingProxyType(
    {"coringa_vogal": "?V", "coringa_consoante": "?C", "coringa_universal": "?"}
)
WORD_MULTIPLIERS: Mapping[str, int] = MappingProxyType(
    {"palavra_dobrada": 2, "palavra_triplicada": 3}
)

#: Default prices in coins, by card (tuned with ``vanlexis simulate``; see docs/balance.md).
DEFAULT_PRICES: Mapping[str, int] = MappingProxyType({
    "coringa_vogal": 3, "coringa_consoante": 3, "letra_dobrada": 3, "ima": 3, "reciclar": 2,
    "mina": 3, "peca_extra": 4,
    "coringa_universal": 5, "palavra_dobrada": 6, "ancora": 4, "espiao": 4, "prisma": 6,
    "palavra_triplicada": 9, "segundo_folego": 9, "ladrao_de_tema": 7, "cadeia_de_ouro": 7,
    "tema_pessoal": 8,
})


def card(card_id: str) -> Card:
    return CARDS[card_id]
