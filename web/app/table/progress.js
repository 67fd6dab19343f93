// The rules engine's state as the pages show it: a real progress bar while it loads (compact in
// the lobby and New table page, full-size on a table page), "ready", or what went wrong with a
// "Try again" that starts a fresh engine (engine.restart()).

import { t } from "../../lib/i18n.js";
import { h } from "../../lib/dom.js";

/**
 * A status element that follows the engine. Returns {el, destroy}. `onReady` runs each time the
 * engine becomes ready (after a "Try again" too); `onRetry` runs when the person asks to try again.
 */
export function engineStatus(engine, { compact = false, onReady, onRetry } = {}) {
  const bar = h("progress", { max: "100", value: "0" });
  const label = h("span.progress-label");
  const retry = h("button.button.small.retry", {
    type: "button", hidden: true,
    onclick: () => {
      if (onRetry) onRetry();
      else if (engine && typeof engine.restart === "function") engine.restart();
    },
  }, t("progress.retry"));
  const el = h("div.engine-status", { class: compact ? "compact" : "full", role: "status" }, label, bar, retry);
  let alive = true;
  let fraction = 0;

  const paint = () => {
    const state = engine && engine.state ? engine.state : "starting";
    el.dataset.state = state === "starting" ? "loading" : state;
    retry.hidden = state !== "failed";
    bar.hidden = state !== "starting";
    if (state === "starting") {
      const pct = Math.round(fraction * 100);
      bar.value = pct;
      label.textContent = t("progress.loading", { pct });
    } else if (state === "ready") {
      label.textContent = t("progress.ready");
    } else {
      el.setAttribute("role", "alert");
      label.textContent = t("progress.failed", { detail: (engine && engine._dead) || "" });
    }
  };

  const offProgress = engine && typeof engine.onProgress === "function"
    ? engine.onProgress((f) => {
      if (typeof f === "number") fraction = Math.max(fraction, Math.min(1, f));
      if (alive) paint();
    })
    : null;
  const offState = engine && typeof engine.onState === "function"
    ? engine.onState((state) => {
      if (!alive) return;
      if (state === "starting") fraction = 0;
      paint();
      if (state === "ready" && onReady) onReady();
    })
    : null;
  paint();
  if (engine && engine.state === "ready" && onReady) Promise.resolve().then(() => alive && onReady());
  else if (engine && !engine.onState) {
    Promise.resolve(engine.ready).then(() => { if (alive && onReady) onReady(); }, () => { if (alive) paint(); });
  }
  return {
    el,
    destroy() {
      alive = false;
      if (typeof offProgress === "function") offProgress();
      if (typeof offState === "function") offState();
    },
  };
}
