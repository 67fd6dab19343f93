"""Tables over days, end to end: the real site on every device (docs/live.md, "Over days").

The host's device makes the table on ``#/host/<game>`` (Over days) and its dealer deals on whatever
page of the site is open there; each guest's device opens its invitation link. Whole games are
played to their end while pages close and open again between moves (from the lobby's list too),
the host's device has no page of the table open while a guest moves (its lobby takes the move),
and a device moves offline and sends when back. At the end each guest's page shows its checks, the
host's page its end, the records of both sides are the same game and each verifies with the command
line (``python -m py_engine verify --bots``). Then time, fairly: a seat out of time and bank is given
a day by the host, a holiday stops the clocks, and the host claims a game from a seat out of time.

Every device's clock and the relay's are the simulated time (Playwright's clock, DaysRelay): days
pass by setting them, and the relay forgets every stored event a day after it took it. Each device
reaches the relay through a gate of its own (``cut()`` takes it offline alone).

Most moves go through the pages' own test hooks (``window.__vt.daysHost``, ``window.__vt.daysGuest``:
the same calls the pages' buttons make); a few per game are real clicks.

Screenshots: docs/screens/days-game-*.png.
"""
from __future__ import annotations

import json
import random
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.browser.axe import violations
from tests.browser.live_relay import DaysRelay
from tests.browser.test_days_guest import Device, guest_row, join, wait_phase
from tests.browser.test_days_host import set_up
from tests.browser.test_days_mail import DAY, days, world  # noqa: F401 - the days relay, the devices
from tests.browser.test_live_net import relay  # noqa: F401 - the module's local relay
from tests.browser.vt_page import screenshot

ROOT = Path(__file__).resolve().parents[2]
SCREENS = ROOT / "docs" / "screens"
WAIT = 120_000

HOST_STATE = """() => { const h = window.__vt && window.__vt.daysHost; const s = h && h.core && h.core.snap;
  if (!s) return null;
  return { n: s.log.length, terminal: !!s.terminal, players: s.decision ? s.decision.players : [],
    legal: (s.legal || []).map((m) => m.action), controls: (s.controls || []).map((c) => c.action), chain: s.chain }; }"""

# What the guest's seat sees now (joinedlist.js shownSnap: its last snapshot, or the preview of its own moves).
GUEST_STATE = """() => { const g = window.__vt && window.__vt.daysGuest; const row = g && g.table.row;
  if (!row || !row.snap) return row ? { phase: row.phase, n: -1 } : null;
  const held = row.snap;
  const over = (row.pending || []).filter((p) => p.kind === "move" && p.chain === held.chain);
  let shown = held;
  if (over.length) { const a = over[over.length - 1].after;
    shown = a && a.decision && !a.terminal ? { ...held, legal: a.legal, decision: { ...held.decision, ...a.decision } } : { ...held, legal: [] }; }
  const may = !shown.terminal && !!shown.decision && shown.decision.players.includes(row.seat) && (shown.legal || []).length > 0;
  return { phase: row.phase, n: held.log.length, chain: held.chain, terminal: !!held.terminal, may, seat: row.seat,
    legal: may ? shown.legal.map((m) => m.action) : [], pending: (row.pending || []).length, final: !!row.final }; }"""

HOST_PLAY = """async (a) => { const h = window.__vt.daysHost; await h.table.act((c) => c.play(a)); }"""
# The page's own path (GuestDaysPage.act), its answer kept: an error is the test's failure.
GUEST_PLAY = """async (a) => { const g = window.__vt.daysGuest; const r = await g.table.play(a); g.page.paint(); return r; }"""


@pytest.fixture
def gates(days):
    """One gate in front of the days relay per device (a device goes offline alone)."""
    made = []

    def gate():
        g = DaysRelay(days.url)
        made.append(g)
        return g
    yield gate
    for g in made:
        g.close()


def relay_param(url):
    return url.replace(":", "%3A").replace("/", "%2F")


class SiteDevice(Device):
    """A device running the site; the host's relays are its gate (its setting), a guest's come with its link."""

    def __init__(self, world, name, gate, **kw):
        super().__init__(world, name, **kw)
        self.gate = gate
        self.ctx.add_init_script(f"try {{ localStorage.setItem('vt.liveRelays', {json.dumps(gate.url)}); }} catch (e) {{}}")

    def site(self, path=""):
        return self.world.site.url("index.html" + path)


class Game:
    """One table over days between the real site on the host's device and on each guest's."""

    def __init__(self, world, gates, game, seats, *, move_days="1", bank="0", holiday="0", host_phone=False,
                 guest_phone=False, lang="en", seed=1):
        self.world, self.game, self.rnd = world, game, random.Random(seed)
        world.allowed.append(re.compile(r"WebSocket connection to .* failed"))
        self.host = SiteDevice(world, "host", gates(), phone=host_phone, lang=lang)
        self.guests = []
        self.host.open(self.host.site("#/"))
        self.table, links = set_up(self.host, world.site, game, seats, move_days, bank, holiday)
        for k, link in links.items():
            dev = SiteDevice(world, f"guest{k}", gates(), phone=guest_phone, lang=lang)
            link = re.sub(r"&r=[^&]+", "&r=" + relay_param(dev.gate.url), link[link.index("#"):])
            dev.table = join(dev, world.site, link, ["Ana", "Bia", "Caio"][k - 1])
            dev.seat = k
            self.guests.append(dev)
        self.host.page.wait_for_selector("[data-page=days-host].live-table[data-moves]", timeout=WAIT)
        for g in self.guests:
            wait_phase(g.page, "playing")
        self.clicks = 0

    # --- what each side sees --------------------------------------------------------------------------
    def hs(self):
        return self.host.page.evaluate(HOST_STATE) if self.host.page else None

    def gs(self, g):
        return g.page.evaluate(GUEST_STATE) if g.page else None

    def wait(self, check, what, seconds=90):
        end = time.monotonic() + seconds
        while not check():
            if time.monotonic() > end:
                raise AssertionError(f"{what}: host {self.hs()}; guests {[self.gs(g) for g in self.guests]}")
            time.sleep(0.05)

    # --- moves ---------------------------------------------------------------------------------------
    def host_may(self):
        s = self.hs()
        return bool(s and not s["terminal"] and 0 in s["players"] and s["legal"])

    def host_move(self, click=False):
        s = self.hs()
        if click:
            pg = self.host.page
            b = pg.locator(".days-board button.move:not([disabled])").first
            b.wait_for()
            b.click()
            self.clicks += 1
        else:
            self.host.page.evaluate(HOST_PLAY, self.pick(s["legal"], s["n"]))
        self.wait(lambda: (self.hs() or {}).get("chain") != s["chain"], "the host's move taken")

    def guest_move(self, g, click=False):
        s = self.gs(g)
        if click:
            b = g.page.locator(".days-guest-page .moves-box button.move:not([disabled])").first
            b.wait_for()
            b.click()
            self.clicks += 1
        else:
            a = self.pick(s["legal"], s["n"])
            got = g.page.evaluate(GUEST_PLAY, a)
            assert "error" not in got, (a, got, s)
        # Kept, or already taken by the host's table (a step of a turn of several adds no entry to the log).
        self.wait(lambda: (self.gs(g) or {}).get("pending", 0) > s["pending"] or (self.gs(g) or {}).get("chain") != s["chain"],
                  f"{g.name}'s move kept")

    def pick(self, legal, n):
        """A move of the listed ones. The seeds are drawn at the table, so a short game comes from the
        choice: Milehollow paves its longest road when it can and never asks for mail; Wickerfair
        skips what it may (its fair then ends on its last day); Elderwood closes in on the other Elder."""
        if self.game == "milehollow":
            paves = [a for a in legal if a.startswith("pave:")]
            if paves:
                return max(paves, key=lambda a: sum(int(x) for x in re.findall(r"\*(\d+)", a)))
            keeps = [a for a in legal if a.startswith("keep:")]
            return keeps[0] if keeps else self.rnd.choice([a for a in legal if a != "mail"] or legal)
        if self.game == "wickerfair":
            for a in ("skip", "ok"):
                if a in legal:
                    return a
        if self.game == "elderwood" and n >= 36 and " " in legal[-1]:
            # Once the pages have closed and opened (the first 30 moves or so), every piece it can
            # goes beside the other side's Elder: one is surrounded soon.
            theirs = ("b" if legal[-1][0] == "w" else "w") + "Q"
            near = [a for a in legal if " " in a and theirs in a.split(" ")[1]]
            if near:
                return self.rnd.choice(near)
        return self.rnd.choice(legal)

    def over(self):
        s = self.hs()
        return bool(s and s["terminal"])

    def step(self, click=False):
        """One move by whoever may move (the host first); False when the table waits for nobody here."""
        if self.host.page and self.host_may():
            self.host_move(click)
            return True
        for g in self.guests:
            s = self.gs(g)
            if s and s["may"]:
                self.guest_move(g, click)
                return True
        return False

    def play(self, moves, click_every=0):
        """`moves` moves (or to the end), each as soon as someone may make it."""
        made = 0
        while made < moves and not self.over():
            self.wait(lambda: self.over() or self.host_may() or any((self.gs(g) or {}).get("may") for g in self.guests),
                      "someone to move")
            if self.over():
                break
            if self.step(click=bool(click_every) and made % click_every == click_every - 1):
                made += 1
        return made

    def guest_to_move(self, g):
        """Play on until it is `g`'s turn on its page, on the host's table as it is (nothing of its own waiting)."""
        while True:
            assert not self.over(), "the game ended before the guest's turn"
            self.wait(lambda: self.host_may() or any((self.gs(x) or {}).get("may") for x in self.guests), "someone to move")
            self.settle()
            if (self.gs(g) or {}).get("may"):
                return
            self.step()

    # --- pages closing and opening --------------------------------------------------------------------
    def reopen(self, dev, table, ready, via_lobby):
        """`dev`'s page of the table closes and opens again: from the lobby's list, or at its address."""
        dev.close_page()
        if via_lobby:
            pg = dev.open(dev.site("#/"))
            item = pg.locator(f".days-table-item[data-id='{table}'] a")
            item.wait_for()
            item.click()
        else:
            pg = dev.open(dev.site(f"#/days/{table}"))
        pg.wait_for_selector(ready)

    def open_host(self, via_lobby=True):
        self.reopen(self.host, self.table, "[data-page=days-host].live-table[data-moves]", via_lobby)
        self.wait(lambda: self.hs() is not None, "the host's page's table")

    def open_guest(self, g, via_lobby=True):
        self.reopen(g, g.table, ".days-guest-page .live-table[data-moves]", via_lobby)
        self.wait(lambda: (self.gs(g) or {}).get("n", -1) >= 0, "the guest's page's table")

    def host_away_while_guest_moves(self, g):
        """No page of the table on the host's device (none at all) while `g` moves; then its lobby opens and takes it."""
        self.guest_to_move(g)
        self.host.close_page()
        n = self.gs(g)["n"]
        self.guest_move(g)
        g.page.wait_for_function("() => window.__vt.daysGuest.table.row.pending.every((p) => "
                                 "window.__vt.daysGuest.table.state(p.n) !== 'queued')")
        later(self.world, 3 * 3600)
        pg = self.host.open(self.host.site("#/"))
        pg.wait_for_selector("[data-page=lobby]")
        # The dealer on the lobby took the move: the guest's page hears the table moved on.
        self.wait(lambda: (self.gs(g) or {}).get("n", 0) > n and not (self.gs(g) or {}).get("pending"), "the move dealt from the lobby")
        self.open_host(via_lobby=True)

    def guest_offline_move(self, g):
        """`g`'s device goes offline, moves (kept, "sent when you are online"), closes; later it comes back and delivers."""
        self.guest_to_move(g)
        g.gate.cut()
        g.page.wait_for_selector(".days-conn[data-online='false']")
        n = self.hs()["n"]
        self.guest_move(g, click=True)
        item = g.page.locator(".days-sent li.sent-move").first
        item.wait_for()
        assert item.get_attribute("data-state") == "queued"
        assert re.search(r"sent when you are online|enviada quando você estiver on-line", item.inner_text()), item.inner_text()
        shot = getattr(self, "offline_shot", None)
        if shot:
            g.page.evaluate("() => window.scrollTo(0, 0)")
            screenshot(g.page, SCREENS / shot)
        g.close_page()
        later(self.world, DAY / 2)
        assert self.hs()["n"] == n  # nothing reached the host
        g.gate.mend()
        self.open_guest(g, via_lobby=False)
        self.wait(lambda: self.hs()["n"] > n, "the move made offline reaching the host")
        g.page.wait_for_selector(".days-sent", state="hidden")

    def host_offline_move(self):
        """The host's device goes offline and moves; the guests hear it once it is back."""
        while not self.host_may():
            self.wait(lambda: self.host_may() or any((self.gs(x) or {}).get("may") for x in self.guests), "someone to move")
            if self.host_may():
                break
            self.step()
        self.settle()
        ns = [self.gs(g)["n"] for g in self.guests]
        self.host.gate.cut()
        self.host_move()
        later(self.world, 3600)
        time.sleep(0.5)
        assert [self.gs(g)["n"] for g in self.guests] == ns
        self.host.gate.mend()
        self.wait(lambda: all(self.gs(g)["n"] > n for g, n in zip(self.guests, ns)), "the host's move made offline heard")

    def settle(self):
        """Until every guest's page holds the host's table as it is, and waits for nothing it sent."""
        self.wait(lambda: all((self.gs(g) or {}).get("n") == self.hs()["n"] and not self.gs(g)["pending"] for g in self.guests),
                  "the guests' pages caught up")

    # --- the end -------------------------------------------------------------------------------------
    def finish(self, tmp_path, shots=(), accessible=False):
        """Play to the end; every page shows its checks, the records agree and verify (and, `accessible`,
        every page passes axe's WCAG A/AA rules)."""
        self.play(10_000, click_every=25)
        self.wait(self.over, "the end", 60)
        host_pg = self.host.page
        host_pg.wait_for_selector("[data-page=days-host] .end-screen")
        host_record = host_pg.evaluate("() => window.__vt.daysHost.core.snap.record")
        for g in self.guests:
            g.page.wait_for_selector(".joint-check[data-ok]", timeout=WAIT)
            checks = g.page.locator(".joint-check")
            assert checks.get_attribute("data-ok") == "true", checks.inner_text()
        for pg, shot, top in zip([host_pg] + [g.page for g in self.guests], shots, [".end-screen"] + [".joint-check"] * 9):
            if shot:
                pg.locator(top).first.evaluate("(e) => e.scrollIntoView({block: 'start'})")
                screenshot(pg, SCREENS / shot)
        if accessible:
            for pg in [host_pg] + [g.page for g in self.guests]:
                found = violations(pg)
                assert found == [], json.dumps(found)
        assert "null" not in host_pg.inner_text(".days-lead")
        for g in self.guests:
            fair = g.page.locator(".days-guest-page > details.fairness-details")
            fair.locator("summary").click()
            assert fair.locator(".joint-list li").count() == 1 + len(self.guests), fair.inner_text()
            assert "[object" not in fair.inner_text() and "null" not in fair.inner_text()
        records = [host_record] + [guest_row(g.page)["final"]["record"] for g in self.guests]
        for r in records[1:]:
            assert r["actions"] == host_record["actions"], "the guest's record is not the host's game"
            assert r["result"] == host_record["result"]
        host_log = host_pg.evaluate("() => window.__vt.daysHost.core.snap.log.map((e) => [e.seat, e.by, e.time])")
        for g in self.guests:
            glog = [[e["seat"], e["by"], e["time"]] for e in guest_row(g.page)["snap"]["log"]]
            assert glog == host_log, "the guest's log is not the host's"
        for k, r in enumerate(records):
            verify(tmp_path / f"{self.game}-{k}.json", r)
        return host_record


def later(world, seconds):
    """The simulated time moves on by `seconds` on every device and the relay."""
    world.at_day((world.now() - world.t0 + seconds) / DAY)


def verify(path, record):
    path.write_text(json.dumps(record))
    out = subprocess.run([sys.executable, "-m", "py_engine", "verify", "--bots", str(path)], cwd=ROOT,
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stdout + out.stderr


def whole_game(world, gates, tmp_path, game, seats=("device",), **kw):
    shots = kw.pop("shots", ())
    accessible = kw.pop("accessible", False)
    offline_shot = kw.pop("offline_shot", None)
    g = Game(world, gates, game, list(seats), **kw)
    g.offline_shot = offline_shot
    guest = g.guests[0]
    g.play(6, click_every=3)
    g.open_guest(guest, via_lobby=True)
    g.play(6)
    g.host_away_while_guest_moves(guest)
    g.play(6)
    g.guest_offline_move(guest)
    g.play(4, click_every=2)
    g.host_offline_move()
    g.open_guest(guest, via_lobby=True)
    record = g.finish(tmp_path, shots, accessible)
    assert g.clicks >= 3
    return g, record


def test_hollowmere_whole_game_between_two_sites(world, gates, tmp_path):
    whole_game(world, gates, tmp_path, "hollowmere", offline_shot="days-game-offline-desktop-en.png", accessible=True,
               shots=("days-game-host-end-desktop-en.png", "days-game-checks-desktop-en.png"))


def test_milehollow_whole_game_between_two_phones_in_portuguese(world, gates, tmp_path):
    whole_game(world, gates, tmp_path, "milehollow", host_phone=True, guest_phone=True, lang="pt", accessible=True,
               offline_shot="days-game-offline-phone-pt.png",
               shots=("days-game-host-end-phone-pt.png", "days-game-checks-phone-pt.png"))


def test_elderwood_whole_game_between_two_sites(world, gates, tmp_path):
    whole_game(world, gates, tmp_path, "elderwood")


def test_wickerfair_whole_game_between_two_sites(world, gates, tmp_path):
    whole_game(world, gates, tmp_path, "wickerfair")


def test_hollowmere_three_seats_host_guest_and_a_bot(world, gates, tmp_path):
    g, record = whole_game(world, gates, tmp_path, "hollowmere", seats=("device", "bot"))
    assert len(record["seats"]) == 3 and record["seats"][2].get("bot"), record["seats"]


# --- time, fairly --------------------------------------------------------------------------------------

def host_days(g):
    return g.host.page.evaluate("() => window.__vt.daysHost.core.snap.days")


def repaint_host(g):
    """The host's page draws its status again now (its own ticker runs every 30 s of the page's time)."""
    g.host.page.evaluate("() => window.__vt.daysHost.table.changed()")


def end_and_verify(g, tmp_path, record_has):
    for guest in g.guests:
        guest.page.wait_for_selector(".joint-check[data-ok]", timeout=WAIT)
        assert guest.page.get_attribute(".joint-check", "data-ok") == "true", guest.page.inner_text(".joint-check")
    g.host.page.wait_for_selector("[data-page=days-host] .end-screen")
    record = g.host.page.evaluate("() => window.__vt.daysHost.core.snap.record")
    for a in record_has:
        assert a in record["actions"], (a, record["actions"][-8:])
    for k, r in enumerate([record] + [guest_row(x.page)["final"]["record"] for x in g.guests]):
        assert r["actions"] == record["actions"]
        verify(tmp_path / f"{g.game}-{k}.json", r)
    return record


def test_the_host_gives_a_late_seat_a_day_then_takes_a_holiday_that_stops_its_clock(world, gates, tmp_path):
    g = Game(world, gates, "elderwood", ["device"], move_days="1", bank="1", holiday="7")
    guest = g.guests[0]
    g.play(2)
    g.guest_to_move(guest)
    g.settle()
    # The guest lets its time per move and its bank run out: the host's page offers the three choices.
    deadline = host_days(g)["deadlines"][1]
    world.at_day((deadline + 3600 - world.t0) / DAY)
    repaint_host(g)
    offer = g.host.page.locator(".days-status .days-offer[data-seat='1']")
    offer.wait_for()
    assert "Ana ran out of time and bank" in offer.inner_text()
    assert "Ana — bank left: none." in g.host.page.inner_text(".days-status")
    offer.locator("button.days-extend").scroll_into_view_if_needed()
    screenshot(g.host.page, SCREENS / "days-game-host-late-desktop-en.png")
    assert violations(g.host.page) == [], violations(g.host.page)
    n = g.hs()["n"]
    offer.locator("button.days-extend").click()
    # The day is given and the game goes on: the guest's deadline is a day later, and it may move.
    g.wait(lambda: g.hs()["n"] == n + 1, "the day given")
    assert host_days(g)["deadlines"][1] == deadline + DAY
    g.host.page.wait_for_selector(".days-status .days-offer", state="detached")
    g.wait(lambda: g.gs(guest)["n"] == n + 1 and g.gs(guest)["may"], "the guest's page hears the day given")
    guest.page.evaluate("window.__vt.daysGuest.page.paint()")
    assert guest.page.locator(".days-late-self").count() == 0
    g.guest_move(guest, click=True)
    # The host's turn: a holiday of 5 days. Its clock stops; both pages say until when.
    g.wait(g.host_may, "the host's turn")
    status = g.host.page.locator(".days-status")
    status.locator("details.days-holiday-box > summary").click()
    status.locator("#days-holiday-days").select_option("5")
    n = g.hs()["n"]
    status.locator("button.days-take-holiday").click()
    g.wait(lambda: g.hs()["n"] == n + 1, "the holiday taken")
    until = host_days(g)["holiday_until"][0]
    assert until and abs(until - world.now() - 5 * DAY) < 600, until
    g.host.page.wait_for_selector(".days-status .days-on-holiday")
    assert "You are on holiday until" in g.host.page.inner_text(".days-status .days-on-holiday")
    g.wait(lambda: g.gs(guest)["n"] == n + 1, "the guest's page hears the holiday")
    guest.page.evaluate("window.__vt.daysGuest.page.paint()")
    said = guest.page.locator(".days-status .days-on-holiday")
    said.wait_for()
    assert "Hana is on holiday until" in said.inner_text()
    assert "holiday" in guest.page.locator(".live-table").inner_text().lower()  # the log's words
    screenshot(guest.page, SCREENS / "days-game-guest-holiday-desktop-en.png")
    # Four days on, the host's time per move (a day) has not run: the clock stopped for the holiday.
    later(world, 4 * DAY)
    guest.page.evaluate("window.__vt.daysGuest.page.paint()")
    assert guest.page.locator(".days-offer").count() == 0
    assert host_days(g)["deadlines"][0] > world.now()
    g.host_move(click=True)
    # The guest resigns: the record, with the day given and the holiday, verifies on both sides.
    g.wait(lambda: g.gs(guest)["may"], "the guest's turn")
    assert "error" not in guest.page.evaluate(GUEST_PLAY, "@resign")
    end_and_verify(g, tmp_path, ["@extend:2", "@holiday:5", "@resign"])


def test_the_host_claims_a_game_from_a_seat_out_of_time_on_a_phone_in_portuguese(world, gates, tmp_path):
    g = Game(world, gates, "wickerfair", ["device"], move_days="1", bank="0", host_phone=True, lang="pt")
    guest = g.guests[0]
    g.play(3)
    g.guest_to_move(guest)
    g.settle()
    deadline = host_days(g)["deadlines"][1]
    # Before the deadline there is nothing to claim.
    repaint_host(g)
    assert g.host.page.locator(".days-offer").count() == 0
    world.at_day((deadline + 60 - world.t0) / DAY)
    repaint_host(g)
    offer = g.host.page.locator(".days-status .days-offer[data-seat='1']")
    offer.wait_for()
    assert "Ana ficou sem tempo e sem banco" in offer.inner_text()
    offer.scroll_into_view_if_needed()
    screenshot(g.host.page, SCREENS / "days-game-host-late-phone-pt.png")
    offer.locator("button.days-claim").click()
    g.wait(g.over, "the claim taken")
    record = end_and_verify(g, tmp_path, [])
    assert record["actions"][-1] == "@claim:2" and record["result"]["winners"] == [0], record["result"]
