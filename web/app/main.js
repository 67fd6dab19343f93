// The one-page app's router. One page so the Pyodide worker survives navigation:
// the lobby starts the engine in the background and a table opened later is
// interactive at once.
//
// Routes (hash):  #/  lobby · #/new/<game> · #/table/<id> · #/verify[?r=<record>]
//                 #/replay/<id> · #/replay?r=<record> · #/review/<id> · #/review?r=<record> · #/guide · #/howto/<game> · #/games
//                 #/story?s=<story> · #/story/<id> · #/story?r=<record> · #/story (a story's file)
//                 #/host/<game> · #/join?… · #/days/<id> (a table over days on this device)
// A page module exports mount(el, params, ctx) → unmount function, where
//   params = {route, arg, id, game, query: {k: v}, r}   (arg = the segment after the route name)
//   ctx    = {engine, navigate(hash, {replace})}
//
// Test-only URL parameters (never linked from the UI): on #/table/<id> (and passed on from #/new/<game>),
//   ?timer=<seconds> replaces every decision's timer, ?botdelay=<ms> the pause before a bot moves.

import { t, getLang, setLang, onLangChange, translateTree } from "../lib/i18n.js";
import "../lib/strings/shell.js";
import { isMuted, toggleMute, onMuteChange, warmAudio } from "./sound.js";
import { h } from "../lib/dom.js";
import { siteKey, siteKeyLabel } from "../lib/keymap.js";
import { messagePage } from "./table/live.js";
import { warmRenderers } from "../games/index.js";
import { migrateLegacySaves } from "./storage.js";
import { refreshWaiting, onWaitingChange, titleWith, backgroundChecks } from "./turns.js";
import { hostsDays, listHostedTurns } from "./days/hosted.js";
import { joinsDays } from "./days/joinedlist.js";

/** How long after the engine is up the page starts warming the table pages and boards. */
const WARM_AFTER_MS = 1500;

const PAGES = {
  "": () => import("./pages/lobby.js"),
  new: () => import("./pages/newtable.js"),
  table: () => import("./pages/table.js"),
  verify: () => import("./pages/verify.js"),
  replay: () => import("./pages/replay.js"),
  review: () => import("./pages/review.js"),
  story: () => import("./pages/story.js"),
  guide: () => import("./pages/guide.js"),
  howto: () => import("./pages/howto.js"),
  games: () => import("./pages/games.js"),
  host: () => import("./pages/host.js"),
  join: () => import("./pages/join.js"),
  days: () => import("./pages/days.js"),
};
// Routes that need a segment after the name, and those that must not have one.
const NEEDS_ARG = new Set(["new", "table", "howto", "host", "days"]);
const NO_ARG = new Set(["", "verify", "guide", "join", "games"]);

const app = document.getElementById("app");
let unmount = null;
let generation = 0;

const vt = (window.__vt = {
  engine: null,
  ready: null,
  route: null,
  navigate,
});

/** Parse "#/table/abc?timer=3" → {route: "table", arg: "abc", query: {timer: "3"}}; null when odd. */
export function parseHash(hash) {
  let h = (hash || "").replace(/^#/, "");
  if (h === "" || h === "/") return { route: "", arg: null, query: {} };
  if (!h.startsWith("/")) return null;
  const q = h.indexOf("?");
  const path = q >= 0 ? h.slice(1, q) : h.slice(1);
  const query = {};
  if (q >= 0) {
    for (const [k, v] of new URLSearchParams(h.slice(q + 1))) query[k] = v;
  }
  const parts = path.split("/").filter((p, i, all) => p !== "" || i < all.length - 1);
  if (parts.length > 2 || parts.some((p) => p === "")) return null;
  const [route, arg = null] = parts;
  if (!(route in PAGES)) return null;
  if (NEEDS_ARG.has(route) && !arg) return null;
  if (NO_ARG.has(route) && arg) return null;
  let decoded = arg;
  try {
    decoded = arg === null ? null : decodeURIComponent(arg);
  } catch (_) {
    return null;
  }
  return { route, arg: decoded, query };
}

/**
 * Go to `hash`. With `replace` the current page's history step is replaced, not followed: after a
 * form that made something (New table → the table), Back goes where the person came from, and no
 * history step shows the form again ready to make a second one.
 */
export function navigate(hash, { replace = false } = {}) {
  if (location.hash === hash) route();
  else if (replace) location.replace(hash);
  else location.hash = hash;
}

async function loadEngine() {
  try {
    const mod = await import("../engine.js");
    const eng = mod.getEngine();
    // The offline cache fills after the engine is up, so it never competes with the first start.
    if (typeof mod.registerServiceWorker === "function") {
      Promise.resolve(eng.ready).then(() => mod.registerServiceWorker(), () => {});
    }
    // Then, in idle time, the boards get ready too, so Start shows a table at once.
    // Not at once: a deep link to a table is drawing its own board right then.
    Promise.resolve(eng.ready).then(() => setTimeout(() => {
      warmAudio();
      Promise.all([PAGES.new(), PAGES.table()]).then(() => warmRenderers(eng), () => {});
    }, WARM_AFTER_MS), () => {});
    return eng;
  } catch (e) {
    console.error("engine module failed to load", e);
    const err = new Error(t("shell.engineMissing"));
    const ready = Promise.reject(err);
    ready.catch(() => {});
    return {
      ready,
      state: "failed",
      _dead: err.message,
      onProgress() { return () => {}; },
      onState() { return () => {}; },
      restart() { location.reload(); return ready; },
      call() { return Promise.reject(err); },
      failed: true,
    };
  }
}

let enginePromise = null;
function engine() {
  if (!enginePromise) {
    enginePromise = loadEngine().then((eng) => {
      vt.engine = eng;
      migrateLegacySaves(eng).then(() => refreshWaiting());
      // This device hosts tables over days: on every page its dealer takes their moves (web/app/days/dealer.js).
      if (hostsDays()) {
        import("./days/dealer.js").then((m) => m.dealerOf(eng).start()).catch((e) => console.warn("days: the dealer did not start", e));
      }
      // This device joined tables over days: on every page their mail is read (web/app/days/joined.js).
      if (joinsDays()) {
        import("./days/joined.js").then((m) => m.follow(eng)).catch((e) => console.warn("days: the tables joined are not followed", e));
      }
      return eng;
    });
    vt.ready = enginePromise.then((eng) => eng.ready);
    vt.ready.catch(() => {});
  }
  return enginePromise;
}

async function route() {
  const gen = ++generation;
  const parsed = parseHash(location.hash);
  if (unmount) {
    try { unmount(); } catch (e) { console.error(e); }
    unmount = null;
  }
  document.documentElement.classList.remove("deep");
  delete document.body.dataset.state;
  vt.route = parsed;
  if (!parsed) {
    messagePage(app, { title: t("shell.badLinkTitle"), body: t("shell.badLinkBody"), detail: location.hash });
    return;
  }
  document.body.dataset.route = parsed.route || "lobby";
  const eng = await engine();
  let mod;
  try {
    mod = await PAGES[parsed.route]();
  } catch (e) {
    console.error(e);
    if (gen !== generation) return;
    messagePage(app, { title: t("shell.pageMissingTitle"), body: t("shell.pageMissingBody") });
    return;
  }
  if (gen !== generation) return;
  const params = {
    route: parsed.route, arg: parsed.arg, id: parsed.arg, game: parsed.arg,
    query: parsed.query, r: parsed.query.r ?? null,
  };
  try {
    const un = mod.mount(app, params, { engine: eng, navigate });
    unmount = typeof un === "function" ? un : null;
  } catch (e) {
    console.error(e);
    messagePage(app, { title: t("shell.pageErrorTitle"), body: t("shell.pageErrorBody"), detail: String(e.message || e) });
  }
  if (parsed.route !== "table") window.scrollTo(0, 0);
  // After a navigation, keyboard and screen-reader users start at the new page (unless it placed focus).
  if (!app.contains(document.activeElement) && document.activeElement !== document.body) app.focus({ preventScroll: true });
  else if (document.activeElement === document.body && location.hash) app.focus({ preventScroll: true });
}

function wireHeader() {
  const header = document.querySelector(".site-header");
  const langButtons = header.querySelectorAll("[data-lang]");
  const muteButton = header.querySelector("#mute");
  const paint = () => {
    for (const part of document.querySelectorAll(".skip-link, .site-header, .site-footer")) {
      if (part.matches("[data-i18n]")) part.textContent = t(part.dataset.i18n);
      translateTree(part);
    }
    document.title = titleWith(t("shell.siteName"));
    for (const b of langButtons) b.setAttribute("aria-pressed", String(b.dataset.lang === getLang()));
    const m = isMuted();
    muteButton.setAttribute("aria-pressed", String(m));
    muteButton.querySelector(".label").textContent = m ? t("shell.soundOff") : t("shell.soundOn");
    muteButton.title = t("shell.muteHint", { key: siteKeyLabel("sound") });
    muteButton.classList.toggle("is-muted", m);
  };
  for (const b of langButtons) b.addEventListener("click", () => setLang(b.dataset.lang));
  muteButton.addEventListener("click", toggleMute);
  onLangChange(paint);
  onMuteChange(paint);
  onWaitingChange(paint);
  paint();
}

function typingIn(target) {
  return target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}

// The page's own keys (web/lib/keymap.js): no game uses them, so a board never has them first.
window.addEventListener("keydown", (e) => {
  if (e.defaultPrevented || typingIn(e.target)) return;
  if (siteKey(e) === "sound") {
    toggleMute();
    e.preventDefault();
  }
});

// A new build is installed and waiting (web/sw.js): offer it, and let the person pick the moment.
window.addEventListener("vt:update-ready", () => {
  if (document.querySelector(".update-banner")) return;
  const banner = h("div.update-banner", { role: "status" },
    h("span", t("shell.updateReady")),
    h("button.button.small.primary", {
      type: "button",
      onclick: async () => (await import("../engine.js")).applyUpdate(),
    }, t("shell.updateReload")),
    h("button.button.small.ghost", { type: "button", onclick: () => banner.remove() }, t("shell.updateLater")));
  document.body.append(banner);
});

window.addEventListener("hashchange", route);
window.addEventListener("vt:tables-changed", () => refreshWaiting());
if (hostsDays()) listHostedTurns();
wireHeader();
engine();
// The service worker's check while no page is open follows the notices' switch (turns.js); the site
// may have been installed since the switch was turned on, so it is asked again on every load.
if (navigator.serviceWorker) navigator.serviceWorker.ready.then(() => backgroundChecks());
route();
