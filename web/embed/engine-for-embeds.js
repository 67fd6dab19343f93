// web/engine.js as embed.html sees it. The page's import map sends every import of
// web/engine.js here (the renderers' own ones included: they ask the engine for their static
// game data), so every part of every embed on a page uses the one shared engine
// (./shared-engine.js) and no frame starts a second Python by accident.

import { getSharedEngine } from "./shared-engine.js";

export { registerServiceWorker, applyUpdate, offlineStatus } from "../engine.js?own";

/** The page's engine: for an embed, the one shared by every embed of the page. */
export function getEngine() {
  return getSharedEngine();
}
