// The table's own controls beside the moves: resign, offer / accept / decline a draw, take back
// a move (docs/records.md, "Table actions"). The engine lists the ones the viewer may play now
// (snapshot.controls, with their words); this module only draws them and hands the choice back.
// Resigning asks once more on the same button, so one slip of a finger never ends a game.

import { addStrings, t, words } from "../../lib/i18n.js";
import { h } from "../../lib/dom.js";
import { addStyleOnce } from "../../lib/style.js";
import { announce } from "../../lib/announce.js";

const CSS_TEXT = `
.table-controls { display: flex; flex-wrap: wrap; gap: 8px; margin: 0 0 10px; }
.table-controls[hidden] { display: none; }
.table-controls .control { min-height: 44px; }
.table-controls .control.confirming { background: #9b2c1f; border-color: #9b2c1f; color: #fff; }
.table-controls .draw-offer { flex: 1 0 100%; margin: 0; font-weight: 600; }
`;

addStrings({
  en: {
    "controls.title": "Table",
    "controls.confirmResign": "Really resign? Tap again",
    "controls.cancel": "Keep playing",
    "controls.drawOffered": "{name} offers a draw.",
  },
  pt: {
    "controls.title": "Mesa",
    "controls.confirmResign": "Desistir mesmo? Toque de novo",
    "controls.cancel": "Continuar jogando",
    "controls.drawOffered": "{name} oferece empate.",
  },
});

const RESIGN = "@resign";
const ACCEPT = "@draw:yes";

export class TableControls {
  /** onPlay(action): play that table action for the viewer. */
  constructor({ onPlay }) {
    this.onPlay = onPlay;
    this.confirming = false;
    addStyleOnce("table-controls", CSS_TEXT);
    this.el = h("div.table-controls", { role: "group", "aria-label": t("controls.title"), hidden: true });
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
      const label = resign && this.confirming ? t("controls.confirmResign") : words(c.words);
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
    this.el.replaceChildren(...(offer ? [h("p.hint.draw-offer", t("controls.drawOffered", { name: offer.name }))] : []),
      ...buttons);
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
