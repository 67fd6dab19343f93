// What the host's and the guest's page of a table over days both hold while open: their listeners
// (the language, the mailbox's changes, the table's), a ticker that repaints the time left (a
// deadline passes with no message), one repaint pending at a time, and the board.

import { onLangChange } from "../../lib/i18n.js";
import { onHubChange } from "./hub.js";

export class DaysPage {
  /** `repaint`: the whole page again (a language change); paintSoon and paintStatus are the page's own. */
  constructor(repaint) {
    this.offs = [onLangChange(repaint), onHubChange(() => this.paintSoon())];
    this.ticker = setInterval(() => this.paintStatus(), 30_000);
    this.paintTimer = null;
  }

  destroy() {
    this.dead = true;
    clearInterval(this.ticker);
    clearTimeout(this.paintTimer);
    for (const off of this.offs) off();
    if (this.board) this.board.destroy();
  }
}
