// The sheet below the map (§9): the larger choices of a decision — hexes to harvest, goods to take,
// the courage dial and cards, a visitor's offers, a bottom action and its placement, a mill card, a
// mission. Each builder makes buttons for the decision's legal actions (every button carries its
// action in data-action) and shows the half-built choice and the payment before it is confirmed.
// Any legal action a builder did not place still gets a button, so nothing is ever out of reach.

import { t } from "../../lib/i18n.js";
import { L, RES, amountWord, arrowKeys, bottomName, el, helperText, payWords, resChip, resWord, seatName, tip, topName } from "./panels.js";

/**
 * S: {legal: Map<action, words>, say(action), pending, intent(action, ev), view, data, snap, me, ctx,
 *     kind, colours, clanName(seat), hexWords(id)}
 */
export function buildSheet(S) {
  const used = new Set();
  const B = (action, text, { cls = "", sub = null, tipText = null, key = null, chosen = false, aria = null } = {}) => {
    used.add(action);
    const b = el("button", `wf-opt ${cls}`.trim());
    b.type = "button";
    b.dataset.action = action;
    const can = S.legal.has(action) && !S.pending;
    b.disabled = !can;
    if (chosen) b.setAttribute("aria-pressed", "true");
    const main = el("span", "wf-opt-main", text);
    if (key) main.prepend(el("kbd", "", key));
    b.append(main);
    if (sub) b.append(el("span", "wf-opt-sub", sub));
    if (tipText) tip(b, tipText);
    if (aria) b.setAttribute("aria-label", sub ? `${aria} (${sub})` : aria);
    b.addEventListener("click", (ev) => S.intent(action, ev));
    return b;
  };
  // The foot's buttons: short words on the board, the engine's full words for screen readers.
  S.foot = (action, { primary = false, key = null, sub = null } = {}) => (S.legal.has(action)
    ? B(action, t(`wf.btn.${action}`), { cls: primary ? "wf-primary" : "wf-secondary", key, sub, aria: S.say(action), tipText: S.say(action) })
    : null);
  /** An action the sheet offers through another button (not listed again among the rest). */
  S.omit = (action) => used.add(action);
  const fn = BUILDERS[S.kind] || generic;
  const out = fn(S, B);
  if (!out) return null;
  // every legal action the builder did not place
  const rest = [...S.legal.keys()].filter((a) => !used.has(a));
  if (rest.length) out.groups.push(group(rest.map((a) => B(a, S.say(a)))));
  return out;
}

function group(buttons, cls = "") {
  const g = el("div", `wf-group ${cls}`.trim());
  const live = buttons.filter(Boolean);
  g.append(...live);
  live.forEach((b) => b.addEventListener("keydown", (ev) => arrowKeys(ev, live, true)));
  return g;
}

function line(text, cls = "wf-line") {
  return el("p", cls, text);
}

function payLine(list, key = "wf.pays") {
  const p = el("p", "wf-line wf-paynote");
  p.append(el("b", "", t(key)), ` ${payWords(list)}`);
  return p;
}

function skipBtn(S, B, action = "skip") {
  return S.foot(action, { key: "S" });
}

function paySub(list) {
  return list ? `${t("wf.pays")} ${payWords(list)}` : null;
}

const generic = (S, B) => ({ title: S.say([...S.legal.keys()][0] || ""), groups: [] });

// --- the top action's larger choices ------------------------------------------------------------

function harvest(S, B) {
  const ctx = S.ctx;
  const me = S.view.clans[S.me];
  const chosen = ctx.hexes || [];
  const title = ctx.mode === "waterwheel" ? t("wf.sh.waterwheel") : t("wf.sh.harvest", { n: ctx.limit });
  const hexes = [...S.legal.keys()].filter((a) => a.startsWith("hex:")).map((a) => {
    const id = a.slice(4);
    const n = me.farmers[id] || 0;
    return B(a, S.hexWords(id), { sub: S.makes(id, n) });
  });
  const picked = el("div", "wf-chosen");
  picked.append(el("span", "wf-label", t("wf.sh.chosen")),
    ...(chosen.length ? chosen.map((id) => el("span", "wf-tag", id)) : [el("span", "wf-tag wf-empty", t("wf.none"))]));
  if (ctx.barn) picked.append(el("span", "wf-tag", t("wf.sh.barnTag")));
  const parts = [picked];
  const confirm = S.foot("ok", { primary: true, sub: paySub(S.view.pay && S.view.pay.cost) });
  if (!confirm && S.view.pay && S.view.pay.cost) parts.push(payLine(S.view.pay.cost, "wf.paysOnConfirm"));
  return {
    title, sub: t(S.touch ? "wf.sh.harvestHintTouch" : "wf.sh.harvestHint"),
    groups: [group([...hexes, S.legal.has("barn") ? B("barn", S.say("barn"), { tipText: t("wf.sh.barnTip") }) : null]), ...parts],
    foot: [S.foot("clear"), skipBtn(S, B), confirm],
  };
}

function mixSheet(S, B, { title, n, cancel }) {
  const mix = S.ctx.mix || [];
  const adds = RES.map((r) => B(`+${r}`, t("wf.sh.add", { res: resWord(r, 1) }), { cls: `wf-add wf-add-${r}` }));
  const picked = el("div", "wf-chosen");
  picked.append(el("span", "wf-label", t("wf.sh.mixSoFar", { k: mix.length, n })),
    ...(mix.length ? mix.map((r) => resChip(r, 1)) : [el("span", "wf-tag wf-empty", t("wf.none"))]));
  return {
    title, sub: t("wf.sh.mixHint", { n }),
    groups: [group(adds, "wf-row4"), picked,
      !S.legal.has("ok") && S.view.pay && S.view.pay.cost ? payLine(S.view.pay.cost, "wf.paysOnConfirm") : null],
    foot: [S.foot("clear"), S.foot(cancel, { key: "S" }), S.foot("ok", { primary: true, sub: paySub(S.view.pay && S.view.pay.cost) })],
  };
}

function trade(S, B) {
  const ctx = S.ctx;
  const title = ctx.purpose === "trade" ? t("wf.sh.trade", { n: ctx.n }) : t("wf.sh.millMix", { n: ctx.n });
  return mixSheet(S, B, { title, n: ctx.n, cancel: "skip" });
}

// --- the bottom action --------------------------------------------------------------------------

function bottomTitle(S, b) {
  if (S.data.bottoms.includes(b)) return bottomName(b);
  const me = S.view.clans[S.me];
  const card = S.data.mill.find((m) => m.id === me.mill);
  return card ? `${L(card.name)}: ${L(card.bottom)}` : b;
}

function bottomDo(S, B) {
  const b = S.ctx.bottom;
  const me = S.view.clans[S.me];
  const parts = [];
  if (S.data.bottoms.includes(b)) {
    parts.push(line(L(S.data.bottom_texts[b])));
    const mat = S.data.mats[me.mat - 1];
    const col = mat.columns.find((c) => c.bottom === b);
    parts.push(line(t("wf.sh.thenCoins", { coins: amountWord("coins", col.coins) })));
    parts.push(line(helperText(S.data, col), "wf-line wf-dim"));
  } else {
    const card = S.data.mill.find((m) => m.id === me.mill);
    if (card && card.long_haul) parts.push(line(L(S.data.long_haul)));
    parts.push(line(t("wf.sh.millBottom"), "wf-line wf-dim"));
  }
  const pay = S.view.pay;
  if (pay && pay.cost === null) parts.push(line(t("wf.sh.needTrinket"), "wf-line wf-paynote"));
  return {
    title: t("wf.sh.bottom", { name: bottomTitle(S, b) }), groups: parts,
    foot: [skipBtn(S, B), S.foot("do", { primary: true, sub: pay && pay.cost ? paySub(pay.cost) : null })],
  };
}

function trinket(S, B) {
  const pay = S.view.pay || {};
  const opts = [...S.legal.keys()].filter((a) => a.startsWith("trinket:")).map((a) => {
    const [, v, r] = a.split(":");
    return B(a, t("wf.sh.trinketOpt", { v, res: resWord(r, 1) }), { sub: pay.trinkets && pay.trinkets[a] ? payWords(pay.trinkets[a]) : null });
  });
  return {
    title: t("wf.sh.trinket"), sub: t("wf.sh.trinketHint"),
    groups: [group(opts), S.legal.has("pay") ? group([B("pay", S.say("pay"), { sub: pay.cost ? payWords(pay.cost) : null })]) : null].filter(Boolean),
    foot: [skipBtn(S, B)],
  };
}

function placement(S, B) {
  const ctx = S.ctx;
  const d = S.data;
  const me = S.view.clans[S.me];
  const b = d.bottoms[ctx.b];
  let title;
  let sub = null;
  let opts = [];
  const legal = [...S.legal.keys()];
  if (S.kind === "IMPROVE_PIN") {
    if (ctx.pick === null || ctx.pick === undefined) {
      title = t("wf.sh.pinFrom");
      opts = legal.filter((a) => a.startsWith("pin:")).map((a) => {
        const u = d.upgrades.find((x) => x.id === a.slice(4));
        return B(a, `${u.id} ${L(u.space)}`, { sub: t("wf.sh.pinGain", { base: u.base, up: u.upgraded }) });
      });
    } else {
      const u = d.upgrades[ctx.pick];
      title = t("wf.sh.pinTo", { u: u.id });
      opts = legal.filter((a) => a.startsWith("slot:")).map((a) => {
        const name = a.slice(5);
        const bi = d.bottoms.indexOf(name);
        const from = resWord(d.bottom_resource[name], me.bottom_costs[bi]);
        return B(a, bottomName(name), { sub: t("wf.sh.slotGain", { from, to: me.bottom_costs_after_pin[bi] }) });
      });
    }
  } else if (S.kind === "ERECT_PLACE") {
    const clan = d.clans[S.clanOf(S.me)];
    if (ctx.pick === null || ctx.pick === undefined) {
      title = t("wf.sh.walkerWhich");
      opts = legal.filter((a) => a.startsWith("walker:")).map((a) => {
        const w = clan.walkers[Number(a.slice(8)) - 1];
        return B(a, `${a.slice(7)} ${L(w.name)}`, { sub: L(w.text) });
      });
    } else {
      title = t("wf.sh.walkerWhere", { name: L(clan.walkers[ctx.pick].name) });
      sub = t(S.touch ? "wf.sh.whereTouch" : "wf.sh.whereKeys");
      opts = legal.filter((a) => a.startsWith("at:")).map((a) => B(a, S.hexWords(a.slice(3))));
    }
  } else if (S.kind === "BUILD_PLACE") {
    if (ctx.pick === null || ctx.pick === undefined) {
      title = t("wf.sh.structWhich");
      opts = legal.filter((a) => a.startsWith("structure:")).map((a) => {
        const s = d.structures.find((x) => x.id === a.slice(10));
        return B(a, L(s.name), { sub: L(s.text) });
      });
    } else {
      title = t("wf.sh.structWhere", { name: L(d.structures[ctx.pick].name) });
      sub = t(S.touch ? "wf.sh.whereTouch" : "wf.sh.whereKeys");
      opts = legal.filter((a) => a.startsWith("at:")).map((a) => B(a, S.hexWords(a.slice(3))));
    }
  } else {
    const mat = d.mats[me.mat - 1];
    if (ctx.pick === null || ctx.pick === undefined) {
      title = t("wf.sh.helperWhere");
      opts = legal.filter((a) => a.startsWith("helper:")).map((a) => {
        const col = mat.columns.find((c) => c.bottom === a.slice(7));
        return B(a, bottomName(a.slice(7)), { sub: helperText(d, col) });
      });
    } else {
      title = t("wf.sh.bonusWhich", { bottom: bottomName(d.bottoms[ctx.pick]) });
      opts = legal.filter((a) => a.startsWith("bonus:")).map((a) => B(a, L(d.bonuses.find((x) => x.id === a.slice(6)).text)));
    }
  }
  const parts = [group(opts)];
  if (ctx.free) parts.unshift(line(t("wf.sh.free", { bottom: bottomName(b) }), "wf-line wf-dim"));
  else if (S.view.pay && S.view.pay.cost) parts.push(payLine(S.view.pay.cost, "wf.paysOnConfirm"));
  return {
    title: `${bottomName(b)}: ${title}`, sub,
    groups: parts,
    foot: [S.foot("back"), skipBtn(S, B)],
  };
}

// --- confrontations ----------------------------------------------------------------------------

function confrontOrder(S, B) {
  const opts = [...S.legal.keys()].filter((a) => a.startsWith("first:")).map((a) => {
    const id = a.slice(6);
    const other = (S.view.clans || []).findIndex((c, s) => s !== S.me && (c.herald === id || (c.walkers || []).includes(id)));
    return B(a, S.say(a), { sub: other >= 0 ? t("wf.sh.against", { name: S.clanName(other) }) : null });
  });
  return { title: t("wf.sh.order"), sub: t("wf.sh.orderHint"), groups: [group(opts)], foot: [] };
}

function courage(S, B) {
  const ctx = S.ctx;
  const me = S.view.clans[S.me];
  const draft = (ctx.draft || {})[String(S.me)] || { dial: 0, cards: [] };
  const lim = ctx.limits || { dial_max: Math.min(7, me.courage), k: 1 };
  const starter = ctx.starter === S.me;
  const other = starter ? ctx.defender : ctx.starter;
  const oc = S.view.clans[other];
  const done = (ctx.done || []).includes(S.me);
  const parts = [];
  const state = t((ctx.done || []).includes(other) ? "wf.sh.otherIn" : "wf.sh.otherNotIn");
  parts.push(line(`${t(starter ? "wf.sh.youStart" : "wf.sh.youDefend", { hex: S.hexWords(ctx.hex), name: S.clanName(other) })} `
    + t("wf.sh.opponent", { name: seatName(S.snap, other), courage: oc.courage, n: oc.hand_size, state })));
  if (done) {
    parts.push(line(t("wf.sh.committed", { dial: draft.dial, cards: draft.cards.length ? draft.cards.join(" + ") : t("wf.none") }), "wf-line wf-paynote"));
    return { title: t("wf.sh.courage"), groups: parts, foot: [] };
  }
  const dial = el("div", "wf-dial");
  dial.setAttribute("role", "radiogroup");
  dial.setAttribute("aria-label", t("wf.sh.dial", { max: lim.dial_max }));
  const dials = [];
  for (let n = 0; n <= Math.max(lim.dial_max, 0); n++) {
    const a = `dial:${n}`;
    const on = draft.dial === n;
    const b = B(a, String(n), { cls: `wf-dialbtn${on ? " wf-on" : ""}` });
    b.setAttribute("role", "radio");
    b.setAttribute("aria-checked", on ? "true" : "false");
    b.setAttribute("aria-label", t("wf.sh.dialTo", { n }));
    tip(b, t("wf.sh.dialTip", { n }));
    if (on) b.disabled = false;
    dials.push(b);
  }
  dial.append(...dials);
  dials.forEach((b) => b.addEventListener("keydown", (ev) => arrowKeys(ev, dials)));
  parts.push(el("p", "wf-label", t("wf.sh.dial", { max: lim.dial_max })), dial);
  // the hand, strongest first; a card added shows as pressed (pressing it takes the cards back)
  const hand = [...(me.hand || [])].sort((a, b) => b - a);
  const added = [...draft.cards];
  const cards = hand.map((v, i) => {
    const k = added.indexOf(v);
    const used = k >= 0;
    if (used) added.splice(k, 1);
    const b = B(used ? "clear" : `card:${v}`, String(v), { cls: `wf-card${used ? " wf-on" : ""}`, chosen: used });
    b.dataset.card = String(v);
    b.dataset.i = String(i);
    b.setAttribute("aria-label", t(used ? "wf.sh.cardIn" : "wf.sh.cardAdd", { v }));
    tip(b, t("wf.sh.cardTip", { v }));
    if (used) b.disabled = !S.legal.has("clear") || S.pending;
    return b;
  });
  parts.push(el("p", "wf-label", t("wf.sh.cardsUpTo", { k: lim.k, n: hand.length })));
  if (cards.length) parts.push(group(cards, "wf-cards"));
  const mods = S.mods();
  if (mods) parts.push(tip(line(mods, "wf-line wf-dim wf-mods"), mods));
  // One Commit button, saying what it hands in: the dial and cards as set (with nothing set it
  // is the engine's "blank", dial 0 and no cards).
  const sum = draft.cards.reduce((a, b) => a + b, 0);
  const what = S.legal.has("commit") ? "commit" : "blank";
  S.omit(what === "commit" ? "blank" : "commit");
  const cardWords = draft.cards.length ? t(draft.cards.length === 1 ? "wf.sh.card1" : "wf.sh.cardsN", { list: draft.cards.join(" + ") })
    : t("wf.sh.noCards");
  const commit = S.legal.has(what)
    ? B(what, t("wf.btn.commitWhat", { dial: draft.dial, cards: cardWords }), {
      cls: "wf-primary wf-commit", sub: t("wf.sh.total", { dial: draft.dial, cards: sum }), aria: S.say(what), tipText: S.say(what),
    })
    : null;
  return {
    title: t("wf.sh.courage"), sub: null,
    groups: parts,
    foot: [commit],
  };
}

// --- visitors, the mill, missions ----------------------------------------------------------------

function visitor(S, B) {
  const ctx = S.ctx;
  const card = S.data.visitors.find((v) => v.id === ctx.card);
  if (ctx.offer) {
    const n = ctx.n;
    return mixSheet(S, B, { title: t("wf.sh.offerMix", { card: L(card.name), x: ctx.offer, n }), n, cancel: "none" });
  }
  const opts = ["A", "B", "C"].map((x) => {
    const o = card.offers[x];
    const b = B(`offer:${x}`, `${x}: ${L(o)}`, { cls: "wf-offer" });
    if (!S.legal.has(`offer:${x}`)) b.append(el("span", "wf-opt-sub", t("wf.sh.cannotPay")));
    return b;
  });
  return {
    title: t("wf.sh.visitor", { card: L(card.name) }), sub: t("wf.sh.visitorHint"),
    groups: [group(opts)], foot: [S.foot("none", { key: "S" })],
  };
}

function songline(S, B) {
  const opts = (S.ctx.cards || []).map((id) => {
    const v = S.data.visitors.find((x) => x.id === id);
    return B(`keep:${id}`, L(v.name), { sub: ["A", "B", "C"].map((x) => `${x}: ${L(v.offers[x])}`).join(" · ") });
  });
  return { title: t("wf.sh.songline"), sub: t("wf.sh.songlineHint"), groups: [group(opts)], foot: [] };
}

function missionKeep(S, B) {
  const opts = (S.ctx.cards || []).map((id) => {
    const m = S.data.missions.find((x) => x.id === id);
    return B(`keep:${id}`, L(m.name), { sub: L(m.text) });
  });
  return { title: t("wf.sh.fortune"), sub: t("wf.sh.fortuneHint"), groups: [group(opts)], foot: [] };
}

function millPick(S, B) {
  const opts = [...S.legal.keys()].filter((a) => a.startsWith("mill:")).map((a) => {
    const m = S.data.mill.find((x) => x.id === a.slice(5));
    return B(a, L(m.name), { sub: t("wf.sh.millSides", { top: L(m.top), bottom: L(m.bottom) }), tipText: m.long_haul ? L(S.data.long_haul) : null });
  });
  return { title: t("wf.sh.mill"), sub: t("wf.sh.millHint"), groups: [group(opts)], foot: [] };
}

function showMission(S, B) {
  const opts = (S.ctx.met || []).map((id) => {
    const m = S.data.missions.find((x) => x.id === id);
    return B(`show:${id}`, t("wf.sh.showIt", { name: L(m.name) }), { sub: L(m.text), key: "E" });
  });
  return { title: t("wf.sh.mission"), sub: t("wf.sh.missionHint"), groups: [group(opts)], foot: [S.foot("hide", { key: "S" })] };
}

// --- a Travel: the pieces you may move, then where ------------------------------------------------

function travel(S, B) {
  const ctx = S.ctx;
  const legal = [...S.legal.keys()];
  if (!ctx.unit) {
    const units = legal.filter((a) => a.startsWith("unit:")).map((a) => {
      const b = B(a, S.unitWords(a.slice(5)), { cls: S.here && S.unitPlace(a.slice(5)) === S.here ? "wf-here" : "" });
      return b;
    });
    return {
      title: ctx.mode === "haul" ? t("wf.sh.haul") : t("wf.sh.travel", { n: ctx.left }),
      sub: t(S.touch ? "wf.sh.travelTouch" : "wf.sh.travelKeys"),
      groups: [group(units)],
      foot: [S.foot("end", { key: "D" })],
    };
  }
  const steps = legal.filter((a) => a.startsWith("to:")).map((a) => B(a, S.hexWords(a.slice(3)), { cls: "wf-step" }));
  const loads = legal.filter((a) => a.startsWith("load:") || a.startsWith("drop:")).map((a) => B(a, S.say(a)));
  const carried = ctx.load && ctx.load.some((n) => n)
    ? line(t("wf.sh.carrying", { what: [ctx.load[0] ? t("wf.farmersN", { n: ctx.load[0] }) : null,
      ...RES.map((r, i) => (ctx.load[i + 1] ? resWord(r, ctx.load[i + 1]) : null))].filter(Boolean).join(", ") }), "wf-line wf-paynote")
    : null;
  return {
    title: t("wf.sh.stepTitle", { unit: S.unitWords(ctx.unit, ctx.pos) }),
    sub: t(S.touch ? "wf.sh.stepTouch" : "wf.sh.stepKeys", { n: ctx.limit - ctx.taken }),
    groups: [group(steps, "wf-steps"), carried, loads.length ? group(loads) : null].filter(Boolean),
    foot: [S.foot("back"), S.foot("end", { key: "D" })],
  };
}

const BUILDERS = {
  TRAVEL_UNIT: travel,
  HARVEST_HEXES: harvest,
  TRADE_MIX: trade,
  BOTTOM_DO: bottomDo,
  TRINKET: trinket,
  IMPROVE_PIN: placement,
  ERECT_PLACE: placement,
  BUILD_PLACE: placement,
  RECRUIT_PICK: placement,
  CONFRONT_ORDER: confrontOrder,
  COURAGE_COMMIT: courage,
  VISITOR_OFFER: visitor,
  SONGLINE_PICK: songline,
  MISSION_KEEP: missionKeep,
  MILL_PICK: millPick,
  SHOW_MISSION: showMission,
};

/** The decision kinds whose choices live in the sheet (the others are the mat or the bar). */
export const SHEET_KINDS = new Set(Object.keys(BUILDERS));

export { topName, seatName };
