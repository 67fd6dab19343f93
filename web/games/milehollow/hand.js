// The Milehollow hand row and mail cards: your cards grouped by colour (those just drawn marked), the
// button that shows or hides your mail cards, and the mail cards themselves; the one under the
// pointer, focused or tapped lights up its two towns on the map.

import { t } from "../../lib/i18n.js";
import { CARD_ORDER } from "./art.js";
import { arrowKeys, el, cardChip, handWords, mailItem, seatName } from "./panels.js";

/** roomy(): whether the table has room for the mail cards unasked; onHot(mail or undefined, reveal). */
export function createHand({ roomy, onHot }) {
  let view = null;                 // the view last painted
  let hotMail = null;              // a mail card whose towns light up (hover, focus or a tap)
  let mailsOpen = null;            // null: open when there is room

  const row = el("div", "mh-handrow");
  const title = el("span", "mh-hand-title");
  const hand = el("div", "mh-hand");
  hand.setAttribute("role", "group");
  const mailBtn = el("button", "mh-mailbtn");
  mailBtn.type = "button";
  mailBtn.addEventListener("click", () => { mailsOpen = !mailsVisible(); paintMails(); });
  row.append(title, hand, mailBtn);
  const mails = el("div", "mh-mails");
  mails.setAttribute("role", "group");

  function paint({ snap, view: painted, viewer }) {
    view = painted;
    paintHand(snap, viewer);
    paintMails();
  }

  function paintHand(snap, viewer) {
    hand.replaceChildren();
    let cards = null;
    let heading = t("mh.hand");
    if (Number.isInteger(viewer) && view.hand) cards = view.hand;
    else if (viewer === "all" && Array.isArray(view.hands) && view.current !== null && view.current !== undefined) {
      cards = view.hands[view.current];
      heading = `${t("mh.handOf")} · ${seatName(snap, view.current)}`;
    }
    title.textContent = heading;
    title.hidden = !cards;
    if (!cards) {
      hand.append(el("span", "mh-hand-none", t("mh.handNone")));
      hand.removeAttribute("aria-label");
    } else {
      const fresh = new Set();
      const turn = view.this_turn || view.last_turn;
      if (turn && turn.seat === viewer) for (const d of turn.draws || []) if (d.card) fresh.add(d.card);
      for (const c of CARD_ORDER) if (cards[c]) hand.append(cardChip(c, cards[c], fresh.has(c) ? "mh-new" : ""));
      if (!hand.childElementCount) hand.append(el("span", "mh-hand-none", t("mh.handEmpty")));
      hand.setAttribute("aria-label", t("mh.handLabel", { cards: handWords(cards) }));
    }
    const mine = view.my_mail || null;
    mailBtn.hidden = !mine;
    if (mine) {
      mailBtn.textContent = t("mh.mailBtn", { n: mine.length });
      mailBtn.title = t("mh.mailBtnLabel", { n: mine.length });   // a description: the words shown stay its name
      mailBtn.setAttribute("aria-expanded", mailsVisible() ? "true" : "false");
    }
  }

  function mailsVisible() {
    const mine = view && view.my_mail;
    if (!mine || !mine.length) return false;
    return mailsOpen === null ? roomy() : mailsOpen;
  }

  function paintMails() {
    const mine = (view && view.my_mail) || [];
    const show = mailsVisible();
    mails.hidden = !show;
    mailBtn.setAttribute("aria-expanded", show ? "true" : "false");
    mails.replaceChildren();
    if (!show) return;
    mails.setAttribute("aria-label", t("mh.myMail"));
    const items = mine.map((m) => {
      const b = mailItem(m);
      b.classList.toggle("mh-hot", hotMail === m.id);
      b.addEventListener("mouseenter", () => setHotMail(m.id, false));
      b.addEventListener("mouseleave", () => setHotMail(null, false));
      b.addEventListener("focus", () => setHotMail(m.id, false));
      b.addEventListener("blur", () => setHotMail(null, false));
      b.addEventListener("click", () => setHotMail(hotMail === m.id ? null : m.id, true));
      return b;
    });
    items.forEach((b) => b.addEventListener("keydown", (ev) => arrowKeys(ev, items)));
    mails.append(...items);
  }

  function setHotMail(id, reveal) {
    if (hotMail === id) return;
    hotMail = id;
    for (const b of mails.querySelectorAll(".mh-mail")) b.classList.toggle("mh-hot", b.dataset.mail === id);
    onHot((view.my_mail || []).find((x) => x.id === id), reveal);
  }

  return {
    row, mails, paint, paintMails,
    /** Another person looks now: no card of the last one's stays lit, and the mail cards show as there is room. */
    forget() { hotMail = null; mailsOpen = null; },
    get hotMail() { return hotMail; },
  };
}
