"""Internet tables: how long from opening an invitation to being seated, and how long a move takes
to reach the other device, on the direct path and on the relay path (docs/performance.md).

    python bench/live/live_bench.py [ROUNDS]

Builds the site into a temporary folder, serves it on 127.0.0.1, starts a local Nostr relay (PyPI
nostr-relay, as the browser tests do) and drives two Chromium contexts: the host (Elderwood, one
person on another device) and the guest. For each round: a fresh invitation is opened and the
time until the host's page shows the guest at its seat is taken; then moves are played and, for
each, the time from the click on one page to the move showing on the other.
"""
from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import build_site  # noqa: E402
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, Site  # noqa: E402
from tests.browser.live_relay import LocalRelay  # noqa: E402

MOVES = 12


def moves(pg) -> int:
    return int(pg.evaluate("document.querySelector('.live-table')?.dataset.moves || '0'"))


def one_move(pages) -> float | None:
    """Click the first move on whichever page may act; seconds until the other page shows it."""
    for i, pg in enumerate(pages):
        btn = pg.locator(".moves-list button.move:not([disabled])")
        if btn.count():
            other = pages[1 - i]
            n = moves(other)
            t0 = time.perf_counter()
            btn.first.click()
            other.wait_for_function("(n) => Number(document.querySelector('.live-table')?.dataset.moves || 0) > n",
                                    arg=n, timeout=60_000)
            return time.perf_counter() - t0
    pages[0].wait_for_timeout(30)
    return None


def round_trip(browser, site, relay, direct: bool):
    init = (f"localStorage.setItem('vt.liveRelays', {json.dumps(relay.url)}); localStorage.setItem('vt.liveStun', '');")
    ctxs = [browser.new_context(viewport={"width": 1200, "height": 900}) for _ in range(2)]
    for c in ctxs:
        c.add_init_script(init)
    host, guest = (c.new_page() for c in ctxs)
    from tests.browser.vt_page import csp_safe_waits
    for pg in (host, guest):
        csp_safe_waits(pg)
        pg.set_default_timeout(120_000)
    host.goto(site.url(f"index.html#/host/elderwood?botdelay=0{'' if direct else '&direct=off'}"))
    host.click("#live-invite-net")
    sel = ".invite-card[data-seat='1'][data-state=inviting] input.invite-link"
    host.wait_for_selector(sel)
    link = host.locator(sel).input_value()
    guest.goto(site.url("index.html#/"))  # the guest's engine and page warm, as a person's would be
    guest.wait_for_selector("body")
    t0 = time.perf_counter()
    guest.goto(link)
    guest.fill("#join-name", "Ana")
    guest.click("#join-take")
    host.wait_for_selector(".invite-card[data-seat='1'][data-state=here]")
    seated = time.perf_counter() - t0
    host.click("#live-start")
    guest.wait_for_selector("[data-page=live-guest][data-moves]")
    want = "direct" if direct else "relay"
    host.wait_for_selector(f".invite-card[data-seat='1'][data-path={want}]", timeout=30_000)
    lat = []
    while len(lat) < MOVES:
        x = one_move([host, guest])
        if x is not None:
            lat.append(x)
    for c in ctxs:
        c.close()
    return seated, lat


@contextmanager
def site_and_relay():
    """The site built into a temporary folder and served on 127.0.0.1, and a local Nostr relay: (site, relay)."""
    with tempfile.TemporaryDirectory() as tmp:
        dist = Path(tmp) / "dist"
        build_site.build(dist, quiet=True)
        site = Site(dist)
        site.start()
        relay = LocalRelay(Path(tmp))
        relay.start()
        try:
            yield site, relay
        finally:
            relay.stop()
            site.stop()


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    from playwright.sync_api import sync_playwright
    with site_and_relay() as (site, relay):
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                        args=CHROMIUM_ARGS + ["--disable-features=WebRtcHideLocalIpsWithMdns"])
            for direct in (True, False):
                seated, lat = [], []
                for _ in range(rounds):
                    s, l = round_trip(browser, site, relay, direct)
                    seated.append(s)
                    lat += l
                lat.sort()
                name = "direct" if direct else "relay"
                print(f"{name}: invitation opened -> seated: median {statistics.median(seated):.2f}s "
                      f"(min {min(seated):.2f}, max {max(seated):.2f}, {rounds} rounds); "
                      f"move shown on the other device: median {statistics.median(lat):.3f}s, "
                      f"p90 {lat[int(len(lat) * 0.9)]:.3f}s, max {lat[-1]:.3f}s ({len(lat)} moves)")
            browser.close()


if __name__ == "__main__":
    main()
