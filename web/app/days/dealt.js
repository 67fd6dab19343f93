// One table over days this device hosts, as its dealer (dealer.js) keeps it: its row in the days
// store (hosted.js says each field), the mailbox of each invited seat, and the host's table
// (HostCore, hostcore.js) while there is work for it — a message to take, a bot to move, a page of
// it open. The core keeps itself in a store over the row (hoststore.js's members), so everything a
// reload must not lose is in IndexedDB: the table-to-be, each seat's link, what each guest revealed,
// what each guest was sent last (so a core taken up again sends a guest only what it lacks), the
// save and the record (the engine's worker writes those).
//
// One tab of the device deals for a table at a time (a Web Lock per table, `vt-dealer <id>`;
// each mailbox holds its own too): another tab waits, and takes over when the first closes.

import { t } from "../../lib/i18n.js";
import { sha256Hex } from "../../lib/sha256.js";
import { HostCore } from "../live/hostcore.js";
import { DaysClocks } from "../live/hostclocks.js";
import { read } from "../live/protocol.js";
import { saveTable, readTable } from "../storage.js";
import { rememberLive, liveTable, forgetLive } from "../table/session.js";
import { putRow, deleteRow } from "./store.js";
import { MailTransport } from "./transport.js";
import { summaryOf } from "./hosted.js";

/** The engine's table commands: each carries `at`, the table's time now (docs/architecture.md, the bridge). */
const TABLE_COMMANDS = new Set(["new_table", "load_table", "snapshot", "play", "bot_play", "timeout", "hint"]);

export class DealtTable {
  constructor(dealer, row) {
    this.dealer = dealer;
    this.row = row;
    this.id = row.id;
    this.boxes = new Map(); // seat → Promise<Mailbox>
    this.core = null;
    this.making = null;
    this.holds = 0;
    this.used = Date.now();
    this.sending = new Set();
    this.writing = Promise.resolve();
    this.lastTime = 0;
    this.mine = false;
    this.listeners = new Set();
    this.store = tableStore(this);
  }

  /** This tab deals for the table once it holds the table's lock; until then another tab does. */
  async begin() {
    const name = `vt-dealer ${this.id}`;
    if (!navigator.locks) {
      this.mine = true;
    } else {
      this.mine = await new Promise((resolve) => {
        navigator.locks.request(name, { ifAvailable: true }, (lock) => {
          if (!lock) {
            resolve(false);
            return undefined;
          }
          resolve(true);
          return new Promise((release) => { this.unlock = release; });
        });
      });
      if (!this.mine) {
        navigator.locks.request(name, () => {
          if (this.gone) return undefined;
          this.mine = true;
          this.changed();
          this.openBoxes().then(() => (this.due() ? this.ensure() : null)).catch((e) => console.warn("days:", e));
          return new Promise((release) => { this.unlock = release; });
        });
        this.changed();
        return;
      }
    }
    await this.openBoxes();
    if (this.due()) this.ensure().catch((e) => console.warn("days: a table could not be taken up", e));
  }

  /** Whether the table has work to do without any message: a start, a table to make, a bot to move. */
  due() {
    const { phase, summary: sum } = this.row;
    if (phase === "starting") return true;
    if (phase === "inviting") return !!sum && (sum.invited || []).length > 0 && (sum.joined || []).length === sum.invited.length;
    return phase === "playing" && !!sum && !sum.over && (sum.players || []).length > 0
      && sum.players.every((k) => sum.bots[k]);
  }

  // --- the mailboxes ---------------------------------------------------------------------------
  async openBoxes() {
    for (const seat of Object.keys(this.row.links || {})) await this.boxOf(Number(seat));
  }

  /** The mailbox of `seat`'s invitation (opened once; the hub keeps it). */
  boxOf(seat) {
    if (!this.boxes.has(seat)) {
      const link = this.row.links[seat];
      const opening = this.dealer.hub.open({ role: "host", tableId: this.id, seat, secret: link.secret, hostSecret: link.hostKey,
        relays: this.row.relays,
        onMessage: (text) => this.received(seat, text),
        onPin: (key) => this.withCore((core) => core.pinned(core.guests.get(seat), key)),
        onStranger: (key, code) => this.withCore((core) => core.strangerAsked(core.guests.get(seat), key, code)),
        onState: () => this.boxChanged(seat) });
      opening.catch(() => this.boxes.delete(seat));
      this.boxes.set(seat, opening);
    }
    return this.boxes.get(seat);
  }

  /** The link of `g`'s seat, kept before it opens (transport.js prepare). */
  noteLink(g) {
    const links = (this.row.links ||= {});
    const was = links[g.seat];
    if (was && was.secret === g.secret && was.hostKey === g.hostKey) return;
    links[g.seat] = { secret: g.secret, hostKey: g.hostKey };
    this.flush();
  }

  /** `seat`'s invitation stops working: its mailbox leaves this device. */
  dropBox(seat) {
    const box = this.boxes.get(seat);
    this.boxes.delete(seat);
    if (this.row.links) delete this.row.links[seat];
    if (box) box.then((b) => b.forget()).catch((e) => console.warn("days: a mailbox was not forgotten", e));
  }

  /** A mailbox's state changed: over or cancelled, a box with nothing left to deliver is forgotten. */
  boxChanged(seat) {
    this.changed(true);
    if (this.row.phase !== "over" && this.row.phase !== "cancelled") return;
    const box = this.boxes.get(seat);
    if (!box) return;
    box.then((b) => {
      const s = b.status();
      if (!s.started || (s.pinned && s.waiting > 0) || this.forgetting) return;
      // The game's end (or the word that it is cancelled) reached that device: its mail goes.
      this.dropBox(seat);
      this.flush().then(() => (this.row.phase === "cancelled" && !Object.keys(this.row.links || {}).length
        ? this.dealer.forget(this) : null));
    });
  }

  /** Every mailbox's status (the host's page shows each guest's). */
  async statuses() {
    const out = {};
    for (const [seat, box] of this.boxes) {
      try { out[seat] = (await box).status(); } catch (_) { /* not open */ }
    }
    return out;
  }

  // --- the host's table ------------------------------------------------------------------------
  /** The host's table, taken up from the row when there is none (one per table on this device). */
  ensure() {
    this.used = Date.now();
    if (!this.mine) return Promise.reject(new Error("another tab of this device deals for this table"));
    if (this.core && !this.core.dead) return Promise.resolve(this.core);
    if (!this.making) {
      this.making = this.takeUp().finally(() => { this.making = null; });
    }
    return this.making;
  }

  withCore(fn) {
    return this.ensure().then(fn).catch((e) => console.warn("days:", e.message || e));
  }

  /** A new core for this table, not yet set up or taken up. */
  makeCore() {
    const dealer = this.dealer;
    const core = new HostCore({
      game: this.row.game, engine: dealer.engine, store: this.store,
      transports: { mail: (c, options) => new MailTransport(c, this, options) },
      now: () => dealer.now(),
      clocks: (c) => new DaysClocks(c),
      // A bot never waits: it moves at once, in the same step as the move before it.
      bots: { delayMs: 0 },
      engineArgs: (cmd) => (TABLE_COMMANDS.has(cmd) ? { at: this.at() } : {}),
      hintQuick: () => "phone",
    });
    core.on("snapshot", ({ snap }) => this.snapshot(snap));
    core.on("change", () => this.changed(true));
    core.on("note", ({ text }) => { this.note = text; this.changed(); });
    return core;
  }

  /** The time of the table's next step: the device's clock, never before the table's last time (unix s). */
  at() {
    return Math.max(Math.floor(this.dealer.now() / 1000), this.lastTime);
  }

  async takeUp() {
    await this.dealer.engine.ready;
    const core = this.makeCore();
    const phase = this.row.phase;
    this.core = core;
    if (phase === "playing" || phase === "over") await core.reopen(this.id);
    else if (phase === "inviting" || phase === "starting") {
      await core.resumeLobby(this.id);
      await this.restoreReveals(core);
    }
    if (core.phase !== "playing" && core.phase !== "inviting" && core.phase !== "starting") {
      const why = core.error || (core.lost && core.lost.why) || phase;
      core.destroy();
      this.core = null;
      this.problem = why;
      this.changed();
      throw new Error(`this table could not be taken up: ${why}`);
    }
    this.problem = null;
    this.dealer.coreMade(this);
    this.changed();
    this.startWhenAllHere();
    return core;
  }

  /** Contributions revealed before a reload (kept with the row): the table is made from them once all are in. */
  async restoreReveals(core) {
    for (const g of core.guests.values()) {
      const c = (this.row.contributions || {})[g.seat];
      if (c && !g.contribution && g.commitment && (await sha256Hex(c)) === g.commitment) g.contribution = c;
    }
    if (core.phase === "starting" && core.order.length && core.order.every((k) => core.guests.get(k).contribution)
        && !core.creating) {
      core.creating = true;
      core.enqueue(() => core.createTable());
    }
  }

  /** The game starts by itself once every invited seat's guest has joined. */
  startWhenAllHere() {
    const core = this.core;
    if (!core || core.phase !== "inviting" || !core.guests.size || !core.allHere() || this.startAsked) return;
    this.startAsked = true;
    core.start().then(() => this.flush());
  }

  /** A message from `seat`'s guest: taken in the table's queue, kept, and only then acknowledged. */
  async received(seat, text) {
    const core = await this.ensure();
    const g = core.guests.get(seat);
    if (!g || !g.channel) return;
    const got = read(text, "guest");
    if (got.ok && got.msg.type === "join") g.channel.session += 1;
    const before = this.hostToAct();
    core.received(g, g.channel, text);
    await core.idle();
    (this.row.heard ||= {})[seat] = this.dealer.now();
    await this.flush();
    this.dealer.moved(this, before);
  }

  hostToAct() {
    const sum = this.row.summary;
    return this.row.phase === "playing" && !!sum && !sum.over && (sum.players || []).includes(0);
  }

  /** Seat 0's new snapshot: the table's last time and the summary the lists read. */
  snapshot(snap) {
    const last = snap.log.length ? snap.log[snap.log.length - 1].time : null;
    const started = snap.days ? snap.days.started : 0;
    this.lastTime = Math.max(this.lastTime, started || 0, typeof last === "number" ? last : 0);
    this.row.summary = summaryOf(snap);
    if (snap.terminal) this.row.phase = "over";
    this.changed();
  }

  /** Something a page of this table shows changed (`soon`: it may be gathered). */
  changed(soon = false) {
    if (this.core && !this.core.dead) this.startWhenAllHere();
    for (const fn of [...this.listeners]) {
      try { fn(soon); } catch (e) { console.error(e); }
    }
  }

  on(fn) {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  // --- what goes to a guest ----------------------------------------------------------------------
  /** `text` to `g`'s device through its mailbox; what the core sent it last is kept once the box has it. */
  send(g, ch, text) {
    if (!ch.open) return false;
    const kept = Array.isArray(g.sentLog) ? { log: g.sentLog.slice(), view: g.lastView || null } : null;
    const sending = ch.box.send(text, { deadline: this.deadlineFor(g.seat) }).then(() => {
      (this.row.sent ||= {})[g.seat] = kept;
    }, (e) => {
      // Not kept (too much waits for that device): it gets the whole table with the next message.
      console.warn(`days: a message to seat ${g.seat + 1} was not kept`, e.message || e);
      g.sentLog = null;
      g.lastView = null;
      (this.row.sent ||= {})[g.seat] = null;
      this.note = t("days.undelivered", { n: (ch.box.status().waiting || 0) + 1 });
      this.changed();
    });
    this.sending.add(sending);
    sending.finally(() => this.sending.delete(sending));
    return true;
  }

  /** What the core sent `g` last, as the row keeps it (transport.js invite). */
  restoreSent(g) {
    const s = (this.row.sent || {})[g.seat];
    if (s && Array.isArray(s.log) && s.log.every((x) => typeof x === "string")) {
      g.sentLog = s.log.slice();
      g.lastView = typeof s.view === "string" ? s.view : null;
    }
  }

  /** The deadline a message to `seat` goes with (ms; how long relays keep it): that seat's, else the table's first. */
  deadlineFor(seat) {
    const sum = this.row.summary;
    if (!sum || !Array.isArray(sum.deadlines)) return null;
    const mine = sum.deadlines[seat];
    if (typeof mine === "number") return mine * 1000;
    const all = sum.deadlines.filter((x) => typeof x === "number");
    return all.length ? Math.min(...all) * 1000 : null;
  }

  // --- keeping the row ---------------------------------------------------------------------------
  /** Write the row, once what went to the mailboxes is kept there (one write at a time, the last state). */
  flush() {
    const write = async () => {
      await Promise.all([...this.sending]);
      if (this.gone) return;
      this.collect();
      this.row.updated = Date.now();
      await putRow("hosted", JSON.parse(JSON.stringify(this.row)));
    };
    this.writing = this.writing.then(write, write);
    return this.writing;
  }

  /** What the row keeps of the core: each guest's revealed contribution, the phase, the summary before the start. */
  collect() {
    const core = this.core;
    if (!core || core.dead) return;
    const row = this.row;
    row.contributions = row.contributions || {};
    for (const g of core.guests.values()) if (g.contribution) row.contributions[g.seat] = g.contribution;
    if (core.phase === "inviting" || core.phase === "starting") {
      row.phase = core.phase;
      row.summary = {
        names: core.seats.map((_, k) => core.seatName(k)),
        bots: core.seats.map((s) => s.kind === "bot"),
        invited: [...core.guests.keys()],
        joined: [...core.guests.values()].filter((g) => g.joined).map((g) => g.seat),
      };
    } else if (core.phase === "setup" && (row.phase === "inviting" || row.phase === "starting")) {
      row.phase = "cancelled";
    }
  }

  // --- a page of the table ---------------------------------------------------------------------
  /** A page shows the table: its core stays while it does. */
  async hold() {
    this.holds += 1;
    return this.ensure();
  }

  release() {
    this.holds = Math.max(0, this.holds - 1);
    this.used = Date.now();
  }

  /** Something the host's person does at the table (`fn(core)`): done, kept, and the lists told. */
  async act(fn) {
    const core = await this.ensure();
    await fn(core);
    await core.idle();
    await this.flush();
    this.dealer.moved(this, true);
  }

  /** Cancel the table before it started: every guest's page is told, and the links stop working. */
  async cancel() {
    const core = await this.ensure();
    core.cancel();
    this.row.phase = "cancelled";
    this.row.summary = { ...(this.row.summary || {}), over: true };
    await this.flush();
    // Those who never opened their link never get the word: their mailboxes go at once.
    for (const [seat, box] of [...this.boxes]) {
      const b = await box;
      if (!b.status().pinned) this.dropBox(seat);
      else this.boxChanged(seat);
    }
    await this.flush();
    this.dealer.moved(this, false);
    if (!Object.keys(this.row.links || {}).length) await this.dealer.forget(this);
  }

  /** No page shows it and nothing waits: the core goes (its engine table is closed), the mail stays. */
  sleep() {
    const core = this.core;
    if (!core || this.holds > 0 || this.making) return false;
    this.core = null;
    core.destroy();
    if (core.table) this.dealer.engine.call("close", { table: core.table }).catch(() => {});
    forgetLive(this.id);
    return true;
  }

  /** This tab no longer deals for the table (the page goes, or the table is forgotten). */
  close() {
    this.gone = true;
    this.sleep();
    for (const box of this.boxes.values()) box.then((b) => b.close(), () => {});
    this.boxes.clear();
    if (this.unlock) this.unlock();
  }

  async forgetRow() {
    this.close();
    await deleteRow("hosted", this.id);
  }
}

/** The store a table's core keeps itself in (hoststore.js's members), over the table's row. */
function tableStore(table) {
  const row = () => table.row;
  return {
    // One id for the table-to-be, the started table's save and the row: the address #/days/<id>.
    newTableId: () => table.id,
    async saveTable(save) {
      const ok = await saveTable({ ...save, days: true });
      const r = row();
      if (r.phase === "inviting" || r.phase === "starting") {
        r.phase = "playing";
        await table.flush();
      }
      return ok;
    },
    readTable,
    keepLobby(lobby) {
      row().lobby = JSON.stringify(lobby);
      table.flush();
      return true;
    },
    lobbyText: () => row().lobby || null,
    forgetLobby() {
      row().lobby = null;
      table.flush();
    },
    staleLobbies: () => [],
    keepInvitations(tableId, guests) {
      const seats = {};
      for (const g of guests) if (g.secret) seats[g.seat] = { secret: g.secret, hostKey: g.hostKey, device: g.device || null };
      row().invitations = { mode: "mail", seats, watchers: [] };
      table.flush();
    },
    keptInvitations: () => row().invitations || null,
    // The game is over: the mailboxes go once the end has reached each device (DealtTable.boxChanged).
    forgetInvitations() {
      row().phase = "over";
      table.flush();
    },
    rememberLive, liveTable, forgetLive,
  };
}
