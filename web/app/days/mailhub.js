// The hub of a device's mailboxes over days (docs/live.md, "Over days: the mailbox"): every table over
// days of this device on one relay pool per set of relays, one budget for all their strangers, and the
// boxes made, opened and listed from what the device keeps (store.js). A box itself is mail.js's Mailbox.

import { RelayPool, getPublicKey } from "../live/relay.js";
import { keysFor, newSecret, newSigningKey, newEphemeral, isSecret, isSigningKey, fromHex, keyFromLink } from "../live/seal.js";
import { Strangers } from "../live/strangers.js";
import * as store from "./store.js";
import { Mailbox, MailError } from "./mail.js";

const HEX64 = /^[0-9a-f]{64}$/;

/** Every table over days of this device on one relay pool (one per set of relays). */
export class MailHub {
  constructor({ relays = [], onChange = null } = {}) {
    this.relays = relays;
    this.onChange = onChange || (() => {});
    this.pools = new Map(); // relays, joined → {pool, users}
    this.boxes = new Map(); // box id → Mailbox
    this.byTopic = new Map();
    /** All strangers of all this device's tables together (strangers.js). */
    this.strangers = new Strangers();
    this.wake = () => {
      for (const { pool } of this.pools.values()) pool.wake();
      this.changed();
    };
    this.quiet = () => this.changed();
    addEventListener("online", this.wake);
    addEventListener("offline", this.quiet);
  }

  /** The boxes this device keeps: [{id, role, tableId, seat, topic}]. */
  async list() {
    return (await store.allBoxes()).map(({ id, role, tableId, seat, topic }) => ({ id, role, tableId, seat, topic }));
  }

  /** Online: the browser thinks so and a relay is connected. */
  get online() {
    return navigator.onLine && [...this.pools.values()].some(({ pool }) => pool.open > 0);
  }

  poolFor(urls) {
    const key = urls.join(" ");
    let p = this.pools.get(key);
    if (!p) {
      const pool = new RelayPool(urls, {
        stored: true,
        accept: (pubkey, topic) => { const b = this.byTopic.get(topic); return !!b && b.expects(pubkey); },
        onEvent: (ev) => { const b = this.byTopic.get(ev.tags[0][1]); if (b) b.fromEvent(ev); },
        onCaughtUp: (topic, url) => { const b = this.byTopic.get(topic); if (b) b.caughtUp(url); },
        onChange: () => this.changed(),
      });
      p = { pool, users: 0 };
      this.pools.set(key, p);
    }
    p.users += 1;
    return p.pool;
  }

  release(box) {
    if (!box.pool) return;
    const key = box.row.relays.join(" ");
    const p = this.pools.get(key);
    if (p && --p.users <= 0) {
      p.pool.close();
      this.pools.delete(key);
    }
  }

  /** A box: a new host invitation, a guest's link, or one this device keeps ({id}). See the top of this file. */
  async open({ id = null, role = null, tableId = null, seat = null, secret = null, hostKey = null, hostSecret = null,
    relays = null, ...handlers } = {}) {
    if (!id) id = await this.make({ role, tableId, seat, secret, hostKey, hostSecret, relays });
    if (this.boxes.has(id)) {
      const box = this.boxes.get(id);
      Object.assign(box.on, handlers);
      if (handlers.onMessage) box.deliver();
      return box;
    }
    const box = new Mailbox(this, id, handlers);
    this.boxes.set(id, box);
    try {
      await box.begin();
    } catch (e) {
      box.close();
      throw e;
    }
    return box;
  }

  /** Every box this device keeps, each with `handlers` (onMessage may be set per box later). */
  async openAll(handlers = {}) {
    const out = [];
    for (const { id } of await store.allBoxes()) out.push(await this.open({ id, ...handlers }));
    return out;
  }

  /** The id of the box for these keys, kept on this device from now on (a new one drawn when there is none). */
  async make({ role, tableId, seat, secret, hostKey, hostSecret, relays }) {
    if (role !== "host" && role !== "guest") throw new MailError("role", "a box is a host's or a guest's");
    if (role === "host" && !secret) secret = newSecret();
    if (!isSecret(secret)) throw new MailError("secret", "not an invitation secret");
    const { topic } = await keysFor(secret);
    const id = `${role} ${topic}`;
    if (await store.load(id)) return id;
    let sign;
    let hostPub;
    if (role === "host") {
      sign = hostSecret || newSigningKey();
      if (!isSigningKey(sign)) throw new MailError("key", "not a signing key");
      hostPub = getPublicKey(fromHex(sign));
    } else {
      hostPub = keyFromLink(hostKey) || (typeof hostKey === "string" && HEX64.test(hostKey) ? hostKey : null);
      if (!hostPub) throw new MailError("key", "not a host key");
      sign = newSigningKey(); // this device's key for the link
    }
    const pair = await newEphemeral(); // drawn once for the invitation, kept: the static key
    const now = Math.floor(Date.now() / 1000);
    const list = relays || this.relays;
    try {
      await store.create({ id, role, topic, tableId, seat, secret, sign, hostKey: hostPub,
        peerKey: role === "guest" ? hostPub : null, staticKey: pair.privateKey, staticPub: pair.pub, peerStatic: null,
        relays: [...list], nextOut: 1, nextIn: 1, acked: 0, newest: now, confirmed: false, taken: null, created: now });
    } catch (e) {
      if (!(await store.load(id))) throw e; // another tab made it meanwhile: that one is the box
    }
    return id;
  }

  changed() {
    try { this.onChange(); } catch (e) { console.error(e); }
    for (const b of this.boxes.values()) if (b.started && !b.closed) b.changed();
  }

  close() {
    for (const b of [...this.boxes.values()]) b.close();
    for (const { pool } of this.pools.values()) pool.close();
    this.pools.clear();
    removeEventListener("online", this.wake);
    removeEventListener("offline", this.quiet);
  }
}
