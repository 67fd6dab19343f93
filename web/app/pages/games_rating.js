// My games: the player's rating against the bots, per game (docs/rating.md, "A player's rating"), from
// the finished solo games of this device whose records verify as `verify --bots` does. Each record is
// verified once on this device and its verdict kept (by the SHA-256 of its text: a changed record is a
// new one), so a long list is checked only the first time; the engine fits the rating, every level fixed
// at its place on the ladder. Drawn with the rating after each game as a small chart.

import { t } from "../../lib/i18n.js";
import { h } from "../../lib/dom.js";
import { gameName } from "../../lib/util.js";
import { sha256Hex } from "../../lib/sha256.js";

const VERDICTS = "vt.verdicts";
/** Verdicts kept at most (the oldest forgotten first: they are only checked again). */
const MAX_VERDICTS = 5000;

function readVerdicts() {
  try {
    const v = JSON.parse(localStorage.getItem(VERDICTS) || "{}");
    return v && typeof v === "object" && !Array.isArray(v) ? v : {};
  } catch (_) {
    return {};
  }
}

function keepVerdicts(v) {
  const keys = Object.keys(v);
  for (const k of keys.slice(0, Math.max(0, keys.length - MAX_VERDICTS))) delete v[k];
  try { localStorage.setItem(VERDICTS, JSON.stringify(v)); } catch (_) { /* not kept: checked again next time */ }
}

/** The games alone against bots: one person seat (the player's), every other a bot. */
export function soloGames(games) {
  return games.filter((g) => g.you !== null && g.record.seats.every((s, i) => i === g.you || s.bot));
}

/**
 * The player's ratings: `games` newest first ({record, you}); `progress(done, all)` while records are
 * verified. → {ratings: {game: {rating, low, high, games, history}}, left: solo games that did not verify}.
 */
export async function playerRatings(games, engine, progress = () => {}) {
  const solo = soloGames(games).slice().reverse();
  const verdicts = readVerdicts();
  const ok = [];
  let done = 0;
  for (const g of solo) {
    const text = JSON.stringify(g.record);
    const key = await sha256Hex(text);
    if (typeof verdicts[key] !== "boolean") {
      const v = await engine.call("verify", { text, bots: true }).catch(() => ({ ok: false }));
      verdicts[key] = !!(v && v.ok);
      keepVerdicts(verdicts);
    }
    if (verdicts[key]) ok.push({ record: g.record, you: g.you });
    progress(++done, solo.length);
  }
  const ratings = ok.length ? await engine.call("player_rating", { entries: ok }) : {};
  return { ratings, left: solo.length - ok.length };
}

/** The rating after each game, with its interval as a band: a small SVG, its words in its title. */
function chart(history, label) {
  const W = 96;
  const H = 36;
  const lows = history.map((p) => p.low);
  const highs = history.map((p) => p.high);
  const min = Math.min(...lows);
  const max = Math.max(...highs);
  const y = (v) => (max === min ? H / 2 : H - 2 - ((v - min) / (max - min)) * (H - 4));
  const x = (i) => (history.length === 1 ? W / 2 : 2 + (i / (history.length - 1)) * (W - 4));
  const line = history.map((p, i) => `${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(" ");
  const band = history.map((p, i) => `${x(i).toFixed(1)},${y(p.high).toFixed(1)}`)
    .concat(history.map((p, i) => `${x(i).toFixed(1)},${y(p.low).toFixed(1)}`).reverse()).join(" ");
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("width", String(W));
  svg.setAttribute("height", String(H));
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.classList.add("rating-chart");
  const poly = (points, cls) => {
    const el = document.createElementNS(ns, history.length === 1 && cls === "line" ? "circle" : "polyline");
    if (history.length === 1 && cls === "line") {
      el.setAttribute("cx", String(x(0)));
      el.setAttribute("cy", String(y(history[0].rating)));
      el.setAttribute("r", "2.5");
    } else {
      el.setAttribute("points", points);
    }
    el.setAttribute("class", cls);
    return el;
  };
  svg.append(poly(band, "band"), poly(line, "line"));
  return svg;
}

/**
 * The section: `state` {ratings, left} once computed, or {progress: [done, all]} meanwhile, or null
 * (nothing to rate).
 */
export function ratingSection(state) {
  const head = [h("h2#games-rating-title", t("pg.games.rating")), h("p.pg-note", t("pg.games.ratingLead"))];
  if (!state) return h("section.games-rating", { "aria-labelledby": "games-rating-title" }, head, h("p", t("pg.games.ratingNone")));
  if (!state.ratings) {
    const [done, all] = state.progress || [0, 0];
    return h("section.games-rating", { "aria-labelledby": "games-rating-title", "aria-busy": "true" }, head,
      h("p.pg-busy", { role: "status" }, t("pg.games.ratingChecking", { done, all })));
  }
  const rows = Object.entries(state.ratings);
  return h("section.games-rating", { "aria-labelledby": "games-rating-title" }, head,
    rows.length ? h("table.games-rating-table",
      h("thead", h("tr", [t("pg.games.game"), t("pg.games.ratingCol"), t("pg.games.played"),
        t("pg.games.ratingChart")].map((c) => h("th", { scope: "col" }, c)))),
      h("tbody", rows.map(([game, r]) => h("tr", { dataset: { game, rating: String(Math.round(r.rating)) } },
        h("td", gameName(game)),
        // The rating, and under it its interval (a phone has room for four columns, not five).
        h("td.num", h("strong.games-rating-value", String(Math.round(r.rating))),
          h("span.games-rating-interval", t("pg.games.ratingInterval", { low: Math.round(r.low), high: Math.round(r.high) }))),
        h("td.num", String(r.games)),
        h("td", chart(r.history, t("pg.games.ratingChartLabel", { game: gameName(game), n: r.history.length,
          first: Math.round(r.history[0].rating), last: Math.round(r.rating) }))))))) : h("p", t("pg.games.ratingNone")),
    state.left ? h("p.pg-note.games-rating-left", t("pg.games.ratingLeft", { n: state.left })) : null);
}
