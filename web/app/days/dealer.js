// The dealer: on every page of the site, while this device hosts a table over days, it deals for
// all of them without the person doing anything (docs/live.md, "Over days: the table", "The dealer"). It opens
// the page's mailbox hub (hub.js), every invited seat's mailbox of every hosted table, and takes
// each message that comes into that table's host (dealt.js: a HostCore over the mailboxes): a
// guest's join, reveal or move is applied, the bots move at once, each seat whose view changed is
// sent its snapshot, the table is kept, and only then is the message acknowledged. The game starts
// by itself once every invited seat has joined.
//
// It never slows the page the person is on: the engine's work runs in its worker, the tables are
// taken up one at a time in idle time, and a table's host lives only while there is work for it
// or a page of it is open (at most MAX_CORES at once; the engine keeps a bounded number of tables).
// One per page (dealerOf); main.js starts it once the engine is up, the set-up and a table's page
// when they need it.

import { t } from "../../lib/i18n.js";
import { refreshWaiting, notifyTurn, leftWords } from "../turns.js";
import { newTableId } from "../storage.js";
import { relays } from "../live/networks.js";
import { getRow, putRow } from "./store.js";
import { pageHub } from "./hub.js";
import { DealtTable } from "./dealt.js";
import { hostedRows, listHostedTurns, markHosting } from "./hosted.js";
import "../../lib/strings/shell.js";

/** Hosts kept at once beyond those a page shows (each holds a table in the engine's worker). */
export const MAX_CORES = 12;
/** Tables opened at once when the dealer starts. */
const OPEN_AT_ONCE = 8;
/** A host nothing asked of for this long goes (its mail stays open). */
const REST_AFTER_MS = 60_000;

let dealer = null;

/** The page's dealer (made on first use; start() deals). */
export function dealerOf(engine) {
  if (!dealer) dealer = new Dealer(engine);
  return dealer;
}

/** A moment the page does not need (the next idle time, or soon). */
function idle() {
  return new Promise((resolve) => (typeof requestIdleCallback === "function"
    ? requestIdleCallback(() => resolve(), { timeout: 250 }) : setTimeout(resolve, 0)));
}

export class Dealer {
  constructor(engine) {
    this.engine = engine;
    this.hub = pageHub();
    this.tables = new Map(); // id → DealtTable
    this.started = null;
    this.resting = setInterval(() => this.rest(), REST_AFTER_MS / 2);
    listHostedTurns();
  }

  now() {
    return Date.now();
  }

  /** Deal for every table this device hosts (once per page; later calls wait for the first). */
  start() {
    this.started ||= (async () => {
      await this.engine.ready;
      // Tables are opened a few at a time (each its lock, its mailboxes and their backlog reads): one
      // at a time, the last of fifty would wait for every other's relay round trips.
      const rows = (await hostedRows()).filter((row) => !this.tables.has(row.id)
        && !(row.phase === "cancelled" && !Object.keys(row.links || {}).length));
      for (let i = 0; i < rows.length; i += OPEN_AT_ONCE) {
        await idle();
        await Promise.all(rows.slice(i, i + OPEN_AT_ONCE).map((row) => this.add(row)));
      }
    })();
    return this.started;
  }

  async add(row) {
    if (this.tables.has(row.id)) return this.tables.get(row.id);
    const table = new DealtTable(this, row);
    this.tables.set(row.id, table);
    try {
      await table.begin();
    } catch (e) {
      console.warn(`days: table ${row.id} could not be opened`, e);
    }
    return table;
  }

  /** The table `id` this device hosts, dealt here (null when this device keeps no such table). */
  async table(id) {
    await this.start();
    if (this.tables.has(id)) return this.tables.get(id);
    const row = await getRow("hosted", id);
    return row ? this.add(row) : null;
  }

  /**
   * A new table over days from the host's set-up: `seats` ([{name, kind: "me" | "device" | "bot",
   * level}], seat 0 the host's), `hints`, `options` ({move_days, bank_days, holiday_days}). Its
   * invitations are made and kept; resolves with its id (#/days/<id>).
   */
  async create({ game, seats, hints, options }) {
    await this.start();
    const id = newTableId();
    const now = Date.now();
    const row = { id, v: 1, game, created: now, updated: now, phase: "inviting", relays: relays(), links: {}, lobby: null,
      contributions: {}, invitations: null, sent: {}, heard: {}, summary: null };
    await putRow("hosted", row);
    markHosting(true);
    const table = new DealtTable(this, row);
    this.tables.set(id, table);
    await table.begin();
    const core = table.makeCore();
    table.core = core;
    core.setCount(seats.length);
    seats.forEach((s, k) => Object.assign(core.seats[k], { name: s.name || "", kind: k === 0 ? "me" : s.kind, level: s.level }));
    core.timers = true;
    core.hints = !!hints;
    core.options = { ...options };
    await core.makeInvitations("mail");
    if (core.phase !== "inviting") {
      const why = core.error || "the invitations could not be made";
      await this.forget(table);
      throw new Error(why);
    }
    await table.flush();
    this.coreMade(table);
    this.listsChanged();
    return id;
  }

  /** A host was made: beyond MAX_CORES, the ones nothing needed for longest go. */
  coreMade() {
    this.rest(true);
  }

  rest(crowded = false) {
    const now = Date.now();
    const awake = [...this.tables.values()].filter((tb) => tb.core && !tb.core.dead && tb.holds === 0 && !tb.making)
      .sort((a, b) => a.used - b.used);
    let over = [...this.tables.values()].filter((tb) => tb.core && !tb.core.dead).length - MAX_CORES;
    for (const tb of awake) {
      if (over > 0 || (!crowded && now - tb.used > REST_AFTER_MS)) {
        const used = tb.used;
        // Once what it is doing is done, and only if nothing asked of it meanwhile.
        tb.core.idle().then(() => { if (tb.used === used) tb.sleep(); });
        over -= 1;
      }
    }
  }

  /** A message was taken at `table`: the lists count again, and a turn that came to this device's person is told. */
  moved(table, before) {
    this.listsChanged();
    if (before || !table.hostToAct()) return;
    const sum = table.row.summary;
    const deadline = typeof sum.deadlines[0] === "number" ? sum.deadlines[0] * 1000 : null;
    notifyTurn({
      title: t("turns.notice.title", { game: t(`game.${table.row.game}`) }),
      body: t("turns.notice.body", { names: sum.names[0], left: leftWords({ deadline }) }),
      href: `#/days/${table.id}`, tag: table.id,
    });
  }

  /** The lobby's lists and "Your turn" read the rows again (gathered: fifty tables dealt make one repaint). */
  listsChanged() {
    if (this.listTimer) return;
    this.listTimer = setTimeout(() => {
      this.listTimer = null;
      refreshWaiting();
      window.dispatchEvent(new Event("vt:tables-changed"));
    }, 150);
  }

  /** The table leaves this device (cancelled and told, or never made). */
  async forget(table) {
    this.tables.delete(table.id);
    await table.forgetRow();
    this.listsChanged();
  }
}
