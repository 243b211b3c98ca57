"""The pinned dictionary source: VERO pt-BR as published in the npm package ``dictionary-pt``.

The tarball is fetched with the ordinary npm client, checked against the checksum below and
unpacked into a cache folder; nothing else is trusted.
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import tarfile
from dataclasses import dataclass
from pathlib import Path

PACKAGE = "dictionary-pt"
VERSION = "4.0.0"
TARBALL = f"{PACKAGE}-{VERSION}.tgz"
TARBALL_SHA256 = "644a05af5c6d2c16eea1093c7ac4c14b45637170cf5b3dd1c07ae0f13256b54d"
MEMBERS = {"package/index.aff": "index.aff", "package/index.dic": "index.dic",
           "package/license": "license"}


@dataclass(frozen=True)
class Source:
    aff: Path
    dic: Path
    license: Path
    sha256: str


class SourceError(RuntimeError):
    """The dictionary could not be fetched or did not match its pinned checksum."""


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def fetch(cache: Path) -> Source:
    """Return the unpacked, verified dictionary, fetching it into ``cache`` if needed."""
    cache.mkdir(parents=True, exist_ok=True)
    tarball = cache / TARBALL
    if not tarball.exists():
        npm = shutil.which("npm")
        if npm is None:
            raise SourceError("npm is needed to fetch the dictionary source; install Node.js")
        result = subprocess.run(
            [npm, "pack", f"{PACKAGE}@{VERSION}", "--pack-destination", str(cache), "--silent"],
            capture_output=True, text=True, check=False,
        )
        if result.returncode != 0 or not tarball.exists():
            raise SourceError(f"npm pack {PACKAGE}@{VERSION} failed: {result.stderr.strip()}")
    actual = sha256_file(tarball)
    if actual != TARBALL_SHA256:
        tarball.unlink()
        raise SourceError(
            f"{TARBALL} has sha256 {actual}, expected {TARBALL_SHA256}; the file was removed"
        )
    target = cache / f"{PACKAGE}-{VERSION}"
    target.mkdir(exist_ok=True)
    with tarfile.open(tarball, "r:gz") as archive:
        for member, name in MEMBERS.items():
            extracted = archive.extractfile(member)
            if extracted is None:
                raise SourceError(f"{TARBALL} lacks {member}")
            (target / name).write_bytes(extracted.read())
    return Source(target / "index.aff", target / "index.dic", target / "license", actual)
