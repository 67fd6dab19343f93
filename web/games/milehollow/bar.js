// The Milehollow bar under the map: the face-up row of five cards, the deck, the mail deck and the
// Pave button, each pile with its count in words ("97 cards", "3 roads": the roads you may pave
// now). It holds no game state: the renderer paints it from the snapshot and gets taps back
// through callbacks.

import { t } from "../../lib/i18n.js";
import { symbolSvg } from "./art.js";
import { arrowKeys, el, cardName, colourName } from "./panels.js";

/** onSlot(n, keyboard), onDeck(keyboard), onMail(keyboard), onPave(keyboard). */
export function createBar({ onSlot, onDeck, onMail, onPave }) {
  const element = el("div", "mh-bar");
  element.setAttribute("role", "group");
  const rowBox = el("div", "mh-row");
  const pileBox = el("div", "mh-piles");
  element.append(rowBox, pileBox);
  const rowBtns = [1, 2, 3, 4, 5].map((n) => {
    const b = el("button", "mh-card");
    b.type = "button";
    b.dataset.slot = String(n);
    b.addEventListener("click", (ev) => onSlot(n, ev.detail === 0));
    rowBox.append(b);
    return b;
  });
  const deckBtn = pileButton("mh-pile", () => onDeck(false));
  const mailDeckBtn = pileButton("mh-pile mh-mailpile", () => onMail(false));
  const paveBtn = pileButton("mh-pile mh-pavepile", (ev) => onPave(ev.detail === 0));
  pileBox.append(deckBtn, mailDeckBtn, paveBtn);
  const buttons = [...rowBtns, deckBtn, mailDeckBtn, paveBtn];
  buttons.forEach((b) => b.addEventListener("keydown", (ev) => arrowKeys(ev, buttons)));

  /** paveCount: the roads the viewer may pave now. */
  function paint({ view, legal, kind, acting, pending, paveCount, suggest = null }) {
    element.setAttribute("aria-label", t("mh.rowTitle"));
    const fresh = new Set();
    const turn = view.this_turn || view.last_turn;
    for (const d of (turn && turn.draws) || []) if (d.from === "row") fresh.add(d.slot);
    rowBtns.forEach((b, i) => {
      const card = (view.row || [])[i] || null;
      const action = `row:${i + 1}`;
      const can = acting && !pending && legal.has(action);
      b.className = `mh-card ${card ? `mh-c-${card}` : "mh-empty"}${can ? " mh-can" : ""}${fresh.has(i + 1) ? " mh-fresh" : ""}`
        + (suggest === action ? " mh-suggest" : "");
      b.replaceChildren();
      if (card) b.append(symbolSvg(card, 20), el("span", "mh-name", card === "ox" ? t("mh.ox") : colourName(card)));
      else b.append(el("span", "mh-name", "–"));
      b.dataset.card = card || "";
      b.dataset.action = action;
      b.setAttribute("aria-disabled", can ? "false" : "true");
      const n = i + 1;
      const label = !card ? t("mh.slotEmpty", { n })
        : can ? t(card === "ox" ? "mh.slotTakeOx" : "mh.slotTake", { n, card: cardName(card) })
          : acting ? t("mh.slotNo", { n, card: cardName(card) }) : t("mh.slot", { n, card: cardName(card) });
      b.setAttribute("aria-label", card === "ox" ? `${label}. ${t("mh.oxWild")}` : label);
      b.title = b.getAttribute("aria-label");
    });
    const pile = (b, count, word, can, label) => {
      b.replaceChildren(el("span", "mh-label", word), el("span", "mh-count", count === null ? "" : count));
      b.classList.toggle("mh-can", can);
      b.setAttribute("aria-disabled", can ? "false" : "true");
      // The words on the pile are its name (what a voice user says to press it); the rest describes it.
      b.removeAttribute("aria-label");
      b.title = label;
    };
    const canDeck = acting && !pending && legal.has("deck");
    pile(deckBtn, t("mh.cards", { n: view.deck ?? 0 }), t("mh.deck"), canDeck,
      canDeck ? t("mh.deckTake", { n: view.deck }) : t("mh.deckLabel", { n: view.deck ?? 0 }));
    deckBtn.dataset.action = "deck";
    deckBtn.classList.toggle("mh-suggest", suggest === "deck");
    const canMail = acting && !pending && legal.has("mail");
    pile(mailDeckBtn, t("mh.cards", { n: view.mail_deck ?? 0 }), t("mh.mailDeck"), canMail,
      canMail ? t("mh.mailDeckTake", { n: view.mail_deck }) : t("mh.mailDeckLabel", { n: view.mail_deck ?? 0 }));
    mailDeckBtn.dataset.action = "mail";
    mailDeckBtn.classList.toggle("mh-suggest", suggest === "mail");
    const n = paveCount;
    const canPave = n > 0 && !pending;
    pile(paveBtn, acting && kind === "turn" ? t("mh.roads", { n }) : null, t("mh.paveBtn"), canPave,
      canPave ? t("mh.paveBtnLabel", { n }) : t("mh.paveNone"));
    paveBtn.dataset.count = String(n);
  }

  return {
    element, buttons, paint,
    /** Where the focus goes back to when a sheet closes: the face-up Ox it confirmed, or Pave. */
    oxButton: () => rowBtns.find((b) => b.dataset.card === "ox"),
    paveButton: paveBtn,
  };
}

function pileButton(cls, fn) {
  const b = el("button", cls);
  b.type = "button";
  b.addEventListener("click", fn);
  return b;
}
