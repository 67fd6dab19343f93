// The host's side of an internet table: one secret per invitation, one link per guest, one set
// of relays for all of them (web/app/live/link.js, relay.js).
//
// Each invitation is a short address whose secret part sits in the fragment (#/join?t=…), which
// a browser never sends anywhere. The secrets of a started table are kept on this device beside
// its save, so a reload of the host's page opens the same links and every guest comes back
// (before the start, the table-to-be keeps them: lobby.js).

import { RelayPool } from "./relay.js";
import { Link } from "./link.js";
import { keysFor, newSecret } from "./seal.js";
import { relays, internetIce, DEFAULT_RELAYS } from "./networks.js";

const KEEP = (id) => `vt.livehost.${id}`;

/** The invitation address of `secret` on `list` (the relays named only when they are not the defaults). */
export function inviteUrl(secret, list = relays()) {
  const base = `${location.origin}${location.pathname}`;
  const custom = list.length !== DEFAULT_RELAYS.length || list.some((x, i) => x !== DEFAULT_RELAYS[i]);
  const r = custom ? `&r=${encodeURIComponent(list.join(","))}` : "";
  return `${base}#/join?t=${secret}${r}`;
}

/** A link's channel as the host's table uses it (the manual codes' Peer has the same three). */
function channel(link) {
  return {
    link,
    send: (text) => link.send(text),
    get open() { return !!link.other; },
    close: () => link.close(),
  };
}

export class HostNet {
  /** `handlers`: message(g, text), session(g), state(g) — the host table's answers. */
  /** `list`: the relays (a table-to-be taken up again keeps the ones its links name). */
  constructor(handlers, { direct = true, list = relays() } = {}) {
    this.handlers = handlers;
    this.direct = direct;
    this.relays = list.slice();
    this.byTopic = new Map();
    this.pool = new RelayPool(this.relays, {
      accept: (pubkey, topic) => { const g = this.byTopic.get(topic); return !!g && g.link.expects(pubkey); },
      onEvent: (ev) => { const g = this.byTopic.get(ev.tags[0][1]); if (g) g.link.fromEvent(ev); },
      onChange: () => this.handlers.relays(),
    });
  }

  /** Open (or reopen, with its old secret) the link of guest or spectator `g`. */
  async open(g, secret = newSecret()) {
    this.drop(g);
    const keys = await keysFor(secret);
    const link = new Link({
      // Without direct (a test of the relay path): the browser may use relay (TURN) candidates
      // only and none is set, so the offer goes and no direct path can come up, as behind a strict NAT.
      role: "host", keys, pool: this.pool, ice: this.direct ? internetIce() : { ...internetIce(), iceServers: [], iceTransportPolicy: "relay" },
      onMessage: (text) => this.handlers.message(g, link, text),
      onSession: () => this.handlers.session(g, link),
      onState: () => this.handlers.state(g, link),
    });
    g.secret = secret;
    g.link = link;
    g.peer = channel(link);
    g.invite = { link: inviteUrl(secret, this.relays) };
    this.byTopic.set(keys.topic, g);
    this.pool.listen([...this.byTopic.keys()]);
    return link;
  }

  drop(g) {
    if (!g.link) return;
    for (const [topic, other] of this.byTopic) if (other === g) this.byTopic.delete(topic);
    g.link.close();
    g.link = null;
    g.peer = null;
  }

  /** How many relays answer, for the page. */
  relaysOpen() {
    return { open: this.pool.open, all: this.pool.relays.length };
  }

  close() {
    for (const g of this.byTopic.values()) if (g.link) g.link.close();
    this.byTopic.clear();
    this.pool.close();
  }
}

/** Keep the secrets of a started table's invitations (seat → secret; spectators' by number). */
export function keepSecrets(tableId, guests, watchers) {
  const seats = {};
  for (const g of guests) if (g.secret) seats[g.seat] = g.secret;
  const watching = watchers.filter((w) => w.secret && w.state !== "gone").map((w) => ({ n: w.watcher, secret: w.secret }));
  try {
    localStorage.setItem(KEEP(tableId), JSON.stringify({ seats, watchers: watching }));
  } catch (_) { /* not kept: after a reload the guests need new invitations */ }
}

export function keptSecrets(tableId) {
  try {
    const kept = JSON.parse(localStorage.getItem(KEEP(tableId)) || "null");
    if (kept && typeof kept === "object" && kept.seats && typeof kept.seats === "object") return kept;
  } catch (_) { /* nothing kept */ }
  return null;
}
