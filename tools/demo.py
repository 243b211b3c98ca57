"""A small terminal demo of the lexicon, started by ``make play`` until the full game lands.

You get seven tiles and make words with them; the game tells you whether each is a word, how
it is written with accents, what it counts as for themes and its root for chains.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from typing import TextIO

from engine.errors import InvalidWordError
from engine.lexicon import Lexicon, normalize_word

VOWELS = "AEIOU"
CONSONANTS = "BCDFGHJLMNPQRSTVXZ"
RACK_SIZE = 7

HELP = """Comandos:
  PALAVRA      joga uma palavra com as peças da sua mão
  ?PALAVRA     consulta qualquer palavra no dicionário
  :nova        sorteia uma mão nova
  :sair        encerra (ou Ctrl-D)"""


def draw_rack(rng: random.Random) -> list[str]:
    """Three vowels and four consonants, so that every rack can make words."""
    return rng.sample(VOWELS, 3) + rng.sample(CONSONANTS, RACK_SIZE - 3)


def describe(lexicon: Lexicon, text: str) -> str:
    try:
        info = lexicon.info(text)
    except InvalidWordError as exc:
        return f"  ✗ {exc.message}"
    if not info.valid:
        return f"  ✗ {info.word} não está no dicionário."
    parts = [f"  ✓ {info.word} → {info.display}"]
    if info.bases:
        parts.append(f"    conta como: {', '.join(info.bases)}")
    parts.append(f"    raiz: {', '.join(info.roots)}")
    return "\n".join(parts)


def play_word(lexicon: Lexicon, rack: list[str], text: str, found: set[str]) -> str:
    try:
        word = normalize_word(text)
    except InvalidWordError as exc:
        return f"  ✗ {exc.message}"
    missing = Counter(word) - Counter(rack)
    if missing:
        return f"  ✗ Faltam peças na sua mão: {' '.join(sorted(missing.elements()))}"
    if word in found:
        return f"  · {word} já foi encontrada."
    if word not in lexicon:
        return f"  ✗ {word} não está no dicionário."
    found.add(word)
    return describe(lexicon, word) + f"\n    palavras encontradas nesta mão: {len(found)}"


def run(inp: TextIO, out: TextIO, seed: int | None = None) -> int:
    lexicon = Lexicon.default()
    rng = random.Random(seed)
    count = f"{len(lexicon):,}".replace(",", ".")
    out.write(f"Vanlexis — demonstração do dicionário ({count} palavras)\n")
    out.write(HELP + "\n")
    rack = draw_rack(rng)
    found: set[str] = set()
    out.write(f"\nSua mão: {' '.join(rack)}\n")
    interactive = inp.isatty()
    while True:
        if interactive:
            out.write("> ")
            out.flush()
        line = inp.readline()
        if not line:
            break
        text = line.strip()
        if not text:
            continue
        if text in (":sair", ":q"):
            break
        if text == ":nova":
            rack, found = draw_rack(rng), set()
            out.write(f"Sua mão: {' '.join(rack)}\n")
        elif text.startswith("?"):
            out.write(describe(lexicon, text[1:]) + "\n")
        else:
            out.write(play_word(lexicon, rack, text, found) + "\n")
    out.write("Até a próxima!\n")
    return 0


def main() -> int:
    try:
        return run(sys.stdin, sys.stdout)
    except KeyboardInterrupt:
        sys.stdout.write("\nAté a próxima!\n")
        return 0


if __name__ == "__main__":
    sys.exit(main())
