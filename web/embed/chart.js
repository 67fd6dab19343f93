// The review's chart: each seat's win chance over the game, one line per seat in its colour, drawn
// as inline SVG at the chart's own pixel size (text and dots stay round and readable on a phone and
// on a desktop). A dot per judged decision; a marked one is bigger, in its mark's colour. The chart
// is one slider for the keyboard (arrows step through the judged moves) and a click or tap picks the
// nearest judged move.

import { t } from "../lib/i18n.js";
import { h } from "../lib/dom.js";

const SVG = "http://www.w3.org/2000/svg";
export const MARK_COLOURS = { inaccuracy: "#b8860b", mistake: "#d2691e", blunder: "#b3261e" };
const FALLBACK = ["#3e6a4d", "#8a4b2f", "#375f7d", "#7a5a99", "#a8891a"];

function el(name, attrs = {}, ...kids) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) e.setAttribute(k, String(v));
  for (const k of kids) if (k) e.append(k);
  return e;
}

/**
 * createChart({steps, onPick(i), describe(i)}): `steps` is the record's number of actions (the x
 * axis), onPick gets the index of a judged move, describe(i) says it in words for the slider.
 * Returns {el, paint(moves, selected, colours, names), focus()}.
 */
export function createChart({ steps, onPick, describe }) {
  const svg = el("svg", { class: "rv-chart-svg", "aria-hidden": "true", focusable: "false" });
  const box = h("div.rv-chart", {
    role: "slider", tabindex: "0", "aria-valuemin": "1",
    onkeydown: (e) => {
      const by = { ArrowLeft: -1, ArrowDown: -1, ArrowRight: 1, ArrowUp: 1 }[e.key];
      const to = by ? sel + by : e.key === "Home" ? 0 : e.key === "End" ? moves.length - 1 : null;
      if (to === null || !moves.length || e.ctrlKey || e.metaKey || e.altKey) return;
      e.preventDefault();
      onPick(Math.max(0, Math.min(moves.length - 1, to)));
    },
    onclick: (e) => {
      if (!moves.length) return;
      const r = svg.getBoundingClientRect();
      const x = e.clientX - r.left;
      let best = 0;
      for (let i = 1; i < moves.length; i++) {
        if (Math.abs(xOf(moves[i].step) - x) < Math.abs(xOf(moves[best].step) - x)) best = i;
      }
      onPick(best);
    },
  }, svg);
  const legend = h("ul.rv-legend");
  const wrap = h("figure.rv-figure", box, legend);

  let moves = [];
  let sel = -1;
  let colours = FALLBACK;
  let names = [];
  let width = 0;
  let height = 0;
  const pad = { l: 40, r: 12, t: 10, b: 24 };
  const xOf = (step) => pad.l + (width - pad.l - pad.r) * (steps > 1 ? step / (steps - 1) : 0.5);
  const yOf = (p) => pad.t + (height - pad.t - pad.b) * (1 - p);

  function draw() {
    width = Math.max(200, Math.round(box.clientWidth || 320));
    height = width < 500 ? 170 : 220;
    svg.setAttribute("width", String(width));
    svg.setAttribute("height", String(height));
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    const parts = [];
    // Grid: 0, 25, 50, 75, 100 % (50 % the even line, a little stronger).
    for (const p of [0, 0.25, 0.5, 0.75, 1]) {
      parts.push(el("line", { x1: pad.l, x2: width - pad.r, y1: yOf(p), y2: yOf(p),
        class: p === 0.5 ? "rv-gridline rv-even" : "rv-gridline" }));
      if (p % 0.5 === 0) {
        parts.push(el("text", { x: pad.l - 6, y: yOf(p) + 4, "text-anchor": "end", class: "rv-axis" },
          document.createTextNode(`${Math.round(p * 100)}%`)));
      }
    }
    parts.push(el("text", { x: pad.l, y: height - 6, class: "rv-axis" }, document.createTextNode("1")));
    parts.push(el("text", { x: width - pad.r, y: height - 6, "text-anchor": "end", class: "rv-axis" },
      document.createTextNode(t("rv.chartMoves", { n: steps }))));
    if (sel >= 0 && moves[sel]) {
      const x = xOf(moves[sel].step);
      parts.push(el("line", { x1: x, x2: x, y1: pad.t, y2: height - pad.b, class: "rv-cursor" }));
    }
    const seats = [...new Set(moves.map((m) => m.seat))].sort((a, b) => a - b);
    for (const s of seats) {
      const mine = moves.map((m, i) => [m, i]).filter(([m]) => m.seat === s);
      const colour = colours[s % colours.length];
      parts.push(el("polyline", {
        points: mine.map(([m]) => `${xOf(m.step).toFixed(1)},${yOf(m.played_chance).toFixed(1)}`).join(" "),
        fill: "none", stroke: colour, "stroke-width": 2, "stroke-linejoin": "round", class: "rv-line",
      }));
      for (const [m, i] of mine) {
        const marked = m.mark ? MARK_COLOURS[m.mark] : null;
        parts.push(el("circle", {
          cx: xOf(m.step).toFixed(1), cy: yOf(m.played_chance).toFixed(1),
          r: i === sel ? 7 : marked ? (m.mark === "blunder" ? 5.5 : 4.5) : 2.5,
          fill: marked || colour, stroke: i === sel ? "#1f1f1f" : marked ? "#fff" : "none",
          "stroke-width": i === sel ? 2.5 : 1.2, "data-i": i, "data-mark": m.mark || "",
        }));
      }
    }
    svg.replaceChildren(...parts);
    legend.replaceChildren(...seats.map((s) => {
      const swatch = h("span.rv-swatch");
      swatch.style.background = colours[s % colours.length]; // CSSOM: the site's policy allows no style attribute
      return h("li", swatch, names[s] || String(s + 1));
    }));
  }

  let frame = 0;
  const later = () => {
    if (!frame) frame = requestAnimationFrame(() => { frame = 0; draw(); });
  };
  const resize = typeof ResizeObserver === "function" ? new ResizeObserver(() => {
    if (Math.round(box.clientWidth) !== width) later();
  }) : null;
  if (resize) resize.observe(box);

  return {
    el: wrap,
    paint(list, selected, seatColours, seatNames) {
      moves = list;
      sel = selected;
      if (seatColours && seatColours.length) colours = seatColours;
      if (seatNames) names = seatNames;
      box.setAttribute("aria-label", t("rv.chart"));
      box.setAttribute("aria-valuemax", String(Math.max(1, moves.length)));
      box.setAttribute("aria-valuenow", String(sel >= 0 ? sel + 1 : 1));
      box.setAttribute("aria-valuetext", sel >= 0 ? describe(sel) : t("rv.chartNone"));
      later();
    },
    focus() { box.focus({ preventScroll: true }); },
    destroy() {
      if (resize) resize.disconnect();
      if (frame) cancelAnimationFrame(frame);
    },
  };
}
