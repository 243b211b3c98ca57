"""The service worker's shell list and version (frontend/js/worker/files.js) are made from the
site's files: a stale list would keep players on an old cache after a deployment."""

from __future__ import annotations

import json

from tools.sw_manifest import OUT, SITE, module_text, shell_files


def test_the_committed_shell_list_matches_the_site() -> None:
    assert OUT.exists(), "run python -m tools.sw_manifest (js/worker/files.js missing)"
    assert OUT.read_text(encoding="utf-8") == module_text(), \
        "frontend/js/worker/files.js is stale: run python -m tools.sw_manifest"


def test_the_shell_is_the_page_and_never_its_state() -> None:
    files = shell_files()
    assert {"index.html", "js/app.js", "css/app.css", "manifest.webmanifest",
            "icons/icon-192.png", "help/regras.html"} <= set(files)
    assert "config.json" not in files and "sw.js" not in files
    assert not any(f.endswith((".md", ".d.ts", ".json", ".svg")) for f in files)


def test_the_manifest_names_icons_that_exist() -> None:
    manifest = json.loads((SITE / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["lang"] == "pt-BR" and manifest["display"] == "standalone"
    purposes = {(i["sizes"], i["purpose"]) for i in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= purposes
    assert all((SITE / i["src"]).is_file() for i in manifest["icons"])
