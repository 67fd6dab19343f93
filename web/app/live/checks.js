// A guest's own checks of what the host hands over (docs/live.md, "What a guest checks").
//
// The host's page is the table, so it could show a guest one game and hand over the record of
// another made from the same joint entries (same seed, same fingerprint), or append a
// participant after the guests revealed and so pick the seed. A guest's page therefore keeps
// what it was shown — each move's seat and, where it could see it, the move; the table's seats,
// options and timers; the list of commitments it revealed against — and at the end holds the
// record to all of it.

/** Entries of a log as [seat, action] (action null where this page could not see it). */
function pairs(log) {
  return log.map((e) => [e && Number.isInteger(e.seat) ? e.seat : null, e && typeof e.action === "string" ? e.action : null]);
}

/**
 * What was shown so far and a new snapshot's log → {shown, changed}: `changed` when the new log
 * drops entries or contradicts one already shown (another seat, another visible move). A move
 * that was hidden and is now revealed is news, not a change.
 */
export function mergeShown(shown, log) {
  const now = pairs(log);
  let changed = now.length < shown.length;
  const out = now.map((p, i) => {
    const old = shown[i];
    if (!old) return p;
    if (old[0] !== p[0] || (old[1] !== null && p[1] !== null && old[1] !== p[1]) || (old[1] !== null && p[1] === null)) {
      changed = true;
      return old; // what was shown first is what the record must hold
    }
    return p[1] === null ? old : p;
  });
  for (let i = now.length; i < shown.length; i++) out.push(shown[i]);
  return { shown: out, changed };
}

/** The same participants, in the same order, with the same commitments. */
export function sameJoint(joint, list) {
  return Array.isArray(joint) && Array.isArray(list) && joint.length === list.length
    && joint.every((p, i) => p && list[i] && p.who === list[i].who && p.commitment === list[i].commitment);
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The rows of the end-of-game checks that hold the record to what this page saw: its moves,
 * its table, its list of participants. `me`: {shown, table0, list}; `t`: the page's words.
 */
export function checkFinal(record, me, t, list = me.list) {
  const rows = [];
  const actions = record && Array.isArray(record.actions) ? record.actions : [];
  const actors = record && Array.isArray(record.actors) ? record.actors : [];
  const shown = me.shown || [];
  let why = "";
  if (actions.length !== shown.length) why = `${actions.length} moves in the record, ${shown.length} shown`;
  else {
    for (let i = 0; i < shown.length; i++) {
      const [seat, action] = shown[i];
      const actor = Array.isArray(actors[i]) ? actors[i][0] : null;
      if (actor !== seat || (action !== null && actions[i] !== action)) {
        why = `move ${i + 1}`;
        break;
      }
    }
  }
  rows.push({ key: "moves", ok: !why, text: why ? t("live.check.movesBad", { detail: why }) : t("live.check.movesOk") });
  const t0 = me.table0;
  const tableOk = !!t0 && !!record && same(record.seats, t0.seats) && same(record.options, t0.options)
    && record.timers === t0.timers && record.fingerprint === t0.fingerprint;
  rows.push({ key: "table", ok: tableOk, text: t(tableOk ? "live.check.tableOk" : "live.check.tableBad") });
  if (list) {
    const jointOk = sameJoint(record && record.joint, list);
    rows.push({ key: "joint", ok: jointOk, text: t(jointOk ? "live.check.jointOk" : "live.check.jointBad") });
  }
  return rows;
}
