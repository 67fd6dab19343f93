// One relay of a pool (relay.js, which says the whole design): its WebSocket, its subscriptions and
// the backlog read on it, its send queues and their budgets, and what it does with each answer the
// relay gives (OK, CLOSED, NOTICE, AUTH, EOSE). Every event it reads goes to its pool, which decides
// what it is worth.

import { finalizeEvent } from "../../../vendor/nostr-tools/lib/esm/pure.js";

export const KIND = 25050;
/** Tables over days: a regular kind (relays store it; no NIP uses it as far as we know). */
export const STORED_KIND = 4050;
/** Backlog subscriptions open at once per relay, and how long one may take before it counts as read. */
const CATCH_UPS = 4;
const CATCH_UP_MS = 10_000;
/** NIP-42: the event that answers a relay's challenge. */
const AUTH_KIND = 22242;
const SUB = "vt";
/** The longest relay frame read (a piece's event is about 8.5 KB). */
const MAX_FRAME = 32_000;
/** Publishing: a burst of this many events, then this many per second, per relay. */
const BURST = 16;
const PER_SECOND = 6;
/** Clocks may be this far apart (s): the subscription looks back this far, events this far off are read. */
export const SKEW_S = 600;
/** At most this many stored events when a subscription starts. */
export const BACKLOG = 200;
/** Each topic's queue per relay; a piece waiting longer than MAX_WAIT_MS has been sent again by its link. */
const PER_TOPIC = 200;
const MAX_WAIT_MS = 30_000;
/**
 * Answers to strangers (priority "low"): one queue per relay for all topics, at most LOW_MAX pieces
 * (the oldest dropped), each dropped after LOW_WAIT_MS; sent only when no other piece waits and
 * more than LOW_RESERVE events of the burst are left, so that a seat's own piece that comes next
 * never waits for them.
 */
const LOW_MAX = 8;
const LOW_WAIT_MS = 10_000;
const LOW_RESERVE = BURST / 2;
/** Reading: per key and relay, a burst of this many events, then this many per second, before any signature is checked. */
const READ_BURST = 64;
const READ_PER_SECOND = 20;
/** Refusals in a row before a relay is left alone (PAUSE_MS, doubling up to PAUSE_MAX_MS). */
const REFUSALS = 3;
const PAUSE_MS = 30_000;
const PAUSE_MAX_MS = 300_000;
/** After `rate-limited:` a relay gets nothing for SLOW_MS (doubling up to SLOW_MAX_MS) and half the rate. */
const SLOW_MS = 1000;
const SLOW_MAX_MS = 60_000;
/** A relay that asked us to authenticate and sent no challenge within this long refuses us. */
const AUTH_WAIT_MS = 10_000;
/** A subscription closed this many times in a row, each within SHORT_SUB_MS of its start: given up. */
const CLOSES = 4;
const SHORT_SUB_MS = 60_000;
/** A connection that lasted this long starts its reconnection backoff at 1 s again. */
const STEADY_MS = 10_000;
const PENDING = 512;
const REASON = 200;
const NOTICES = 5;
/** An `invalid:` refusal in these words is about our clock: the other side's time is then learnt from its events. */
const TIME_WORDS = /\b(old|expired|stale|early|late|future|past|created_at|time|clock)/i;
export const SKEW_MIN_S = 30;
const CLOCK_WAIT_MS = 2000;

export const nowS = () => Math.floor(Date.now() / 1000);

/** The NIP-42 answer to `challenge` from relay `url`. */
export function authEvent(secretKey, url, challenge, createdAt = nowS()) {
  return finalizeEvent({ kind: AUTH_KIND, created_at: createdAt, tags: [["relay", url], ["challenge", challenge]], content: "" },
    secretKey);
}

/** A relay's words, as the page may show them: one line, bounded. */
export function words(x) {
  return typeof x === "string" ? x.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ").trim().slice(0, REASON) : "";
}

/** NIP-01's machine-readable prefix of a reason ("rate-limited", "auth-required", …), lower case. */
function prefixOf(reason) {
  const m = /^([a-z-]{1,20}):/i.exec(reason);
  return m ? m[1].toLowerCase() : "";
}

export class Relay {
  constructor(url, pool) {
    this.url = url;
    this.pool = pool;
    this.ws = null;
    this.socket = "connecting";
    this.queues = new Map(); // topic → [item], served round-robin
    this.low = []; // answers to strangers, after everything else
    this.tokens = BURST;
    this.rate = PER_SECOND;
    this.last = Date.now();
    this.backoff = 1000;
    this.refusal = null; // {reason, until}: until > now while left alone
    this.refusals = 0;
    this.pauseMs = PAUSE_MS;
    this.slow = null; // {reason, until}
    this.slowSince = 0; // when the last slow-down began
    this.slowMs = SLOW_MS;
    this.notices = [];
    this.reads = new Map(); // pubkey → {tokens, at}
    this.counts = { sent: 0, ok: 0, refused: 0, rateLimited: 0, authRequired: 0, auths: 0, authRefused: 0,
      closed: 0, notices: 0, forged: 0, overRate: 0, resigned: 0 };
    this.shown = "";
    this.fresh();
    this.connect();
  }

  /** What belongs to one connection (a reconnection starts it anew). */
  fresh() {
    this.pending = new Map(); // event id → {item, created (its created_at), at (when sent)}
    this.retried = new WeakMap(); // item → how many times it was signed anew after invalid:
    this.clockWait = 0;
    this.challenge = null;
    this.authId = null;
    this.authed = false;
    this.authWait = null; // the relay's words while our events wait for us to authenticate
    this.authReason = "";
    this.sub = { live: false, since: 0, closes: 0, waitAuth: false, gaveUp: null, reason: "" };
    // A stored pool's backlog reads: topics waiting, and the subscriptions open (id → {topic, timer}).
    if (this.catchUps) for (const c of this.catchUps.open.values()) clearTimeout(c.timer);
    this.catchUps = { queue: [], open: new Map(), n: 0, waitAuth: false };
    clearTimeout(this.resub);
    clearTimeout(this.authTimer);
    this.authTimer = null;
  }

  connect() {
    if (this.pool.closed) return;
    this.socket = "connecting";
    this.fresh();
    let ws;
    try {
      ws = new WebSocket(this.url);
    } catch (e) {
      this.socket = "down";
      this.retry();
      return;
    }
    this.ws = ws;
    ws.addEventListener("open", () => {
      if (this.ws !== ws) return;
      this.socket = "open";
      this.openedAt = Date.now();
      this.subscribe();
      if (this.pool.stored) this.catchUp(this.pool.topics);
      this.flush();
      this.note();
    });
    ws.addEventListener("message", (e) => { if (this.ws === ws) this.receive(e.data); });
    ws.addEventListener("close", () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.socket = "down";
      this.fresh();
      this.note();
      this.retry();
    });
    ws.addEventListener("error", () => { /* a close follows */ });
  }

  retry() {
    if (this.pool.closed) return;
    // A relay that drops each connection at once is not asked again every second.
    if (this.openedAt && Date.now() - this.openedAt > STEADY_MS) this.backoff = 1000;
    this.openedAt = 0;
    clearTimeout(this.again);
    this.again = setTimeout(() => this.connect(), this.backoff);
    this.backoff = Math.min(this.backoff * 2, 15_000);
  }

  subscribe() {
    clearTimeout(this.resub);
    if (this.socket !== "open" || this.sub.gaveUp) return;
    if (!this.pool.topics.length) {
      // A stored pool whose last table went: nothing more to hear.
      if (this.pool.stored && this.sub.live) {
        this.sendRaw(JSON.stringify(["CLOSE", SUB]));
        this.sub.live = false;
      }
      return;
    }
    if (this.sub.waitAuth && !this.authed) return; // again once authenticated
    const filters = this.pool.stored ? this.pool.liveFilters()
      : [{ kinds: [KIND], "#t": this.pool.topics, since: this.pool.now() - SKEW_S, limit: BACKLOG }];
    if (this.pool.stored) {
      // The same topics and keys as the live subscription already asks for: nothing to ask again.
      const asked = JSON.stringify(filters.map(({ since, ...f }) => f));
      if (this.sub.live && this.sub.asked === asked) return;
      this.sub.asked = asked;
    }
    this.sub.live = true;
    this.sub.since = Date.now();
    this.sendRaw(JSON.stringify(["REQ", SUB, ...filters]));
  }

  /**
   * A stored pool: read the stored backlog of `topics` on this relay, each in a subscription of its
   * own: first what the expected keys sent, for every topic; then strangers' last hellos where
   * they are heard.
   */
  catchUp(topics) {
    const c = this.catchUps;
    const waits = (t, extra) => c.queue.some((e) => e.topic === t && e.extra === extra)
      || [...c.open.values()].some((o) => o.topic === t && o.extra === extra);
    for (const extra of [false, true]) {
      for (const t of topics) if (!waits(t, extra)) c.queue.push({ topic: t, extra });
    }
    this.nextCatchUp();
  }

  nextCatchUp() {
    const c = this.catchUps;
    if (this.socket !== "open" || c.waitAuth) return;
    while (c.open.size < CATCH_UPS && c.queue.length) {
      // A table's own backlog before any strangers' hellos: their reads never delay a known device's mail.
      const own = c.queue.findIndex((e) => !e.extra);
      const entry = c.queue.splice(own >= 0 ? own : 0, 1)[0];
      const filter = this.pool.backlogFilter(entry.topic, entry.extra);
      if (!filter) continue;
      const id = `vc${++c.n}`;
      c.open.set(id, { ...entry, timer: setTimeout(() => this.caughtUp(id), CATCH_UP_MS) });
      this.sendRaw(JSON.stringify(["REQ", id, filter]));
    }
  }

  /** A backlog read ended (its EOSE, a CLOSED, or it took too long): the topic is caught up on this relay. */
  caughtUp(id, again = false) {
    const c = this.catchUps;
    const open = c.open.get(id);
    if (!open) return;
    clearTimeout(open.timer);
    c.open.delete(id);
    this.sendRaw(JSON.stringify(["CLOSE", id]));
    if (again) {
      c.queue.unshift({ topic: open.topic, extra: open.extra });
      c.waitAuth = true; // asked again once authenticated
    } else if (!open.extra) {
      this.pool.caughtUp(open.topic, this);
    }
    this.nextCatchUp();
  }

  sendRaw(text) {
    try { this.ws.send(text); } catch (_) { /* closing: the close handler reconnects */ }
  }

  get leftAlone() {
    return !!this.refusal && this.refusal.until > Date.now();
  }

  publish(item) {
    if (this.leftAlone) return; // it refused the last ones: nothing until the pause ends
    if (item.priority === "low") {
      this.low.push(item);
      if (this.low.length > LOW_MAX) this.low.shift();
    } else {
      this.enqueue(item, false);
    }
    this.flush();
  }

  enqueue(item, first) {
    if (item.priority === "low") return; // a stranger's answer is not sent again: it says hello again
    let q = this.queues.get(item.topic);
    if (!q) {
      if (this.queues.size >= this.pool.maxTopics) return;
      q = [];
      this.queues.set(item.topic, q);
    }
    if (first) {
      // Back in its place: before whatever was published after it (a burst refused together keeps its order).
      const at = q.findIndex((other) => other.n > item.n);
      q.splice(at < 0 ? q.length : at, 0, item);
    } else if (item.priority === "handshake") {
      // A hello or its answer goes before the topic's other pieces (a new session makes them moot).
      const at = q.findIndex((other) => other.priority !== "handshake");
      q.splice(at < 0 ? q.length : at, 0, item);
    } else {
      q.push(item);
    }
    if (q.length > PER_TOPIC) q.splice(0, q.length - PER_TOPIC); // the oldest have been sent again by now
  }

  /** The next piece to send: one topic after another, so that one link's flood waits behind its own pieces. */
  next() {
    const now = Date.now();
    for (const [topic, q] of this.queues) {
      this.queues.delete(topic);
      while (q.length && now - q[0].at > MAX_WAIT_MS) q.shift();
      const item = q.shift();
      if (q.length) this.queues.set(topic, q); // to the back of the round
      if (item) return item;
    }
    return null;
  }

  /** The next answer to a stranger, when nothing else waits and the burst has room to spare. */
  nextLow(now) {
    while (this.low.length && now - this.low[0].at > LOW_WAIT_MS) this.low.shift();
    return this.tokens >= LOW_RESERVE + 1 ? this.low.shift() || null : null;
  }

  /** Drop what waits for `topic` (its link started a new session: the old one's pieces are moot). */
  clearTopic(topic) {
    this.queues.delete(topic);
  }

  /** Until when nothing may be sent (0: now; Infinity: until the relay says more). */
  holdUntil(now) {
    if (this.authWait && !this.authed) return Infinity;
    return Math.max(this.leftAlone ? this.refusal.until : 0, this.slow && this.slow.until > now ? this.slow.until : 0,
      this.clockWait);
  }

  flush() {
    clearTimeout(this.later);
    if (this.socket !== "open" || (!this.queues.size && !this.low.length)) return;
    const now = Date.now();
    const hold = this.holdUntil(now);
    if (hold > now) {
      if (hold !== Infinity) this.later = setTimeout(() => this.flush(), hold - now);
      return;
    }
    this.tokens = Math.min(BURST, this.tokens + ((now - this.last) / 1000) * this.rate);
    this.last = now;
    while (this.tokens >= 1) {
      const item = this.next() || this.nextLow(now);
      if (!item) break;
      this.tokens -= 1;
      this.send(item);
    }
    if (this.queues.size || this.low.length) this.later = setTimeout(() => this.flush(), Math.ceil(1000 / this.rate));
  }

  send(item) {
    const ev = this.pool.sign(item);
    if (this.pending.size >= PENDING) this.pending.delete(this.pending.keys().next().value); // no answer: never will
    this.pending.set(ev.id, { item, created: ev.created_at, at: Date.now() });
    this.counts.sent += 1;
    this.sendRaw(JSON.stringify(["EVENT", ev]));
  }

  receive(data) {
    if (typeof data !== "string" || data.length > MAX_FRAME) return;
    let msg;
    try { msg = JSON.parse(data); } catch (_) { return; }
    if (!Array.isArray(msg) || typeof msg[1] !== "string") return;
    if (msg[0] === "EVENT") {
      if (msg.length === 3 && (msg[1] === SUB || this.catchUps.open.has(msg[1]))) this.pool.receive(msg[2], this, msg[1] === SUB);
    } else if (msg[0] === "EOSE") {
      if (this.catchUps.open.has(msg[1])) this.caughtUp(msg[1]);
    } else if (msg[0] === "OK") {
      if (typeof msg[2] === "boolean") this.answered(msg[1], msg[2], words(msg[3]));
    } else if (msg[0] === "CLOSED") {
      if (msg[1] === SUB) this.closed(words(msg[2]));
      else if (this.catchUps.open.has(msg[1])) {
        const reason = words(msg[2]);
        const auth = prefixOf(reason) === "auth-required" && !this.authed;
        this.caughtUp(msg[1], auth);
        if (auth) this.mustAuthenticate(reason, false);
      }
    } else if (msg[0] === "NOTICE") {
      this.counts.notices += 1;
      this.notices.push(words(msg[1]));
      if (this.notices.length > NOTICES) this.notices.shift();
    } else if (msg[0] === "AUTH") {
      if (msg[1].length && msg[1].length <= 256) {
        this.challenge = msg[1];
        this.authenticate();
      }
    }
    this.note();
  }

  // --- what the relay says ------------------------------------------------------------------
  answered(id, ok, reason) {
    if (id === this.authId) {
      this.authAnswered(ok, reason);
      return;
    }
    const sent = this.pending.get(id);
    if (!sent) return; // not one of ours on this connection
    this.pending.delete(id);
    const { item } = sent;
    const kind = prefixOf(reason);
    if (ok || kind === "duplicate") {
      this.counts.ok += 1;
      if (item.onSent && !item.sentOk) {
        item.sentOk = true;
        try { item.onSent(this.url); } catch (e) { console.error(e); }
      }
      this.refusals = 0;
      this.refusal = null;
      this.pauseMs = PAUSE_MS;
      this.rate = Math.min(PER_SECOND, this.rate + 0.25);
      if (this.slow && this.slow.until <= Date.now()) {
        this.slow = null;
        this.slowMs = SLOW_MS;
      }
      return;
    }
    if (kind === "rate-limited") {
      this.counts.rateLimited += 1;
      // The rest of a burst refused with it is not a reason to slow down further: only an event
      // sent after the last slow-down began is.
      if (sent.at >= this.slowSince) {
        this.slowSince = Date.now();
        this.slow = { reason, until: this.slowSince + this.slowMs };
        this.slowMs = Math.min(this.slowMs * 2, SLOW_MAX_MS);
        this.rate = Math.max(1, this.rate / 2);
        this.tokens = 0;
        this.low = []; // answers to strangers are the first to go
      }
      this.enqueue(item, true);
      this.flush();
    } else if (kind === "auth-required") {
      this.counts.authRequired += 1;
      this.enqueue(item, true);
      this.mustAuthenticate(reason, true);
    } else if (kind === "invalid" && this.signAgain(item, sent.created, reason)) {
      this.counts.resigned += 1;
      item.ev = null;
      this.enqueue(item, true);
      this.flush();
    } else {
      this.refused(reason);
    }
  }

  /**
   * An `invalid:` refusal may be about time: the event was signed a while ago (for another relay),
   * or this device's clock is off. It goes once more, signed now. When the relay speaks of time,
   * again whenever our clock (set by the other side's events) has moved since it was signed; and
   * while nothing has been heard from the other side to set it by, after a short wait (up to four
   * times), not counted as a refusal.
   */
  signAgain(item, created, reason) {
    const tries = this.retried.get(item) || 0;
    this.retried.set(item, tries + 1);
    if (!TIME_WORDS.test(reason)) return tries === 0;
    this.pool.clockDoubt = true;
    this.pool.learnClock();
    if (tries === 0 || Math.abs(this.pool.now() - created) >= SKEW_MIN_S) return true;
    if (this.pool.offsets.length || tries > 4) return false;
    this.clockWait = Date.now() + CLOCK_WAIT_MS;
    return true;
  }

  /** A refusal (invalid:, blocked:, restricted:, pow:, error:, or no reason): counted; a few in a row and the relay is left alone. */
  refused(reason) {
    this.counts.refused += 1;
    this.refusals += 1;
    this.refusal = { reason: reason || "refused", until: 0 };
    if (this.refusals >= REFUSALS) {
      this.refusal.until = Date.now() + this.pauseMs;
      this.pauseMs = Math.min(this.pauseMs * 2, PAUSE_MAX_MS);
      this.queues.clear();
      this.low = [];
    }
  }

  closed(reason) {
    this.counts.closed += 1;
    this.sub.live = false;
    this.sub.reason = reason;
    if (prefixOf(reason) === "auth-required" && !this.authed) {
      this.sub.waitAuth = true;
      this.mustAuthenticate(reason, false);
      return;
    }
    // A subscription that lived long (an idle one shut down) is simply renewed; one closed soon
    // after each start, again and again, is given up.
    this.sub.closes = Date.now() - this.sub.since < SHORT_SUB_MS ? this.sub.closes + 1 : 1;
    if (this.sub.closes >= CLOSES) {
      this.sub.gaveUp = reason || "closed";
      return;
    }
    clearTimeout(this.resub);
    this.resub = setTimeout(() => this.subscribe(), Math.min(1000 * 2 ** (this.sub.closes - 1), 30_000));
  }

  /** The relay wants us to authenticate first: for our events (they wait) or for our subscription. */
  mustAuthenticate(reason, events) {
    if (this.authed) {
      // Authenticated and still refused: this relay wants someone else.
      this.refused(reason);
      return;
    }
    if (events) this.authWait = reason;
    this.authReason = reason;
    if (this.challenge && !this.authId) this.authenticate();
    if (!this.challenge && !this.authTimer) {
      this.authTimer = setTimeout(() => {
        this.authTimer = null;
        if (this.authed || this.challenge || this.socket !== "open") return;
        this.authFailed(reason);
        this.note();
      }, AUTH_WAIT_MS);
    }
  }

  /** No way to authenticate (no challenge came, or the answer was refused): a refusing relay. */
  authFailed(reason) {
    this.authWait = null;
    if (this.sub.waitAuth) this.sub.gaveUp = reason;
    this.refused(reason);
    this.flush();
  }

  authenticate() {
    if (this.socket !== "open" || !this.challenge) return;
    const ev = authEvent(this.pool.authKey, this.url, this.challenge, this.pool.now());
    this.authId = ev.id;
    this.counts.auths += 1;
    this.sendRaw(JSON.stringify(["AUTH", ev]));
  }

  authAnswered(ok, reason) {
    this.authId = null;
    if (!ok) {
      this.counts.authRefused += 1;
      this.authFailed(reason || "auth-required: refused");
      return;
    }
    this.authed = true;
    this.authWait = null;
    clearTimeout(this.authTimer);
    this.authTimer = null;
    if (this.sub.waitAuth || !this.sub.live) {
      this.sub.waitAuth = false;
      this.subscribe();
    }
    if (this.catchUps.waitAuth) {
      this.catchUps.waitAuth = false;
      this.nextCatchUp();
    }
    this.flush();
  }

  // --- reading -------------------------------------------------------------------------------
  /** May one more event of `pubkey` from this relay be checked? (Before any hash or signature.) */
  admit(pubkey) {
    const now = Date.now();
    let b = this.reads.get(pubkey);
    if (!b) {
      if (this.reads.size >= 256) this.reads.clear();
      b = { tokens: READ_BURST, at: now };
      this.reads.set(pubkey, b);
    }
    b.tokens = Math.min(READ_BURST, b.tokens + ((now - b.at) / 1000) * READ_PER_SECOND);
    b.at = now;
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

  // --- what the page sees --------------------------------------------------------------------
  /** "connecting", "down", "refusing", "not-listening", "authenticating", "rate-limited" or "open". */
  get state() {
    if (this.socket !== "open") return this.socket;
    if (this.refusal) return "refusing";
    if (this.sub.gaveUp) return "not-listening";
    if (!this.authed && (this.authWait || this.sub.waitAuth)) return "authenticating";
    if (this.slow) return "rate-limited";
    return "open";
  }

  get reason() {
    const s = this.state;
    if (s === "refusing") return this.refusal.reason;
    if (s === "not-listening") return this.sub.gaveUp;
    if (s === "authenticating") return this.authReason;
    if (s === "rate-limited") return this.slow.reason;
    return "";
  }

  /** Tell the page when what it shows of this relay changed (its state, or the kind of its reason). */
  note() {
    const shown = `${this.state}|${prefixOf(this.reason)}`;
    if (shown === this.shown) return;
    this.shown = shown;
    this.pool.changed();
  }

  /** Connect again now if the connection is down (the device's network came back). */
  wake() {
    if (this.ws || this.pool.closed) return;
    clearTimeout(this.again);
    this.backoff = 1000;
    this.connect();
  }

  close() {
    for (const k of ["again", "later", "resub", "authTimer"]) clearTimeout(this[k]);
    for (const c of this.catchUps.open.values()) clearTimeout(c.timer);
    if (this.ws) {
      const ws = this.ws;
      this.ws = null;
      try { ws.close(); } catch (_) { /* gone */ }
    }
    this.socket = "down";
  }
}

/**
 * The relays of a page. `onEvent(event, url)` gets each new, well-formed, correctly signed event
 * of a subscribed topic from an expected key (`accept(pubkey, topic)`); `onChange()` when what
 * `status()` says of a relay changes (it connects, drops, refuses, slows us down…).
 *
 * With `stored: true`, a pool for tables over days: events of STORED_KIND with an expiration,
 * topics heard through `watch()`/`unwatch()` (not `listen()`), and `onCaughtUp(topic, url)` once
 * relay `url` has sent what it kept of `topic` (after each connection, and after each change of
 * the topic's watch).
 */
