// The rules engine's loading progress as a real progress bar (engine.onProgress),
// used compactly in the lobby and New table page and full-size on a table page
// while Pyodide is not ready yet.

import { t } from "../i18n.js";
import { h } from "./live.js";

let lastFraction = 0;
let isReady = false;

/**
 * A status element that follows the engine: progress while loading, "ready", or the error.
 * Returns {el, destroy}. `onReady` runs once when the engine is ready.
 */
export function engineStatus(engine, { compact = false, onReady } = {}) {
  const bar = h("progress", { max: "100", value: String(Math.round(lastFraction * 100)) });
  const label = h("span.progress-label");
  const el = h("div.engine-status", { class: compact ? "compact" : "full", role: "status" }, label, bar);
  let alive = true;

  const paint = (state, detail) => {
    el.dataset.state = state;
    if (state === "loading") {
      const pct = Math.round(lastFraction * 100);
      bar.value = pct;
      label.textContent = t("progress.loading", { pct });
      bar.hidden = false;
    } else if (state === "ready") {
      label.textContent = t("progress.ready");
      bar.hidden = true;
    } else {
      label.textContent = t("progress.failed", { detail: detail || "" });
      bar.hidden = true;
    }
  };

  paint(isReady ? "ready" : "loading");
  let off = null;
  if (!isReady && engine && typeof engine.onProgress === "function") {
    off = engine.onProgress((fraction) => {
      if (typeof fraction === "number" && fraction > lastFraction) lastFraction = Math.min(1, fraction);
      if (alive && !isReady) paint("loading");
    });
  }
  Promise.resolve(engine && engine.ready).then(
    () => {
      isReady = true;
      lastFraction = 1;
      if (!alive) return;
      paint("ready");
      if (onReady) onReady();
    },
    (e) => { if (alive) paint("failed", e && e.message); },
  );
  return {
    el,
    destroy() {
      alive = false;
      if (typeof off === "function") off();
    },
  };
}

export function engineIsReady() {
  return isReady;
}
