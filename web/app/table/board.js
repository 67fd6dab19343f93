// The game's board on a table page: the game's renderer, loaded once and given every snapshot, the
// seat dots in the colours it gives the seats, and a note in its place when the game has no renderer
// in this build or it fails (the table stays playable with "All my moves").

import { t, getLang } from "../../lib/i18n.js";
import { loadRenderer } from "../../games/index.js";
import { h } from "../../lib/dom.js";
import { announce } from "../../lib/announce.js";

export class TableBoard {
  /**
   * onIntent(action): the person chose a move on the board; onReady(): the renderer is there;
   * engine: the page's, which gives the board its game's data.
   */
  constructor(game, { onIntent, onReady, engine }) {
    this.game = game;
    this.engine = engine;
    this.onIntent = onIntent;
    this.onReady = onReady;
    this.host = h("div.board-host");
    this.note = h("p.board-note", { hidden: true });
    this.renderer = null;
    this.missing = false;
    this.gone = false;
  }

  load() {
    loadRenderer(this.game, this.engine).then((create) => {
      if (this.gone) return;
      if (!create) {
        this.missing = true;
        this.paintNote();
        return;
      }
      try {
        this.renderer = create(this.host, {
          onIntent: (action) => this.onIntent(action),
          announce,
          lang: getLang(),
        });
      } catch (e) {
        console.error("renderer failed to start", e);
        this.missing = true;
        this.paintNote();
        return;
      }
      this.onReady();
    });
  }

  /** Draw `snap` as `viewer` sees it; `page` wears the seat colours. */
  update(snap, viewer, page) {
    if (!this.renderer || !snap) return;
    try {
      this.renderer.update(snap, viewer);
      // Seat dots wear the colours the board gives the seats (ash/walnut, Warden colours).
      const colours = typeof this.renderer.seatColours === "function" ? this.renderer.seatColours() : null;
      if (colours && page) colours.forEach((c, i) => page.style.setProperty(`--seat-${i}`, c));
    } catch (e) {
      console.error("renderer update failed", e);
      this.missing = true;
      this.paintNote();
    }
  }

  paintNote() {
    this.note.hidden = !this.missing;
    this.note.textContent = t("table.noRenderer");
    this.host.hidden = this.missing && !this.renderer;
  }

  setLang() {
    if (this.renderer && typeof this.renderer.setLang === "function") {
      try { this.renderer.setLang(getLang()); } catch (e) { console.error(e); }
    }
  }

  /** The board takes the keyboard focus if it can act by keys now. */
  focus() {
    return !!(this.renderer && typeof this.renderer.focus === "function" && this.renderer.focus());
  }

  destroy() {
    this.gone = true;
    if (this.renderer) {
      try { this.renderer.destroy(); } catch (e) { console.error(e); }
    }
  }
}
