// One host–guest link of an internet table: a session on each side, numbered messages, and two
// paths between them — a direct WebRTC data channel when one comes up, else the relays.
//
// Every page load is a new session (a random id and an epoch: the time it began). The guest says
// hello with its session; the host accepts the newest one and answers with its own; from then on
// each message carries both ids and a sequence number, and is acknowledged. A message from
// another session, a number already seen or far ahead, or an acknowledgement of something never
// sent changes nothing; a lost one is sent again until acknowledged, on whichever path is up.
// So a reload, a sleeping phone or a changed network heals by itself: the new session says hello
// and the other side takes it. The host announces itself when its page (re)opens, so its guests
// say hello again.
//
// Over the relays, messages go in batches (compressed, cut into equal sealed pieces, seal.js),
// at most a few events a second (relay.js). Over the direct channel they go as they are (DTLS
// encrypts it), in the same envelopes.

import { Peer } from "./peer.js";
import { sealBatch, openPiece, joinPieces, newSessionId, MAX_PIECES } from "./seal.js";
import { pieceEvent, getPublicKey } from "./relay.js";

/** No direct channel after this long: the table's messages go through the relays (the page says so). */
export const DIRECT_WAIT_MS = 4000;
const RESEND_MS = 2500;
const PING_MS = 4000;
/** Nothing heard from the other side for this long: it is away (reconnecting). */
export const AWAY_MS = 13_000;
const HELLO_MS = 3000;
const WINDOW = 512;
const MAX_OUT = 4000;
const MAX_ENVELOPES = 600;
const MAX_TEXT = 8_000_000;
const SID = /^[0-9a-f]{12}$/;
const ENVELOPE_KINDS = new Set(["hello", "accept", "data", "ack"]);

const isCount = (x) => Number.isInteger(x) && x >= 0 && x < 2 ** 40;

/** An envelope read strictly (from the relays or the direct channel); null when it is not one. */
export function readEnvelope(x) {
  if (x === null || typeof x !== "object" || Array.isArray(x) || !ENVELOPE_KINDS.has(x.k)) return null;
  if (typeof x.f !== "string" || !SID.test(x.f)) return null;
  if (x.t !== undefined && (typeof x.t !== "string" || !SID.test(x.t))) return null;
  if (x.e !== undefined && !(typeof x.e === "number" && Number.isFinite(x.e) && x.e > 0)) return null;
  if (x.a !== undefined && !isCount(x.a)) return null;
  if (x.k === "data") {
    if (!isCount(x.n) || x.n < 1) return null;
    const hasText = typeof x.m === "string" && x.m.length <= MAX_TEXT;
    const hasRtc = x.rtc !== null && typeof x.rtc === "object" && (x.rtc.type === "offer" || x.rtc.type === "answer")
      && typeof x.rtc.sdp === "string" && x.rtc.sdp.length <= 20_000;
    if (hasText === hasRtc) return null;
  }
  if ((x.k === "hello" || x.k === "accept") && x.e === undefined) return null;
  if ((x.k === "accept" || x.k === "data" || x.k === "ack") && x.t === undefined) return null;
  return x;
}

export class Link {
  /**
   * role: "host" or "guest"; keys: seal.keysFor(secret); pool: a RelayPool (shared by a host's
   * links); ice: the RTCPeerConnection configuration; onMessage(text) for each message in order;
   * onSession() when the other side's session is new (a reload there); onState() when the path or
   * presence changes; direct: false to stay on the relays (a test setting).
   */
  constructor({ role, keys, pool, ice, onMessage, onSession, onState, direct = true }) {
    this.role = role;
    this.keys = keys;
    this.pool = pool;
    this.ice = ice;
    this.useDirect = direct;
    this.onMessage = onMessage;
    this.onSession = onSession || (() => {});
    this.onState = onState || (() => {});
    this.sid = newSessionId();
    this.epoch = Date.now();
    this.mySign = role === "host" ? keys.hostSign : keys.guestSign;
    this.peerKey = getPublicKey(role === "host" ? keys.guestSign : keys.hostSign);
    this.outDir = role === "host" ? "toGuest" : "toHost";
    this.inDir = role === "host" ? "toHost" : "toGuest";
    this.other = null; // {sid, epoch}
    this.batches = new Map();
    this.relayQueue = [];
    this.path = "none";
    this.heard = 0;
    this.here = false;
    this.sentAt = 0;
    this.direct = null;
    this.directOpen = false;
    this.directTries = 0;
    this.resetCounters();
    this.timer = setInterval(() => this.tick(), 1000);
    this.hello();
  }

  resetCounters() {
    this.out = [];
    this.nextOut = 1;
    this.nextIn = 1;
    this.ahead = new Map();
  }

  get topic() {
    return this.keys.topic;
  }

  /** The relay pool's question: is this key this link's other side? */
  expects(pubkey) {
    return pubkey === this.peerKey;
  }

  // --- sending -------------------------------------------------------------------------------
  /** A message (text) to the other side, in order, until acknowledged; false with no session yet. */
  send(text) {
    if (!this.other || this.dead) return false;
    if (this.out.length >= MAX_OUT) this.out.shift();
    const env = { k: "data", f: this.sid, t: this.other.sid, n: this.nextOut++, a: this.nextIn - 1, m: text };
    this.out.push({ env, at: Date.now() });
    this.transmit([env]);
    return true;
  }

  sendRtc(rtc) {
    if (!this.other) return;
    const env = { k: "data", f: this.sid, t: this.other.sid, n: this.nextOut++, a: this.nextIn - 1, rtc };
    this.out.push({ env, at: Date.now() });
    this.transmit([env]);
  }

  transmit(envs, viaRelay = false) {
    this.sentAt = Date.now();
    if (!viaRelay && this.directOpen && this.direct && this.direct.send(JSON.stringify(envs))) return;
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
    // A batch longer than one event train may carry goes in several.
    const groups = [];
    let size = 0;
    let group = [];
    for (const env of batch) {
      const n = (env.m ? env.m.length : 0) + 200;
      if (group.length && size + n > 1_500_000) { groups.push(group); group = []; size = 0; }
      group.push(env);
      size += n;
    }
    if (group.length) groups.push(group);
    for (const g of groups) {
      let pieces;
      try {
        pieces = await sealBatch(this.keys, this.outDir, JSON.stringify(g));
      } catch (e) {
        console.warn("live: a batch too long for the relays was not sent", e.message);
        continue;
      }
      for (const p of pieces) this.pool.publish({ topic: this.topic, content: p, secretKey: this.mySign });
    }
  }

  hello() {
    if (this.dead) return;
    this.helloAt = Date.now();
    this.transmit([{ k: "hello", f: this.sid, e: this.epoch }], true);
  }

  ack() {
    if (!this.other) return;
    this.transmit([{ k: "ack", f: this.sid, t: this.other.sid, a: this.nextIn - 1 }]);
  }

  // --- receiving -----------------------------------------------------------------------------
  /** An event from the relays for this link's topic (its key already checked by the pool). */
  async fromEvent(ev) {
    const piece = await openPiece(this.keys, this.inDir, ev.content);
    if (!piece || this.dead) return;
    let b = this.batches.get(piece.id);
    if (!b) {
      if (this.batches.size >= 16) this.batches.delete(this.batches.keys().next().value);
      b = { count: piece.count, parts: new Map(), at: Date.now() };
      this.batches.set(piece.id, b);
    }
    if (b.count !== piece.count || b.parts.has(piece.index)) return;
    b.parts.set(piece.index, piece.part);
    if (b.parts.size < b.count) return;
    this.batches.delete(piece.id);
    let list;
    try {
      const parts = Array.from({ length: b.count }, (_, i) => b.parts.get(i));
      list = JSON.parse(await joinPieces(parts));
    } catch (_) {
      return;
    }
    this.envelopes(list);
  }

  fromDirect(text) {
    let list;
    try { list = JSON.parse(text); } catch (_) { return; }
    this.envelopes(list);
  }

  envelopes(list) {
    if (!Array.isArray(list) || list.length > MAX_ENVELOPES) return;
    for (const raw of list) {
      const env = readEnvelope(raw);
      if (env && !this.dead) this.envelope(env);
    }
  }

  envelope(env) {
    if (env.k === "hello") return this.onHello(env);
    if (env.k === "accept") return this.onAccept(env);
    // Everything else belongs to the current pair of sessions.
    if (!this.other || env.f !== this.other.sid || env.t !== this.sid) return;
    this.heardNow();
    if (env.a !== undefined) this.acked(env.a);
    if (env.k !== "data") return;
    if (env.n < this.nextIn) {
      this.ackSoon(); // a repeat: our acknowledgement was lost
      return;
    }
    if (env.n >= this.nextIn + WINDOW) return;
    this.ahead.set(env.n, env);
    while (this.ahead.has(this.nextIn)) {
      const next = this.ahead.get(this.nextIn);
      this.ahead.delete(this.nextIn);
      this.nextIn += 1;
      this.deliver(next);
    }
    this.ackSoon();
  }

  deliver(env) {
    if (env.rtc) {
      this.onRtc(env.rtc);
      return;
    }
    try { this.onMessage(env.m); } catch (e) { console.error(e); }
  }

  acked(a) {
    if (a >= this.nextOut) return; // acknowledges what was never sent: not from our other side
    while (this.out.length && this.out[0].env.n <= a) this.out.shift();
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

  onHello(env) {
    if (this.role === "host") {
      if (this.other && env.f === this.other.sid) {
        this.acceptOther(); // our answer was lost
        return;
      }
      if (this.other && env.e <= this.other.epoch) return; // an older session (a replay)
      this.adopt(env);
      this.acceptOther();
      if (this.useDirect) this.tryDirect();
    } else if (!this.other || (env.f !== this.other.sid && env.e > this.other.epoch)) {
      // The host's page (re)opened: say hello to it.
      if (Date.now() - (this.helloAt || 0) > 500) this.hello();
    }
  }

  onAccept(env) {
    if (this.role !== "guest" || env.t !== this.sid) return;
    if (this.other && (env.f === this.other.sid || env.e <= this.other.epoch)) return;
    this.adopt(env);
  }

  acceptOther() {
    this.transmit([{ k: "accept", f: this.sid, t: this.other.sid, e: this.epoch }], true);
  }

  /** The other side's new session: numbering starts over, the direct channel too. */
  adopt(env) {
    this.other = { sid: env.f, epoch: env.e };
    this.resetCounters();
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
    this.heardNow();
    this.changed();
    try { this.onSession(); } catch (e) { console.error(e); }
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
    if (this.other) {
      const stale = this.out.filter((o) => now - o.at > RESEND_MS);
      if (stale.length) {
        for (const o of stale) o.at = now;
        this.transmit(stale.map((o) => o.env));
      } else if (now - this.sentAt > PING_MS) {
        this.ack();
      }
    }
    if (this.here && now - this.heard > AWAY_MS) {
      this.here = false;
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
  }
}

export { MAX_PIECES };
