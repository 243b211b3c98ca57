"""A fresh random sample of a theme's form decisions, for an editor to check by hand.

``python -m tools.theme_sample --seed 2026-12-01 themes/*.json`` writes, for each theme,
``themes/samples/<id>.tsv``: 50 decisions drawn at random (base, form, whether it counts, who
decided), with an empty ``verdict`` column (``certo`` or ``errado``) and a ``note`` column for
the checker. ``--summary`` reads the filled files back and prints the share of wrong decisions
per theme (the library's target: at most 2%); give it one round's folder
(``--summary themes/samples/round-7``).
"""

from __future__ import annotations

import csv
import json
import random
import sys
from pathlib import Path

SIZE = 50
FIELDS = ["base", "form", "counts", "decided_by", "verdict", "note"]


def decisions(data: dict[str, object]) -> list[tuple[str, str, bool, str]]:
    forms = data.get("forms", {})
    assert isinstance(forms, dict)
    out = []
    for base, entry in sorted(forms.items()):
        machine = entry.get("machine", {})
        for key, counts in (("accepted", True), ("rejected", False)):
            for form in entry.get(key, []):
                out.append((base, form, counts, "máquina" if form in machine else "editor"))
    return out


def draw(path: Path, seed: str, size: int = SIZE) -> Path:
    data = json.loads(path.read_text(encoding="utf-8"))
    pool = decisions(data)
    chosen = random.Random(f"{seed}:{data['id']}").sample(pool, min(size, len(pool)))
    out = path.parent / "samples" / f"{data['id']}.tsv"
    out.parent.mkdir(exist_ok=True)
    with out.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle, delimiter="\t")
        writer.writerow(FIELDS)
        for base, form, counts, by in sorted(chosen):
            writer.writerow([base, form, "sim" if counts else "não", by, "", ""])
    return out


def summary(directory: Path) -> dict[str, tuple[int, int]]:
    """Per theme: (wrong, checked), from a folder of filled samples (one round, such as
    ``themes/samples/round-7``) or from a theme folder's ``samples``."""
    out = {}
    folder = directory if any(directory.glob("*.tsv")) else directory / "samples"
    for path in sorted(folder.glob("*.tsv")):
        with path.open(encoding="utf-8") as handle:
            rows = list(csv.DictReader(handle, delimiter="\t"))
        checked = [r for r in rows if r["verdict"] in ("certo", "errado")]
        out[path.stem] = (sum(r["verdict"] == "errado" for r in checked), len(checked))
    return out


def main(argv: list[str] | None = None) -> int:
    args = list(argv if argv is not None else sys.argv[1:])
    if args[:1] == ["--summary"]:
        table = summary(Path(args[1]) if len(args) > 1 else Path("themes"))
        for theme, (wrong, checked) in table.items():
            print(f"{theme:<22} {wrong:>3} erradas de {checked:>3}")
        wrong = sum(w for w, _ in table.values())
        checked = sum(c for _, c in table.values())
        print(f"total: {wrong} de {checked} ({100 * wrong / max(1, checked):.1f}%)")
        return 0
    if len(args) < 3 or args[0] != "--seed":
        print("uso: python -m tools.theme_sample --seed SEMENTE TEMA.json… | --summary [PASTA]",
              file=sys.stderr)
        return 2
    for path in map(Path, args[2:]):
        print(draw(path, args[1]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
