"""The affinity chain: consecutive high-affinity moves of one player earn a growing bonus.

A Quente or Escaldante main word whose roots are new to the chain extends it. A word's roots
are the dictionary words it inflects (AMARA: AMAR) and every base it counts as in the theme
(ZEBRAS counts as ZEBRA), so a word sharing a root with one already in the chain
(ZEBRA then ZEBRAS, AMAR then AMARA) keeps it without growing, and so does a Morno word. A
Frio word, a pass, a swap or a timeout breaks it, unless the chain is protected (Cadeia de
Ouro). Only a move that extends the chain earns the bonus, for the chain's new
length: the same word in other clothes earns nothing extra.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.rules import Band, RuleSet
from engine.scoring import ChainStep


@dataclass(frozen=True)
class Chain:
    length: int = 0
    roots: tuple[str, ...] = ()  # roots of every word in the chain

    def to_json(self) -> dict[str, object]:
        return {"length": self.length, "roots": list(self.roots)}

    @classmethod
    def from_json(cls, data: object) -> Chain:
        if not isinstance(data, dict):
            raise TypeError("chain must be an object")
        length = data.get("length", 0)
        roots = data.get("roots", [])
        if not isinstance(length, int) or length < 0 or not isinstance(roots, list):
            raise TypeError("chain has a bad length or roots")
        return cls(length, tuple(str(r) for r in roots))


def after_play(
    rules: RuleSet, chain: Chain, band: Band, roots: Iterable[str], *, protected: bool = False
) -> tuple[Chain, ChainStep]:
    """The chain after a play whose main word has ``band`` and ``roots``."""
    word_roots = tuple(dict.fromkeys(roots))
    if band >= Band.QUENTE:
        if set(word_roots) & set(chain.roots):
            return chain, ChainStep(chain.length, chain.length, "same_root", 100)
        grown = Chain(chain.length + 1, chain.roots + word_roots)
        return grown, ChainStep(
            chain.length, grown.length, "extends", rules.chain_bonus_for(grown.length)
        )
    if band == Band.MORNO:
        return chain, ChainStep(chain.length, chain.length, "keeps", 100)
    return after_break(chain, protected=protected)


def after_break(chain: Chain, *, protected: bool = False) -> tuple[Chain, ChainStep]:
    """The chain after a Frio word, a pass, a swap or a timeout."""
    if protected:
        return chain, ChainStep(chain.length, chain.length, "protected", 100)
    effect = "breaks" if chain.length else "none"
    return Chain(), ChainStep(chain.length, 0, effect, 100)
