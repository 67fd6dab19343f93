// The Milehollow table's DOM pieces: cards and chips (colour + symbol + words), seat markers,
// the players strip, mail cards and the final scoring table. No game logic: they show the view.

import { t } from "../../lib/i18n.js";
import { CARD_ORDER, symbolSvg } from "./art.js";
import { el } from "../../lib/dom.js";

export { el };

export function colourName(c) {
  return t(`mh.colour.${c}`);
}

/** "teal card" / "carta petróleo"; "Ox" / "Boi". */
export function cardName(c) {
  return c === "ox" ? t("mh.ox") : t("mh.cardOf", { colour: colourName(c) });
}

/** A hand or mix chip: the colour, its symbol and the count. */
export function cardChip(colour, count, extra = "") {
  const chip = el("span", `mh-chip mh-c-${colour}${extra ? ` ${extra}` : ""}`);
  chip.append(symbolSvg(colour, 15), el("span", "", String(count)));
  chip.dataset.colour = colour;
  chip.dataset.count = String(count);
  const words = t("mh.cardsOf", { n: count, card: cardName(colour) });
  chip.setAttribute("role", "img");
  chip.setAttribute("aria-label", words);
  chip.title = words;
  return chip;
}

/** "teal*2+ox*1" → [["teal", 2], ["ox", 1]] (the engine's card notation). */
export function parseMix(cards) {
  return cards.split("+").map((part) => {
    const [c, n] = part.split("*");
    return [c, Number(n)];
  });
}

export function mixWords(cards) {
  return parseMix(cards).map(([c, n]) => t("mh.cardsOf", { n, card: cardName(c) })).join(t("mh.and"));
}

export function mixChips(cards) {
  const box = el("span", "mh-cards");
  for (const [c, n] of parseMix(cards)) box.append(cardChip(c, n));
  return box;
}

/** A hand ({colour: n}) in card order, as words. */
export function handWords(hand) {
  const parts = CARD_ORDER.filter((c) => hand && hand[c]).map((c) => t("mh.cardsOf", { n: hand[c], card: cardName(c) }));
  return parts.length ? parts.join(", ") : t("mh.handEmpty");
}

const ICONS = {
  points: "M10 1.5l2.5 5.6 6.1.6-4.6 4.1 1.4 6-5.4-3.2-5.4 3.2 1.4-6L1.4 7.7l6.1-.6z",
  marker: "M10 3a7 7 0 1 0 .01 0z",
  card: "M5 2h10a1.5 1.5 0 0 1 1.5 1.5v13A1.5 1.5 0 0 1 15 18H5a1.5 1.5 0 0 1-1.5-1.5v-13A1.5 1.5 0 0 1 5 2zm.5 2v12h9V4z",
  mail: "M2 5h16v11H2zm2 2v.3l6 4 6-4V7l-6 4z",
};

/** A small stat icon (markers, wagon cards, mail) drawn as SVG. */
export function iconSvg(name) {
  const NS = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 20 20");
  svg.setAttribute("width", "11");
  svg.setAttribute("height", "11");
  svg.setAttribute("aria-hidden", "true");
  svg.classList.add("mh-icon");
  const p = document.createElementNS(NS, "path");
  p.setAttribute("d", ICONS[name]);
  p.setAttribute("fill", "currentColor");
  p.setAttribute("fill-rule", "evenodd");
  svg.append(p);
  return svg;
}

export function seatMarker(seat) {
  const m = el("span", `mh-marker mh-s${seat % 5}`, String(seat + 1));
  m.setAttribute("aria-hidden", "true");
  return m;
}

export function seatName(snap, seat) {
  const s = snap && snap.seats && snap.seats[seat];
  return s ? s.name : `#${seat + 1}`;
}

/** One chip per seat: marker, name, points, markers left, wagon cards, mail cards. */
export function paintPlayers(box, { snap, view, viewer }) {
  box.replaceChildren();
  const n = view.players || (snap.seats || []).length;
  const acting = new Set(snap.terminal ? [] : (snap.decision ? snap.decision.players : []));
  for (let s = 0; s < n; s++) {
    const item = el("div", `mh-seat${acting.has(s) ? " mh-acting" : ""}`);
    item.setAttribute("role", "listitem");
    item.dataset.seat = String(s);
    const name = seatName(snap, s);
    const text = el("span", "mh-seat-text");
    const you = viewer === s ? ` (${t("mh.you")})` : "";
    if (viewer === s) item.classList.add("mh-me");
    const line = el("span", "mh-seat-line");
    line.append(el("span", "mh-seat-name", name));
    text.append(line);
    const stats = el("span", "mh-seat-stats");
    const stat = (value, icon, word) => {
      const sp = el("span", "mh-stat");
      sp.title = word;
      sp.append(iconSvg(icon), el("b", "", String(value)));
      return sp;
    };
    const points = (view.scores || view.points || [])[s] ?? 0;
    const pts = stat(points, "points", t("mh.pointsShort"));
    pts.classList.add("mh-points");
    line.append(pts);
    stats.append(stat(view.markers[s], "marker", t("mh.markersShort")),
      stat(view.hand_counts[s], "card", t("mh.cardsShort")), stat(view.mail_counts[s], "mail", t("mh.mailShort")));
    text.append(stats);
    item.append(seatMarker(s), text);
    let label = t("mh.seatSummary", { name: name + you, points, markers: view.markers[s], cards: view.hand_counts[s],
      mail: view.mail_counts[s] });
    if (acting.has(s)) label += `, ${t("mh.toAct")}`;
    if (Array.isArray(view.hands) && view.hands[s]) label += `. ${t("mh.seatAll", { name, hand: handWords(view.hands[s]) })}`;
    item.setAttribute("aria-label", label);
    item.title = label;
    box.append(item);
  }
}

/** A mail card: value, towns, delivered or not (from the view's my_mail / my_pending). */
export function mailItem(m, { pressed } = {}) {
  const b = el("button", `mh-mail${m.delivered ? " mh-done" : ""}`);
  b.type = "button";
  b.dataset.mail = m.id;
  b.dataset.a = m.a;
  b.dataset.b = m.b;
  const towns = el("span", "mh-towns");
  towns.append(el("span", "", m.a_name), el("span", "", m.b_name));
  const parts = [el("span", "mh-val", String(m.value)), towns];
  let state = "";
  if (m.delivered !== undefined) {
    state = m.delivered ? t("mh.mailDone") : t("mh.mailOpen");
    parts.push(el("span", "mh-state", m.delivered ? `✓ ${t("mh.mailDoneShort")}` : ""));
  }
  if (pressed !== undefined) {
    b.setAttribute("aria-pressed", pressed ? "true" : "false");
    parts.push(el("span", "mh-state", pressed ? `✓ ${t("mh.kept")}` : ""));
  }
  b.append(...parts);
  const label = `${t("mh.mailCard", { a: m.a_name, b: m.b_name, value: m.value })}${state ? `, ${state}` : ""}`;
  b.setAttribute("aria-label", label);
  b.title = label;
  return b;
}

/** The end: each seat's roads, mail (plus or minus), Longest Road and total. */
export function finalTable(snap, view, townName = (id) => id) {
  const final = view.final;
  const box = el("div", "mh-final");
  if (!final) return box;
  const table = el("table");
  const head = el("tr");
  for (const k of ["", "mh.final.roads", "mh.final.mail", "mh.final.longest", "mh.final.total"]) {
    const th = el("th", "", k ? t(k) : "");
    th.scope = "col";
    head.append(th);
  }
  const thead = el("thead");
  thead.append(head);
  const body = el("tbody");
  for (const seat of final.seats) {
    const tr = el("tr");
    const name = el("th");
    name.scope = "row";
    name.append(seatMarker(seat.seat), ` ${seatName(snap, seat.seat)}`);
    const mail = seat.mail_points;
    const mailCell = el("td", "", `${mail >= 0 ? "+" : ""}${mail}`);
    tr.append(name, el("td", "", String(seat.road_points)), mailCell,
      el("td", "", seat.longest_road.points ? `+${seat.longest_road.points} (${seat.longest_road.length})` : "–"),
      el("td", "", String(seat.total)));
    body.append(tr);
  }
  table.append(thead, body);
  box.append(table, finalMail(snap, final, townName));
  return box;
}

/** Each player's mail cards in words: those delivered and those not (their points lost). */
function finalMail(snap, final, townName) {
  const box = el("div", "mh-final-mail");
  for (const seat of final.seats) {
    const sec = el("section", "mh-final-seat");
    sec.dataset.seat = String(seat.seat);
    const title = el("h4");
    title.append(seatMarker(seat.seat), ` ${t("mh.final.mailOf", { name: seatName(snap, seat.seat) })}`);
    sec.append(title);
    if (!seat.mail.length) sec.append(el("p", "mh-final-none", t("mh.final.noMail")));
    for (const [done, key] of [[true, "mh.final.delivered"], [false, "mh.final.failed"]]) {
      const cards = seat.mail.filter((m) => !!m.delivered === done);
      if (!cards.length) continue;
      const list = el("ul", done ? "mh-final-done" : "mh-final-failed");
      list.setAttribute("aria-label", t(key));
      for (const m of cards) {
        const li = el("li");
        li.dataset.mail = m.id;
        li.append(el("span", "mh-final-towns", `${townName(m.a)} – ${townName(m.b)}`),
          el("span", "mh-final-pts", `${m.points >= 0 ? "+" : "−"}${Math.abs(m.points)}`));
        list.append(li);
      }
      sec.append(el("p", "mh-final-kind", `${t(key)} (${cards.length})`), list);
    }
    box.append(sec);
  }
  return box;
}

/** Arrow keys move the focus along `list` (a row: Left/Right; a column: all four), wrapping round. */
export function arrowKeys(ev, list, vertical = false) {
  const keys = vertical ? ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"] : ["ArrowLeft", "ArrowRight"];
  if (!keys.includes(ev.key)) return;
  ev.preventDefault();
  const i = list.indexOf(ev.currentTarget);
  const fwd = ev.key === "ArrowRight" || ev.key === "ArrowDown";
  const next = list[(i + (fwd ? 1 : list.length - 1)) % list.length];
  if (next) next.focus({ preventScroll: true });
}

/** The turn under way, or the last one, in words: what was drawn from the row, which road was paved. */
export function lastTurnWords(snap, view, townName) {
  const turn = view.this_turn || view.last_turn;
  if (!turn) return "";
  const name = seatName(snap, turn.seat);
  if (turn.kind === "draw") {
    const draws = turn.draws || [];
    const word = (c) => (c === "ox" ? t("mh.ox") : colourName(c));
    if (draws.length === 2 && draws.every((d) => d.from === "deck" && !d.card)) return t("mh.last.twoDeck", { name });
    const cards = draws.map((d) => (d.from === "row" ? t("mh.last.rowCard", { card: word(d.card) })
      : d.card ? t("mh.last.deckCardYou", { card: word(d.card) }) : t("mh.last.deckCard")));
    return t(turn === view.this_turn ? "mh.last.drawing" : "mh.last.draw", { name, cards: cards.join(t("mh.and")) });
  }
  if (turn.kind === "pave") {
    const [a, b] = turn.road.replace(/-[ab]$/, "").split("-");
    return t("mh.last.pave", { name, a: townName(a), b: townName(b), points: turn.points });
  }
  if (turn.kind === "mail") return turn.kept ? t("mh.last.mail", { name, n: turn.kept }) : t("mh.last.mailing", { name });
  if (turn.kind === "pass") return t("mh.last.pass", { name });
  return "";
}
