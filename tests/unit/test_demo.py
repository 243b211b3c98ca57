"""The terminal demo that ``make play`` starts: scripted input, readable answers."""

from __future__ import annotations

import io
import random

from tools.demo import draw_rack, run


def test_demo_plays_a_scripted_session() -> None:
    rack = draw_rack(random.Random(3))
    script = "\n".join(["?ação", "?12", "ZZZZZZZ", ":nova", ":sair", "never read"]) + "\n"
    out = io.StringIO()
    assert run(io.StringIO(script), out, seed=3) == 0
    text = out.getvalue()
    assert f"Sua mão: {' '.join(rack)}" in text
    assert "ACAO → ação" in text
    assert "letras de A a Z" in text
    assert "Faltam peças" in text
    assert text.rstrip().endswith("Até a próxima!")


def test_demo_ends_at_end_of_input() -> None:
    out = io.StringIO()
    assert run(io.StringIO(""), out, seed=1) == 0
    assert "Até a próxima!" in out.getvalue()
