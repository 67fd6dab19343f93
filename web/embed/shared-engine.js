// One rules engine for every embed on a page. Python in a worker costs seconds of start-up and
// tens of MB: three frames each starting their own took 15–17 s to show a board, and one could
// stay empty. Here the frames of one origin (and one top-level page, for the browser's storage
// partition) agree who leads with a Web Lock; the leader runs the engine (web/engine.js), and the
// others send it their requests over a BroadcastChannel. When the leader's frame goes away, its
// lock passes to the next frame in line, which starts an engine and takes over; requests still
// unanswered are sent again to the new leader.
//
//   import { getSharedEngine } from "./shared-engine.js";
//   const engine = getSharedEngine();   // the same API as web/engine.js's getEngine():
//   engine.ready, engine.call(cmd, args), engine.onProgress(fn), engine.state, engine.onState(fn),
//   engine.restart(), engine.progress, engine.leader (true in the frame running Python)
//
// A new leader has none of the old engine's open replays or lessons: callers that hold an id
// from it see "no such replay"/"no such lesson" (kind "bad-request") and open it again
// (web/embed/viewer.js does). Without Web Locks or BroadcastChannel each frame simply runs its
// own engine.

// Not "../engine.js": in embed.html that address is this module's own stand-in (the page's import
// map sends it to ./engine-for-embeds.js); "?own" is the real one.
import { getEngine } from "../engine.js?own";

const LOCK = "valley-tables-embed-engine";
const CHANNEL = "valley-tables-embed-engine";

let singleton = null;

function makeError(message, kind, words) {
  const err = new Error(message);
  err.kind = kind;
  if (words) err.words = words;
  return err;
}

class SharedEngine {
  constructor() {
    this.me = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
    this.leader = false;
    this.local = null;               // the real engine, once this frame leads
    this._state = "starting";
    this._dead = null;
    this.progress = { fraction: 0, label: "download", done: 0, total: 0 };
    this._progressFns = new Set();
    this._stateFns = new Set();
    this._pending = new Map();       // id -> {cmd, args, resolve, reject}
    this._nextId = 1;
    this._seen = new Set();          // leader: requests already taken (a request may arrive twice)
    this.ready = new Promise((resolve, reject) => { this._resolveReady = resolve; this._rejectReady = reject; });
    this.ready.catch(() => {});
    this.channel = new BroadcastChannel(CHANNEL);
    this.channel.onmessage = (e) => this._onMessage(e.data);
    // Queue for the lead: granted at once to the first frame, later to the next when it goes.
    navigator.locks.request(LOCK, () => this._lead()).catch((e) => {
      console.warn("no shared engine (Web Locks refused); this frame runs its own", e);
      this._lead();
    });
    // Ask whoever leads already for the engine's state (a leader that is up answers at once).
    this.channel.postMessage({ type: "hello", from: this.me });
  }

  get state() { return this._state; }

  onProgress(fn) {
    this._progressFns.add(fn);
    const p = this.progress;
    try { fn(p.fraction, p.label, p); } catch (e) { console.error(e); }
    return () => this._progressFns.delete(fn);
  }

  onState(fn) {
    this._stateFns.add(fn);
    return () => this._stateFns.delete(fn);
  }

  _setProgress(p) {
    this.progress = p;
    for (const fn of this._progressFns) {
      try { fn(p.fraction, p.label, p); } catch (e) { console.error(e); }
    }
  }

  _setState(state, dead = null, force = false) {
    if (!force && state === this._state && dead === this._dead) return;
    this._state = state;
    this._dead = dead;
    if (state === "ready") {
      performance.mark("vt:engine-ready");
      this._resolveReady(true);
    }
    if (state === "failed") this._rejectReady(makeError(dead || "the engine could not start", "startup"));
    for (const fn of this._stateFns) {
      try { fn(state, dead); } catch (e) { console.error(e); }
    }
  }

  call(cmd, args = {}) {
    if (this.leader) return this._exec(cmd, args);
    const id = this._nextId++;
    return new Promise((resolve, reject) => {
      this._pending.set(id, { cmd, args, resolve, reject });
      this._send(id);
    });
  }

  _send(id) {
    const p = this._pending.get(id);
    if (!p) return;
    try {
      this.channel.postMessage({ type: "call", from: this.me, id, cmd: p.cmd, args: p.args });
    } catch (e) {
      this._pending.delete(id);
      p.reject(makeError(`cannot send ${p.cmd}: ${e.message}`, "bad-request"));
    }
  }

  /**
   * Leader: run one request. Frames that show the same record (a walkthrough at several moves)
   * share one open replay: the engine replays a record once (open_replay costs 0.1–0.8 s), and
   * the replay is closed when the last frame using it closes it.
   */
  _exec(cmd, args) {
    if (cmd === "open_replay" && typeof args.text === "string") {
      let entry = this._opened.get(args.text);
      if (!entry) {
        entry = { users: 0, answer: this.local.call(cmd, args) };
        this._opened.set(args.text, entry);
        entry.answer.then((r) => this._byId.set(r.replay, args.text), () => this._opened.delete(args.text));
      }
      entry.users += 1;
      return entry.answer;
    }
    if (cmd === "close" && typeof args.replay === "string" && this._byId.has(args.replay)) {
      const text = this._byId.get(args.replay);
      const entry = this._opened.get(text);
      if (entry && --entry.users > 0) return Promise.resolve(true);
      this._opened.delete(text);
      this._byId.delete(args.replay);
    }
    return this.local.call(cmd, args);
  }

  restart() {
    if (this.leader) return this.local.restart();
    this.channel.postMessage({ type: "restart", from: this.me });
    return this.ready;
  }

  /** This frame leads: run the engine, answer the others, and hold the lock while the frame lives. */
  async _lead() {
    this.leader = true;
    const engine = getEngine();
    this.local = engine;
    this._opened = new Map();        // record text -> {users, answer}: open replays, shared
    this._byId = new Map();          // replay id -> record text
    engine.onState((state) => { // a restarted engine has forgotten them
      if (state !== "ready") { this._opened.clear(); this._byId.clear(); }
    });
    engine.onProgress((fraction, label, p) => {
      this._setProgress(p || { fraction, label });
      this.channel.postMessage({ type: "progress", progress: this.progress });
    });
    engine.onState((state, dead) => this._announce(state, dead));
    this._announce(engine.state, engine._dead || null);
    // What was waiting for the old leader is this engine's work now.
    for (const [id, p] of this._pending) {
      this._pending.delete(id);
      this._exec(p.cmd, p.args).then(p.resolve, p.reject);
    }
    await new Promise(() => {}); // never resolves: the lock is released when this frame goes away
  }

  _announce(state, dead) {
    this._setState(state, dead, true); // listeners also learn that this frame now leads
    this.channel.postMessage({ type: "leader", from: this.me, state, dead, progress: this.progress });
  }

  _onMessage(msg) {
    if (!msg || typeof msg !== "object") return;
    if (this.leader) {
      if (msg.type === "hello") {
        this.channel.postMessage({ type: "leader", from: this.me, state: this.local.state,
                                   dead: this.local._dead || null, progress: this.progress });
      } else if (msg.type === "call") {
        const key = `${msg.from}/${msg.id}`;
        if (this._seen.has(key)) return;
        this._seen.add(key);
        this._exec(msg.cmd, msg.args || {}).then(
          (result) => this.channel.postMessage({ type: "answer", to: msg.from, id: msg.id, ok: true, result }),
          (e) => this.channel.postMessage({ type: "answer", to: msg.from, id: msg.id, ok: false,
                                            error: e.message, kind: e.kind, words: e.words }),
        );
      } else if (msg.type === "restart") {
        this.local.restart();
      }
      return;
    }
    if (msg.type === "leader") {
      const fresh = msg.from !== this.leaderId;
      this.leaderId = msg.from;
      if (msg.progress) this._setProgress(msg.progress);
      this._setState(msg.state, msg.dead);
      // A new leader (or the first one heard of): whatever it may not have received, send again.
      if (fresh) for (const id of this._pending.keys()) this._send(id);
    } else if (msg.type === "progress") {
      this._setProgress(msg.progress);
    } else if (msg.type === "answer" && msg.to === this.me) {
      const p = this._pending.get(msg.id);
      if (!p) return;
      this._pending.delete(msg.id);
      if (msg.ok) p.resolve(msg.result);
      else p.reject(makeError(msg.error, msg.kind || "internal", msg.words));
    }
  }
}

/** The page's engine for embeds: shared between the frames of a page when the browser allows. */
export function getSharedEngine() {
  if (singleton) return singleton;
  const can = typeof BroadcastChannel === "function" && typeof navigator !== "undefined" && navigator.locks
    && typeof navigator.locks.request === "function";
  singleton = can ? new SharedEngine() : getEngine();
  return singleton;
}

// embed.html starts the shared engine while it is still parsing, before its own modules load:
//   <script type="module" async src="web/embed/shared-engine.js" data-start-shared-engine></script>
if (typeof document !== "undefined" && document.querySelector("script[data-start-shared-engine]")) getSharedEngine();
