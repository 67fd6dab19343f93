"""Tables shared across devices (issue 12): two or three browser contexts in one Chromium, linked
on this machine by WebRTC with nothing in between — no signalling server, no STUN, every non-local
request blocked. The invitation link and the answer code are carried from page to page as a person
would carry them (copy, paste).

Chromium hides local addresses behind mDNS names unless told otherwise; two contexts of one
headless browser cannot resolve those names here (the test browser resolves no names at all), so
this file launches its own Chromium with that feature off. On real devices of one network the
browser resolves them by multicast DNS.

Screenshots go to docs/screens/live-*.png.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, _is_local
from tests.browser.vt_page import csp_safe_waits

SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"
WAIT = 120_000


@pytest.fixture(scope="module")
def live_browser(playwright_instance):
    b = playwright_instance.chromium.launch(
        executable_path=CHROMIUM, headless=True,
        args=CHROMIUM_ARGS + ["--disable-features=WebRtcHideLocalIpsWithMdns"])
    yield b
    b.close()


class Devices:
    """Browser contexts standing for separate devices; each one's page errors and blocked requests."""

    def __init__(self, browser):
        self.browser = browser
        self.contexts = []
        self.errors: list[str] = []
        self.blocked: list[str] = []
        self.allowed: list[re.Pattern] = []

    def new(self, width=1200, height=900, name="device"):
        ctx = self.browser.new_context(viewport={"width": width, "height": height}, service_workers="allow")
        ctx.route(lambda url: not _is_local(url), lambda route: (self.blocked.append(route.request.url),
                                                               route.abort("addressunreachable")))
        pg = ctx.new_page()
        csp_safe_waits(pg)
        pg.set_default_timeout(WAIT)
        pg.on("pageerror", lambda e: self.errors.append(f"{name}: {e}"))
        pg.on("console", lambda m: self.errors.append(f"{name}: {m.text}") if m.type == "error" else None)
        self.contexts.append(ctx)
        return pg

    def close(self):
        for c in self.contexts:
            c.close()

    def unexpected(self):
        return [e for e in self.errors if not any(p.search(e) for p in self.allowed)]


@pytest.fixture
def devices(live_browser, site):
    d = Devices(live_browser)
    yield d
    d.close()
    assert not d.unexpected(), d.unexpected()
    assert not d.blocked, d.blocked


# --- carrying codes by hand -----------------------------------------------------------------------

def host_setup(host, site, game, kinds, query="botdelay=0"):
    """kinds: for seats 1.. "device" or "bot". Returns after the invitations are made."""
    host.goto(site.url(f"index.html#/host/{game}?{query}"))
    host.wait_for_selector("#live-invite")
    count = len(kinds) + 1
    if host.locator("#live-count").count():
        host.select_option("#live-count", str(count))
    for k, kind in enumerate(kinds, start=1):
        host.select_option(f"#live-kind-{k}", kind)
    host.fill("#live-name-0", "Hosta")
    host.click("#live-invite")
    for k, kind in enumerate(kinds, start=1):
        if kind == "device":
            host.wait_for_selector(f".invite-card[data-seat='{k}'][data-state=inviting] input.invite-link")


def invitation(host, seat):
    return host.locator(f".invite-card[data-seat='{seat}'] input.invite-link").input_value()


def join(guest, link):
    """Open the invitation; returns the answer code the guest's page shows."""
    guest.goto(link)
    guest.wait_for_selector("textarea.answer-code")
    return guest.locator("textarea.answer-code").input_value()


def paste_answer(host, seat, code):
    card = host.locator(f".invite-card[data-seat='{seat}']")
    card.locator("textarea.answer-input").fill(code)
    card.locator("button.connect").click()
    host.wait_for_selector(f".invite-card[data-seat='{seat}'][data-state=here]")


def connect(host, guest, seat):
    paste_answer(host, seat, join(guest, invitation(host, seat)))


def start_game(host, guests):
    host.click("#live-start")
    host.wait_for_selector("[data-page=live-host][data-moves]")
    for g in guests:
        g.wait_for_selector("[data-page=live-guest][data-moves]")


def play_first_enabled(pages) -> bool:
    """Click the first move of whichever page may act; False when none may (yet)."""
    for pg in pages:
        btn = pg.locator(".moves-list button.move:not([disabled])")
        if btn.count():
            try:
                btn.first.click(timeout=2000)
                return True
            except Exception:
                return False
    return False


def over(pg) -> bool:
    return pg.evaluate("document.querySelector('.live-table')?.dataset.over === 'true'")


def play_to_the_end(pages, limit=2000):
    for _ in range(limit):
        if all(over(p) for p in pages):
            return
        if not play_first_enabled(pages):
            pages[0].wait_for_timeout(30)
    raise AssertionError("the game did not end")


def moves(pg) -> int:
    return int(pg.evaluate("document.querySelector('.live-table')?.dataset.moves || '0'"))


# --- the tests --------------------------------------------------------------------------------------

def test_a_whole_elderwood_game_between_two_people_and_the_seed_checked_from_both_ends(devices, site):
    host = devices.new(name="host")
    guest = devices.new(name="guest")
    host_setup(host, site, "elderwood", ["device"])
    link = invitation(host, 1)
    assert link.startswith(site.url("index.html#/join?i="))
    assert host.locator(".invite-card[data-seat='1'] canvas.qr-code").count() == 1
    # The guest sees the host's commitment before answering, and the same one the host shows.
    code = join(guest, link)
    host_commitment = host.locator(".live-commitment code").inner_text()
    assert guest.locator(".host-commitment").inner_text() == host_commitment
    own = guest.locator(".own-commitment").inner_text()
    paste_answer(host, 1, code)
    start_game(host, [guest])
    play_to_the_end([host, guest])
    # The guest's own checks: its contribution at its place, the host's matches, the record verifies here.
    guest.wait_for_selector(".joint-check[data-ok]")
    assert guest.locator(".joint-check").get_attribute("data-ok") == "true", guest.locator(".joint-check").inner_text()
    # From the host's end: the finished record names both participants, and the host's own engine
    # verifies it (commitments, contributions → seed, every move).
    table = host.locator("[data-page=live-host]").get_attribute("data-table")
    snap = host.evaluate("(t) => window.__vt.engine.call('snapshot', {table: t, viewer: 0})", table)
    record = snap["record"]
    assert record["version"] == 3
    assert [p["commitment"] for p in record["joint"]] == [host_commitment, own]
    verdict = host.evaluate("(text) => window.__vt.engine.call('verify', {text, bots: true})", json.dumps(record))
    assert verdict["ok"], verdict
    assert moves(host) == moves(guest) == len(record["actions"]) or moves(host) == moves(guest)
