// The table's own controls beside the moves: resign, offer / accept / decline a draw, take back
// a move, pause and resume a table whose other seats are all bots (docs/records.md, "Table actions"). The engine lists the ones the viewer may play now
// (snapshot.controls, with their words); this module only draws them and hands the choice back.
// Resigning asks once more on the same button, so one slip of a finger never ends a game. What waits
// for the viewer's answer (another seat's draw offer) comes in a bar fixed to the bottom of the
// screen, with its answers, so it is in view at once on every size (on a phone the controls
// themselves sit far below the board). A paused table says so there too, with its Resume.

import { addStrings, t, words } from "../../lib/i18n.js";
import { h } from "../../lib/dom.js";
import { addStyleOnce } from "../../lib/style.js";
import { announce } from "../../lib/announce.js";
import { againWords } from "../../lib/input.js";

const CSS_TEXT = `
.table-controls { display: flex; flex-wrap: wrap; gap: 8px; margin: 0 0 10px; }
.table-controls[hidden] { display: none; }
.table-controls .control { min-height: 44px; }
.table-controls .control.confirming { background: #9b2c1f; border-color: #9b2c1f; color: #fff; }
.table-controls .draw-offer { flex: 1 0 100%; margin: 0; font-weight: 600; }
.answer-bar { position: fixed; z-index: 40; right: 12px; bottom: 12px; width: min(352px, calc(100vw - 24px));
  display: flex; flex-wrap: wrap; align-items: center; gap: 8px 10px; padding: 12px 14px; background: #fffaf0;
  border: 2px solid #b8860b; border-radius: 12px; box-shadow: 0 6px 26px rgba(0,0,0,.3); }
.answer-bar[hidden] { display: none; }
.answer-bar .draw-offer, .answer-bar .paused-note { margin: 0; font-weight: 700; flex: 1 0 100%; }
.answer-bar .control { min-height: 44px; flex: 1 1 0; width: auto; }
/* A phone: across the bottom edge, clear of the home bar. */
@media (max-width: 520px) {
  .answer-bar { left: 0; right: 0; bottom: 0; width: auto; border-width: 2px 0 0; border-radius: 0;
    padding: 10px 12px calc(10px + env(safe-area-inset-bottom)); }
  .answer-bar .draw-offer, .answer-bar .paused-note { text-align: center; }
}
body:has(.answer-bar:not([hidden])) { padding-bottom: var(--answer-h, 120px); }
`;

addStrings({
  en: {
    "controls.title": "Table",
    "controls.confirmResign": "Really resign? {again}",
    "controls.cancel": "Keep playing",
    "controls.drawOffered": "{name} offers a draw.",
    "controls.paused": "The table is paused: no clock runs and nobody moves.",
  },
  pt: {
    "controls.title": "Mesa",
    "controls.confirmResign": "Desistir mesmo? {again}",
    "controls.cancel": "Continuar jogando",
    "controls.drawOffered": "{name} oferece empate.",
    "controls.paused": "A mesa está pausada: nenhum relógio corre e ninguém joga.",
  },
});

const RESIGN = "@resign";
const ACCEPT = "@draw:yes";
const RESUME = "@resume";
/** The answers to what waits on the viewer (an offer, a paused table): they go in the answer bar. */
const ANSWERS = new Set([ACCEPT, "@draw:no", RESUME]);

export class TableControls {
  /** onPlay(action): play that table action for the viewer. */
  constructor({ onPlay }) {
    this.onPlay = onPlay;
    this.confirming = false;
    addStyleOnce("table-controls", CSS_TEXT);
    this.el = h("div.table-controls", { role: "group", "aria-label": t("controls.title"), hidden: true });
    // Inside the controls (so it goes with the table page) but fixed to the screen's bottom edge.
    this.answerBar = h("div.answer-bar", { role: "group", hidden: true });
    this.barWatch = new ResizeObserver(() => {
      document.documentElement.style.setProperty("--answer-h", `${Math.round(this.answerBar.getBoundingClientRect().height) + 12}px`);
    });
    this.barWatch.observe(this.answerBar);
  }

  /** The page leaves (the room kept under the bar goes with the bar: body:has). */
  destroy() {
    this.barWatch.disconnect();
  }

  /** Draw the controls of `snap` for its viewer; `enabled`: the viewer may act now. */
  update(snap, enabled) {
    const list = (snap && !snap.terminal && snap.controls) || [];
    const hadFocus = this.el.contains(document.activeElement);
    const focused = hadFocus && document.activeElement.dataset.action;
    if (!list.some((c) => c.action === RESIGN)) this.confirming = false;
    const offer = list.some((c) => c.action === ACCEPT) && snap.log.length
      ? snap.seats[snap.log.slice().reverse().find((e) => e.action === "@draw?")?.seat] : null;
    const buttons = list.map((c) => {
      const resign = c.action === RESIGN;
      const label = resign && this.confirming ? t("controls.confirmResign", { again: againWords() }) : words(c.words);
      return h("button.button.control", {
        type: "button", disabled: !enabled || undefined,
        class: resign && this.confirming ? "confirming" : null,
        dataset: { action: c.action },
        onclick: () => this.choose(c.action),
      }, label);
    });
    if (this.confirming) {
      buttons.push(h("button.button.control", {
        type: "button", dataset: { action: "cancel" }, onclick: () => { this.confirming = false; this.update(snap, enabled); },
      }, t("controls.cancel")));
    }
    // An offer is said once when it arrives: on a phone the buttons may sit below the board.
    const offerKey = offer ? `${snap.table}:${snap.log.length}` : null;
    if (offer && enabled && this.saidOffer !== offerKey) {
      this.saidOffer = offerKey;
      announce(t("controls.drawOffered", { name: offer.name }));
    }
    this.snap = snap;
    this.enabled = enabled;
    const paused = list.some((c) => c.action === RESUME);
    const answers = offer || paused ? buttons.filter((b) => ANSWERS.has(b.dataset.action)) : [];
    const rest = buttons.filter((b) => !answers.includes(b));
    const asking = answers.length > 0 && enabled;
    const question = paused ? t("controls.paused") : offer ? t("controls.drawOffered", { name: offer.name }) : "";
    this.answerBar.replaceChildren(...(asking ? [h(paused ? "p.paused-note" : "p.draw-offer", question), ...answers] : []));
    this.answerBar.setAttribute("aria-label", asking ? question : "");
    this.answerBar.hidden = !asking;
    this.el.replaceChildren(...(asking ? [] : answers), ...rest, this.answerBar);
    this.el.hidden = !buttons.length;
    if (focused) {
      const again = this.el.querySelector(`button[data-action="${CSS.escape(focused)}"]`) || this.el.querySelector("button");
      if (again) again.focus({ preventScroll: true });
    }
  }

  choose(action) {
    if (!this.enabled) return;
    if (action === RESIGN && !this.confirming) {
      this.confirming = true;
      this.update(this.snap, this.enabled);
      return;
    }
    this.confirming = false;
    this.onPlay(action);
  }
}
