// The transport of a table over days (hostcore.js, "Transports"): one channel per guest over that
// seat's mailbox (mail.js), held by the table's dealer (dealt.js), which owns the boxes for as long
// as the table lives on this device — a host's table (HostCore) comes and goes, the mail stays.
//
// A channel here is always open (a message is kept on this device and goes when it can), delivers
// in order (after the first whole snapshot only the log's new entries go) and says join: a guest's
// page joins once when it first opens its link, and joins again only when it has lost the table (a
// join always takes: the table goes to it whole). What the core sent each guest last is kept with
// the table (dealt.js), so a core taken up again after a reload sends a guest only what it lacks.

import { newSecret, newSigningKey, isSecret, isSigningKey } from "../live/seal.js";
import { inviteUrl } from "../live/hostnet.js";

/** The invitation of a table over days: the live link with `&d=1` (docs/live.md, "Over days: the mailbox"). */
export function daysInviteUrl(secret, hostKey, relays) {
  return `${inviteUrl(secret, hostKey, relays)}&d=1`;
}

export class MailTransport {
  /** `core`: the host's table; `table`: its dealer's table (dealt.js); `relays`: the table's (a table-to-be taken up again keeps its own). */
  constructor(core, table, { relays } = {}) {
    this.core = core;
    this.table = table;
    this.kind = "mail";
    // Its invitations open again after a reload, from what the table keeps of them.
    this.lasting = true;
    this.relays = (relays || table.row.relays).slice();
  }

  /** The secret and host key of `g`'s invitation (new ones when it has none): kept before any link opens. */
  prepare(g) {
    if (!isSecret(g.secret)) g.secret = newSecret();
    if (!isSigningKey(g.hostKey)) g.hostKey = newSigningKey();
    this.table.noteLink(g);
  }

  /** Open `g`'s seat's mailbox (or take the open one) and make its channel. */
  async invite(g) {
    this.prepare(g);
    const box = await this.table.boxOf(g.seat);
    const table = this.table;
    const ch = {
      box,
      path: "mail",
      joins: true,
      incremental: true,
      open: true,
      here: true,
      // A join always takes (hostguard.js reads one join per session): the table counts them.
      session: 1,
      send: (text) => table.send(g, ch, text),
      handOver: (deviceKey) => box.handOver(deviceKey),
      close: () => { ch.open = false; },
    };
    g.channel = ch;
    g.invite = { link: daysInviteUrl(g.secret, g.hostKey, this.relays) };
    if (!g.device && box.row && box.row.peerKey) g.device = box.row.peerKey;
    table.restoreSent(g);
    g.state = g.joined ? "here" : "inviting";
  }

  /** `g`'s invitation stops working ("New invitation" before the start): its mailbox is forgotten. */
  drop(g) {
    if (g.channel) g.channel.close();
    g.channel = null;
    this.table.dropBox(g.seat);
  }

  close() {}
}
