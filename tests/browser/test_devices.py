"""The same player on two devices, in two browsers: the first shows a one-time code in "Seus
aparelhos", the second types it under "Já jogo em outro aparelho" and lands as the same
player in the same match; then the first signs the second out, and the second is back at the
entry page, told why and how to come back."""

from __future__ import annotations

from typing import Any

from infra.local.stack import LocalStack
from tests.browser.helpers import Tab
from tests.browser.test_browser import SIZES, _clean, _set, _shot

PHONE_AGENT = ("Mozilla/5.0 (Linux; Android 14; moto g84 5G) AppleWebKit/537.36 (KHTML, like "
               "Gecko) Chrome/124.0.0.0 Mobile Safari/537.36")


def _both(tab: Tab, name: str, focus: str) -> None:
    """Photograph ``focus`` at both sizes (scrolled into view), checking each for sideways
    scrolling and accessibility; the tab returns to its own size."""
    own = tab.page.viewport_size
    assert own
    for size, (width, height, _) in SIZES.items():
        tab.page.set_viewport_size({"width": width, "height": height})
        tab.page.wait_for_timeout(150)
        tab.page.locator(focus).first.scroll_into_view_if_needed()
        _shot(tab, name)
        _clean(tab, f"{name} at {size}")
    tab.page.set_viewport_size(own)


ROWS = "[data-device-list] [data-device-row]"


def _rows(tab: Tab, count: int) -> None:
    tab.page.wait_for_function(f"() => document.querySelectorAll('{ROWS}').length === {count}",
                               timeout=15_000)


def _player(tab: Tab) -> str:
    return str(tab.page.evaluate(
        "() => JSON.parse(localStorage.getItem('vanlexis.guest')).playerId"))


def _show_code(computer: Tab) -> str:
    """The lobby's "Seus aparelhos": this device alone, then a code and what to do with it."""
    panel = computer.page.locator("[data-devices]")
    _rows(computer, 1)
    assert "Conectado só neste aparelho" in panel.inner_text()
    assert "este aparelho" in computer.page.inner_text(".device-current")
    computer.tap("[data-devices-action=link]")
    computer.page.wait_for_selector("[data-link-code]")
    code = computer.page.inner_text("[data-link-code]").strip()
    assert len(code) == 9 and code[4] == "-", code
    assert "Vale por mais" in computer.page.inner_text("[data-link-countdown]")
    assert "No outro aparelho, abra o Vanlexis e toque em “Já jogo em outro aparelho”" in \
        computer.visible_text("[data-link-box]")
    _both(computer, "devices-code", "[data-devices]")
    return code


def _type_code(phone: Tab, code: str) -> None:
    """The entry page's "Já jogo em outro aparelho": a mistyped code is said before any
    request, then the real one is typed as a person might (spaces, small letters)."""
    phone.page.wait_for_selector("#guest-name")
    phone.tap("#link-open")
    phone.page.wait_for_selector("#link-code")
    assert phone.page.evaluate("() => document.activeElement.id") == "link-code"
    phone.page.fill("#link-code", "ABCD-0000")
    phone.tap("form[data-form=link-code] button[type=submit]")
    assert "sem 0, 1, I, L ou O" in phone.page.inner_text("#link-code-error")
    phone.page.fill("#link-code", code.replace("-", " ").lower())
    assert not phone.page.inner_text("#link-code-error"), "the refusal outlived the typing"
    _both(phone, "devices-entry-code", "#link-redeem")
    phone.tap("form[data-form=link-code] button[type=submit]")


def _sign_out_the_other(computer: Tab) -> None:
    """Back in the lobby, the first device lists both and signs the second out."""
    computer.page.wait_for_selector("[data-devices]")
    _rows(computer, 2)
    rows = computer.page.locator("[data-device-row]")
    labels = sorted(rows.nth(i).locator("strong").inner_text() for i in range(2))
    assert labels == ["Chrome no Android", "Chrome no Linux"], labels
    assert "Conectado em 2 aparelhos" in computer.page.inner_text("[data-devices]")
    _both(computer, "devices-list", "[data-device-list]")
    other = computer.page.locator(".device:not(.device-current) [data-devices-action=signout]")
    assert other.inner_text() == "Desconectar"
    assert computer.page.inner_text(".device-current [data-devices-action=signout]") == \
        "Sair deste aparelho"
    other.click()
    dialog = computer.page.locator(".confirm-dialog")
    dialog.wait_for()
    assert "Desconectar “Chrome no Android”?" in dialog.inner_text()
    _shot(computer, "devices-confirm")
    computer.tap(".confirm-dialog [data-answer=yes]")
    _rows(computer, 1)


def _told_why(tab: Tab, words: str) -> None:
    """Back at the entry page with no identity, and the reason said at its top."""
    tab.page.wait_for_selector("[data-signed-out-notice]", timeout=20_000)
    notice = tab.page.inner_text("[data-signed-out-notice]")
    assert words in notice and "Já jogo em outro aparelho" in notice, notice
    assert tab.page.locator("#guest-name").is_visible()
    assert tab.page.inner_text("#status") == ""  # nothing is connecting any more
    assert tab.page.evaluate("() => localStorage.getItem('vanlexis.guest')") is None
    assert tab.state("s.me") is None


def test_a_code_carries_the_player_to_another_device_which_the_first_can_sign_out(
        browser: Any, stack: LocalStack) -> None:
    computer = Tab(browser, stack.url)
    computer.enter("Lia Duarte")
    code = _show_code(computer)
    # The first device sits down at a solo table; the code stays good meanwhile.
    for field, value in (("solo-bots", 1), ("solo-level", 1), ("solo-rounds", 3),
                         ("solo-turn", 180)):
        _set(computer, field, str(value))
    computer.tap("[data-action=start-solo]")
    computer.wait_my_turn()

    width, height, touch = SIZES["phone"]
    phone = Tab(browser, stack.url, width, height, touch, user_agent=PHONE_AGENT)
    _type_code(phone, code)
    # The same player, in the same seat of the same match.
    phone.page.wait_for_function(
        "(id) => { const s = window.vanlexis.store.state; "
        "return s.screen === 'table' && s.matchId === id; }",
        arg=computer.state("s.matchId"), timeout=20_000)
    assert phone.state("s.me.name") == "Lia Duarte"
    assert phone.state("s.view.you") == computer.state("s.view.you")
    assert _player(phone) == _player(computer)

    computer.leave_match()
    computer.tap(".confirm-dialog [data-answer=yes]")
    _sign_out_the_other(computer)
    _told_why(phone, "desconectado")
    _both(phone, "devices-signed-out", "[data-signed-out-notice]")

    # The first plays on; then it signs itself out, warned that it is its only device.
    assert computer.state("s.connection") == "online"
    computer.tap(".device-current [data-devices-action=signout]")
    assert "Este é o seu único aparelho" in computer.page.inner_text(".confirm-dialog")
    computer.tap(".confirm-dialog [data-answer=yes]")
    _told_why(computer, "Você saiu deste aparelho")
    assert not [e for e in phone.errors if "401" not in e], phone.errors
    assert not computer.errors, computer.errors
