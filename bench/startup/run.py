#!/usr/bin/env python3
"""Startup benchmark: one headless-Chromium run measures what a visitor waits for.

    python3 bench/startup/run.py [--runs 5] [--no-throttle] [--no-build] [--no-write] [--dist DIR]
                                 [--before OLD.json] [--report LAST.json]
    python3 bench/startup/run.py --side-by-side OLD_DIST [--runs 5] [--no-build]

1. Lobby first paint: a fresh profile opens index.html; first-contentful-paint from the
   page's own paint timing. Target <= 0.5 s.
2. Start -> table, warm worker, in each of the four games: in the lobby with the engine ready,
   open "New table" and press Start (the form's own seats and options, so who moves first is
   drawn as for a visitor); time from the click to the next frame after the table is on screen
   and answering (web/app/pages/table.js sets the body's ``data-state``: ``interactive`` on the
   person's turn, ``bot`` while a bot's turn is shown with its pause before it moves, ``handoff``),
   then a second Start in the same visit. Target <= 0.3 s. Also, with no target: a third Start
   with ``?botdelay=0`` timed to the person's first possible move (``vt:interactive``), bots that
   move first playing at once, and the bare ``engine.call("new_table")`` round trip.
3. Cold deep link: a fresh profile (empty caches, a saved table in its storage) opens
   ``index.html#/table/<id>``; time from navigation start to ``vt:interactive``.
4. New visitor: a fresh profile opens the lobby and goes straight to New table (Elderwood)
   and Start, each as soon as the page allows; time from navigation start to the table
   waiting for the person's first move.
5. Bare Pyodide (bench/startup/bare.html: the same Pyodide files and nothing else): time
   from navigation start to its first Python answer. 3 and 4 are each paired with a bare
   run (alternating order, so a pair shares the machine's load); the figure is the median of
   the pairs' ratios. Targets: deep link <= 1.0x (over the throttled link <= 0.8x), new visitor <= 1.2x.
6. The same three over a throttled link (10 Mbit/s shared by every connection, 40 ms before
   each response), done by this script's server so that it covers the page, its worker and
   the service worker alike.
7. Transfer: bytes the server sent (headers included) for a new visitor until the first move
   is possible, and until the offline cache is complete (the whole first visit); for bare
   Pyodide until its answer.

Medians of ``--runs``; the table replaces the "Startup" section of docs/performance.md.
Every request to a host other than 127.0.0.1 fails at Chromium's resolver.

``--side-by-side OLD_DIST``: only measure 2, for another build (an older one) and this one in
turns, run by run, so that both meet the same load; prints a table of both medians per game and
writes the raw numbers to bench/startup/side-by-side.json (docs/performance.md is left alone).
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import re
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import build_site  # noqa: E402
from tests.browser.vt_page import csp_safe_waits  # noqa: E402  (the pages' CSP forbids Playwright's own waits)

HERE = Path(__file__).resolve().parent
PERF_DOC = ROOT / "docs" / "performance.md"
CHROMIUM = os.environ.get("VT_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic",
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
TARGETS = {"first_paint": 0.5, "warm_start": 0.3, "deep_ratio": 1.0, "deep_ratio_throttled": 0.8, "visitor_ratio": 1.2,
           "transfer": 1.10}
GAMES = ("elderwood", "hollowmere", "milehollow", "wickerfair")
VISITOR_GAME = "elderwood"
THROTTLE = {"mbit": 10.0, "latency_ms": 40}
LOBBY_DWELL_MS = 3000


# --- the server: dist/, the bare page, a byte count and an optional slow link --------------------

class Link:
    """One shared pipe: every response's bytes queue for the same bandwidth."""

    def __init__(self):
        self.lock = threading.Lock()
        self.rate = 0.0  # bytes per second; 0 = no limit
        self.latency = 0.0
        self.free_at = 0.0
        self.sent = 0

    def set(self, mbit: float = 0.0, latency_ms: float = 0.0) -> None:
        with self.lock:
            self.rate = mbit * 1e6 / 8
            self.latency = latency_ms / 1000
            self.free_at = time.monotonic()

    def count(self) -> int:
        with self.lock:
            return self.sent

    def send(self, n: int) -> None:
        with self.lock:
            self.sent += n
            if not self.rate:
                return
            now = time.monotonic()
            self.free_at = max(self.free_at, now) + n / self.rate
            wait = self.free_at - now
        time.sleep(wait)


LINK = Link()


class _Writer:
    def __init__(self, raw):
        self.raw = raw

    def write(self, data) -> int:
        view = memoryview(data)
        for i in range(0, len(view), 16384):
            chunk = view[i:i + 16384]
            LINK.send(len(chunk))
            self.raw.write(chunk)
        return len(view)

    def flush(self) -> None:
        self.raw.flush()

    def __getattr__(self, name):
        return getattr(self.raw, name)


class Handler(build_site.SiteHandler):
    """dist/ plus /__bench__/ → bench/startup/; every byte goes through LINK."""

    def setup(self) -> None:
        super().setup()
        self.wfile = _Writer(self.wfile)

    def handle_one_request(self) -> None:
        if LINK.latency:
            time.sleep(LINK.latency)
        super().handle_one_request()

    def translate_path(self, path: str) -> str:
        clean = unquote(urlsplit(path).path)
        if clean.startswith("/__bench__/"):
            target = (HERE / clean[len("/__bench__/"):]).resolve()
            if HERE in target.parents:
                return str(target)
        return super().translate_path(path)


def serve(dist: Path) -> tuple[build_site.SiteServer, str]:
    server = build_site.make_server(dist, 0, handler=Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def new_context(browser, **kw):
    ctx = browser.new_context(**kw)
    ctx.set_default_timeout(300_000)  # a throttled first visit on a loaded 2-core machine takes a while
    return ctx


def new_page(ctx):
    page = ctx.new_page()
    csp_safe_waits(page, poll_ms=20)
    return page


# --- warm measures ----------------------------------------------------------------------------

def first_paint(browser, base: str) -> dict:
    ctx = new_context(browser)
    try:
        page = new_page(ctx)
        page.goto(f"{base}/index.html", wait_until="load")
        page.wait_for_function("performance.getEntriesByName('first-contentful-paint').length > 0")
        return page.evaluate("""() => {
            const get = (n) => performance.getEntriesByName(n)[0]?.startTime ?? null;
            return {fp: get('first-paint') / 1000, fcp: get('first-contentful-paint') / 1000};
        }""")
    finally:
        ctx.close()


# Start -> the table on screen: the frame after the body's state says a turn is shown.
TABLE_SHOWN_JS = """() => new Promise((resolve, reject) => {
    const t0 = performance.now();
    const timer = setTimeout(() => reject(new Error('no table within 20 s')), 20000);
    const shown = () => ['interactive', 'bot', 'handoff'].includes(document.body.dataset.state)
                        && location.hash.startsWith('#/table/');
    const watch = new MutationObserver(() => {
        if (!shown()) return;
        watch.disconnect();
        clearTimeout(timer);
        requestAnimationFrame(() => setTimeout(() => resolve((performance.now() - t0) / 1000)));
    });
    watch.observe(document.body, {attributes: true, attributeFilter: ['data-state']});
    document.querySelector('#start').click();
})"""

# Start -> the person's first possible move (bots that move first at once: ?botdelay=0).
FIRST_MOVE_JS = """() => new Promise((resolve, reject) => {
    const t0 = performance.now();
    const timer = setTimeout(() => reject(new Error('no vt:interactive within 20 s')), 20000);
    window.addEventListener('vt:interactive', () => {
        clearTimeout(timer);
        requestAnimationFrame(() => setTimeout(() => resolve((performance.now() - t0) / 1000)));
    }, {once: true});
    document.querySelector('#start').click();
})"""

# Counts the bot steps a Start waits for (the worker's bot_play calls) before the person's turn.
COUNT_BOT_STEPS_JS = """() => {
    const e = window.__vt.engine;
    if (!e.__benchCall) {
        e.__benchCall = e.call;
        e.call = function (cmd, args) {
            if (cmd === 'bot_play') window.__botSteps += 1;
            return e.__benchCall.call(this, cmd, args);
        };
    }
    window.__botSteps = 0;
}"""

ROUND_TRIP_JS = """async (game) => {
    const e = window.__vt.engine;
    const seats = [{name: 'A'}, {name: 'B', bot: true, level: 'easy'}];
    const t0 = performance.now();
    const snap = await e.call('new_table', {game, seats, viewer: 0});
    const ms = performance.now() - t0;
    await e.call('close', {table: snap.table});
    return ms / 1000;
}"""


def warm_start(browser, base: str, runs: int) -> dict:
    """Seconds, game by game, with a warm worker: Start -> table on screen for the first Start of
    a visit (a fresh profile: the table page and the renderer are not loaded yet) and a second
    Start in the same visit; a third Start with bots at once -> the person's first possible move
    and how many bot steps it waited for; the bare new_table round trip."""
    out = {k: {g: [] for g in GAMES} for k in ("first", "again", "first_move", "bot_steps", "trip")}
    for _ in range(runs):
        for game in GAMES:
            ctx = new_context(browser)
            try:
                page = new_page(ctx)
                page.goto(f"{base}/index.html")
                page.wait_for_function("!!(window.__vt && window.__vt.ready)")
                page.evaluate("window.__vt.ready")
                # "A table started after a few seconds on the lobby": a visitor reads the lobby
                # while the page warms up in idle time.
                page.wait_for_timeout(LOBBY_DWELL_MS)
                for name in ("first", "again"):
                    page.evaluate("(h) => window.__vt.navigate(h)", f"#/new/{game}")
                    page.wait_for_selector("#start:not([disabled])")
                    out[name][game].append(page.evaluate(TABLE_SHOWN_JS))
                page.evaluate("(h) => window.__vt.navigate(h)", f"#/new/{game}?botdelay=0")
                page.wait_for_selector("#start:not([disabled])")
                page.evaluate(COUNT_BOT_STEPS_JS)
                out["first_move"][game].append(page.evaluate(FIRST_MOVE_JS))
                out["bot_steps"][game].append(page.evaluate("window.__botSteps"))
                out["trip"][game].append(page.evaluate(ROUND_TRIP_JS, game))
            finally:
                ctx.close()
    return out


def saved_table(browser, base: str) -> tuple[str, dict]:
    """Create a table through the UI; return its id and the profile's storage (localStorage
    and IndexedDB) for the deep-link runs to start from."""
    ctx = new_context(browser)
    try:
        page = new_page(ctx)
        page.goto(f"{base}/index.html#/new/elderwood?botdelay=0")
        page.wait_for_selector("#start:not([disabled])", timeout=120_000)
        page.evaluate("window.__vt.ready")
        page.evaluate(FIRST_MOVE_JS)
        table_id = page.evaluate("location.hash").split("/")[2].split("?")[0]
        page.wait_for_timeout(500)  # the save lands in IndexedDB
        return table_id, ctx.storage_state(indexed_db=True)
    finally:
        ctx.close()


# --- cold measures ----------------------------------------------------------------------------

INTERACTIVE_MARK = """
window.addEventListener('vt:interactive', () => { window.__interactiveAt = performance.now(); }, {once: true});
"""


def cold_deep_link(browser, base: str, table_id: str, storage: dict) -> dict:
    ctx = new_context(browser, storage_state=storage)
    try:
        ctx.add_init_script(INTERACTIVE_MARK)
        page = new_page(ctx)
        sent = LINK.count()
        page.goto(f"{base}/index.html#/table/{table_id}?botdelay=0")
        page.wait_for_function("window.__interactiveAt !== undefined", timeout=300_000)
        return {"at": page.evaluate("window.__interactiveAt") / 1000, "bytes": LINK.count() - sent,
                "start": page.evaluate("window.__vt.engine.info && window.__vt.engine.info.start")}
    finally:
        ctx.close()


def new_visitor(browser, base: str, offline_cache: bool = False, ctx=None) -> dict:
    """Lobby → New table → Start, each as soon as the page allows it. With offline_cache the
    visit goes on until the service worker holds the whole build: the first visit's bytes."""
    ctx = ctx or new_context(browser)
    try:
        ctx.add_init_script(INTERACTIVE_MARK)
        page = new_page(ctx)
        sent = LINK.count()
        page.goto(f"{base}/index.html")
        page.wait_for_selector(f'a[href="#/new/{VISITOR_GAME}"]')
        page.evaluate("(h) => { location.hash = h; }", f"#/new/{VISITOR_GAME}?botdelay=0")
        page.wait_for_selector("#start:not([disabled])", timeout=300_000)
        page.click("#start")
        page.wait_for_function("window.__interactiveAt !== undefined", timeout=300_000)
        out = {"at": page.evaluate("window.__interactiveAt") / 1000, "bytes": LINK.count() - sent,
               "start": page.evaluate("window.__vt.engine.info && window.__vt.engine.info.start")}
        if offline_cache:
            page.wait_for_function("""async () => {
                const { offlineStatus } = await import('/web/engine.js');
                const s = await offlineStatus();
                return !!(s && s.complete);
            }""", timeout=600_000)
            out["visit_bytes"] = LINK.count() - sent
        return out
    finally:
        ctx.close()


def cold_bare(browser, base: str) -> dict:
    ctx = new_context(browser, service_workers="block")
    try:
        page = new_page(ctx)
        sent = LINK.count()
        page.goto(f"{base}/__bench__/bare.html")
        page.wait_for_function("window.__bare !== undefined", timeout=300_000)
        return {"at": page.evaluate("window.__bare.at") / 1000, "bytes": LINK.count() - sent}
    finally:
        ctx.close()


def paired(runs: int, measure, bare) -> tuple[list[dict], list[dict]]:
    """Alternate which goes first, so each pair shares the machine's load fairly."""
    ours, theirs = [], []
    for i in range(runs):
        if i % 2:
            ours.append(measure())
            theirs.append(bare())
        else:
            theirs.append(bare())
            ours.append(measure())
    return ours, theirs


def run(runs: int, dist: Path, throttle: bool) -> dict:
    from playwright.sync_api import sync_playwright
    server, base = serve(dist)
    # Relative to the repository when it is inside it: the raw numbers are committed.
    shown = dist.resolve().relative_to(ROOT).as_posix() if dist.resolve().is_relative_to(ROOT) else dist.name
    r: dict = {"dist": shown, "runs": runs}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            r["chromium"] = browser.version
            LINK.set()
            paints = [first_paint(browser, base) for _ in range(runs)]
            r["first_paint"] = {"fcp": [x["fcp"] for x in paints], "fp": [x["fp"] for x in paints]}
            w = warm_start(browser, base, runs)
            r["warm_start"], r["warm_start_again"], r["new_table_round_trip"] = w["first"], w["again"], w["trip"]
            r["first_move_bots_at_once"], r["first_move_bot_steps"] = w["first_move"], w["bot_steps"]
            table_id, storage = saved_table(browser, base)
            links = [("local", {})] + ([("throttled", THROTTLE)] if throttle else [])
            for name, link in links:
                LINK.set(**link)
                deep, bare1 = paired(runs, lambda: cold_deep_link(browser, base, table_id, storage),
                                     lambda: cold_bare(browser, base))
                visitor, bare2 = paired(runs, lambda: new_visitor(browser, base), lambda: cold_bare(browser, base))
                r[name] = {"deep_link": deep, "bare_for_deep": bare1, "visitor": visitor, "bare_for_visitor": bare2}
            LINK.set()
            # A real profile: incognito contexts keep their HTTP cache in memory, too small for
            # the wasm, so the offline cache would download it a second time.
            r["first_visit"] = []
            for _ in range(min(runs, 2)):
                with tempfile.TemporaryDirectory(prefix="vt-profile-") as profile:
                    ctx = p.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=ARGS,
                                                               headless=True)
                    ctx.set_default_timeout(300_000)
                    r["first_visit"].append(new_visitor(None, base, offline_cache=True, ctx=ctx))
            browser.close()
    finally:
        LINK.set()
        server.shutdown()
        server.server_close()
    r.update(when=time.strftime("%Y-%m-%d %H:%M"), cpus=os.cpu_count(), machine=platform.machine(),
             load=[round(x, 1) for x in os.getloadavg()])
    return r


# --- the report -------------------------------------------------------------------------------

def median(xs: list[float]) -> float:
    return statistics.median(xs)


def summarize(r: dict) -> dict:
    s = {"fcp": median(r["first_paint"]["fcp"]),
         "warm": {g: median(v) for g, v in r["warm_start"].items()},
         "again": {g: median(v) for g, v in r["warm_start_again"].items()},
         "trip": {g: median(v) for g, v in r["new_table_round_trip"].items()},
         "first_move": {g: median(v) for g, v in r.get("first_move_bots_at_once", {}).items()}}
    for link in ("local", "throttled"):
        if link not in r:
            continue
        x = r[link]
        out = {}
        for what, bare in (("deep_link", "bare_for_deep"), ("visitor", "bare_for_visitor")):
            ours, theirs = [m["at"] for m in x[what]], [m["at"] for m in x[bare]]
            out[what] = {"ours": median(ours), "bare": median(theirs),
                         "ratio": median([a / b for a, b in zip(ours, theirs)]),
                         "starts": sorted({m.get("start") for m in x[what]} - {None})}
        out["bytes_bare"] = median([m["bytes"] for m in x["bare_for_visitor"]])
        s[link] = out
    # From the real-profile visits: an incognito context's small memory cache would count the
    # wasm twice once the service worker starts filling the offline cache.
    s["first_move_bytes"] = median([m["bytes"] for m in r["first_visit"]])
    s["first_visit_bytes"] = median([m["visit_bytes"] for m in r["first_visit"]])
    return s


def section(r: dict, s: dict, before: dict | None) -> str:
    ok = lambda good: "yes" if good else "**no**"  # noqa: E731
    mb = lambda n: f"{n / 1e6:.2f} MB"  # noqa: E731
    lines = [
        "## Startup",
        "",
        f"`python3 bench/startup/run.py --runs {r['runs']}` — one headless Chromium {r['chromium']} run on "
        f"{r['cpus']} cores ({r['machine']}), load average {r['load'][0]} at the end, {r['when']}; "
        f"dist/ served by the bench's server on 127.0.0.1 (no compression), medians of {r['runs']} runs, "
        "every non-local host unresolvable. \"Throttled\": 10 Mbit/s shared by all connections and 40 ms "
        "before each response, applied by the server (so the worker and the service worker are throttled "
        "too). Ratios are medians of paired runs (each with a bare-Pyodide run next to it).",
        "",
        "| measure | median | target | met |",
        "|---|---|---|---|",
        f"| lobby first contentful paint (fresh profile) | {s['fcp']:.3f} s | ≤ {TARGETS['first_paint']} s "
        f"| {ok(s['fcp'] <= TARGETS['first_paint'])} |",
    ]
    for g in GAMES:
        lines.append(f"| Start → {g} table on screen, warm worker, first Start after {LOBBY_DWELL_MS / 1000:g} s "
                     f"on the lobby | {s['warm'][g]:.3f} s | ≤ {TARGETS['warm_start']} s | "
                     f"{ok(s['warm'][g] <= TARGETS['warm_start'])} |")
    for g in GAMES:
        lines.append(f"| Start → {g} table on screen, a second Start in the same visit | {s['again'][g]:.3f} s "
                     f"| ≤ {TARGETS['warm_start']} s | {ok(s['again'][g] <= TARGETS['warm_start'])} |")
    for g in s["first_move"]:
        lines.append(f"| Start → first move possible, {g}, bots that move first playing at once (third Start) "
                     f"| {s['first_move'][g]:.3f} s | — | — |")
    for g in GAMES:
        lines.append(f"| `engine.call(\"new_table\")` round trip, {g} | {s['trip'][g] * 1000:.0f} ms | — | — |")
    for link, label in (("local", ""), ("throttled", ", throttled")):
        if link not in s:
            continue
        x = s[link]
        d, v = x["deep_link"], x["visitor"]
        deep_target = TARGETS["deep_ratio_throttled" if link == "throttled" else "deep_ratio"]
        lines += [
            f"| bare Pyodide page → first Python answer{label} | {d['bare']:.2f} s | — | — |",
            f"| cold deep link `#/table/<id>` → interactive{label} | {d['ours']:.2f} s | — | — |",
            f"| cold deep link / bare{label} | {d['ratio']:.2f}× | ≤ {deep_target}× "
            f"| {ok(d['ratio'] <= deep_target)} |",
            f"| new visitor: lobby → New table → Start → first move possible{label} | {v['ours']:.2f} s | — | — |",
            f"| new visitor / bare{label} | {v['ratio']:.2f}× | ≤ {TARGETS['visitor_ratio']}× "
            f"| {ok(v['ratio'] <= TARGETS['visitor_ratio'])} |",
        ]
    loc = s["local"]
    lines += [
        f"| bytes until the first move is possible (new visitor, offline cache filling meanwhile) "
        f"| {mb(s['first_move_bytes'])} | — | — |",
        f"| bytes until bare Pyodide's first answer | {mb(loc['bytes_bare'])} | — | — |",
    ]
    if before:
        limit = before["first_visit_bytes"] * TARGETS["transfer"]
        lines.append(f"| first visit, until the offline cache is complete | {mb(s['first_visit_bytes'])} "
                     f"(before: {mb(before['first_visit_bytes'])}, "
                     f"{s['first_visit_bytes'] / before['first_visit_bytes'] - 1:+.0%}) "
                     f"| ≤ {mb(limit)} | {ok(s['first_visit_bytes'] <= limit)} |")
    else:
        lines.append(f"| first visit, until the offline cache is complete | {mb(s['first_visit_bytes'])} | — | — |")
    if "first_move_bot_steps" in r:
        b = r["first_move_bot_steps"]
        lines += ["", "\"On screen\" is the frame after the table shows a turn: the person's, or a bot's with the "
                  "table's pause before it moves (what a player sees). A bot that moves first is part of the "
                  "wait for a first move; the third Start plays bots at once (`?botdelay=0`). Start by Start, "
                  "seconds (bot steps before the person's turn): " + "; ".join(
                      f"{g} " + ", ".join(f"{t:.2f} ({n})" for t, n in zip(r["first_move_bots_at_once"][g], b[g]))
                      for g in GAMES) + "."]
    starts = sorted({w for link in ("local", "throttled") if link in s
                     for m in ("deep_link", "visitor") for w in s[link][m]["starts"]})
    lines += ["", f"How the engine started in these runs: {', '.join(starts) or 'unknown'} "
              "(`info.start` of web/worker.js: \"image\" = from the start image). The raw numbers of the "
              "last run are in `bench/startup/last.json`.", ""]
    return "\n".join(lines)


def write_section(text: str) -> None:
    """Replace the table at the top of the Startup section; the prose after the marker stays."""
    doc = PERF_DOC.read_text() if PERF_DOC.exists() else "# Performance\n\n"
    marker = "<!-- end of the measured table: bench/startup/run.py rewrites what is above -->"
    pattern = re.compile(r"^## Startup\n.*?(?=^## |\Z)", re.S | re.M)
    found = pattern.search(doc)
    if found and marker in found.group(0):
        rest = found.group(0)[found.group(0).index(marker):]
        doc = doc[:found.start()] + text + "\n" + rest + doc[found.end():]
    elif found:
        doc = doc[:found.start()] + text + "\n" + marker + "\n\n" + doc[found.end():]
    else:
        doc = doc.rstrip("\n") + "\n\n" + text + "\n" + marker + "\n"
    PERF_DOC.write_text(doc.rstrip("\n") + "\n")


def side_by_side(runs: int, old: Path, new: Path) -> dict:
    """Warm Start in every game for two builds, alternating which goes first in each run."""
    from playwright.sync_api import sync_playwright
    servers = {name: serve(d) for name, d in (("old", old), ("new", new))}
    r: dict = {"runs": runs, "old": {}, "new": {}}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            r["chromium"] = browser.version
            for i in range(runs):
                for name in (("old", "new") if i % 2 == 0 else ("new", "old")):
                    w = warm_start(browser, servers[name][1], 1)
                    for g in GAMES:
                        got = r[name].setdefault(g, {k: [] for k in w})
                        for k in w:
                            got[k] += w[k][g]
            browser.close()
    finally:
        for server, _ in servers.values():
            server.shutdown()
            server.server_close()
    r.update(when=time.strftime("%Y-%m-%d %H:%M"), cpus=os.cpu_count(), machine=platform.machine(),
             load=[round(x, 1) for x in os.getloadavg()])
    return r


def side_table(r: dict) -> str:
    lines = [f"{r['runs']} runs of each build in turns, headless Chromium {r['chromium']}, {r['cpus']} cores, "
             f"load average {r['load'][0]} at the end, {r['when']}; medians (s)",
             "", "| game | first Start → table: other build | this build | second Start: other build | this build "
             "| first move, bots at once: other | this | new_table round trip: other | this |",
             "|---|---|---|---|---|---|---|---|---|"]
    for g in GAMES:
        o, n = r["old"][g], r["new"][g]
        lines.append(f"| {g} | {median(o['first']):.3f} | {median(n['first']):.3f} | {median(o['again']):.3f} "
                     f"| {median(n['again']):.3f} | {median(o['first_move']):.3f} | {median(n['first_move']):.3f} "
                     f"| {median(o['trip']) * 1000:.0f} ms | {median(n['trip']) * 1000:.0f} ms |")
    def each(x: dict) -> str:
        return ", ".join(f"{t:.2f} ({n})" for t, n in zip(x["first_move"], x["bot_steps"]))
    lines += ["", "First moves with bots at once, one by one, seconds (bot steps before the person's turn), other "
              "build → this build: " + "; ".join(f"{g} {each(r['old'][g])} → {each(r['new'][g])}" for g in GAMES) + "."]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Valley Tables startup benchmark")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--no-build", action="store_true", help="use the existing dist/")
    ap.add_argument("--no-write", action="store_true", help="print only; leave docs/performance.md alone")
    ap.add_argument("--no-throttle", action="store_true", help="skip the throttled runs")
    ap.add_argument("--dist", type=Path, help="measure another build (e.g. an older one, with --no-write)")
    ap.add_argument("--out", type=Path, default=HERE / "last.json")
    ap.add_argument("--before", type=Path, help="a last.json of the build to compare the first visit's bytes with")
    ap.add_argument("--report", type=Path, help="no run: report the raw numbers of this last.json again")
    ap.add_argument("--side-by-side", type=Path, metavar="OLD_DIST",
                    help="only warm Start, this build and OLD_DIST in turns")
    args = ap.parse_args(argv)
    dist = args.dist or build_site.DIST
    if args.side_by_side:
        if not args.dist and (not args.no_build or not (dist / "precache.json").exists()):
            build_site.build()
        r = side_by_side(args.runs, args.side_by_side, dist)
        (HERE / "side-by-side.json").write_text(json.dumps(r, indent=1) + "\n")
        print(side_table(r))
        return 0
    if args.report:
        r = json.loads(args.report.read_text())["raw"]
    else:
        if not args.dist and (not args.no_build or not (dist / "precache.json").exists()):
            build_site.build()
        r = run(args.runs, dist, throttle=not args.no_throttle)
    s = summarize(r)
    before = summarize(json.loads(args.before.read_text())["raw"]) if args.before else None
    args.out.write_text(json.dumps({"raw": r, "summary": s, "before": before}, indent=1) + "\n")
    text = section(r, s, before)
    print(text)
    if not args.no_write:
        write_section(text)
        print(f"wrote the Startup section of {PERF_DOC.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
