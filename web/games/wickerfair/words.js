// What the Wickerfair table says about the valley in words: a hex and what stands on it, a clan's
// home, one of your pieces, what a harvest makes, what may change a confrontation's totals and how
// the last one was revealed, the day's prize. The hint lines, the sheet, the map's focus layer and
// the screen reader all say the same things through these.

import { t } from "../../lib/i18n.js";
import { piecesAt } from "./art.js";
import { L, RES, resWord } from "./panels.js";

/**
 * T: the renderer's model, read when a word is asked for (never kept): {data, geo, view, ctx} and
 * me(), clanOf(seat), clanName(seat), unitPlace(key).
 */
export function createWords(T) {
  function hexWords(id) {
    if (!id) return "";
    if (id === "home") return t("wf.home");
    const h = T.geo.hexes.get(id);
    if (!h) return id;
    return `${id} ${L(T.data.terrains[h.terrain].name)}`;
  }

  function unitWords(key, at) {
    const c = T.view.clans[T.me()];
    const place = at !== undefined && at !== null ? at : T.unitPlace(key);
    const where = place === "home" ? t("wf.atHomeShort") : t("wf.onHex", { hex: hexWords(place) });
    if (key === "H") return `${t("wf.herald")} ${where}`;
    if (key[0] === "W") {
      const w = T.data.clans[T.clanOf(T.me())].walkers[Number(key[1]) - 1];
      return `${t("wf.walker")} ${L(w.name)} ${where}`;
    }
    const n = key === "F@home" ? c.home_farmers : (c.farmers[key.slice(2)] || 0);
    return `${t("wf.farmer")} ${where}${n > 1 ? ` (${t("wf.ofN", { n })})` : ""}`;
  }

  function makesWords(id, n) {
    const h = T.geo.hexes.get(id);
    const prod = T.data.terrains[h.terrain].produces;
    if (prod === "farmer") return t("wf.makesFarmers", { farmers: t("wf.farmersN", { n }) });
    if (!prod) return "";
    return t("wf.makes", { n, farmers: t("wf.farmersN", { n }), res: resWord(prod, n) });
  }

  /** What may change each side's total in the confrontation under way (public: clan and walker abilities). */
  function modsWords() {
    const { ctx, view, data } = T;
    const out = [];
    for (const seat of [ctx.starter, ctx.defender]) {
      const c = view.clans[seat];
      const clan = data.clans[T.clanOf(seat)];
      if (seat === ctx.defender && clan.ability.id === "holdfast") out.push(t("wf.mod.holdfast", { name: T.clanName(seat) }));
      if (c.walkers[3] === null || c.walkers[3] === undefined) continue;
      const w = clan.walkers[3];
      out.push(t("wf.mod.walker", { name: T.clanName(seat), ability: L(w.name), text: L(w.text) }));
    }
    return out.join(" ");
  }

  function placeWords(id) {
    const { view, data } = T;
    const h = T.geo.hexes.get(id);
    const parts = [hexWords(id)];
    if (h.plate) parts.push(t("wf.tip.plate"));
    if (h.old_mill) parts.push(t("wf.tip.mill"));
    if ((view.tokens || []).includes(id)) parts.push(t("wf.tip.visitor"));
    else if (h.visitor_spot) parts.push(t("wf.tip.spot"));
    if (h.streams.length) parts.push(t("wf.tip.streams", { to: h.streams.join(", ") }));
    const owner = (view.control || {})[id];
    if (owner !== undefined) parts.push(t("wf.tip.control", { name: T.clanName(owner) }));
    for (const g of piecesAt(view, id)) {
      const bits = [];
      if (g.herald) bits.push(t("wf.herald"));
      for (const n of g.walkers) bits.push(`${t("wf.walker")} ${L(data.clans[T.clanOf(g.seat)].walkers[n - 1].name)}`);
      if (g.farmers) bits.push(t("wf.farmersN", { n: g.farmers }));
      parts.push(`${T.clanName(g.seat)}: ${bits.join(", ")}`);
    }
    view.clans.forEach((c, seat) => c.structures.forEach((at, k) => {
      if (at === id) parts.push(`${L(data.structures[k].name)} (${T.clanName(seat)}): ${L(data.structures[k].text)}`);
    }));
    const res = (view.res || {})[id];
    if (res) parts.push(res.map((n, i) => (n ? resWord(RES[i], n) : null)).filter(Boolean).join(", "));
    return parts.join(" · ");
  }

  function homeWords(seat) {
    const c = T.view.clans[seat];
    const bits = [t("wf.homeOf", { name: T.clanName(seat) })];
    if (c.herald === "home") bits.push(t("wf.herald"));
    c.walkers.forEach((w, i) => { if (w === "home") bits.push(`${t("wf.walker")} ${L(T.data.clans[T.clanOf(seat)].walkers[i].name)}`); });
    if (c.home_farmers) bits.push(t("wf.farmersN", { n: c.home_farmers }));
    const res = c.home.map((n, i) => (n ? resWord(RES[i], n) : null)).filter(Boolean);
    if (res.length) bits.push(res.join(", "));
    return bits.join(" · ");
  }

  function prizeName() {
    const p = T.data.prizes.find((x) => x.id === T.view.prize);
    return p ? L(p.name) : "";
  }

  function prizeTip() {
    const p = T.data.prizes.find((x) => x.id === T.view.prize);
    return p ? t("wf.prizeTip", { name: L(p.name), count: L(p.count), pay: p.payout.join(" / ") }) : "";
  }

  function revealWords() {
    const r = T.view.last_confront;
    if (!r || !T.data) return "";
    const side = (s) => {
      const parts = [t("wf.rev.dial", { n: s.dial })];
      if (s.cards.length) parts.push(t("wf.rev.cards", { cards: s.cards.join(" + ") }));
      for (const [m, v] of s.mods) parts.push(`${t(`wf.rev.mod.${m}`)} +${v}`);
      return `${T.clanName(s.seat)} ${s.total} (${parts.join(", ")})`;
    };
    return t("wf.rev.line", { hex: r.hex, a: side(r.sides[0]), b: side(r.sides[1]), winner: T.clanName(r.winner) });
  }

  return { hexWords, unitWords, makesWords, modsWords, placeWords, homeWords, prizeName, prizeTip, revealWords };
}
