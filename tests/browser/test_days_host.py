"""Tables over days, the host's side: the set-up, the dealer, the host's page (web/app/days/;
docs/live.md, "Over days: the table", "The dealer").

Each browser context is a device on the simulated clock (Playwright's clock, set with the relay's):
the host's device runs the site; the guest's device is the site's own mailbox on a blank test page
speaking the table's protocol (tests/browser/pages/daysguest.js). Messages go through the local relay
behind a ``DaysRelay`` that forgets each stored event a day after it took it. Days pass by setting
the clocks.
"""
from __future__ import annotations

import json
import re
import time

import pytest

from tests.browser.test_days_mail import PageHolder, days  # noqa: F401 - the relay as a table over days meets it
from tests.browser.test_live_net import host_form, relay  # noqa: F401 - the module's local relay
from tests.browser.vt_page import is_local

DAY = 86_400
WAIT = 60_000
SHOTS = "docs/screens"


class Device(PageHolder):
    """A browser context on the simulated clock; its pages open and close."""

    def __init__(self, browser, name, t0, errors, relay_url, width=1200, height=900, touch=False):
        self.name, self.errors = name, errors
        self.blocked: list[str] = []
        self.ctx = browser.new_context(viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch,
                                       service_workers="block")
        self.ctx.route(lambda url: not is_local(url), lambda route: (self.blocked.append(route.request.url),
                                                                      route.abort("addressunreachable")))
        self.ctx.add_init_script(f"try {{ localStorage.setItem('vt.liveRelays', {json.dumps(relay_url)}); }} catch (e) {{}}")
        self.ctx.clock.install(time=t0)
        self.page = None

    def open(self, url):
        return self.open_at(url, self.errors)


class World:
    def __init__(self, browser, site, days_relay):
        self.browser, self.site, self.days = browser, site, days_relay
        self.t0 = time.time()
        self.errors: list[str] = []
        self.devices: list[Device] = []
        days_relay.set_time(self.t0)

    def device(self, name, **kw):
        d = Device(self.browser, name, self.days.now(), self.errors, self.days.url, **kw)
        self.devices.append(d)
        return d

    def later(self, seconds):
        """The simulated time moves on by `seconds`, on every device and the relay."""
        t = self.days.now() + seconds
        self.days.set_time(t)
        for d in self.devices:
            d.ctx.clock.set_system_time(t)

    def close(self):
        for d in self.devices:
            d.ctx.close()
        assert not self.errors, self.errors
        assert not any(d.blocked for d in self.devices), [d.blocked for d in self.devices]


@pytest.fixture
def world(browser, site, days):  # noqa: F811
    w = World(browser, site, days)
    yield w
    w.close()


class Guest:
    """The scripted guest's page (daysguest.js) on its device."""

    def __init__(self, world, device):
        self.page = device.open(world.site.url("__test__/days.html"))
        self.page.evaluate("async (r) => { window.__g = await import('/__test__/daysguest.js'); window.__g.setup(r); }",
                           [world.days.url])

    def join(self, link, name):
        self.page.evaluate("([l, n]) => window.__g.join(l, n)", [link, name])

    def state(self):
        return self.page.evaluate("() => window.__g.state()")

    def wait(self, js, what, timeout=WAIT):
        """Until `js` (an expression of `s`, the guest's state) holds."""
        try:
            self.page.wait_for_function(f"() => {{ const s = window.__g.state(); return {js}; }}", timeout=timeout)
        except Exception:
            raise AssertionError(f"{what}: {self.state()}") from None
        return self.state()

    def play(self, action, base=None):
        self.page.evaluate("([a, b]) => window.__g.play(a, b)", [action, base])


def set_up(host, site, game, seats, move_days="1", bank="0", holiday="0"):
    """The host's set-up over days: `seats` the kinds of seats 2… ("device" or "bot"). The table's id and links."""
    pg = host.page
    host_form(pg, site, game, seats, "Hana")
    pg.check("#live-pace-days")
    pg.select_option("#days-move_days", move_days)
    pg.select_option("#days-bank_days", bank)
    pg.select_option("#days-holiday_days", holiday)
    pg.click("#days-make")
    pg.wait_for_url(re.compile(r"#/days/"))
    pg.wait_for_selector(".days-guest .invite-link")
    table = pg.evaluate("() => location.hash.split('/')[2]")
    links = {k: pg.locator(f".days-guest[data-seat='{k}'] .invite-link").input_value()
             for k, kind in enumerate(seats, start=1) if kind == "device"}
    return table, links


def board_done(pg):
    return int(pg.get_attribute("[data-page=days-host].live-table", "data-done") or 0)


HOST_SNAP = "() => { const c = window.__vt.daysHost && window.__vt.daysHost.core; return c && c.snap; }"


def host_to_act(pg):
    """Whether the host's seat is to act, as the host's table (the page's test hook) says."""
    pg.wait_for_function(HOST_SNAP)
    return 0 in (pg.evaluate(HOST_SNAP)["decision"] or {"players": []})["players"]


def host_plays(pg):
    """The host's person presses the first move the page lists."""
    pg.wait_for_selector(".days-board .moves-list button.move:not([disabled])")
    before = board_done(pg)
    pg.locator(".days-board .moves-list button.move:not([disabled])").first.click()
    pg.wait_for_function(f"() => Number(document.querySelector('[data-page=days-host].live-table').dataset.done) > {before}")


def test_set_up_to_a_started_table_dealt_from_the_lobby_and_across_reloads(world, site):
    """Hollowmere over days: the host, a guest on another device, a bot. The set-up makes the links;
    the guest joins and the game starts by itself; the guest's moves are taken while the host's page
    is the lobby (the bot moves at once after it), while the host's page reloads, and while no page
    of the site is open on the host's device at all; an intent chosen on a position the table has
    left is refused."""
    host = world.device("host")
    guest_dev = world.device("guest")
    host.open(site.url("index.html"))
    table, links = set_up(host, site, "hollowmere", ["device", "bot"])
    pg = host.page
    assert re.fullmatch(r".+#/join\?t=[A-Za-z0-9_-]{22}&h=[A-Za-z0-9_-]{43}&r=.+&d=1", links[1]), links
    guest = Guest(world, guest_dev)
    guest.join(links[1], "Ana")
    # Joined, the terms out, the seed's parts in, the table made: the game starts by itself.
    pg.wait_for_selector("[data-page=days-host].live-table[data-moves]")
    s = guest.wait("s.snaps > 0 && s.terms", "the guest's first snapshot")
    assert s["seat"] == 1 and s["got"][:2] == ["welcome", "commitments"], s
    assert s["days"]["move_days"] == 1

    # The host plays until it is the guest's turn (the order is the seats': the bot follows the guest).
    while host_to_act(pg):
        host_plays(pg)
    s = guest.wait("s.toAct", "the guest's turn")
    base = s["entries"]
    # The host's page goes to the lobby: the dealer there takes the guest's move and the bot's.
    pg.click(".crumbs a[href='#/']")
    pg.wait_for_selector("[data-page=lobby]")
    world.later(3600)
    guest.play(s["legal"][0], base)
    s = guest.wait(f"s.entries >= {base + 2} && s.log.at(-1)[0] === 2", "the bot's move after the guest's")
    assert s["log"][base][0:2] == [1, "seat"] and s["log"][-1][0:2] == [2, "seat"], s["log"]
    pg.wait_for_selector(f".your-turn-item[data-id='{table}'][data-kind=days]")
    pg.wait_for_function("() => document.title.startsWith('(1)')", timeout=10_000)
    assert pg.locator(f".days-table-item[data-id='{table}']").count() == 1

    # The host's page reloads; from the lobby's list it opens the table and moves.
    pg.reload()
    pg.click(f".your-turn-item[data-id='{table}'] a")
    pg.wait_for_selector("[data-page=days-host].live-table[data-moves]")
    assert host_to_act(pg)
    host_plays(pg)
    s = guest.wait("s.toAct", "the guest's turn again")
    stale, base2 = base, s["entries"]
    # An intent chosen before the bot and the host moved is refused: the table moved on.
    guest.play(s["legal"][0], stale)
    s = guest.wait("s.refused.length === 1", "the stale intent refused")
    assert "moved on" in s["refused"][0], s["refused"]
    assert s["entries"] == base2

    # No page of the site is open on the host's device: the guest moves; a day later a page opens.
    host.close_page()
    world.later(3600)
    guest.play(s["legal"][0], base2)
    guest.wait("s.mail.messages.every((m) => m.state === 'sent')", "the guest's move on the relay")
    world.later(DAY / 2)
    pg = host.open(site.url("index.html#/games"))
    s = guest.wait(f"s.entries >= {base2 + 2} && s.log.at(-1)[0] === 2", "the move taken after the host's page opened")
    pg.wait_for_function("() => document.title.startsWith('(1)')")
    # Only what changed went each time: the whole table once (at the start), then the log's new entries.
    assert s["wholes"] == 1, s
    assert not s["errors"], s["errors"]
