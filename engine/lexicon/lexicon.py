"""The lexicon the engine plays with: membership, display forms, theme bases and roots.

Words are folded to A–Z (see :mod:`engine.lexicon.fold`). The fast path, ``word in lexicon``,
takes an already folded word; the other look-ups fold for the caller. Loading is from bytes, so
the same artifact serves a Lambda package, the local stack and the tests.
"""

from __future__ import annotations

import functools
import mmap
import os
import struct
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import marisa_trie

from engine.errors import InvalidWordError, LexiconFormatError
from engine.lexicon.artifact import ACCENTED, BLOCK, Record, decode_record, split_sections
from engine.lexicon.fold import normalize_word
from engine.lexicon.forms import FormsIndex

#: The artifact shipped with the engine (built by ``make lexicon``, committed).
DEFAULT_PATH = Path(__file__).with_name("data") / "pt_br.vlx"

Buffer = bytes | bytearray | memoryview | mmap.mmap


def _u32_array(view: memoryview) -> Sequence[int]:
    """Little-endian u32 values, read in place where the machine is little-endian too."""
    if sys.byteorder == "little":
        return view.cast("B").cast("I")
    return struct.unpack(f"<{len(view) // 4}I", view)


def _map(path: Path) -> mmap.mmap:
    with path.open("rb") as handle:
        if os.fstat(handle.fileno()).st_size == 0:
            raise LexiconFormatError(f"O arquivo {path.name} está vazio.")
        return mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)


@dataclass(frozen=True)
class WordInfo:
    """Everything the lexicon says about one word, as the CLI and the curator tools print it."""

    word: str
    valid: bool
    display: str | None
    bases: tuple[str, ...]
    root: str | None
    roots: tuple[str, ...]
    verbs: tuple[str, ...] = ()


class Lexicon:
    """A read-only Portuguese lexicon loaded from a ``.vlx`` artifact."""

    def __init__(self, data: Buffer, forms: Buffer | None = None) -> None:
        """Read an artifact in place: the tries and records are used where they lie in ``data``.

        Nothing is copied, so loading takes about a millisecond and, for a memory-mapped file,
        only the pages that look-ups touch become resident.
        """
        view = memoryview(data)
        sections = split_sections(view)
        self._data = data  # the tries and the memoryviews below point into it
        self.header = sections.header
        self._words = marisa_trie.Trie()
        self._lemmas = marisa_trie.Trie()
        try:
            self._words.map(sections.word_trie)
            self._lemmas.map(sections.lemma_trie)
        except RuntimeError as exc:  # marisa reports format and size errors this way
            raise LexiconFormatError("As árvores do léxico estão corrompidas.") from exc
        self._size = len(self._words)
        blocks = -(-self._size // BLOCK)
        if len(sections.index) != 4 * blocks:
            raise LexiconFormatError("O índice do léxico não corresponde às palavras.")
        self._index = _u32_array(sections.index)
        self._records = sections.records
        self._forms = FormsIndex(forms, self.fingerprint()) if forms is not None else None

    def fingerprint(self) -> dict[str, int]:
        """Counts that identify this artifact, so a derived index can be tied to it."""
        return {"words": self._size, "lemmas": len(self._lemmas),
                "record_bytes": len(self._records)}

    @classmethod
    def from_bytes(cls, data: Buffer, forms: Buffer | None = None) -> Lexicon:
        """Load from bytes (or any buffer) that stay alive as long as the lexicon, with the
        forms index's bytes if there is one."""
        return cls(data, forms)

    @classmethod
    def from_path(cls, path: str | Path) -> Lexicon:
        """Load from a file, memory-mapped read-only, with the forms index beside it
        (``.forms``) when there is one."""
        path = Path(path)
        forms_path = path.with_suffix(".forms")
        return cls(_map(path), _map(forms_path) if forms_path.exists() else None)

    @classmethod
    @functools.cache
    def default(cls) -> Lexicon:
        """The bundled Brazilian Portuguese lexicon, loaded once per process."""
        return cls.from_path(DEFAULT_PATH)

    def __len__(self) -> int:
        return self._size

    def __contains__(self, word: object) -> bool:
        """Membership of an already folded word (``"ACAO"``): the move validator's hot path."""
        return isinstance(word, str) and word in self._words

    def words(self, prefix: str = "", max_length: int | None = None) -> Iterator[str]:
        """Every folded word (with ``prefix``, up to ``max_length`` letters), in trie order."""
        for key in self._words.iterkeys(prefix):
            if max_length is None or len(key) <= max_length:
                yield str(key)

    def is_word(self, text: str) -> bool:
        """Membership of any text: folded first; text that cannot be a word is simply not one."""
        try:
            return normalize_word(text) in self._words
        except InvalidWordError:
            return False

    def _record(self, word: str) -> Record:
        word_id = self._words.key_id(word)
        records = self._records
        offset = self._index[word_id // BLOCK]
        for _ in range(word_id % BLOCK):
            offset += 1 + records[offset]
        return decode_record(records, offset)

    def _key(self, key_id: int) -> str:
        if key_id < self._size:
            return str(self._words.restore_key(key_id))
        return str(self._lemmas.restore_key(key_id - self._size))

    def display(self, word: str) -> str | None:
        """The accented spelling shown to players (``ACAO`` → ``ação``), or None if no word."""
        folded = normalize_word(word)
        if folded not in self._words:
            return None
        accents = self._record(folded).accents
        letters = list(folded.lower())
        for pos, code in accents:
            letters[pos] = ACCENTED[code]
        return "".join(letters)

    def roots(self, word: str) -> tuple[str, ...]:
        """The dictionary words this word is a form of, most common first (empty if no word).

        Two words share a root when these tuples intersect: AMAR, AMARA and AMARAS all have
        AMAR; AMOR has only AMOR.
        """
        folded = normalize_word(word)
        if folded not in self._words:
            return ()
        roots = self._record(folded).roots
        if roots is None:
            return (folded,)
        return tuple(self._key(r) for r in roots)

    def root(self, word: str) -> str | None:
        """The most common of :meth:`roots`, or None for a word not in the lexicon."""
        found = self.roots(word)
        return found[0] if found else None

    def share_root(self, first: str, second: str) -> bool:
        """Whether two words are forms of one dictionary word (the chain rule's test)."""
        return not set(self.roots(first)).isdisjoint(self.roots(second))

    def bases(self, word: str) -> tuple[str, ...]:
        """The words this word is a plural, feminine or diminutive of: BOLAS → BOLA;
        LEOES → LEAO; GATINHAS → GATINHA, GATA, GATO.

        The word itself is not listed: a theme matches it directly.
        """
        folded = normalize_word(word)
        if folded not in self._words:
            return ()
        return tuple(self._key(b) for b in self._record(folded).bases)

    def verbs(self, word: str) -> tuple[str, ...]:
        """The infinitives whose conjugation holds this word, from the dictionary's verb
        paradigms: CHUTOU → CHUTAR; BOLAS → BOLAR; FOI → SER, IR (empty for none)."""
        folded = normalize_word(word)
        if folded not in self._words:
            return ()
        return tuple(self._key(v) for v in self._record(folded).verbs)

    @property
    def has_forms(self) -> bool:
        """Whether :meth:`forms` can answer (the forms index was loaded)."""
        return self._forms is not None

    def forms(self, base: str) -> tuple[str, ...]:
        """The words that count as ``base`` (the inverse of :meth:`bases` and :meth:`verbs`):
        BOLA → BOLAS, BOLINHA …; CHUTAR → CHUTO, CHUTOU … Needs the forms index
        (:attr:`has_forms`)."""
        if self._forms is None:
            raise LexiconFormatError("Este léxico foi carregado sem o índice de formas.")
        folded = normalize_word(base)
        if folded in self._words:
            key_id = self._words.key_id(folded)
        elif folded in self._lemmas:
            key_id = self._size + self._lemmas.key_id(folded)
        else:
            return ()
        restore = self._words.restore_key
        return tuple(str(restore(i)) for i in self._forms.word_ids(key_id))

    def info(self, word: str) -> WordInfo:
        """All of the above for one word; :class:`InvalidWordError` for text that is no word."""
        folded = normalize_word(word)
        if folded not in self._words:
            return WordInfo(folded, False, None, (), None, ())
        roots = self.roots(folded)
        return WordInfo(folded, True, self.display(folded), self.bases(folded), roots[0], roots,
                        self.verbs(folded))
