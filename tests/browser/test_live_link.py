"""One link admits one device, and one guest cannot stall or exhaust the table (docs/live.md, "One
link, one device").

The attacker is another browser context that holds only a link, as someone who saw it would: it
opens it as the site's own page does, or, with the site's own modules, listens on the link's topic,
forges hellos and answers, and floods. The honest host and guest run the pages unmodified, over
the local relay. Each time the honest side keeps its table and loses nothing, and whoever should
be told is told in words.
"""
from __future__ import annotations

import re
import time
from urllib.parse import quote

import pytest

from tests.browser.live_relay import GateRelay
from tests.browser.test_live import moves, play_first_enabled
from tests.browser.test_live_net import (  # noqa: F401 - fixtures
    AUTOPLAY_SEEDED, SCREENS, WAIT, device, devices, host_invites, net_browser, play_some, relay, same_moves, start,
    take_seat)

# The site's own modules in an attacker's page: the link's keys from its secret, a pool on its
# topic that hears every key, and what a listener holding the link could open.
ATTACKER = """async ([link, relayUrl, base]) => {
  const seal = await import(base + "web/app/live/seal.js");
  const relay = await import(base + "web/app/live/relay.js");
  const q = new URLSearchParams(link.split("?")[1]);
  const keys = await seal.keysFor(q.get("t"));
  const opened = [];
  const pool = new relay.RelayPool([relayUrl], { accept: () => true, onEvent: async (ev) => {
    for (const dir of ["toGuest", "toHost"]) {
      const p = await seal.openPiece(keys, dir, ev.content);
      if (!p) continue;
      let kinds = null, envs = null;
      if (p.count === 1) {
        try { envs = JSON.parse(await seal.joinPieces([p.part])); kinds = envs.map((e) => e.k); } catch (_) { kinds = ["?"]; }
      }
      opened.push({ dir, count: p.count, kinds, envs });
    }
  } });
  pool.listen([keys.topic]);
  const publish = async (sk, dir, envs) => {
    for (const p of await seal.sealBatch(keys, dir, JSON.stringify(envs))) pool.publish({ topic: keys.topic, content: p, secretKey: sk });
  };
  const newKey = () => { const k = new Uint8Array(32); crypto.getRandomValues(k); return k; };
  window.__atk = { seal, relay, keys, pool, opened, publish, newKey, relayUrl };
}"""

FORGE_HELLO = """async (epoch) => { const a = window.__atk, sk = a.newKey(), eph = await a.seal.newEphemeral();
  await a.publish(sk, "toHost", [{ k: "hello", f: "abcdefabcdef", e: epoch, x: eph.pub, p: a.relay.getPublicKey(sk) }]); }"""

# Speak as the host to the guest: an announce and an answer to the guest's own session (read off
# the relay), signed by a key of the attacker's.
FORGE_HOST = """async (guestSid) => { const a = window.__atk, sk = a.newKey(), eph = await a.seal.newEphemeral();
  await a.publish(sk, "toGuest", [{ k: "hello", f: "fedcbafedcba", e: Date.now() + 1e9 },
    { k: "accept", f: "fedcbafedcba", t: guestSid, e: Date.now() + 1e9, x: eph.pub }]); }"""


# A stranger's hello naming a session of its choice (the seat's own, read off its page), signed by a
# fresh key of the attacker's; the key is kept to look for the answer meant for it.
FORGE_HELLO_AS = """async (sid) => { const a = window.__atk, sk = a.newKey(), eph = await a.seal.newEphemeral();
  const p = a.relay.getPublicKey(sk); window.__atkKeys = [...(window.__atkKeys || []), p];
  await a.publish(sk, "toHost", [{ k: "hello", f: sid, e: 1, x: eph.pub, p }]); }"""

# Strangers' hellos, each from a fresh key with a fresh ECDH key, made beforehand (the attacker's own
# work is not what is measured), then sent straight to the relay `rate` a second for `seconds`.
STRANGERS_PREPARE = """async (count) => {
  const a = window.__atk, events = [];
  for (let i = 0; i < count; i++) {
    const sk = a.newKey(), eph = await a.seal.newEphemeral();
    const sid = [...crypto.getRandomValues(new Uint8Array(6))].map((x) => x.toString(16).padStart(2, "0")).join("");
    const [piece] = await a.seal.sealBatch(a.keys, "toHost", JSON.stringify([{ k: "hello", f: sid, e: 1, x: eph.pub,
      p: a.relay.getPublicKey(sk) }]));
    events.push(a.relay.pieceEvent(sk, a.keys.topic, piece));
  }
  const ws = new WebSocket(a.relayUrl);
  await new Promise((resolve) => ws.addEventListener("open", resolve));
  window.__strangers = { events, ws, sent: 0 };
}"""

STRANGERS = """async ([rate, seconds]) => {
  const s = window.__strangers, start = Date.now(), end = start + seconds * 1000;
  while (Date.now() < end && s.sent < s.events.length) {
    const owed = Math.min(s.events.length, Math.floor(((Date.now() - start) / 1000) * rate) + 1);
    for (; s.sent < owed; s.sent++) s.ws.send(JSON.stringify(["EVENT", s.events[s.sent]]));
    await new Promise((r) => setTimeout(r, 20));
  }
  return s.sent;
}"""


def attacker(devices, relay_url, site, link):
    pg = device(devices, relay_url, "attacker")
    pg.goto(site.url("index.html#/"))
    pg.wait_for_selector("[data-page=lobby]", timeout=WAIT)
    pg.evaluate(ATTACKER, [link, relay_url, site.url("")])
    return pg


def opened_kinds(pg) -> list:
    return pg.evaluate("window.__atk.opened")


def heard_from_the_start(devices, relay_url, site, game, name):
    """A live table of the host and one guest's device (``name``), started, with an attacker holding
    the guest's link and listening on its topic from before the guest took the seat."""
    host = device(devices, relay_url, "host")
    guest = device(devices, relay_url, "guest")
    links = host_invites(host, site, game, ["device"])
    atk = attacker(devices, relay_url, site, links[1])
    take_seat(host, guest, links[1], 1, name)
    start(host, [guest])
    return host, guest, links, atk


def test_a_copy_of_a_used_link_reads_nothing_is_refused_and_both_sides_are_told(devices, site, relay):
    # Someone who saw the link listens on its topic from the start.
    host, guest, links, listener = heard_from_the_start(devices, relay.url, site, "milehollow", "Bea")
    play_some(host, [host, guest], 6)
    # Another device opens the used link, as the site's page does.
    copy = device(devices, relay.url, "copy")
    copy.add_init_script("window.__vtLiveReceived = [];")
    copy.goto(links[1])
    copy.fill("#join-name", "Mallory")
    copy.click("#join-take")
    copy.locator("[data-alert=taken]").wait_for(timeout=WAIT)
    assert "taken by another device" in copy.locator("[data-alert=taken]").inner_text()
    host.wait_for_selector(".invite-card[data-seat='1'][data-stranger=asked]", timeout=WAIT)
    assert "Another device opened this link" in host.locator(".invite-card[data-seat='1']").inner_text()
    guest.locator("[data-alert=notice-stranger]").wait_for(timeout=WAIT)
    assert "The host kept the seat on this device" in guest.locator("[data-alert=notice-stranger]").inner_text()
    host.screenshot(path=str(SCREENS / "live-link-stranger-host.png"))
    copy.screenshot(path=str(SCREENS / "live-link-stranger-copy.png"))
    # The table plays on for its own guest; the copy received nothing of it.
    before = moves(guest)
    play_some(host, [host, guest], 4)
    same_moves(host, guest)
    assert moves(guest) > before and host.locator(".invite-card[data-seat='1'][data-state=here]").count() == 1
    assert copy.evaluate("window.__vtLiveReceived.length") == 0
    assert copy.locator(".live-table").count() == 0
    # What the listener could open with the link's keys: the handshake, nothing of the table.
    seen = opened_kinds(listener)
    assert seen and all(o["count"] == 1 and set(o["kinds"]) <= {"hello", "accept", "taken"} for o in seen), seen
    # The host's page reloads: the seat stays pinned to the guest's device.
    host.reload()
    host.wait_for_selector(".invite-card[data-seat='1'][data-state=here]", timeout=WAIT)
    copy.reload()
    copy.locator("[data-alert=taken]").wait_for(timeout=WAIT)
    play_some(host, [host, guest], 2)
    same_moves(host, guest)
    assert copy.evaluate("window.__vtLiveReceived.length") == 0
    # A person who changed device: the new device's page shows a code, the host's card the code of the
    # device asking; the host compares them with the person, then hands the seat over, and the old
    # device is told.
    host.wait_for_selector(".invite-card[data-seat='1'] button.handover", timeout=WAIT)
    code = copy.locator("[data-alert=taken] .handover-code")
    code.wait_for(timeout=WAIT)
    card_code = host.locator(".invite-card[data-seat='1'] .handover-code")
    host.wait_for_function("""(c) => document.querySelector(".invite-card[data-seat='1'] .handover-code")?.textContent === c""",
                           arg=code.inner_text(), timeout=WAIT)
    assert re.fullmatch(r"\d{4} \d{4}", code.inner_text()), code.inner_text()
    assert card_code.inner_text() == code.inner_text()
    # Another stranger, with a key of its own, has another code.
    atk2 = attacker(devices, relay.url, site, links[1])
    atk2.evaluate(FORGE_HELLO_AS, "0123456789ab")
    host.wait_for_function("""(c) => { const x = document.querySelector(".invite-card[data-seat='1'] .handover-code");
      return x && x.textContent !== c; }""", arg=code.inner_text(), timeout=WAIT)
    both_ways(copy, "live-link-handover-copy", "[data-alert=taken]")
    host.wait_for_function("""(c) => document.querySelector(".invite-card[data-seat='1'] .handover-code")?.textContent === c""",
                           arg=code.inner_text(), timeout=WAIT)
    both_ways(host, "live-link-handover-host", ".invite-card[data-seat='1'] .handover-code")
    host.click(".invite-card[data-seat='1'] button.handover")
    guest.locator("[data-alert=notice-moved]").wait_for(timeout=WAIT)
    copy.wait_for_selector("[data-page=live-guest][data-moves]", timeout=WAIT)
    same_moves(host, copy)


def test_forged_hellos_and_a_forged_host_change_nothing_also_after_reloads(devices, site, relay):
    host, guest, _, atk = heard_from_the_start(devices, relay.url, site, "elderwood", "Ana")
    play_some(host, [host, guest], 2)
    # Hellos with the largest epochs, from keys that are not the seat's device.
    for epoch in (1.7976931348623157e308, 2 ** 53 - 1, 10 ** 15):
        atk.evaluate(FORGE_HELLO, epoch)
    host.wait_for_timeout(1500)
    assert host.locator(".invite-card[data-seat='1'][data-state=here]").count() == 1
    play_some(host, [host, guest], 2)
    same_moves(host, guest)
    # Someone speaking as the host, to the guest's own session: the guest hears the real host only.
    sid = guest.evaluate("window.__vt.liveGuest.netLink.sid")
    atk.evaluate(FORGE_HOST, sid)
    guest.wait_for_timeout(1500)
    assert guest.evaluate("window.__vt.liveGuest.netLink.other.sid") == host.evaluate(
        "window.__vt.liveHost.guests.get(1).channel.link.sid")
    play_some(host, [host, guest], 2)
    same_moves(host, guest)
    # The attacker goes away; either page reloads, and the table heals as always.
    atk.close()
    for pg in (guest, host):
        pg.reload()
        host.wait_for_selector(".invite-card[data-seat='1'][data-state=here]", timeout=WAIT)
        guest.wait_for_selector("[data-page=live-guest][data-moves]", timeout=WAIT)
        play_some(host, [host, guest], 2)
        same_moves(host, guest)


def both_ways(pg, name, focus):
    """A screenshot on a desktop in English and one on a phone (390×844) in Portuguese, `focus` in view."""
    for lang, size, suffix in (("en", (1200, 900), "en"), ("pt", (390, 844), "pt-phone")):
        pg.set_viewport_size({"width": size[0], "height": size[1]})
        pg.evaluate("(l) => document.querySelector(`button[data-lang=${l}]`).click()", lang)
        pg.wait_for_timeout(200)
        pg.locator(focus).first.scroll_into_view_if_needed()
        pg.screenshot(path=str(SCREENS / f"{name}-{suffix}.png"))
    pg.evaluate("() => document.querySelector('button[data-lang=en]').click()")
    pg.set_viewport_size({"width": 1200, "height": 900})


def board_within(pg, seconds: float) -> float:
    """Seconds from now until `pg` shows its seat's board (at most `seconds` + 30 are waited)."""
    t0 = time.monotonic()
    pg.wait_for_selector("[data-page=live-guest][data-moves]", timeout=(seconds + 30) * 1000)
    return time.monotonic() - t0


def test_a_reloaded_guest_gets_its_board_within_5_s_while_strangers_hello_at_30_a_second(devices, site, relay):
    """Strangers holding a used link, each hello from a fresh key, 30 a second: they are limited together
    and answered last, so the seat's own device, reloaded, has its board within 5 s, during the flood
    and after it."""
    host = device(devices, relay.url, "host")
    guest = device(devices, relay.url, "guest")
    links = host_invites(host, site, "milehollow", ["device"])
    take_seat(host, guest, links[1], 1, "Bea")
    start(host, [guest])
    play_some(host, [host, guest], 4)
    atk = attacker(devices, relay.url, site, links[1])
    atk.evaluate(STRANGERS_PREPARE, 900)
    atk.evaluate("(a) => { window.__flood = (" + STRANGERS + ")(a); }", [30, 30])
    # The strangers have helloed for a while (in the issue, the relays' queues were full by then).
    host.wait_for_timeout(10_000)
    guest.reload()
    during = board_within(guest, 5)
    same_moves(host, guest)
    play_some(host, [host, guest], 2)
    sent = atk.evaluate("window.__flood")
    guest.reload()
    after = board_within(guest, 5)
    print(f"{sent} strangers' hellos; the guest's board after a reload: {during:.1f} s during the flood, "
          f"{after:.1f} s after it; host: {host.evaluate('JSON.stringify(window.__vt.liveHost.transport.strangers.counts)')}")
    assert sent >= 850, sent
    assert during <= 5 and after <= 5, (during, after)
    # The host heard of the strangers, on the card, and never thought its own guest one.
    assert host.locator(".invite-card[data-seat='1'][data-stranger=asked]").count() == 1
    assert guest.locator("[data-alert=taken]").count() == 0
    play_some(host, [host, guest], 2)
    same_moves(host, guest)


@pytest.fixture
def gate(relay):
    """A gate in front of the relay for one device (listed before `devices`, it closes after their pages)."""
    with GateRelay(relay.url) as g:
        yield g


def test_a_taken_meant_for_a_stranger_never_reaches_the_seat_and_the_host_says_when_its_seat_is_stuck(
        gate, devices, site, relay):
    """The seat's device behind a gate: first its own messages do not get out while a stranger's hello
    names its session (the answer "taken" is bound to that stranger's key: the seat's page is not told
    anything); then the answers to it do not get in, and the host's card says the seat's device is
    trying and not answered, until they do."""
    host = device(devices, relay.url, "host")
    guest = device(devices, gate.url, "guest")
    links = host_invites(host, site, "elderwood", ["device"])
    # The link names the host's relay: the guest's copy names the gate in front of it instead.
    gated = links[1].replace(quote(relay.url, safe=""), quote(gate.url, safe=""))
    assert gated != links[1]
    take_seat(host, guest, gated, 1, "Ana")
    start(host, [guest])
    play_some(host, [host, guest], 2)
    atk = attacker(devices, relay.url, site, links[1])
    # The guest's page reloads and what it sends goes nowhere: it looks for the table, alone.
    gate.up = False
    guest.reload()
    guest.wait_for_function("() => window.__vt.liveGuest && window.__vt.liveGuest.netLink")
    sid = guest.evaluate("window.__vt.liveGuest.netLink.sid")
    atk.evaluate(FORGE_HELLO_AS, sid)
    host.wait_for_selector(".invite-card[data-seat='1'][data-stranger=asked]", timeout=WAIT)
    # The host answered the stranger, naming the seat's session, and the answer reached the relay.
    atk.wait_for_function("""(sid) => window.__atk.opened.some((o) => (o.envs || []).some((e) => e.k === "taken"
      && e.t === sid))""", arg=sid, timeout=WAIT)
    guest.wait_for_timeout(2000)
    assert guest.locator("[data-alert=taken]").count() == 0, guest.locator("[data-alert=taken]").inner_text()
    gate.up = True
    guest.wait_for_selector("[data-page=live-guest][data-moves]", timeout=WAIT)
    play_some(host, [host, guest], 2)
    same_moves(host, guest)
    assert guest.locator("[data-alert=taken]").count() == 0
    # Now the host's answers do not get to the seat's device, reloaded: it keeps saying hello.
    gate.down = False
    guest.reload()
    stuck = ".invite-card[data-seat='1'][data-stuck]"
    t0 = time.monotonic()
    host.wait_for_selector(stuck, timeout=30_000)
    print(f"the host's card said the seat was stuck after {time.monotonic() - t0:.1f} s")
    assert "trying to reach the table" in host.locator(stuck).inner_text()
    both_ways(host, "live-link-stuck-host", stuck)
    gate.down = True
    guest.wait_for_selector("[data-page=live-guest][data-moves]", timeout=WAIT)
    host.wait_for_selector(".invite-card[data-seat='1'][data-state=here]:not([data-stuck])", timeout=WAIT)
    play_some(host, [host, guest], 2)
    same_moves(host, guest)
    print(f"gate: {gate.stats}")


def heap_mb(pg) -> float:
    cdp = pg.context.new_cdp_session(pg)
    cdp.send("HeapProfiler.collectGarbage")
    used = cdp.send("Runtime.getHeapUsage")["usedSize"]
    cdp.detach()
    return used / 2 ** 20


# From the guest's own page (a peer gone rogue): data ahead of order, each a few KB compressed that
# would inflate to megabytes, sealed with its session's keys and signed with its own key.
AHEAD = """async ([base, count, size]) => {
  const seal = await import(base + "web/app/live/seal.js");
  const relay = await import(base + "web/app/live/relay.js");
  const l = window.__vt.liveGuest.netLink;
  const big = "x".repeat(size);
  for (let i = 0; i < count; i++) {
    const env = { k: "data", f: l.sid, t: l.other.sid, n: l.nextOut + 3 + i, a: 0, m: big };
    for (const p of await seal.sealBatch(l.session, "toHost", JSON.stringify([env]))) l.pool.publish({ topic: l.topic, content: p, secretKey: l.mySign });
  }
}"""


def test_pieces_ahead_of_order_large_and_compressed_do_not_grow_the_hosts_memory(devices, site, relay):
    host = device(devices, relay.url, "host")
    guest = device(devices, relay.url, "guest")
    links = host_invites(host, site, "elderwood", ["device"], query="botdelay=0&direct=off")
    take_seat(host, guest, links[1], 1, "Ana")
    start(host, [guest])
    play_some(host, [host, guest], 2)
    before = heap_mb(host)
    guest.evaluate(AHEAD, [site.url(""), 48, 4_000_000])
    host.wait_for_timeout(6000)
    after = heap_mb(host)
    print(f"host heap {before:.1f} MB -> {after:.1f} MB")
    assert after - before < 64, (before, after)
    # The table is whole: its guest still plays.
    play_some(host, [host, guest], 2)
    same_moves(host, guest)


# A flood from one guest's page: syncs and joins over its session, hellos of sessions of its own
# device, hellos of strangers, each under a fresh key of its own, and as many events with a broken
# signature. The events are made beforehand (the flooding page's own work is not what is measured:
# on this one machine it would slow every page), then sent for `seconds`.
FLOOD_PREPARE = """async ([base, relayUrl, count]) => {
  const seal = await import(base + "web/app/live/seal.js");
  const relay = await import(base + "web/app/live/relay.js");
  const l = window.__vt.liveGuest.netLink;
  const eph = await seal.newEphemeral();
  const hellos = [], strangers = [], forged = [];
  for (let i = 0; i < count; i++) {
    const sid = (0x100000000000 + i).toString(16).slice(-12);
    for (const p of await seal.sealBatch(l.keys, "toHost", JSON.stringify([{ k: "hello", f: sid, e: 1, x: eph.pub, p: l.myKey }])))
      hellos.push(relay.pieceEvent(l.mySign, l.topic, p));
    for (let j = 0; j < 2; j++) {
      const sk = new Uint8Array(32); crypto.getRandomValues(sk);
      const [theirs] = await seal.sealBatch(l.keys, "toHost", JSON.stringify([{ k: "hello", f: sid, e: 1, x: eph.pub,
        p: relay.getPublicKey(sk) }]));
      const ev = relay.pieceEvent(sk, l.topic, theirs);
      strangers.push(ev);
      if (j === 0) forged.push({ ...ev, sig: ev.sig.replace(/^./, (c) => (c === "0" ? "1" : "0")) });
    }
  }
  // Straight to the relay, as fast as it takes them: not through the page's own paced queues. The
  // broken signatures go on a connection of their own (the relay slows down a connection that sends
  // them, as relays that check signatures do).
  const open = async () => { const ws = new WebSocket(relayUrl); await new Promise((r) => ws.addEventListener("open", r)); return ws; };
  window.__floodEvents = { hellos, strangers, forged, ws: await open(), bad: await open() };
}"""

FLOOD = """async (seconds) => {
  const l = window.__vt.liveGuest.netLink, f = window.__floodEvents, { hellos, strangers, forged, ws, bad } = f;
  const start = Date.now(), end = start + seconds * 1000;
  // Each stretch of the flood sends events not sent before (a relay drops a repeated one).
  let n = 0, k = f.rounds || 0;
  // The rates the issue saw from one guest (2,400 syncs, ~400 joins, ~400 hellos in 40 s) and from
  // strangers (30 hellos a second): per 50 ms, 3 syncs, half a join, half a hello, one and a half
  // strangers' hellos and one forgery — rounds a busy page's timer skipped are made up at once, so
  // the whole flood goes whatever the timers do.
  while (Date.now() < end) {
    const owed = Math.floor((Date.now() - start) / 50) + 1;
    for (; n < owed; n++, k++) {
      for (let i = 0; i < 3; i++) l.send(JSON.stringify({ v: 2, type: "sync" }));
      if (n % 2 === 0) {
        l.send(JSON.stringify({ v: 2, type: "join", name: "Flood", commitment: null }));
        ws.send(JSON.stringify(["EVENT", hellos[Math.floor(k / 2) % hellos.length]]));
      }
      ws.send(JSON.stringify(["EVENT", strangers[(2 * k) % strangers.length]]));
      if (n % 2 === 0) ws.send(JSON.stringify(["EVENT", strangers[(2 * k + 1) % strangers.length]]));
      bad.send(JSON.stringify(["EVENT", forged[k % forged.length]]));
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  f.rounds = k;
  return n;
}"""

# Guest B's page: when its move was pressed, and when its board showed it played.
ANSWERS = """() => { if (window.__answers) return; window.__answers = []; let pressed = null, seat = null;
  document.addEventListener('click', (e) => { if (e.target.closest('.moves-list button.move')) pressed = Date.now(); }, true);
  const look = () => { const el = document.querySelector('.live-table'); if (!el || pressed === null) return;
    const n = Number(el.dataset.done || 0); if (n > (window.__seenDone || 0)) { window.__seenDone = n;
      const last = [...document.querySelectorAll('.log-list li')].pop();
      if (last && last.dataset.seat === el.dataset.viewer) { window.__answers.push(Date.now() - pressed); pressed = null; } } };
  new MutationObserver(look).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-done'] }); }"""


# The host's page: for each entry of the log, whose it was and how long since the one before (the
# time the table waited on that seat).
TURNS = """() => { window.__turns = []; let last = Date.now();
  new MutationObserver(() => { const li = [...document.querySelectorAll('.log-list li')].pop(); if (!li) return;
    if (li.dataset.n === window.__lastN) return; window.__lastN = li.dataset.n; const now = Date.now();
    window.__turns.push([Number(li.dataset.seat), now - last]); last = now; })
    .observe(document.body, { subtree: true, childList: true }); }"""


def test_a_flood_from_one_guest_keeps_the_table_going_for_the_others(devices, site, relay):
    """Milehollow (a long game), the host and two guests each playing as soon as they may; one guest's page floods
    for five stretches of 3 s, each after 3 s of calm. The table's pace for the others (entries a
    second of the seats that do not flood, over the time the table waited on them) under the flood
    stays at least 80 % of its calm pace (the median of the five pairs), and the other guest's moves
    are answered within 1 s (p95). The flooding device's own turns are its own affair."""
    devices.allowed.append(re.compile(r"sends far more than a person"))
    # The flood's own sockets, sending on after the relay closed one: the attacker's page, not the site's.
    devices.allowed.append(re.compile(r"^flooder: WebSocket is already in CLOSING or CLOSED state"))
    host = device(devices, relay.url, "host")
    flooder = device(devices, relay.url, "flooder")
    other = device(devices, relay.url, "other")
    # No clock runs out while three pages take turns on a slow machine.
    links = host_invites(host, site, "milehollow", ["device", "device"], query="botdelay=0&timer=900")
    take_seat(host, flooder, links[1], 1, "Flo")
    take_seat(host, other, links[2], 2, "Oti")
    start(host, [flooder, other])
    flooder.evaluate(FLOOD_PREPARE, [site.url(""), relay.url, 300])
    other.evaluate(ANSWERS)
    host.evaluate(TURNS)
    for i, pg in enumerate((host, flooder, other)):
        pg.evaluate(AUTOPLAY_SEEDED, 11 + i)

    def stretch(seconds):
        """The others' turns (seat, ms) on the host's log during the next `seconds`."""
        host.evaluate("() => { window.__turns = []; }")
        host.wait_for_timeout(seconds * 1000)
        return [(seat, ms) for seat, ms in host.evaluate("window.__turns") if seat != 1]

    def pace(turns):
        return len(turns) / (sum(ms for _, ms in turns) / 1000) if turns else 0.0

    # Calm and flood take turns, so that whatever else this machine runs weighs on each pair of
    # stretches alike; the table settles for 1 s after each stretch of flood, unmeasured. The
    # flood's pace is judged pair by pair (the median of five), so that one pair that the machine's
    # other work hit does not decide.
    pairs, answers, sent = [], [], 0
    for _ in range(5):
        calm_turns = stretch(3)
        other.evaluate("() => { window.__answers = []; }")
        # The flood runs in the flooder's page while the test watches the table's pace.
        flooder.evaluate("(s) => { window.__flood = (" + FLOOD + ")(s); }", 3)
        busy_turns = stretch(3)
        sent += flooder.evaluate("window.__flood")
        answers += other.evaluate("window.__answers")
        pairs.append((pace(calm_turns), pace(busy_turns)))
        host.wait_for_timeout(1000)
    ratios = sorted(busy / calm for calm, busy in pairs if calm)
    ratio = ratios[len(ratios) // 2] if ratios else 0.0
    answers.sort()
    p95 = answers[int(0.95 * (len(answers) - 1))] if answers else None
    print(f"pace for the others, calm and under the flood, entries/s: {[(round(c, 2), round(b, 2)) for c, b in pairs]}, "
          f"median ratio {ratio:.2f}; {sent} rounds of flood; the other guest's moves answered in {answers} ms; "
          f"strangers: {host.evaluate('JSON.stringify(window.__vt.liveHost.transport.strangers.counts)')}")
    assert sent >= 270, sent               # 15 s of rounds of 50 ms, less what each stretch's last timer cut
    assert not host.evaluate("window.__vt.liveHost.snap.terminal")   # the whole of both stretches was played
    # A host that queued the flood behind the others' moves managed 17-33 % of its calm pace, and
    # answered a move half a minute late; one that checked every stranger's signature, answered
    # each and repainted its cards for each, 61-64 % (67-73 % as the median of these pairs).
    assert ratio >= 0.8, pairs
    assert answers and p95 <= 1000, answers
    assert "sends far more than a person" in host.locator(".invite-card[data-seat='1']").inner_text()
