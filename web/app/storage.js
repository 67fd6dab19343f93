// Saved tables (IndexedDB, web/lib/db.js) and preferences (localStorage).
//
// The page keeps only what it needs to list and resume a table ({id, game, seats, summary,
// viewer, deadline, deadlineKey, timers}); the record with its seed is written and read by
// the engine's worker alone. A save that cannot be read is never dropped: the worker moves
// it to the `aside` store with the reason, so the player can download it or delete it.

import { shown as describe } from "../lib/shown.js";
import { getAll, get, put, remove, openDb, setAside } from "../lib/db.js";

const LEGACY_TABLE = "vt.table.";
const LEGACY_CORRUPT = "vt.corrupt.";

function local() {
  try {
    return window.localStorage;
  } catch (_) {
    return null;
  }
}

/** A fresh table id: short, URL-safe, unique on this device. */
export function newTableId() {
  const b = new Uint8Array(5);
  crypto.getRandomValues(b);
  const rand = [...b].map((x) => x.toString(36).padStart(2, "0")).join("").slice(0, 8);
  return `${Date.now().toString(36)}${rand}`;
}

export function isTableId(id) {
  return typeof id === "string" && /^[a-z0-9_-]{4,40}$/i.test(id);
}

let migration = Promise.resolve(); // reads wait until older saves have been moved over

let usable = null;
/** Whether this browser lets the site store tables (privacy modes and some settings refuse). */
export function storageUsable() {
  usable ??= openDb().then(() => true, () => false);
  return usable;
}

/** Tables played without saving (storage refused and the person agreed): this visit only. */
const unsaved = new Map();

export function keepUnsaved(meta) {
  unsaved.set(meta.id, meta);
}

/** Save the page's part of a table. Resolves true, or false when storage refused (the caller says so). */
export async function saveTable(meta) {
  if (unsaved.has(meta.id)) {
    unsaved.set(meta.id, { ...meta });
    return true;
  }
  try {
    await put("tables", { ...meta, updated: Date.now() });
    // Whatever lists tables waiting for a person (turns.js) counts again.
    window.dispatchEvent(new Event("vt:tables-changed"));
    return true;
  } catch (e) {
    console.error("saving the table's page state failed", e);
    return false;
  }
}

/**
 * What is wrong with a saved table's page state, in words (null: nothing). Storage is outside
 * this page's control (another version of the site, an extension, a person with the developer
 * tools): every field the pages rely on is checked here, before anything is built from it.
 */
export function saveProblem(meta, id) {
  if (!meta || typeof meta !== "object" || Array.isArray(meta)) return "the saved table's page state is not an object";
  if (meta.id !== id) return "the saved table's page state names another table";
  if (typeof meta.game !== "string" || !meta.game) return "the saved table's page state names no game";
  const seats = meta.seats;
  if (!Array.isArray(seats) || seats.length < 1 || seats.length > 8) {
    return `the saved table's seats are not a list of 1 to 8 seats (${describe(seats)})`;
  }
  for (let i = 0; i < seats.length; i++) {
    const s = seats[i];
    if (!s || typeof s !== "object" || typeof s.name !== "string" || typeof s.bot !== "boolean") {
      return `seat ${i + 1} of the saved table is not a seat (${describe(s)})`;
    }
  }
  if (meta.viewer !== undefined && meta.viewer !== null && !(Number.isInteger(meta.viewer) && meta.viewer >= 0 && meta.viewer < seats.length)) {
    return `the saved table's viewer is not one of its seats (${describe(meta.viewer)})`;
  }
  if (meta.remote !== undefined && meta.remote !== null
      && !(Array.isArray(meta.remote) && meta.remote.every((k) => Number.isInteger(k) && k > 0 && k < seats.length))) {
    return `the saved table's other devices are not seats of it (${describe(meta.remote)})`;
  }
  if (meta.timers !== undefined && typeof meta.timers !== "boolean") return "the saved table's timers setting is not true or false";
  if (meta.summary !== undefined && meta.summary !== null && (typeof meta.summary !== "object" || Array.isArray(meta.summary))) {
    return "the saved table's summary is not an object";
  }
  return null;
}

/** {save} | {missing: true} | {corrupt: reason, aside: true if it is already kept aside} | {unavailable}. */
export async function readTable(id) {
  if (unsaved.has(id)) return { save: { ...unsaved.get(id) }, unsaved: true };
  await migration;
  let meta;
  try {
    meta = await get("tables", id);
    if (!meta) {
      const kept = await get("aside", id);
      if (kept) return { corrupt: kept.reason || "", aside: true };
    }
  } catch (e) {
    return { unavailable: String(e.message || e) };
  }
  if (!meta) return { missing: true };
  const problem = saveProblem(meta, id);
  if (problem) return { corrupt: problem };
  return { save: meta };
}

export async function deleteTable(id) {
  await remove(["tables", "records"], id);
  window.dispatchEvent(new Event("vt:tables-changed"));
}

let sweep = Promise.resolve(); // listCorrupt waits for listTables to have set aside what it found

/** Saves that read cleanly, newest first (optionally of one game). One that does not is kept aside, with why. */
export function listTables(game) {
  const listed = listReadable(game);
  sweep = listed.catch(() => {});
  return listed;
}

/** Every row of `store`, or none when the database cannot be read (the page goes on without saves). */
async function readAll(store) {
  try {
    return await getAll(store);
  } catch (_) {
    return [];
  }
}

async function listReadable(game) {
  await migration;
  const all = await readAll("tables");
  const good = [];
  for (const s of all) {
    const id = s && typeof s === "object" && typeof s.id === "string" ? s.id : null;
    const problem = saveProblem(s, id);
    if (!problem) good.push(s);
    else if (id !== null) await setAside(id, problem).catch((e) => console.error("a damaged save could not be set aside", e));
  }
  return good.filter((s) => !game || s.game === game).sort((a, b) => (b.updated || 0) - (a.updated || 0));
}

export async function listCorrupt() {
  await migration;
  await sweep;
  const all = await readAll("aside");
  return all.sort((a, b) => (b.moved || 0) - (a.moved || 0));
}

export async function deleteCorrupt(id) {
  await remove(["aside"], id);
}

/**
 * Saves of the older format (the whole save in localStorage, record and seed included) are
 * handed to the engine's worker, which writes the record where only it reads; the page keeps
 * the rest. Unreadable ones are kept aside with their reason. Runs once per page load.
 */
export function migrateLegacySaves(engine) {
  migration = migrate(engine).catch((e) => console.error("older saves could not be moved", e));
  return migration;
}

async function migrate(engine) {
  const s = local();
  if (!s) return 0;
  const keys = [];
  for (let i = 0; i < s.length; i++) {
    const k = s.key(i);
    if (k && (k.startsWith(LEGACY_TABLE) || k.startsWith(LEGACY_CORRUPT))) keys.push(k);
  }
  let moved = 0;
  for (const k of keys) {
    const raw = s.getItem(k);
    if (raw === null) continue;
    if (k.startsWith(LEGACY_CORRUPT)) {
      let item = {};
      try { item = JSON.parse(raw) || {}; } catch (_) { item = { raw }; }
      await put("aside", { id: k.slice(LEGACY_CORRUPT.length), reason: item.reason || "", moved: item.moved || Date.now(),
                           raw: item.raw ?? raw });
      s.removeItem(k);
      continue;
    }
    const id = k.slice(LEGACY_TABLE.length);
    let old;
    try {
      old = JSON.parse(raw) || {};
    } catch (e) {
      await put("aside", { id, reason: `not JSON (${e.message})`, moved: Date.now(), raw });
      s.removeItem(k);
      continue;
    }
    try {
      const out = await engine.call("import_save", { id, raw });
      const snap = out.summary;
      await put("tables", {
        id, game: snap.game, seats: snap.seats, summary: summarize(snap),
        viewer: old && Number.isInteger(old.viewer) ? old.viewer : null,
        deadline: old.deadline ?? null, deadlineKey: old.deadlineKey ?? null,
        timers: snap.timers !== false, created: old.updated || Date.now(), updated: old.updated || Date.now(),
      });
    } catch (e) {
      await put("aside", { id, reason: String(e.message || e), moved: Date.now(), raw });
    }
    s.removeItem(k);
    moved++;
  }
  return moved;
}

/** The lobby's line for a table: whose turn (names, and the seats for "Your turn"), finished or not, how many moves. */
export function summarize(snap) {
  const d = snap.decision;
  const players = d ? d.players.filter((p) => snap.seats[p]) : [];
  return { over: Boolean(snap.terminal), turn: players.map((p) => snap.seats[p].name).join(", "), players, moves: snap.log.length };
}

export function getPref(name, fallback) {
  const s = local();
  let v = null;
  try { v = s ? s.getItem(`vt.${name}`) : null; } catch (_) { v = null; }
  return v === null ? fallback : v;
}

export function setPref(name, value) {
  const s = local();
  try {
    if (s) s.setItem(`vt.${name}`, String(value));
  } catch (_) { /* a preference that is not remembered is harmless */ }
}

/** Offer `text` as a file download named `filename`. */
export function downloadText(filename, text, type = "application/json") {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
