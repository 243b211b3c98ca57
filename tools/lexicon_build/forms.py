"""Write the forms index (``pt_br.forms``) from the lexicon artifact: base → its forms.

The artifact stores each word's bases and verbs; this inverts them once, at build time, so
that a bot can list a theme's words without scanning the lexicon (:mod:`engine.lexicon.forms`).
It reads the committed artifact, so ``python -m tools.lexicon_build.forms`` rebuilds the index
alone (about 15 seconds); the full lexicon build writes it too.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

from engine.lexicon import DEFAULT_PATH, Lexicon
from engine.lexicon.artifact import decode_record
from engine.lexicon.forms import encode_forms, invert


def _counted_as_in_order(lexicon: Lexicon) -> Iterator[list[int]]:
    """Per word id, what the word counts as: its bases and its verbs."""
    records, offset = lexicon._records, 0
    for _ in range(len(lexicon)):
        record = decode_record(records, offset)
        offset += 1 + records[offset]
        yield record.bases + [v for v in record.verbs if v not in record.bases]


def build(lexicon: Lexicon) -> bytes:
    """The forms index of ``lexicon``."""
    fingerprint = lexicon.fingerprint()
    keys = fingerprint["words"] + fingerprint["lemmas"]
    return encode_forms(invert(_counted_as_in_order(lexicon), keys), fingerprint)


def write(artifact: Path) -> Path:
    """Write the index beside ``artifact`` and return its path."""
    out = artifact.with_suffix(".forms")
    out.write_bytes(build(Lexicon.from_bytes(artifact.read_bytes())))
    return out


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    artifact = Path(args[0]) if args else DEFAULT_PATH
    out = write(artifact)
    print(f"wrote {out} ({out.stat().st_size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
