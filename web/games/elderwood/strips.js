// Elderwood's two strips, one above the slab and one below: who sits there, the Elder's six dots
// (how many of its neighbours are taken), and the supply piles — buttons on the viewer's own strip,
// pictures on the other.

import { t } from "../../lib/i18n.js";
import { paintPile } from "./paint.js";

export const CREATURES = ["Q", "B", "G", "S", "A"];

export function div(cls, attrs = {}) {
  const d = document.createElement(attrs.tag || "div");
  if (cls) d.className = cls;
  for (const [k, v] of Object.entries(attrs)) if (k !== "tag") d.setAttribute(k, v);
  return d;
}

export function makeStrip(cls) {
  const el = div(`ew-strip ${cls}`);
  const who = div("ew-who");
  const name = div("ew-name");
  const side = div("ew-side");
  const elder = div("ew-elder");
  who.append(name, side, elder);
  const pilesEl = div("ew-piles");
  el.append(who, pilesEl);
  return { el, name, side, elder, pilesEl, piles: {}, interactive: null };
}

/**
 * Fill a strip for `colour`; `interactive`: its piles are buttons (the viewer's own). `m`: what the
 * board knows now — {view, snap, myColour, sources, lifted, input, myTurn, elderTaken(colour),
 * pressPile(letter, keyboard), pileKey(letter, ev)}.
 */
export function fillStrip(strip, colour, interactive, m) {
  const { view, snap, myColour, sources, lifted, input, myTurn } = m;
  const seatNo = Array.isArray(view.seats) ? (view.seats.find((s) => s.letter === colour) || {}).seat : undefined;
  const seat = seatNo !== undefined && snap.seats ? snap.seats[seatNo] : null;
  strip.el.dataset.colour = colour;
  strip.el.classList.toggle("ew-turn", !snap.terminal && view.turn === colour);
  strip.name.textContent = seat ? seat.name : t(`ew.Colour.${colour}`);
  if (seat && seat.bot) {
    const mark = document.createElement("span");
    mark.className = "ew-botmark";
    mark.textContent = t("shell.bot");
    strip.name.append(mark);
  }
  strip.side.textContent = `${t(`ew.Colour.${colour}`)}${myColour === colour ? ` · ${t("ew.you")}` : ""}`;
  strip.pilesEl.setAttribute("aria-label", t("ew.supplyOf", { colour: t(`ew.colour.${colour}`) }));
  strip.pilesEl.setAttribute("role", "group");
  // Elder: six dots and a count.
  const taken = m.elderTaken(colour);
  const count = taken ? view.elders[colour].neighbours : null;
  strip.elder.replaceChildren();
  const elderLabel = taken
    ? t("ew.elderCount", { colour: t(`ew.Colour.${colour}`), n: count })
    : t("ew.elderOut", { colour: t(`ew.Colour.${colour}`) });
  strip.elder.setAttribute("role", "img");
  strip.elder.setAttribute("aria-label", elderLabel);
  strip.elder.title = elderLabel;
  const word = document.createElement("span");
  word.className = "ew-elder-word";
  word.textContent = t("ew.c.Q");
  strip.elder.append(word);
  for (let i = 0; i < 6; i++) strip.elder.append(div(`ew-dot${taken && taken[i] ? " on" : ""}`));
  strip.elder.append(` ${taken ? count : "–"}/6`);
  // Piles: rebuilt only when whether they are buttons changes.
  if (strip.interactive !== interactive) {
    strip.pilesEl.replaceChildren();
    strip.piles = {};
    for (const letter of CREATURES) {
      const el = interactive ? document.createElement("button") : div("", { role: "img" });
      if (interactive) {
        el.type = "button";
        el.addEventListener("click", (ev) => m.pressPile(letter, ev.detail === 0));
        el.addEventListener("keydown", (ev) => m.pileKey(letter, ev));
      }
      el.classList.add("ew-pile");
      el.dataset.pile = letter;
      const canvas = document.createElement("canvas");
      canvas.setAttribute("aria-hidden", "true");
      const count = document.createElement("span");
      count.className = "ew-count";
      count.setAttribute("aria-hidden", "true");
      el.append(canvas, count);
      strip.pilesEl.append(el);
      strip.piles[letter] = { el, canvas, count, drawn: "" };
    }
    strip.interactive = interactive;
  }
  const supply = (view.supply || {})[colour] || {};
  for (const letter of CREATURES) {
    const p = strip.piles[letter];
    const n = supply[letter] || 0;
    const creature = t(`ew.c.${letter}`);
    const can = interactive && sources.has(`p:${letter}`);
    p.el.dataset.colour = colour;
    p.el.dataset.count = n;
    p.el.classList.toggle("ew-can", can);
    p.el.classList.toggle("ew-none", n === 0);
    // Only the viewer's own piles can be lifted: the other strip shows the same letters,
    // so the lift must be tied to the interactive strip, not to the creature alone.
    p.el.classList.toggle("ew-lifted", interactive && lifted === `p:${letter}`);
    p.count.textContent = `×${n}`;
    let label = n ? t("ew.pile", { creature, count: n }) : t("ew.pileEmpty", { creature });
    if (interactive) {
      if (can) label = `${t("ew.pileCanPlace", { creature, count: n })}${input === "keys" ? ` ${t("ew.enterLifts")}` : ""}`;
      else if (n && myTurn) label = t("ew.pileCannot", { creature, count: n });
      p.el.setAttribute("aria-disabled", can ? "false" : "true");
      p.el.setAttribute("aria-pressed", lifted === `p:${letter}` ? "true" : "false");
    }
    p.el.setAttribute("aria-label", `${t(`ew.Colour.${colour}`)} — ${label}`);
    drawPile(p, letter, colour, n);
  }
}

/** Paint a pile's canvas, only when its size, colour, creature or height changed. */
export function drawPile(p, letter, colour, n) {
  const r = p.canvas.getBoundingClientRect();
  const w = Math.round(r.width) || 50, h = Math.round(r.height) || 56;
  const dpr = window.devicePixelRatio || 1;
  const stamp = `${w}x${h}@${dpr}:${colour}${letter}${Math.min(n, 3)}`;
  if (p.drawn === stamp) return;
  p.drawn = stamp;
  p.canvas.width = Math.round(w * dpr);
  p.canvas.height = Math.round(h * dpr);
  paintPile(p.canvas.getContext("2d"), w, h, letter, colour, n, dpr);
}
