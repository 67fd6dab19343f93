// Every key the site answers to, in one list: the page's own keys (sound, pause, hint), the keys every
// board shares, and each game's letters and digits. Pages and boards ask this list what a key
// means (siteKey, gameKey) and show it in the "?" list of keys, so a key cannot quietly mean two
// things: `collisions()` names any key with two meanings in the same game at the same step, the
// page's keys counting at every step of every game.

import { addStrings, t } from "./i18n.js";

addStrings({
  en: {
    "vt.site.sound": "Sound on or off (anywhere on the site).",
    "vt.site.pause": "Pause or resume a table where every other seat is a bot.",
    "vt.site.hint": "A hint: the strongest bot's move for you, where the table offers hints.",
  },
  pt: {
    "vt.site.sound": "Liga ou desliga o som (em qualquer página).",
    "vt.site.pause": "Pausa ou retoma uma mesa onde todos os outros lugares são robôs.",
    "vt.site.hint": "Uma dica: a jogada do robô mais forte para você, onde a mesa oferece dicas.",
  },
});

const digits = (a, b) => Array.from({ length: b - a + 1 }, (_, i) => String(a + i));

/**
 * One meaning of a key: `id` (what the code dispatches on), `keys` (KeyboardEvent.key values, letters
 * in lower case: Shift does not change a letter's meaning), `label` (how the list of keys writes it),
 * `words` (its string key), and `steps` (the only decisions it acts in) or `except` (the decisions it
 * does not act in); with neither, every step.
 */

/** The page's own keys: they act at every table, so no game may use them. */
export const SITE_KEYS = [
  { id: "sound", keys: ["v"], label: "V", words: "vt.site.sound" },
  { id: "pause", keys: ["k"], label: "K", words: "vt.site.pause" },
  { id: "hint", keys: ["h"], label: "H", words: "vt.site.hint" },
];

/** The keys every board takes the same way (web/games/common/keys.js, boardKey). */
export const BOARD_KEYS = [
  { id: "confirm", keys: ["Enter"], label: "vt.key.enter" },
  { id: "toggle", keys: [" "], label: "vt.key.space" },
  { id: "back", keys: ["Escape"], label: "vt.key.escape" },
  { id: "help", keys: ["?"], label: "vt.key.help" },
  { id: "move", keys: ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"], label: "vt.key.arrows" },
];

/** Each game's own keys. */
export const GAME_KEYS = {
  elderwood: [],
  hollowmere: [
    { id: "turn", keys: ["r"], label: "R / Shift+R", words: "hm.keys.r" },
    { id: "warden", keys: digits(0, 9), label: "1–9 · 0", words: "hm.keys.digits" },
  ],
  milehollow: [
    { id: "row", keys: digits(1, 5), label: "1–5", words: "mh.keys.row" },
    { id: "deck", keys: ["d"], label: "D", words: "mh.keys.deck" },
    { id: "mail", keys: ["m"], label: "M", words: "mh.keys.mail" },
    { id: "pave", keys: ["p"], label: "P", words: "mh.keys.pave" },
  ],
  wickerfair: [
    { id: "column", keys: digits(1, 5), label: "1–5", words: "wf.help.cols", except: ["COURAGE_COMMIT"] },
    { id: "move", keys: ["t"], label: "T", words: "wf.help.t", steps: ["TOP_OPTION"] },
    { id: "coin", keys: ["g"], label: "G", words: "wf.help.g", steps: ["TOP_OPTION"] },
    { id: "bolster", keys: ["l"], label: "L", words: "wf.help.l", steps: ["TOP_OPTION"] },
    { id: "harvest", keys: ["r"], label: "R", words: "wf.help.h", steps: ["TOP_OPTION"] },
    { id: "trade", keys: ["a"], label: "A", words: "wf.help.a", steps: ["TOP_OPTION"] },
    { id: "end", keys: ["d"], label: "D", words: "wf.help.d", except: ["COURAGE_COMMIT"] },
    { id: "skip", keys: ["s"], label: "S", words: "wf.help.s", except: ["COURAGE_COMMIT"] },
    { id: "dial", keys: digits(0, 7), label: "0–7", words: "wf.help.dial", steps: ["COURAGE_COMMIT"] },
    { id: "card", keys: ["c"], label: "C", words: "wf.help.c", steps: ["COURAGE_COMMIT"] },
    { id: "focus", keys: ["f"], label: "F", words: "wf.help.f" },
    { id: "mission", keys: ["e"], label: "E", words: "wf.help.e", except: ["COURAGE_COMMIT"] },
  ],
};

const acts = (e, step) => (e.steps ? e.steps.includes(step) : !(e.except || []).includes(step));
const norm = (k) => (k.length === 1 ? k.toLowerCase() : k);
const plain = (ev) => !(ev.ctrlKey || ev.metaKey || ev.altKey);

function find(list, ev, step) {
  if (!plain(ev)) return null;
  const k = norm(ev.key || "");
  const hit = list.find((e) => e.keys.includes(k) && (!step || acts(e, step)));
  return hit ? hit.id : null;
}

/** What a key means to the page ("sound", "pause"), or null. */
export function siteKey(ev) {
  return find(SITE_KEYS, ev);
}

/** What a key means on `game`'s board at decision `step` (any step when absent), or null. */
export function gameKey(game, ev, step) {
  return find(GAME_KEYS[game] || [], ev, step);
}

/** How the list of keys writes the page's key `id` ("V"). */
export function siteKeyLabel(id) {
  return SITE_KEYS.find((e) => e.id === id).label;
}

/** Rows for a "?" list, [label, words], of `game`'s own keys. */
export function keyRows(game) {
  return (GAME_KEYS[game] || []).map((e) => [e.label, t(e.words)]);
}

/** Rows for a "?" list of the page's keys (every board's list ends with them). */
export function siteKeyRows() {
  return SITE_KEYS.map((e) => [e.label, t(e.words)]);
}

/**
 * Every key that means two things at once: [game, key, one id, the other id] for two meanings in
 * the same game whose steps meet (a page key meets every step of every game).
 */
export function collisions() {
  const out = [];
  // Two meanings meet when some step has both: a listed step of one the other acts in, or (neither
  // listing steps) any step but those both leave out, and there are always such.
  const meet = (a, b) => (a.steps ? a.steps.some((s) => acts(b, s)) : b.steps ? b.steps.some((s) => acts(a, s)) : true);
  for (const [game, own] of Object.entries(GAME_KEYS)) {
    const all = [...SITE_KEYS, ...BOARD_KEYS, ...own];
    for (let i = 0; i < all.length; i++) {
      for (let j = i + 1; j < all.length; j++) {
        if (!meet(all[i], all[j])) continue;
        for (const k of all[i].keys) if (all[j].keys.includes(k)) out.push([game, k, all[i].id, all[j].id]);
      }
    }
  }
  return out;
}
