"""A device's name in the device list ("Chrome no Android"), from its browser's User-Agent.

Coarse on purpose: the browser's family and the system, enough for a person to tell their
phone from their computer, and nothing that singles a device out (no versions, no model).
The User-Agent itself is never stored. Order matters below: Edge, Opera and Samsung's browser
also call themselves Chrome and Safari, and every iPhone browser runs on Safari's engine but
names itself (CriOS, FxiOS, EdgiOS).
"""

from __future__ import annotations

import re

#: (pattern, browser) — the first that matches names the browser
_BROWSERS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), name) for pattern, name in (
        (r"EdgA?/|EdgiOS/|Edg/", "Edge"),
        (r"OPR/|OPiOS/|Opera", "Opera"),
        (r"SamsungBrowser/", "Samsung Internet"),
        (r"Firefox/|FxiOS/", "Firefox"),
        (r"CriOS/|Chrome/|Chromium/", "Chrome"),
        (r"Safari/", "Safari"),
    ))

#: (pattern, system as said after "no"/"na") — the first that matches names the system
_SYSTEMS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), name) for pattern, name in (
        (r"iPhone|iPod", "no iPhone"),
        (r"iPad", "no iPad"),
        (r"Android", "no Android"),
        (r"CrOS", "no Chromebook"),
        (r"Windows", "no Windows"),
        (r"Macintosh|Mac OS X", "no Mac"),
        (r"Linux|X11", "no Linux"),
    ))

UNKNOWN = "Navegador desconhecido"
#: a User-Agent is read up to this length: real ones are a few hundred characters
_READ = 512


def label(user_agent: object) -> str:
    """The device's name for its owner, in Portuguese."""
    if not isinstance(user_agent, str) or not user_agent.strip():
        return UNKNOWN
    text = user_agent[:_READ]
    browser = next((name for pattern, name in _BROWSERS if pattern.search(text)), None)
    system = next((name for pattern, name in _SYSTEMS if pattern.search(text)), None)
    if browser and system:
        return f"{browser} {system}"
    if browser:
        return browser
    if system:
        return f"Navegador {system}"
    return UNKNOWN
