"""Themes: a word list in three layers, its reviewed forms, and the band a word lands in.

A theme file (``themes/<id>.json``) holds an id, a Portuguese name and one-line description,
three layers of base words (``core`` → Escaldante, ``related`` → Quente, ``distant`` → Morno),
the forms of its base words (``forms``: base → the ``accepted`` forms that count as it, the
``rejected`` ones that do not, and under ``machine`` the decisions a tool made that no editor
has confirmed yet, each with the tool's reason), the editor's decisions on its look-alikes
(``lookalikes``: a word that scores here but that players mostly write meaning something else
either keeps its band, ``mantém``, or never takes one, ``fora``) and its curation record
(``draft``, ``edited`` or ``reviewed``). A played word's band is the best band among the word
itself, the bases its accepted forms give it and the theme's verbs it conjugates (CHUTOU:
CHUTAR, from the dictionary's verb paradigms): for nouns the theme's table is the whole
"counts as" relation, so their band never depends on what the dictionary happens to relate
(FRUTA is not FRUTO). The same word in the same theme always lands in the same band.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from engine.errors import RuleError
from engine.lexicon import Lexicon, fold
from engine.rules import Band

#: Where the game's themes live (``themes/`` at the top of the repository or package).
DEFAULT_DIR = Path(__file__).resolve().parent.parent / "themes"
#: written beside the themes by the Lambda build (write_index), never kept in the repository
INDEX_FILE = "index.json"
#: The words that never take a theme band, whatever a list says (``docs/themes.md``).
SENSITIVE_FILE = "sensitive.txt"

LAYERS: Mapping[str, Band] = {
    "core": Band.ESCALDANTE,
    "related": Band.QUENTE,
    "distant": Band.MORNO,
}
_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
_STATUSES = ("draft", "edited", "reviewed")
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
#: an editor's decisions on a look-alike (``docs/themes.md``): it keeps its band, or it is out
LOOKALIKE_DECISIONS = ("mantém", "fora")


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
    #: how many form decisions are still the machine's (no editor has confirmed them)
    machine_decisions: int = 0
    #: folded words that never take a band here (the library's sensitive words and the
    #: look-alikes an editor decided ``fora``)
    blocked: frozenset[str] = frozenset()
    #: folded layer verbs meant as nouns here, whose conjugations do not count (DEVER in
    #: Escola is the homework: DEVE, DEVEM are not it)
    nouns_only: frozenset[str] = frozenset()
    curation: Mapping[str, object] = field(default_factory=dict)
    #: derived data kept with the theme (its words per lexicon), never compared or shown
    cache: dict[object, object] = field(default_factory=dict, compare=False, repr=False)

    @property
    def reviewed(self) -> bool:
        return self.curation.get("status") == "reviewed"

    def counts_as(self, word: str, lexicon: Lexicon) -> tuple[str, ...]:
        """The one "counts as" relation of this theme: the folded word itself, the bases its
        accepted forms give it, and the theme's verbs it is a conjugated form of (CHUTOU
        counts as CHUTAR where CHUTAR is a layer word), unless the theme rejects that form
        for that verb. The band looks its layers up through it, and the chain's same-root
        rule compares it, so a word never scores as a form of a base without sharing that
        base as a root, and never renews a chain that holds its base (ZEBRA then ZEBRAS,
        AMAR then AMARA). Nouns come from the theme's table only (FRUTA is not FRUTO); verbs
        from the dictionary's paradigms, and only the theme's own verbs, so MATA and MATO
        never meet at MATAR in a theme that does not hold MATAR."""
        rejected = self.rejected.get(word, frozenset())
        verbs = (v for v in lexicon.verbs(word)
                 if v in self.bands and v not in rejected and v not in self.nouns_only)
        return tuple(dict.fromkeys((word, *self.accepted.get(word, ()), *verbs)))

    def band_of(self, word: str, lexicon: Lexicon) -> tuple[Band, str | None]:
        """The band of a folded word and the theme entry it matched (None for Frio)."""
        best, matched = Band.FRIO, None
        if word in self.blocked:
            return best, matched
        for base in self.counts_as(word, lexicon):
            band = self.bands.get(base)
            if band is not None and band > best:
                best, matched = band, base
        return best, matched

    def words(self, lexicon: Lexicon) -> frozenset[str] | None:
        """Every folded word whose band in this theme is above Frio: the layers' words, their
        accepted forms and the conjugations of its verbs (the dictionary has them all: the
        theme was validated with it). A bot's search reads this set to tell theme words
        apart before it finds them."""
        key = ("words", id(lexicon))
        kept = self.cache.get(key)
        if kept is None:
            conjugations = (w for verb in self.bands if lexicon.has_forms
                            for w in lexicon.forms(verb))
            found = frozenset(w for w in (*self.bands, *self.accepted, *conjugations)
                              if w in lexicon and self.band_of(w, lexicon)[0] > Band.FRIO)
            kept = self.cache[key] = (lexicon, found)  # the lexicon is kept so its id stays unique
        assert isinstance(kept, tuple) and isinstance(kept[1], frozenset)
        return kept[1]

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


def _check_curation(value: object, problems: list[str], machine: int) -> dict[str, object]:
    if not isinstance(value, dict):
        problems.append("curation: deve ser um objeto")
        return {}
    status = value.get("status")
    if status not in _STATUSES:
        problems.append(f"curation.status: use {', '.join(_STATUSES)}")
    if not isinstance(value.get("curated_by"), str) or not value.get("curated_by"):
        problems.append("curation.curated_by: diga quem preparou a lista")
    if status in ("edited", "reviewed"):
        edited = value.get("edited_on")
        if not isinstance(edited, str) or not _DATE.match(edited):
            problems.append("curation.edited_on: um tema editado precisa da data (AAAA-MM-DD)")
        checks = value.get("checks")
        if not isinstance(checks, list) or not checks or \
                not all(isinstance(c, str) and c for c in checks):
            problems.append("curation.checks: diga que verificações o tema passou")
        if machine:
            problems.append(f"curation.status: {machine} decisões de formas ainda são da "
                            "máquina; um editor precisa decidi-las antes")
    reviewer, date = value.get("reviewed_by"), value.get("reviewed_on")
    if status == "reviewed":
        if not isinstance(reviewer, str) or not reviewer:
            problems.append("curation.reviewed_by: um tema revisado precisa do revisor")
        if not isinstance(date, str) or not _DATE.match(date):
            problems.append("curation.reviewed_on: um tema revisado precisa da data (AAAA-MM-DD)")
    elif reviewer is not None or date is not None:
        problems.append("curation: revisor e data só num tema revisado")
    return dict(value)


def _parse_entry(base: str, entry: dict[str, object], lexicon: Lexicon, problems: list[str],
                 accepted: dict[str, list[str]], rejected: dict[str, set[str]]) -> int:
    """One base word's forms; returns how many of its decisions are still the machine's."""
    base_folded = fold(base)
    decided: set[str] = set()
    for key in ("accepted", "rejected"):
        for form in _words(entry.get(key, []), f"forms.{base}.{key}", problems):
            folded = _check_word(form, f"forms.{base}.{key}", lexicon, problems)
            if folded is None:
                continue
            if form in decided:
                problems.append(f"forms.{base}: “{form}” aceita e rejeitada")
            decided.add(form)
            if key == "accepted":
                accepted.setdefault(folded, []).append(base_folded)
            else:
                rejected.setdefault(folded, set()).add(base_folded)
    reasons = entry.get("machine", {})
    if not isinstance(reasons, dict) or not all(
            isinstance(r, str) and r for r in reasons.values()):
        problems.append(f"forms.{base}.machine: forma → razão da máquina")
        return 0
    for form in reasons:
        if form not in decided:
            problems.append(f"forms.{base}.machine: “{form}” não está em accepted nem em "
                            "rejected")
    return len(reasons)


@dataclass
class _FormsTable:
    accepted: dict[str, list[str]] = field(default_factory=dict)
    rejected: dict[str, set[str]] = field(default_factory=dict)
    machine: int = 0  # decisions still the machine's
    nouns_only: set[str] = field(default_factory=set)  # bases whose conjugations don't count


def _parse_forms(forms: object, bands: Mapping[str, Band], lexicon: Lexicon,
                 problems: list[str]) -> _FormsTable:
    """The forms table: which played forms count (or must not count) as which base, how
    many of those decisions are still the machine's, and which layer verbs are nouns here
    (``"conjugations": false``: DEVER in Escola is the homework)."""
    table = _FormsTable()
    if not isinstance(forms, dict):
        problems.append("forms: deve ser um objeto")
        return table
    keys = {"accepted", "rejected", "machine", "conjugations"}
    for base, entry in forms.items():
        if fold(base) not in bands:
            problems.append(f"forms.{base}: não é uma palavra das camadas")
        elif not isinstance(entry, dict) or set(entry) - keys:
            problems.append(f"forms.{base}: use accepted, rejected, machine e conjugations")
        elif entry.get("conjugations", True) not in (True, False):
            problems.append(f"forms.{base}.conjugations: use true ou false")
        else:
            if entry.get("conjugations") is False:
                table.nouns_only.add(fold(base))
            table.machine += _parse_entry(base, entry, lexicon, problems, table.accepted,
                                          table.rejected)
    return table


def _parse_lookalikes(value: object, problems: list[str],
                      scores: Callable[[str], bool]) -> frozenset[str]:
    """The editor's decisions on the theme's look-alikes (word → decision, by, why): a word
    that takes a band here but that a player mostly writes meaning something else. Returns the
    folded words decided ``fora``: like the sensitive words, they never take a band here. A
    decision must name who made it and why, and concern a word that takes a band at all."""
    out: set[str] = set()
    if not isinstance(value, dict):
        problems.append("lookalikes: palavra → {decision, by, why}")
        return frozenset()
    for word, entry in value.items():
        where, folded = f"lookalikes.{word}", fold(str(word).strip())
        if not isinstance(entry, dict) or set(entry) - {"decision", "by", "why"}:
            problems.append(f"{where}: use decision, by e why")
            continue
        decision = entry.get("decision")
        if decision not in LOOKALIKE_DECISIONS:
            problems.append(f"{where}.decision: use {' ou '.join(LOOKALIKE_DECISIONS)}")
        for key, what in (("by", "quem decidiu"), ("why", "por quê, numa linha")):
            text = entry.get(key)
            if not isinstance(text, str) or not text.strip() or "\n" in text:
                problems.append(f"{where}.{key}: diga {what}")
        if not scores(folded):
            problems.append(f"{where}: “{word}” não ganha faixa neste tema; não há o que "
                            "decidir")
        elif decision == "fora":
            out.add(folded)
    return frozenset(out)


def read_word_list(text: str) -> frozenset[str]:
    """A word list file: one written word per line, ``#`` starts a comment; folded."""
    return frozenset(fold(word) for line in text.splitlines()
                     if (word := line.split("#", 1)[0].strip()))


def sensitive_words(directory: Path = DEFAULT_DIR) -> frozenset[str]:
    """The library's sensitive words (folded), or none if it has no list."""
    path = directory / SENSITIVE_FILE
    return read_word_list(path.read_text(encoding="utf-8")) if path.exists() else frozenset()


def parse_theme(data: object, lexicon: Lexicon, *, source: str = "tema",
                blocked: frozenset[str] = frozenset()) -> Theme:
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
    table = _parse_forms(data.get("forms", {}), bands, lexicon, problems)
    accepted, rejected, machine = table.accepted, table.rejected, table.machine
    notes = data.get("notes", {})
    if not isinstance(notes, dict) or not all(
            isinstance(k, str) and isinstance(v, str) and v for k, v in notes.items()):
        problems.append("notes: palavra → nota do editor")
    scoring_verbs = {b for b in bands if b not in table.nouns_only}
    left_out = _parse_lookalikes(
        data.get("lookalikes", {}), problems,
        lambda w: w in bands or w in accepted or not scoring_verbs.isdisjoint(lexicon.verbs(w)))
    curation = _check_curation(data.get("curation"), problems, machine)
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
        machine_decisions=machine,
        blocked=blocked | left_out,
        nouns_only=frozenset(table.nouns_only),
        curation=curation,
    )


class ThemeCatalog:
    """The themes a match can draw, by id.

    Built from parsed themes (the tools and the tests), or from a folder. A folder with an
    ``index.json`` (what the Lambda build writes after validating every theme, see
    :func:`write_index`) is read lazily: the index gives the ids and which are reviewed, and a
    theme's file is parsed the first time a match asks for it, so a cold start parses one
    theme instead of all of them.
    """

    def __init__(self, themes: Iterable[Theme] = (), *, reviewed_only: bool = False,
                 index: Mapping[str, bool] | None = None,
                 load_one: Callable[[str], Theme] | None = None) -> None:
        self._loaded = {t.id: t for t in themes}
        self._reviewed = {t.id: t.reviewed for t in self._loaded.values()}
        self._reviewed.update(index or {})
        self._load_one = load_one
        self.reviewed_only = reviewed_only

    def drawable(self) -> list[str]:
        """The themes a draw may pick (a match's theme, a Ladrão de Tema's options, a Tema
        Pessoal): every valid theme, or only the reviewed ones if so configured. A match keeps
        its theme either way."""
        return self.ids(reviewed_only=self.reviewed_only)

    @classmethod
    def load(cls, directory: Path, lexicon: Lexicon, *,
             reviewed_only: bool = False) -> ThemeCatalog:
        """Every ``*.json`` theme of a folder (lazily when the folder has a built index); any
        invalid file raises :class:`ThemeError`."""
        index_path = directory / INDEX_FILE
        if index_path.exists():
            index = json.loads(index_path.read_text(encoding="utf-8"))["themes"]
            blocked = functools.cache(lambda: sensitive_words(directory))
            return cls(index={str(k): bool(v) for k, v in index.items()},
                       load_one=lambda theme_id: _read_theme(directory / f"{theme_id}.json",
                                                            lexicon, blocked()),
                       reviewed_only=reviewed_only)
        blocked_now = sensitive_words(directory)
        return cls([_read_theme(path, lexicon, blocked_now)
                    for path in sorted(directory.glob("*.json")) if path.name != INDEX_FILE],
                   reviewed_only=reviewed_only)

    def __contains__(self, theme_id: object) -> bool:
        return theme_id in self._reviewed

    def __len__(self) -> int:
        return len(self._reviewed)

    def ids(self, *, reviewed_only: bool = False) -> list[str]:
        return sorted(t for t, reviewed in self._reviewed.items() if reviewed or not reviewed_only)

    def get(self, theme_id: str) -> Theme:
        found = self._loaded.get(theme_id)
        if found is None and theme_id in self._reviewed and self._load_one is not None:
            found = self._loaded[theme_id] = self._load_one(theme_id)
        if found is None:
            raise UnknownThemeError(f"O tema “{theme_id}” não existe.", code="theme.unknown")
        return found


def _read_theme(path: Path, lexicon: Lexicon, blocked: frozenset[str]) -> Theme:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ThemeError(f"{path.name}: não é um JSON legível ({exc})") from exc
    theme = parse_theme(data, lexicon, source=path.name, blocked=blocked)
    if theme.id != path.stem:
        raise ThemeError(f"{path.name}: o id “{theme.id}” difere do nome do arquivo")
    return theme


def write_index(directory: Path, lexicon: Lexicon) -> Path:
    """Validate every theme of a folder (raising on the first invalid one) and write the index
    a lazy :meth:`ThemeCatalog.load` reads: each theme's id and whether it is reviewed."""
    catalog = ThemeCatalog.load(directory, lexicon)
    index = {t: catalog.get(t).reviewed for t in catalog.ids()}
    path = directory / INDEX_FILE
    path.write_text(json.dumps({"themes": index}, ensure_ascii=False, sort_keys=True) + "\n",
                    encoding="utf-8")
    return path


@functools.cache
def theme_name(theme_id: str, directory: Path = DEFAULT_DIR) -> str:
    """A theme's display name read from its file alone, without the lexicon a full parse
    needs (what a page says about a match before anything of the game is loaded). The files
    are validated when the catalog loads them, and by the Lambda build (:func:`write_index`)."""
    path = directory / f"{theme_id}.json"
    if not _ID.match(theme_id) or not path.is_file():
        raise UnknownThemeError(f"O tema “{theme_id}” não existe.", code="theme.unknown")
    name = json.loads(path.read_text(encoding="utf-8")).get("name")
    if not isinstance(name, str) or not name.strip():
        raise ThemeError(f"{path.name}: o tema precisa de um nome")
    return name.strip()
