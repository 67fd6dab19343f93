// The Wickerfair keys (§9): what each key does at each step, and the list "?" shows. A key plays one
// of the legal actions, moves the focus to the choice it opens, or says that it does nothing now.

import { t } from "../../lib/i18n.js";
import { el } from "./panels.js";
import { boardKey } from "../common/keys.js";
import { gameKey, keyRows, siteKeyRows } from "../../lib/keymap.js";

/** The Travel and Harvest keys play their action at once; Bolster and Trade open their choice. */
const TOP_KEYS = { move: "move", coin: "coin", harvest: "harvest" };

const isButton = (x) => x && (x.tagName === "BUTTON" || x.tagName === "A");

/**
 * T: the renderer's model, read at each key: {acting, pending, kind, legal, ctx, viewer, panel} and say(action).
 * A: what keys do: intent(action, keyboard), notNow(what), announce(text), closePanel(), openPanel(panel, keyboard),
 *    focusView(), pressColumn(n, keyboard), offers (the bar's offers), sheet (the sheet's element).
 * Returns the handler for a key the page lets the board have.
 */
export function createKeys(T, A) {
  function playOr(action, key) {
    if (!A.intent(action, true)) A.notNow(key.toUpperCase());
  }

  /** L and A open their choice: the focus goes to the first of its two options. */
  function focusOffer(actions, key) {
    const b = actions.map((a) => A.offers.querySelector(`[data-action="${a}"]:not(:disabled)`)).find(Boolean);
    if (b) { b.focus({ preventScroll: true }); A.announce(actions.filter((a) => T.legal.has(a)).map(T.say).join(" / ")); }
    else A.notNow(key.toUpperCase());
  }

  /** C adds the next card of the hand as shown (strongest first) up to k; with k added it clears them. */
  function nextCard() {
    const draft = (T.ctx.draft || {})[String(T.viewer)] || { cards: [] };
    const cards = [...T.legal.keys()].filter((a) => a.startsWith("card:")).map((a) => Number(a.slice(5)));
    if (!cards.length) { if (draft.cards.length && T.legal.has("clear")) A.intent("clear", true); else A.notNow("C"); return; }
    A.intent(`card:${Math.max(...cards)}`, true);
  }

  function showMissionKey() {
    const shows = [...T.legal.keys()].filter((a) => a.startsWith("show:"));
    if (shows.length === 1) { A.intent(shows[0], true); return; }
    if (shows.length > 1) { const b = A.sheet.querySelector('[data-action^="show:"]'); if (b) b.focus({ preventScroll: true }); return; }
    if (Number.isInteger(T.viewer)) A.openPanel({ kind: "clan", seat: T.viewer, missions: true }, true);
  }

  return function onKey(ev) {
    const { acting, pending, kind, legal } = T;
    const target = ev.target;
    const k = ev.key;
    if (k === "Escape") {
      if (A.closePanel()) { ev.preventDefault(); return; }
      if (acting && !pending) {
        for (const a of ["back", "clear"]) if (legal.has(a)) { ev.preventDefault(); A.intent(a, true); return; }
      }
      return;
    }
    if (k === "?") { ev.preventDefault(); if (T.panel && T.panel.kind === "help") A.closePanel(); else A.openPanel({ kind: "help" }, true); return; }
    const any = gameKey("wickerfair", ev);
    if (any === "focus") { ev.preventDefault(); A.focusView(); return; }
    if (!acting || pending) {
      if (any) A.notNow(k.toUpperCase());
      return;
    }
    const id = gameKey("wickerfair", ev, kind);
    let done = true;
    const hand = () => (legal.has("commit") ? "commit" : "blank");
    if (kind === "COURAGE_COMMIT") {
      // Enter hands in the dial and cards as shown, also on a dial or card button (Space sets that
      // dial or adds that card: the button's own press).
      if (id === "dial") playOr(`dial:${k}`, k);
      else if (id === "card") nextCard();
      else if (boardKey(ev) === "confirm" && (!isButton(target) || target.closest(".wf-dial, .wf-cards"))) playOr(hand(), k);
      else done = false;
    } else if (id === "column") {
      if (kind === "CHOOSE_COLUMN") A.pressColumn(Number(k), true); else A.notNow(t("wf.column", { n: k }));
    } else if (TOP_KEYS[id]) playOr(TOP_KEYS[id], k);
    else if (id === "bolster") focusOffer(["courage", "cards"], k);
    else if (id === "trade") focusOffer(["goods", "goodwill"], k);
    else if (id === "end") playOr("end", k);
    else if (id === "skip") playOr(["skip", "none", "hide"].find((a) => legal.has(a)) || "skip", k);
    else if (id === "mission") showMissionKey();
    else if (any && !id) A.notNow(k.toUpperCase());
    else if (k === "Enter" && !isButton(target)) {
      const a = ["ok", "commit", "do"].find((x) => legal.has(x));
      if (a) A.intent(a, true); else done = false;
    } else done = false;
    if (done) ev.preventDefault();
  };
}

/** The key list the "?" panel shows: the shared keys, the game's own and the page's (web/lib/keymap.js). */
export function helpList() {
  const dl = el("dl", "wf-keys");
  const shared = [["vt.key.enter", "wf.help.enter"], ["vt.key.space", "wf.help.space"], ["vt.key.arrows", "wf.help.arrows"],
    ["vt.key.escape", "wf.help.esc"], ["vt.key.tab", "wf.help.tab"]].map(([k, w]) => [t(k), t(w)]);
  for (const [k, w] of [...shared, ...keyRows("wickerfair"), ...siteKeyRows(), ["?", t("wf.help.q")]]) dl.append(el("dt", "", k), el("dd", "", w));
  return dl;
}
