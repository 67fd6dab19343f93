// The Hollowmere side panel's lists: players with Wardens and Veil, the score track, and the
// itemised scoring list that explains every point from the engine's score events.

import { t } from "../../lib/i18n.js";
import { SEAT_COLOURS } from "./tilegeometry.js";
import { el } from "../../lib/dom.js";

// The panel and the renderer build their DOM with the boards' shared helper.
export { el };

export function paintPlayers(p, { snap, view, viewer }) {
  p.playersTitle.textContent = t("hm.players");
  p.playersList.replaceChildren();
  if (!snap) return;
  const scores = view.scores || snap.scores || [];
  snap.seats.forEach((seat, i) => {
    const li = el("li");
    li.dataset.seat = String(i);
    if (view.current === i && !view.terminal) li.classList.add("hm-acting");
    const dot = el("span", "hm-dot");
    dot.style.background = SEAT_COLOURS[i % SEAT_COLOURS.length];
    // The whole name, wrapped if it must be; the marks after it never cut it short.
    const name = el("span", "hm-pname", seat.name);
    name.title = seat.name;
    if (seat.bot) name.append(" ", el("span", "hm-tag", `(${t("hm.bot")})`));
    if (i === viewer) name.append(" ", el("span", "hm-tag", `· ${t("hm.you")}`));
    const sc = el("span", "hm-score", String(scores[i] ?? 0));
    const meta = el("span", "hm-meta");
    const left = (view.wardens_left || [])[i];
    const parts = [t("hm.wardensLeft", { n: left ?? 0 })];
    if (view.options && view.options.mist_veil) parts.push(view.veil_used && view.veil_used[i] ? t("hm.veilUsed") : t("hm.veilReady"));
    meta.textContent = parts.join(" · ");
    meta.dataset.wardens = String(left ?? 0);
    li.append(dot, name, sc, meta);
    p.playersList.append(li);
  });
}

export function paintTrack(p, { snap, view, seatName }) {
  p.trackTitle.textContent = t("hm.track");
  p.trackBar.replaceChildren();
  if (!snap) return;
  const scores = view.scores || snap.scores || [];
  const top = Math.max(20, ...scores);
  const max = Math.ceil(top / 10) * 10;
  for (let v = 0; v <= max; v += max > 60 ? 20 : 10) {
    const tick = el("span", "hm-tick", String(v));
    tick.style.left = `${(v / max) * 100}%`;
    p.trackBar.append(tick);
  }
  const stack = new Map();
  scores.forEach((sc, i) => {
    const peg = el("span", "hm-peg");
    const level = stack.get(sc) || 0;
    stack.set(sc, level + 1);
    peg.style.left = `${(sc / max) * 100}%`;
    peg.style.bottom = `${2 + level * 9}px`;
    peg.style.background = SEAT_COLOURS[i % SEAT_COLOURS.length];
    peg.title = `${seatName(i)}: ${sc}`;
    p.trackBar.append(peg);
  });
}

function names(list, seatName) {
  const n = list.map(seatName);
  if (n.length <= 1) return n.join("");
  return t("hm.and", { a: n.slice(0, -1).join(", "), b: n[n.length - 1] });
}

/** One score event, itemised: what scored, why it is worth that much, who gets it. */
export function explainScore(ev, seatName) {
  const feature = t(`hm.feat.${ev.feature}`);
  const head = t(ev.when === "play" ? "hm.when.play" : "hm.when.end", { feature });
  const tiles = (ev.tiles || []).length;
  const v = ev.value;
  let why;
  if (ev.feature === "burgh") {
    const base = ev.when === "play" ? "hm.why.burghPlay" : "hm.why.burghEnd";
    why = t(ev.seals ? base : `${base}NoSeal`, { tiles, seals: ev.seals, value: v });
  } else if (ev.feature === "trail") why = tiles === 1 ? t("hm.why.trailOne", { value: v }) : t("hm.why.trail", { tiles, value: v });
  else if (ev.feature === "shrine") why = ev.when === "play" ? t("hm.why.shrinePlay") : t("hm.why.shrineEnd", { n: v - 1, value: v });
  else if (ev.feature === "aquifer") why = v > 0 ? t("hm.why.aquifer", { tiles, value: v }) : t("hm.why.aquiferDry");
  else if (ev.feature === "meadow") why = t("hm.why.meadow", { n: ev.burghs ?? v / 3, value: v });
  else why = String(v);
  if (ev.boost) why += ` ${ev.boost === 1 ? t("hm.why.boost1") : t("hm.why.boostN", { n: ev.boost })}`;
  let who;
  if (ev.scorers && ev.scorers.length) {
    who = t("hm.why.scorers", { names: names(ev.scorers, seatName), points: ev.points });
    if (ev.scorers.length > 1) who += ` ${t("hm.why.tie")}`;
  } else who = t("hm.why.nobody");
  return { head, why, who, scored: !!(ev.scorers && ev.scorers.length) };
}

export function paintScores(p, { snap, seatName, tileName, freshFrom }) {
  p.scoresTitle.textContent = t("hm.scoring");
  p.scoresList.replaceChildren();
  const evs = (snap && snap.events) || [];
  const items = [];
  evs.forEach((ev, i) => {
    if (ev.kind === "score") {
      // A completed feature nobody stood on is not worth a line unless it is the only news.
      if (!(ev.scorers && ev.scorers.length) && ev.when === "end") return;
      items.push({ i, ev });
    } else if (ev.kind === "veil" || ev.kind === "aside") items.push({ i, ev });
  });
  if (!items.length) {
    p.scoresList.append(el("li", "hm-zero", t("hm.scoringNone")));
    return;
  }
  for (const { i, ev } of items.reverse().slice(0, 60)) {
    const li = el("li");
    li.dataset.event = String(i);
    li.dataset.kind = ev.kind;
    if (i >= freshFrom) li.classList.add("hm-fresh");
    if (ev.kind === "score") {
      const e = explainScore(ev, seatName);
      li.dataset.feature = ev.feature;
      li.dataset.points = String(ev.points);
      const dots = el("span");
      for (const s of ev.scorers || []) {
        const d = el("span", "hm-dot");
        d.style.background = SEAT_COLOURS[s % SEAT_COLOURS.length];
        d.style.marginRight = "3px";
        d.style.verticalAlign = "-2px";
        dots.append(d);
      }
      li.append(dots, el("span", "hm-head", `${e.head}: `), el("span", "", `${e.why}. `),
        el("span", e.scored ? "hm-who" : "hm-zero", e.who));
    } else if (ev.kind === "veil") {
      li.textContent = t("hm.veilCast", { name: seatName(ev.seat), tile: tileName(ev.tile) });
    } else {
      li.textContent = t("hm.aside", { tile: tileName(ev.tile) });
    }
    p.scoresList.append(li);
  }
}
