// Per-decision countdowns: the key that names one seat's decision (its clock goes on across the
// steps of a compound choice and a pause), a countdown toward a deadline, and "1:05" in words.
// What is saved with a table is the time that remains (web/app/table/clock.js), so a reload, or a
// paused table resumed, goes on with that time instead of a fresh one.

/**
 * Identifies one seat's decision for its clock: the move number where the choice began (the
 * steps of one compound choice share it, so stepping back never restarts the clock), the
 * seat.
 */
export function decisionKey(snap, seat) {
  const d = snap.decision;
  if (!d) return `over:${seat}`;
  // Pausing and resuming the table are log entries but no step of the decision: its clock goes on.
  const steps = snap.log.filter((e) => e.action !== "@pause" && e.action !== "@resume").length;
  return `${d.since ?? steps}:${seat}`;
}

/** "1:05", "0:09" */
export function formatSeconds(s) {
  const n = Math.max(0, Math.ceil(s));
  return `${Math.floor(n / 60)}:${String(n % 60).padStart(2, "0")}`;
}

/**
 * Ticks toward a deadline. onTick(secondsLeft) runs whenever the shown second changes;
 * onLastSecond(n) for each of the last five seconds; onExpire() once, at zero.
 */
export class Countdown {
  constructor({ onTick, onLastSecond, onExpire, now = () => Date.now() }) {
    this.onTick = onTick;
    this.onLastSecond = onLastSecond;
    this.onExpire = onExpire;
    this.now = now;
    this.deadline = null;
    this.handle = null;
    this.shown = null;
  }

  start(deadline) {
    this.stop();
    this.deadline = deadline;
    this.shown = null;
    this.handle = setInterval(() => this.tick(), 200);
    this.tick();
  }

  stop() {
    if (this.handle !== null) clearInterval(this.handle);
    this.handle = null;
    this.deadline = null;
  }

  running() {
    return this.deadline !== null;
  }

  remaining() {
    return this.deadline === null ? null : Math.max(0, (this.deadline - this.now()) / 1000);
  }

  tick() {
    if (this.deadline === null) return;
    const left = this.remaining();
    const whole = Math.ceil(left);
    if (whole !== this.shown) {
      this.shown = whole;
      if (this.onTick) this.onTick(left);
      if (whole > 0 && whole <= 5 && this.onLastSecond) this.onLastSecond(whole);
    }
    if (left <= 0) {
      this.stop();
      if (this.onExpire) this.onExpire();
    }
  }
}
