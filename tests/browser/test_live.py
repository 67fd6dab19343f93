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
import random
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
        args=CHROMIUM_ARGS + ["--disable-features=WebRtcHideLocalIpsWithMdns",
                              # a camera that shows a test pattern, allowed without asking
                              "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"])
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

    def new(self, width=1200, height=900, name="device", init_script=None):
        ctx = self.browser.new_context(viewport={"width": width, "height": height}, service_workers="allow")
        if init_script:
            ctx.add_init_script(init_script)
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

    @classmethod
    def of_one_test(cls, browser):
        """For a fixture to yield from: the devices, closed after the test, which then fails on any page
        error not allowed or any request that left the machine."""
        d = cls(browser)
        yield d
        d.close()
        assert not d.unexpected(), d.unexpected()
        assert not d.blocked, d.blocked


@pytest.fixture
def devices(live_browser, site):
    yield from Devices.of_one_test(live_browser)


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


def card(seat) -> str:
    """The host's card of a seat (a number) or of a spectator ("w1": the first one invited)."""
    if isinstance(seat, str) and seat.startswith("w"):
        return f".invite-card[data-watcher='{seat[1:]}']"
    return f".invite-card[data-seat='{seat}']"


def invitation(host, seat):
    return host.locator(f"{card(seat)} input.invite-link").input_value()


def join(guest, link):
    """Open the invitation; returns the answer code the guest's page shows."""
    old = guest.evaluate("document.querySelector('textarea.answer-code')?.value || ''")
    guest.goto(link)
    # A fresh link opened in the same tab changes only the hash: wait for the new page's own answer.
    return guest.wait_for_function(
        "(old) => { const v = document.querySelector('textarea.answer-code')?.value; return v && v !== old ? v : null; }",
        arg=old, timeout=WAIT)


def candidates(code_or_link):
    """The candidates inside an invitation link or an answer code (for failure messages): the
    compact code's bytes, after its ICE credentials and fingerprint (web/app/live/compact.js)."""
    import base64
    code = code_or_link.split("i=")[-1]
    raw = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    at = 2
    at += 1 + raw[at]
    at += 1 + raw[at]
    at += 32
    return f"{raw[at]} candidates: {raw[at + 1:].hex()}"


def paste_answer(host, seat, code, guest=None):
    box = host.locator(card(seat))
    box.locator("textarea.answer-input").fill(code)
    box.locator("button.connect").click()
    try:
        host.wait_for_selector(f"{card(seat)}[data-state=here]", timeout=30_000)
    except Exception:
        seen = guest.locator(".guest-status").get_attribute("data-link") if guest else None
        raise AssertionError(f"no connection: host card says {box.inner_text()!r}, link {box.get_attribute('data-ice')}"
                             f" (guest's side {seen}); "
                             f"answer candidates {candidates(code)}") from None


def connect(host, guest, seat, code=None):
    """Carry the invitation to the guest and its answer back (``code``: an answer already made)."""
    try:
        paste_answer(host, seat, code or join(guest, invitation(host, seat)), guest)
    except AssertionError as first:
        # Now and then a local connection never comes up; a person would make a new invitation,
        # which the host's card offers, and so does the test (once).
        print("first connection failed:", first)
        old = host.evaluate("(s) => document.querySelector(s)?.value || ''", f"{card(seat)} input.invite-link")
        host.locator(f"{card(seat)} button.reinvite").click()
        host.wait_for_function("([sel, old]) => { const i = document.querySelector(sel); return !!i && i.value !== old; }",
                               arg=[f"{card(seat)}[data-state=inviting] input.invite-link", old], timeout=WAIT)
        try:
            paste_answer(host, seat, join(guest, invitation(host, seat)), guest)
        except AssertionError as second:
            raise AssertionError(f"{first}\nand again with a new invitation: {second}") from None


def start_game(host, guests):
    host.click("#live-start")
    host.wait_for_selector("[data-page=live-host][data-moves]")
    for g in guests:
        g.wait_for_selector("[data-page=live-guest][data-moves]")


def play_first_enabled(pages, pick=None) -> bool:
    """Click the first move of whichever page may act (with ``pick``, a random.Random, any of its
    moves); False when none may (yet)."""
    for pg in pages:
        btn = pg.locator(".moves-list button.move:not([disabled])")
        n = btn.count()
        if n:
            try:
                (btn.nth(pick.randrange(n)) if pick else btn.first).click(timeout=2000)
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


def resign_after(host, pages, n, tries=400):
    """The pages play their first moves until the host's table counts ``n`` moves (at most ``tries``
    rounds), then whoever is to act resigns (``resign_on_turn``)."""
    for _ in range(tries):
        if moves(host) >= n:
            break
        if not play_first_enabled(pages):
            host.wait_for_timeout(30)
    resign_on_turn(host, pages)


def resign_on_turn(host, pages, limit=4):
    """Whoever is to act resigns, until the game is over (two seats: at once; more: the table
    plays a resigned seat, and the last seat left wins). The end's checks run as after a whole game."""
    for _ in range(limit):
        if over(host):
            break
        settle(pages)
        seat = host.evaluate("() => window.__vt.liveHost.snap.decision.players[0]")
        n = moves(host)
        # The seat's own Resign button, on its own device, asked twice (a guest's goes to the host).
        button = pages[seat].locator(".live-table .table-controls button[data-action='@resign']:not([disabled])")
        button.click(timeout=WAIT)
        button.click(timeout=WAIT)
        host.wait_for_function("(n) => Number(document.querySelector('.live-table')?.dataset.moves || 0) > n", arg=n)
    host.wait_for_selector(".live-table[data-over=true]", state="attached")
    for pg in pages:
        pg.wait_for_selector(".live-table[data-over=true]", state="attached", timeout=WAIT)


def settle(pages, limit_ms=WAIT):
    """Wait until a person may act on one of ``pages`` (bots have moved) or the game is over."""
    for _ in range(limit_ms // 50):
        if any(p.locator(".moves-list button.move:not([disabled])").count() or over(p) for p in pages):
            return
        pages[0].wait_for_timeout(50)
    raise AssertionError("nobody may act")


def moves(pg) -> int:
    return int(pg.evaluate("document.querySelector('.live-table')?.dataset.moves || '0'"))


# --- the tests --------------------------------------------------------------------------------------

def test_an_elderwood_game_with_codes_between_two_people_and_the_seed_checked_from_both_ends(devices, site):
    host = devices.new(name="host")
    guest = devices.new(name="guest")
    host_setup(host, site, "elderwood", ["device"])
    link = invitation(host, 1)
    assert link.startswith(site.url("index.html#/join?i="))
    assert host.locator(".invite-card[data-seat='1'] canvas.qr-code").count() == 1
    # This browser reads no QR codes (no Barcode Detection API on Linux): the answer is pasted.
    assert host.locator("button.scan").count() == 0
    # The guest sees the host's commitment before answering, and the same one the host shows.
    code = join(guest, link)
    # Compact codes: only what the connection needs, at most 200 characters each way.
    assert len(link.split("i=")[1]) <= 200 and len(code) <= 200, (len(link.split("i=")[1]), len(code))
    host_commitment = host.locator(".live-commitment code").inner_text()
    assert guest.locator(".host-commitment").inner_text() == host_commitment
    connect(host, guest, 1, code)
    own = guest.locator(".own-commitment").inner_text()  # the one that went in (a retry makes a new one)
    start_game(host, [guest])
    # A stretch of the game, then a resignation ends it (whole games: test_live_net.py).
    for _ in range(8):
        n = moves(host)
        if play_first_enabled([host, guest]):
            host.wait_for_function("(n) => Number(document.querySelector('.live-table')?.dataset.moves || 0) > n", arg=n)
    resign_on_turn(host, [host, guest])
    # The guest's own checks: its contribution at its place, the host's matches, the record verifies here.
    guest.wait_for_selector(".joint-check[data-ok]")
    assert guest.locator(".joint-check").get_attribute("data-ok") == "true", guest.locator(".joint-check").inner_text()
    # From the host's end: the finished record names both participants, and the host's own engine
    # verifies it (commitments, contributions → seed, every move).
    table = host.locator("[data-page=live-host]").get_attribute("data-table")
    snap = host.evaluate("(t) => window.__vt.engine.call('snapshot', {table: t, viewer: 0})", table)
    record = snap["record"]
    assert record["version"] == 4
    assert [p["commitment"] for p in record["joint"]] == [host_commitment, own]
    verdict = host.evaluate("(text) => window.__vt.engine.call('verify', {text, bots: true})", json.dumps(record))
    assert verdict["ok"], verdict
    assert moves(host) == moves(guest) == len(record["actions"]) or moves(host) == moves(guest)


def _snap(host, viewer):
    table = host.locator("[data-page=live-host]").get_attribute("data-table")
    return host.evaluate("([t, v]) => window.__vt.engine.call('snapshot', {table: t, viewer: v})", [table, viewer])


def test_a_guest_who_reloads_rejoins_the_same_seat_and_meanwhile_the_timer_plays_for_them(devices, site):
    host = devices.new(name="host")
    guest = devices.new(name="guest")
    host_setup(host, site, "elderwood", ["device"], query="botdelay=0&timer=4")
    connect(host, guest, 1)
    start_game(host, [guest])
    # Play until it is the guest's turn.
    for _ in range(200):
        if guest.locator(".moves-list button.move:not([disabled])").count():
            break
        play_first_enabled([host])
        host.wait_for_timeout(100)
    before = moves(host)
    guest.reload()
    host.wait_for_selector(".invite-card[data-seat='1'][data-state=away]")
    # The guest's clock runs on the host: the table plays for the seat while it is away.
    host.wait_for_function("(n) => Number(document.querySelector('.live-table')?.dataset.moves || 0) > n", arg=before,
                           timeout=20_000)
    log = host.locator(".log-list li").last
    assert log.get_attribute("data-by") == "timer"
    # A fresh invitation from the host's page brings the guest back to the same seat.
    host.click(".invite-card[data-seat='1'] button.reinvite")
    host.wait_for_selector(".invite-card[data-seat='1'][data-state=inviting] input.invite-link")
    connect(host, guest, 1)
    guest.wait_for_selector("[data-page=live-guest][data-viewer='1']")
    guest.wait_for_function("(n) => Number(document.querySelector('.live-table')?.dataset.moves || 0) >= n",
                            arg=moves(host))
    assert moves(guest) == moves(host)
    resign_on_turn(host, [host, guest])
    # The page kept this device's contribution across the reload: it still checks the seed.
    guest.wait_for_selector(".joint-check[data-ok]")
    assert guest.locator(".joint-check").get_attribute("data-ok") == "true", guest.locator(".joint-check").inner_text()


def test_a_spectator_joins_mid_game_and_sees_only_the_public_view(devices, site):
    """Milehollow, a person on each of two devices and a bot; a third device joins as a spectator
    once the game runs: its page follows the table, shows the acting person's countdown, holds no
    seat's hand (DOM and globals searched), its forged move is refused, and it checks the seal at the end."""
    from py_engine.core.table import Table
    from py_engine.games.milehollow.data import MAILS
    from py_engine.registry import get_game
    from tests.browser.test_milehollow_game import known_to
    from tests.browser.vt_page import page_text, saved_record

    devices.allowed.append(re.compile(r"refused a message"))
    host = devices.new(name="host")
    guest = devices.new(name="guest")
    watcher = devices.new(name="spectator")
    host_setup(host, site, "milehollow", ["device", "bot"], query="botdelay=0&timer=600")
    connect(host, guest, 1)
    start_game(host, [guest])
    for _ in range(4):
        n = moves(host)
        if play_first_enabled([host, guest]):
            host.wait_for_function("(n) => Number(document.querySelector('.live-table')?.dataset.moves || 0) > n", arg=n)
    host.click("#live-watcher")
    host.wait_for_selector(f"{card('w1')}[data-state=inviting] input.invite-link")
    assert "[data-seat" not in invitation(host, "w1")
    connect(host, watcher, "w1")
    watcher.wait_for_selector("[data-page=live-guest][data-viewer=''][data-moves]")
    assert watcher.locator(".join-seat").inner_text() and not watcher.locator(".own-commitment").count()
    save_id = host.locator("[data-page=live-host]").get_attribute("data-save")
    for step in range(3):
        settle([host, guest])
        watcher.wait_for_function("(n) => Number(document.querySelector('.live-table')?.dataset.moves || 0) >= n",
                                  arg=moves(host))
        assert moves(watcher) == moves(host)
        record = saved_record(host, save_id)
        state = Table.from_record(record, get_game, "test").state
        public = _snap(host, None)
        text = page_text(watcher)
        assert record["seed"] not in text
        for seat in range(3):
            ids = {MAILS[m].id for m in state.mail[seat] + state.pending[seat] + state.returning[seat]}
            for mid in ids - known_to(public):
                m = re.search(rf"\b{mid}\b", text)
                assert not m, f"seat {seat + 1}'s mail {mid} is in the spectator's page: {text[max(0, m.start() - 150):m.end() + 60]}"
        assert not watcher.locator(".moves-list button.move:not([disabled])").count()
        # The acting person's clock runs on the spectator's page too.
        if _snap(host, 0)["decision"]:
            watcher.wait_for_selector(".live-table .countdown:not([hidden])")
        n = moves(host)
        if step < 2 and play_first_enabled([host, guest]):
            host.wait_for_function("(n) => Number(document.querySelector('.live-table')?.dataset.moves || 0) > n", arg=n)
    SCREENS.mkdir(parents=True, exist_ok=True)
    watcher.screenshot(path=str(SCREENS / "live-spectator.png"))
    host.locator(".live-watchers").scroll_into_view_if_needed()
    host.screenshot(path=str(SCREENS / "live-host-spectators.png"))
    # A spectator plays no seat: whatever it sends is refused and changes nothing.
    before = _snap(host, 0)
    action = (before["legal"] or _snap(host, 1)["legal"])[0]["action"]
    seat = 0 if before["legal"] else 1
    watcher.evaluate("(t) => window.__vt.liveSend(t)", json.dumps({"v": 2, "type": "play", "seat": seat, "action": action}))
    watcher.wait_for_function("() => [...document.querySelectorAll('.table-notes .note')]"
                              ".some((n) => n.textContent.includes('spectator'))", timeout=10_000)
    assert _snap(host, 0)["log"] == before["log"]


def test_the_host_reloads_and_brings_the_guest_back_to_the_same_table(devices, site):
    """The host's page reloads mid-game: it opens the same table again from its address, the guest
    is Away, a fresh invitation brings it back to its seat, the game goes on to the end and the
    guest's page still checks its contribution."""
    host = devices.new(name="host")
    guest = devices.new(name="guest")
    host_setup(host, site, "elderwood", ["device"], query="botdelay=0&timer=600")
    connect(host, guest, 1)
    own = guest.locator(".own-commitment").inner_text()
    start_game(host, [guest])
    for _ in range(6):
        n = moves(host)
        if play_first_enabled([host, guest]):
            host.wait_for_function("(n) => Number(document.querySelector('.live-table')?.dataset.moves || 0) > n", arg=n)
    before = moves(host)
    save_id = host.locator("[data-page=live-host]").get_attribute("data-save")
    assert f"table={save_id}" in host.url and "botdelay=0" in host.url
    host.reload()
    host.wait_for_selector(f"[data-page=live-host][data-save='{save_id}'][data-moves='{before}']")
    host.wait_for_selector(f"{card(1)}[data-state=away]")
    guest.wait_for_selector(".guest-status[data-state=lost]")
    host.click(f"{card(1)} button.reinvite")
    host.wait_for_selector(f"{card(1)}[data-state=inviting] input.invite-link")
    connect(host, guest, 1)
    guest.wait_for_selector("[data-page=live-guest][data-viewer='1']")
    guest.wait_for_function("(n) => Number(document.querySelector('.live-table')?.dataset.moves || 0) >= n", arg=before)
    assert guest.locator(".own-commitment").inner_text() == own
    resign_on_turn(host, [host, guest])
    guest.wait_for_selector(".joint-check[data-ok]")
    assert guest.locator(".joint-check").get_attribute("data-ok") == "true", guest.locator(".joint-check").inner_text()
    # The table page of that save offers to invite the devices again.
    host.goto(site.url(f"index.html#/table/{save_id}"))
    host.wait_for_selector(f"a.invite-again[href='#/host/elderwood?table={save_id}']")


def test_a_forged_or_malformed_message_is_refused_and_changes_nothing(devices, site):
    host = devices.new(name="host")
    guest = devices.new(name="guest")
    devices.allowed.append(re.compile(r"refused a message"))
    host_setup(host, site, "elderwood", ["device"])
    connect(host, guest, 1)
    start_game(host, [guest])
    host.wait_for_selector(".moves-list button.move:not([disabled])")
    before = _snap(host, 0)
    legal = before["legal"][0]["action"]
    forged = [
        (json.dumps({"v": 2, "type": "play", "seat": 0, "action": legal}), "seat 2 only"),  # another seat
        (json.dumps({"v": 2, "type": "play", "seat": 1, "action": legal}), "not this seat's turn"),  # out of turn
        ("{not json", "not JSON"),
        (json.dumps({"v": 1, "type": "play", "seat": 1, "action": legal}), "version"),
        (json.dumps({"v": 2, "type": "shout", "seat": 1}), "unknown type"),
        (json.dumps({"v": 2, "type": "play", "seat": "1", "action": legal}), "bad field seat"),
        (json.dumps({"v": 2, "type": "play", "seat": 1, "action": legal, "extra": 1}), "unexpected field"),
        (json.dumps({"v": 2, "type": "play", "seat": 1, "action": "x" * 5000}), "too long"),
        (json.dumps({"v": 2, "type": "reveal", "contribution": "0" * 64}), "revealed once"),
    ]
    for text, why in forged:
        guest.evaluate("(t) => window.__vt.liveSend(t)", text)
        guest.wait_for_function("(w) => [...document.querySelectorAll('.table-notes .note')].some((n) => n.textContent.includes(w))",
                                arg=why, timeout=10_000)
    after = _snap(host, 0)
    assert after["log"] == before["log"] and after["decision"] == before["decision"]
    assert moves(host) == moves(guest) == len(before["log"])
    # The host's own move still goes through: nothing was left half-done.
    play_first_enabled([host])
    host.wait_for_function("(n) => Number(document.querySelector('.live-table')?.dataset.moves || 0) > n",
                           arg=len(before["log"]))


def test_on_phones_the_invitation_the_answer_and_the_table_fit_the_screen(devices, site):
    """Screenshots at 390×844 (docs/screens/live-*.png); the QR code is square and fits the width."""
    host = devices.new(390, 844, name="host")
    guest = devices.new(390, 844, name="guest")
    host_setup(host, site, "elderwood", ["device"])
    qr = host.locator(".invite-card[data-seat='1'] canvas.qr-code").bounding_box()
    assert qr["width"] == qr["height"] and qr["x"] >= 0 and qr["x"] + qr["width"] <= 390
    host.locator(".invite-card[data-seat='1']").scroll_into_view_if_needed()
    SCREENS.mkdir(parents=True, exist_ok=True)
    host.screenshot(path=str(SCREENS / "live-host-invite.png"))
    code = join(guest, invitation(host, 1))
    guest.screenshot(path=str(SCREENS / "live-guest-answer.png"))
    paste_answer(host, 1, code)
    start_game(host, [guest])
    for _ in range(6):
        n = moves(host)
        if play_first_enabled([host, guest]):
            host.wait_for_function("(n) => Number(document.querySelector('.live-table')?.dataset.moves || 0) > n", arg=n)
    guest.wait_for_function("(n) => Number(document.querySelector('.live-table')?.dataset.moves || 0) >= n", arg=moves(host))
    guest.locator(".live-table").scroll_into_view_if_needed()
    guest.screenshot(path=str(SCREENS / "live-guest-table.png"))
    host.locator(".live-table").scroll_into_view_if_needed()
    host.screenshot(path=str(SCREENS / "live-host-table.png"))
    for name in ("live-host-invite", "live-guest-answer", "live-guest-table", "live-host-table"):
        assert (SCREENS / f"{name}.png").stat().st_size < 300_000


@pytest.mark.parametrize("game", ["hollowmere", "wickerfair"])
def test_three_devices_play_the_other_games_and_every_guest_checks_the_seed(devices, site, game):
    """Three contexts (a host and two guests), the two games not played above: Hollowmere to its end
    (a stretch, then resignations), and a stretch of Wickerfair; each guest acts only for its own
    seat and sees the table's moves."""
    host = devices.new(name="host")
    guests = [devices.new(name="guest1"), devices.new(name="guest2")]
    # No clock runs out while three pages take turns on a slow machine: every move is a person's.
    host_setup(host, site, game, ["device", "device"], query="botdelay=0&timer=900")
    connect(host, guests[0], 1)
    connect(host, guests[1], 2)
    watcher = None
    if game == "hollowmere":
        # A spectator invited before the start adds nothing to the seed and checks the seal at the end.
        watcher = devices.new(name="spectator")
        host.click("#live-watcher")
        host.wait_for_selector(f"{card('w1')}[data-state=inviting] input.invite-link")
        connect(host, watcher, "w1")
        watcher.wait_for_selector(".guest-status[data-state=joined]")
    start_game(host, guests)
    pages = [host, *guests]
    if game == "hollowmere":
        watcher.wait_for_selector("[data-page=live-guest][data-viewer=''][data-moves]")
        resign_after(host, pages, 12)
        watcher.wait_for_selector(".joint-check[data-ok]")
        assert watcher.locator(".joint-check").get_attribute("data-ok") == "true", watcher.locator(".joint-check").inner_text()
        # The host's word, the terms it was sent before the start, the moves and the record; no own contribution.
        rows = [li.get_attribute("data-check") for li in watcher.locator(".joint-check > ul > li").all()]
        assert rows == ["host", "terms", "moves", "record"], rows
        for g in guests:
            g.wait_for_selector(".joint-check[data-ok]")
            assert g.locator(".joint-check").get_attribute("data-ok") == "true", g.locator(".joint-check").inner_text()
        record = _snap(host, 0)["record"]
        assert record["version"] == 4 and len(record["joint"]) == 3
        return
    # Wickerfair's first listed step is often one that a second press undoes (a hex picked, then
    # unpicked): any listed step, drawn from a seeded stream, gets through whole actions.
    pick = random.Random(4)
    for _ in range(3000):
        if moves(host) >= 10:
            break
        if not play_first_enabled(pages, pick):
            host.wait_for_timeout(30)
    assert moves(host) >= 10
    # Every device follows the same table; the guests' own moves went through the host's engine.
    for g in guests:
        g.wait_for_function("(n) => Number(document.querySelector('.live-table')?.dataset.moves || 0) >= n",
                            arg=moves(host) - 2, timeout=WAIT)
    log = _snap(host, 0)["log"]
    by_people = {e["seat"] for e in log if e["by"] == "seat"}
    assert len(by_people) >= 2 and by_people & {1, 2}, by_people


# Chromium has no Barcode Detection API on Linux: this one "sees" whatever QR code the test puts
# before the camera (window.__qrInView), and only once the camera is on.
FAKE_DETECTOR = """
window.BarcodeDetector = class {
  constructor(options) { this.formats = options.formats; }
  async detect(video) {
    if (!(video.srcObject instanceof MediaStream) || !video.srcObject.active || video.videoWidth === 0) return [];
    window.__framesSeen = (window.__framesSeen || 0) + 1;
    return window.__qrInView ? [{ format: "qr_code", rawValue: window.__qrInView }] : [];
  }
};
"""


def test_codes_are_scanned_both_ways_with_the_camera(devices, site):
    """Where the browser reads QR codes, the guest's Join page scans the invitation from the host's
    screen, and the host's card scans the answer from the guest's: the camera comes on, the code
    read is taken as if pasted; the camera is released."""
    host = devices.new(name="host", init_script=FAKE_DETECTOR)
    guest = devices.new(name="guest", init_script=FAKE_DETECTOR)
    host_setup(host, site, "elderwood", ["device"])
    guest.goto(site.url("index.html#/join"))
    guest.click("[data-page=live-join] button.scan")
    guest.wait_for_selector("[data-page=live-join] video.scan-video")
    guest.wait_for_function("() => (window.__framesSeen || 0) > 2")
    guest.evaluate("(code) => { window.__qrInView = code; }", invitation(host, 1))
    answer = guest.wait_for_function(
        "() => document.querySelector('[data-page=live-join]') ? null"
        " : document.querySelector('textarea.answer-code')?.value || null", timeout=WAIT)
    assert guest.evaluate("document.querySelectorAll('video.scan-video').length") == 0
    assert "#/join?i=" in guest.url
    host.click(f"{card(1)} button.scan")
    host.wait_for_selector(f"{card(1)} video.scan-video")
    host.wait_for_function("() => (window.__framesSeen || 0) > 2")  # the camera runs and frames are looked at
    assert host.locator(f"{card(1)}[data-state=inviting]").count() == 1
    host.evaluate("(code) => { window.__qrInView = code; }", answer)
    host.wait_for_selector(f"{card(1)}[data-state=here]", timeout=30_000)
    assert host.evaluate("document.querySelectorAll('video.scan-video').length") == 0
    guest.wait_for_selector(".guest-status[data-state=joined]")
    # Stopping the camera before anything is read leaves the answer to be pasted.
    host.click("#live-watcher")
    host.wait_for_selector(f"{card('w1')}[data-state=inviting] button.scan")
    host.evaluate("() => { window.__qrInView = null; }")
    host.click(f"{card('w1')} button.scan")
    host.click(f"{card('w1')} button.scan-stop")
    host.wait_for_selector(f"{card('w1')} button.scan")
    assert host.locator(f"{card('w1')}[data-state=inviting] textarea.answer-input").input_value() == ""


def test_odd_addresses_of_the_hosting_and_join_pages_say_so_and_change_nothing(devices, site):
    """A join link that is not an invitation, a hosting address naming a table that is not there,
    not an id, or not a table hosted with other devices: each page says so in words, and no table
    is saved or changed."""
    from tests.browser.vt_page import saved_record

    pg = devices.new(name="device")
    # A table played at this device only (no other devices): the hosting page will not take it over.
    pg.goto(site.url("index.html#/new/elderwood"))
    pg.wait_for_selector("#start")
    pg.click("#start")
    pg.wait_for_selector("[data-page=table]")
    save_id = re.search(r"#/table/([^?]+)", pg.url).group(1)
    before = saved_record(pg, save_id)
    for address, words in [
        ("#/join?i=!!!", "cannot be read"),
        ("#/join?i=AAAA", "cannot be read"),
        ("#/join?t=short", "cannot be read"),
        ("#/join?t=" + "A" * 23, "cannot be read"),
        ("#/host/elderwood?table=no%20such%20id", "malformed"),
        ("#/host/elderwood?table=zzzzzzzzzzzz", "not here"),
        (f"#/host/elderwood?table={save_id}", "not hosted with other devices"),
        (f"#/host/hollowmere?table={save_id}", "not hosted with other devices"),
        ("#/host/chess", "chess"),
    ]:
        pg.goto(site.url(f"index.html{address}"))
        pg.wait_for_function("(w) => document.querySelector('#app [role=alert], #app .form-error')?.textContent.includes(w)",
                             arg=words, timeout=30_000)
        assert not pg.locator("[data-page=live-host] .live-table").count()
    assert saved_record(pg, save_id) == before
