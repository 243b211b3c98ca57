"""Lexicon figures: artifact size, load time, memory added, look-ups per second.

Run with ``make bench`` (or ``python -m bench.lexicon``). Targets: load ≤ 20 ms, ≤ 30 MB added
memory, ≥ 500 k look-ups per second. A plain Python ``set`` of the same words is
measured beside it as the peer, and the ratios are printed.
"""

from __future__ import annotations

import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from bench.report import print_table, size
from engine.lexicon import DEFAULT_PATH, Lexicon

REPO = Path(__file__).resolve().parents[1]

_MEMORY_PROBE = """
import gc, json, random
def rss():
    with open('/proc/self/statm') as f:
        return int(f.read().split()[1]) * 4096
from engine.lexicon import Lexicon
gc.collect()
before = rss()
if {peer!r}:
    lex = Lexicon.from_path({path!r})
    words = [lex._words.restore_key(i) for i in range(len(lex))]
    del lex
    gc.collect()
    before = rss()
    data = set(words)
    del words
    gc.collect()
    print(json.dumps({{"loaded": rss() - before, "used": rss() - before}}))
else:
    lex = Lexicon.from_path({path!r})
    loaded = rss() - before
    rng = random.Random(2)
    for i in rng.sample(range(len(lex)), 200_000):
        word = lex._words.restore_key(i)
        lex.info(word)
    print(json.dumps({{"loaded": loaded, "used": rss() - before}}))
"""


def memory_added(path: Path, peer: bool) -> tuple[int, int]:
    """Resident memory added right after loading, and after 200 k look-ups of every kind."""
    code = _MEMORY_PROBE.format(path=str(path), peer=peer)
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True,
                         check=True)
    figures = json.loads(out.stdout)
    return int(figures["loaded"]), int(figures["used"])


def per_second(lookup: object, words: list[str], rounds: int = 5) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for word in words:
            word in lookup  # type: ignore[operator]  # noqa: B015
        best = min(best, time.perf_counter() - start)
    return len(words) / best


def main() -> None:
    path = DEFAULT_PATH
    data = path.read_bytes()
    loads = []
    for _ in range(size(15, 2)):
        start = time.perf_counter()
        Lexicon.from_bytes(data)
        loads.append(time.perf_counter() - start)
    path_loads = []
    for _ in range(size(15, 2)):
        start = time.perf_counter()
        Lexicon.from_path(path)
        path_loads.append(time.perf_counter() - start)
    lex = Lexicon.from_bytes(data)
    rng = random.Random(1)
    ids = rng.sample(range(len(lex)), size(200_000, 2_000))
    hits = [lex._words.restore_key(i) for i in ids]
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    misses = []
    while len(misses) < len(ids):
        word = "".join(rng.choice(letters) for _ in range(rng.randint(3, 10)))
        if word not in lex:
            misses.append(word)
    hit_rate = per_second(lex, hits)
    miss_rate = per_second(lex, misses)
    info_start = time.perf_counter()
    infos = size(20_000, 500)
    for word in hits[:infos]:
        lex.info(word)
    info_rate = infos / (time.perf_counter() - info_start)

    peer = set(lex._words.restore_key(i) for i in range(len(lex)))
    peer_hit = per_second(peer, hits)
    peer_miss = per_second(peer, misses)
    del peer
    added, used = memory_added(path, peer=False)
    _, peer_added = memory_added(path, peer=True)

    mb = 1024 * 1024
    rows = [
        ("words", f"{len(lex):,}"),
        ("artifact size", f"{len(data) / mb:.1f} MiB"),
        ("load from bytes (median of 15)", f"{statistics.median(loads) * 1e3:.1f} ms"),
        ("load from path (median of 15)", f"{statistics.median(path_loads) * 1e3:.1f} ms"),
        ("resident memory added by loading (mmap)", f"{added / mb:.1f} MiB"),
        ("... after 200 k info() look-ups", f"{used / mb:.1f} MiB"),
        ("look-ups per second, hit", f"{hit_rate / 1e3:,.0f} k"),
        ("look-ups per second, miss", f"{miss_rate / 1e3:,.0f} k"),
        ("info() per second (display, bases, roots)", f"{info_rate / 1e3:,.0f} k"),
        ("peer: Python set, memory added", f"{peer_added / mb:.1f} MiB"),
        ("peer: Python set, look-ups/s hit / miss",
         f"{peer_hit / 1e3:,.0f} k / {peer_miss / 1e3:,.0f} k"),
        ("ratio memory lexicon (after use) / set", f"{used / peer_added:.3f}"),
        ("ratio hit speed lexicon / set", f"{hit_rate / peer_hit:.2f}"),
    ]
    print_table(rows)


if __name__ == "__main__":
    main()
