"""The service worker's check of the tables over days while no page is open (web/sw.js, "periodicsync";
web/app/turns.js, backgroundChecks; docs/live.md, "Your turn, everywhere"): registered once the person
turned notices on where the browser allows Periodic Background Sync, it asks the relay for what waits
on this device's tables and shows one notice when something new came, nothing otherwise."""
from __future__ import annotations

import asyncio
import json
import time
from concurrent.futures import ThreadPoolExecutor

import coincurve
import pytest
import websockets

from tests.browser.live_relay import signed
from tests.browser.vt_page import csp_safe_waits
from tests.browser.test_installable import profile_page  # noqa: F401 - a browser with a profile on disk
from tests.browser.test_live_net import relay  # noqa: F401 - the module's local relay

pytestmark = pytest.mark.browser

TAG = "vt-days-mail"


def publish(url: str, ev: dict) -> None:
    async def go():
        async with websockets.connect(url) as ws:
            await ws.send(json.dumps(["EVENT", ev]))
            answer = json.loads(await asyncio.wait_for(ws.recv(), 10))
            assert answer[0] == "OK" and answer[2] is True, answer
    # Playwright's sync API holds this thread's event loop: the relay is spoken to from another thread.
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, go()).result(20)


def waker(page, cdp, origin: str):
    """Wake the service worker as the browser would for its periodic check: a function doing it."""
    regs = []
    cdp.on("ServiceWorker.workerRegistrationUpdated", lambda e: regs.extend(e["registrations"]))
    cdp.send("ServiceWorker.enable")
    for _ in range(100):
        if any(r["scopeURL"].startswith(origin) for r in regs):
            break
        page.wait_for_timeout(50)  # lets Playwright hand over the protocol's events
    reg = next(r for r in regs if r["scopeURL"].startswith(origin) and not r.get("isDeleted"))
    return lambda: cdp.send("ServiceWorker.dispatchPeriodicSyncEvent",
                            {"origin": origin, "registrationId": reg["registrationId"], "tag": TAG})


def notices(page) -> list:
    return page.evaluate(f"""async () => (await (await navigator.serviceWorker.ready).getNotifications({{ tag: "{TAG}" }}))
        .map((n) => ({{ title: n.title, body: n.body }}))""")


def test_the_service_worker_checks_the_tables_over_days_while_no_page_is_open(profile_page, site, relay):
    page = profile_page
    csp_safe_waits(page)
    origin = site.url("").rstrip("/")
    origin = origin[:origin.index("/", len("http://"))] if origin.count("/") > 2 else origin
    page.context.grant_permissions(["notifications"], origin=origin)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Browser.grantPermissions", {"origin": origin, "permissions": ["periodicBackgroundSync", "notifications"]})
    page.goto(site.url("index.html#/games"))
    page.evaluate("async () => { await navigator.serviceWorker.ready; return true; }")

    # A table over days this device joined: its mailbox's row, the host's key known (nothing read yet).
    host = coincurve.PrivateKey()
    host_key = host.public_key_xonly.format().hex()
    topic = page.evaluate("""async ([hostKey, url]) => {
        const seal = await import("./web/app/live/seal.js");
        const { MailHub } = await import("./web/app/days/mailhub.js");
        const secret = seal.newSecret();
        await new MailHub({ relays: [url] }).make({ role: "guest", secret, hostKey, relays: [url] });
        return (await seal.keysFor(secret)).topic;
    }""", [host_key, relay.url])

    # The person turns notices on: the check is asked for (the browser allows it here).
    page.click("#notify-turns")
    check = page.locator(".background-check[data-check='on']")
    check.wait_for()
    assert "at most twice a day" in check.inner_text()
    assert TAG in page.evaluate("async () => (await (await navigator.serviceWorker.ready).periodicSync.getTags())")

    # Nothing waits on the relay: a check shows nothing.
    wake = waker(page, cdp, origin)
    wake()
    page.wait_for_timeout(1500)
    assert notices(page) == []

    # The host's device sends a move: the next check says something arrived (it reads nothing of it).
    now = int(time.time())
    publish(relay.url, signed(host, 4050, [["t", topic], ["expiration", str(now + 3 * 86400)]], "x" * 64, now + 5))
    wake()
    page.wait_for_function(f"""async () => (await (await navigator.serviceWorker.ready).getNotifications({{ tag: "{TAG}" }})).length === 1""")
    got = notices(page)
    assert got == [{"title": "Valley Tables: something arrived",
                    "body": "Something arrived at a table over days. Open the site to see it."}], got

    # Notices turned off: the check is no longer asked for.
    page.click("#notify-turns")
    page.wait_for_function("async () => !(await (await navigator.serviceWorker.ready).periodicSync.getTags()).length")
