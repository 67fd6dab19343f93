// The four games as the shell knows them before Python is ready. Player range, bot levels,
// options and the usual timer come from the engine itself: `catalog.js` is written by the build
// from the engine's `games` answer. Here: which games have a table yet, and how to load each
// renderer. A renderer that is missing or fails to load is not fatal: the table is still fully
// playable from the "All my moves" list.

import { CATALOG } from "./catalog.js";

const TABLES = {
  hollowmere: { playable: true, load: () => import("./hollowmere/renderer.js") },
  milehollow: { playable: true, load: () => import("./milehollow/renderer.js") },
  elderwood: { playable: true, load: () => import("./elderwood/renderer.js") },
  wickerfair: { playable: true, load: () => import("./wickerfair/renderer.js") },
};

export const GAMES = Object.fromEntries(Object.entries(TABLES).map(([name, t]) => [name, { ...CATALOG[name], ...t }]));

export const GAME_ORDER = ["hollowmere", "milehollow", "elderwood", "wickerfair"];

export function isGame(name) {
  return Object.prototype.hasOwnProperty.call(GAMES, name);
}

/** The renderer module's createRenderer, or null when it is missing or broken. */
export async function loadRenderer(name) {
  if (!isGame(name) || !GAMES[name].load) return null;
  try {
    const mod = await GAMES[name].load();
    return typeof mod.createRenderer === "function" ? mod.createRenderer : null;
  } catch (e) {
    console.warn(`renderer for ${name} not available`, e);
    return null;
  }
}

const warming = new Map();

/**
 * Load one game's renderer and let it prepare what its first draw needs (a module may export
 * `warm()`); once per page, however often it is asked.
 */
export function warmRenderer(name) {
  if (!isGame(name) || !GAMES[name].playable || !GAMES[name].load) return Promise.resolve();
  if (!warming.has(name)) {
    warming.set(name, GAMES[name].load()
      .then((mod) => (typeof mod.warm === "function" ? mod.warm() : undefined))
      .catch((e) => console.warn(`warming ${name} failed`, e)));
  }
  return warming.get(name);
}

/**
 * Every playable game's renderer warmed after the engine is up: a table started from the lobby
 * then draws at once instead of importing and measuring tiles on Start. All at once, not one
 * after another: each game's data is a quick answer of the worker, and the one slow part
 * (Hollowmere's tile shapes) runs in idle time, so no game waits behind it.
 */
export async function warmRenderers() {
  await Promise.all(GAME_ORDER.map((name) => warmRenderer(name)));
}
