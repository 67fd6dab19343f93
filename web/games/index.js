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

const asked = new WeakMap();          // engine -> Map(game -> Promise of its game_data)

/**
 * The game's static data (the bridge's `game_data`: a map, a tile set, the cards' words), asked of
 * `engine` once per page and handed to every board of that game: a renderer never calls the engine.
 * An answer that failed is asked again by the next board.
 */
export function gameData(name, engine) {
  if (!asked.has(engine)) asked.set(engine, new Map());
  const mine = asked.get(engine);
  if (!mine.has(name)) {
    const p = engine.call("game_data", { game: name });
    mine.set(name, p);
    p.catch(() => { if (mine.get(name) === p) mine.delete(name); });
  }
  return mine.get(name);
}

async function pageEngine(engine) {
  return engine || (await import("../engine.js")).getEngine();
}

/**
 * The game's board maker, `(host, options) => renderer`, with the game's data from `engine` (the
 * page's, `web/engine.js`, when none is given) already in its options (`gameData`; null when the
 * engine could not give it: the board then says so); null when the renderer is missing or broken.
 */
export async function loadRenderer(name, engine) {
  if (!isGame(name) || !GAMES[name].load) return null;
  let mod;
  try {
    mod = await GAMES[name].load();
  } catch (e) {
    console.warn(`renderer for ${name} not available`, e);
    return null;
  }
  if (typeof mod.createRenderer !== "function") return null;
  let data = null;
  try {
    data = await gameData(name, await pageEngine(engine));
  } catch (e) {
    console.warn(`no game data for ${name}`, e);
  }
  return (host, options = {}) => mod.createRenderer(host, { ...options, gameData: data });
}

const warming = new Map();

/**
 * Load one game's renderer and its data, and let it prepare what its first draw needs (a module
 * may export `warm(gameData)`); once per page, however often it is asked.
 */
export function warmRenderer(name, engine) {
  if (!isGame(name) || !GAMES[name].playable || !GAMES[name].load) return Promise.resolve();
  if (!warming.has(name)) {
    warming.set(name, Promise.all([GAMES[name].load(), pageEngine(engine).then((e) => gameData(name, e))])
      .then(([mod, data]) => (typeof mod.warm === "function" ? mod.warm(data) : undefined))
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
export async function warmRenderers(engine) {
  await Promise.all(GAME_ORDER.map((name) => warmRenderer(name, engine)));
}
