// One tab plays a table: the table page holds the table's Web Lock (`vt-table-<id>`) while it
// shows it. A second tab finds the lock held and says the table is open elsewhere; its "Take
// over" steals the lock, and the first tab learns it lost the table (the lock's request
// rejects) and stops. Without Web Locks the save's sequence check still refuses an older tab's
// writes, so the page plays on.

/** How often, and how many times, a page asks whether the page before it let go of the lock. */
const RELEASE_POLL_MS = 100;
const RELEASE_POLLS = 15;

export class TableLock {
  /**
   * tableId: the saved table's id; alive(): whether the page still shows this table;
   * onLost(): another tab took the table while this page held it.
   */
  constructor(tableId, { alive, onLost }) {
    this.name = `vt-table-${tableId}`;
    this.alive = alive;
    this.onLost = onLost;
    this.held = false;
    this.release = null;
  }

  /** Hold the lock (`steal`: take it from the tab that has it). Resolves to whether this page holds it. */
  async claim(steal) {
    if (this.held) return true;
    if (!navigator.locks) {
      this.held = true;
      return true;
    }
    // The page this one replaced in the same tab (the same table at another address) lets go of
    // the lock a moment after it is gone: only a lock still held after that is another tab's.
    for (let tries = 0; !steal && tries < RELEASE_POLLS && this.alive(); tries++) {
      const { held = [] } = await navigator.locks.query();
      if (!held.some((l) => l.name === this.name)) break;
      await new Promise((r) => setTimeout(r, RELEASE_POLL_MS));
    }
    if (!this.alive()) return false;
    return new Promise((resolve) => {
      navigator.locks.request(this.name, steal ? { steal: true } : { ifAvailable: true }, (lock) => {
        if (!lock || !this.alive()) {
          // A page left while it waited for the lock must not keep it from the page after it.
          resolve(false);
          return undefined;
        }
        this.held = true;
        resolve(true);
        return new Promise((release) => { this.release = release; });
      }).catch(() => {
        // Stolen by another tab (AbortError): it plays the table now.
        const had = this.held;
        this.held = false;
        this.release = null;
        if (had) this.onLost();
        resolve(false);
      });
    });
  }

  /** Let go of the lock (the page is leaving the table). */
  letGo() {
    if (this.release) this.release();
    this.release = null;
    this.held = false;
  }
}
