"""The site's icons: a Vanlexis letter tile (a cream "V" worth 4, as on the lobby's tiles) on
the brand colour, written as SVG and rendered to the PNGs the web app manifest and iOS ask for.

``python -m tools.icons`` rewrites ``frontend/icons/``. The shapes are paths, not text, so the
picture does not depend on the fonts a machine has; the PNGs are drawn by the Chromium the
browser tests use (``tests/browser/conftest.py``), through Playwright.
"""

from __future__ import annotations

import shutil
from pathlib import Path

ICONS = Path(__file__).resolve().parents[1] / "frontend" / "icons"
BRAND = "#b4441c"
#: the lobby's tile colours (frontend/css/lobby.css, ``--lx-tile-*``)
TOP, BOTTOM, EDGE, INK = "#f8e7bb", "#ecd08c", "#c49a4e", "#2b2113"
SVG = "http://www.w3.org/2000/svg"
#: in the tile's 100-unit square: a heavy "V", and its value, 4, small in the corner (a "4"
#: with its counter cut out)
LETTER = "M20 20H38L50 60L62 20H80L59 80H41Z"
POINTS = "M85 65H90V79H93V83H90V90H85V83H75V79ZM85 71L79 79H85Z"

#: name -> (tile side in a 512 square, background corner radius, PNG sizes). A maskable icon
#: may be cut to a circle of 80% of its side, so its tile (diagonal and all) stays inside that;
#: iOS rounds its own corners, so its icon is a full square.
VARIANTS = {
    "icon": (330, 112, (192, 512)),
    "icon-maskable": (252, 0, (512,)),
    "apple-touch-icon": (330, 0, (180,)),
}


def svg(tile: float, radius: float) -> str:
    """One icon in a 512×512 view box; the tile is drawn in a 100-unit square, then scaled."""
    scale = tile / 100
    at = (512 - tile) / 2 - 2 * scale  # a little up: the tile's edge shows below it
    return f"""<svg xmlns="{SVG}" viewBox="0 0 512 512" width="512" height="512">
  <defs>
    <linearGradient id="face" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="{TOP}"/><stop offset="1" stop-color="{BOTTOM}"/>
    </linearGradient>
  </defs>
  <rect width="512" height="512" rx="{radius}" fill="{BRAND}"/>
  <g transform="translate({at:.2f} {at:.2f}) scale({scale:.4f})">
    <rect y="5" width="100" height="100" rx="15" fill="{EDGE}"/>
    <rect width="100" height="100" rx="15" fill="url(#face)"/>
    <path fill="{INK}" d="{LETTER}"/>
    <path fill="{INK}" fill-rule="evenodd" d="{POINTS}"/>
  </g>
</svg>
"""


def badge() -> str:
    """The small monochrome mark Android shows in the status bar: only its shape counts (the
    system paints it), so it is the tile's "V" alone, white on nothing."""
    return f"""<svg xmlns="{SVG}" viewBox="15 15 70 70" width="96" height="96">
  <path fill="#fff" d="{LETTER}"/>
</svg>
"""


def render(svg_text: str, size: int, target: Path) -> None:
    """Draw ``svg_text`` at ``size`` pixels square into the PNG ``target`` (transparent where
    the SVG draws nothing)."""
    from playwright.sync_api import sync_playwright

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, headless=True,
                                             args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page(viewport={"width": size, "height": size})
        page.set_content(f"<style>html,body{{margin:0;background:transparent}}"
                         f"svg{{display:block;width:{size}px;height:{size}px}}</style>{svg_text}")
        page.screenshot(path=str(target), omit_background=True)
        browser.close()


def main() -> None:
    ICONS.mkdir(parents=True, exist_ok=True)
    for name, (tile, radius, sizes) in VARIANTS.items():
        text = svg(tile, radius)
        (ICONS / f"{name}.svg").write_text(text, encoding="utf-8")
        for size in sizes:
            suffix = "" if name == "apple-touch-icon" else f"-{size}"
            render(text, size, ICONS / f"{name}{suffix}.png")
            print(f"frontend/icons/{name}{suffix}.png")
    (ICONS / "badge.svg").write_text(badge(), encoding="utf-8")
    render(badge(), 96, ICONS / "badge-96.png")
    print("frontend/icons/badge-96.png")


if __name__ == "__main__":
    main()
