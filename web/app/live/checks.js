// What a guest's page was shown, kept for the check at the end (docs/live.md, "What a guest holds the host to").
//
// The host's page is the table, so it could show a guest one game and hand over the record of
// another. A guest's page therefore keeps each complete log entry it was shown — the seat and,
// where it could see it, the move, and at a table over days the entry's time — and at the end its
// engine holds the record to that list (the record's witness, with the terms and the host's
// commitments to the moves: py_engine/core/verify.py).

/** Entries of a log as [seat, action] (action null where this page could not see it), [seat, action, time] over days. */
function entries(log) {
  return log.map((e) => {
    const p = [e && Number.isInteger(e.seat) ? e.seat : null, e && typeof e.action === "string" ? e.action : null];
    if (e && Number.isSafeInteger(e.time) && e.time >= 0) p.push(e.time);
    return p;
  });
}

/**
 * What was shown so far and a new snapshot's log → {shown, changed}: `changed` when the new log
 * drops entries or contradicts one already shown (another seat, another visible move, another
 * time). A move that was hidden and is now revealed is news, not a change.
 */
export function mergeShown(shown, log) {
  const now = entries(log);
  let changed = now.length < shown.length;
  const out = now.map((p, i) => {
    const old = shown[i];
    if (!old) return p;
    if (old[0] !== p[0] || (old[1] !== null && p[1] !== null && old[1] !== p[1]) || (old[1] !== null && p[1] === null)
        || old.length !== p.length || (old.length > 2 && old[2] !== p[2])) {
      changed = true;
      return old; // what was shown first is what the record must hold
    }
    return p[1] === null ? old : p;
  });
  for (let i = now.length; i < shown.length; i++) out.push(shown[i]);
  return { shown: out, changed };
}

/** How far the host's clock may run ahead of this device's before the page says so: an hour. */
export const AHEAD_S = 3600;

/**
 * Over days, an entry's time is the host's clock's. This device cannot prove the host's clock wrong,
 * but it can say when an entry first shown to it carries a time later than its own clock by more than
 * AHEAD_S (a host whose clock runs ahead could claim a deadline early). `before`: how many entries
 * were shown until now; `nowS`: this device's time in unix seconds → {time, now} of the latest such
 * entry, or null.
 */
export function hostAhead(shown, before, nowS) {
  let ahead = null;
  for (let i = before; i < shown.length; i++) {
    const time = shown[i][2];
    if (Number.isSafeInteger(time) && time > nowS + AHEAD_S) ahead = { time, now: nowS };
  }
  return ahead;
}
