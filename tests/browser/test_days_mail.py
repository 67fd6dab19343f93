"""Tables over days: the mailbox alone (web/app/days/mail.js; docs/live.md, "Over days: the mailbox").

Each browser context is a device with its own storage and its clock set to the simulated time
(Playwright's clock); its pages open the site's own modules on a blank page the tests' server keeps
under /__test__/ (never built into the site). The relay is the local nostr-relay behind a
``DaysRelay`` proxy whose clock the test sets with the pages': it serves no stored event past its
expiration and, strict, forgets every stored event a day after it took it. No test waits a day:
days pass by setting the clocks.

What each device's page received is kept in its local storage by the test's handler, so it
survives the page closing; each box is named by its tableId.
"""
from __future__ import annotations

import re
import time

import pytest

from tests.browser.live_relay import DaysRelay, LocalRelay
from tests.browser.vt_page import csp_safe_waits, is_local

DAY = 86_400
WAIT = 60_000

# The page's side: the site's mailbox hub, and a handler per box that keeps what came in order.
SETUP = """async ([base, relays]) => {
  const mail = await import(base + "web/app/days/mail.js");
  const got = JSON.parse(localStorage.getItem("vt.test.got") || "{}");
  const events = [];
  const hub = new mail.MailHub({ relays });
  const handlers = (name) => ({
    onMessage: (text, n) => { (got[name] ||= []).push([n, text]); localStorage.setItem("vt.test.got", JSON.stringify(got)); },
    onStranger: (key, code) => events.push(["stranger", name, key, code]),
    onTaken: (code) => events.push(["taken", name, code]),
    onPin: (key) => events.push(["pin", name, key]),
  });
  const boxes = {};
  for (const { id, tableId } of await hub.list()) boxes[tableId] = await hub.open({ id, ...handlers(tableId) });
  window.__days = { mail, hub, got, events, boxes, handlers };
}"""

HOST_BOX = """async (name) => { const d = window.__days;
  d.boxes[name] = await d.hub.open({ role: "host", tableId: name, seat: 1, ...d.handlers(name) });
  return d.boxes[name].invitation; }"""

GUEST_BOX = """async ([name, inv]) => { const d = window.__days;
  d.boxes[name] = await d.hub.open({ role: "guest", tableId: name, secret: inv.secret, hostKey: inv.hostKey, ...d.handlers(name) }); }"""

SEND = "async ([name, text, deadline]) => window.__days.boxes[name].send(text, { deadline })"


class Device:
    """One device: a browser context on the simulated clock; its page opens and closes."""

    def __init__(self, browser, name: str, t0: float, errors: list):
        self.name = name
        self.errors = errors
        self.blocked: list[str] = []
        self.ctx = browser.new_context()
        self.ctx.route(lambda url: not is_local(url), lambda route: (self.blocked.append(route.request.url),
                                                                      route.abort("addressunreachable")))
        self.ctx.clock.install(time=t0)
        self.page = None

    def open(self, site, relay_url: str):
        pg = self.ctx.new_page()
        csp_safe_waits(pg)
        pg.set_default_timeout(WAIT)
        pg.on("pageerror", lambda e: self.errors.append(f"{self.name}: {e}"))
        pg.on("console", lambda m: self.errors.append(f"{self.name}: {m.text}") if m.type == "error" else None)
        pg.goto(site.url("__test__/days.html"))
        pg.evaluate(SETUP, [site.url(""), [relay_url]])
        self.page = pg
        return pg

    def close_page(self):
        if self.page:
            self.page.close()
            self.page = None

    # --- what the page's mailbox says ---
    def status(self, name: str) -> dict:
        return self.page.evaluate("(n) => window.__days.boxes[n].status()", name)

    def got(self, name: str) -> list:
        return self.page.evaluate("(n) => window.__days.got[n] || []", name)

    def send(self, name: str, text: str, deadline: float | None = None) -> int:
        return self.page.evaluate(SEND, [name, text, deadline])

    def state(self, name: str, n: int) -> str | None:
        return self.page.evaluate("([b, n]) => window.__days.boxes[b].state(n)", [name, n])

    def wait_got(self, name: str, count: int, timeout: float = WAIT) -> list:
        self.page.wait_for_function("([b, c]) => (window.__days.got[b] || []).length >= c", arg=[name, count],
                                    timeout=timeout)
        return self.got(name)

    def wait_state(self, name: str, n: int, state: str, timeout: float = WAIT) -> None:
        self.page.wait_for_function("([b, n, s]) => window.__days.boxes[b].state(n) === s", arg=[name, n, state],
                                    timeout=timeout)

    def wait_status(self, name: str, js: str, timeout: float = WAIT) -> None:
        """Until `js` (an expression of `s`, the box's status) holds."""
        self.page.wait_for_function(f"(b) => {{ const s = window.__days.boxes[b].status(); return {js}; }}", arg=name,
                                    timeout=timeout)

    def close(self):
        self.ctx.close()


@pytest.fixture(scope="module")
def relay(tmp_path_factory):
    r = LocalRelay(tmp_path_factory.mktemp("relay"))
    r.start()
    yield r
    r.stop()


@pytest.fixture
def days(relay):
    """The relay as a table over days meets it: strict, it forgets a stored event a day after taking it."""
    d = DaysRelay(relay.url, forget_after=DAY)
    yield d
    d.close()


class World:
    """The devices of one test on one simulated clock, the relay's included."""

    def __init__(self, browser, site, days):
        self.browser, self.site, self.days = browser, site, days
        self.t0 = time.time()
        self.errors: list[str] = []
        self.allowed: list[re.Pattern] = []
        self.devices: list[Device] = []
        days.set_time(self.t0)

    def device(self, name: str) -> Device:
        d = Device(self.browser, name, self.now(), self.errors)
        self.devices.append(d)
        return d

    def now(self) -> float:
        return self.days.now()

    def at_day(self, day: float) -> None:
        """The simulated time is `day` days after the start, on every device and the relay."""
        t = self.t0 + day * DAY
        self.days.set_time(t)
        for d in self.devices:
            d.ctx.clock.set_system_time(t)

    def open(self, device: Device):
        return device.open(self.site, self.days.url)

    def close(self):
        for d in self.devices:
            d.close()
        bad = [e for e in self.errors if not any(p.search(e) for p in self.allowed)]
        assert not bad, bad
        assert not any(d.blocked for d in self.devices), [d.blocked for d in self.devices]


@pytest.fixture
def world(browser, site, days):
    w = World(browser, site, days)
    yield w
    w.close()


def until(check, what: str, seconds: float = 30) -> None:
    end = time.monotonic() + seconds
    while not check():
        if time.monotonic() > end:
            raise AssertionError(what)
        time.sleep(0.1)


def pair(world, host: Device, guest: Device, name: str) -> dict:
    """A host's invitation `name` taken by the guest's device; both pages open. The invitation."""
    inv = host.page.evaluate(HOST_BOX, name)
    guest.page.evaluate(GUEST_BOX, [name, inv])
    guest.wait_status(name, "s.ready")
    host.wait_status(name, "s.pinned && s.ready")
    return inv


# --- the tests --------------------------------------------------------------------------------------

def test_mail_goes_both_ways_over_days_through_a_relay_that_forgets_after_a_day(world, days):
    host, guest = world.device("host"), world.device("guest")
    world.open(host)
    world.open(guest)
    pair(world, host, guest, "t1")
    # Both pages open: a message each way, numbered from 1, each acknowledged.
    assert host.send("t1", "h1", (world.now() + 2 * DAY) * 1000) == 1
    assert guest.wait_got("t1", 1) == [[1, "h1"]]
    assert guest.send("t1", "g1") == 1
    assert host.wait_got("t1", 1) == [[1, "g1"]]
    host.wait_state("t1", 1, "delivered")
    guest.wait_state("t1", 1, "delivered")
    # The host's page closes; the guest moves, its move is on the relay, and its page closes too.
    host.close_page()
    assert guest.send("t1", "g2") == 2
    guest.wait_state("t1", 2, "sent")
    guest.close_page()
    # Two days later the relay has forgotten it: the host's page opens and reads nothing new.
    world.at_day(2)
    world.open(host)
    host.wait_status("t1", "s.caughtUp")
    host.page.wait_for_timeout(1500)
    assert host.got("t1") == [[1, "g1"]]
    assert days.stats["forgotten"] > 0
    # The host moves (its numbering went on across the reload) and closes its page.
    assert host.send("t1", "h2") == 2
    host.wait_state("t1", 2, "sent")
    host.close_page()
    # Half a day later the guest's page opens: the host's move is still kept; the guest's own, never
    # acknowledged, goes again as the page comes online.
    world.at_day(2.5)
    published = days.stats["published"]
    world.open(guest)
    assert guest.wait_got("t1", 2) == [[1, "h1"], [2, "h2"]]
    assert guest.state("t1", 2) == "sent"
    guest.wait_status("t1", "s.caughtUp")
    until(lambda: days.stats["published"] > published, "the guest's page sent nothing again")
    guest.close_page()
    # The host's page opens within the day: the guest's move, sent again, arrives now.
    world.at_day(3)
    world.open(host)
    assert host.wait_got("t1", 2) == [[1, "g1"], [2, "g2"]]
    host.wait_state("t1", 2, "delivered")  # the guest had acknowledged h2 when it read it
    # Both pages open again, in the other order: the guest learns its move was delivered.
    world.open(guest)
    guest.wait_state("t1", 2, "delivered")
    assert host.send("t1", "h3") == 3
    assert guest.wait_got("t1", 3) == [[1, "h1"], [2, "h2"], [3, "h3"]]
    assert host.got("t1") == [[1, "g1"], [2, "g2"]]
    s = guest.status("t1")
    assert (s["nextOut"], s["nextIn"], s["waiting"]) == (3, 4, 0), s
