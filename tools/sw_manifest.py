"""The service worker's list of the app shell and its version: ``frontend/js/worker/files.js``.

``python -m tools.sw_manifest`` rewrites it; ``tests/unit/test_sw_manifest.py`` fails when it
is stale. The version is a hash of the files' names and content, so a deployment that changes
any of them names a new cache, and the browser, seeing the worker's module changed, installs
the whole new shell before it is used (docs/architecture.md). config.json is not in the shell:
it is made per deployment and always read from the network.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

SITE = Path(__file__).resolve().parents[1] / "frontend"
OUT = SITE / "js" / "worker" / "files.js"
#: what the page loads or may load, relative to the site's root (the worker's own files and the
#: icons' SVG sources are not pages' files)
PATTERNS = ("index.html", "manifest.webmanifest", "css/*.css", "js/**/*.js", "help/*.html",
            "icons/*.png")


def shell_files() -> list[str]:
    found = {path.relative_to(SITE).as_posix() for pattern in PATTERNS
             for path in SITE.glob(pattern) if path.is_file()}
    return sorted(f for f in found if not f.startswith("js/worker/"))


def version(files: list[str]) -> str:
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + (SITE / name).read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def module_text() -> str:
    files = shell_files()
    listed = "".join(f'  "{name}",\n' for name in files)
    return ("// @ts-check\n"
            "// Made by `python -m tools.sw_manifest`: do not edit. The app shell the service\n"
            "// worker caches, and a hash of its content that names the cache.\n\n"
            f'export const VERSION = "{version(files)}";\n\n'
            f"export const FILES = [\n{listed}];\n")


def main() -> None:
    OUT.write_text(module_text(), encoding="utf-8")
    sys.stdout.write(f"{OUT.relative_to(SITE.parent)}: {len(shell_files())} files\n")


if __name__ == "__main__":
    main()
