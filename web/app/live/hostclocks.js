// The clocks of a host's table (hostcore.js): which seat's time runs, how much is left, and when the
// table plays for a seat by itself. One object per table, handed the core; the core asks it after
// every snapshot and keeps what `kept()` gives in the table's save.
//
//   started(snap)      a new snapshot (for seat 0): start the clocks of decisions that have none yet
//   remaining(seat)    seconds left on that seat's clock for the decision on the table, or null
//   next()             {seat, at}: the first clock to run out (at: ms, the core's now()), or null
//   restore(save)      a reopened table: the clocks as its save left them
//   kept()             what goes into the save ({clocks, deadlineKey, remaining}), or {}

import { decisionKey } from "../timer.js";

/**
 * A live table: each decision of a person seat has its seconds (the engine's, or the core's
 * `clockSeconds`), counted on this device from when the host's engine first showed it; the time
 * left goes into the save, so a reload resumes it. When it runs out the table plays the seat's
 * timer move.
 */
export class LiveClocks {
  constructor(core) {
    this.core = core;
    this.deadlines = new Map();
  }

  started(snap) {
    const core = this.core;
    const d = snap.decision;
    if (!d || !core.timers) return;
    const seconds = core.clockSeconds ?? d.timer;
    for (const p of d.players) {
      const key = decisionKey(snap, p);
      if (core.isPerson(p) && seconds > 0 && !this.deadlines.has(key)) this.deadlines.set(key, core.now() + seconds * 1000);
    }
  }

  remaining(seat) {
    const snap = this.core.snap;
    if (!snap || snap.terminal || !snap.decision || !snap.decision.players.includes(seat)) return null;
    const dl = this.deadlines.get(decisionKey(snap, seat));
    return dl === undefined ? null : Math.max(0, (dl - this.core.now()) / 1000);
  }

  next() {
    const snap = this.core.snap;
    if (!snap || snap.terminal || !snap.decision) return null;
    let first = null;
    for (const p of snap.decision.players.filter((x) => this.core.isPerson(x))) {
      const dl = this.deadlines.get(decisionKey(snap, p));
      if (dl !== undefined && (first === null || dl < first.at)) first = { seat: p, at: dl };
    }
    return first;
  }

  restore(save) {
    const now = this.core.now();
    for (const [key, left] of Object.entries(save.clocks || {})) {
      if (typeof left === "number" && Number.isFinite(left)) this.deadlines.set(key, now + Math.max(0, left) * 1000);
    }
    // The table page writes the clock it ran last; it is the newer one when both are there.
    if (typeof save.deadlineKey === "string" && typeof save.remaining === "number" && Number.isFinite(save.remaining)) {
      this.deadlines.set(save.deadlineKey, now + Math.max(0, save.remaining) * 1000);
    }
  }

  kept() {
    const snap = this.core.snap;
    const clocks = {};
    const d = snap && !snap.terminal ? snap.decision : null;
    for (const p of d ? d.players : []) {
      const key = decisionKey(snap, p);
      if (this.deadlines.has(key)) clocks[key] = Math.max(0, (this.deadlines.get(key) - this.core.now()) / 1000);
    }
    // The table page (this table opened there) reads one clock: the first one running.
    const first = Object.keys(clocks)[0];
    return { clocks, deadlineKey: first ?? null, remaining: first ? clocks[first] : null };
  }
}

/**
 * A table over days: the engine keeps every seat's clock (the snapshot's `days`, judged at the
 * `at` the core's engine arguments give), so nothing of it is this device's to keep. Nothing runs
 * out by itself either: when a seat's time and bank are gone, the other people choose to let the
 * table play its timer move, give it a day or claim the game (@claim:K, @extend:K), so next() is
 * always null and the dealer plays `timeout` only when asked to.
 */
export class DaysClocks {
  constructor(core) {
    this.core = core;
  }

  started() {}

  remaining(seat) {
    const snap = this.core.snap;
    const days = snap && !snap.terminal && snap.decision && snap.decision.players.includes(seat) ? snap.days : null;
    const dl = days && Array.isArray(days.deadlines) ? days.deadlines[seat] : null;
    return typeof dl === "number" ? Math.max(0, dl - this.core.now() / 1000) : null;
  }

  next() {
    return null;
  }

  restore() {}

  kept() {
    return {};
  }
}
