// Tables open in the engine during this visit: save id → the worker's table id.
// The worker survives navigation (one-page app), so going back to a table is instant;
// after a reload the map is empty and the table is rebuilt from its save.

import { newTableId, saveTable, summarize, keepUnsaved } from "../storage.js";

const live = new Map();

export function rememberLive(saveId, engineId, snapshot) {
  live.set(saveId, { engineId, snapshot });
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
  rememberLive(id, snap.table);
  return id;
}
