"""The README's bench commands keep working: each bench of ``make bench`` (and ``make stress``,
``bench.local_load``, ``bench.bot_words``) runs whole in its quick mode (bench/report.py:
a few samples, figures that mean nothing) and must finish without an error and print its
report. A bench that breaks (a renamed function, a Powertools change) fails here, not on the
day someone needs its figure."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

BENCHES = [
    (["bench.lexicon"], "look-ups/s"),
    (["bench.engine"], "preview median"),
    (["bench.movegen"], "median turn in self-play"),
    (["bench.review"], "moves reviewed"),
    (["bench.handlers"], "per 1,000 matches: total"),
    (["bench.paced"], "list of 20 matches"),
    (["bench.flood"], "connections x"),
    (["bench.stress"], "told but not stored 0"),
    (["bench.local_load", "--matches", "1", "--rounds", "1"], "errors 0, lost 0"),
    (["bench.bot_words", "--words", "3", "--levels", "1,review", "--sample", "3"],
     "conhecidas"),
]


@pytest.mark.parametrize(("command", "expected"), BENCHES, ids=lambda c: str(c).split()[0])
def test_a_bench_runs_whole_in_its_quick_mode(command: list[str], expected: str) -> None:
    env = {**os.environ, "VANLEXIS_BENCH_QUICK": "1"}
    done = subprocess.run([sys.executable, "-m", *command], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=240, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    assert expected in done.stdout, done.stdout[-3000:]
