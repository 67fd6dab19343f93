// The table page's panels drawn from its snapshot: the status line, the seal, the score sheet, the
// log, "All my moves" with the table's controls, and everything again in a new language. Methods of
// the table page (pages/table.js: `TableShell`), kept here so each file reads as one thing.

import { t, getLang } from "../../lib/i18n.js";
import { h } from "../../lib/dom.js";
import { scoreSheet } from "../../lib/seats.js";
import { logList, movesList, notationToggle, sealChip } from "./view.js";
import { endScreen, resultLine } from "./endscreen.js";

export const drawing = {
  paint() {
    const snap = this.snap;
    if (!snap) return;
    this.paintCrumbs();
    this.paintStatus();
    if (!this.sealBox.firstChild || this.sealBox.dataset.lang !== getLang()) {
      this.sealBox.replaceChildren(sealChip(snap.fingerprint));
      this.sealBox.dataset.lang = getLang();
    }
    this.scoresBox.replaceChildren(scoreSheet(snap, this.viewer));
    this.logBox.replaceChildren(logList(snap));
    this.paintMoves();
    this.board.paintNote();
    this.updateRenderer();
    // Read back only after every write (the board measures its box too): one layout per paint.
    const list = this.logBox.querySelector(".log-list");
    if (list) list.scrollTop = list.scrollHeight;
  },

  paintMoves() {
    const snap = this.snap;
    if (!snap) return;
    const hadFocus = this.movesBox.contains(document.activeElement);
    const focusFilter = document.activeElement && document.activeElement.id === "move-filter";
    let content;
    if (snap.terminal) content = h("p.hint", t("table.gameOver"));
    else if (this.pausedHere()) content = h("p.hint", t("controls.paused"));
    else if (this.state === "bot" || (!this.interactive && !snap.legal.length)) {
      content = h("p.hint", t("table.notYourTurn"));
    } else {
      content = movesList(snap, {
        filter: this.filter,
        hinted: this.currentHint()?.action,
        enabled: this.interactive && !this.busy,
        onFilter: (text) => { this.filter = text; this.paintMoves(); },
        onPlay: (action) => this.play(action),
      });
    }
    this.movesBox.replaceChildren(...[content].flat().filter(Boolean));
    this.controls.update(snap, this.interactive && !this.busy);
    if (focusFilter) {
      const f = this.movesBox.querySelector("#move-filter");
      if (f) {
        f.focus();
        f.setSelectionRange(f.value.length, f.value.length);
      }
    } else if (hadFocus && this.interactive) {
      const first = this.movesBox.querySelector("button.move");
      if (first) first.focus({ preventScroll: true });
    }
  },

  paintStatus() {
    const snap = this.snap;
    this.clock.settle();
    if (snap.terminal) {
      this.statusLine.textContent = resultLine(snap);
      return;
    }
    const d = snap.decision;
    const names = d.players.map((p) => snap.seats[p].name);
    const bots = d.players.filter((p) => snap.seats[p].bot);
    let text;
    // People choose first in a simultaneous decision: a bot is "thinking" only when no person must act.
    if (this.pausedHere()) text = t("table.paused");
    else if (bots.length && this.personToAct() === null) text = t("table.botThinking", { name: snap.seats[bots[0]].name });
    else if (this.handoff.seat !== null) text = t("table.waitingFor", { name: snap.seats[this.handoff.seat].name });
    else if (this.persons(snap.seats).length === 1) text = d.secret ? t("table.yourSecretTurn") : t("table.yourTurn");
    else text = t(d.secret ? "table.yourSecretTurnNamed" : "table.yourTurnNamed", { name: names[0] });
    this.statusLine.textContent = text;
  },

  repaint() {
    if (this.dead) return;
    this.board.setLang();
    this.grid.querySelector("#board-title").textContent = t("table.board");
    this.grid.querySelector("#moves-title").textContent = t("table.allMyMoves");
    this.grid.querySelector("#scores-title").textContent = t("table.scoreSheet");
    this.grid.querySelector("#log-title").textContent = t("table.log");
    this.notation.replaceChildren(notationToggle());
    if (!this.snap) {
      this.paintCrumbs();
      const h1 = this.loadingBox.querySelector("h1");
      if (h1) {
        h1.textContent = t("table.loadingTitle");
        h1.nextSibling.textContent = t("table.loadingBody");
      }
      return;
    }
    this.paint();
    this.handoff.paint(this.snap);
    if (this.snap.terminal) this.endBox.replaceChildren(endScreen(this.snap, this.save.id, { onRematch: () => this.rematch() }));
  }
};
