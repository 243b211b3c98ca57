"""The site as an installed app: its service worker registers and controls the page, keeps the
shell and leaves the game's state to the network; Chromium finds the manifest installable; a
push shows the turn's notice (unless a tab of the site has the focus) and its click takes an
open tab to the match.

Installability and the notices need a browser profile on disk (Chromium will not install from
an incognito context, which is what ``browser.new_context`` makes), so the player here has one
of their own. The push comes through the DevTools protocol (``ServiceWorker.deliverPushMessage``),
as the push service would hand it to the browser. A notice cannot be clicked in a headless
browser, so the click is a ``notificationclick`` event dispatched in the worker with the very
notice the push showed (read back with ``getNotifications``): it runs the worker's own listener
on the notice's own data, and the page then shows the match. Only the focusing of the tab,
which the browser allows a real click alone, is not exercised."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from infra.local.stack import LocalStack
from tests.browser.conftest import ARGS, ARTIFACTS, CHROMIUM
from tests.browser.helpers import Tab
from tests.browser.test_browser import _clean, _set, _shot
from tools.sw_manifest import OUT, SITE

VERSION = OUT.read_text(encoding="utf-8").split('VERSION = "', 1)[1].split('"', 1)[0]
NOTICES = """async () => (await navigator.serviceWorker.ready).getNotifications()
    .then((all) => all.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data,
                                    lang: n.lang, icon: n.icon })))"""


@pytest.fixture(scope="module")
def profile(browser: Any, stack: LocalStack,
            tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A Chromium profile on disk, allowed to show notices from the site."""
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path_factory.mktemp("profile")), executable_path=CHROMIUM, headless=True,
        args=ARGS, viewport={"width": 1280, "height": 800})
    context.grant_permissions(["notifications"], origin=stack.url.rstrip("/"))
    yield context
    context.close()


@pytest.fixture(scope="module")
def bia(browser: Any, stack: LocalStack, profile: Any) -> Tab:
    """Bia in the lobby, the worker controlling her page."""
    tab = Tab(browser, stack.url, context=profile)
    tab.page.evaluate("() => navigator.serviceWorker.ready")
    tab.page.reload()
    tab.enter("Bia Souza")
    return tab


def _registration(tab: Tab) -> tuple[Any, str]:
    """A DevTools session on the tab with the ServiceWorker domain on, and the site's
    registration id."""
    cdp = tab.context.new_cdp_session(tab.page)
    found: list[dict[str, Any]] = []
    cdp.on("ServiceWorker.workerRegistrationUpdated", lambda e: found.extend(e["registrations"]))
    cdp.send("ServiceWorker.enable")
    for _ in range(50):
        live = [r for r in found if not r.get("isDeleted")]
        if live:
            return cdp, str(live[-1]["registrationId"])
        tab.page.wait_for_timeout(100)
    raise AssertionError("the DevTools protocol names no service worker registration")


def _push(tab: Tab, payload: dict[str, str]) -> None:
    cdp, registration = _registration(tab)
    cdp.send("ServiceWorker.deliverPushMessage", {
        "origin": tab.url.rstrip("/"), "registrationId": registration,
        "data": json.dumps(payload, ensure_ascii=False)})


def _notices(tab: Tab, count: int) -> list[dict[str, Any]]:
    """The site's notices once there are ``count`` of them (or after 10 s)."""
    for _ in range(100):
        shown: list[dict[str, Any]] = tab.page.evaluate(NOTICES)
        if len(shown) == count:
            break
        tab.page.wait_for_timeout(100)
    return shown


def test_the_worker_controls_the_page_and_keeps_only_the_shell(
        browser: Any, stack: LocalStack, profile: Any) -> None:
    tab = Tab(browser, stack.url, context=profile)
    tab.page.evaluate("() => navigator.serviceWorker.ready")
    answers: list[Any] = []
    tab.page.on("response", lambda answer: answers.append(answer))  # noqa: PLW0108
    # (Playwright cannot wrap a built-in method as a listener.)
    tab.page.reload()
    tab.page.wait_for_selector("#guest-name")
    assert tab.page.evaluate("() => Boolean(navigator.serviceWorker.controller)")
    assert tab.page.evaluate("() => caches.keys()") == [f"vanlexis-shell-{VERSION}"]
    by_worker = {a.url.removeprefix(stack.url): a.from_service_worker for a in answers}
    # The page and its modules from the cache; the config from the network, always.
    assert by_worker[""] and by_worker["js/app.js"] and by_worker["css/lobby.css"], by_worker
    assert by_worker["config.json"] is False, by_worker
    cdp = tab.context.new_cdp_session(tab.page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == [] and manifest["manifest"]["name"] == "Vanlexis", manifest
    assert cdp.send("Page.getInstallabilityErrors") == {"installabilityErrors": []}
    for width, height in ((1280, 800), (360, 740)):
        tab.page.set_viewport_size({"width": width, "height": height})
        tab.page.wait_for_timeout(100)
        _shot(tab, "installed-entry")
        _clean(tab, f"the entry page under the worker at {width} px")
    assert not tab.errors, tab.errors
    tab.page.close()


def test_the_icons_as_a_home_screen_shows_them(browser: Any, stack: LocalStack) -> None:
    """The icons at the sizes a phone and a desktop show them, the maskable one cut to a
    circle as Android may (its tile stays inside)."""
    for width, height in ((1280, 800), (360, 740)):
        page = browser.new_page(viewport={"width": width, "height": height})
        icons = "".join(
            f'<figure><img src="{stack.url}icons/{name}" width="{size}" height="{size}" '
            f'alt="" style="{style}"><figcaption>{name}</figcaption></figure>'
            for name, size, style in (
                ("icon-192.png", 96, ""), ("icon-512.png", 144, ""),
                ("icon-maskable-512.png", 144, "border-radius:50%"),
                ("apple-touch-icon.png", 96, "border-radius:22%"),
                ("badge-96.png", 48, "background:#555")))
        page.set_content(f'<body style="margin:16px;background:#20293a;color:#fff;'
                         f'font-family:sans-serif;display:flex;flex-wrap:wrap;gap:12px">'
                         f"{icons}</body>")
        page.wait_for_function("() => [...document.images].every((i) => i.naturalWidth)")
        page.screenshot(path=str(ARTIFACTS / f"icons-{width}.png"), full_page=True)
        page.close()
    assert all((SITE / "icons" / n).stat().st_size < 32_000 for n in ("icon-512.png",
                                                                    "icon-192.png"))


def test_a_push_shows_the_turn_and_its_click_opens_the_match(
        browser: Any, stack: LocalStack, bia: Tab) -> None:
    ana = Tab(browser, stack.url)
    ana.enter("Ana Lima")
    for field, value in (("solo-bots", 2), ("solo-level", 1), ("solo-rounds", 3)):
        _set(ana, field, str(value))
    ana.tap("[data-action=start-solo]")
    ana.wait_my_turn()
    match_id = str(ana.state("s.matchId"))
    payload = {"title": "Sua vez contra Ana (Futebol)", "body": "Ana jogou CASA, +12",
               "matchId": match_id, "tag": f"turn-{match_id}"}

    # The lobby under the worker, as the page shows it to Bia.
    bia.page.wait_for_selector("[data-action=start-solo]")
    for width, height in ((360, 740), (1280, 800)):
        bia.page.set_viewport_size({"width": width, "height": height})
        bia.page.wait_for_timeout(100)
        _shot(bia, "installed-lobby")
        _clean(bia, f"the lobby under the worker at {width} px")

    # Bia looks at the site (Playwright tells every page it has the focus): no notice.
    _push(bia, payload)
    bia.page.wait_for_timeout(1000)
    assert bia.page.evaluate(NOTICES) == []

    # Bia has gone to another window: the notice shows, with the push's text.
    bia.context.new_cdp_session(bia.page).send("Emulation.setFocusEmulationEnabled",
                                               {"enabled": False})
    elsewhere = bia.context.new_page()
    elsewhere.bring_to_front()
    [worker] = [w for w in bia.context.service_workers if w.url.startswith(stack.url)]
    assert worker.evaluate("""async () => (await self.clients.matchAll({ type: "window" }))
        .map((c) => c.focused)""") == [False]
    _push(bia, payload)
    [notice] = _notices(bia, 1)
    assert notice["title"] == payload["title"] and notice["body"] == payload["body"]
    assert notice["tag"] == payload["tag"] and notice["data"] == {"matchId": match_id}
    assert notice["lang"] == "pt-BR" and notice["icon"].endswith("icons/icon-192.png")

    # Her click: the worker's listener takes her tab to the match, which the page shows.
    worker.evaluate("""async () => {
        const [notice] = await self.registration.getNotifications();
        self.dispatchEvent(new NotificationEvent("notificationclick", { notification: notice }));
    }""")
    bia.page.wait_for_function(f"() => location.hash === '#/partida/{match_id}'")
    bia.page.wait_for_function(
        f"() => window.vanlexis.store.state.screen === 'replay' "
        f"&& window.vanlexis.store.state.matchId === '{match_id}'")
    bia.page.wait_for_selector("[data-live]")  # Ana's match, live
    assert _notices(bia, 0) == []  # the click closed it
    assert not bia.errors and not ana.errors, (bia.errors, ana.errors)
    elsewhere.close()


def test_the_shell_list_is_what_the_worker_caches(bia: Tab) -> None:
    cached = bia.page.evaluate("""async () => {
        const cache = await caches.open((await caches.keys())[0]);
        return (await cache.keys()).map((r) => new URL(r.url).pathname.slice(1));
    }""")
    listed = OUT.read_text(encoding="utf-8").split("FILES = [", 1)[1]
    assert sorted(cached) == sorted(line.strip().strip('",') for line in listed.splitlines()
                                    if line.strip().startswith('"'))
    assert "config.json" not in cached and Path("sw.js").name not in cached
