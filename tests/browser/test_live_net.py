"""Internet tables (issue 20): one link per seat, the devices meeting through a real Nostr relay
running on this machine (tests/browser/live_relay.py), every other non-local request blocked.

Each browser context is a device; their relay setting names the local relay and no STUN server
(the defaults, public hosts, are never contacted here). Chromium's mDNS hiding of local
addresses is off, as in test_live.py, so two contexts can make a direct WebRTC link.
"""
from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.browser.live_relay import HostileRelay, LocalRelay
from tests.browser.test_live import Devices, over, play_first_enabled, play_to_the_end, moves

SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"
WAIT = 120_000
NO_MDNS = "--disable-features=WebRtcHideLocalIpsWithMdns"


@pytest.fixture(scope="module")
def relay(tmp_path_factory):
    r = LocalRelay(tmp_path_factory.mktemp("relay"))
    r.start()
    yield r
    r.stop()


@pytest.fixture(scope="module")
def net_browser(playwright_instance):
    b = playwright_instance.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS + [NO_MDNS])
    yield b
    b.close()


@pytest.fixture
def devices(net_browser, site):
    d = Devices(net_browser)
    yield d
    d.close()
    assert not d.unexpected(), d.unexpected()
    assert not d.blocked, d.blocked


def device(devices, relay_url, name, width=1200, height=900):
    init = (f"try {{ localStorage.setItem('vt.liveRelays', {json.dumps(relay_url)});"
            " localStorage.setItem('vt.liveStun', ''); } catch (e) {}")
    return devices.new(width=width, height=height, name=name, init_script=init)


def host_invites(host, site, game, kinds, query="botdelay=0"):
    host.goto(site.url(f"index.html#/host/{game}?{query}"))
    host.wait_for_selector("#live-invite-net")
    if host.locator("#live-count").count():
        host.select_option("#live-count", str(len(kinds) + 1))
    for k, kind in enumerate(kinds, start=1):
        host.select_option(f"#live-kind-{k}", kind)
    host.fill("#live-name-0", "Hosta")
    host.click("#live-invite-net")
    links = {}
    for k, kind in enumerate(kinds, start=1):
        if kind == "device":
            sel = f".invite-card[data-seat='{k}'][data-state=inviting] input.invite-link"
            host.wait_for_selector(sel)
            links[k] = host.locator(sel).input_value()
    return links


def take_seat(host, guest, link, seat, name):
    guest.goto(link)
    guest.fill("#join-name", name)
    guest.click("#join-take")
    host.wait_for_selector(f".invite-card[data-seat='{seat}'][data-state=here]", timeout=WAIT)


def start(host, guests):
    host.click("#live-start")
    host.wait_for_selector("[data-page=live-host][data-moves]")
    for g in guests:
        g.wait_for_selector("[data-page=live-guest][data-moves]")


def path_of(host, seat):
    return host.locator(f".invite-card[data-seat='{seat}']").get_attribute("data-path")


def wait_path(host, seat, path, timeout=30_000):
    host.wait_for_selector(f".invite-card[data-seat='{seat}'][data-path={path}]", timeout=timeout)


def guest_checks_pass(guest):
    guest.wait_for_selector(".joint-check[data-ok]", timeout=WAIT)
    box = guest.locator(".joint-check")
    assert box.get_attribute("data-ok") == "true", box.inner_text()


# --- the tests --------------------------------------------------------------------------------------

def test_one_link_a_whole_elderwood_game_direct_and_the_guest_checks_everything(devices, site, relay):
    host = device(devices, relay.url, "host")
    guest = device(devices, relay.url, "guest", 390, 844)
    links = host_invites(host, site, "elderwood", ["device"])
    link = links[1]
    # One short link, its secret in the fragment (never sent to any server).
    assert re.fullmatch(re.escape(site.url("index.html")) + r"#/join\?t=[A-Za-z0-9_-]{22}&r=[^#\s]+", link), link
    assert len(link.split("&r=")[0]) - len(site.url("index.html")) <= 32
    take_seat(host, guest, link, 1, "Ana")
    assert "Ana" in host.locator(".invite-card[data-seat='1']").inner_text()
    start(host, [guest])
    wait_path(host, 1, "direct")
    guest.wait_for_selector(".guest-status[data-path=direct]")
    # Phone first: the board, the seat and (on its turn) the countdown on the first screen.
    guest.screenshot(path=str(SCREENS / "live-net-guest-phone.png"))
    board = guest.locator(".board-host").bounding_box()
    assert board and board["y"] < 844 * 0.6, board
    assert guest.locator(".join-seat").bounding_box()["y"] < 200
    assert not guest.locator(".own-commitment").is_visible()  # behind "Fairness details"
    play_to_the_end([host, guest])
    guest_checks_pass(guest)
    assert moves(guest) == moves(host)
    rows = guest.locator(".joint-check li[data-ok=true]").count()
    assert rows >= 6, guest.locator(".joint-check").inner_text()


def test_milehollow_two_people_and_a_bot_heal_a_guest_reload_and_a_host_reload_with_no_new_link(devices, site, relay):
    host = device(devices, relay.url, "host")
    guest = device(devices, relay.url, "guest")
    links = host_invites(host, site, "milehollow", ["device", "bot"])
    take_seat(host, guest, links[1], 1, "Bea")
    start(host, [guest])

    def play_some(n):
        target = moves(host) + n
        for _ in range(2000):
            if moves(host) >= target or over(host):
                return
            if not play_first_enabled([host, guest]):
                host.wait_for_timeout(30)
        raise AssertionError("the table did not move on")

    play_some(6)
    # The guest's page reloads: it goes back to its seat by itself.
    guest.reload()
    guest.wait_for_selector("[data-page=live-guest][data-viewer='1']", timeout=WAIT)
    guest.wait_for_function("(n) => Number(document.querySelector('.live-table')?.dataset.moves || 0) >= n",
                            arg=moves(host), timeout=WAIT)
    assert host.locator(".invite-card[data-seat='1'][data-state=here]").count() == 1
    play_some(6)
    # The host's page reloads: the same table opens and its guest comes back, no new link.
    host.reload()
    host.wait_for_selector("[data-page=live-host][data-moves]", timeout=WAIT)
    host.wait_for_selector(".invite-card[data-seat='1'][data-state=here]", timeout=WAIT)
    assert host.locator(".invite-card[data-seat='1'] input.invite-link").count() == 0
    guest.wait_for_function("(n) => Number(document.querySelector('.live-table')?.dataset.moves || 0) >= n",
                            arg=moves(host), timeout=WAIT)
    play_to_the_end([host, guest])
    guest_checks_pass(guest)
    assert moves(guest) == moves(host)
