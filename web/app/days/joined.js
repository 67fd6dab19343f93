// The tables over days this device joined as a guest, with no page of their own (docs/live.md,
// "Over days: the table", "A guest's table"). Any page of the site runs them (`follow`, from main.js): each
// joined table's mailbox is read whatever page is open, what came is applied to the table's row,
// "Your turn" is counted again and, while the site is in the background, a notice says a move came.
// The page of one table (guestpage.js) is a view over its JoinedTable.
//
// A table's row (store.js, `joined`, keyed by the invitation's topic, so the same link always finds
// the same table) keeps everything a reload needs:
//   {id, v, secret, hostKey, relays, box, name, game, seat, phase, me, snap, pending, alerts, note,
//    final, joinN, syncN, created, updated, heard, ended}
// `me`: what the guest holds the host to (live/holds.js); `snap`: the latest whole snapshot of this
// seat; `pending`: this page's intents the host's table has not answered yet, each {n (the mail's
// number), action, base, chain (of the snapshot it was chosen on), kind ("move" | "control"), words,
// after (the preview: the position after it; null: it may reveal something, the host's device shows
// the rest), at}; `alerts`: standing alerts about the host, as word keys; `phase`: "joining",
// "joined", "revealed", "playing", "over", "cancelled" or "taken".

import { read, message } from "../live/protocol.js";
import { acceptTerms, layOver, keepShown, shownDifference, startedOver, witness, verifyEnd } from "../live/holds.js";
import { keysFor, isSecret, keyFromLink, keyForLink } from "../live/seal.js";
import { drawContribution, sha256Hex } from "../live/common.js";
import { relays as settingRelays, isRelay } from "../live/networks.js";
import { GAMES, isGame } from "../../games/index.js";
import { t } from "../../lib/i18n.js";
import { getRow, putRow, allRows } from "./store.js";
import { pageHub } from "./hub.js";
import { addWaitingSource, refreshWaiting, notifyTurn, leftWords } from "../turns.js";
import { ROW_VERSION as VERSION, markJoined, joinedWaiting, shownSnap, mayMove } from "./joinedlist.js";

export { shownSnap, mayMove };
/** A finished table's mail stays on the device this long (the host's last messages acknowledged). */
const KEEP_OVER_MS = 7 * 86_400_000;
/** A preview that takes longer than this is not waited for: the move goes as "sent", unshown. */
const PREVIEW_MS = 15_000;
/** The table actions that end this seat's say on its turn, as a move does. */
const ENDS_TURN = /^@(resign|draw\?|draw:yes|draw:no)$/;

/** This page's one set of joined tables (id → JoinedTable). */
const tables = new Map();
let engine = null;
/** The page's engine when no page gave this module one yet. */
async function pageEngine() {
  return (await import("../../engine.js")).getEngine();
}
let started = null;

/** The row's id and the keys an invitation link gives: {id, secret, hostKey, relays} or null. */
export async function fromLink({ secret, host, relays }) {
  const hostPub = keyFromLink(host);
  if (!isSecret(secret) || !hostPub) return null;
  const { topic } = await keysFor(secret);
  const fromLinkRelays = String(relays || "").split(",").map((r) => r.trim()).filter(isRelay).slice(0, 8);
  return { id: topic, secret, hostKey: keyForLink(hostPub), relays: fromLinkRelays.length ? fromLinkRelays : settingRelays() };
}

/** Join the table behind a link as `name`: its row made (a new contribution drawn) and followed from now on. The id. */
export async function joinTable(link, name) {
  const kept = await getRow("joined", link.id);
  if (kept) return kept.id;
  const contribution = drawContribution();
  const now = Date.now();
  const row = {
    id: link.id, v: VERSION, secret: link.secret, hostKey: link.hostKey, relays: link.relays, box: null,
    name, game: null, seat: null, phase: "joining",
    me: { contribution, commitment: await sha256Hex(contribution), name, shown: [], chain: [] },
    snap: null, pending: [], alerts: {}, note: null, final: null, joinN: null, syncN: null,
    created: now, updated: now, heard: null, ended: null,
  };
  await putRow("joined", row);
  markJoined();
  await follow(engine);
  await table(row.id);
  return row.id;
}

/** The JoinedTable of row `id` (started when it is not yet), or null when this device keeps no such table. */
export async function table(id) {
  if (tables.has(id)) return tables.get(id);
  const row = await getRow("joined", id);
  if (!row || row.v !== VERSION) return null;
  if (tables.has(id)) return tables.get(id);
  const j = new JoinedTable(row);
  tables.set(id, j);
  j.start();
  return j;
}

/**
 * Follow every table this device joined, on whatever page is open: their mail is read, "Your turn"
 * lists them. A device that joined none opens no relay. `eng`: the page's engine (the check at the end).
 */
export function follow(eng) {
  if (eng) engine = eng;
  if (!started) {
    addWaitingSource(joinedWaiting);
    started = allRows("joined").then(async (rows) => {
      for (const row of rows) {
        if (row.phase === "over" && row.ended && Date.now() - row.ended > KEEP_OVER_MS) {
          // Long over: its mail leaves this device; the row (the checks and the record) stays.
          if (row.box) pageHub().open({ id: row.box }).then((b) => b.forget(), () => {});
          continue;
        }
        if (row.phase !== "over" || row.box) await table(row.id);
      }
    }).catch((e) => console.warn("days: the tables joined could not be read", e.message || e));
  }
  return started;
}

export class JoinedTable {
  constructor(row) {
    this.row = row;
    this.id = row.id;
    this.listeners = new Set();
    this.writing = Promise.resolve();
    this.box = null;
    this.status = null;
  }

  on(fn) {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  emit(what = {}) {
    for (const fn of this.listeners) {
      try { fn(what); } catch (e) { console.error(e); }
    }
  }

  /** Keep the row (writes one after another: the last one wins, as the last change should). */
  save() {
    this.row.updated = Date.now();
    const row = this.row;
    this.writing = this.writing.then(() => putRow("joined", row)).catch((e) => console.warn("days: a table not kept", e.message || e));
    return this.writing;
  }

  async start() {
    const row = this.row;
    const handlers = {
      onMessage: (text, n) => this.fromHost(text, n),
      onState: (status) => {
        this.status = status;
        // An intent the host's table took is answered: it leaves the list.
        if (this.settle()) this.save();
        this.emit({ status: true });
      },
      onTaken: (code) => this.taken(code),
    };
    try {
      this.box = row.box ? await pageHub().open({ id: row.box, ...handlers })
        : await pageHub().open({ role: "guest", secret: row.secret, hostKey: row.hostKey, tableId: row.id, relays: row.relays,
          ...handlers });
    } catch (e) {
      console.warn("days: this table's mail did not open", e.message || e);
      this.failed = e.message || String(e);
      this.emit();
      return;
    }
    if (!row.box) {
      row.box = this.box.id;
      await this.save();
    }
    // The first time: this page takes its seat (the host reads it whenever its device is next online).
    if (row.joinN === null && row.phase === "joining") {
      const n = await this.send(message("join", { name: row.name, commitment: row.me.commitment }));
      if (n) {
        row.joinN = n;
        await this.save();
      }
    }
    this.emit();
  }

  /** Keep a message for the host: its number, or null (the reason in the row's note). */
  async send(text, deadline = null) {
    if (!this.box) return null;
    try {
      return await this.box.send(text, { deadline });
    } catch (e) {
      this.row.note = { key: e.code === "full" ? "dg.full" : e.code === "elsewhere" ? "dg.elsewhere" : "dg.notSent",
        args: { detail: e.message || String(e) } };
      this.emit();
      return null;
    }
  }

  /** The state of this page's message `n`: "queued" (sent when online), "sent", "delivered", or null. */
  state(n) {
    return this.box && Number.isInteger(n) ? this.box.state(n) : null;
  }

  taken(code) {
    if (this.row.phase === "taken" && this.row.takenCode === code) return;
    this.row.phase = "taken";
    this.row.takenCode = code;
    this.save();
    this.emit();
  }

  alert(key, args = {}) {
    const was = this.row.alerts[key];
    if (was && JSON.stringify(was.args) === JSON.stringify(args)) return;
    this.row.alerts[key] = { key, args };
  }

  // --- what the host's table says ------------------------------------------------------------------
  async fromHost(text) {
    // The tab that holds this mail writes the row; another tab's copy may be older than what is kept.
    const kept = await getRow("joined", this.id).catch(() => null);
    if (kept && kept.v === VERSION) this.row = kept;
    const row = this.row;
    const got = read(text, "host");
    if (!got.ok) {
      console.warn(`days: ignored a message from the host: ${got.why}`);
      return;
    }
    row.heard = Date.now();
    const msg = got.msg;
    const wasMine = row.phase === "playing" && mayMove(shownSnap(row), row.seat);
    if (msg.type === "welcome") this.welcome(msg);
    else if (msg.type === "commitments") await this.terms(msg.terms);
    else if (msg.type === "snapshot") await this.snapshot(msg.snap);
    else if (msg.type === "refused") this.refused(msg.note);
    else if (msg.type === "cancelled") {
      // The host dropped the table before it started; after this page revealed, that is a start-over.
      const revealed = row.me.revealed && !row.me.started;
      this.alert(revealed ? "cancelledAfterReveal" : "cancelled", {});
      if (row.phase !== "playing" && row.phase !== "over") row.phase = "cancelled";
    } else if (msg.type === "notice") {
      this.alert(`notice-${msg.about}`, {});
    } else if (msg.type === "hint") {
      this.emit({ hint: msg });
    }
    await this.save();
    this.emit();
    const nowMine = row.phase === "playing" && mayMove(shownSnap(row), row.seat);
    if (nowMine !== wasMine || msg.type === "snapshot") refreshWaiting();
    if (nowMine && !wasMine) this.tell();
  }

  welcome(msg) {
    const row = this.row;
    const w = { seat: msg.seat, game: msg.game, host: msg.host };
    if (w.seat === null || !isGame(w.game) || !GAMES[w.game].playable
        || (row.me.welcome && JSON.stringify(row.me.welcome) !== JSON.stringify(w))) {
      // Another table behind the same link, or a host that changed its word: nothing changes here.
      this.alert("welcome", {});
      return;
    }
    if (!row.me.welcome) {
      row.me.welcome = w;
      row.game = w.game;
      row.seat = w.seat;
    }
    if (row.phase === "joining") row.phase = "joined";
    if (msg.started && (row.phase === "joined" || row.phase === "revealed")) row.phase = "playing";
  }

  async terms(terms) {
    const row = this.row;
    if (!row.me.welcome) return;
    const got = await acceptTerms(row.me, terms, { game: row.game, host: row.me.welcome.host, seat: row.seat, name: row.name,
      topic: row.id, engine });
    if (got.problem) {
      this.alert("terms", { detail: got.problem });
      return;
    }
    if (got.startedOver) {
      this.alert("otherTerms", {});
      return;
    }
    this.checkStartedOver();
    if (row.phase === "joined" || row.phase === "joining") row.phase = "revealed";
    await this.send(message("reveal", { contribution: row.me.contribution }));
  }

  /** Another table of this host this device revealed for, that never started: said, and named in the witness. */
  checkStartedOver() {
    const row = this.row;
    if (!row.me.welcome) return [];
    const said = startedOver(row.me.welcome.host, row.me);
    if (said.say) this.alert(said.say === "elsewhere" ? "elsewhere" : "startedOver", { when: said.say, at: said.at });
    return said.earlier;
  }

  async snapshot(part) {
    const row = this.row;
    if (!row.me.welcome || part.viewer !== row.seat || part.game !== row.game) {
      console.warn("days: ignored a snapshot for another seat or game");
      return;
    }
    const snap = layOver(row.snap, part);
    if (!snap) {
      // This page cannot lay it over what it holds: the whole table, once, until a whole one comes.
      if (!row.syncN || this.state(row.syncN) === "delivered") row.syncN = await this.send(message("sync", {}));
      return;
    }
    row.syncN = null;
    const kept = keepShown(row.me, snap, Date.now(), { compare: false });
    if (kept.history) this.alert("history", {});
    // Where the table differs from the terms: this device's engine says (one implementation of "what differs").
    const difference = await shownDifference(engine || await pageEngine(), row.me, snap)
      .catch((e) => { console.warn("days: the terms could not be checked", e.message || e); return null; });
    if (difference) this.alert("table", { d: difference });
    if (kept.ahead) this.alert("clockAhead", kept.ahead);
    row.snap = snap;
    if (row.phase !== "over") row.phase = snap.terminal ? "over" : "playing";
    this.settle();
    if (snap.terminal && !row.final) await this.end(snap);
  }

  /**
   * What the host's table answered leaves the list of this page's intents: one delivered (the host
   * acknowledges a message once its table has taken it) that is a table action, or a move followed by
   * another position (played, or refused). The previews of the others, chosen on a position that is
   * gone, are no longer drawn over the host's (`chain` null); a move the table moved on from is marked.
   */
  settle() {
    const row = this.row;
    if (!row.snap) return false;
    const before = row.pending.length;
    row.pending = row.pending.filter((p) => this.state(p.n) !== "delivered" || (p.kind === "move" && p.chain === row.snap.chain));
    const mine = (e) => e.seat === row.seat && e.by === "seat";
    for (const p of row.pending) {
      if (p.chain === row.snap.chain || p.chain === null) continue;
      p.chain = null;
      if (p.kind === "move" && row.snap.log.slice(p.base).some((e) => !mine(e))) p.movedOn = true;
    }
    return row.pending.length !== before;
  }

  refused(note) {
    const row = this.row;
    // The table moved on before this page's moves arrived (the snapshot that moved it came first:
    // the mail is read in order), or refused one: their previews go, and the host's position is drawn.
    const mine = (e) => e.seat === row.seat && e.by === "seat";
    const movedOn = !!row.snap && row.pending.some((p) => p.kind === "move" && row.snap.log.slice(p.base).some((e) => !mine(e)));
    for (const p of row.pending) if (p.kind === "move") p.chain = null;
    row.note = movedOn ? { key: "dg.movedOn", args: {} } : { key: "live.refused", args: { note } };
  }

  /** The game is over: this device's engine verifies the record held to what this page was promised and shown. */
  async end(snap) {
    const row = this.row;
    const earlier = this.checkStartedOver();
    const w = witness(row.me, { seat: row.seat, host: row.me.welcome.host, earlier });
    if (!engine) await follow();
    const end = engine ? await verifyEnd(engine, snap, w) : { record: { ...snap.record, witness: w }, ok: false, rows: null,
      verdict: null, summary: "no engine on this page", joint: [] };
    row.final = { ...end, seed: snap.seed };
    row.ended = Date.now();
    row.pending = [];
  }

  /** A notice that it is this seat's turn, while the site is in the background (when turned on). */
  tell() {
    const row = this.row;
    const d = row.snap && row.snap.days;
    const item = { deadline: d && Number.isFinite(d.deadlines[row.seat]) ? d.deadlines[row.seat] * 1000 : null, left: null };
    notifyTurn({ title: t("turns.notice.title", { game: t(`game.${row.game}`) }),
      body: t("turns.notice.body", { names: row.name, left: leftWords(item) }), href: `#/days/${row.id}`, tag: row.id });
  }

  // --- this seat's intents -------------------------------------------------------------------------
  /**
   * Play `action` (a move, or a table action: resign, a draw, a claim, a day given, a holiday). A
   * move is previewed with this device's engine from the seat's observation: when it reveals
   * nothing, the page shows the position after it at once (and the next step of the same turn);
   * otherwise it says the rest comes when the host's device is next online. The intent names the
   * entries of the log it was chosen after (`base`), so the host never plays it on another position.
   * → {n} or {error: words key}.
   */
  async play(action, eng = engine) {
    const row = this.row;
    const shown = shownSnap(row);
    if (!shown || row.phase !== "playing") return { error: "dg.notNow" };
    const control = action.startsWith("@");
    if (!control && !mayMove(shown, row.seat)) return { error: "dg.notNow" };
    let after = null;
    let words = null;
    if (!control) {
      const entry = (shown.legal || []).find((m) => m.action === action);
      if (!entry) return { error: "table.notLegal" };
      words = entry.words;
      try {
        after = await withTimeout(eng.call("preview", { game: row.game, seat: row.seat, observation: shown.observation, action }),
          PREVIEW_MS);
      } catch (e) {
        if (e && e.kind === "illegal") return { error: "table.notLegal" };
        after = null; // no preview here: the move goes, the host's device shows what follows
      }
      if (after && after.words) words = after.words;
    } else {
      const c = (row.snap.controls || []).find((x) => x.action === action);
      words = c ? c.words : { en: action, pt: action };
    }
    const days = row.snap.days;
    const deadline = days && Number.isFinite(days.deadlines[row.seat]) ? days.deadlines[row.seat] * 1000 : null;
    const base = row.snap.log.length;
    const n = await this.send(message("play", { seat: row.seat, action, base }), deadline);
    if (!n) return { error: row.note ? row.note.key : "dg.notSent" };
    row.note = null;
    const kind = control && !ENDS_TURN.test(action) ? "control" : "move";
    row.pending.push({ n, action, base, chain: row.snap.chain, kind, words, after: control ? null : after || null, at: Date.now() });
    await this.save();
    this.emit();
    refreshWaiting();
    return { n };
  }

  /** Let the table play seat `seat`'s move on its timer (it ran out of time and bank): the host's engine decides. */
  async letTablePlay(seat) {
    const row = this.row;
    const n = await this.send(message("timeout", { seat, base: row.snap.log.length }));
    if (!n) return { error: row.note ? row.note.key : "dg.notSent" };
    row.pending.push({ n, action: `timer:${seat}`, base: row.snap.log.length, chain: row.snap.chain, kind: "control",
      words: null, after: null, at: Date.now() });
    await this.save();
    this.emit();
    return { n };
  }

  close() {
    this.listeners.clear();
  }
}

function withTimeout(promise, ms) {
  return Promise.race([promise, new Promise((_, reject) => setTimeout(() => reject(new Error("preview took too long")), ms))]);
}

/** Test hook: the tables this page follows. */
export function followed() {
  return tables;
}
