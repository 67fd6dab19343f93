// The host's side of an internet table: one secret and one host key per invitation, one link per
// guest, one set of relays for all of them (web/app/live/link.js, relay.js).
//
// Each invitation is a short address whose secret part and host key sit in the fragment
// (#/join?t=…&h=…), which a browser never sends anywhere. The host key signs everything the host
// says on that link; its public half in the address lets the guest's page hear the host and
// nobody else. The seat is pinned to the device that first says hello (its key, `device`). The
// secrets, host keys and pinned devices of a started table are kept on this device beside its save
// (hoststore.js), so a reload of the host's page opens the same links, pinned to the same devices,
// and every guest comes back (before the start, the table-to-be keeps them: lobby.js); they are
// forgotten once the game is over.
//
// HostNet is a transport of the host's table (hostcore.js, "Transports"): one channel per guest.

import { RelayPool } from "./relay.js";
import { Link } from "./link.js";
import { Strangers } from "./strangers.js";
import { keysFor, newSecret, newSigningKey, isSecret, isSigningKey, keyForLink, fromHex } from "./seal.js";
import { getPublicKey } from "./relay.js";
import { relayTrouble } from "./netview.js";
import { relays, internetIce, DEFAULT_RELAYS } from "./networks.js";

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

/** A link as the host's table uses it: a guest's channel (hostcore.js, "Transports"). */
function channel(link) {
  return {
    link,
    // The guest's page says join (its name and commitment) on each session, and gets every message
    // in order: after the first whole snapshot of a session, only the log's new entries go.
    joins: true,
    incremental: true,
    send: (text) => link.send(text),
    get open() { return !!link.other; },
    get here() { return link.here; },
    get session() { return link.sessionNo; },
    get path() { return link.describe(); },
    get stuck() { return link.stuck; },
    get tryingSince() { return link.tryingSince; },
    handOver: (deviceKey) => link.repin(deviceKey),
    close: () => link.close(),
  };
}

/** Internet invitations: the transport of a live table over the relays (and a direct path when one comes up). */
export class HostNet {
  /**
   * `core`: the host's table (its inbound calls: received, sessionBegan, presence, pinned,
   * strangerAsked, transportChanged); `list`: the relays (a table-to-be taken up again keeps the
   * ones its links name); without `direct` (a test of the relay path) no direct path comes up.
   */
  constructor(core, { direct = true, list = relays() } = {}) {
    this.core = core;
    this.kind = "net";
    // Its invitations open again after a reload, from what the store keeps of them.
    this.lasting = true;
    this.direct = direct;
    this.relays = list.slice();
    this.byTopic = new Map(); // topic → {g, link}
    // Every link of the table hears strangers within one budget: a new key is free.
    this.strangers = new Strangers();
    this.pool = new RelayPool(this.relays, {
      accept: (pubkey, topic) => { const x = this.byTopic.get(topic); return !!x && x.link.expects(pubkey); },
      onEvent: (ev) => { const x = this.byTopic.get(ev.tags[0][1]); if (x) x.link.fromEvent(ev); },
      onChange: () => this.core.transportChanged({ relays: true }),
    });
  }

  /** The secret and host key of `g`'s invitation (new ones when it has none): kept before any link opens. */
  prepare(g) {
    if (!isSecret(g.secret)) g.secret = newSecret();
    if (!isSigningKey(g.hostKey)) g.hostKey = newSigningKey();
  }

  /** Open (or reopen) the invitation of guest or spectator `g`, pinned to its device when one has taken it. */
  async invite(g) {
    await this.open(g);
    if (g.state !== "away") g.state = "inviting";
  }

  async open(g) {
    this.drop(g);
    this.prepare(g);
    const keys = await keysFor(g.secret);
    const core = this.core;
    let ch = null;
    const link = new Link({
      // Without direct (a test of the relay path): the browser may use relay (TURN) candidates
      // only and none is set, so the offer goes and no direct path can come up, as behind a strict NAT.
      role: "host", keys, sign: g.hostKey, other: g.device || null, pool: this.pool,
      ice: this.direct ? internetIce() : { ...internetIce(), iceServers: [], iceTransportPolicy: "relay" },
      onMessage: (text) => core.received(g, ch, text),
      onSession: () => core.sessionBegan(g, ch),
      onState: () => core.presence(g, ch),
      onPin: (pubkey) => core.pinned(g, pubkey),
      onStranger: (pubkey, code) => core.strangerAsked(g, pubkey, code),
      strangers: this.strangers,
    });
    ch = channel(link);
    g.channel = ch;
    g.invite = { link: inviteUrl(g.secret, g.hostKey, this.relays) };
    this.byTopic.set(keys.topic, { g, link });
    this.pool.listen([...this.byTopic.keys()]);
    return link;
  }

  drop(g) {
    if (!g.channel || !g.channel.link) return;
    for (const [topic, x] of this.byTopic) if (x.g === g) this.byTopic.delete(topic);
    g.channel.close();
    g.channel = null;
  }

  /** How many relays answer, for the page. */
  relaysOpen() {
    return { open: this.pool.open, all: this.pool.relays.length, trouble: relayTrouble(this.pool.problems()) };
  }

  close() {
    for (const x of this.byTopic.values()) x.link.close();
    this.byTopic.clear();
    this.pool.close();
  }
}
