// The host's side of an internet table: one secret and one host key per invitation, one link per
// guest, one set of relays for all of them (web/app/live/link.js, relay.js).
//
// Each invitation is a short address whose secret part and host key sit in the fragment
// (#/join?t=…&h=…), which a browser never sends anywhere. The host key signs everything the host
// says on that link; its public half in the address lets the guest's page hear the host and
// nobody else. The seat is pinned to the device that first says hello (its key, `device`). The
// secrets, host keys and pinned devices of a started table are kept on this device beside its save,
// so a reload of the host's page opens the same links, pinned to the same devices, and every
// guest comes back (before the start, the table-to-be keeps them: lobby.js); they are forgotten
// once the game is over.

import { RelayPool } from "./relay.js";
import { Link } from "./link.js";
import { Strangers } from "./strangers.js";
import { keysFor, newSecret, newSigningKey, isSecret, isSigningKey, keyForLink, fromHex } from "./seal.js";
import { getPublicKey } from "./relay.js";
import { relayTrouble } from "./netview.js";
import { relays, internetIce, DEFAULT_RELAYS } from "./networks.js";

const KEEP = (id) => `vt.livehost.${id}`;

/**
 * The invitation address of `secret` whose host signs with `hostKey` (its secret key: the address
 * carries the public key) on `list` (the relays named only when they are not the defaults).
 */
export function inviteUrl(secret, hostKey, list = relays()) {
  const base = `${location.origin}${location.pathname}`;
  const custom = list.length !== DEFAULT_RELAYS.length || list.some((x, i) => x !== DEFAULT_RELAYS[i]);
  const r = custom ? `&r=${encodeURIComponent(list.join(","))}` : "";
  return `${base}#/join?t=${secret}&h=${keyForLink(getPublicKey(fromHex(hostKey)))}${r}`;
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
  /** `handlers`: message(g, text), session(g), state(g), pin(g, pubkey), stranger(g, pubkey, code) — the host table's answers. */
  /** `list`: the relays (a table-to-be taken up again keeps the ones its links name). */
  constructor(handlers, { direct = true, list = relays() } = {}) {
    this.handlers = handlers;
    this.direct = direct;
    this.relays = list.slice();
    this.byTopic = new Map();
    // Every link of the table hears strangers within one budget: a new key is free.
    this.strangers = new Strangers();
    this.pool = new RelayPool(this.relays, {
      accept: (pubkey, topic) => { const g = this.byTopic.get(topic); return !!g && g.link.expects(pubkey); },
      onEvent: (ev) => { const g = this.byTopic.get(ev.tags[0][1]); if (g) g.link.fromEvent(ev); },
      onChange: () => this.handlers.relays(),
    });
  }

  /**
   * Open (or reopen) the link of guest or spectator `g`: its secret and host key (new ones when it
   * has none), pinned to its device when one has taken it.
   */
  async open(g) {
    this.drop(g);
    if (!isSecret(g.secret)) g.secret = newSecret();
    if (!isSigningKey(g.hostKey)) g.hostKey = newSigningKey();
    const keys = await keysFor(g.secret);
    const link = new Link({
      // Without direct (a test of the relay path): the browser may use relay (TURN) candidates
      // only and none is set, so the offer goes and no direct path can come up, as behind a strict NAT.
      role: "host", keys, sign: g.hostKey, other: g.device || null, pool: this.pool,
      ice: this.direct ? internetIce() : { ...internetIce(), iceServers: [], iceTransportPolicy: "relay" },
      onMessage: (text) => this.handlers.message(g, link, text),
      onSession: () => this.handlers.session(g, link),
      onState: () => this.handlers.state(g, link),
      onPin: (pubkey) => this.handlers.pin(g, pubkey),
      onStranger: (pubkey, code) => this.handlers.stranger(g, pubkey, code),
      strangers: this.strangers,
    });
    g.link = link;
    g.peer = channel(link);
    g.invite = { link: inviteUrl(g.secret, g.hostKey, this.relays) };
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
    return { open: this.pool.open, all: this.pool.relays.length, trouble: relayTrouble(this.pool.problems()) };
  }

  close() {
    for (const g of this.byTopic.values()) if (g.link) g.link.close();
    this.byTopic.clear();
    this.pool.close();
  }
}

const KEPT_VERSION = 2;
const HEX64 = /^[0-9a-f]{64}$/;

/** What reopens one invitation: its secret, its host key and the device pinned to it (or null). */
function keptInvitation(g) {
  return { secret: g.secret, hostKey: g.hostKey, device: g.device || null };
}

/** Keep the invitations of a started table (seat → invitation; spectators' by number). */
export function keepSecrets(tableId, guests, watchers) {
  const seats = {};
  for (const g of guests) if (g.secret) seats[g.seat] = keptInvitation(g);
  const watching = watchers.filter((w) => w.secret && w.state !== "gone").map((w) => ({ n: w.watcher, ...keptInvitation(w) }));
  try {
    localStorage.setItem(KEEP(tableId), JSON.stringify({ v: KEPT_VERSION, seats, watchers: watching }));
  } catch (_) { /* not kept: after a reload the guests need new invitations */ }
}

const isInvitation = (x) => x !== null && typeof x === "object" && isSecret(x.secret) && isSigningKey(x.hostKey)
  && (x.device === null || (typeof x.device === "string" && HEX64.test(x.device)));

/** The kept invitations of table `tableId`, read strictly (anything else: null, as if none were kept). */
export function keptSecrets(tableId) {
  try {
    const kept = JSON.parse(localStorage.getItem(KEEP(tableId)) || "null");
    if (kept && typeof kept === "object" && kept.v === KEPT_VERSION && kept.seats && typeof kept.seats === "object"
        && Object.values(kept.seats).every(isInvitation) && Array.isArray(kept.watchers)
        && kept.watchers.every((w) => isInvitation(w) && Number.isInteger(w.n))) return kept;
  } catch (_) { /* nothing kept */ }
  return null;
}

/** Forget a table's invitations: its links stop working (the game is over). */
export function forgetSecrets(tableId) {
  try {
    localStorage.removeItem(KEEP(tableId));
  } catch (_) { /* nothing kept */ }
}
