// The host's table without a page: everything a host's device does for one table shared across
// devices, and nothing it draws (docs/architecture.md, "The host's table"). The live host page
// (host.js) is one view over it; a device dealing for many tables at once runs one per table with
// no page of that table at all.
//
// Setup (seats: me, a person on another device, or a bot) → one invitation per remote seat, made
// by a transport → each guest joins with its commitment to the seed → start(): every guest gets
// the table's terms (every seat, the options, the clocks and every participant's commitment),
// reveals its contribution, and the engine makes the seed from the terms and all the
// contributions (docs/fairness.md, "A joint seed"); it makes no table on other terms. During play
// each guest receives only the snapshots of its own seat, each carrying the engine's commitment to
// every move so far, and sends intents this core plays for that seat alone; the engine decides.
// Every clock runs here (hostclocks.js): at a live table a guest who is away keeps its clock, and
// the table plays for it when the time is up. Spectators take no seat, add nothing to the seed and
// receive the snapshots of viewer null.
//
// What it is handed (the constructor's options): the engine, a store (hoststore.js), its
// transports by mode (hostnet.js, hostcodes.js), a clock (now), timers, the clocks of its
// decisions (hostclocks.js), a bots policy and extra engine arguments. What it gives back: events
// (on(type, fn)), and the fields a view reads (phase, seats, guests, watchers, snap, …).

import { t, words } from "../../lib/i18n.js";
import { GAMES } from "../../games/index.js";
import { summarize } from "../storage.js";
import { sha256Hex } from "../../lib/sha256.js";
import { message } from "./protocol.js";
import { LiveClocks } from "./hostclocks.js";
import { stranger, handOver, refuse, fromGuest, INTENT_BURST, HINT } from "./hostguard.js";
import { chatOut, hintFor } from "./hostasks.js";
import { keepLobbyOf, forgetKept, resumeLobby, cancelInvitations, freshSetup, reinvite } from "./hostlobby.js";
import { reopenTable } from "./hostreopen.js";
// The words the core writes itself: seat names, a guest's notes, an engine's refusal.
import "../../lib/strings/shell.js";
import "./strings.js";

/** The pause before a bot moves at a live table, so people see each move. */
export const BOT_DELAY_MS = 650;
/** setTimeout's longest wait: a clock further off is waited for in steps. */
const LONGEST_WAIT_MS = 2 ** 31 - 1;

/**
 * A short digest of `text` (53 bits, cyrb53): what the core keeps of each log entry and view it
 * sent a guest, to tell whether the next one differs. Not a seal: a guest's page checks the
 * move chain, not this.
 */
export function digest(text) {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

export class HostCore {
  /**
   * `game`: the game's name. `engine`: {ready, call(cmd, args)} (web/engine.js). `store`: where
   * the table is kept (hoststore.js). `transports`: {mode: (core, options) => transport}.
   * `now()`: the table's clock, ms since 1970. `setTimer`/`clearTimer`: setTimeout's pair.
   * `clocks(core)`: the clocks of its decisions (hostclocks.js). `clockSeconds`: replaces every
   * decision's seconds (a test setting). `bots`: {delayMs} before a bot moves, 0 at once.
   * `engineArgs(cmd, args)`: what every engine call of `cmd` carries besides (a table over days:
   * {at}). `hintQuick()`: "phone" or "desk", how long a hint may search.
   */
  constructor({ game, engine, store, transports, now = () => Date.now(), setTimer = (fn, ms) => setTimeout(fn, ms),
    clearTimer = (id) => clearTimeout(id), clocks = (core) => new LiveClocks(core), clockSeconds = null,
    bots = { delayMs: BOT_DELAY_MS }, engineArgs = () => ({}), hintQuick = () => "desk" }) {
    this.game = game;
    this.engine = engine;
    this.store = store;
    this.transports = transports;
    this.now = now;
    this.setTimer = setTimer;
    this.clearTimer = clearTimer;
    this.clockSeconds = clockSeconds;
    this.bots = bots;
    this.engineArgs = engineArgs;
    this.hintQuick = hintQuick;
    this.listeners = new Map();
    const info = GAMES[game];
    this.levels = info.botLevels && info.botLevels.length ? info.botLevels : ["easy"];
    this.min = info.minPlayers || 2;
    this.max = info.maxPlayers || 4;
    this.mode = "net";
    this.transport = null;
    this.seats = [];
    this.setCount(Math.max(this.min, 2));
    this.timers = true;
    // Hints for everyone at the table (the strongest bot's move, counted in the record): chosen
    // here, so they are in the terms every guest reveals against.
    this.hints = false;
    // The table's other options (a table over days: move_days, bank_days, holiday_days), in its terms too.
    this.options = {};
    this.phase = "setup";
    this.guests = new Map(); // seat → guest (docs/architecture.md, "The host's table")
    this.order = []; // remote seats in the order they joined: the table's order after the host
    this.watchers = []; // spectators: guests with seat null and a number, `watcher`
    this.clocks = clocks(this);
    this.chain = Promise.resolve();
    this.snap = null;
    this.version = 0;
  }

  // --- events ----------------------------------------------------------------------------------
  /** Listen to `type` (docs/architecture.md lists them); returns the function that stops it. */
  on(type, fn) {
    let set = this.listeners.get(type);
    if (!set) this.listeners.set(type, (set = new Set()));
    set.add(fn);
    return () => set.delete(fn);
  }

  emit(type, detail = {}) {
    for (const fn of [...(this.listeners.get(type) || [])]) {
      try {
        fn(detail);
      } catch (e) {
        console.error(e);
      }
    }
  }

  /** What a view shows changed; `soon`: a view may gather such changes (a flood is no flood of repaints). */
  changed(soon = false) {
    if (!this.dead) this.emit("change", { soon });
  }

  /** An engine call, with what this table's calls carry besides (`engineArgs`). */
  call(cmd, args) {
    return this.engine.call(cmd, { ...args, ...this.engineArgs(cmd, args) });
  }

  // --- the set-up ----------------------------------------------------------------------------
  setCount(n) {
    while (this.seats.length < n) {
      const k = this.seats.length;
      this.seats.push({ name: "", kind: k === 0 ? "me" : k === 1 ? "device" : "bot", level: this.levels[0] });
    }
    this.seats.length = n;
  }

  seatName(k) {
    const s = this.seats[k];
    return (s.name || "").trim().slice(0, 24)
      || (s.kind === "bot" ? t("newtable.botName", { n: k + 1 }) : t("newtable.personName", { n: k + 1 }));
  }

  isPerson(seat) {
    return this.seats[seat].kind !== "bot";
  }

  /** The transport of `mode` (made once; a table-to-be taken up again passes its relays). */
  useTransport(mode, options = {}) {
    if (this.transport && this.mode === mode) return this.transport;
    if (this.transport) this.transport.close();
    const make = this.transports[mode];
    if (!make) throw new Error(`no transport for invitations by ${mode}`);
    this.mode = mode;
    this.transport = make(this, options);
    return this.transport;
  }

  // --- invitations ------------------------------------------------------------------------------
  /**
   * One invitation per seat of a person on another device, by `mode`. A transport whose
   * invitations last (`lasting`) makes a table-to-be this device keeps until the start.
   */
  async makeInvitations(mode) {
    if (this.phase !== "setup" || this.inviting) return;
    this.inviting = true;
    this.error = null;
    const transport = this.useTransport(mode);
    const keep = transport.lasting ? this.store.newTableId() : undefined;
    try {
      await this.engine.ready;
      this.commit = await this.engine.call("joint_commit", keep ? { keep } : {});
    } catch (e) {
      this.error = t("live.engineFailed", { detail: e.message || String(e) });
      this.changed();
      return;
    } finally {
      this.inviting = false;
    }
    if (this.dead) return;
    this.phase = "inviting";
    for (let k = 1; k < this.seats.length; k++) {
      if (this.seats[k].kind !== "device") continue;
      const g = { seat: k, name: this.seatName(k), channel: null, commitment: null, contribution: null,
        state: "making", invite: null, note: null, device: null };
      transport.prepare(g);
      this.guests.set(k, g);
    }
    if (keep) {
      this.lobbyId = keep;
      this.lobbyCreated = this.now();
      this.lobbyNotKept = !this.commit.kept;
      // Kept before any link opens: a reload from now on finds the same secrets.
      this.keepLobby();
      this.emit("kept", { lobby: keep });
    }
    this.changed();
    for (const g of this.guests.values()) await this.invite(g);
  }

  /** Open (or open again) the invitation of guest or spectator `g`. */
  async invite(g) {
    const transport = this.transport || this.useTransport(this.mode);
    g.note = null;
    await transport.invite(g);
    g.intents = { tokens: INTENT_BURST, at: Date.now(), pending: false };
    this.changed();
  }

  inviteWatcher() {
    // Numbers are never reused, also after a reload that dropped a dismissed spectator.
    const n = this.watchers.reduce((m, w) => Math.max(m, w.watcher), 0) + 1;
    const w = { seat: null, watcher: n, name: t("live.spectatorName", { n }), channel: null, state: "making", invite: null, note: null };
    this.watchers.push(w);
    return this.invite(w).then(() => this.keepInvitations());
  }

  dismiss(w) {
    if (w.channel && this.transport) this.transport.drop(w);
    else if (w.channel) w.channel.close();
    w.channel = null;
    w.state = "gone";
    this.keepLobby();
    this.changed();
  }

  /** The invitations as this device keeps them: with the table-to-be, or beside the started table's save. */
  keepInvitations() {
    if (this.snap && this.snap.terminal) return; // forgotten with the end of the game
    if (this.lobbyId) this.keepLobby();
    else if (this.saveId && this.transport && this.transport.lasting) {
      this.store.keepInvitations(this.saveId, [...this.guests.values()], this.watchers);
    }
  }

  // The table-to-be (hostlobby.js).
  keepLobby() { keepLobbyOf(this); }
  forgetKept(id) { forgetKept(this, id); }
  resumeLobby(id) { return resumeLobby(this, id); }
  cancel() { cancelInvitations(this); }
  freshSetup() { freshSetup(this); }
  /** Before the start: a new invitation replaces `g`'s, whose link stops working. */
  reinvite(g) { return reinvite(this, g); }

  /** With codes: the answer `text` of `g`'s guest (pasted or scanned); true once the connection is under way. */
  async answer(g, text) {
    const answer = this.transport && this.transport.readAnswer ? this.transport.readAnswer(g, text) : null;
    if (!answer) {
      g.note = t("live.badAnswer");
      this.changed();
      return false;
    }
    if (g.watcher) {
      // A spectator's answer names no seat and carries no commitment: it adds nothing to the seed.
    } else if (this.phase === "playing" && g.commitment && answer.c !== g.commitment) {
      // A rejoin from another device (or a cleared browser): it plays the seat, but its page
      // cannot check a contribution it no longer has.
      g.note = t("live.otherCommitment");
    }
    if (this.phase !== "playing" && !g.watcher) g.commitment = answer.c;
    const ch = g.channel;
    let ok = true;
    try {
      await this.transport.accept(g, answer);
      // On a busy device the link may already be open (and the guest welcomed) by the time the
      // answer's promise is seen here: never step back from "here" to "connecting".
      if (g.channel === ch && g.state === "inviting") g.state = "connecting";
    } catch (e) {
      g.note = t("live.badAnswer");
      ok = false;
    }
    this.changed();
    return ok;
  }

  // --- what a transport tells the core (docs/architecture.md, "Transports") ---------------------
  /** A message from `g`'s device on `channel`, read within its budgets (hostguard.js). */
  received(g, channel, text) { fromGuest(this, g, channel, text); }

  /** `g`'s page began a new session: the next snapshot it gets is whole. */
  sessionBegan(g, channel) {
    if (g.channel === channel) g.sentLog = null;
  }

  /** `channel`'s presence or path changed: "Ana — reconnecting…" while it is silent. */
  presence(g, channel) {
    if (g.channel !== channel || this.dead) return;
    if (g.state === "here" && !channel.here) {
      g.state = "away";
      this.emit("left", { g });
    } else if (g.state === "away" && channel.here && g.joined) {
      g.state = "here";
    }
    this.changed(true);
  }

  /** A channel whose guest says no join (its commitment came with the invitation's answer) opened. */
  opened(g, channel) {
    if (g.channel !== channel || this.dead) return;
    g.state = "here";
    if (!g.watcher && !this.order.includes(g.seat)) this.order.push(g.seat);
    channel.send(message("welcome", { seat: g.seat, game: this.game, host: this.commit.commitment,
      started: this.phase === "playing" }));
    if (this.phase === "playing") this.enqueue(() => this.sendTo(g));
    this.emit("arrived", { g, first: true });
    this.changed();
  }

  closed(g, channel) {
    if (g.channel !== channel || this.dead) return;
    g.channel = null;
    g.state = "away";
    this.emit("left", { g });
    this.changed();
  }

  /** The device that first said hello on `g`'s invitation took the seat. */
  pinned(g, deviceKey) {
    g.device = deviceKey;
    this.keepInvitations();
  }

  /** Another device holding `g`'s invitation asked for the seat (hostguard.js). */
  strangerAsked(g, deviceKey, code) { stranger(this, g, deviceKey, code); }

  /** Something only a view shows changed: the relays' state, a connection's ICE state ({g, ice}). */
  transportChanged(detail) {
    if (!this.dead) this.emit("transport", detail);
  }

  /** The host lets the device whose code was shown (`asking`, g.stranger) take `g`'s seat. */
  handOver(g, asking) { handOver(this, g, asking); }

  refuse(g, channel, note) { refuse(this, g, channel, note); }

  /** A guest's page joined (or came back to) its seat: {name, commitment}. */
  joined(g, msg) {
    const first = !g.joined;
    g.joined = true;
    if (!g.watcher && this.phase !== "playing" && this.phase !== "starting") {
      g.name = msg.name.trim().slice(0, 24) || g.name;
      g.commitment = msg.commitment;
      this.seats[g.seat].name = g.name;
    } else if (!g.watcher && g.commitment && msg.commitment && msg.commitment !== g.commitment) {
      g.note = t("live.otherCommitment");
    }
    g.state = "here";
    if (!g.watcher && !this.order.includes(g.seat)) this.order.push(g.seat);
    g.sentLog = null;
    g.channel.send(message("welcome", { seat: g.seat, game: this.game, host: this.commit.commitment,
      started: this.phase === "playing" }));
    // The terms again to a guest who came back before the start (its page reveals again for the
    // same terms, never for others); a spectator keeps them to hold the record to them.
    if (this.phase === "starting" && this.terms && !g.contribution) g.channel.send(message("commitments", { terms: this.terms }));
    if (this.phase === "playing") this.enqueue(() => this.sendTo(g));
    this.keepLobby();
    this.emit("arrived", { g, first });
    this.changed();
  }

  // --- the joint seed and the start -------------------------------------------------------
  /** The table's options: the game's defaults but for `options`, and hints only when the host chose them. */
  tableOptions() {
    return this.hints ? { ...this.options, hints: true } : { ...this.options };
  }

  /** The seats as the table will hold them. */
  tableSeats() {
    return this.seats.map((s, k) => ({ name: this.seatName(k), bot: s.kind === "bot", level: s.kind === "bot" ? s.level : null }));
  }

  /** Whether Start may be pressed: every guest is here. */
  allHere() {
    return [...this.guests.values()].every((g) => g.state === "here");
  }

  /**
   * Start: the table's terms — game, engine, options, every seat, the clocks and every participant's
   * commitment, host first — go to every guest before anyone reveals (docs/fairness.md). From here
   * the table is fixed: a reload takes up these same terms, and the engine makes no table on others.
   */
  async start() {
    if (this.phase !== "inviting") return;
    this.phase = "starting";
    this.changed();
    const participants = [{ who: this.seatName(0), commitment: this.commit.commitment },
      ...this.order.map((k) => ({ who: this.guests.get(k).name, commitment: this.guests.get(k).commitment }))];
    let got;
    try {
      got = await this.engine.call("joint_terms", { game: this.game, seats: this.tableSeats(), options: this.tableOptions(),
        timers: this.timers, participants });
    } catch (e) {
      this.phase = "inviting";
      this.error = t("live.engineFailed", { detail: words(e.words) || e.message || String(e) });
      this.changed();
      return;
    }
    if (this.dead) return;
    this.terms = got.terms;
    this.keepLobby();
    this.sendTerms();
    this.changed();
  }

  /** The terms to every guest still to reveal, and to every spectator. */
  sendTerms() {
    for (const k of this.order) {
      const g = this.guests.get(k);
      if (g.channel && !g.contribution) g.channel.send(message("commitments", { terms: this.terms }));
    }
    for (const w of this.watchers) if (w.channel) w.channel.send(message("commitments", { terms: this.terms }));
  }

  async reveal(g, channel, contribution) {
    if ((await sha256Hex(contribution)) !== g.commitment) {
      this.refuse(g, channel, "that contribution does not match the commitment sent with the answer");
      return;
    }
    g.contribution = contribution;
    if (this.order.every((k) => this.guests.get(k).contribution) && !this.creating) {
      this.creating = true;
      this.enqueue(() => this.createTable());
    }
  }

  async createTable() {
    const seats = this.tableSeats();
    const joint = [{ who: this.seatName(0), token: this.commit.token },
      ...this.order.map((k) => {
        const g = this.guests.get(k);
        return { who: g.name, commitment: g.commitment, contribution: g.contribution };
      })];
    const id = this.store.newTableId();
    let snap;
    try {
      snap = await this.call("new_table", { game: this.game, seats, options: this.tableOptions(), viewer: 0,
        timers: this.timers, save: id, joint, terms: this.terms });
    } catch (e) {
      // The terms are out and the guests revealed: the table stays this one (no other can be made
      // from these reveals); the host may only cancel it, which its guests' pages will name.
      this.error = t("live.engineFailed", { detail: words(e.words) || e.message || String(e) });
      this.changed();
      return;
    }
    this.saveId = id;
    this.save = { id, game: this.game, seats: snap.seats, deadlineKey: null, remaining: null, timers: snap.timers !== false,
      viewer: 0, created: this.now(), summary: summarize(snap), remote: this.order.slice() };
    await this.store.saveTable(this.save);
    if (this.transport && this.transport.lasting) this.store.keepInvitations(id, [...this.guests.values()], this.watchers);
    this.store.rememberLive(id, snap.table);
    // The started table's save takes over from the table-to-be.
    this.emit("kept", { table: id, lobby: null });
    if (this.lobbyId) this.forgetKept(this.lobbyId);
    this.lobbyId = null;
    await this.begin(snap.table);
  }

  /** The table exists (made now, or reopened): it plays from here. */
  async begin(table) {
    this.table = table;
    this.phase = "playing";
    this.changed();
    this.emit("playing", { table, saveId: this.saveId });
    await this.refreshAll();
  }

  /** Open a table this device hosted before: every guest Away, each clock with the time it had. */
  reopen(id) {
    return reopenTable(this, id);
  }

  // --- the table runs here ------------------------------------------------------------------
  /** Run `fn` after everything queued for the engine: one step at a time, in order. */
  enqueue(fn) {
    this.chain = this.chain.then(() => (this.dead ? null : fn())).catch((e) => {
      console.error(e);
      this.emit("note", { text: t("live.engineFailed", { detail: e.message || String(e) }) });
    });
    return this.chain;
  }

  /** Resolves once nothing waits for the engine (bots at once included; a bot's delay or a clock is not waited for). */
  async idle() {
    let c;
    do {
      c = this.chain;
      await c;
    } while (c !== this.chain && !this.dead);
  }

  /** The host's own seat (0) plays `action`, a table action, or asks for a hint. */
  play(action) {
    return this.enqueue(() => this.playOwn(action));
  }

  async playOwn(action) {
    if (action === HINT) {
      await hintFor(this, null);
      return;
    }
    try {
      await this.call("play", { table: this.table, seat: 0, action, viewer: 0 });
    } catch (e) {
      this.emit("note", { text: t("table.actionFailed", { detail: words(e.words) || e.message || String(e) }) });
    }
    await this.refreshAll();
  }

  /** A line the host's own seat said at the table ({text} or {phrase}). */
  say(line) {
    chatOut(this, { seat: 0, ...line });
  }

  /**
   * Seconds left on `seat`'s clock for the decision on the table, or null when none runs; for a
   * spectator (null), the clock of the first person to act.
   */
  remaining(seat) {
    if (seat === null) {
      const snap = this.snap;
      const person = snap && snap.decision ? snap.decision.players.find((p) => this.isPerson(p)) : undefined;
      return person === undefined ? null : this.remaining(person);
    }
    return this.clocks.remaining(seat);
  }

  async refreshAll() {
    const snap = await this.call("snapshot", { table: this.table, viewer: 0 });
    this.snap = snap;
    // Each step on the table: a cached whole snapshot of an earlier one is stale.
    this.version += 1;
    this.clocks.started(snap);
    this.emit("snapshot", { snap, remaining: this.remaining(0) });
    this.save.summary = summarize(snap);
    this.save.seats = snap.seats;
    this.saveClocks();
    for (const g of this.guests.values()) await this.sendTo(g, { onlyChanged: true });
    for (const w of this.watchers) await this.sendTo(w, { onlyChanged: true });
    if (snap.terminal) {
      this.emit("ended", { snap, saveId: this.saveId });
      // The game is over: this device forgets its invitations (the links open now stay open while
      // this core runs, for a guest to fetch the end again; after that they lead nowhere).
      if (this.saveId && this.transport && this.transport.lasting) this.store.forgetInvitations(this.saveId);
    }
    this.schedule();
  }

  /**
   * Send `g` its seat's snapshot. With `onlyChanged` (after any step on the table), nothing is
   * sent when that seat's view did not change: the steps of another seat's secret choice leave
   * every other view as it was, so the number and timing of messages a guest receives must not
   * tell it how many steps the secret took (the engine makes the views alike; this keeps the
   * traffic alike). The move chain changes at every step, so it is carried, never compared.
   */
  async sendTo(g, { onlyChanged = false } = {}) {
    const ch = g.channel;
    if (!ch || !ch.open || !this.table) return;
    if (ch.joins && !g.joined) return;
    // Over a channel that delivers in order, only what changed since the last snapshot sent: the
    // log from where it may differ (the table re-sends the last entries, which may be actions under
    // way) and entries a reveal changed. The guest holds all the rest.
    const base = g.sentLog;
    const since = ch.incremental && Array.isArray(base) ? base.length : undefined;
    const snap = await this.call("snapshot", { table: this.table, viewer: g.seat, since });
    // The guest lost track meanwhile (a sync): the whole table goes next, not this.
    if (since !== undefined && g.sentLog !== base) return;
    const { log, log_from: from, log_changed: changed, chain: _chain, ...rest } = snap;
    // The log the guest will hold after this snapshot, entry by entry (a digest of each), as this
    // core last sent it: a dealer keeps these with the table, so a core taken up again after a
    // reload sends a guest only what it does not hold yet.
    let held;
    if (from === undefined) held = log.map((e) => digest(JSON.stringify(e)));
    else {
      held = base.slice(0, from);
      for (const c of changed || []) if (c.n >= 1 && c.n <= held.length) held[c.n - 1] = digest(JSON.stringify(c));
      held.push(...log.map((e) => digest(JSON.stringify(e))));
    }
    // Over days the snapshot carries the time it was judged at: time passing is not a change of the
    // view (else every step of another seat's secret choice would send this seat a snapshot).
    const view = digest(JSON.stringify(rest.days ? { ...rest, days: { ...rest.days, at: null } } : rest));
    const same = view === g.lastView && Array.isArray(base) && held.length === base.length
      && held.every((e, i) => e === base[i]);
    if (onlyChanged && same) return;
    g.lastView = view;
    g.sentLog = held;
    if (from === undefined) g.fullCache = { version: this.version, snap, log: held };
    if (g.channel) g.channel.send(message("snapshot", { snap, remaining: this.remaining(g.seat) }));
  }

  /** What the table does next by itself: a bot's move, or a clock running out. */
  schedule() {
    this.clearTimer(this.nextTimer);
    this.nextTimer = null;
    const snap = this.snap;
    if (!snap || snap.terminal || !snap.decision) return;
    const d = snap.decision;
    if (!d.players.some((p) => this.isPerson(p))) {
      const bot = d.players[0];
      const move = async () => {
        if (this.snap !== snap) return;
        await this.call("bot_play", { table: this.table, seat: bot });
        await this.refreshAll();
      };
      const delay = this.bots.delayMs;
      if (delay > 0) this.nextTimer = this.setTimer(() => this.enqueue(move), delay);
      else this.enqueue(move);
      return;
    }
    const first = this.clocks.next();
    if (!first) return;
    this.at(first.at, async () => {
      if (this.snap === snap) await this.timeoutNow(first.seat);
    });
  }

  /**
   * The table plays `seat`'s timer move (the game's rule for a clock that ran out). The clocks ask
   * for it when a live clock runs out; over days, a dealer asks when another person chose to let
   * the table play it. Queued: resolves once it is played, or refused (the event "note").
   */
  playTimeout(seat) {
    return this.enqueue(() => this.timeoutNow(seat));
  }

  async timeoutNow(seat) {
    await this.call("timeout", { table: this.table, seat });
    await this.refreshAll();
  }

  /** Queue `fn` at `when` on the table's clock (ms): at once when that time has come. */
  at(when, fn) {
    const wait = when - this.now();
    if (wait <= 0) {
      this.enqueue(fn);
      return;
    }
    this.nextTimer = this.setTimer(() => this.at(when, fn), Math.min(wait, LONGEST_WAIT_MS));
  }

  /** The table's clock moved on by itself (a simulated clock, a device that slept): what is due now is played. */
  tick() {
    this.schedule();
  }

  /** The save with what the clocks keep (a reloaded page resumes them from it). */
  saveClocks() {
    if (!this.save) return;
    Object.assign(this.save, this.clocks.kept());
    this.store.saveTable(this.save);
  }

  destroy() {
    this.saveClocks();
    this.dead = true;
    this.clearTimer(this.nextTimer);
    for (const g of [...this.watchers, ...this.guests.values()]) if (g.channel) g.channel.close();
    if (this.transport) this.transport.close();
    this.listeners.clear();
  }
}
