// The bar above the Wickerfair map (the seed's *placa*): a line on the step under way, or whose turn
// it is, and at a top action its offers (Move or Coin, Harvest, Goods or Goodwill, Courage or Cards,
// a mill card's, Skip), each with its cost and what it gives. The renderer paints it from its model;
// every offer is a legal action or a disabled button.

import { t } from "../../lib/i18n.js";
import { L, amountWord, el, payWords, seatName, tip, topName } from "./panels.js";
import { SHEET_KINDS } from "./sheets.js";

export function createPlaca() {
  const element = el("div", "wf-placa");
  element.setAttribute("role", "group");
  const line = el("div", "wf-say");
  line.setAttribute("aria-live", "off");
  const offers = el("div", "wf-offers");
  element.append(line, offers);

  /**
   * P: {snap, view, data, ctx, kind, legal, acting, pending, viewer, touch, sheet (the sheet's element),
   *     say(action), intent(action, ev), unitWords(key, at), clanName(seat)}
   */
  function paint(P) {
    const { view, data, ctx, kind, legal, acting, pending } = P;
    offers.replaceChildren();
    const btns = [];
    const add = (action, text, { key = null, cls = "", sub = null, tipText = null } = {}) => {
      const b = el("button", `wf-offer ${cls}`.trim());
      b.type = "button";
      b.dataset.action = action;
      const can = acting && !pending && legal.has(action);
      b.disabled = !can;
      const main = el("span", "wf-offer-main", text);
      if (key && !P.touch) main.prepend(el("kbd", "", key));
      b.append(main);
      if (sub) b.append(el("span", "wf-offer-sub", sub));
      if (tipText) tip(b, tipText);
      b.addEventListener("click", (ev) => P.intent(action, ev));
      offers.append(b);
      btns.push(b);
      return b;
    };
    let text = statusWords(P);
    if (acting && kind === "TOP_OPTION") {
      const top = topKind(P);
      const pay = (view.pay && view.pay.options) || {};
      const cost = (a) => (pay[a] ? payWords(pay[a]) : null);
      const upgraded = (k) => view.clans[view.active].upgrade_values[k];
      text = t("wf.placa.top", { top: topLabel(P, top) });
      if (top === "travel") {
        add("move", P.say("move"), { key: "T", sub: t("wf.placa.moveSub", { n: upgraded(0) }) });
        add("coin", P.say("coin"), { key: "G", sub: t("wf.placa.coinSub") });
      } else if (top === "harvest") {
        add("harvest", P.say("harvest"), { key: "R", sub: cost("harvest") || t("wf.free"), tipText: L(data.tops.harvest) });
      } else if (top === "trade") {
        add("goods", P.say("goods"), { key: "A", sub: `${cost("goods") || ""} → ${t("wf.placa.goodsSub", { n: upgraded(2) })}` });
        add("goodwill", P.say("goodwill"), { sub: `${cost("goodwill") || ""} → ${amountWord("goodwill", upgraded(3))}` });
      } else if (top === "bolster") {
        add("courage", P.say("courage"), { key: "L", sub: `${cost("courage") || ""} → ${amountWord("courage", upgraded(4))}` });
        add("cards", P.say("cards"), { sub: `${cost("cards") || ""} → ${t("wf.placa.cardsSub", { n: upgraded(5) })}` });
      } else {
        for (const a of legal.keys()) if (a === "mill" || a.startsWith("chaff:")) add(a, P.say(a), { sub: cost(a) });
      }
      if (!offers.childElementCount) text = t("wf.placa.topNone", { top: topLabel(P, top) });
      add("skip", P.say("skip"), { key: "S", cls: "wf-secondary" });
    } else if (acting && kind === "TRAVEL_UNIT") {
      // the pieces, the steps and End are in the sheet below the map
      text = ctx.unit ? t("wf.placa.step", { unit: P.unitWords(ctx.unit, ctx.pos) }) : t(ctx.mode === "haul" ? "wf.placa.haul" : "wf.placa.travel", { n: ctx.left });
    } else if (acting && kind === "CHOOSE_COLUMN") {
      text = t(P.touch ? "wf.placa.columnTouch" : "wf.placa.columnKeys");
    } else if (acting && SHEET_KINDS.has(kind)) {
      const title = P.sheet.querySelector("h3");
      text = t("wf.placa.sheet", { what: title ? title.textContent : kindWords(kind) });
    }
    line.textContent = text;
    element.setAttribute("aria-label", text);
    element.classList.toggle("wf-plain", !offers.childElementCount);
    btns.forEach((b) => b.addEventListener("keydown", (ev) => {
      if (!["ArrowLeft", "ArrowRight"].includes(ev.key)) return;
      ev.preventDefault();
      const live = btns.filter((x) => !x.disabled);
      const i = live.indexOf(b);
      const next = live[(i + (ev.key === "ArrowRight" ? 1 : live.length - 1)) % live.length];
      if (next) next.focus({ preventScroll: true });
    }));
  }

  /** After a switch between touch and keys: the key letters, and the words of a column choice. */
  function showInputMode(touch, choosingColumn) {
    for (const kbd of offers.querySelectorAll("kbd")) kbd.hidden = touch;
    if (choosingColumn) line.textContent = t(touch ? "wf.placa.columnTouch" : "wf.placa.columnKeys");
  }

  return { element, offers, paint, showInputMode };
}

function topKind({ view, data }) {
  if (view.column === 5) return "mill";
  const c = view.clans[view.active];
  return data.mats[c.mat - 1].columns[view.column - 1].top;
}

function topLabel({ view, data }, top) {
  if (top === "mill") {
    const c = view.clans[view.active];
    const card = data.mill.find((m) => m.id === c.mill);
    return card ? `${L(card.name)}: ${L(card.top)}` : "";
  }
  return topName(top);
}

function statusWords({ snap, view, ctx, viewer, clanName }) {
  if (!snap || !view) return "";
  if (snap.terminal) return L(view.ending) || t("wf.over");
  const d = snap.decision;
  if (!d) return "";
  const who = d.players.map((p) => seatName(snap, p)).join(` ${t("wf.and")} `);
  if (d.kind === "COURAGE_COMMIT") {
    const mine = Number.isInteger(viewer) && (ctx.starter === viewer || ctx.defender === viewer);
    if (mine && !d.players.includes(viewer)) return t("wf.placa.waitReveal", { name: who });
    return t("wf.placa.confront", { hex: ctx.hex, a: clanName(ctx.starter), b: clanName(ctx.defender) });
  }
  return t("wf.placa.wait", { name: who, what: kindWords(d.kind) });
}

function kindWords(k) {
  return t(`wf.kind.${k}`);
}
