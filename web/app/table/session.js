// Tables open in the engine during this visit: save id → the worker's table id.
// The worker survives navigation (one-page app), so going back to a table is instant;
// after a reload the map is empty and the table is rebuilt from its save. A table made here
// (createTable) hands its first snapshot and its page state to the table page once, so Start
// opens it without another call to the worker or a read of storage.

import { newTableId, saveTable, summarize, keepUnsaved } from "../storage.js";

const live = new Map();

/**
 * `first`: the snapshot the engine answered when the table was made, handed to the table page
 * once (it is what a `snapshot` call would answer then), so opening a new table costs no second
 * round trip to the worker.
 */
export function rememberLive(saveId, engineId, first = null) {
  live.set(saveId, { engineId, first });
}

/** The table's first snapshot for `viewer`, once; null when it was taken or is another viewer's. */
export function takeFirstSnapshot(saveId, viewer) {
  const entry = live.get(saveId);
  const snap = entry && entry.first;
  if (!snap) return null;
  entry.first = null;
  return snap.viewer === viewer ? snap : null;
}

/** Tables made in this visit, their page state as just saved: read once by the table page. */
const made = new Map();

/** The page state of the table `saveId` just made here, once (null otherwise): no read from storage. */
export function takeMadeSave(saveId) {
  const save = made.get(saveId) || null;
  made.delete(saveId);
  return save;
}

export function liveTable(saveId) {
  return live.get(saveId) || null;
}

export function forgetLive(saveId) {
  live.delete(saveId);
}

/**
 * Start a table: the worker draws the secret seed and saves the record (this page never sees
 * either); the page saves its own part. Resolves with the new table's save id; rejects with
 * an Error whose message says why (storage refused, the engine refused the seats…).
 */
export async function createTable(engine, { game, seats, options, timers, unsaved = false }, saveFailed) {
  const persons = seats.map((s, k) => (s.bot ? -1 : k)).filter((k) => k >= 0);
  const viewer = persons.length ? persons[0] : null;
  const id = newTableId();
  // `unsaved`: storage is refused and the person chose to play anyway; the table lives in the
  // engine for this visit only.
  const snap = await engine.call("new_table", { game, seats, options: { ...options }, viewer, timers,
                                                save: unsaved ? undefined : id });
  const save = {
    id, game, seats: snap.seats, deadlineKey: null, remaining: null,
    timers: snap.timers !== false, viewer, created: Date.now(), summary: summarize(snap),
  };
  if (unsaved) keepUnsaved(save);
  else if (!snap.saved || !snap.saved.ok || !(await saveTable(save))) throw new Error(saveFailed);
  else made.set(id, { ...save });
  const { saved: _, ...first } = snap;   // the save's outcome was for this call, not the table page
  rememberLive(id, snap.table, first);
  return id;
}
