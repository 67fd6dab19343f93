"""Internet tables through relays that behave like strict public ones (tests/browser/live_relay.py,
``StrictRelay``): a NIP-42 challenge before anything is taken, stale events refused, a connection
that publishes too fast told to slow down, notices, a subscription closed mid-game; and a relay
that refuses every event. The pages recover from each and the table plays on; the host says in
words which relay refuses. (What the pool sends for each answer, frame by frame:
tests/test_live_relay_pool.py.)
"""
from __future__ import annotations

import asyncio
import json
import re
import time
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import quote

import pytest

from tests.browser.live_relay import StrictRelay, signed
from tests.browser.test_live import moves
from tests.browser.test_live_net import (AUTOPLAY, device, devices, guest_checks_pass, host_invites,  # noqa: F401
                                         net_browser, play_some, relay, resign_now, start, take_seat, wait_path)

WS_GONE = re.compile(r"WebSocket connection to 'ws://127\.0\.0\.1:\d+/' failed")
# The guest's device runs three minutes behind: its events would all be stale to a strict relay.
CLOCK_BEHIND = "(() => { const real = Date.now.bind(Date); Date.now = () => real() - 180000; })();"
POOL = {"host": "window.__vt.liveHost.transport.pool", "guest": "window.__vt.liveGuest.netLink.pool"}


def pool_status(pg, who):
    return pg.evaluate(f"() => {POOL[who]}.status()")


def trouble_words(pg, who, lang):
    """What netview.js says of the page's relays, in `lang` (the page's language is put back)."""
    return pg.evaluate(f"""async (lang) => {{
      const {{ relayTrouble }} = await import('./web/app/live/netview.js');
      const i18n = await import('./web/lib/i18n.js');
      const was = i18n.getLang();
      i18n.setLang(lang);
      try {{ return relayTrouble({POOL[who]}.problems()); }} finally {{ i18n.setLang(was); }}
    }}""", lang)


@pytest.fixture
def strict(relay):
    # It asks who the page is only when it first refuses an event for want of it (so the pages
    # always meet both refusals); the on-connect challenge is met in the next test.
    s = StrictRelay(relay.url, challenge_after=None, close_after=30)
    yield s
    s.close()


def test_a_strict_relay_and_a_clock_three_minutes_behind_a_game_plays_to_its_end(devices, site, relay, strict):
    devices.allowed.append(WS_GONE)
    host = device(devices, strict.url, "host")
    guest = device(devices, strict.url, "guest", 390, 844)
    guest.add_init_script(CLOCK_BEHIND)
    t0 = time.monotonic()
    links = host_invites(host, site, "elderwood", ["device"], query="botdelay=0&direct=off")
    take_seat(host, guest, links[1], 1, "Ana")
    start(host, [guest])
    wait_path(host, 1, "relay")
    # A burst faster than the relay allows: one message of 60,000 random characters (the host
    # refuses it as too long) goes as about eight pieces at once; the relay says rate-limited past
    # its burst of four, the page slows down and sends the rest again.
    guest.evaluate("""() => { const b = new Uint8Array(45000); for (let i = 0; i < b.length; i += 65536)
      crypto.getRandomValues(b.subarray(i, i + 65536));
      window.__vt.liveSend(btoa(String.fromCharCode(...b))); }""")
    guest.wait_for_function(f"() => {POOL['guest']}.status()[0].counts.rateLimited >= 1", timeout=10_000)
    # A stretch of moves (each page plays its first move whenever it may), then the host resigns.
    for pg in (host, guest):
        pg.evaluate(AUTOPLAY)
    host.wait_for_function("() => Number(document.querySelector('.live-table')?.dataset.moves || 0) >= 40", timeout=90_000)
    for pg in (host, guest):
        pg.evaluate("() => clearInterval(window.__autoplay)")
    resign_now(host, guest)
    guest_checks_pass(guest)
    assert moves(guest) == moves(host)
    print(f"strict relay: a whole game in {time.monotonic() - t0:.1f}s; {strict.stats}")
    print("guest's pool:", pool_status(guest, "guest")[0]["counts"], "host's pool:", pool_status(host, "host")[0]["counts"])
    st = strict.stats
    # It did each thing: challenged each connection and took only valid answers, refused what came
    # before them, refused the guest's events while they were stale, slowed a page down, spoke
    # now and then, closed a subscription mid-game.
    assert st["challenges"] >= 2 and st["auth_ok"] >= 2 and st["auth_bad"] == 0, st
    assert st["event_before_auth"] >= 1 and st["req_before_auth"] >= 1, st
    assert st["stale"] >= 1 and st["rate_limited"] >= 1 and st["notices"] >= 1 and st["closed"] >= 1, st
    # What each page made of it.
    host_pool, guest_pool = pool_status(host, "host")[0], pool_status(guest, "guest")[0]
    for p in (host_pool, guest_pool):
        assert p["counts"]["auths"] >= 1 and p["counts"]["authRequired"] + p["counts"]["closed"] >= 1, p
    assert host_pool["counts"]["closed"] + guest_pool["counts"]["closed"] >= 2, (host_pool, guest_pool)  # auth-required, error:
    assert guest_pool["counts"]["rateLimited"] >= 1, guest_pool
    assert host_pool["counts"]["notices"] >= 1 and host_pool["notices"][-1].startswith("this relay keeps nothing"), host_pool
    # The guest signs on the table's time since the relay refused its stale events (three minutes, give or take a second or two).
    skew = guest.evaluate(f"() => {POOL['guest']}.skew")
    assert 175 <= skew <= 185, skew
    assert guest_pool["counts"]["resigned"] >= 1, guest_pool


def test_a_relay_that_refuses_every_event_is_said_in_words_and_the_table_plays_on_through_the_other(devices, site, relay,
                                                                                                   strict):
    # The first relay is strict and challenges each page 1 s after it connects.
    strict.challenge_after = 1.0
    refusing = StrictRelay(relay.url, refuse="blocked: this relay does not carry game tables")
    devices.allowed.append(WS_GONE)
    try:
        both = f"{strict.url}\n{refusing.url}"
        host = device(devices, both, "host")
        guest = device(devices, both, "guest")
        links = host_invites(host, site, "elderwood", ["device"], query="botdelay=0&direct=off")
        assert quote(f"{strict.url},{refusing.url}", safe="") in links[1]  # the guest's page uses the same two
        take_seat(host, guest, links[1], 1, "Ana")
        start(host, [guest])
        wait_path(host, 1, "relay")
        play_some(host, [host, guest], 8)
        refused = {"url": refusing.url, "state": "refusing", "reason": "blocked: this relay does not carry game tables"}
        name = refusing.url.removeprefix("ws://")
        for pg, who in ((host, "host"), (guest, "guest")):
            # (The strict relay may be slowing a page down at this moment: it is said too, beside.)
            problems = pg.evaluate(f"() => {POOL[who]}.problems()")
            assert refused in problems and all(p["url"] == strict.url for p in problems if p != refused), problems
            assert pg.evaluate(f"() => {POOL[who]}.open") == 1
            assert f"{name} refuses the table's messages: “blocked: this relay does not carry game tables”" \
                in trouble_words(pg, who, "en")
            assert f"{name} recusa as mensagens da mesa: “blocked: this relay does not carry game tables”" \
                in trouble_words(pg, who, "pt")
        # Not hammered: three refusals in a row and each page leaves it alone for 30 s.
        status = pool_status(host, "host")
        assert status[0]["counts"]["ok"] >= 8 and 3 <= status[1]["counts"]["refused"] <= 5, status
        assert refusing.stats["refused"] <= 10, refusing.stats
        assert strict.stats["challenges"] >= 2 and strict.stats["auth_ok"] >= 2 and strict.stats["req_before_auth"] >= 2, \
            strict.stats
        resign_now(host, guest)
        guest_checks_pass(guest)
        assert moves(guest) == moves(host)
    finally:
        refusing.close()


def test_the_host_page_shows_a_refusing_relay_in_its_relays_line(devices, site, relay):
    refusing = StrictRelay(relay.url, refuse="blocked: no tables here")
    try:
        host = device(devices, f"{relay.url}\n{refusing.url}", "host")
        host_invites(host, site, "elderwood", ["device"], query="botdelay=0&direct=off")
        # The host's link says hello on its topic every 3 s: three refusals within about ten.
        host.wait_for_function(f"() => {POOL['host']}.problems().length === 1", timeout=20_000)
        host.wait_for_timeout(500)
        line = host.locator(".live-relays").inner_text()
        assert "refuses the table's messages" in line and "blocked: no tables here" in line, line
    finally:
        refusing.close()


# --- the double itself, spoken to frame by frame ------------------------------------------------

def test_the_strict_relay_double_refuses_as_strict_public_relays_do(relay):
    import coincurve
    import websockets

    strict = StrictRelay(relay.url, challenge_after=0.1, rate=2.0, burst=3, notice_every=0.5, close_after=1)
    key = coincurve.PrivateKey()
    topic = "ef" * 16

    async def talk():
        async with websockets.connect(strict.url) as ws:
            async def answer(pred):
                while True:
                    msg = json.loads(await asyncio.wait_for(ws.recv(), 5))
                    if pred(msg):
                        return msg

            kind, challenge = json.loads(await ws.recv())
            assert kind == "AUTH" and len(challenge) == 32
            ev = signed(key, 25050, [["t", topic]], "before auth")
            await ws.send(json.dumps(["EVENT", ev]))
            ok = await answer(lambda m: m[0] == "OK")
            assert ok[1:3] == [ev["id"], False] and ok[3].startswith("auth-required:"), ok
            await ws.send(json.dumps(["REQ", "s", {"kinds": [25050], "#t": [topic]}]))
            closed = await answer(lambda m: m[0] == "CLOSED")
            assert closed[1] == "s" and closed[2].startswith("auth-required:"), closed
            # Answers that do not hold: another challenge, another relay, a broken signature.
            for tags in ([["relay", strict.url], ["challenge", "0" * 32]], [["relay", "ws://elsewhere"], ["challenge", challenge]]):
                bad = signed(key, 22242, tags, "")
                await ws.send(json.dumps(["AUTH", bad]))
                assert (await answer(lambda m: m[0] == "OK"))[2] is False
            forged = signed(key, 22242, [["relay", strict.url + "/"], ["challenge", challenge]], "")
            forged["sig"] = ("1" if forged["sig"][0] == "0" else "0") + forged["sig"][1:]
            await ws.send(json.dumps(["AUTH", forged]))
            assert (await answer(lambda m: m[0] == "OK"))[2] is False
            good = signed(key, 22242, [["relay", strict.url + "/"], ["challenge", challenge]], "")
            await ws.send(json.dumps(["AUTH", good]))
            assert (await answer(lambda m: m[0] == "OK")) == ["OK", good["id"], True, ""]
            await ws.send(json.dumps(["REQ", "s", {"kinds": [25050], "#t": [topic], "since": int(time.time()) - 5}]))
            stale = signed(key, 25050, [["t", topic]], "old", created_at=int(time.time()) - 61)
            await ws.send(json.dumps(["EVENT", stale]))
            ok = await answer(lambda m: m[0] == "OK")
            assert ok[2] is False and ok[3].startswith("invalid:"), ok
            fresh = [signed(key, 25050, [["t", topic]], f"fresh {i}") for i in range(5)]
            for e in fresh:
                await ws.send(json.dumps(["EVENT", e]))
            oks = {}
            seen_event = closed = notice = None
            while len(oks) < 5 or not (seen_event and closed and notice):
                m = json.loads(await asyncio.wait_for(ws.recv(), 5))
                if m[0] == "OK":
                    oks[m[1]] = (m[2], m[3])
                elif m[0] == "EVENT":
                    seen_event = m
                elif m[0] == "CLOSED":
                    closed = m
                elif m[0] == "NOTICE":
                    notice = m
            verdicts = [oks[e["id"]] for e in fresh]
            assert [v[0] for v in verdicts] == [True, True, True, False, False], verdicts
            assert all(v[1].startswith("rate-limited:") for v in verdicts[3:]), verdicts
            assert seen_event[1] == "s" and closed[1:] == ["s", "error: shutting down idle subscriptions"], closed

    try:
        # In a thread of its own: Playwright's sync API keeps an event loop running in this one.
        with ThreadPoolExecutor(1) as pool:
            pool.submit(asyncio.run, talk()).result(60)
        st = strict.stats
        assert st["event_before_auth"] == 1 and st["req_before_auth"] == 1 and st["auth_bad"] == 3 and st["auth_ok"] == 1, st
        assert st["stale"] == 1 and st["rate_limited"] == 2 and st["closed"] == 1 and st["notices"] >= 1, st
    finally:
        strict.close()
