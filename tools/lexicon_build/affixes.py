"""A reader for the subset of Hunspell's .aff/.dic format that VERO uses.

We expand the dictionary ourselves instead of calling Debian's ``unmunch``: that tool reads the
single-character UTF-8 flags of VERO (``FLAG UTF-8``) as bytes and emits tens of millions of
bogus forms. Only what the expansion needs is parsed: prefix and suffix rules, their conditions,
cross-product permission, and the FORBIDDENWORD / NOSUGGEST / WARN flags.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class AffixRule:
    """One line ``SFX/PFX flag strip add condition`` of an affix class."""

    kind: str  # "SFX" or "PFX"
    flag: str
    strip: str
    add: str
    condition: str
    pattern: re.Pattern[str] = field(compare=False, hash=False, repr=False)

    def applies(self, stem: str) -> bool:
        """Whether the rule's condition and strip match ``stem``."""
        if self.strip and not (
            stem.endswith(self.strip) if self.kind == "SFX" else stem.startswith(self.strip)
        ):
            return False
        return self.pattern.search(stem) is not None

    def apply(self, stem: str) -> str:
        """The form the rule makes of ``stem`` (the caller checked :meth:`applies`)."""
        if self.kind == "SFX":
            base = stem[: len(stem) - len(self.strip)] if self.strip else stem
            return base + self.add
        base = stem[len(self.strip) :] if self.strip else stem
        return self.add + base


@dataclass(frozen=True)
class AffixClass:
    kind: str
    flag: str
    cross_product: bool
    rules: tuple[AffixRule, ...]


@dataclass(frozen=True)
class AffixFile:
    prefixes: dict[str, AffixClass]
    suffixes: dict[str, AffixClass]
    forbidden_flag: str | None
    nosuggest_flag: str | None
    warn_flag: str | None


@dataclass(frozen=True)
class DicEntry:
    word: str
    flags: str


def _condition_pattern(kind: str, condition: str) -> re.Pattern[str]:
    # Hunspell conditions are a tiny regex language: literal characters, '.', and [..]/[^..]
    # classes. Python's regex reads them the same way once anchored at the right end.
    cond = "." if condition in ("", ".") else condition
    if cond == ".":
        return re.compile("")
    return re.compile(cond + "$" if kind == "SFX" else "^" + cond)


def _strip_field(value: str) -> str:
    return "" if value == "0" else value


def parse_aff(path: Path) -> AffixFile:
    """Parse the affix classes of an .aff file (UTF-8, one-character flags)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    classes: dict[tuple[str, str], tuple[bool, list[AffixRule]]] = {}
    forbidden = nosuggest = warn = None
    for raw in lines:
        parts = raw.split()
        if not parts or parts[0].startswith("#"):
            continue
        head = parts[0]
        if head == "FLAG" and parts[1] != "UTF-8":
            raise ValueError(f"unsupported FLAG type {parts[1]!r}: this reader handles UTF-8")
        if head == "FORBIDDENWORD":
            forbidden = parts[1]
        elif head == "NOSUGGEST":
            nosuggest = parts[1]
        elif head == "WARN":
            warn = parts[1]
        elif head in ("SFX", "PFX"):
            flag = parts[1]
            key = (head, flag)
            if key not in classes:
                # Header line: SFX flag Y|N count
                classes[key] = (parts[2] == "Y", [])
                continue
            strip = _strip_field(parts[2])
            add_field = _strip_field(parts[3])
            add = add_field.split("/", 1)[0]
            condition = parts[4] if len(parts) > 4 else "."
            rule = AffixRule(
                head, flag, strip, add, condition, _condition_pattern(head, condition)
            )
            classes[key][1].append(rule)
    prefixes: dict[str, AffixClass] = {}
    suffixes: dict[str, AffixClass] = {}
    for (kind, flag), (cross, rules) in classes.items():
        target = prefixes if kind == "PFX" else suffixes
        target[flag] = AffixClass(kind, flag, cross, tuple(rules))
    return AffixFile(prefixes, suffixes, forbidden, nosuggest, warn)


def parse_dic(path: Path) -> list[DicEntry]:
    """Parse the word list: the first line is a count, then ``word[/flags]`` per line."""
    entries: list[DicEntry] = []
    with path.open(encoding="utf-8") as handle:
        first = handle.readline()
        if not first.strip().isdigit():
            raise ValueError(f"{path}: the first line must be the entry count")
        for raw in handle:
            if not raw.strip():
                continue
            # Morphological fields would follow a tab; VERO has none, but stay robust.
            text = raw.split("\t", 1)[0].strip()
            word, _, flags = text.partition("/")
            entries.append(DicEntry(word, flags))
    return entries
