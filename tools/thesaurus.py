"""A MyThes thesaurus (LibreOffice's format), read for the curator's suggestions.

The Brazilian Portuguese one is Debian's ``mythes-pt-br`` (``apt-get install mythes-pt-br``,
LGPL); it is read from where that package puts it, or from ``VANLEXIS_THESAURUS``. The format:
an encoding line, then entries ``palavra|N`` each followed by N lines
``(classe)sentido|sinônimo|sinônimo|…``.
"""

from __future__ import annotations

import os
from collections import defaultdict
from pathlib import Path

SYSTEM_PATHS = (Path("/usr/share/mythes/th_pt_BR.dat"),
                Path("/usr/share/mythes/th_pt_BR_v2.dat"))


class ThesaurusMissingError(Exception):
    pass


def find() -> Path:
    configured = os.environ.get("VANLEXIS_THESAURUS")
    candidates = [Path(configured)] if configured else list(SYSTEM_PATHS)
    for path in candidates:
        if path.is_file():
            return path
    raise ThesaurusMissingError(
        "Não encontrei um tesauro: instale o do LibreOffice (apt-get install mythes-pt-br) ou "
        "aponte VANLEXIS_THESAURUS para um arquivo .dat do MyThes.")


class Thesaurus:
    """Synonyms by word (lower case, single words only)."""

    def __init__(self, text: str) -> None:
        self.synonyms: dict[str, set[str]] = defaultdict(set)
        lines = text.splitlines()
        i = 1  # the first line names the encoding
        while i < len(lines):
            head, _, count = lines[i].partition("|")
            i += 1
            try:
                n = int(count)
            except ValueError:
                continue
            word = head.strip().lower()
            for line in lines[i:i + n]:
                for item in line.split("|")[1:]:
                    synonym = item.strip().lower()
                    if synonym and synonym != word and synonym.isalpha():
                        self.synonyms[word].add(synonym)
            i += n

    @classmethod
    def load(cls, path: Path | None = None) -> Thesaurus:
        path = path or find()
        raw = path.read_bytes()
        encoding = raw.split(b"\n", 1)[0].decode("ascii", "replace").strip() or "UTF-8"
        return cls(raw.decode(encoding.replace("ISO8859", "ISO-8859"), "replace"))

    def of(self, word: str) -> set[str]:
        return self.synonyms.get(word.lower(), set())
