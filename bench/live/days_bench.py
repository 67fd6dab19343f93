"""Tables over days: how long a device with many tables takes the moves that waited for it, and how
long the host's page takes another guest's move while a flood of stored events waits for it
(docs/performance.md, "Tables over days: the mailbox").

    python bench/live/days_bench.py [ROUNDS] [TABLES]

Builds the site into a temporary folder, serves it on 127.0.0.1, starts a local Nostr relay (PyPI
nostr-relay) behind the tests' DaysRelay (a settable clock; every stored event forgotten a day after
it was taken) and drives Chromium contexts on the simulated clock, as tests/browser/test_days_mail.py
does. Each round: TABLES (50) tables between two devices, the guest's page closed while the host
moves on every one, then the seconds from the guest's page opening to every move in; the target is
10 s for 50.
"""
from __future__ import annotations

import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bench.live.live_bench import site_and_relay  # noqa: E402
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tests.browser.live_relay import DaysRelay  # noqa: E402
from tests.browser.test_days_mail import World, many_tables  # noqa: E402

TARGET_S = 10.0


def main(argv: list[str]) -> int:
    rounds = int(argv[0]) if argv else 3
    tables = int(argv[1]) if len(argv) > 1 else 50
    from playwright.sync_api import sync_playwright
    times = []
    with site_and_relay() as (site, relay), sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        for r in range(rounds):
            days = DaysRelay(relay.url, forget_after=86_400)
            world = World(browser, site, days)
            try:
                times.append(many_tables(world, tables))
            finally:
                world.close()
                days.close()
            print(f"round {r + 1}: {tables} tables' waiting moves in {times[-1]:.2f} s", flush=True)
        browser.close()
    median = statistics.median(times)
    print(f"{tables} tables: median {median:.2f} s, min {min(times):.2f} s, max {max(times):.2f} s "
          f"(target {TARGET_S:g} s for 50): {'met' if max(times) <= TARGET_S else 'MISSED'}")
    return 0 if max(times) <= TARGET_S else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
