// Host's tables with no page of their own (web/app/live/hostcore.js), for tests/browser/test_host_core.py.
//
// Two HostCores run in this one page, on one engine and one store (in this page's memory), each
// with a transport in memory to scripted guests' pages: every message a core sends is the real
// protocol's text (protocol.js), read strictly on arrival, one task later, in order. A guest's page
// joins with its commitment, reveals against the terms, plays random legal moves for its own seat
// (resigning after some), and at the end has the engine verify the record held to what it was
// promised and shown (its witness), as a guest's page does. The host's own seat is played from the
// core's "snapshot" events. The tables' clock is a number that moves only when a guest stays silent
// (table A: the table then plays that seat's timer move). Table B's host "reloads" mid-game: its
// core is dropped and another takes the table up from the store. Table C is over days (the
// engine's clock, `at` with every call, DaysClocks): the host's person stops playing, nothing is
// played behind their back, and the guest claims the game off its turn once the time has run
// out. Nothing here touches the document once the cores exist; the test reads window.__hc.

import { getEngine } from "/web/engine.js";
import { HostCore } from "/web/app/live/hostcore.js";
import { DaysClocks } from "/web/app/live/hostclocks.js";
import { message, read } from "/web/app/live/protocol.js";
import { drawContribution } from "/web/app/live/common.js";
import { mergeShown } from "/web/app/live/checks.js";
import { sha256Hex } from "/web/lib/sha256.js";
import { memoryStore } from "./memstore.js";

const engine = getEngine();
const HEX64 = /^[0-9a-f]{64}$/;
/** The tables' clock (ms): it moves only when the test moves it. */
const clock = { now: Date.UTC(2030, 0, 7, 9, 0, 0) };
const EVENTS = ["change", "snapshot", "note", "arrived", "left", "stranger", "handedOver", "kept", "playing", "ended",
  "hint", "chat", "transport"];

window.__hc = { done: false, error: null, result: null, progress: [] };
const say = (what) => window.__hc.progress.push(what);

function until(test, what, ms = 120_000) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const tick = () => {
      let v;
      try {
        v = test();
      } catch (e) {
        reject(e);
        return;
      }
      if (v) resolve(v);
      else if (performance.now() - t0 > ms) reject(new Error(`waited too long for ${what}`));
      else setTimeout(tick, 20);
    };
    tick();
  });
}

/** A deterministic choice from a list (xorshift32). */
function chooser(seed) {
  let x = seed >>> 0 || 1;
  return (list) => {
    x ^= x << 13; x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5; x >>>= 0;
    return list[x % list.length];
  };
}

const complete = (log) => log.filter((e) => !e.draft);

/** The network between one core and its guests' pages (`pages`: seat, or "w<n>" for a spectator → page). */
class MemoryTransport {
  constructor(core, pages) {
    this.core = core;
    this.pages = pages;
    this.kind = "memory";
    this.lasting = true;
    this.sessions = 0;
  }

  prepare() {}

  async invite(g) {
    const page = this.pages.get(g.watcher ? `w${g.watcher}` : g.seat);
    // Open (and here) from the guest's first message on, as a link is once its session is agreed.
    const ch = {
      joins: true,
      incremental: true,
      open: false,
      here: false,
      closed: false,
      session: ++this.sessions,
      send: (text) => {
        if (ch.open) setTimeout(() => page.receive(text, ch));
        return ch.open;
      },
      close: () => { ch.closed = true; ch.open = false; ch.here = false; },
    };
    g.channel = ch;
    g.state = "inviting";
    g.invite = { link: `memory:${g.watcher ? `w${g.watcher}` : g.seat}` };
    page.connect((text) => setTimeout(() => {
      if (ch.closed) return;
      ch.open = ch.here = true;
      this.core.received(g, ch, text);
    }), ch);
  }

  drop(g) {
    if (g.channel) g.channel.close();
    g.channel = null;
  }

  close() {}
}

/** A guest's page, scripted: what it is sent, what it sends back, and its check at the end. */
class GuestPage {
  static async make(fields) {
    const page = new GuestPage(fields);
    page.commitment = page.seat === null ? null : await sha256Hex(page.contribution);
    return page;
  }

  constructor({ seat, name, plan = {} }) {
    this.seat = seat;
    this.name = name;
    this.plan = plan;
    this.pick = chooser(plan.seed || 1);
    this.contribution = drawContribution();
    this.shown = [];
    this.chain = [];
    this.log = null;
    this.viewers = new Set();
    this.counts = { sessions: 0, whole: 0, incremental: 0, welcome: 0, terms: 0, played: 0 };
    this.refused = [];
    this.errors = [];
    this.verdict = null;
  }

  connect(send, ch) {
    this.ch = ch;
    this.toHost = send;
    this.log = null;
    // A move sent on the session before may never have arrived: the page asks again, as a person would.
    this.asked = null;
    this.counts.sessions += 1;
    this.send("join", { name: this.name, commitment: this.commitment });
  }

  send(type, fields) {
    this.toHost(message(type, fields));
  }

  receive(text, ch) {
    if (ch !== this.ch) return;
    const got = read(text, "host");
    if (!got.ok) {
      this.errors.push(`unreadable: ${got.why}`);
      return;
    }
    const msg = got.msg;
    if (msg.type === "welcome") {
      this.counts.welcome += 1;
      if (msg.seat !== this.seat) this.errors.push(`welcomed to seat ${msg.seat}`);
      this.host = msg.host;
    } else if (msg.type === "commitments") {
      this.counts.terms += 1;
      if (this.terms && JSON.stringify(this.terms) !== JSON.stringify(msg.terms)) this.errors.push("other terms");
      this.terms ??= msg.terms;
      if (this.seat !== null) this.send("reveal", { contribution: this.contribution });
    } else if (msg.type === "snapshot") {
      this.snapshot(msg.snap);
    } else if (msg.type === "refused") {
      this.refused.push(msg.note);
      this.asked = null;
    } else {
      this.errors.push(`unexpected ${msg.type}`);
    }
  }

  snapshot(snap) {
    this.viewers.add(String(snap.viewer));
    if (snap.viewer !== this.seat) {
      this.errors.push(`a snapshot of viewer ${snap.viewer}`);
      return;
    }
    if (snap.log_from === undefined) {
      this.counts.whole += 1;
      (this.wholes ||= []).push([this.counts.sessions, snap.log.length, this.log ? this.log.length : null]);
      this.log = snap.log;
    } else {
      if (!this.log || snap.log_from > this.log.length) {
        this.errors.push("a part of the log before the whole");
        return;
      }
      this.counts.incremental += 1;
      const log = this.log.slice(0, snap.log_from);
      for (const c of snap.log_changed) if (c.n >= 1 && c.n <= log.length) log[c.n - 1] = c;
      log.push(...snap.log);
      this.log = log;
    }
    const merged = mergeShown(this.shown, complete(this.log));
    if (merged.changed) this.errors.push("the history changed");
    this.shown = merged.shown;
    if (HEX64.test(snap.chain || "") && (!this.chain.length || this.chain.at(-1)[1] !== snap.chain)) {
      this.chain.push([this.shown.length, snap.chain]);
    }
    if (snap.days) this.lastDays = snap.days;
    if (snap.terminal) this.finish(snap);
    else this.act(snap);
  }

  act(snap) {
    const d = snap.decision;
    if (this.seat === null || !d || !d.players.includes(this.seat) || !(snap.legal || []).length) return;
    if (this.asked === snap.chain) return;
    this.asked = snap.chain;
    const done = complete(this.log).length;
    if (this.plan.silentAt !== undefined && done >= this.plan.silentAt && !this.wasSilent) {
      this.wasSilent = true; // this device is away for this decision: the table's clock runs out
      this.plan.onSilent();
      return;
    }
    const resign = done >= this.plan.resignAfter && (snap.controls || []).some((c) => c.action === "@resign");
    this.counts.played += 1;
    this.send("play", { seat: this.seat, action: resign ? "@resign" : this.pick(snap.legal).action });
  }

  /** The end: the record held to what this page was promised and shown (docs/records.md, a participant's witness). */
  finish(snap) {
    if (this.verdict) return;
    this.verdict = "pending";
    const witness = { seat: this.seat, host: this.host, own: this.commitment, terms: this.terms || null,
      commitments: this.chain.slice(), shown: this.shown.map((p) => [p[0], p[1]]), earlier: [] };
    if (snap.days) {
      // Over days the page also keeps the table's start and each entry's time.
      const times = complete(this.log).map((e) => e.time);
      witness.shown = witness.shown.map((p, i) => [...p, times[i]]);
      witness.started = snap.days.started;
    }
    engine.call("verify", { text: JSON.stringify({ ...snap.record, witness }), bots: true }).then((v) => {
      const checks = (v.details && v.details.checks) || [];
      this.verdict = { ok: !!v.ok && checks.every((c) => c.ok), checks: checks.map((c) => c.key),
        failed: checks.filter((c) => !c.ok).map((c) => c.key), summary: v.summary || "" };
    }, (e) => { this.verdict = { ok: false, checks: [], failed: ["verify"], summary: e.message || String(e) }; });
  }

  /** This seat plays `action` now, its turn or not (a table over days: a claim, a day given, a holiday). */
  offTurn(action) {
    this.counts.played += 1;
    this.send("play", { seat: this.seat, action });
  }

  summary() {
    return { wholes: this.wholes, verdict: this.verdict, counts: this.counts, viewers: [...this.viewers], refused: this.refused,
      errors: this.errors, shown: this.shown.length };
  }
}

function makeCore(game, pages, store, options = {}) {
  const events = {};
  const core = new HostCore({ game, engine, store, now: () => clock.now, clockSeconds: 30, bots: { delayMs: 0 },
    transports: { memory: (c) => new MemoryTransport(c, pages) }, ...options });
  for (const type of EVENTS) core.on(type, () => { events[type] = (events[type] || 0) + 1; });
  return { core, events };
}

/** The host's own seat (0), played from the core's events as its page would. */
function hostSeat(core, plan, seen) {
  const pick = chooser(plan.seed);
  let asked = null;
  core.on("snapshot", ({ snap }) => {
    seen.add(String(snap.viewer));
    const d = snap.decision;
    if (snap.terminal || !d || !d.players.includes(0) || !(snap.legal || []).length || asked === snap.chain) return;
    if (plan.stopAfter !== undefined && complete(snap.log).length >= plan.stopAfter) return;
    asked = snap.chain;
    const resign = plan.resignAfter !== undefined && complete(snap.log).length >= plan.resignAfter
      && (snap.controls || []).some((c) => c.action === "@resign");
    core.play(resign ? "@resign" : pick(snap.legal).action);
  });
}

const finished = (...pages) => pages.every((p) => p.verdict && p.verdict !== "pending");

/** Hollowmere: the host, Ana on another device, a bot, a spectator; clocks on the tables' clock; Ana silent once. */
async function tableA(store) {
  const ana = await GuestPage.make({ seat: 1, name: "Ana", plan: { silentAt: 3, resignAfter: 12, seed: 7 } });
  const spectator = await GuestPage.make({ seat: null, name: "Spectator" });
  const { core, events } = makeCore("hollowmere", new Map([[1, ana], ["w1", spectator]]), store);
  const seen = new Set();
  hostSeat(core, { seed: 3, resignAfter: 12 }, seen);
  const silent = [];
  ana.plan.onSilent = () => setTimeout(() => {
    silent.push(clock.now);
    clock.now += 31_000;
    core.tick();
  }, 30);
  core.setCount(3);
  Object.assign(core.seats[0], { kind: "me", name: "Hana" });
  Object.assign(core.seats[1], { kind: "device", name: "" });
  Object.assign(core.seats[2], { kind: "bot", name: "Brook" });
  core.timers = true;
  await core.makeInvitations("memory");
  const lobby = core.lobbyId;
  await core.inviteWatcher();
  await until(() => core.allHere() && core.watchers.every((w) => w.state === "here"), "A: everyone here");
  say("A: everyone here");
  const lobbyKept = store.lobbies.has(lobby);
  await core.start();
  await until(() => core.phase === "playing" && core.snap, "A: the table made");
  say("A: playing");
  const saveId = core.saveId;
  const keptWhilePlaying = !!store.keptInvitations(saveId);
  await until(() => finished(ana, spectator), "A: the end, checked by Ana and the spectator", 300_000);
  say("A: checked");
  await core.idle();
  const snap = core.snap;
  const result = { events, names: snap.seats.map((s) => s.name), terminal: snap.terminal, winners: snap.winners,
    log: complete(snap.log).map((e) => [e.seat, e.by]), hostViewers: [...seen], silent: silent.length,
    lobbyKept, lobbyAfter: store.lobbies.has(lobby), keptWhilePlaying, keptAfter: !!store.keptInvitations(saveId),
    save: store.tables.get(saveId), guests: { ana: ana.summary(), spectator: spectator.summary() } };
  core.destroy();
  return result;
}

/** Wickerfair: the host and Bea; the host's device "reloads" after six moves and takes the table up again. */
async function tableB(store) {
  const bea = await GuestPage.make({ seat: 1, name: "Bea", plan: { resignAfter: 16, seed: 11 } });
  const pages = new Map([[1, bea]]);
  const first = makeCore("wickerfair", pages, store);
  const seen = new Set();
  hostSeat(first.core, { seed: 5 }, seen);
  const core = first.core;
  core.setCount(2);
  Object.assign(core.seats[0], { kind: "me", name: "Hal" });
  Object.assign(core.seats[1], { kind: "device", name: "" });
  core.timers = false;
  await core.makeInvitations("memory");
  await until(() => core.allHere(), "B: Bea here");
  await core.start();
  await until(() => core.snap && complete(core.snap.log).length >= 6, "B: six moves");
  const saveId = core.saveId;
  const before = complete(core.snap.log).length;
  core.destroy();
  say("B: reloading");
  const second = makeCore("wickerfair", pages, store);
  hostSeat(second.core, { seed: 9 }, seen);
  await second.core.reopen(saveId);
  const reopened = complete(second.core.snap.log).length;
  await until(() => finished(bea), "B: the end, checked by Bea", 300_000);
  say("B: checked");
  await second.core.idle();
  const snap = second.core.snap;
  const result = { events: first.events, eventsAfter: second.events, before, reopened, terminal: snap.terminal,
    winners: snap.winners, names: snap.seats.map((s) => s.name), log: complete(snap.log).map((e) => [e.seat, e.by]),
    hostViewers: [...seen], guests: { bea: bea.summary() } };
  second.core.destroy();
  return result;
}

/** Elderwood over days: the host (Hugo) and Cai; Hugo's person stops after four moves and Cai claims the game. */
async function tableC(store) {
  const days = { now: Date.UTC(2030, 2, 1, 12, 0, 0) };
  const at = () => Math.floor(days.now / 1000);
  const cai = await GuestPage.make({ seat: 1, name: "Cai", plan: { seed: 13 } });
  const { core, events } = makeCore("elderwood", new Map([[1, cai]]), store, {
    now: () => days.now, clocks: (c) => new DaysClocks(c), engineArgs: () => ({ at: at() }) });
  const seen = new Set();
  hostSeat(core, { seed: 17, stopAfter: 4 }, seen);
  core.setCount(2);
  Object.assign(core.seats[0], { kind: "me", name: "Hugo" });
  Object.assign(core.seats[1], { kind: "device", name: "" });
  core.options = { move_days: 1 };
  await core.makeInvitations("memory");
  await until(() => core.allHere(), "C: Cai here");
  await core.start();
  const hugoWaits = () => core.snap && !core.snap.terminal && complete(core.snap.log).length >= 4
    && core.snap.decision.players.includes(0);
  await until(hugoWaits, "C: four moves, then Hugo's turn");
  days.now += 3_600_000;
  const left = core.remaining(0);
  const deadline = core.snap.days.deadlines[0];
  const moves = complete(core.snap.log).length;
  // Before the time is out a claim is the engine's to refuse, and it does.
  cai.offTurn("@claim:1");
  await until(() => cai.refused.length >= 1, "C: an early claim refused");
  // Two days on, nothing is played behind Hugo's back: the clocks play nothing by themselves.
  days.now += 2 * 86_400_000;
  core.tick();
  await core.idle();
  const stillWaiting = complete(core.snap.log).length === moves && !core.snap.terminal;
  cai.offTurn("@claim:1");
  await until(() => finished(cai), "C: the claim, checked by Cai", 300_000);
  await core.idle();
  const snap = core.snap;
  const last = complete(snap.log).at(-1);
  const result = { events, left, deadline, startedAt: snap.days.started, stillWaiting, terminal: snap.terminal,
    winners: snap.winners, last: [last.seat, last.action, last.time], claimAt: at(), refused: cai.refused,
    hostViewers: [...seen], guests: { cai: cai.summary() }, sawDays: !!(cai.lastDays) };
  core.destroy();
  return result;
}

async function main() {
  await engine.ready;
  const store = memoryStore();
  const html = document.documentElement.outerHTML;
  const changes = [];
  const observer = new MutationObserver((list) => changes.push(...list.map((m) => m.type)));
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  const [a, b, c] = await Promise.all([tableA(store), tableB(store), tableC(store)]);
  changes.push(...observer.takeRecords().map((m) => m.type));
  observer.disconnect();
  return { a, b, c, domChanges: changes.length, sameDocument: document.documentElement.outerHTML === html };
}

main().then((result) => {
  window.__hc.result = result;
  window.__hc.done = true;
}, (e) => {
  window.__hc.error = `${e.message || e}\n${e.stack || ""}`;
});
