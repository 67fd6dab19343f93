// The four games as the shell knows them before Python is ready: which are playable,
// their player range (the engine's `games` answer replaces it once it arrives), the
// timer the seed gives (for the New table page) and how to load each renderer.
// A renderer that is missing or fails to load is not fatal: the table is still
// fully playable from the "All my moves" list.

export const GAMES = {
  hollowmere: {
    playable: true,
    minPlayers: 2,
    maxPlayers: 5,
    botLevels: ["easy", "normal"],
    timer: 60,
    load: () => import("./hollowmere/renderer.js"),
  },
  milehollow: {
    playable: true,
    minPlayers: 2,
    maxPlayers: 5,
    botLevels: ["easy", "normal"],
    timer: 60,
    load: () => import("./milehollow/renderer.js"),
  },
  elderwood: {
    playable: true,
    minPlayers: 2,
    maxPlayers: 2,
    botLevels: ["easy", "normal"],
    timer: 60,
    load: () => import("./elderwood/renderer.js"),
  },
  wickerfair: {
    playable: false,
    minPlayers: 2,
    maxPlayers: 5,
    botLevels: ["easy", "normal"],
    timer: 90,
    load: null,
  },
};

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
