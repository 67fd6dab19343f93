// The page's door to the rules engine (py_engine running in Pyodide inside web/worker.js).
//
//   import { getEngine, registerServiceWorker } from "../engine.js";
//   const engine = getEngine();             // first call starts the worker; later calls share it
//   engine.onProgress((fraction, label) => …);  // 0..1; label "download" | "start" | "engine" | "ready"
//   await engine.ready;                     // {pyodide, python, engine, build, timings}
//   const snap = await engine.call("new_table", {game: "elderwood", seats: [...]});
//   const spare = spareEngine();            // a second worker (null with one core); spare.terminate() after
//
// call() may be used before ready: requests are queued and answered in the order made.
// A refused request rejects with an Error whose .kind is the bridge's kind ("illegal",
// "bad-record", "bad-request") or, from this layer, "startup" (the engine could not start),
// "worker" (the worker died), "stalled" (a download or an answer overdue: the watchdog),
// "internal" (an engine bug; see the console). engine.state / engine.onState(fn) follow it;
// engine.restart() starts a fresh worker (the "Try again" of the pages).

let singleton = null;

/** How long an answer may take once the engine is up (a bot move takes well under a second). */
const ANSWER_MS = 60_000;
/** Verifying a long game replays it all: more time. */
const SLOW_COMMANDS = { verify: 300_000, open_replay: 120_000, load_table: 120_000 };
/** A startup whose progress has not moved for this long has stalled (a download hanging). */
const STALL_MS = 45_000;

class Engine {
  constructor(workerURL, name = "valley-tables-engine") {
    this._workerURL = workerURL;
    this.name = name;
    this._pending = new Map();
    this._nextId = 1;
    this._listeners = new Set();
    this._stateListeners = new Set();
    this.bounds = { answer: ANSWER_MS, stall: STALL_MS };
    this._start();
  }

  /**
   * "starting" | "ready" | "failed": failed covers a worker that died, a startup that failed
   * or stalled, and a request left unanswered past its bound. restart() starts afresh.
   */
  get state() { return this._state; }

  /** Listen to state changes (fn(state, error)); returns an unsubscribe function. */
  onState(fn) {
    this._stateListeners.add(fn);
    return () => this._stateListeners.delete(fn);
  }

  /** Tests only: shorter bounds, so a dead engine is noticed in seconds. */
  setBounds({ answer, stall } = {}) {
    if (answer > 0) this.bounds.answer = answer;
    if (stall > 0) this.bounds.stall = stall;
  }

  _start() {
    this._dead = null;
    this._state = "starting";
    /** Latest progress: {fraction, label, done, total} (bytes done/total while downloading). */
    this.progress = { fraction: 0, label: "download", done: 0, total: 0 };
    /** Set once ready: versions, build id and startup timings (ms since the worker started). */
    this.info = null;
    this.startedAt = performance.now();
    this.ready = new Promise((resolve, reject) => {
      this._resolveReady = resolve;
      this._rejectReady = reject;
    });
    this.ready.catch(() => {}); // callers that only use call() still see the error there
    const worker = new Worker(this._workerURL, { type: "module", name: this.name });
    this._worker = worker;
    worker.addEventListener("message", (e) => { if (this._worker === worker) this._onMessage(e.data); });
    worker.addEventListener("error", (e) => {
      if (this._worker === worker) this._die(`the engine worker failed: ${e.message || "could not load web/worker.js"}`);
    });
    worker.addEventListener("messageerror", () => {
      if (this._worker === worker) this._die("the engine sent an unreadable message");
    });
    this._lastProgressAt = performance.now();
    clearInterval(this._watch);
    this._watch = setInterval(() => this._check(), 1000);
    this._emitState();
  }

  /** Stop the current worker and start a new one (after a failure: the "Try again" button). */
  restart() {
    const old = this._worker;
    this._worker = null;
    try { old.terminate(); } catch (_) { /* already gone */ }
    this._die("the engine was restarted");
    this._start();
    return this.ready;
  }

  _emitState() {
    for (const fn of this._stateListeners) {
      try { fn(this._state, this._dead); } catch (e) { console.error(e); }
    }
  }

  /** The watchdog: a stalled startup, or an answer overdue, ends in a clear failure. */
  _check() {
    if (this._dead) return;
    const now = performance.now();
    if (this._state === "starting" && now - this._lastProgressAt > this.bounds.stall) {
      this._die(`the rules engine's download stalled (nothing arrived for ${Math.round(this.bounds.stall / 1000)} s)`,
        "stalled");
      return;
    }
    if (this._state !== "ready") return;
    for (const p of this._pending.values()) {
      const bound = SLOW_COMMANDS[p.cmd] ?? this.bounds.answer;
      if (now - Math.max(p.sent, this._readyAt) > bound) {
        this._die(`the rules engine stopped answering (${p.cmd}, ${Math.round(bound / 1000)} s)`, "stalled");
        return;
      }
    }
  }

  /** Listen to startup progress; called at once with the current value. Returns an unsubscribe function. */
  onProgress(fn) {
    this._listeners.add(fn);
    const p = this.progress;
    try { fn(p.fraction, p.label, p); } catch (e) { console.error(e); }
    return () => this._listeners.delete(fn);
  }

  /** Run one bridge command (see py_engine/bridge.py); resolves with its result. */
  call(cmd, args = {}) {
    if (this._dead) return Promise.reject(this._error(this._dead, this._deadKind || "worker"));
    const id = this._nextId++;
    return new Promise((resolve, reject) => {
      this._pending.set(id, { resolve, reject, cmd, sent: performance.now() });
      try {
        this._worker.postMessage({ id, cmd, args });
      } catch (e) { // args that cannot be cloned (a function, a DOM node…)
        this._pending.delete(id);
        reject(this._error(`cannot send ${cmd}: ${e.message}`, "bad-request"));
      }
    });
  }

  /** Stop the worker (tests, or a page that wants the memory back). getEngine() then starts a new one. */
  terminate() {
    this._worker.terminate();
    this._die("the engine was stopped");
    clearInterval(this._watch);
    if (singleton === this) singleton = null;
  }

  _error(message, kind) {
    const err = new Error(message);
    err.kind = kind;
    return err;
  }

  _onMessage(msg) {
    if (!msg || typeof msg !== "object") return;
    if (msg.type === "progress") {
      this._lastProgressAt = performance.now();
      this.progress = { fraction: msg.fraction, label: msg.label, done: msg.done, total: msg.total };
      for (const fn of this._listeners) {
        try { fn(msg.fraction, msg.label, this.progress); } catch (e) { console.error(e); }
      }
      return;
    }
    if (msg.type === "ready") {
      this.info = { ...msg.info, readyAt: performance.now() - this.startedAt };
      this._readyAt = performance.now();
      this._state = "ready";
      this._resolveReady(this.info);
      this._emitState();
      return;
    }
    if (msg.type === "failed") {
      this._die(`the engine could not start: ${msg.error}`, "startup");
      return;
    }
    const waiting = this._pending.get(msg.id);
    if (!waiting) return;
    this._pending.delete(msg.id);
    if (msg.ok) waiting.resolve(msg.result);
    else {
      const err = this._error(msg.error, msg.kind || "internal");
      if (msg.words) err.words = msg.words; // the message in every page language, when the engine has it
      waiting.reject(err);
    }
  }

  _die(message, kind = "worker") {
    if (this._dead) return;
    this._dead = message;
    this._deadKind = kind;
    this._state = "failed";
    this._rejectReady(this._error(message, kind === "worker" ? "startup" : kind));
    for (const { reject } of this._pending.values()) reject(this._error(message, kind));
    this._pending.clear();
    this._emitState();
  }
}

/** The one engine of this page; the first call starts its worker. */
export function getEngine() {
  if (!singleton) singleton = new Engine(new URL("./worker.js", import.meta.url));
  return singleton;
}

/**
 * A second engine in its own worker, for work that splits (a review's decisions) on a device with
 * more than one core. It holds no tables and writes no saves; the caller terminate()s it when done,
 * since each engine keeps a whole Python in memory. null on a device with one core.
 */
export function spareEngine() {
  if ((navigator.hardwareConcurrency || 1) < 2) return null;
  return new Engine(new URL("./worker.js", import.meta.url), "valley-tables-engine-2");
}

/**
 * Register the offline service worker (the built site's /sw.js). Call once per page load;
 * resolves with the registration, or null where service workers are unavailable (file://,
 * some private modes) — the site then simply works online only.
 *
 * It waits for the page's load event and, if the engine was started, for the engine to be
 * ready (or to fail): on a first visit the worker's install then re-validates files the
 * engine has just downloaded (cheap 304s) instead of racing it for the same 13 MB.
 */
export async function registerServiceWorker() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return null;
  if (document.readyState !== "complete") {
    await new Promise((resolve) => window.addEventListener("load", resolve, { once: true }));
  }
  if (singleton) await singleton.ready.catch(() => {});
  const url = new URL("../sw.js", import.meta.url);
  navigator.serviceWorker.addEventListener("message", (e) => {
    if (e.data?.type === "vt-sw-error") console.warn(`offline cache not ready: ${e.data.error}`);
  });
  try {
    const registration = await navigator.serviceWorker.register(url, { scope: new URL("../", import.meta.url).pathname,
                                                                       updateViaCache: "none" });
    watchForUpdates(registration);
    return registration;
  } catch (e) {
    console.warn("offline mode unavailable:", e);
    return null;
  }
}

/**
 * A new build that has finished installing while this page runs the old one waits (sw.js). Tell
 * the page ("vt:update-ready"); applyUpdate() then lets it take over and reloads once it has.
 */
function watchForUpdates(registration) {
  const announce = () => {
    if (registration.waiting && navigator.serviceWorker.controller) {
      window.dispatchEvent(new CustomEvent("vt:update-ready"));
    }
  };
  announce();
  registration.addEventListener("updatefound", () => {
    const fresh = registration.installing;
    if (!fresh) return;
    fresh.addEventListener("statechange", () => { if (fresh.state === "installed") announce(); });
  });
  updateRegistration = registration;
}

let updateRegistration = null;

/** Switch to the new build that is waiting: it takes over, and the page reloads under it. */
export function applyUpdate() {
  const waiting = updateRegistration && updateRegistration.waiting;
  if (!waiting) {
    location.reload();
    return;
  }
  navigator.serviceWorker.addEventListener("controllerchange", () => location.reload(), { once: true });
  waiting.postMessage({ type: "vt-sw-skip-waiting" });
  // The browser activates the new build once the old worker is idle; should that take long,
  // reload anyway: the page comes back under whichever build is then in charge.
  setTimeout(() => location.reload(), 8000);
}

/**
 * Ask the active service worker what it has cached: {build, cached, expected, complete}
 * (complete: everything for offline use is stored). null without a controlling worker.
 */
export function offlineStatus(timeoutMs = 2000) {
  const sw = navigator.serviceWorker?.controller;
  if (!sw) return Promise.resolve(null);
  return new Promise((resolve) => {
    const timer = setTimeout(() => { navigator.serviceWorker.removeEventListener("message", onMsg); resolve(null); },
                             timeoutMs);
    function onMsg(e) {
      if (e.data?.type !== "vt-sw-status") return;
      clearTimeout(timer);
      navigator.serviceWorker.removeEventListener("message", onMsg);
      resolve(e.data);
    }
    navigator.serviceWorker.addEventListener("message", onMsg);
    sw.postMessage({ type: "vt-sw-status" });
  });
}

// A page can start the engine while it is still parsing, before its own modules load:
//   <script type="module" async src="web/engine.js" data-start-engine></script>
// (async module scripts run as soon as they arrive). The page's later import of this same
// URL gets this same module, so getEngine() then returns the engine already starting.
if (typeof document !== "undefined" && document.querySelector("script[data-start-engine]")) getEngine();
