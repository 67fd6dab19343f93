// Invitations with codes: the transport of a live table whose people carry the connection by hand
// (a link with the host's WebRTC offer, an answer code pasted or scanned back), one Peer per guest
// (peer.js). A transport of the host's table (hostcore.js, "Transports"): nothing of it is kept
// across a reload, so a reopened table invites its guests again.

import { t } from "../../lib/i18n.js";
import { Peer } from "./peer.js";
import { invitationCode, readAnswer } from "./compact.js";
import { checkAnswer } from "./protocol.js";

/** A peer as the host's table uses it: the commitment came with the answer, so no join is said on it. */
function channel(peer) {
  return {
    peer,
    joins: false,
    incremental: false,
    send: (text) => peer.send(text),
    get open() { return peer.open; },
    get here() { return peer.open; },
    session: null,
    close: () => peer.close(),
  };
}

export class CodesTransport {
  /** `core`: the host's table (its inbound calls: opened, received, closed, transportChanged). */
  constructor(core) {
    this.core = core;
    this.kind = "codes";
    this.lasting = false;
  }

  prepare() {}

  /** A new offer for `g`: its invitation link carries it, the seat, the game and the host's commitment. */
  async invite(g) {
    const core = this.core;
    if (g.channel) g.channel.close();
    g.state = "making";
    g.note = null;
    core.changed();
    const peer = new Peer();
    const ch = channel(peer);
    g.channel = ch;
    try {
      const sdp = await peer.offer();
      const code = invitationCode({ sdp, seat: g.seat, game: core.game, host: core.commit.commitment,
        name: g.name.slice(0, 24) });
      const base = `${location.origin}${location.pathname}`;
      g.invite = { code, link: `${base}#/join?i=${code}` };
      g.state = "inviting";
    } catch (e) {
      g.state = "away";
      g.note = t("live.offerFailed", { detail: e.message || String(e) });
    }
    peer.on("open", () => core.opened(g, ch));
    peer.on("message", (text) => core.received(g, ch, text));
    peer.on("close", () => core.closed(g, ch));
    peer.on("state", (ice) => {
      if (g.channel !== ch || core.dead) return;
      g.ice = ice;
      core.transportChanged({ g, ice });
    });
  }

  /** The answer code `text` of `g`'s guest, read strictly: {sdp, seat, c} for this seat, or null. */
  readAnswer(g, text) {
    let answer = null;
    try {
      answer = readAnswer(text);
    } catch (_) { /* null */ }
    return checkAnswer(answer) && answer.seat === g.seat ? answer : null;
  }

  /** Connect `g`'s offer to its guest's answer. */
  accept(g, answer) {
    return g.channel.peer.accept(answer.sdp);
  }

  drop(g) {
    if (g.channel) g.channel.close();
    g.channel = null;
  }

  close() {}
}
