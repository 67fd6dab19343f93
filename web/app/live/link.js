// One host–guest link of an internet table: a session on each side, numbered messages, and two
// paths between them — a direct WebRTC data channel when one comes up, else the relays.
//
// Who is who. The host signs with the invitation's host key, whose public key is in the link: a
// guest's page hears no other key, so nobody else can speak as the host. The guest signs with a
// key its device drew when it first opened the link; the host pins the seat to the first device
// that says hello and hears no other key for it afterwards. Another device holding the same link
// is a *stranger*: its hello is answered "taken", the host's page says so and may hand the seat
// over (docs/live.md, "One link, one device").
//
// Sessions. Every page load is a new session (a random id and an epoch). The guest's epoch is a
// count its device keeps for the link (never a clock: nobody can push it beyond reach), the
// host's the time its page opened. The guest says hello with its session and an ephemeral ECDH
// public key; the host takes the newest session of the pinned device and answers with its own
// session and key. Both derive the session keys (seal.js): the hello and its answer are sealed
// with the link keys, everything after them with the session's own, so a copy of the link reads
// nothing of the table. From then on each message carries both ids and a sequence number, and is
// acknowledged. A message from another session, a number already seen or far ahead, or an
// acknowledgement of something never sent changes nothing; a lost one is sent again until
// acknowledged, on whichever path is up. So a reload, a sleeping phone or a changed network
// heals by itself. The host announces itself when its page (re)opens, so its guests say hello.
//
// Bounds. Whatever the other side sends: a message from a guest is at most MAX_FROM_GUEST long
// and a batch from it at most a few pieces; what waits ahead of order is capped by count and by
// size; what waits for an acknowledgement too, past which the session is dropped (the other side
// says hello again and gets the table anew); all the strangers of a table together get a trickle
// of attention (strangers.js), and their answers go after everything else (relay.js).
//
// Over the relays, messages go in batches (compressed, cut into equal sealed pieces, seal.js),
// at most a few events a second (relay.js). Over the direct channel they go as they are (DTLS
// encrypts it), in the same envelopes.

import { Peer } from "./peer.js";
import { sealBatch, openPiece, joinPieces, gather, newSessionId, newEphemeral, sessionKeys, isEphemeral, fromHex, MAX_PIECES, MAX_BATCH } from "./seal.js";
import { getPublicKey } from "./relay.js";
import { Strangers, handOverCode } from "./strangers.js";

/** No direct channel after this long: the table's messages go through the relays (the page says so). */
export const DIRECT_WAIT_MS = 4000;
const RESEND_MS = 2500;
const PING_MS = 4000;
/** Nothing heard from the other side for this long: it is away (reconnecting). */
export const AWAY_MS = 13_000;
const HELLO_MS = 3000;
const WINDOW = 512;
const SID = /^[0-9a-f]{12}$/;
const ENVELOPE_KINDS = new Set(["hello", "accept", "taken", "data", "ack"]);
/** What each side may send, at most: a guest sends intents; a host sends snapshots and the record. */
const LIMITS = {
  fromGuest: { text: 16_384, batch: 262_144, pieces: 8, ahead: 2_000_000, envelopes: 200 },
  fromHost: { text: 8_000_000, batch: MAX_BATCH, pieces: MAX_PIECES, ahead: 32_000_000, envelopes: 600 },
};
/** Waiting for acknowledgement: past either, the session is dropped and starts over. */
const MAX_OUT = 1024;
const MAX_OUT_BYTES = 24_000_000;
/** Resent in one go, at most (the oldest first); each one later and later. */
const RESEND_AT_ONCE = 32;
/** The host takes a new session of its guest at most this often (a reload is rarer). */
const ADOPT_EVERY_MS = 1000;
/**
 * The seat's device says hello for this long with nothing else of its session heard: the host's
 * answers do not get to it (the host's card says so).
 */
export const STUCK_MS = 6000;

const isCount = (x) => Number.isInteger(x) && x >= 0 && x < 2 ** 40;
const isEpoch = (x) => Number.isSafeInteger(x) && x > 0;

/** An envelope read strictly (from the relays or the direct channel); null when it is not one. */
export function readEnvelope(x, maxText = LIMITS.fromHost.text) {
  if (x === null || typeof x !== "object" || Array.isArray(x) || !ENVELOPE_KINDS.has(x.k)) return null;
  if (typeof x.f !== "string" || !SID.test(x.f)) return null;
  if (x.t !== undefined && (typeof x.t !== "string" || !SID.test(x.t))) return null;
  if (x.e !== undefined && !isEpoch(x.e)) return null;
  if (x.a !== undefined && !isCount(x.a)) return null;
  if (x.x !== undefined && !isEphemeral(x.x)) return null;
  if (x.p !== undefined && (typeof x.p !== "string" || !/^[0-9a-f]{64}$/.test(x.p))) return null;
  if (x.c !== undefined && (typeof x.c !== "string" || !/^[A-Za-z0-9_-]{22}$/.test(x.c))) return null;
  if (x.k === "data") {
    if (!isCount(x.n) || x.n < 1) return null;
    // Longer than the other side may send: its number is taken (what follows is not held up behind
    // it) and its text dropped.
    if (typeof x.m === "string" && x.m.length > maxText) return { ...x, m: "", dropped: true };
    const hasText = typeof x.m === "string";
    const hasRtc = x.rtc !== null && typeof x.rtc === "object" && (x.rtc.type === "offer" || x.rtc.type === "answer")
      && typeof x.rtc.sdp === "string" && x.rtc.sdp.length <= 20_000;
    if (hasText === hasRtc) return null;
  }
  if ((x.k === "hello" || x.k === "accept") && x.e === undefined) return null;
  if (x.k === "accept" && x.x === undefined) return null;
  if ((x.k === "accept" || x.k === "data" || x.k === "ack" || x.k === "taken") && x.t === undefined) return null;
  // "taken" names the stranger's own device key and the host's value for it (the hand-over code's).
  if (x.k === "taken" && (x.p === undefined || x.c === undefined)) return null;
  return x;
}

const HANDSHAKE = new Set(["hello", "accept", "taken"]);
/** The room a data envelope takes while it waits (its text, or its connection offer). */
const envSize = (env) => (typeof env.m === "string" ? env.m.length : env.rtc.sdp.length);

export class Link {
  /**
   * role: "host" or "guest"; keys: seal.keysFor(secret) (the link keys); sign: this side's Nostr
   * secret key (64 hex); other: the other side's public key (64 hex) — the host's, from the link, on a
   * guest; the pinned device's, or null before anyone took the seat, on a host; epoch: this session's
   * (a guest: its device's count for the link); pool: a RelayPool (shared by a host's links); ice:
   * the RTCPeerConnection configuration; onMessage(text) for each message in order; onSession() when
   * the other side's session is new (a reload there); onState() when the path or presence changes;
   * onPin(pubkey) when a host's seat is first taken; onStranger(pubkey, code) when another device asks
   * for a pinned seat (a host), or onTaken(code) when this device is that stranger (a guest), with the
   * hand-over code (strangers.js); strangers: the table's Strangers (a host's links share one);
   * direct: false to stay on the relays (a test setting).
   */
  constructor({ role, keys, sign, other = null, epoch = Date.now(), pool, ice, onMessage, onSession, onState, onPin,
    onStranger, onTaken, strangers = null, direct = true }) {
    this.role = role;
    this.keys = keys;
    this.pool = pool;
    this.ice = ice;
    this.useDirect = direct;
    this.onMessage = onMessage;
    this.onSession = onSession || (() => {});
    this.onState = onState || (() => {});
    this.onPin = onPin || (() => {});
    this.onStranger = onStranger || (() => {});
    this.onTaken = onTaken || (() => {});
    this.sid = newSessionId();
    this.epoch = epoch;
    this.mySign = fromHex(sign);
    this.myKey = getPublicKey(this.mySign);
    this.peerKey = other;
    this.limits = role === "host" ? LIMITS.fromGuest : LIMITS.fromHost;
    this.outDir = role === "host" ? "toGuest" : "toHost";
    this.inDir = role === "host" ? "toHost" : "toGuest";
    this.other = null; // {sid, epoch}
    this.session = null; // the session keys, once both sides' ECDH keys are known
    this.batches = new Map();
    this.strangers = role === "host" ? strangers || new Strangers() : null;
    this.relayQueue = [];
    this.path = "none";
    this.heard = 0;
    this.here = false;
    this.sentAt = 0;
    this.adoptedAt = 0;
    this.direct = null;
    this.directOpen = false;
    this.directTries = 0;
    this.resetCounters();
    this.timer = setInterval(() => this.tick(), 1000);
    this.ready = newEphemeral().then((eph) => { this.eph = eph; });
    this.ready.then(() => this.hello());
  }

  resetCounters() {
    this.out = [];
    this.outBytes = 0;
    this.nextOut = 1;
    this.nextIn = 1;
    this.ahead = new Map();
    this.aheadBytes = 0;
  }

  get topic() {
    return this.keys.topic;
  }

  /**
   * The relay pool's question, before it checks a signature: is this key worth hearing on this
   * link? The other side always; on a host, another key now and then, within the budget all the
   * table's strangers share (a stranger's hello).
   */
  expects(pubkey) {
    if (pubkey === this.peerKey) return true;
    if (this.role !== "host" || pubkey === this.myKey) return false;
    return this.strangers.admit(pubkey);
  }

  /** A host hands the seat to another device (the page asked its person first). */
  repin(pubkey) {
    if (this.role !== "host") return;
    this.peerKey = pubkey;
    this.dropSession();
  }

  /**
   * The seat's device says hello and hears nothing back: its hellos of the current session keep
   * coming STUCK_MS after the first, and nothing else of that session came (a host's question).
   */
  get stuck() {
    const now = Date.now();
    return !!this.tryingSince && now - this.tryingSince >= STUCK_MS && now - this.helloHeard < HELLO_MS * 2;
  }

  // --- sending -------------------------------------------------------------------------------
  /** A message (text) to the other side, in order, until acknowledged; false with no session yet. */
  send(text) {
    if (!this.other || !this.session || this.dead) return false;
    const env = { k: "data", f: this.sid, t: this.other.sid, n: this.nextOut++, a: this.nextIn - 1, m: text };
    this.queueOut(env, text.length);
    return true;
  }

  sendRtc(rtc) {
    if (!this.other || !this.session) return;
    const env = { k: "data", f: this.sid, t: this.other.sid, n: this.nextOut++, a: this.nextIn - 1, rtc };
    this.queueOut(env, rtc.sdp.length);
  }

  queueOut(env, size) {
    this.out.push({ env, at: Date.now(), size, tries: 0 });
    this.outBytes += size;
    if (this.out.length > MAX_OUT || this.outBytes > MAX_OUT_BYTES) {
      // The other side acknowledges nothing (gone, or not listening): rather than hold and resend
      // ever more, drop the session; its page says hello again and gets the table anew.
      console.warn("live: the other side acknowledged nothing for too long; its session is dropped");
      this.dropSession();
      return;
    }
    this.transmit([env]);
  }

  transmit(envs, viaRelay = false) {
    this.sentAt = Date.now();
    if (!viaRelay && this.directOpen && this.direct && !envs.some((e) => HANDSHAKE.has(e.k))
        && this.direct.send(JSON.stringify(envs))) return;
    this.relayQueue.push(...envs);
    if (!this.flushing) {
      this.flushing = true;
      setTimeout(() => this.flush(), 30);
    }
  }

  async flush() {
    this.flushing = false;
    if (this.dead || !this.relayQueue.length) return;
    const batch = this.relayQueue;
    this.relayQueue = [];
    // The handshake goes under the link keys, the rest under the session's: never in one batch.
    const groups = [];
    for (const handshake of [true, false]) {
      const keys = handshake ? "link" : "session";
      let size = 0;
      let group = [];
      for (const env of batch) {
        if (HANDSHAKE.has(env.k) !== handshake) continue;
        const n = (env.m ? env.m.length : 0) + 200;
        if (group.length && size + n > 1_500_000) { groups.push({ keys, envs: group }); group = []; size = 0; }
        group.push(env);
        size += n;
      }
      if (group.length) groups.push({ keys, envs: group });
    }
    for (const g of groups) {
      const keys = g.keys === "link" ? this.keys : this.session;
      if (!keys) continue; // the session is gone: what it had to say is moot
      let pieces;
      try {
        pieces = await sealBatch(keys, this.outDir, JSON.stringify(g.envs));
      } catch (e) {
        console.warn("live: a batch too long for the relays was not sent", e.message);
        continue;
      }
      const priority = g.keys === "link" ? "handshake" : null;
      for (const p of pieces) this.pool.publish({ topic: this.topic, content: p, secretKey: this.mySign, priority });
    }
  }

  hello(to = null) {
    if (this.dead || !this.eph) return;
    this.helloAt = Date.now();
    // A guest's hello carries its ECDH key; a host's only announces that its page is open.
    const env = { k: "hello", f: this.sid, e: this.epoch };
    // A guest's hello names the key that signs it, sealed inside: a relay that signs the same piece
    // with a key of its own gets nothing pinned to that key.
    if (this.role === "guest") Object.assign(env, { x: this.eph.pub, p: this.myKey });
    if (to) env.t = to;
    this.transmit([env], true);
  }

  ack() {
    if (!this.other || !this.session) return;
    this.transmit([{ k: "ack", f: this.sid, t: this.other.sid, a: this.nextIn - 1 }]);
  }

  // --- receiving -----------------------------------------------------------------------------
  /** An event from the relays for this link's topic (its key already asked about and checked by the pool). */
  async fromEvent(ev) {
    if (this.dead) return;
    const stranger = ev.pubkey !== this.peerKey;
    // A stranger's batch is a hello: one piece under the link keys. The other side's may be anything.
    let piece = null;
    let under = "session";
    if (!stranger && this.session) piece = await openPiece(this.session, this.inDir, ev.content, this.limits.pieces);
    if (!piece) {
      piece = await openPiece(this.keys, this.inDir, ev.content, stranger ? 1 : this.limits.pieces);
      under = "link";
    }
    if (!piece || this.dead) return;
    const parts = gather(this.batches, `${ev.pubkey}:${under}:${piece.id}`, piece, 8);
    if (!parts) return;
    let list;
    try {
      list = JSON.parse(await joinPieces(parts, stranger ? 4096 : this.limits.batch));
    } catch (_) {
      return;
    }
    this.envelopes(list, { from: ev.pubkey, stranger, under });
  }

  fromDirect(text) {
    if (text.length > this.limits.batch * 4) return;
    let list;
    try { list = JSON.parse(text); } catch (_) { return; }
    // The direct channel is this session's own (DTLS, set up inside it): no handshake comes that way.
    this.envelopes(list, { from: this.peerKey, stranger: false, under: "session" });
  }

  envelopes(list, how) {
    if (!Array.isArray(list) || list.length > this.limits.envelopes) return;
    for (const raw of list) {
      const env = readEnvelope(raw, this.limits.text);
      if (!env || this.dead) continue;
      // The handshake comes under the link keys, everything else under the session's.
      if (HANDSHAKE.has(env.k) !== (how.under === "link")) continue;
      if (env.k === "hello" && this.role === "host" && env.p !== how.from) continue; // not its signer's hello
      if (how.stranger) {
        if (env.k === "hello" && this.role === "host") {
          this.strangerHello(env, how.from).catch((e) => console.warn("live: a stranger was not answered", e.message || e));
        }
        continue;
      }
      this.envelope(env);
    }
  }

  envelope(env) {
    if (env.k === "hello") return this.onHello(env);
    if (env.k === "accept") return this.onAccept(env);
    if (env.k === "taken") return this.onTakenEnv(env);
    // Everything else belongs to the current pair of sessions.
    if (!this.other || env.f !== this.other.sid || env.t !== this.sid) return;
    this.tryingSince = 0;
    this.heardNow();
    if (env.a !== undefined) this.acked(env.a);
    if (env.k !== "data") return;
    if (env.n < this.nextIn) {
      this.ackSoon(); // a repeat: our acknowledgement was lost
      return;
    }
    if (env.n >= this.nextIn + WINDOW || this.ahead.has(env.n)) return;
    const size = envSize(env);
    if (env.n !== this.nextIn && this.aheadBytes + size > this.limits.ahead) return; // too much ahead of order
    this.ahead.set(env.n, env);
    this.aheadBytes += size;
    while (this.ahead.has(this.nextIn)) {
      const next = this.ahead.get(this.nextIn);
      this.ahead.delete(this.nextIn);
      this.aheadBytes -= envSize(next);
      this.nextIn += 1;
      this.deliver(next);
    }
    this.ackSoon();
  }

  deliver(env) {
    if (env.dropped) return;
    if (env.rtc) {
      this.onRtc(env.rtc);
      return;
    }
    try { this.onMessage(env.m); } catch (e) { console.error(e); }
  }

  acked(a) {
    if (a >= this.nextOut) return; // acknowledges what was never sent: not from our other side
    while (this.out.length && this.out[0].env.n <= a) this.outBytes -= this.out.shift().size;
  }

  ackSoon() {
    if (this.ackTimer) return;
    this.ackTimer = setTimeout(() => { this.ackTimer = null; this.ack(); }, 60);
  }

  heardNow() {
    this.heard = Date.now();
    if (!this.here) {
      this.here = true;
      this.changed();
    }
  }

  /**
   * A host hears a key that is not its guest's: the first takes a free seat; later ones are told it
   * is taken. The answer names the stranger's own key (its hello was signed by it), so it means
   * nothing to any other page whose session id the hello named, and carries the value of the
   * hand-over code; it goes after everything else the host sends.
   */
  async strangerHello(env, pubkey) {
    if (pubkey === this.peerKey) {
      this.onHello(env); // pinned meanwhile (two hellos of one device on the way at once)
      return;
    }
    if (this.peerKey === null && env.x) {
      this.peerKey = pubkey;
      try { this.onPin(pubkey); } catch (e) { console.error(e); }
      this.onHello(env);
      return;
    }
    if (!this.strangers.answers(env.f)) return;
    const c = await this.strangers.nonce(this.topic, pubkey);
    if (this.dead) return;
    const taken = JSON.stringify([{ k: "taken", f: this.sid, t: env.f, p: pubkey, c }]);
    for (const p of await sealBatch(this.keys, this.outDir, taken)) {
      this.pool.publish({ topic: this.topic, content: p, secretKey: this.mySign, priority: "low" });
    }
    const code = await handOverCode(this.topic, pubkey, c);
    try { this.onStranger(pubkey, code); } catch (e) { console.error(e); }
  }

  onHello(env) {
    if (this.role === "host") {
      if (!env.x) return; // only a guest's hello opens a session
      if (this.other && env.f === this.other.sid) {
        // Our answer was lost: again, but at most once a second however often the hello comes.
        this.helloHeard = Date.now();
        if (!this.tryingSince) this.tryingSince = this.helloHeard;
        if (this.session && Date.now() - (this.acceptedAt || 0) > 1000) this.acceptOther();
        return;
      }
      // The newest session of the pinned device, and not too often: a device sends a new one per page load.
      if (this.other && env.e <= this.other.epoch) return;
      if (Date.now() - this.adoptedAt < ADOPT_EVERY_MS) return;
      this.adopt(env);
    } else if (!env.x && (!this.other || (env.f !== this.other.sid && env.e > this.other.epoch))) {
      // The host's page (re)opened: say hello to it.
      if (Date.now() - (this.helloAt || 0) > 500) this.hello();
    }
  }

  onAccept(env) {
    if (this.role !== "guest" || env.t !== this.sid) return;
    if (this.other && (env.f === this.other.sid || env.e <= this.other.epoch)) return;
    this.adopt(env);
  }

  /** "taken" for this session and this device's own key: this device is the stranger. */
  async onTakenEnv(env) {
    if (this.role !== "guest" || env.t !== this.sid || env.p !== this.myKey) return;
    const code = await handOverCode(this.topic, this.myKey, env.c);
    try { this.onTaken(code); } catch (e) { console.error(e); }
  }

  acceptOther() {
    this.acceptedAt = Date.now();
    this.transmit([{ k: "accept", f: this.sid, t: this.other.sid, e: this.epoch, x: this.eph.pub }], true);
  }

  /** The other side's new session: its keys agreed, numbering starts over, the direct channel too. */
  async adopt(env) {
    this.adoptedAt = Date.now();
    const other = { sid: env.f, epoch: env.e };
    const hostSid = this.role === "host" ? this.sid : env.f;
    const guestSid = this.role === "host" ? env.f : this.sid;
    let session;
    try {
      await this.ready;
      session = await sessionKeys(this.topic, this.eph.privateKey, env.x, hostSid, guestSid);
    } catch (_) {
      return; // not a key: not a session
    }
    if (this.dead || (this.other && this.other.epoch >= other.epoch && this.other.sid !== other.sid)) return;
    this.other = other;
    this.session = session;
    // Which pair of sessions this is, for the table above (a page joins once per session).
    this.sessionNo = (this.sessionNo || 0) + 1;
    this.resetCounters();
    // What waits for the other side's old session is moot: the new one's handshake goes first.
    this.relayQueue = this.relayQueue.filter((e) => HANDSHAKE.has(e.k));
    if (this.pool) this.pool.clearTopic(this.topic);
    // A host waits to hear the new session: until then its device is trying (stuck, if it lasts).
    this.tryingSince = this.role === "host" ? Date.now() : 0;
    this.helloHeard = this.tryingSince;
    this.closeDirect();
    this.directTries = 0;
    this.path = "connecting";
    clearTimeout(this.pathTimer);
    this.pathTimer = setTimeout(() => {
      if (!this.directOpen && !this.dead) {
        this.path = "relay";
        this.changed();
      }
    }, DIRECT_WAIT_MS);
    if (this.role === "host") {
      this.acceptOther();
      if (this.useDirect) this.tryDirect();
    }
    this.heardNow();
    this.changed();
    try { this.onSession(); } catch (e) { console.error(e); }
  }

  /** Forget the other side's session (its keys with it); a guest says hello again at once. */
  dropSession() {
    this.other = null;
    this.session = null;
    this.tryingSince = 0;
    this.resetCounters();
    this.closeDirect();
    this.path = "none";
    if (this.here) {
      this.here = false;
      this.changed();
    }
    if (this.role === "guest") this.hello();
  }

  // --- the direct channel ----------------------------------------------------------------------
  async tryDirect() {
    if (this.role !== "host" || this.dead || !this.other) return;
    this.directTries += 1;
    const peer = this.newPeer();
    try {
      const sdp = await peer.offer();
      if (this.direct === peer) this.sendRtc({ type: "offer", sdp });
    } catch (e) {
      console.warn("live: no direct offer", e.message || e);
    }
  }

  newPeer() {
    this.closeDirect();
    const peer = new Peer(this.ice, 2500);
    this.direct = peer;
    peer.on("open", () => {
      if (this.direct !== peer || this.dead) return;
      this.directOpen = true;
      this.path = "direct";
      this.changed();
      // Whatever waits for an acknowledgement goes again on the faster path.
      if (this.out.length) this.transmit(this.out.map((o) => o.env));
    });
    peer.on("message", (text) => { if (this.direct === peer) this.fromDirect(text); });
    peer.on("close", () => {
      if (this.direct !== peer || this.dead) return;
      const was = this.directOpen;
      this.direct = null;
      this.directOpen = false;
      if (was || this.path === "connecting") {
        this.path = "relay";
        this.changed();
      }
      if (this.out.length) this.transmit(this.out.map((o) => o.env), true);
      // A direct channel that worked once may come back (a network change): try again later.
      if (this.role === "host" && was && this.directTries < 4) {
        clearTimeout(this.retryTimer);
        this.retryTimer = setTimeout(() => { if (!this.directOpen) this.tryDirect(); }, 8000);
      }
    });
    return peer;
  }

  async onRtc(rtc) {
    try {
      if (rtc.type === "offer" && this.role === "guest") {
        const peer = this.newPeer();
        const sdp = await peer.answer(rtc.sdp);
        if (this.direct === peer) this.sendRtc({ type: "answer", sdp });
      } else if (rtc.type === "answer" && this.role === "host" && this.direct) {
        await this.direct.accept(rtc.sdp);
      }
    } catch (e) {
      console.warn("live: the direct channel did not come up", e.message || e);
    }
  }

  closeDirect() {
    const peer = this.direct;
    this.direct = null;
    this.directOpen = false;
    if (peer) peer.close();
  }

  // --- time ------------------------------------------------------------------------------------
  tick() {
    if (this.dead) return;
    const now = Date.now();
    if (this.other && this.session) {
      // The oldest unacknowledged first, a few at a time, each one later than the last time.
      const stale = [];
      for (const o of this.out) {
        if (stale.length >= RESEND_AT_ONCE) break;
        if (now - o.at > RESEND_MS * 2 ** Math.min(o.tries, 3)) stale.push(o);
      }
      if (stale.length) {
        for (const o of stale) { o.at = now; o.tries += 1; }
        this.transmit(stale.map((o) => o.env));
      } else if (now - this.sentAt > PING_MS) {
        this.ack();
      }
    }
    if (this.here && now - this.heard > AWAY_MS) {
      this.here = false;
      this.changed();
    }
    const stuck = this.stuck;
    if (stuck !== !!this.wasStuck) {
      this.wasStuck = stuck;
      this.changed();
    }
    // Alone (no session yet, or the other side silent): say hello now and then. A guest's hello
    // finds the host; a host's makes its guests say hello again after its page reopened.
    if (!this.here && now - (this.helloAt || 0) > HELLO_MS) this.hello();
    for (const [id, b] of this.batches) if (now - b.at > 30_000) this.batches.delete(id);
  }

  changed() {
    try { this.onState(); } catch (e) { console.error(e); }
  }

  /** "direct", "relay", "connecting" or "none" (no session yet). */
  describe() {
    return this.path;
  }

  close() {
    this.dead = true;
    clearInterval(this.timer);
    clearTimeout(this.pathTimer);
    clearTimeout(this.retryTimer);
    clearTimeout(this.ackTimer);
    this.closeDirect();
    this.session = null;
  }
}

export { MAX_PIECES };
