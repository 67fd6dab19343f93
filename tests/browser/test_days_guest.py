"""Tables over days, the guest's side (web/app/days/joined.js, guestpage.js; docs/live.md, "Over days:
a guest's table").

The host is a HostCore on a blank page of its own device (tests/browser/pages/dayshost.js: the real
mailbox and relay, the engine's clock on the page's clock); the guest is the site itself on another
device, from the invitation link to the checks at the end. Every device's clock and the relay's are
the simulated time (Playwright's clock, DaysRelay): days pass by setting them, and the relay forgets
every stored event a day after it took it. The guest's device reaches the relay through a gate of its
own, so it can go offline alone.

Screenshots: docs/screens/days-guest-*.png.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.browser.live_relay import DaysRelay
from tests.browser.test_days_mail import DAY, PageHolder, days, until, world  # noqa: F401 - the days relay, the devices
from tests.browser.test_live_net import relay  # noqa: F401 - the module's local relay
from tests.browser.vt_page import SHOWN_JS, is_local, screenshot

SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"
WAIT = 120_000
GUEST = "window.__vt && window.__vt.daysGuest"


@pytest.fixture
def gate(days):
    """A relay double in front of the days relay for one device alone (the guest's, or the host's):
    ``cut()`` takes it offline."""
    with DaysRelay(days.url) as g:
        yield g


class Device(PageHolder):
    """A device on the simulated clock: a browser context of its own (a phone when asked)."""

    def __init__(self, world, name, *, phone=False, lang="en"):
        self.world, self.name = world, name
        self.blocked = []
        extra = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "has_touch": True,
                 "is_mobile": True} if phone else {"viewport": {"width": 1280, "height": 860}}
        self.ctx = world.browser.new_context(locale="pt-BR" if lang == "pt" else "en-GB", **extra)
        self.ctx.route(lambda url: not is_local(url), lambda route: (self.blocked.append(route.request.url),
                                                                      route.abort("addressunreachable")))
        self.ctx.add_init_script(SHOWN_JS)
        self.ctx.clock.install(time=world.now())
        world.devices.append(self)
        self.page = None

    def open(self, url):
        return self.open_at(url, self.world.errors)

    def close(self):
        self.ctx.close()


class Host(Device):
    """The host's device: one table over days on a blank page (dayshost.js)."""

    def start(self, site, relay_url, game, options, seats=2):
        self.open(site.url(f"__test__/dayshost.html?relay={relay_url}"))
        links = self.page.evaluate("([g, o, n]) => window.__dh.make(g, o, n)", [game, options, seats])
        return links

    def snap(self):
        return self.page.evaluate("window.__dh.snap()")

    def play(self, action):
        return self.page.evaluate("(a) => window.__dh.play(a)", action)


def join(guest, site, link, name):
    """The guest opens its link and takes its seat: the table's id (its page is #/days/<id> from then on)."""
    pg = guest.open(site.url("index.html") + link)
    pg.wait_for_selector("#join-name")
    pg.fill("#join-name", name)
    pg.click("#join-take")
    pg.wait_for_function("() => location.hash.startsWith('#/days/')")
    return pg.evaluate("location.hash.slice('#/days/'.length)")


def guest_row(pg):
    return pg.evaluate(f"{GUEST} ? window.__vt.daysGuest.table.row : null")


def wait_phase(pg, phase, timeout=WAIT):
    pg.wait_for_selector(f".days-guest-page[data-phase='{phase}']", timeout=timeout)


def host_turn(host):
    s = host.snap()
    return not s["terminal"] and 0 in s["decision"]["players"] and s["legal"]


def test_elderwood_over_days_previews_a_move_made_offline_kept_across_closing_then_a_claim_checks_out(world, days, gate, site):
    world.allowed.append(re.compile(r"WebSocket connection to .* failed"))
    host = Host(world, "host")
    guest = Device(world, "guest")
    (link,) = host.start(site, days.url, "elderwood", {"move_days": 1})
    link = re.sub(r"&r=[^&]+", "&r=" + gate.url.replace(":", "%3A").replace("/", "%2F"), link)
    table_id = join(guest, site, link, "Ana")
    pg = guest.page
    wait_phase(pg, "joining")
    host.page.wait_for_function("() => window.__dh.joined()", timeout=WAIT)
    host.page.evaluate("window.__dh.start()")
    host.page.wait_for_function("() => window.__dh.playing()", timeout=WAIT)
    wait_phase(pg, "playing")
    pg.wait_for_selector(".days-guest-page .live-table[data-moves]")

    # Two turns each: the guest's move shows at once (previewed: Elderwood hides nothing), as sent.
    previews = 0
    for _ in range(4):
        if host_turn(host):
            n = len(host.snap()["log"])
            host.play(host.snap()["legal"][0]["action"])
            pg.wait_for_function("(n) => Number(document.querySelector('.days-guest-page .live-table').dataset.moves) > n", arg=n)
            continue
        pg.wait_for_selector(".days-guest-page .moves-box button.move:not([disabled])")
        n = len(host.snap()["log"])
        pg.locator(".days-guest-page .moves-box button.move").first.click()
        pg.wait_for_selector(".days-sent li.sent-move")
        # Previewed (Elderwood hides nothing): the page drew the position after it. The words under the
        # list go as soon as the host's snapshot is in, which a quick host sends before its acknowledgement.
        assert pg.evaluate("window.__vt.daysGuest.table.row.pending.at(-1).after !== null")
        assert pg.locator(".days-sent .previewed").count() == 1 or guest_row(pg)["snap"]["log"][-1]["seat"] == 1
        previews += 1
        host.page.wait_for_function("(n) => window.__dh.snap().log.length > n", arg=n)
        pg.wait_for_selector(".days-sent", state="hidden")
    assert previews >= 1
    row = guest_row(pg)
    assert row["phase"] == "playing" and row["seat"] == 1 and row["id"] == table_id

    # The guest's turn: its device goes offline, it moves (kept, "sent when you are online"), and the page closes.
    if host_turn(host):
        n = len(host.snap()["log"])
        host.play(host.snap()["legal"][0]["action"])
        pg.wait_for_function("(n) => Number(document.querySelector('.days-guest-page .live-table').dataset.moves) > n", arg=n)
    gate.cut()
    pg.wait_for_selector(".days-conn[data-online='false']")
    moves_before = len(host.snap()["log"])
    pg.locator(".days-guest-page .moves-box button.move").first.click()
    item = pg.locator(".days-sent li.sent-move")
    item.wait_for()
    assert item.get_attribute("data-state") == "queued"
    assert "sent when you are online" in item.inner_text()
    screenshot(pg, SCREENS / "days-guest-offline-desktop-en.png")
    guest.close_page()
    world.at_day(0.5)
    pg = guest.open(site.url(f"index.html#/days/{table_id}"))
    pg.wait_for_selector(".days-guest-page .live-table[data-moves]")
    assert pg.locator(".days-sent li.sent-move").get_attribute("data-state") == "queued"
    # Back online: the move goes, the host's table plays it, and the page hears it did.
    gate.mend()
    host.page.wait_for_function("(n) => window.__dh.snap().log.length > n", arg=moves_before, timeout=WAIT)
    pg.wait_for_selector(".days-sent", state="hidden")

    # The host moves. On the guest's turn its device is offline again; it moves (shown at once), but
    # its deadline passes before it is back and the host lets the table play its timer move: the
    # intent, chosen on a position that is gone, is refused, and the page draws the table as it is.
    n = len(host.snap()["log"])
    host.play(host.snap()["legal"][0]["action"])
    pg.wait_for_function("(n) => Number(document.querySelector('.days-guest-page .live-table').dataset.moves) > n", arg=n)
    gate.cut()
    pg.wait_for_selector(".days-conn[data-online='false']")
    pg.locator(".days-guest-page .moves-box button.move").first.click()
    pg.wait_for_selector(".days-sent li.sent-move[data-state='queued']")
    world.at_day(2)
    host.page.evaluate("window.__dh.timeout(1)")
    assert host.snap()["log"][-1]["by"] == "timer"
    gate.mend()
    pg.wait_for_selector(".days-note[data-note='dg.movedOn']", timeout=WAIT)
    assert "moved on" in pg.locator(".days-note").inner_text()
    pg.wait_for_selector(".days-sent", state="hidden")
    assert len(guest_row(pg)["snap"]["log"]) == len(host.snap()["log"])
    assert host_turn(host)

    # The host's person stops playing. Days on, the guest's page offers the three choices (the
    # engine's deadline has passed on this device's clock); the guest claims the game.
    world.at_day(3.5)
    pg.evaluate("window.__vt.daysGuest.page.paint()")
    offer = pg.locator(".days-status .days-offer[data-seat='0']")
    offer.wait_for()
    assert "Hana ran out of time and bank" in offer.inner_text()
    assert offer.locator("button").count() == 3
    screenshot(pg, SCREENS / "days-guest-late-desktop-en.png")
    offer.locator("button.days-claim").click()
    pg.wait_for_selector(".joint-check[data-ok]", timeout=WAIT)
    checks = pg.locator(".joint-check")
    assert checks.get_attribute("data-ok") == "true", checks.inner_text()
    keys = [li.get_attribute("data-check") for li in checks.locator("ul > li").all()]
    assert {"own", "host", "terms", "moves", "record"} <= set(keys), keys
    record = guest_row(pg)["final"]["record"]
    w = record["witness"]
    # The witness holds the table's start and the time of every entry as they were shown.
    assert w["started"] == record["started"] and w["shown"] and all(len(e) == 3 for e in w["shown"])
    assert record["actions"][-1] == "@claim:1" and record["result"]["winners"] == [1], record["result"]
    screenshot(pg, SCREENS / "days-guest-checks-desktop-en.png")
    # A reload shows the end as it was, from what this device keeps.
    pg.reload()
    pg.wait_for_selector(".joint-check[data-ok='true']")


def test_hollowmere_on_a_phone_in_portuguese_a_tile_waits_for_the_host_and_the_page_comes_back_between_moves(
        world, days, gate, site):
    host_gate = gate                      # here the host's device is the one behind the gate
    world.allowed.append(re.compile(r"WebSocket connection to .* failed"))
    host = Host(world, "host")
    guest = Device(world, "guest", phone=True, lang="pt")
    (link,) = host.start(site, host_gate.url, "hollowmere", {"move_days": 2, "bank_days": 1, "holiday_days": 7})
    link = re.sub(r"&r=[^&]+", "&r=" + days.url.replace(":", "%3A").replace("/", "%2F"), link)
    table_id = join(guest, site, link, "Bia")
    pg = guest.page
    host.page.wait_for_function("() => window.__dh.joined()", timeout=WAIT)
    host.page.evaluate("window.__dh.start()")
    wait_phase(pg, "playing")
    # The page closes and opens again between moves, from the lobby's list, drawn from what this device keeps.
    for _ in range(2):
        if host_turn(host):
            n = len(host.snap()["log"])
            host.play(host.snap()["legal"][0]["action"])
            host.page.wait_for_function("(n) => window.__dh.snap().log.length > n", arg=n)
        guest.close_page()
        pg = guest.open(site.url("index.html#/"))
        item = pg.locator(f".days-table-item[data-id='{table_id}'] a")
        item.wait_for()
        item.click()
        pg.wait_for_selector(".days-guest-page .live-table[data-moves]")
        pg.wait_for_selector(".days-guest-page .moves-box button.move:not([disabled])")
        # A tile laid draws the next one: nothing is shown ahead, and the page says when it comes.
        host_gate.cut()
        n = len(host.snap()["log"])
        pg.locator(".days-guest-page .moves-box button.move").first.click()
        wait = pg.locator(".days-sent .wait-host")
        wait.wait_for()
        assert "aparelho do anfitrião estiver on-line" in wait.inner_text()
        assert "on-line" in pg.locator(".days-guest-page .turn-status").inner_text()
        assert pg.locator(".days-guest-page .moves-box button.move").count() == 0
        if _ == 0:
            screenshot(pg, SCREENS / "days-guest-waits-for-host-phone-pt.png")
        host_gate.mend()
        host.page.wait_for_function("(n) => window.__dh.snap().log.length > n", arg=n, timeout=WAIT)
        pg.wait_for_selector(".days-sent", state="hidden")
    assert guest_row(pg)["me"]["shown"]
