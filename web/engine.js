// The page's door to the rules engine (py_engine running in Pyodide inside web/worker.js).
//
//   import { getEngine, registerServiceWorker } from "../engine.js";
//   const engine = getEngine();             // first call starts the worker; later calls share it
//   engine.onProgress((fraction, label) => …);  // 0..1; label "download" | "start" | "engine" | "ready"
//   await engine.ready;                     // {pyodide, python, engine, build, timings}
//   const snap = await engine.call("new_table", {game: "elderwood", seats: [...]});
//
// call() may be used before ready: requests are queued and answered in the order made.
// A refused request rejects with an Error whose .kind is the bridge's kind ("illegal",
// "bad-record", "bad-request") or, from this layer, "startup" (the engine could not start),
// "worker" (the worker died), "internal" (an engine bug; see the console).

let singleton = null;

class Engine {
  constructor(workerURL) {
    this._pending = new Map();
    this._nextId = 1;
    this._listeners = new Set();
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
    this._worker = new Worker(workerURL, { type: "module", name: "valley-tables-engine" });
    this._worker.addEventListener("message", (e) => this._onMessage(e.data));
    this._worker.addEventListener("error", (e) => {
      this._die(`the engine worker failed: ${e.message || "could not load web/worker.js"}`);
    });
    this._worker.addEventListener("messageerror", () => this._die("the engine sent an unreadable message"));
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
    if (this._dead) return Promise.reject(this._error(this._dead, "worker"));
    const id = this._nextId++;
    return new Promise((resolve, reject) => {
      this._pending.set(id, { resolve, reject, cmd });
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
      this.progress = { fraction: msg.fraction, label: msg.label, done: msg.done, total: msg.total };
      for (const fn of this._listeners) {
        try { fn(msg.fraction, msg.label, this.progress); } catch (e) { console.error(e); }
      }
      return;
    }
    if (msg.type === "ready") {
      this.info = { ...msg.info, readyAt: performance.now() - this.startedAt };
      this._resolveReady(this.info);
      return;
    }
    if (msg.type === "failed") {
      this._rejectReady(this._error(`the engine could not start: ${msg.error}`, "startup"));
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

  _die(message) {
    if (this._dead) return;
    this._dead = message;
    this._rejectReady(this._error(message, "startup"));
    for (const { reject } of this._pending.values()) reject(this._error(message, "worker"));
    this._pending.clear();
  }
}

/** The one engine of this page; the first call starts its worker. */
export function getEngine() {
  if (!singleton) singleton = new Engine(new URL("./worker.js", import.meta.url));
  return singleton;
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
    return await navigator.serviceWorker.register(url, { scope: new URL("../", import.meta.url).pathname,
                                                           updateViaCache: "none" });
  } catch (e) {
    console.warn("offline mode unavailable:", e);
    return null;
  }
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
