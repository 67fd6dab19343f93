// Whether a table's record is saved, as the engine's worker says after every action. A failed save is
// shown at once, with what is at risk and the record to download; the engine keeps every move in
// memory meanwhile, and saving is tried again until it works.

import { t } from "../../lib/i18n.js";
import { h } from "../../lib/dom.js";
import { announce } from "../../lib/announce.js";

/** How soon a save that failed is tried again. */
const SAVE_RETRY_MS = 5000;

export class SaveWatch {
  /**
   * engine: the rules engine; notes: where the page shows its notes; alive(): false once the page
   * is left; request(): the arguments of a save for the table this page plays and owns, else null;
   * tableId(): the engine's id of the table; persist(): write the page's part of the save;
   * showNote(...parts), clearNote(): the page's note.
   */
  constructor({ engine, notes, alive, request, tableId, persist, showNote, clearNote }) {
    Object.assign(this, { engine, notes, alive, request, tableId, persist, showNote, clearNote });
    this.savedSeq = undefined;
    this.problem = null; // the worker's word on the save that failed, until one works again
    this.retryTimer = undefined;
  }

  check(snap) {
    const saved = snap.saved;
    if (!saved) return;
    if (saved.ok) {
      this.savedSeq = saved.seq;
      if (this.problem) {
        this.problem = null;
        clearTimeout(this.retryTimer);
        this.clearNote();
        this.persist(); // the page's part may have failed too
        announce(t("table.savedAgain"));
      }
      return;
    }
    this.problem = saved;
    const atRisk = Math.max(1, saved.seq - (this.savedSeq ?? 0));
    if (saved.stale !== undefined) {
      this.notes.replaceChildren(h("div.note.save-problem", { role: "alert" }, h("p", t("table.saveStale"))));
      return;
    }
    this.notes.replaceChildren(h("div.note.save-problem", { role: "alert" },
      h("p", t("table.saveFailed", { n: atRisk, detail: saved.error || "" })),
      h("p.actions",
        h("button.button.small", { type: "button", onclick: () => this.download() }, t("table.downloadRecord")),
        " ", h("button.button.small.ghost", { type: "button", onclick: () => this.retry() }, t("table.retrySave")))));
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.retry(), SAVE_RETRY_MS);
  }

  async retry() {
    clearTimeout(this.retryTimer);
    if (!this.alive() || !this.problem) return;
    const args = this.request();
    if (!args) return;
    try {
      const snap = await this.engine.call("save_record", args);
      if (this.alive()) this.check(snap);
    } catch (_) {
      if (this.alive()) this.retryTimer = setTimeout(() => this.retry(), SAVE_RETRY_MS);
    }
  }

  /** The running game's whole record as a file (the worker hands it over without this page reading it). */
  async download() {
    try {
      const file = await this.engine.call("export_record", { table: this.tableId() });
      const a = h("a", { href: file.url, download: file.name, hidden: true });
      document.body.append(a);
      a.click();
      a.remove();
    } catch (e) {
      this.showNote(t("table.actionFailed", { detail: e.message || String(e) }));
    }
  }

  stop() {
    clearTimeout(this.retryTimer);
  }
}
