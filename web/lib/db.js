// The site's IndexedDB: saved tables. Opened by the page and by the engine's worker.
//
//   records  {id, game, seq, over, text, updated}   the record WITH its seed, as JSON text.
//            Written and read only by the worker, so the page's code never holds the seed
//            of a running game. `seq` is the number of actions: a write never replaces a
//            save that is further on (another tab, an older worker).
//            Also {id: "joint.<id>", kind: "joint", text}: the host's contribution to the seed of
//            an internet table-to-be (web/app/live/lobby.js), until that table starts. The dot
//            keeps these ids apart from every table id.
//   tables   {id, game, seats, summary, viewer, deadline, deadlineKey, timers, created, updated}
//            what the page needs to list and resume a table: nothing secret.
//   aside    {id, reason, moved, raw}   saves that could not be read, kept for the player.
//
// Every function resolves with its result or rejects with an Error; nothing here swallows
// a failure, so a caller can always tell the player that a save did not happen.

const NAME = "valley-tables";
const VERSION = 1;
export const STORES = ["records", "tables", "aside"];

const opened = new Map(); // name → the promise of its open database

/**
 * The IndexedDB database `name` at `version`, opened once per page or worker, with any of `stores`
 * (keyed by "id") it lacks created. Rejects where storage is blocked (and is tried afresh next time).
 */
export function openNamed(name, version, stores) {
  if (opened.has(name)) return opened.get(name);
  const opening = new Promise((resolve, reject) => {
    let req;
    try {
      req = indexedDB.open(name, version);
    } catch (e) {
      reject(new Error(`storage unavailable: ${e.message || e}`));
      return;
    }
    req.onupgradeneeded = () => {
      const db = req.result;
      for (const s of stores) if (!db.objectStoreNames.contains(s)) db.createObjectStore(s, { keyPath: "id" });
    };
    req.onsuccess = () => {
      const db = req.result;
      // Another tab or a newer build wants to upgrade: step aside rather than block it.
      db.onversionchange = () => { db.close(); opened.delete(name); };
      resolve(db);
    };
    req.onerror = () => reject(new Error(`storage unavailable: ${req.error && req.error.message}`));
    req.onblocked = () => reject(new Error("storage is held by an older version of this site in another tab"));
  });
  opened.set(name, opening);
  opening.catch(() => { if (opened.get(name) === opening) opened.delete(name); });
  return opening;
}

/** The site's database. */
export function openDb() {
  return openNamed(NAME, VERSION, STORES);
}

/** A transaction's end: resolves when it commits, rejects when it fails or is aborted. */
export function done(tx) {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error || new Error("storage error"));
    tx.onabort = () => reject(tx.error || new Error("storage write aborted"));
  });
}

/** A request's result as a promise. */
export function request(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error || new Error("storage error"));
  });
}

export async function get(store, id) {
  const db = await openDb();
  return request(db.transaction(store).objectStore(store).get(id));
}

export async function getAll(store) {
  const db = await openDb();
  return request(db.transaction(store).objectStore(store).getAll());
}

export async function put(store, value) {
  const db = await openDb();
  const tx = db.transaction(store, "readwrite");
  tx.objectStore(store).put(value);
  return done(tx);
}

/** Delete `id` from each of `stores` in one transaction. */
export async function remove(stores, id) {
  const db = await openDb();
  const tx = db.transaction(stores, "readwrite");
  for (const s of stores) tx.objectStore(s).delete(id);
  return done(tx);
}

/**
 * Write a record unless the stored one is further on. Resolves {saved: true} or
 * {saved: false, stale: storedSeq} (the stored save has more actions: this writer is behind).
 */
export async function putRecord(value) {
  const db = await openDb();
  const tx = db.transaction("records", "readwrite");
  const store = tx.objectStore("records");
  const old = await request(store.get(value.id));
  // Further on, or as far but another game (a second tab that played on its own): not ours to replace.
  if (old && (old.seq > value.seq || (old.seq === value.seq && old.text !== value.text))) {
    tx.abort();
    return { saved: false, stale: old.seq };
  }
  store.put(value);
  await done(tx);
  return { saved: true };
}

/** Move a record that cannot be read to `aside`, with the reason, in one transaction. */
export async function setAside(id, reason) {
  const db = await openDb();
  const tx = db.transaction(["records", "aside", "tables"], "readwrite");
  const rec = await request(tx.objectStore("records").get(id));
  const meta = await request(tx.objectStore("tables").get(id));
  tx.objectStore("aside").put({
    id, reason: String(reason), moved: Date.now(),
    raw: rec ? rec.text : JSON.stringify(meta || null),
  });
  tx.objectStore("records").delete(id);
  tx.objectStore("tables").delete(id);
  return done(tx);
}
