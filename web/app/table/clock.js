// A decision's clock on a table page: the countdown in the bar, the warning of its last seconds, and
// the time that remains, saved with the table every few seconds. The page pauses the clock whenever
// the table cannot be played (the page closed, the engine down and being restarted) and it resumes
// with what was left, so a timer never runs out against a person who could not move.

import { t } from "../../lib/i18n.js";
import { play as playSound } from "../sound.js";
import { Countdown, decisionKey, formatSeconds } from "../timer.js";
import { h } from "../../lib/dom.js";
import { announce } from "../../lib/announce.js";

/** From this many seconds left, the clock turns red and the page says the table is about to play. */
const URGENT_SECONDS = 10;
/** How often the time that remains is written to the save while a clock runs. */
const CLOCK_SAVE_MS = 2000;

export class TableClock {
  /**
   * save: the table's save, which holds the time that remains (`remaining`, `deadlineKey`);
   * override: the seconds of every decision (test-only ?timer=), or null; persist(): write the save;
   * onExpire(): the time is up.
   */
  constructor({ save, override, persist, onExpire }) {
    this.save = save;
    this.override = override;
    this.persist = persist;
    this.saver = null;
    this.warned = false;
    this.el = h("div.countdown", { role: "timer", "aria-label": t("table.timeLeft"), hidden: true });
    this.warning = h("p.clock-warning", { hidden: true });
    this.countdown = new Countdown({
      onTick: (left) => this.paint(left),
      onLastSecond: () => playSound("tick"),
      onExpire,
    });
  }

  /** The clock of `seat`'s decision, if the table has timers: with what remained of it, else in full. */
  startFor(snap, seat) {
    if (this.settleFor(snap, seat)) this.run();
    else {
      this.pause();
      this.hide();
    }
  }

  /** The same clock shown stopped at the time that remains (a paused table): no time is used. */
  hold(snap, seat) {
    this.pause();
    if (!this.settleFor(snap, seat)) {
      this.hide();
      return;
    }
    this.el.hidden = false;
    this.el.classList.remove("urgent");
    this.el.textContent = formatSeconds(this.save.remaining);
    this.persist();
  }

  /** Whether `seat`'s decision has a clock; if so the save holds what remains of it. */
  settleFor(snap, seat) {
    const seconds = this.override ?? snap.decision.timer;
    if (this.save.timers === false || !(seconds > 0)) return false;
    const key = decisionKey(snap, seat);
    if (this.save.deadlineKey !== key || typeof this.save.remaining !== "number") {
      this.save.deadlineKey = key;
      this.save.remaining = seconds;
    }
    // A test-only ?timer= shorter than the time saved shortens it too.
    if (this.override !== null) this.save.remaining = Math.min(this.save.remaining, seconds);
    return true;
  }

  run() {
    this.el.hidden = false;
    this.countdown.start(Date.now() + this.save.remaining * 1000);
    clearInterval(this.saver);
    this.saver = setInterval(() => this.noteRemaining(), CLOCK_SAVE_MS);
    this.persist();
  }

  /** Keep the time that remains in the save (a reload, a crash resume from here). */
  noteRemaining() {
    if (!this.countdown.running()) return;
    this.save.remaining = this.countdown.remaining();
    this.persist();
  }

  /** Stop the clock, keeping the time that remains for when the table can be played again. */
  pause() {
    clearInterval(this.saver);
    this.saver = null;
    if (this.countdown.running()) {
      this.save.remaining = this.countdown.remaining();
      this.countdown.stop();
      this.persist();
    }
  }

  /** The decision is made: its clock is gone. */
  end() {
    clearInterval(this.saver);
    this.saver = null;
    this.countdown.stop();
    this.save.remaining = null;
    this.save.deadlineKey = null;
  }

  /** Another tab took the table: this page's clock stops where it is and writes nothing more. */
  stop() {
    clearInterval(this.saver);
    this.countdown.stop();
  }

  hide() {
    this.el.hidden = true;
  }

  /** No warning stays up without a clock running. */
  settle() {
    if (!this.countdown.running()) {
      this.warned = false;
      this.warning.hidden = true;
    }
  }

  paint(left) {
    this.el.textContent = formatSeconds(left);
    const urgent = left <= URGENT_SECONDS && left > 0;
    this.el.classList.toggle("urgent", urgent);
    this.el.setAttribute("aria-label", t("table.timeLeft"));
    // The last seconds are announced once, in words that say what happens next.
    if (urgent) {
      this.warning.hidden = false;
      this.warning.textContent = t("table.hurry", { n: Math.ceil(left) });
      if (!this.warned) announce(this.warning.textContent);
      this.warned = true;
    } else if (this.warned) {
      this.warned = false;
      this.warning.hidden = true;
    }
  }
}
