"""Themes: a word list in three layers, its reviewed forms, and the band a word lands in.

A theme file (``themes/<id>.json``) holds an id, a Portuguese name and one-line description,
three layers of base words (``core`` → Escaldante, ``related`` → Quente, ``distant`` → Morno),
the reviewed forms of its base words (``forms``: base → accepted / rejected forms) and its
curation record. A played word's band is the best band among the word itself, the bases the
theme's reviewed forms give it, and the bases the lexicon gives it, less any pairing the
theme's reviewer rejected. The same word in the same theme always lands in the same band.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from engine.errors import RuleError
from engine.lexicon import Lexicon, fold
from engine.rules import Band

#: Where the game's themes live (``themes/`` at the top of the repository or package).
DEFAULT_DIR = Path(__file__).resolve().parent.parent / "themes"

LAYERS: Mapping[str, Band] = {
    "core": Band.ESCALDANTE,
    "related": Band.QUENTE,
    "distant": Band.MORNO,
}
_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
_STATUSES = ("draft", "reviewed")
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


class ThemeError(RuleError):
    code = "theme.invalid"


class UnknownThemeError(RuleError):
    code = "theme.unknown"


@dataclass(frozen=True)
class Theme:
    id: str
    name: str
    description: str
    bands: Mapping[str, Band]  # folded base word → band
    accepted: Mapping[str, tuple[str, ...]]  # folded form → folded bases
    rejected: Mapping[str, frozenset[str]]  # folded form → bases it must not count as
    curation: Mapping[str, object] = field(default_factory=dict)
    #: derived data kept with the theme (its words per lexicon), never compared or shown
    cache: dict[object, object] = field(default_factory=dict, compare=False, repr=False)

    @property
    def reviewed(self) -> bool:
        return self.curation.get("status") == "reviewed"

    def counts_as(self, word: str, lexicon: Lexicon) -> tuple[str, ...]:
        """The one "counts as" relation of this theme: the folded word itself, then the bases
        its reviewed forms give it, then the lexicon's, less any pairing the reviewer rejected.
        The band looks its layers up through it, and the chain's same-root rule compares it,
        so a word never scores as a form of a base without sharing that base as a root, and
        never renews a chain that holds its base (ZEBRA then ZEBRAS)."""
        refused = self.rejected.get(word, frozenset())
        found = dict.fromkeys((word, *self.accepted.get(word, ()), *lexicon.bases(word)))
        return tuple(base for base in found if base == word or base not in refused)

    def band_of(self, word: str, lexicon: Lexicon) -> tuple[Band, str | None]:
        """The band of a folded word and the theme entry it matched (None for Frio)."""
        best, matched = Band.FRIO, None
        for base in self.counts_as(word, lexicon):
            band = self.bands.get(base)
            if band is not None and band > best:
                best, matched = band, base
        return best, matched

    def words(self, lexicon: Lexicon) -> frozenset[str] | None:
        """Every folded word whose band in this theme is above Frio, or None when the lexicon
        was loaded without its forms index (then they cannot be listed without a full scan).

        A word lands above Frio through a base of the layers: itself, a reviewed form of it,
        or a word the lexicon counts as it; those are exactly the candidates listed here, each
        then checked with :meth:`band_of` so that rejected pairings stay out.
        """
        if not lexicon.has_forms:
            return None
        key = ("words", id(lexicon))
        found = self.cache.get(key)
        if found is None:
            forms_of: dict[str, list[str]] = {}
            for form, bases in self.accepted.items():
                for base in bases:
                    forms_of.setdefault(base, []).append(form)
            candidates: set[str] = set()
            for base in self.bands:
                candidates.add(base)
                candidates.update(forms_of.get(base, ()))
                candidates.update(lexicon.forms(base))
            found = frozenset(w for w in candidates
                              if w in lexicon and self.band_of(w, lexicon)[0] > Band.FRIO)
            self.cache[key] = (lexicon, found)  # the lexicon is kept so its id stays unique
            return found
        assert isinstance(found, tuple)
        words = found[1]
        assert isinstance(words, frozenset)
        return words

    def public(self) -> dict[str, str]:
        return {"id": self.id, "name": self.name, "description": self.description}


def _words(value: object, where: str, problems: list[str]) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(w, str) for w in value):
        problems.append(f"{where}: deve ser uma lista de palavras")
        return []
    return list(value)


def _check_word(word: str, where: str, lexicon: Lexicon, problems: list[str]) -> str | None:
    folded = fold(word.strip())
    if not folded.isalpha() or not folded.isascii() or word != word.strip():
        problems.append(f"{where}: “{word}” não é uma palavra de letras")
        return None
    if folded not in lexicon:
        problems.append(f"{where}: “{word}” não está no dicionário")
        return None
    return folded


def _check_curation(value: object, problems: list[str]) -> dict[str, object]:
    if not isinstance(value, dict):
        problems.append("curation: deve ser um objeto")
        return {}
    status = value.get("status")
    if status not in _STATUSES:
        problems.append(f"curation.status: use {' ou '.join(_STATUSES)}")
    if not isinstance(value.get("curated_by"), str) or not value.get("curated_by"):
        problems.append("curation.curated_by: diga quem preparou a lista")
    reviewer, date = value.get("reviewed_by"), value.get("reviewed_on")
    if status == "reviewed":
        if not isinstance(reviewer, str) or not reviewer:
            problems.append("curation.reviewed_by: um tema revisado precisa do revisor")
        if not isinstance(date, str) or not _DATE.match(date):
            problems.append("curation.reviewed_on: um tema revisado precisa da data (AAAA-MM-DD)")
    elif reviewer is not None or date is not None:
        problems.append("curation: revisor e data só num tema revisado")
    return dict(value)


def _parse_forms(
    forms: object, bands: Mapping[str, Band], lexicon: Lexicon, problems: list[str]
) -> tuple[dict[str, list[str]], dict[str, set[str]]]:
    """The reviewed forms: which played forms count (or must not count) as which base."""
    accepted: dict[str, list[str]] = {}
    rejected: dict[str, set[str]] = {}
    if not isinstance(forms, dict):
        problems.append("forms: deve ser um objeto")
        return accepted, rejected
    for base, entry in forms.items():
        base_folded = fold(base)
        if base_folded not in bands:
            problems.append(f"forms.{base}: não é uma palavra das camadas")
            continue
        if not isinstance(entry, dict) or set(entry) - {"accepted", "rejected"}:
            problems.append(f"forms.{base}: use accepted e rejected")
            continue
        for form in _words(entry.get("accepted", []), f"forms.{base}.accepted", problems):
            folded = _check_word(form, f"forms.{base}.accepted", lexicon, problems)
            if folded is not None:
                accepted.setdefault(folded, []).append(base_folded)
        for form in _words(entry.get("rejected", []), f"forms.{base}.rejected", problems):
            folded = _check_word(form, f"forms.{base}.rejected", lexicon, problems)
            if folded is not None:
                rejected.setdefault(folded, set()).add(base_folded)
    return accepted, rejected


def parse_theme(data: object, lexicon: Lexicon, *, source: str = "tema") -> Theme:
    """Validate a theme's JSON data; every problem is reported at once in one error."""
    problems: list[str] = []
    if not isinstance(data, dict):
        raise ThemeError(f"{source}: o tema deve ser um objeto JSON")
    theme_id = data.get("id")
    if not isinstance(theme_id, str) or not _ID.match(theme_id):
        problems.append("id: use letras minúsculas, algarismos e hífens")
        theme_id = ""
    name, description = data.get("name"), data.get("description")
    if not isinstance(name, str) or not name.strip():
        problems.append("name: o tema precisa de um nome")
    if not isinstance(description, str) or not description.strip() or len(description) > 120:
        problems.append("description: uma linha de até 120 caracteres")
    layers = data.get("layers")
    bands: dict[str, Band] = {}
    if not isinstance(layers, dict) or set(layers) != set(LAYERS):
        problems.append("layers: precisa de core, related e distant")
        layers = {}
    for layer, band in LAYERS.items():
        words = _words(layers.get(layer, []), f"layers.{layer}", problems)
        if layer in layers and not words:
            problems.append(f"layers.{layer}: a camada está vazia")
        for word in words:
            folded = _check_word(word, f"layers.{layer}", lexicon, problems)
            if folded is None:
                continue
            if folded in bands:
                problems.append(f"layers.{layer}: “{word}” repete uma palavra do tema")
                continue
            bands[folded] = band
    accepted, rejected = _parse_forms(data.get("forms", {}), bands, lexicon, problems)
    curation = _check_curation(data.get("curation"), problems)
    if problems:
        raise ThemeError(f"{source}: " + "; ".join(problems))
    assert isinstance(name, str) and isinstance(description, str)
    return Theme(
        id=theme_id,
        name=name.strip(),
        description=description.strip(),
        bands=bands,
        accepted={k: tuple(v) for k, v in accepted.items()},
        rejected={k: frozenset(v) for k, v in rejected.items()},
        curation=curation,
    )


class ThemeCatalog:
    """The themes a match can draw, by id."""

    def __init__(self, themes: Iterable[Theme], *, reviewed_only: bool = False) -> None:
        self._themes = {t.id: t for t in themes}
        self.reviewed_only = reviewed_only

    def drawable(self) -> list[str]:
        """The themes a draw may pick (a match's theme, a Ladrão de Tema's options, a Tema
        Pessoal): every valid theme, or only the reviewed ones if so configured. A match keeps
        its theme either way."""
        return self.ids(reviewed_only=self.reviewed_only)

    @classmethod
    def load(cls, directory: Path, lexicon: Lexicon, *,
             reviewed_only: bool = False) -> ThemeCatalog:
        """Load every ``*.json`` theme of a folder; any invalid file raises :class:`ThemeError`."""
        themes = []
        for path in sorted(directory.glob("*.json")):
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
                raise ThemeError(f"{path.name}: não é um JSON legível ({exc})") from exc
            theme = parse_theme(data, lexicon, source=path.name)
            if theme.id != path.stem:
                raise ThemeError(f"{path.name}: o id “{theme.id}” difere do nome do arquivo")
            themes.append(theme)
        return cls(themes, reviewed_only=reviewed_only)

    def __contains__(self, theme_id: object) -> bool:
        return theme_id in self._themes

    def __len__(self) -> int:
        return len(self._themes)

    def ids(self, *, reviewed_only: bool = False) -> list[str]:
        return sorted(t.id for t in self._themes.values() if t.reviewed or not reviewed_only)

    def get(self, theme_id: str) -> Theme:
        try:
            return self._themes[theme_id]
        except KeyError:
            raise UnknownThemeError(
                f"O tema “{theme_id}” não existe.", code="theme.unknown"
            ) from None
