// A few Nostr relays (NIP-01 over WebSocket) as one meeting place for the pieces of a table.
//
// Each piece is a short-lived event (kind 25050: relays pass ephemeral kinds 20000–29999 on to
// subscribers and keep nothing) tagged with its table's topic and signed with the sender's key
// derived from the invitation. The same piece goes to every relay; whichever delivers it first
// wins and the copies are dropped by event id. Everything a relay sends is hostile: each frame is
// bounded in size, read strictly, the signature checked (nostr-tools), and an event from a key
// the page does not expect is dropped before anything else reads it.

import { finalizeEvent, verifyEvent, getPublicKey } from "../../../vendor/nostr-tools/lib/esm/pure.js";

export const KIND = 25050;
/** The longest relay frame read (a piece's event is about 8.5 KB). */
const MAX_FRAME = 32_000;
/** Publishing: a burst of this many events, then this many per second, per relay. */
const BURST = 16;
const PER_SECOND = 6;
const SEEN = 4000;

export { getPublicKey };

/** A signed event carrying one sealed piece for `topic`. */
export function pieceEvent(secretKey, topic, content) {
  return finalizeEvent({ kind: KIND, created_at: Math.floor(Date.now() / 1000), tags: [["t", topic]], content }, secretKey);
}

function isEvent(ev) {
  return ev !== null && typeof ev === "object" && ev.kind === KIND && typeof ev.pubkey === "string"
    && /^[0-9a-f]{64}$/.test(ev.pubkey) && typeof ev.id === "string" && /^[0-9a-f]{64}$/.test(ev.id)
    && typeof ev.content === "string" && Array.isArray(ev.tags) && ev.tags.length === 1 && Array.isArray(ev.tags[0])
    && ev.tags[0].length === 2 && ev.tags[0][0] === "t" && typeof ev.tags[0][1] === "string";
}

class Relay {
  constructor(url, pool) {
    this.url = url;
    this.pool = pool;
    this.ws = null;
    this.state = "closed";
    this.queue = [];
    this.tokens = BURST;
    this.last = Date.now();
    this.backoff = 1000;
    this.connect();
  }

  connect() {
    if (this.pool.closed) return;
    this.state = "connecting";
    let ws;
    try {
      ws = new WebSocket(this.url);
    } catch (e) {
      this.retry();
      return;
    }
    this.ws = ws;
    ws.addEventListener("open", () => {
      if (this.ws !== ws) return;
      this.state = "open";
      this.backoff = 1000;
      this.subscribe();
      this.flush();
      this.pool.changed();
    });
    ws.addEventListener("message", (e) => { if (this.ws === ws) this.receive(e.data); });
    ws.addEventListener("close", () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.state = "closed";
      this.pool.changed();
      this.retry();
    });
    ws.addEventListener("error", () => { /* a close follows */ });
  }

  retry() {
    if (this.pool.closed) return;
    clearTimeout(this.again);
    this.again = setTimeout(() => this.connect(), this.backoff);
    this.backoff = Math.min(this.backoff * 2, 15_000);
  }

  subscribe() {
    if (this.state !== "open" || !this.pool.topics.length) return;
    this.sendRaw(JSON.stringify(["REQ", "vt", { kinds: [KIND], "#t": this.pool.topics, since: Math.floor(Date.now() / 1000) - 60 }]));
  }

  sendRaw(text) {
    try { this.ws.send(text); } catch (_) { /* closing: the close handler reconnects */ }
  }

  publish(ev) {
    this.queue.push(ev);
    if (this.queue.length > 400) this.queue.splice(0, this.queue.length - 400); // the oldest are stale by now
    this.flush();
  }

  flush() {
    clearTimeout(this.later);
    if (this.state !== "open") return;
    const now = Date.now();
    this.tokens = Math.min(BURST, this.tokens + ((now - this.last) / 1000) * PER_SECOND);
    this.last = now;
    while (this.queue.length && this.tokens >= 1) {
      this.tokens -= 1;
      this.sendRaw(JSON.stringify(["EVENT", this.queue.shift()]));
    }
    if (this.queue.length) this.later = setTimeout(() => this.flush(), Math.ceil(1000 / PER_SECOND));
  }

  receive(data) {
    if (typeof data !== "string" || data.length > MAX_FRAME) return;
    let msg;
    try { msg = JSON.parse(data); } catch (_) { return; }
    if (!Array.isArray(msg) || msg[0] !== "EVENT" || msg.length !== 3 || msg[1] !== "vt") return;
    this.pool.receive(msg[2], this.url);
  }

  close() {
    clearTimeout(this.again);
    clearTimeout(this.later);
    if (this.ws) {
      const ws = this.ws;
      this.ws = null;
      try { ws.close(); } catch (_) { /* gone */ }
    }
    this.state = "closed";
  }
}

/**
 * The relays of a page. `onEvent(event)` gets each new, well-formed, correctly signed event of a
 * subscribed topic from an expected key (`accept(pubkey, topic)`); `onChange()` when a relay
 * connects or drops.
 */
export class RelayPool {
  constructor(urls, { accept, onEvent, onChange }) {
    this.topics = [];
    this.accept = accept;
    this.onEvent = onEvent;
    this.onChange = onChange || (() => {});
    this.seen = new Set();
    this.closed = false;
    this.relays = urls.map((u) => new Relay(u, this));
  }

  /** The topics to hear (the subscription is replaced on every relay). */
  listen(topics) {
    this.topics = [...new Set(topics)].slice(0, 64);
    for (const r of this.relays) r.subscribe();
  }

  publish(ev) {
    this.seen.add(ev.id); // our own copy coming back is not news
    for (const r of this.relays) r.publish(ev);
  }

  get open() {
    return this.relays.filter((r) => r.state === "open").length;
  }

  describe() {
    return this.relays.map((r) => `${r.url} ${r.state}`).join(", ");
  }

  changed() {
    try { this.onChange(); } catch (e) { console.error(e); }
  }

  receive(ev, url) {
    if (!isEvent(ev) || this.seen.has(ev.id) || !this.topics.includes(ev.tags[0][1])) return;
    if (!this.accept(ev.pubkey, ev.tags[0][1])) return;
    // Older than a few minutes: a replay (the sessions inside would drop it anyway).
    if (typeof ev.created_at !== "number" || Math.abs(ev.created_at - Date.now() / 1000) > 600) return;
    if (!verifyEvent(ev)) return;
    this.seen.add(ev.id);
    if (this.seen.size > SEEN) this.seen = new Set([...this.seen].slice(-SEEN / 2));
    try { this.onEvent(ev, url); } catch (e) { console.error(e); }
  }

  close() {
    this.closed = true;
    for (const r of this.relays) r.close();
  }
}
