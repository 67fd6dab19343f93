// The mailbox of a table over days: numbered, sealed messages between a host's device and one
// guest's device, kept on both until acknowledged, carried by Nostr relays as stored events
// (docs/live.md, "Over days: the mailbox", says every rule exactly).
//
// A relay is a mailbox, not storage: each side keeps its whole mail in IndexedDB (store.js) and
// sends again whatever the other side has not acknowledged, whenever it comes online and every
// REPUBLISH_MS while it stays; so nothing depends on a relay keeping anything longer than a day.
// What a relay sees is what it sees of a live table: a topic, pieces of one length, times.
//
// Keys. The invitation's link keys (seal.js) seal only the handshake: the guest's hello (its
// static public key and device key) and the host's accept (the host's static public key and the
// hash of the guest's static key it answers). Each side draws one static P-256 key pair per
// invitation, its private half a non-extractable CryptoKey kept in IndexedDB; the mail keys come
// from ECDH between the two static keys, so a copy of the link, once the seat is taken, reads
// nothing. Who signs is as at a live table: the host key named in the link, the guest's device
// key pinned at its first hello; strangers share one budget (strangers.js) and get "taken".
//
// The API (one hub per page, mailhub.js; every table over days of this device on it):
//
//   const hub = new MailHub({relays, onChange})          relays: the relays for new host boxes
//   const box = await hub.open({role: "host", tableId, seat, secret?, hostSecret?, relays?, …})
//   const box = await hub.open({role: "guest", secret, hostKey, tableId?, relays?, …})
//   const box = await hub.open({id})                     a box this device keeps (hub.list())
//   const boxes = await hub.openAll(handlers)            every box this device keeps
//     handlers (each optional): onMessage(text, n) (may return a promise: the message is
//     acknowledged once it resolves; after a reload, a message whose handler did not finish comes
//     again with the same n), onState(status), onPin(deviceKey) (a host: the seat was taken),
//     onStranger(deviceKey, code) (a host: another device asked for the seat; its hand-over code),
//     onTaken(code) (a guest: this device is such a stranger).
//   box.invitation            {secret, hostKey (43 characters)}: a host's link is
//                             #/join?t=<secret>&h=<hostKey>[&r=<relays>]&d=1
//   await box.send(text, {deadline})   → n, once the message is kept on this device; deadline: the
//                             move's deadline (ms since 1970) or none. Throws MailError "too-long",
//                             "full" (too much unacknowledged: nothing is dropped, the page says
//                             the earlier ones are not delivered yet) or "elsewhere" (another tab
//                             of this device holds this table's mail).
//   box.onMessage(fn), box.state(n) → "queued" | "sent" | "delivered" | null, box.status(),
//   await box.handOver(deviceKey) (a host), box.close(), await box.forget(), hub.close().

import { getPublicKey } from "../live/relay.js";
import { keysFor, sealBatch, openPiece, joinPieces, gather, agreedKeys, isEphemeral, fromHex, toB64u, fromB64u, keyForLink,
  MAX_PIECES, MAX_BATCH, PIECE } from "../live/seal.js";
import { Strangers, handOverCode } from "../live/strangers.js";
import * as store from "./store.js";

const DAY_MS = 86_400_000;
/** While online, what is still unacknowledged goes again this often. */
export const REPUBLISH_MS = 10 * 60_000;
/** A box reads back what relays kept since the newest event it read, less this. */
const LOOKBACK_MS = DAY_MS;
/** Expirations: a message's at its deadline + AFTER_DEADLINE_MS, at least SHORT_MS and at most LONGEST_MS ahead. */
const SHORT_MS = 3 * DAY_MS;
const AFTER_DEADLINE_MS = 2 * DAY_MS;
const LONGEST_MS = 30 * DAY_MS;
/** An acknowledgement made this long after a message was sent, without it, means the other side missed it. */
const MISSED_MS = 60_000;
const ACK_DELAY_MS = 1000;
/** A host answers its seat's device's hello again at most this often. */
const ACCEPT_EVERY_MS = 5000;
/** Numbers this far ahead of the next one expected are dropped. */
const WINDOW = 512;
/** Envelopes go together in one batch up to this many bytes of text (sizeOf). */
const BATCH_TEXT = 200_000;
/** A piece's room for a batch (seal.js: a piece less its header). */
const PIECE_HEADER = 16;
const MAX_ENVELOPES = 300;
/** Batches of the other side half received, per box (the oldest forgotten first). */
const PARTIAL = 16;
/** A guest keeps this many of the host's pieces that came before the host's accept, to read them after it. */
const EARLY = 64;
/** Strangers' keys a host remembers, to hand the seat to one of them. */
const STRANGERS_KEPT = 8;
/**
 * A host's invitation nobody took yet reads the hellos of unknown keys within a budget of its own:
 * a burst of this many, then one every NEWCOMER_EVERY_MS. Its first hello takes the seat, so only
 * whoever else holds that very link spends it; their number is bounded by the host's own
 * invitations, not by keys, and the strangers of taken seats (the shared budget) never delay it.
 */
const NEWCOMER_BURST = 8;
const NEWCOMER_EVERY_MS = 4000;
const SALT = "valley-tables days v1";
const HEX64 = /^[0-9a-f]{64}$/;
const B64U43 = /^[A-Za-z0-9_-]{43}$/;
const NONCE = /^[A-Za-z0-9_-]{22}$/;

/**
 * What each side may send. `text`: one message, in bytes as its batch carries it (the text as a
 * JSON string, UTF-8); `batch`/`pieces`: one batch as it expands and as it travels; `ahead`: what
 * the other side keeps of it ahead of order; `out`/`outBytes`: what the sender keeps
 * unacknowledged (bytes as for `text`), past which send() refuses.
 */
export const LIMITS = {
  fromGuest: { text: 16_384, batch: 262_144, pieces: 8, ahead: 2_000_000, out: 256, outBytes: 1_000_000 },
  fromHost: { text: 2_000_000, batch: MAX_BATCH, pieces: MAX_PIECES, ahead: 16_000_000, out: 256, outBytes: 8_000_000 },
};

export class MailError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

const isCount = (x) => Number.isInteger(x) && x >= 0 && x < 2 ** 40;
const utf8 = new TextEncoder();
/** A text's bytes in a batch: as a JSON string, in UTF-8 (escapes and all). */
const sizeOf = (text) => utf8.encode(JSON.stringify(text)).length;

/** The bytes `text` takes compressed as a batch does (deflate-raw). */
async function packedSize(text) {
  const stream = new Blob([utf8.encode(text)]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return (await new Response(stream).arrayBuffer()).byteLength;
}
const isText = (re) => (x) => typeof x === "string" && re.test(x);

/** An envelope read strictly; null when it is not one. A text longer than `maxText` keeps its number, not its text. */
export function readEnvelope(x, maxText) {
  if (x === null || typeof x !== "object" || Array.isArray(x)) return null;
  if (x.k === "hello") return isEphemeral(x.s) && isText(HEX64)(x.p) ? { k: "hello", s: x.s, p: x.p } : null;
  if (x.k === "accept") return isEphemeral(x.s) && isText(B64U43)(x.h) ? { k: "accept", s: x.s, h: x.h } : null;
  if (x.k === "taken") {
    return isText(HEX64)(x.p) && isText(B64U43)(x.h) && isText(NONCE)(x.c) ? { k: "taken", p: x.p, h: x.h, c: x.c } : null;
  }
  if (x.k === "ack") return isCount(x.a) ? { k: "ack", a: x.a } : null;
  if (x.k === "data") {
    if (!isCount(x.n) || x.n < 1 || !isCount(x.a) || typeof x.m !== "string") return null;
    return x.m.length > maxText ? { k: "data", n: x.n, a: x.a, m: "", dropped: true } : { k: "data", n: x.n, a: x.a, m: x.m };
  }
  return null;
}

const HANDSHAKE = new Set(["hello", "accept", "taken"]);
/** An unacknowledged message as it is kept. */
const row = (m) => ({ n: m.n, text: m.text, deadline: m.deadline, made: m.made, sent: m.sent });

/** The mail keys of a pair of static keys: agreedKeys with salt "valley-tables days v1", info "<direction> <topic>". */
export function mailKeys(topic, staticKey, theirPub) {
  return agreedKeys(topic, staticKey, theirPub, SALT);
}

/** SHA-256 of a static public key's 65 bytes, base64url (43 characters): what an accept or a "taken" is bound to. */
export async function staticHash(pub) {
  return toB64u(new Uint8Array(await crypto.subtle.digest("SHA-256", fromB64u(pub))));
}

/** When a message's events expire (ms): its deadline + 2 days, 3 to 30 days from now; 30 days with no deadline. */
export function expiryOf(deadline, now = Date.now()) {
  const wanted = Number.isFinite(deadline) ? deadline + AFTER_DEADLINE_MS : now + LONGEST_MS;
  return Math.min(now + LONGEST_MS, Math.max(now + SHORT_MS, wanted));
}

/** Hold the Web Lock `name` while this page keeps the box (one tab per box): {release} or null when another holds it. */
function lockNow(name) {
  if (!navigator.locks) return Promise.resolve({ release() {} });
  return new Promise((resolve) => {
    navigator.locks.request(name, { ifAvailable: true }, (lock) => {
      if (!lock) {
        resolve(null);
        return undefined;
      }
      return new Promise((release) => resolve({ release }));
    });
  });
}

function lockLater(name, got) {
  navigator.locks.request(name, () => new Promise((release) => got({ release })));
}

export class Mailbox {
  constructor(hub, id, handlers) {
    this.hub = hub;
    this.id = id;
    this.on = { onMessage: null, onState: null, onPin: null, onStranger: null, onTaken: null, ...handlers };
    this.started = false;
    this.closed = false;
    this.chain = Promise.resolve();
    this.caught = false;
    this.batches = new Map();
    this.early = [];
    this.strangersSeen = new Map();
    this.acceptAt = 0;
    this.delivery = Promise.resolve();
    this.newcomers = { tokens: NEWCOMER_BURST, at: Date.now() };
    this.candidates = [];
    this.backlogRead = false;
  }

  /** Take the box's lock, then its state; while another tab holds it, wait for it. */
  async begin() {
    const name = `vt-days ${this.id}`;
    const lock = await lockNow(name);
    if (lock) {
      this.lock = lock;
      await this.start();
      return;
    }
    this.changed();
    lockLater(name, (l) => {
      if (this.closed) {
        l.release();
        return;
      }
      this.lock = l;
      this.start().catch((e) => console.warn("days: a table's mail did not open", e.message || e));
    });
  }

  async start() {
    const kept = await store.load(this.id);
    if (!kept) throw new MailError("gone", "this table's mail is no longer kept on this device");
    const row = kept.box;
    this.row = row;
    this.role = row.role;
    this.topic = row.topic;
    this.limits = this.role === "host" ? LIMITS.fromGuest : LIMITS.fromHost; // what the other side may send
    this.own = this.role === "host" ? LIMITS.fromHost : LIMITS.fromGuest;
    this.outDir = this.role === "host" ? "toGuest" : "toHost";
    this.inDir = this.role === "host" ? "toHost" : "toGuest";
    this.linkKeys = await keysFor(row.secret);
    this.mySign = fromHex(row.sign);
    this.myKey = getPublicKey(this.mySign);
    this.myHash = await staticHash(row.staticPub);
    this.keys = row.peerStatic ? await mailKeys(this.topic, row.staticKey, row.peerStatic) : null;
    this.out = new Map(kept.out.map((m) => [m.n, { n: m.n, text: m.text, deadline: m.deadline, made: m.made, sent: m.sent,
      lastAt: 0 }]));
    for (const m of this.out.values()) m.size = sizeOf(m.text);
    this.outBytes = [...this.out.values()].reduce((s, m) => s + m.size, 0);
    this.inbox = new Map(kept.inbox.map((m) => [m.n, m.size])); // n → size: the texts wait in IndexedDB
    this.inboxBytes = kept.inbox.reduce((s, m) => s + m.size, 0);
    this.pool = this.hub.poolFor(row.relays);
    this.started = true;
    this.hub.byTopic.set(this.topic, this);
    this.watch();
    this.timer = setInterval(() => { if (this.hub.online) this.run(() => this.republish(null, false)); }, REPUBLISH_MS);
    this.changed();
    this.deliver();
  }

  /** What the pool reads for this box: its other side's key (a host's before anyone: any key), since the newest read less a day. */
  watch() {
    const since = Math.max(this.row.newest * 1000 - LOOKBACK_MS, Date.now() - LONGEST_MS);
    this.heard = this.pool.watch(this.topic, { authors: this.row.peerKey ? [this.row.peerKey] : null,
      strangers: this.role === "host", since: since / 1000 });
    if (!this.heard) console.warn("days: this device hears too many tables over days; this one waits");
  }

  /** One change of state at a time (the handler of a message runs outside, so it may send). */
  run(fn) {
    const next = this.chain.then(() => (this.closed || !this.started ? null : fn()));
    this.chain = next.catch((e) => console.warn("days: mail", e.message || e));
    return next;
  }

  get invitation() {
    return this.row && this.role === "host" ? { secret: this.row.secret, hostKey: keyForLink(this.row.hostKey) } : null;
  }

  // --- sending -------------------------------------------------------------------------------
  /** Keep `text` as the next message and send it when it can go: its number, once it is kept on this device. */
  send(text, { deadline = null } = {}) {
    if (typeof text !== "string") return Promise.reject(new MailError("not-text", "a message is text"));
    const size = sizeOf(text);
    if (size > this.own.text) return Promise.reject(new MailError("too-long", "the message is too long"));
    if (!this.started) return Promise.reject(new MailError("elsewhere", "another tab of this device holds this table's mail"));
    return this.run(async () => {
      if (this.out.size >= this.own.out || this.outBytes + size > this.own.outBytes) {
        throw new MailError("full", "too many messages wait for the other side");
      }
      // One that could never go in one batch is refused now, not found out at each sending.
      if (await packedSize(JSON.stringify([{ k: "data", n: this.row.nextOut, a: this.row.nextIn, m: text }]))
          > this.own.pieces * (PIECE - PIECE_HEADER)) {
        throw new MailError("too-long", "the message is too long");
      }
      const n = this.row.nextOut;
      const msg = { n, text, size, deadline: Number.isFinite(deadline) ? deadline : null, made: Date.now(), sent: false, lastAt: 0 };
      await store.change(this.id, { box: { nextOut: n + 1 }, out: [row(msg)] });
      this.row.nextOut = n + 1;
      this.out.set(n, msg);
      this.outBytes += size;
      this.changed();
      if (this.keys) this.sendData([msg]).catch((e) => console.warn("days: not sent yet", e.message || e));
      return n;
    });
  }

  /** Seal `envs` (under the link or mail keys) into batches of pieces and hand them to the pool. */
  async publish(envs, { under, to = null, expiresAt, priority = null, onSent = null }) {
    const keys = under === "link" ? this.linkKeys : this.keys;
    let pieces;
    try {
      pieces = await sealBatch(keys, this.outDir, JSON.stringify(envs), this.own.pieces);
    } catch (e) {
      if (envs.length < 2) throw e;
      // Too long for one batch: in two halves.
      const half = Math.ceil(envs.length / 2);
      const both = [];
      const sent = onSent ? () => { both.push(1); if (both.length === 2) onSent(); } : null;
      await this.publish(envs.slice(0, half), { under, to, expiresAt, priority, onSent: sent });
      await this.publish(envs.slice(half), { under, to, expiresAt, priority, onSent: sent });
      return;
    }
    let left = pieces.length;
    const each = onSent ? () => { left -= 1; if (left === 0) onSent(); } : null;
    for (const content of pieces) {
      this.pool.publish({ topic: this.topic, content, secretKey: this.mySign, priority, expiration: Math.floor(expiresAt / 1000),
        to, onSent: each });
    }
  }

  /** Messages (in order) to the other side, with the acknowledgement of what came from it, in batches of BATCH_TEXT. */
  async sendData(msgs, to = null) {
    if (!this.keys || !msgs.length) return;
    const now = Date.now();
    const a = this.row.nextIn - 1;
    let group = [];
    let size = 0;
    const flush = async () => {
      const batch = group;
      group = [];
      size = 0;
      const expiresAt = Math.max(...batch.map((m) => expiryOf(m.deadline, now)));
      for (const m of batch) m.lastAt = now;
      await this.publish(batch.map((m) => ({ k: "data", n: m.n, a, m: m.text })), { under: "mail", to, expiresAt,
        onSent: () => this.run(() => this.markSent(batch)) });
    };
    for (const m of msgs) {
      if (group.length && (size + m.size > BATCH_TEXT || group.length >= MAX_ENVELOPES - 1)) await flush();
      group.push(m);
      size += m.size;
    }
    if (group.length) await flush();
  }

  /** A relay took every piece of a batch: its messages are sent (kept so across reloads). */
  async markSent(batch) {
    const now = batch.filter((m) => !m.sent && this.out.get(m.n) === m);
    if (!now.length) return;
    for (const m of now) m.sent = true;
    await store.change(this.id, { out: now.map(row) });
    this.changed();
  }

  async sendAck(to = null) {
    if (!this.keys) return;
    await this.publish([{ k: "ack", a: this.row.nextIn - 1 }], { under: "mail", to, expiresAt: Date.now() + SHORT_MS });
  }

  ackSoon() {
    if (this.ackTimer || this.closed) return;
    this.ackTimer = setTimeout(() => {
      this.ackTimer = null;
      this.run(() => this.sendAck());
    }, ACK_DELAY_MS);
  }

  sayHello(to = null) {
    return this.publish([{ k: "hello", s: this.row.staticPub, p: this.myKey }], { under: "link", to, priority: "handshake",
      expiresAt: Date.now() + SHORT_MS });
  }

  async sayAccept(to = null) {
    this.acceptAt = Date.now();
    const h = await staticHash(this.row.peerStatic);
    await this.publish([{ k: "accept", s: this.row.staticPub, h }], { under: "link", to, priority: "handshake",
      expiresAt: Date.now() + SHORT_MS });
  }

  /**
   * Everything the other side may lack, to relay `to` (or all): the handshake while it is not
   * done, every unacknowledged message, and (coming online: `ack`) the acknowledgement of what came.
   */
  async republish(to, ack) {
    if (this.role === "guest" && !this.keys && (ack || !this.row.taken)) await this.sayHello(to);
    if (this.role === "host" && this.row.peerKey && !this.row.confirmed) await this.sayAccept(to);
    if (!this.keys) return;
    if (this.out.size) await this.sendData([...this.out.values()], to);
    else if (ack) await this.sendAck(to);
  }

  /** Relay `url` sent what it kept for this box: this device is online there; it says what it has and sends what waits. */
  caughtUp(url) {
    this.caught = true;
    this.changed();
    // After what the backlog brought is read and handed to the page, so that the acknowledgement says it.
    this.idle().then(() => this.run(async () => {
      if (!this.backlogRead) {
        this.backlogRead = true;
        await this.pinEarliest();
      }
      await this.republish(url, true);
    }));
  }

  /** A host's invitation whose backlog held hellos: the earliest takes the seat, the others are strangers. */
  async pinEarliest() {
    const hellos = this.candidates.sort((x, y) => x.at - y.at);
    this.candidates = [];
    for (const h of hellos) {
      if (!this.row.peerKey) await this.pin(h.from, h.s);
      else if (h.from !== this.row.peerKey) await this.strangerHello(h.from, h.s);
    }
  }

  /** When everything read so far has been handed to the page (or waits for a handler). */
  async idle() {
    await this.chain;
    await this.delivery;
  }

  // --- receiving -----------------------------------------------------------------------------
  /** The relay pool's question before any signature is checked: is this key worth reading here? */
  expects(pubkey) {
    if (!this.started || this.closed) return false;
    if (pubkey === this.row.peerKey) return true;
    if (this.role !== "host" || pubkey === this.myKey) return false;
    if (this.row.peerKey) return this.hub.strangers.admit(pubkey);
    const now = Date.now();
    const b = this.newcomers;
    b.tokens = Math.min(NEWCOMER_BURST, b.tokens + (now - b.at) / NEWCOMER_EVERY_MS);
    b.at = now;
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

  fromEvent(ev) {
    this.run(() => this.read(ev));
  }

  async read(ev) {
    const fromPeer = ev.pubkey === this.row.peerKey;
    let piece = null;
    let under = "mail";
    if (fromPeer && this.keys) piece = await openPiece(this.keys, this.inDir, ev.content, this.limits.pieces);
    if (!piece) {
      piece = await openPiece(this.linkKeys, this.inDir, ev.content, 1);
      under = "link";
    }
    if (!piece) {
      // The host's mail can come before its accept (a backlog is read newest first): kept until then.
      if (fromPeer && !this.keys && this.role === "guest") {
        this.early.push(ev);
        if (this.early.length > EARLY) this.early.shift();
      }
      return;
    }
    if (fromPeer && ev.created_at > this.row.newest) {
      this.row.newest = ev.created_at;
      this.pool.since(this.topic, ev.created_at - LOOKBACK_MS / 1000);
      this.keepNewestSoon();
    }
    const parts = gather(this.batches, `${under}:${piece.id}`, piece, PARTIAL);
    if (!parts) return;
    let list;
    try {
      list = JSON.parse(await joinPieces(parts, under === "link" ? 4096 : this.limits.batch));
    } catch (_) {
      return;
    }
    if (!Array.isArray(list) || list.length > MAX_ENVELOPES) return;
    for (const raw of list) {
      const env = readEnvelope(raw, this.limits.text);
      if (!env || this.closed) continue;
      // The handshake comes under the link keys, the mail under the mail keys, and only from the other side.
      if (HANDSHAKE.has(env.k) !== (under === "link")) continue;
      if (env.k === "hello") await this.onHello(env, ev.pubkey, ev.created_at);
      else if (!fromPeer) continue;
      else if (env.k === "accept") await this.onAccept(env);
      else if (env.k === "taken") await this.onTaken(env);
      else await this.onMail(env, ev.created_at);
    }
  }

  keepNewestSoon() {
    if (this.newestTimer) return;
    this.newestTimer = setTimeout(() => {
      this.newestTimer = null;
      if (!this.closed) this.run(() => store.change(this.id, { box: { newest: this.row.newest } }));
    }, 5000);
  }

  async onHello(env, from, at) {
    if (this.role !== "host" || env.p !== from) return; // a hello names the key that signed it
    if (!this.row.peerKey) {
      // The first device to say hello takes the seat: in a backlog (sent newest first), the
      // earliest hello read, once the backlog is read.
      if (!this.backlogRead) {
        if (this.candidates.length < NEWCOMER_BURST * 2) this.candidates.push({ from, s: env.s, at });
        return;
      }
      await this.pin(from, env.s);
      return;
    }
    if (from !== this.row.peerKey) {
      await this.strangerHello(from, env.s);
      return;
    }
    // The seat's device says hello: it lacks the accept. Again, with what waits for it.
    if (env.s !== this.row.peerStatic || Date.now() - this.acceptAt < ACCEPT_EVERY_MS) return;
    await this.sayAccept();
    await this.sendData([...this.out.values()]);
  }

  /** The first device to say hello takes the seat. */
  async pin(deviceKey, theirStatic, reset = {}) {
    let keys;
    try {
      keys = await mailKeys(this.topic, this.row.staticKey, theirStatic);
    } catch (_) {
      return; // not a point: not a hello
    }
    const patch = { peerKey: deviceKey, peerStatic: theirStatic, confirmed: false, ...reset };
    await store.change(this.id, { box: patch });
    Object.assign(this.row, patch);
    this.keys = keys;
    this.watch();
    try { if (this.on.onPin) this.on.onPin(deviceKey); } catch (e) { console.error(e); }
    this.changed();
    await this.sayAccept();
    await this.sendData([...this.out.values()]);
  }

  async strangerHello(deviceKey, theirStatic) {
    this.strangersSeen.delete(deviceKey);
    this.strangersSeen.set(deviceKey, theirStatic);
    if (this.strangersSeen.size > STRANGERS_KEPT) this.strangersSeen.delete(this.strangersSeen.keys().next().value);
    if (!this.hub.strangers.answers(deviceKey)) return;
    const c = await this.hub.strangers.nonce(this.topic, deviceKey);
    await this.publish([{ k: "taken", p: deviceKey, h: await staticHash(theirStatic), c }], { under: "link", priority: "low",
      expiresAt: Date.now() + SHORT_MS });
    const code = await handOverCode(this.topic, deviceKey, c);
    try { if (this.on.onStranger) this.on.onStranger(deviceKey, code); } catch (e) { console.error(e); }
  }

  /**
   * A host hands the seat to a device that asked for it (its hand-over code matched, the page
   * asked its person). Numbering starts again at 1 with that device; what waited for the old one
   * is dropped (the page sends the table anew). Resolves false when that device is not known here.
   */
  handOver(deviceKey) {
    return this.run(async () => {
      const theirStatic = this.strangersSeen.get(deviceKey);
      if (this.role !== "host" || !theirStatic) return false;
      await store.change(this.id, { outUpTo: this.row.nextOut, dropIn: [...this.inbox.keys()] });
      this.out.clear();
      this.outBytes = 0;
      this.inbox.clear();
      this.inboxBytes = 0;
      this.batches.clear();
      this.strangersSeen.delete(deviceKey);
      await this.pin(deviceKey, theirStatic, { nextOut: 1, nextIn: 1, acked: 0 });
      return true;
    });
  }

  async onAccept(env) {
    if (this.role !== "guest" || env.h !== this.myHash || this.row.peerStatic) return;
    let keys;
    try {
      keys = await mailKeys(this.topic, this.row.staticKey, env.s);
    } catch (_) {
      return;
    }
    const patch = { peerStatic: env.s, confirmed: true, taken: null };
    await store.change(this.id, { box: patch });
    Object.assign(this.row, patch);
    this.keys = keys;
    this.changed();
    const early = this.early;
    this.early = [];
    for (const ev of early) await this.read(ev);
    await this.republish(null, true);
  }

  /** "taken" for this device's own key and static key: another device holds the seat. */
  async onTaken(env) {
    if (this.role !== "guest" || this.keys || env.p !== this.myKey || env.h !== this.myHash) return;
    const code = await handOverCode(this.topic, this.myKey, env.c);
    if (this.row.taken !== code) {
      await store.change(this.id, { box: { taken: code } });
      this.row.taken = code;
      this.changed();
    }
    try { if (this.on.onTaken) this.on.onTaken(code); } catch (e) { console.error(e); }
  }

  async onMail(env, createdAt) {
    if (this.role === "host" && !this.row.confirmed) {
      await store.change(this.id, { box: { confirmed: true } });
      this.row.confirmed = true;
    }
    await this.acked(env.a, createdAt);
    if (env.k !== "data") return;
    if (env.n < this.row.nextIn) {
      this.ackSoon(); // a repeat: our acknowledgement was lost
      return;
    }
    if (env.n >= this.row.nextIn + WINDOW || this.inbox.has(env.n)) return;
    const size = env.m.length;
    if (env.n !== this.row.nextIn && this.inboxBytes + size > this.limits.ahead) return; // too much ahead of order
    await store.change(this.id, { inbox: [{ n: env.n, text: env.dropped ? null : env.m, size }] });
    this.inbox.set(env.n, size);
    this.inboxBytes += size;
    this.deliver();
  }

  /** The other side has everything up to `a` (said at its time `at`, unix s). */
  async acked(a, at) {
    if (a >= this.row.nextOut) return; // acknowledges what was never sent: not from our other side
    if (a > this.row.acked) {
      await store.change(this.id, { box: { acked: a }, outUpTo: a });
      this.row.acked = a;
      for (const n of [...this.out.keys()]) {
        if (n <= a) {
          this.outBytes -= this.out.get(n).size;
          this.out.delete(n);
        }
      }
      this.changed();
    }
    // Said well after a message went, and still without it: the other side missed it (a relay
    // forgot it, or never had it). Again at once, each at most once a minute.
    if (!this.caught) return;
    const now = Date.now();
    const missed = [...this.out.values()].filter((m) => m.lastAt && m.lastAt < at * 1000 - MISSED_MS && now - m.lastAt >= MISSED_MS);
    if (missed.length) await this.sendData(missed);
  }

  /** Hand the page what came in order, each once its handler is done; then acknowledge. */
  deliver() {
    if (this.delivering) {
      this.more = true;
      return;
    }
    this.delivery = this.delivered().catch((e) => console.warn("days: a message was not taken", e.message || e));
  }

  async delivered() {
    if (!this.on.onMessage || !this.started) return;
    this.delivering = true;
    this.more = false;
    let moved = false;
    try {
      while (!this.closed && this.on.onMessage && this.inbox.has(this.row.nextIn)) {
        const n = this.row.nextIn;
        const size = this.inbox.get(n);
        const text = await store.inboxText(this.id, n);
        if (text !== null) {
          try {
            await this.on.onMessage(text, n);
          } catch (e) {
            console.warn("days: the page did not take a message; it comes again on the next load", e.message || e);
            return;
          }
        }
        await this.run(async () => {
          await store.change(this.id, { box: { nextIn: n + 1 }, dropIn: [n] });
          this.row.nextIn = n + 1;
          this.inbox.delete(n);
          this.inboxBytes -= size;
        });
        moved = true;
      }
    } finally {
      this.delivering = false;
    }
    if (moved) {
      this.changed();
      this.ackSoon();
    }
    if (this.more) await this.delivered();
  }

  // --- what the page sees ----------------------------------------------------------------------
  onMessage(fn) {
    this.on.onMessage = fn;
    this.deliver();
  }

  /** Message `n` of this side: "queued" (kept here, not on any relay yet), "sent" (a relay took it), "delivered" (acknowledged). */
  state(n) {
    if (!this.started || !Number.isInteger(n) || n < 1 || n >= this.row.nextOut) return null;
    if (n <= this.row.acked) return "delivered";
    const m = this.out.get(n);
    return m && m.sent ? "sent" : "queued";
  }

  status() {
    if (!this.started) return { id: this.id, started: false, elsewhere: !this.closed };
    const r = this.row;
    return {
      id: this.id, started: true, role: r.role, tableId: r.tableId, seat: r.seat, topic: r.topic,
      pinned: !!r.peerKey, ready: !!this.keys, taken: r.taken || null, online: this.hub.online, caughtUp: this.caught,
      heard: this.heard,
      nextOut: r.nextOut, nextIn: r.nextIn, acked: r.acked, waiting: this.out.size,
      full: this.out.size >= this.own.out || this.outBytes >= this.own.outBytes,
      messages: [...this.out.values()].map((m) => ({ n: m.n, state: m.sent ? "sent" : "queued", deadline: m.deadline })),
    };
  }

  changed() {
    try { if (this.on.onState) this.on.onState(this.status()); } catch (e) { console.error(e); }
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    clearTimeout(this.ackTimer);
    clearTimeout(this.newestTimer);
    if (this.started) {
      this.pool.unwatch(this.topic);
      if (this.hub.byTopic.get(this.topic) === this) this.hub.byTopic.delete(this.topic);
      store.change(this.id, { box: { newest: this.row.newest } }).catch(() => {});
    }
    this.hub.boxes.delete(this.id);
    this.hub.release(this);
    if (this.lock) this.lock.release();
  }

  /** Close and forget this table's mail on this device (the game is over). */
  async forget() {
    this.close();
    await this.chain;
    await store.forget(this.id);
  }
}
