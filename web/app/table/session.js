// Tables open in the engine during this visit: save id → the worker's table id.
// The worker survives navigation (one-page app), so going back to a table is instant;
// after a reload the map is empty and the table is rebuilt from its save.

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
