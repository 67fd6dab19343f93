// The pass-and-play hand-off screen: with more than one person at this device, it covers the table
// between people ("Pass the device to …") until the next person says they hold it. Behind it the
// board shows the spectator view, so nobody glimpses another person's private information.

import { t } from "../../lib/i18n.js";
import { h } from "../../lib/dom.js";

export class HandoffScreen {
  /** onAccept(): the person named on the screen holds the device. */
  constructor(onAccept) {
    this.onAccept = onAccept;
    this.seat = null; // the seat it waits for; null while hidden
    this.el = h("div.handoff-screen", { hidden: true });
  }

  show(snap, seat) {
    this.seat = seat;
    this.paint(snap);
    this.el.hidden = false;
  }

  paint(snap) {
    if (this.seat === null) return;
    const name = snap.seats[this.seat].name;
    this.el.replaceChildren(h("div.handoff-card", { role: "dialog", "aria-labelledby": "handoff-title" },
      h("h2#handoff-title", t("handoff.title", { name })),
      h("p", t("handoff.body", { name })),
      snap.decision && snap.decision.secret ? h("p.hint", t("handoff.secret")) : null,
      h("button.button.primary.big", { type: "button", onclick: () => this.onAccept() }, t("handoff.accept", { name })),
    ));
  }

  focus() {
    const btn = this.el.querySelector("button");
    if (btn) btn.focus({ preventScroll: true });
  }

  hide() {
    this.seat = null;
    this.el.hidden = true;
    this.el.replaceChildren();
  }
}
