// A few Nostr relays (NIP-01 over WebSocket) as one meeting place for the pieces of a table.
//
// Each piece is a short-lived event (kind 25050: relays pass ephemeral kinds 20000–29999 on to
// subscribers and are meant to keep nothing) tagged with its table's topic and signed with the
// sender's key for that invitation (link.js). The same piece goes to every relay; whichever delivers
// it first wins and the copies are dropped by event id.
//
// Public relays have rules of their own and say so: an event is signed only when a relay is about
// to take it (strict relays refuse ephemeral events older than about a minute), and each answer
// is acted on — `OK false` (rate-limited: slow down and send it again; auth-required: answer the
// relay's NIP-42 challenge and send it again; anything else: a refusal, counted, and a relay that
// keeps refusing is left alone for a while), `CLOSED` (subscribe again after authenticating or a
// pause; give up on a relay that keeps closing), `NOTICE` (kept, a few), `AUTH` (answered with a
// key of the pool's own). `status()` says per relay what it is doing and why, in its words.
//
// Everything a relay sends is hostile: each frame is bounded in size, read strictly; an event
// from a key the page does not expect is dropped before anything else reads it, a key that sends
// too fast is cut off before its signatures cost anything, and a signature that failed is
// remembered so that the same forgery sent again costs nothing.
//
// A pool made with `stored: true` serves tables over days (web/app/days/mail.js) instead: its
// events are of a regular kind (STORED_KIND, which relays keep) with a NIP-40 expiration, and it
// reads what relays kept. Each topic is watched with the keys it expects and a `since` of its own;
// when a relay connects (again) or a topic's watch changes, the pool reads that topic's stored
// backlog on that relay in a subscription of its own (one filter, so a relay's `limit` holds per
// topic and one key's flood cannot push another table's events out of it), a few at a time, then
// says so (`onCaughtUp`); one more subscription hears what comes next for every topic. The same
// read budgets hold for a backlog as for live events: per key before any signature, strangers
// together (the caller's `accept`).

import { finalizeEvent, verifyEvent, getEventHash, getPublicKey, generateSecretKey }
  from "../../../vendor/nostr-tools/lib/esm/pure.js";
import { Relay, KIND, STORED_KIND, SKEW_S, BACKLOG, SKEW_MIN_S, nowS, words } from "./relayone.js";

/** Stored events are read back at most this far (s): 30 days. */
export const STORED_WINDOW_S = 30 * 86_400;
/** Reading a topic's stored backlog: the newest this many events of its expected keys per relay. */
const BACKLOG_KNOWN = 500;
/** …and of any key, on a topic whose other side is not known yet (a host's invitation nobody opened). */
const BACKLOG_ANY = 50;
/** …and of any key besides, on a topic where strangers are heard (a host's taken seat): their last hellos. */
const BACKLOG_STRANGERS = 20;
/** The live subscription of a stored pool looks back this far (s), to cover its own replacement. */
const LIVE_LOOKBACK_S = 60;
/** A stored pool hears at most this many topics (a device's tables over days). */
const STORED_TOPICS = 128;
const SEEN = 4000;
/** A signed event goes to another relay as it is while younger than this (s); else it is signed again. */
const FRESH_S = 20;
const TOPICS = 64;
const BAD = 2000;
const OFFSETS = 32;

export { getPublicKey };
export { KIND, STORED_KIND, SKEW_S, authEvent } from "./relayone.js";

/** A signed event carrying one sealed piece for `topic` (created now, or at `createdAt`). */
export function pieceEvent(secretKey, topic, content, createdAt = nowS()) {
  return finalizeEvent({ kind: KIND, created_at: createdAt, tags: [["t", topic]], content }, secretKey);
}

/** A stored event (a table over days) carrying one sealed piece for `topic`, expiring at `expiration` (unix s). */
export function storedEvent(secretKey, topic, content, expiration, createdAt = nowS()) {
  return finalizeEvent({ kind: STORED_KIND, created_at: createdAt, tags: [["t", topic], ["expiration", String(expiration)]],
    content }, secretKey);
}

function isEvent(ev) {
  return ev !== null && typeof ev === "object" && ev.kind === KIND && typeof ev.pubkey === "string"
    && /^[0-9a-f]{64}$/.test(ev.pubkey) && typeof ev.id === "string" && /^[0-9a-f]{64}$/.test(ev.id)
    && typeof ev.sig === "string" && /^[0-9a-f]{128}$/.test(ev.sig) && Number.isInteger(ev.created_at)
    && typeof ev.content === "string" && Array.isArray(ev.tags) && ev.tags.length === 1 && Array.isArray(ev.tags[0])
    && ev.tags[0].length === 2 && ev.tags[0][0] === "t" && typeof ev.tags[0][1] === "string";
}

function isStoredEvent(ev) {
  return ev !== null && typeof ev === "object" && ev.kind === STORED_KIND && typeof ev.pubkey === "string"
    && /^[0-9a-f]{64}$/.test(ev.pubkey) && typeof ev.id === "string" && /^[0-9a-f]{64}$/.test(ev.id)
    && typeof ev.sig === "string" && /^[0-9a-f]{128}$/.test(ev.sig) && Number.isInteger(ev.created_at)
    && typeof ev.content === "string" && Array.isArray(ev.tags) && ev.tags.length === 2
    && Array.isArray(ev.tags[0]) && ev.tags[0].length === 2 && ev.tags[0][0] === "t" && typeof ev.tags[0][1] === "string"
    && Array.isArray(ev.tags[1]) && ev.tags[1].length === 2 && ev.tags[1][0] === "expiration"
    && typeof ev.tags[1][1] === "string" && /^[0-9]{1,12}$/.test(ev.tags[1][1]);
}

export class RelayPool {
  constructor(urls, { accept, onEvent, onChange, stored = false, onCaughtUp }) {
    this.stored = stored;
    this.maxTopics = stored ? STORED_TOPICS : TOPICS;
    this.watched = new Map(); // a stored pool: topic → {authors: [keys] | null, strangers, since}
    this.onCaughtUp = onCaughtUp || (() => {});
    this.topics = [];
    this.accept = accept;
    this.onEvent = onEvent;
    this.onChange = onChange || (() => {});
    this.seen = new Set();
    this.bad = new Set();
    this.closed = false;
    this.published = 0;
    /** Seconds added to this device's clock when signing (learnt once a relay refused our time). */
    this.skew = 0;
    this.clockDoubt = false;
    this.offsets = [];
    /** NIP-42 answers are signed with a key of this page's own, unrelated to any table. */
    this.authKey = generateSecretKey();
    this.relays = urls.map((u) => new Relay(u, this));
  }

  /** The topics to hear (the subscription is replaced on every relay). */
  listen(topics) {
    this.topics = [...new Set(topics)].slice(0, TOPICS);
    for (const r of this.relays) r.subscribe();
  }

  /**
   * One sealed piece to every relay: `{topic, content, secretKey}` (the 32-byte Nostr secret key
   * of the sender's side) and its `priority`: "handshake" (before the topic's other pieces), "low"
   * (an answer to a stranger: after everything else, dropped first) or none. It is signed when a
   * relay is about to take it.
   */
  publish({ topic, content, secretKey, priority = null, expiration = null, to = null, onSent = null }) {
    const item = { topic, content, secretKey, priority, expiration, onSent, at: Date.now(), n: ++this.published, ev: null };
    for (const r of this.relays) if (!to || r.url === to) r.publish(item);
  }

  /**
   * A stored pool: hear `topic`, from `authors` (the keys expected on it; null while nobody is
   * known, a host's invitation nobody opened), also from other keys when `strangers` (of those,
   * only the newest BACKLOG_STRANGERS kept events are read, after every topic's own), reading what
   * relays kept since `since` (unix s; at most STORED_WINDOW_S back). Watching it again with other
   * keys reads its backlog again.
   */
  watch(topic, { authors = null, strangers = false, since = 0 }) {
    const old = this.watched.get(topic);
    const floor = this.now() - STORED_WINDOW_S;
    const w = { authors: authors && authors.length ? [...new Set(authors)] : null, strangers: !!strangers || !authors,
      since: Math.max(floor, Math.floor(since)) };
    if (!old && this.watched.size >= this.maxTopics) return false;
    this.watched.set(topic, w);
    this.topics = [...this.watched.keys()];
    const same = old && JSON.stringify(old.authors) === JSON.stringify(w.authors) && old.strangers === w.strangers;
    if (!same) this.resubscribeSoon();
    for (const r of this.relays) if (!same && r.socket === "open") r.catchUp([topic]);
    return true;
  }

  /** A stored pool: move `topic`'s `since` on (what was read need not be read again after a reconnection). */
  since(topic, since) {
    const w = this.watched.get(topic);
    if (w) w.since = Math.max(w.since, Math.floor(since));
  }

  unwatch(topic) {
    if (!this.watched.delete(topic)) return;
    this.topics = [...this.watched.keys()];
    for (const r of this.relays) {
      r.clearTopic(topic);
      r.catchUps.queue = r.catchUps.queue.filter((e) => e.topic !== topic);
    }
    this.resubscribeSoon();
  }

  /** The live subscription is sent again once, however many watches changed together. */
  resubscribeSoon() {
    if (this.resubTimer) return;
    this.resubTimer = setTimeout(() => {
      this.resubTimer = null;
      for (const r of this.relays) r.subscribe();
    }, 0);
  }

  /** A stored pool's live subscription: what comes from now on, from the keys each topic expects, and from strangers where heard. */
  liveFilters() {
    const since = this.now() - LIVE_LOOKBACK_S;
    const known = [...this.watched].filter(([, w]) => w.authors);
    const strangers = [...this.watched].filter(([, w]) => w.strangers).map(([t]) => t);
    const out = [];
    if (known.length) {
      out.push({ kinds: [STORED_KIND], "#t": known.map(([t]) => t), authors: [...new Set(known.flatMap(([, w]) => w.authors))],
        since, limit: BACKLOG });
    }
    if (strangers.length) out.push({ kinds: [STORED_KIND], "#t": strangers, since, limit: BACKLOG_ANY });
    return out;
  }

  /**
   * The one filter of a read of `topic`'s backlog: what its expected keys sent (any key's while none
   * is known), or (`extra`) strangers' last events where they are heard; null when there is none.
   */
  backlogFilter(topic, extra = false) {
    const w = this.watched.get(topic);
    if (!w) return null;
    const f = { kinds: [STORED_KIND], "#t": [topic], since: Math.max(w.since, this.now() - STORED_WINDOW_S) };
    if (extra) return w.authors && w.strangers ? { ...f, limit: BACKLOG_STRANGERS } : null;
    return w.authors ? { ...f, authors: w.authors, limit: BACKLOG_KNOWN } : { ...f, limit: BACKLOG_ANY };
  }

  caughtUp(topic, relay) {
    if (!this.watched.has(topic)) return;
    try { this.onCaughtUp(topic, relay.url); } catch (e) { console.error(e); }
  }

  /** Connect again at once to every relay that is down (the device's network came back). */
  wake() {
    for (const r of this.relays) r.wake();
  }

  /** Drop every relay's pieces waiting for `topic`. */
  clearTopic(topic) {
    for (const r of this.relays) r.clearTopic(topic);
  }

  /** This device's time for the relays, in seconds. */
  now() {
    return nowS() + this.skew;
  }

  /** The item's event, signed now unless it was signed in the last FRESH_S seconds. */
  sign(item) {
    if (this.clockDoubt) this.learnClock();
    const now = this.now();
    if (!item.ev || Math.abs(now - item.ev.created_at) >= FRESH_S) {
      item.ev = this.stored ? storedEvent(item.secretKey, item.topic, item.content, item.expiration, now)
        : pieceEvent(item.secretKey, item.topic, item.content, now);
      this.remember(item.ev.id); // our own copy coming back is not news
    }
    return item.ev;
  }

  /**
   * A relay refused an event as invalid, in words about time: if the other side's events say our
   * clock is off by SKEW_MIN_S or more, sign on their time from now on (true when it moved). Each
   * sample is the other side's created_at minus our clock when it arrived; the largest is the one
   * least delayed.
   */
  learnClock() {
    if (!this.offsets.length) return false;
    const offset = Math.max(-SKEW_S, Math.min(SKEW_S, Math.max(...this.offsets)));
    if (Math.abs(offset - this.skew) < SKEW_MIN_S) return false;
    this.skew = offset;
    return true;
  }

  /** Relays that carry our copies (connected and not refusing). */
  get open() {
    return this.relays.filter((r) => r.socket === "open" && !r.refusal).length;
  }

  /** Per relay: {url, state, reason (the relay's words, or ""), notices (its last few NOTICEs), counts}. */
  status() {
    return this.relays.map((r) => ({ url: r.url, state: r.state, reason: r.reason, notices: r.notices.slice(),
      counts: { ...r.counts } }));
  }

  /** The relays that are not fully working: [{url, state, reason}] (state as in status()). */
  problems() {
    return this.status().filter((s) => s.state !== "open").map(({ url, state, reason }) => ({ url, state, reason }));
  }

  describe() {
    return this.relays.map((r) => `${r.url} ${r.state}`).join(", ");
  }

  changed() {
    try { this.onChange(); } catch (e) { console.error(e); }
  }

  remember(id) {
    this.seen.add(id);
    if (this.seen.size > SEEN) this.seen = new Set([...this.seen].slice(-SEEN / 2));
  }

  receive(ev, relay, live = true) {
    if (this.stored ? !isStoredEvent(ev) : !isEvent(ev)) return;
    if (this.seen.has(ev.id) || !this.topics.includes(ev.tags[0][1])) return;
    const local = nowS();
    if (this.stored) {
      // Expired (NIP-40), older than the window, or from further ahead than clocks differ: dropped
      // before it costs a stranger's budget.
      const now = local + this.skew;
      if (Number(ev.tags[1][1]) < now || ev.created_at < now - STORED_WINDOW_S || ev.created_at > now + SKEW_S) return;
      if (!this.accept(ev.pubkey, ev.tags[0][1])) return;
    } else {
      if (!this.accept(ev.pubkey, ev.tags[0][1])) return;
      // Far off in time: a replay (the sessions inside would drop it anyway), or a clock far wrong.
      if (Math.abs(ev.created_at - (local + this.skew)) > SKEW_S) return;
    }
    // A signature that failed once fails again: the same (key, id, signature) costs nothing.
    const mark = ev.pubkey + ev.id + ev.sig;
    if (this.bad.has(mark)) {
      relay.counts.forged += 1;
      return;
    }
    if (!relay.admit(ev.pubkey)) {
      relay.counts.overRate += 1;
      return;
    }
    // An id that does not match the content is not remembered: the same id and signature may
    // come honestly with the right content.
    let hash = null;
    try { hash = getEventHash(ev); } catch (_) { /* not an event */ }
    if (hash !== ev.id) {
      relay.counts.forged += 1;
      return;
    }
    if (!verifyEvent(ev)) {
      relay.counts.forged += 1;
      this.bad.add(mark);
      if (this.bad.size > BAD) this.bad = new Set([...this.bad].slice(-BAD / 2));
      return;
    }
    this.remember(ev.id);
    // Only what arrives as it is published tells the other side's clock (a stored event may be old).
    if (live && (!this.stored || Math.abs(ev.created_at - local) <= SKEW_S)) {
      this.offsets.push(ev.created_at - local);
      if (this.offsets.length > OFFSETS) this.offsets.shift();
    }
    try { this.onEvent(ev, relay.url); } catch (e) { console.error(e); }
  }

  close() {
    this.closed = true;
    for (const r of this.relays) r.close();
  }
}
