// A hint at a table on this device: the strongest bot level's move for the seat, asked of the engine
// from what the seat may see, drawn on the board, marked in "All my moves" and said in words; asking
// is counted in the record. Methods of the table page (pages/table.js: `TableShell`).

import { t, words } from "../../lib/i18n.js";
import { announce } from "../../lib/announce.js";
import { decisionKey } from "../timer.js";

export const hints = {
  /**
   * The strongest bot level's move for this seat, from what the seat may see: drawn on the board,
   * marked in the list and said in words. Asking is counted in the record (every seat sees how many).
   */
  async askHint() {
    if (!this.interactive || this.busy || !this.snap || this.dead) return;
    this.busy = true;
    this.paintMoves();
    this.showHintBox(t("table.hintThinking"));
    try {
      // A hint searches with a part of the level's budget (a phone's the smallest), so it comes at once.
      const quick = matchMedia("(pointer: coarse)").matches ? "phone" : "desk";
      const snap = await this.engine.call("hint", { table: this.snap.table, viewer: this.viewer, seat: this.viewer,
        since: this.since(this.viewer), quick });
      if (this.dead) return;
      this.busy = false;
      this.hint = { ...snap.hint, decision: decisionKey(snap, this.viewer) };
      this.advance(snap);
      announce(t("table.hintIs", { move: words(this.hint.words) }));
      this.showHinted();
    } catch (e) {
      this.busy = false;
      this.hint = null;
      this.showHintBox("");
      if (!this.dead) this.showNote(t("table.actionFailed", { detail: words(e.words) || e.message || String(e) }));
      this.paintMoves();
    }
  },

  /** The hint where the player looks: the board in view (a phone scrolls to it), and the move's entry
   * in view inside the list. */
  showHinted() {
    const board = this.board.host.getBoundingClientRect();
    if (board.top < 0 || board.top > innerHeight * 0.5) this.board.host.scrollIntoView({ block: "start" });
    const list = this.movesBox.querySelector(".moves-list");
    const btn = list && list.querySelector("button.move.hinted");
    if (btn) list.scrollTop = Math.max(0, btn.offsetTop - list.offsetTop - 8);
  },

  showHintBox(text) {
    this.hintBox.hidden = !text;
    this.hintBox.textContent = text;
  },

  /** The hint on screen, if it is still for the decision on the table. */
  currentHint() {
    const h0 = this.hint;
    if (!h0 || !this.snap || !this.interactive || h0.decision !== decisionKey(this.snap, this.viewer)
        || !(this.snap.legal || []).some((m) => m.action === h0.action)) return null;
    return h0;
  }
};
