import json, collections
from tests.browser.test_live_link import AUTOPLAY, FLOOD_PREPARE, FLOOD, device, devices, host_invites, net_browser, relay, start, take_seat  # noqa
WATCH = """() => { window.__turns = []; let last = Date.now();
  new MutationObserver(() => { const li = [...document.querySelectorAll('.log-list li')].pop(); if (!li) return;
    const n = li.dataset.n; if (n === window.__lastN) return; window.__lastN = n; const now = Date.now();
    window.__turns.push([Number(li.dataset.seat), now - last]); last = now; }).observe(document.body, {subtree: true, childList: true}); }"""
def test_debug(devices, site, relay):
    host = device(devices, relay.url, "host")
    flooder = device(devices, relay.url, "flooder")
    other = device(devices, relay.url, "other")
    links = host_invites(host, site, "hollowmere", ["device", "device"], query="botdelay=0&timer=900")
    take_seat(host, flooder, links[1], 1, "Flo")
    take_seat(host, other, links[2], 2, "Oti")
    start(host, [flooder, other])
    for i, pg in enumerate((host, flooder, other)):
        pg.evaluate(AUTOPLAY, 11 + i)
    flooder.evaluate(FLOOD_PREPARE, [site.url(""), 300])
    host.evaluate(WATCH)
    host.wait_for_timeout(8000)
    calm = host.evaluate("window.__turns"); host.evaluate("() => { window.__turns = []; }")
    flooder.evaluate("(s) => { window.__flood = (" + FLOOD + ")(s); }", 10)
    for _ in range(5):
        host.wait_for_timeout(2000)
        print(flooder.evaluate("(() => { const l = window.__vt.liveGuest.netLink; return {out: l.out.length, sid: l.sid, other: l.other && l.other.sid, path: l.path, here: l.here, interactive: document.body.dataset.state}; })()"))
    busy = host.evaluate("window.__turns")
    print("calm", calm); print("busy", busy)
    print(host.evaluate("(() => { const g = window.__vt.liveHost.guests.get(1); return {budgets: g.budgets, intents: g.intents, note: g.note}; })()"))
