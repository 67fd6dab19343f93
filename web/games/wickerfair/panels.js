// The Wickerfair table's DOM pieces: words for resources, costs and places; the clans strip; your
// mat (its columns with pins, slots, helpers, costs and payouts); a clan's panel (board, mat,
// ribbons, kept visitor cards, mill card, missions) and the final table. No game logic: they show
// the view and the static data, and say what each part does (title + data-tip for a long press).

import { t, getLang } from "../../lib/i18n.js";
import { inkOn, RES_COLOUR, RES_INK, STRUCTURE_IDS } from "./art.js";
import { el } from "../../lib/dom.js";

export const RES = ["grain", "wood", "clay", "wool"];
const TOP_PINS = { travel: ["U1"], harvest: ["U2"], trade: ["U3", "U4"], bolster: ["U5", "U6"] };

export { el };

/** The current language's entry of an {en, pt} object. */
export function L(obj) {
  if (!obj) return "";
  if (typeof obj === "string") return obj;
  return obj[getLang()] || obj.en || "";
}

/** Explain an element on hover (title) and on a long press (data-tip, read by the renderer). */
export function tip(node, text) {
  if (!text) return node;
  node.title = text;
  node.dataset.tip = text;
  return node;
}

export function resWord(res, n) {
  return t(n === 1 ? `wf.res1.${res}` : `wf.resN.${res}`, { n });
}

/** A track or resource amount in words: "2 coins", "1 goodwill", "3 wood". */
export function amountWord(what, n) {
  if (RES.includes(what)) return resWord(what, n);
  if (what === "discard") return t(n === 1 ? "wf.discard1" : "wf.discardN", { n });
  return t(n === 1 ? `wf.amt1.${what}` : `wf.amtN.${what}`, { n });
}

/** A payment preview ([{what, n, at, value?, instead?}]) in words. */
export function payWords(list) {
  if (!list || !list.length) return t("wf.free");
  return list.map((p) => {
    if (p.what === "card") return t("wf.payCard", { v: p.value, res: resWord(p.instead, 1) });
    const amount = amountWord(p.what, p.n);
    if (!p.at) return amount;
    return t(p.at === "home" ? "wf.fromHome" : "wf.fromHex", { amount, hex: p.at });
  }).join(", ");
}

export function resChip(res, n) {
  const c = el("span", `wf-res wf-res-${res}`, String(n));
  c.style.setProperty("--bg", RES_COLOUR[res]);
  c.style.setProperty("--ink", RES_INK[res]);
  tip(c, resWord(res, n));
  return c;
}

export function marker(seat, colour) {
  const m = el("span", "wf-marker", String(seat + 1));
  m.style.setProperty("--bg", colour);
  m.style.setProperty("--ink", inkOn(colour));
  m.setAttribute("aria-hidden", "true");
  return m;
}

export function seatName(snap, seat) {
  const s = snap && snap.seats && snap.seats[seat];
  return s ? s.name : `#${seat + 1}`;
}

const ICONS = {
  coin: "M10 2a8 8 0 1 0 .01 0zm0 3a5 5 0 1 1-.01 0z",
  goodwill: "M10 17.5 3.2 10.8A4.2 4.2 0 0 1 10 5a4.2 4.2 0 0 1 6.8 5.8z",
  courage: "M10 1.5 17 4.5v5c0 4.2-3 7.3-7 9-4-1.7-7-4.8-7-9v-5z",
  card: "M5 2h10a1.5 1.5 0 0 1 1.5 1.5v13A1.5 1.5 0 0 1 15 18H5a1.5 1.5 0 0 1-1.5-1.5v-13A1.5 1.5 0 0 1 5 2zm.5 2v12h9V4z",
  ribbon: "M10 1.5a5.5 5.5 0 1 1-.01 0zM6.5 11.5 4.5 19l5.5-3 5.5 3-2-7.5z",
};

export function icon(name, size = 11) {
  const NS = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 20 20");
  svg.setAttribute("width", String(size));
  svg.setAttribute("height", String(size));
  svg.setAttribute("aria-hidden", "true");
  svg.classList.add("wf-icon", `wf-i-${name}`);
  const p = document.createElementNS(NS, "path");
  p.setAttribute("d", ICONS[name]);
  p.setAttribute("fill", "currentColor");
  p.setAttribute("fill-rule", "evenodd");
  svg.append(p);
  return svg;
}

function stat(name, value, words) {
  const s = el("span", `wf-stat wf-stat-${name}`);
  s.append(icon(name), el("b", "", String(value)));
  tip(s, words);
  return s;
}

/** One chip per seat: marker, name, ribbons; coins, goodwill, courage, hand size. Tap: the clan's panel. */
export function paintClans(box, { snap, view, data, colours, viewer, onOpen }) {
  box.replaceChildren();
  const acting = new Set(snap.terminal ? [] : (snap.decision ? snap.decision.players : []));
  (view.clans || []).forEach((c, seat) => {
    const ci = clanIndex(data, c.clan);
    const b = el("button", `wf-clan${acting.has(seat) ? " wf-acting" : ""}${viewer === seat ? " wf-me" : ""}`);
    b.type = "button";
    b.dataset.seat = String(seat);
    b.setAttribute("role", "listitem");
    const name = seatName(snap, seat);
    const line = el("span", "wf-clan-line");
    line.append(marker(seat, colours[seat]), el("span", "wf-clan-name", name),
      stat("ribbon", c.ribbons.length, t("wf.ribbonsOf", { n: c.ribbons.length, of: data.rules.ribbons_to_end })));
    const stats = el("span", "wf-clan-stats");
    stats.append(stat("coin", c.coins, amountWord("coins", c.coins)), stat("goodwill", c.goodwill, amountWord("goodwill", c.goodwill)),
      stat("courage", c.courage, amountWord("courage", c.courage)), stat("card", c.hand_size, t("wf.handSize", { n: c.hand_size })));
    b.append(line, stats);
    const label = t("wf.clanChip", { name: name + (viewer === seat ? ` (${t("wf.you")})` : ""), clan: L(data.clans[ci].name),
      coins: c.coins, goodwill: c.goodwill, courage: c.courage, cards: c.hand_size, ribbons: c.ribbons.length })
      + (acting.has(seat) ? `, ${t("wf.toAct")}` : "");
    b.setAttribute("aria-label", label);
    b.title = label;
    b.style.setProperty("--clan", colours[seat]);
    b.addEventListener("click", () => onOpen(seat));
    box.append(b);
  });
}

export function clanIndex(data, enName) {
  const i = data.clans.findIndex((c) => c.name.en === enName);
  return i < 0 ? 0 : i;
}

export function topName(top) {
  return t(`wf.top.${top}`);
}

export function bottomName(b) {
  return t(`wf.bottom.${b}`);
}

/** The words for a mat column's parts (for its tooltip and its button's label). */
export function columnWords(data, clan, col, n) {
  const cost = clan.bottom_costs[data.bottoms.indexOf(col.bottom)];
  const res = data.bottom_resource[col.bottom];
  return t("wf.colWords", { n, top: topName(col.top), bottom: bottomName(col.bottom), cost: resWord(res, cost),
    coins: amountWord("coins", col.coins), helper: L(data.helper_bonus[col.helper]) });
}

/**
 * The mat of seat `seat`: one button per column (the mill card is column 5): the top action with
 * its upgrade pins, the bottom action with its current cost, pin slots, coins and helper.
 */
export function paintMat(box, { data, view, seat, legal, enabled, lastCol, onColumn }) {
  box.replaceChildren();
  const clan = view.clans[seat];
  const mat = data.mats[clan.mat - 1];
  const cols = mat.columns.map((col, i) => ({ col, n: i + 1 }));
  const buttons = [];
  const add = (n, build, words) => {
    const b = el("button", "wf-col");
    b.type = "button";
    b.dataset.col = String(n);
    b.dataset.action = `col:${n}`;
    const can = enabled && legal.has(`col:${n}`);
    b.setAttribute("aria-disabled", can ? "false" : "true");
    b.classList.toggle("wf-can", can);
    b.classList.toggle("wf-last", lastCol === n);
    b.append(el("span", "wf-key", String(n)));
    build(b);
    const extra = lastCol === n ? ` ${t("wf.colLast")}` : "";
    // Its name is the column in words; what the column shows is the same, drawn (no second reading).
    for (const part of b.children) part.setAttribute("aria-hidden", "true");
    b.append(el("span", "visually-hidden", words + extra));
    tip(b, words + extra);
    b.addEventListener("click", (ev) => onColumn(n, ev.detail === 0));
    buttons.push(b);
    box.append(b);
  };
  for (const { col, n } of cols) {
    add(n, (b) => {
      const top = el("span", "wf-col-top");
      top.append(el("span", "wf-col-name", topName(col.top)));
      const pins = el("span", "wf-pins");
      for (const u of TOP_PINS[col.top]) {
        const k = Number(u.slice(1)) - 1;
        const up = data.upgrades[k];
        const dot = el("span", `wf-pin${clan.pins[k] ? "" : " wf-pin-out"}`);
        tip(dot, t(clan.pins[k] ? "wf.pinOn" : "wf.pinOff", { u, space: L(up.space), base: up.base, up: up.upgraded }));
        pins.append(dot);
      }
      top.append(pins);
      const bi = data.bottoms.indexOf(col.bottom);
      const bottom = el("span", "wf-col-bottom");
      const cost = clan.bottom_costs[bi];
      const res = data.bottom_resource[col.bottom];
      const costEl = el("span", "wf-cost");
      costEl.append(el("span", "wf-col-name", bottomName(col.bottom)), resChip(res, cost));
      const slots = el("span", "wf-slots");
      for (let k = 0; k < col.slots; k++) {
        const sq = el("span", `wf-slot${k < clan.slots[bi] ? " wf-slot-full" : ""}`);
        tip(sq, t(k < clan.slots[bi] ? "wf.slotFull" : "wf.slotEmpty", { bottom: bottomName(col.bottom) }));
        slots.append(sq);
      }
      const pay = el("span", "wf-pay", `+${col.coins}`);
      pay.prepend(icon("coin", 10));
      tip(pay, t("wf.colCoins", { coins: amountWord("coins", col.coins) }));
      const helper = el("span", `wf-helper${clan.helpers[bi] ? " wf-helper-on" : ""}`, "★");
      tip(helper, t(clan.helpers[bi] ? "wf.helperOn" : "wf.helperOff", { text: helperText(data, col) }));
      bottom.append(costEl, slots, pay, helper);
      b.append(top, bottom);
    }, columnWords(data, clan, col, n));
  }
  if (clan.mill) {
    const card = data.mill.find((m) => m.id === clan.mill);
    add(5, (b) => {
      b.classList.add("wf-col-mill");
      const top = el("span", "wf-col-top");
      top.append(el("span", "wf-col-name", L(card.name)));
      const bottom = el("span", "wf-col-bottom");
      bottom.append(el("span", "wf-col-sub", clan.mill_ready ? t("wf.millCol") : t("wf.millNext")));
      b.append(top, bottom);
    }, t("wf.millWords", { name: L(card.name), top: L(card.top), bottom: L(card.bottom) }));
  }
  buttons.forEach((b) => b.addEventListener("keydown", (ev) => arrowKeys(ev, buttons)));
  return buttons;
}

export function helperText(data, col) {
  return L(data.helper).replace("{bottom}", bottomName(col.bottom)).replace("{bonus}", L(data.helper_bonus[col.helper]));
}

/** Arrow keys move the focus along `list` (wrapping). */
export function arrowKeys(ev, list, vertical = false) {
  const keys = vertical ? ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"] : ["ArrowLeft", "ArrowRight"];
  if (!keys.includes(ev.key)) return;
  ev.preventDefault();
  const live = list.filter((b) => b.isConnected && !b.disabled);
  const i = live.indexOf(ev.currentTarget);
  const fwd = ev.key === "ArrowRight" || ev.key === "ArrowDown";
  const next = live[(i + (fwd ? 1 : live.length - 1)) % live.length];
  if (next) next.focus({ preventScroll: true });
}

function section(title, ...children) {
  const s = el("section", "wf-sec");
  s.append(el("h4", "", title), ...children.flat().filter(Boolean));
  return s;
}

function row(text, tipText, cls = "") {
  const r = el("div", `wf-row ${cls}`, text);
  return tip(r, tipText);
}

/** A clan's panel: tracks, abilities, walkers, structures, helpers, mat, ribbons, visitors, missions. */
export function clanPanel({ snap, view, data, seat, colours, viewer }) {
  const c = view.clans[seat];
  const ci = clanIndex(data, c.clan);
  const clan = data.clans[ci];
  const mat = data.mats[c.mat - 1];
  const parts = [];
  const head = el("h3", "wf-panel-title");
  head.append(marker(seat, colours[seat]), ` ${seatName(snap, seat)} · ${L(clan.name)} · ${t("wf.matName", { n: mat.number, name: L(mat.name) })}`);
  parts.push(head);
  const sc = c.scoring;
  const tracks = el("div", "wf-tracks");
  tracks.append(
    row(`${t("wf.coins")}: ${c.coins}`, t("wf.tipCoins")),
    row(`${t("wf.goodwill")}: ${c.goodwill}/${data.rules.caps.goodwill}`, t("wf.tipGoodwill", { r: sc.per_ribbon, h: sc.per_hex, p: sc.per_pair })),
    row(`${t("wf.courage")}: ${c.courage}/${data.rules.caps.courage}`, t("wf.tipCourage")),
    row(`${t("wf.cards")}: ${c.hand ? (c.hand.length ? [...c.hand].sort((a, b) => b - a).join(" · ") : t("wf.none")) : c.hand_size}`,
      c.hand ? t("wf.tipHandOwn") : t("wf.tipHand", { n: c.hand_size })),
    row(`${t("wf.homeLine")}: ${[t("wf.farmersN", { n: c.home_farmers }), ...RES.map((r, i) => (c.home[i] ? resWord(r, c.home[i]) : null)).filter(Boolean)].join(", ")}`, t("wf.tipHome")),
    row(t("wf.supply", { n: c.supply }), t("wf.tipSupply")),
  );
  parts.push(tracks);
  parts.push(section(t("wf.ability"), row(`${L(clan.ability.name)}: ${L(clan.ability.text)}`, L(clan.ability.text))));
  parts.push(section(t("wf.walkers"), clan.walkers.map((w, i) => {
    const at = c.walkers[i];
    const where = at === null ? t("wf.notErected") : at === "home" ? t("wf.atHomeShort") : t("wf.onHex", { hex: at });
    return row(`W${i + 1} ${L(w.name)} — ${where}`, L(w.text), at === null ? "wf-off" : "");
  })));
  parts.push(section(t("wf.structures"), data.structures.map((s, i) => {
    const at = c.structures[i];
    return row(`${L(s.name)} — ${at ? t("wf.onHex", { hex: at }) : t("wf.notBuilt")}`, L(s.text), at ? "" : "wf-off");
  })));
  const matRows = mat.columns.map((col, i) => {
    const bi = data.bottoms.indexOf(col.bottom);
    const text = `${i + 1}. ${topName(col.top)} / ${bottomName(col.bottom)} ${resWord(data.bottom_resource[col.bottom], c.bottom_costs[bi])}`
      + ` (${t("wf.slotsOf", { n: c.slots[bi], of: col.slots })}), +${col.coins} · ${t(c.helpers[bi] ? "wf.helperYes" : "wf.helperNo")}`;
    return row(text, `${L(data.bottom_texts[col.bottom])} ${helperText(data, col)}`);
  });
  const pins = data.upgrades.map((u, k) => row(`${u.id} ${L(u.space)}: ${c.upgrade_values[k]}${c.pins[k] ? ` (${t("wf.pinThere")})` : ` (${t("wf.pinMoved")})`}`,
    t(c.pins[k] ? "wf.pinOn" : "wf.pinOff", { u: u.id, space: L(u.space), base: u.base, up: u.upgraded }), c.pins[k] ? "" : "wf-on"));
  parts.push(section(t("wf.mat"), matRows, pins));
  const bonuses = data.bonuses.map((bb, k) => row(`${L(bb.text)} — ${t(c.bonuses[k] ? "wf.claimed" : "wf.unclaimed")}`, t("wf.tipBonus"), c.bonuses[k] ? "wf-off" : ""));
  parts.push(section(t("wf.board.title"), bonuses));
  const ribbonBox = el("div", "wf-ribbons");
  for (const r of data.ribbons) {
    const n = c.ribbons.filter((x) => x === r.id).length;
    for (let k = 0; k < r.most; k++) {
      const got = k < n;
      const chip = el("span", `wf-ribbon${got ? " wf-got" : ""}`, L(r.name));
      tip(chip, `${L(r.name)}: ${L(r.text)}${got ? ` (${t("wf.placed")})` : ""}`);
      ribbonBox.append(chip);
    }
  }
  parts.push(section(t("wf.ribbonsTitle", { n: c.ribbons.length, of: data.rules.ribbons_to_end }), ribbonBox));
  const kept = c.visitors.map((id) => {
    const v = data.visitors.find((x) => x.id === id);
    return row(L(v.name), ["A", "B", "C"].map((x) => `${x}: ${L(v.offers[x])}`).join(" · "));
  });
  parts.push(section(t("wf.visitorsKept"), kept.length ? kept : row(t("wf.none"))));
  if (c.mill) {
    const m = data.mill.find((x) => x.id === c.mill);
    parts.push(section(t("wf.millCard"), row(`${L(m.name)}: ${L(m.top)} / ${L(m.bottom)}`, m.long_haul ? L(data.long_haul) : "")));
  }
  const missions = [];
  if (c.shown) {
    const m = data.missions.find((x) => x.id === c.shown);
    missions.push(row(t("wf.missionShown", { name: L(m.name) }), L(m.text), "wf-on"));
  }
  if (c.mission_list) {
    for (const id of c.mission_list) {
      const m = data.missions.find((x) => x.id === id);
      missions.push(row(`${L(m.name)}: ${L(m.text)}`, L(m.text)));
    }
  } else if (c.missions) {
    missions.push(row(t("wf.missionsHidden", { n: c.missions })));
  }
  parts.push(section(t("wf.missions"), missions.length ? missions : row(t("wf.none"))));
  if (viewer === seat) parts[0].append(el("span", "wf-you", ` (${t("wf.you")})`));
  return parts;
}

/** The final coins per part (§8.3), one row per clan. */
export function finalTable(snap, view, data, colours) {
  const box = el("div", "wf-final");
  const table = el("table");
  const head = el("tr");
  for (const k of ["", "wf.coins", "wf.fin.ribbons", "wf.fin.hexes", "wf.fin.pairs", "wf.fin.prize", "wf.fin.total"]) {
    const th = el("th", "", k ? t(k) : "");
    th.scope = "col";
    head.append(th);
  }
  const thead = el("thead");
  thead.append(head);
  const body = el("tbody");
  for (const b of view.final || []) {
    const tr = el("tr");
    tr.dataset.seat = String(b.seat);
    const name = el("th");
    name.scope = "row";
    name.append(marker(b.seat, colours[b.seat]), ` ${seatName(snap, b.seat)}`);
    const cell = (v, words) => tip(el("td", "", String(v)), words);
    tr.append(name, cell(b.coins, ""), cell(b.ribbons, t("wf.fin.ribbonsTip", { n: b.ribbon_count })),
      cell(b.hexes, t("wf.fin.hexesTip", { n: b.hex_count })), cell(b.pairs, t("wf.fin.pairsTip", { n: b.pair_count })),
      cell(b.prize, ""), cell(b.total, ""));
    body.append(tr);
  }
  table.append(thead, body);
  box.append(table);
  return box;
}

export { STRUCTURE_IDS };
