"""Helpers for browser tests that look inside a running table page.

The page keeps no global with the last snapshot (a player's secrets must not sit in page
globals), so tests ask the engine for the same snapshot the page drew: the table page marks
its element with the engine's table id, the seat on screen and the move count.
"""
from __future__ import annotations

import base64
import json
import time
import zlib
from contextlib import contextmanager
from urllib.parse import urlsplit

from py_engine import __version__
from py_engine.core.table import Seat, Table
from py_engine.registry import get_game

SNAPSHOT_JS = """async () => {
  const el = document.querySelector('[data-page=table]');
  if (!el || !el.dataset.table) return null;
  const v = el.dataset.viewer;
  return window.__vt.engine.call('snapshot', {table: el.dataset.table, viewer: v === '' ? null : Number(v)});
}"""

# The tests open the database as the site does (same version, same stores), so a test that runs
# before the page's worker first opened it creates it whole instead of an empty version 1 that
# the site's own open then finds without its stores.
_UPGRADE = """() => { const db = req.result;
    for (const s of ['records', 'tables', 'aside']) if (!db.objectStoreNames.contains(s)) db.createObjectStore(s, {keyPath: 'id'}); }"""


def _in_db(body: str, params: str = "[store, arg]") -> str:
    """A page function of ``params`` that opens the site's database and runs ``body`` with it open as
    ``db`` (``body`` closes it and resolves; a throw closes it and rejects)."""
    return f"({params}) => " + """new Promise((resolve, reject) => {
  const req = indexedDB.open('valley-tables', 1);
  req.onerror = () => reject(req.error);
  req.onblocked = () => reject(new Error('the site database is held by another version'));
  req.onupgradeneeded = OPEN_UPGRADE;
  req.onsuccess = () => { try {
    const db = req.result;
BODY
  } catch (e) { req.result.close(); reject(e); } };
})""".replace("OPEN_UPGRADE", _UPGRADE).replace("BODY", body)


IDB_JS = _in_db("""    const get = db.transaction(store).objectStore(store).get(arg);
    get.onsuccess = () => { db.close(); resolve(get.result === undefined ? null : get.result); };
    get.onerror = () => reject(get.error);""")

IDB_PUT_JS = _in_db("""    const tx = db.transaction(store, 'readwrite');
    tx.objectStore(store).put(arg);
    tx.oncomplete = () => { db.close(); resolve(true); };
    tx.onerror = () => reject(tx.error);""")


def record_link(record: dict | str | bytes) -> str:
    """What a link's ``r=`` carries: the record's text (a dict as JSON, or the text or bytes given)
    packed by raw DEFLATE, in base64url without padding."""
    raw = record if isinstance(record, bytes) else (record if isinstance(record, str) else json.dumps(record)).encode()
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return base64.urlsafe_b64encode(packer.compress(raw) + packer.flush()).decode().rstrip("=")


def bot_game_record(game: str, players: int, seed: str) -> dict:
    """The record of a whole game between ``players`` of the game's first-level bots (Bot 1, Bot 2, …)."""
    g = get_game(game)
    table = Table(g, [Seat(f"Bot {i + 1}", True, g.bot_levels[0]) for i in range(players)], {}, seed, __version__)
    table.play_bots()
    assert table.state.is_terminal()
    return table.to_record()


def snapshot(page) -> dict | None:
    """The snapshot of the table on screen, for the seat on screen (spectator: None)."""
    return page.evaluate(SNAPSHOT_JS)


def moves(page) -> int:
    return int(page.evaluate("document.querySelector('[data-page=table]')?.dataset.moves || '0'"))


def wait_moves(page, more_than: int, timeout: float = 60_000) -> None:
    page.wait_for_function("(n) => Number(document.querySelector('[data-page=table]')?.dataset.moves || 0) > n",
                           arg=more_than, timeout=timeout)


def stored(page, store: str, key: str) -> dict | None:
    """A row of the site's IndexedDB (tables: the page's part; records: what the worker saved)."""
    return page.evaluate(IDB_JS, [store, key])


def saved_record(page, table_id: str) -> dict | None:
    row = stored(page, "records", table_id)
    return None if row is None else json.loads(row["text"])


def store_put(page, store: str, value: dict) -> None:
    page.evaluate(IDB_PUT_JS, [store, value])


DUMP_JS = _in_db("""    const names = [...db.objectStoreNames];
    if (!names.length) { db.close(); resolve({}); return; }
    const tx = db.transaction(names);
    const out = {};
    for (const n of names) { const g = tx.objectStore(n).getAll(); g.onsuccess = () => { out[n] = g.result; }; }
    tx.oncomplete = () => { db.close(); resolve(out); };""", params="")


def dump(page) -> dict:
    """Every saved table, record and save kept aside, plus localStorage: what a page may change."""
    return {"db": page.evaluate(DUMP_JS), "local": page.evaluate("() => Object.fromEntries(Object.entries(localStorage))")}


def wait_stored(page, store: str, key: str, timeout: float = 60_000) -> dict:
    page.wait_for_function(f"""async () => {{ const r = await ({IDB_JS})([{store!r}, {key!r}]); return r !== null; }}""",
                           timeout=timeout)
    return stored(page, store, key)


def csp_safe_waits(pg, poll_ms: int = 50) -> None:
    """Make ``pg.wait_for_function`` poll with ``evaluate`` from here.

    Every page carries a Content-Security-Policy without 'unsafe-eval', and Playwright's own
    wait_for_function builds its predicate with ``new Function`` inside the page, which that
    policy (rightly) refuses. ``evaluate`` runs through the debugging protocol, which the policy
    does not govern, so the pages keep their real policy in every test.
    """
    def wait_for_function(expression, arg=None, timeout=None, polling=None):
        limit = time.monotonic() + (timeout if timeout is not None else 60_000) / 1000
        while True:
            try:
                value = pg.evaluate(expression, arg)
            except Exception as e:  # a navigation in between: try again
                if "Execution context was destroyed" not in str(e) and "navigat" not in str(e):
                    raise
                value = None
            if value:
                return value
            if time.monotonic() > limit:
                try:  # what the page was doing instead, so a failure says more than "timed out"
                    where = pg.evaluate("`${location.hash} state=${document.body.dataset.state}`"
                                        " + ` ${(document.querySelector('[role=alert]')?.textContent || '').slice(0, 200)}`"
                                        " + ` visibility: ${JSON.stringify(window.__realVisibility || null)}`")
                except Exception as e:  # noqa: BLE001 - the page may be gone
                    where = f"(page unreadable: {e})"
                raise TimeoutError(f"wait_for_function timed out after {timeout} ms: {expression[:200]} — page: {where}")
            time.sleep(poll_ms / 1000)

    pg.wait_for_function = wait_for_function


# --- the page's state and what it holds ----------------------------------------------------------

ENGINE_WAIT = 180_000
"""How long a page may take to start its engine and answer (a cold Pyodide on a busy machine)."""


def page_state(page) -> str | None:
    """The table page's state: "interactive", "waiting", "handoff", "over", "error"…"""
    return page.evaluate("document.body.dataset.state || null")


def wait_page_state(page, *states: str, timeout: float = ENGINE_WAIT) -> str | None:
    page.wait_for_function("(s) => s.includes(document.body.dataset.state)", arg=list(states), timeout=timeout)
    return page_state(page)


def screenshot(page, path) -> None:
    """One image pixel per CSS pixel (even on a 2x phone), small enough to keep in the docs."""
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path), scale="css")
    assert path.stat().st_size < 300_000, (path.name, path.stat().st_size)


# Everything a page's script could read: every string reachable from `window` and `window.__vt`.
WALK_JS = """() => {
  const seen = new WeakSet();
  const out = [];
  const dump = (v, depth) => {
    if (depth > 6 || v === null || v === undefined) return;
    if (typeof v === 'string') { out.push(v); return; }
    if (typeof v !== 'object' && typeof v !== 'function') { out.push(String(v)); return; }
    if (typeof v === 'function' || seen.has(v)) return;
    if (v instanceof Node || v === window) return;
    seen.add(v);
    try { out.push(JSON.stringify(v)); return; } catch (_) { /* cyclic: walk it */ }
    for (const k of Object.keys(v)) { try { dump(v[k], depth + 1); } catch (_) { /* getter threw */ } }
  };
  for (const k of Object.keys(window)) { try { dump(window[k], 0); } catch (_) {} }
  if (window.__vt) for (const k of Object.keys(window.__vt)) { try { dump(window.__vt[k], 1); } catch (_) {} }
  return out.join('\\n');
}"""

# Everything the document holds: text, attributes, field values, shadow roots.
DOM_JS = """() => {
  // The screen-reader live region is the shell's; it is checked on its own (see ANNOUNCER_JS).
  const skip = document.getElementById('announcer');
  const parts = [];
  const walk = (el) => {
    if (el === skip) return;
    // (an SVG path's d="M10 …" is drawing, not words)
    for (const a of el.attributes || []) if (a.name !== 'd') parts.push(a.value);
    if ('value' in el && typeof el.value === 'string') parts.push(el.value);
    if (el.shadowRoot) parts.push(el.shadowRoot.innerHTML);
    for (const c of el.childNodes) {
      if (c.nodeType === Node.TEXT_NODE) parts.push(c.textContent);
      else if (c.nodeType === Node.ELEMENT_NODE) walk(c);
    }
  };
  walk(document.documentElement);
  return parts.join('\\n');
}"""

ANNOUNCER_JS = "document.getElementById('announcer') ? document.getElementById('announcer').textContent : ''"


def page_text(page) -> str:
    """The document's words and attributes, then every string its script can reach: where a secret must not be."""
    return page.evaluate(DOM_JS) + "\n" + page.evaluate(WALK_JS)


# --- devices: a context per device, every request that leaves the machine refused -------------------

def is_local(url: str) -> bool:
    """Whether a request stays on this machine (the test server, data: and blob: URLs, error pages)."""
    parts = urlsplit(url)
    if parts.scheme in ("data", "blob", "about", "chrome-error"):
        return True
    return parts.hostname == "127.0.0.1"


def device_context(browser, width: int, height: int, *, touch: bool = False, service_workers: str = "allow"):
    """A browser context standing for one device (a touch screen at 2x when ``touch``); every request
    that would leave the machine is refused and listed in ``ctx.blocked``."""
    extra = {"device_scale_factor": 2, "has_touch": True, "is_mobile": True} if touch else {}
    ctx = browser.new_context(viewport={"width": width, "height": height}, service_workers=service_workers, **extra)
    ctx.blocked = []
    ctx.route(lambda url: not is_local(url), lambda route: (ctx.blocked.append(route.request.url),
                                                            route.abort("addressunreachable")))
    return ctx


# A solo table pauses itself when its page is hidden, and a headless browser on a busy machine has
# been seen to call a page in use hidden (a stretch of play in a test then ends paused). A device's
# page therefore stays visible unless its test hides it (test_pause.py defines visibilityState over
# this one); what the browser itself said is kept in window.__realVisibility.
SHOWN_JS = """(() => {
  const real = Object.getOwnPropertyDescriptor(Document.prototype, 'visibilityState').get;
  window.__realVisibility = [];
  document.addEventListener('visibilitychange', () => window.__realVisibility.push(real.call(document)), true);
  Object.defineProperty(document, 'visibilityState', {get: () => 'visible', configurable: true});
  Object.defineProperty(document, 'hidden', {get: () => false, configurable: true});
})()"""


def device_page(ctx, timeout: float = ENGINE_WAIT):
    """A page of ``ctx`` whose script errors are listed in ``page.errors``; it stays visible (SHOWN_JS)."""
    pg = ctx.new_page()
    pg.add_init_script(SHOWN_JS)
    csp_safe_waits(pg)
    pg.set_default_timeout(timeout)
    pg.errors = []
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    pg.on("console", lambda m: pg.errors.append(m.text) if m.type == "error" else None)
    return pg


@contextmanager
def one_device(browser, width: int, height: int, *, touch: bool = False, service_workers: str = "allow",
               timeout: float = ENGINE_WAIT):
    """A page on a device of its own; at the end, a script error or a refused request fails the test."""
    ctx = device_context(browser, width, height, touch=touch, service_workers=service_workers)
    pg = device_page(ctx, timeout)
    try:
        yield pg
    finally:
        ctx.close()
    assert not pg.errors, pg.errors
    assert not ctx.blocked, ctx.blocked


def keys_are_listed(page, root: str, words) -> object:
    """? on the board of ``root`` lists its keys, each of ``words`` among them; Escape closes the list.
    Returns the list's locator."""
    page.keyboard.press("?")
    box = page.locator(f"{root} .vt-keylist")
    assert box.is_visible()
    listed = box.inner_text()
    for w in words:
        assert w in listed, (w, listed)
    page.keyboard.press("Escape")
    assert not box.is_visible()
    return box


def centre(box):
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


HIT_JS = "(t, [x, y]) => { const el = document.elementFromPoint(x, y); return !!el && (el === t || t.contains(el)); }"


def tap(page, selector):
    """A finger on the middle of ``selector``, once it is what lies there and has stopped moving
    (as a click waits for its target: a sheet still sliding in, or a note over it, takes the tap
    elsewhere); after 10 s it taps anyway."""
    target = page.locator(selector).first
    box = target.bounding_box()
    end = time.monotonic() + 10
    while time.monotonic() < end:
        time.sleep(0.05)
        again = target.bounding_box()
        if again == box and box and target.evaluate(HIT_JS, list(centre(box))):
            break
        box = again
    page.touchscreen.tap(*centre(box or target.bounding_box()))


def _fingers(page, start, steps):
    """A touch gesture through Chromium's touch events (CDP): the fingers down at ``start`` (points),
    moved to each of ``steps`` in turn, then lifted."""
    cdp = page.context.new_cdp_session(page)

    def touch(kind, pts):
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [
            {"x": px, "y": py, "id": i} for i, (px, py) in enumerate(pts)]})
    touch("touchStart", start)
    for pts in steps:
        touch("touchMove", pts)
    touch("touchEnd", [])
    cdp.detach()


def touch_drag(page, x, y, dx, dy):
    """One finger dragged by (dx, dy) in eight steps."""
    _fingers(page, [(x, y)], [[(x + dx * k / 8, y + dy * k / 8)] for k in range(1, 9)])


def pinch_out(page, x, y):
    """Two fingers round (x, y) spread from 60 px apart to 170 px, in six steps (a zoom in)."""
    _fingers(page, [(x - 30, y), (x + 30, y)], [[(x - d, y), (x + d, y)] for d in range(35, 95, 10)])


def verify_from_end_screen(page):
    """The end screen's link to the verifier, followed: it must judge the game valid."""
    page.wait_for_function("() => /#\\/verify\\?r=/.test(document.querySelector('.end-box a[href^=\"#/verify\"]')"
                           ".getAttribute('href'))")
    page.click('.end-box a[href^="#/verify"]')
    page.wait_for_selector(".pg-verdict[data-verdict]", timeout=ENGINE_WAIT)
    assert page.get_attribute(".pg-verdict", "data-verdict") == "valid"


def start_new_table(page, site, game: str, kinds, *, names=None, timers: bool = True, query: str = "",
                    root: str | None = None, options: dict[str, str] | None = None,
                    before_start=None) -> str:
    """New table for ``game``: seats of ``kinds`` ("person"/"bot", bots at Easy), ``names``, the
    the clock on or off (the clock's choice "No clock"), ``options`` chosen by their words (option name -> label); ``before_start(page)``
    (a screenshot of the form, say); Start; then the table's address gets ``query`` (test settings)
    and, with ``root``, the page waits for that game's board to be ready. Returns the table id."""
    page.goto(site.url(f"index.html#/new/{game}"))
    page.wait_for_selector("form.newtable #start")
    page.wait_for_selector("#opt-clock", timeout=ENGINE_WAIT)  # the engine's options are drawn
    if page.locator("#seat-count").count():  # games of 2 to 5 seats
        page.select_option("#seat-count", str(len(kinds)))
    for i, kind in enumerate(kinds):
        page.select_option(f"#seat-kind-{i}", kind)
        if kind == "bot" and page.locator(f"#seat-level-{i}").count():
            page.select_option(f"#seat-level-{i}", "easy")
        if names:
            page.fill(f"#seat-name-{i}", names[i])
    for name, label in (options or {}).items():
        page.select_option(f"#opt-{name}", label=label)
    if not timers:
        page.select_option("#opt-clock", "off")       # the clock's one control: no clock at all
    if before_start:
        before_start(page)
    page.click("#start")
    page.wait_for_function("location.hash.startsWith('#/table/')", timeout=ENGINE_WAIT)
    table_id = page.evaluate("location.hash.split('/')[2].split('?')[0]")
    if query:
        page.evaluate(f"location.hash = '#/table/{table_id}?{query}'")
    if root:
        page.wait_for_selector(root)
        page.wait_for_function(f"document.querySelector('{root}')?.__renderer?.ready", timeout=ENGINE_WAIT)
    return table_id
