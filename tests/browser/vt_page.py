"""Helpers for browser tests that look inside a running table page.

The page keeps no global with the last snapshot (a player's secrets must not sit in page
globals), so tests ask the engine for the same snapshot the page drew: the table page marks
its element with the engine's table id, the seat on screen and the move count.
"""
from __future__ import annotations

import json
import time

SNAPSHOT_JS = """async () => {
  const el = document.querySelector('[data-page=table]');
  if (!el || !el.dataset.table) return null;
  const v = el.dataset.viewer;
  return window.__vt.engine.call('snapshot', {table: el.dataset.table, viewer: v === '' ? null : Number(v)});
}"""

IDB_JS = """([store, id]) => new Promise((resolve, reject) => {
  const req = indexedDB.open('valley-tables');
  req.onerror = () => reject(req.error);
  req.onsuccess = () => {
    const db = req.result;
    const get = db.transaction(store).objectStore(store).get(id);
    get.onsuccess = () => { db.close(); resolve(get.result === undefined ? null : get.result); };
    get.onerror = () => reject(get.error);
  };
})"""

IDB_PUT_JS = """([store, value]) => new Promise((resolve, reject) => {
  const req = indexedDB.open('valley-tables');
  req.onerror = () => reject(req.error);
  req.onsuccess = () => {
    const db = req.result;
    const tx = db.transaction(store, 'readwrite');
    tx.objectStore(store).put(value);
    tx.oncomplete = () => { db.close(); resolve(true); };
    tx.onerror = () => reject(tx.error);
  };
})"""


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


DUMP_JS = """() => new Promise((resolve, reject) => {
  const req = indexedDB.open('valley-tables');
  req.onerror = () => reject(req.error);
  req.onsuccess = () => {
    const db = req.result;
    const names = [...db.objectStoreNames];
    if (!names.length) { db.close(); resolve({}); return; }
    const tx = db.transaction(names);
    const out = {};
    for (const n of names) { const g = tx.objectStore(n).getAll(); g.onsuccess = () => { out[n] = g.result; }; }
    tx.oncomplete = () => { db.close(); resolve(out); };
  };
})"""


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
                raise TimeoutError(f"wait_for_function timed out after {timeout} ms: {expression[:200]}")
            time.sleep(poll_ms / 1000)

    pg.wait_for_function = wait_for_function
