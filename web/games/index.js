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

/**
 * Load every playable game's renderer and let it prepare what its first draw needs (a
 * module may export `warm()`), in idle time after the engine is up: a table started from
 * the lobby then draws at once instead of importing and measuring tiles on Start.
 */
export async function warmRenderers() {
  for (const name of GAME_ORDER) {
    const game = GAMES[name];
    if (!game.playable || !game.load) continue;
    try {
      const mod = await game.load();
      if (typeof mod.warm === "function") await mod.warm();
    } catch (e) {
      console.warn(`warming ${name} failed`, e);
    }
  }
}
