// A host's device over days with no page of its own, for tests/browser/test_days_guest.py: one
// HostCore (web/app/live/hostcore.js) of a table over days — the engine's clock through `at` on every
// call (this page's clock, which the test sets), DaysClocks — whose guests are reached through the
// real mailbox (mail.js) and relay: a channel per seat that keeps every message in the seat's box and
// hands what the box delivers to the core, acknowledged once the core has applied it. The test drives
// it through window.__dh: make(game, options) → each seat's invitation link, start(), play(action)
// for the host's own seat, timeout(seat), snap(). The table lives in this page's memory only.

import { getEngine } from "/web/engine.js";
import { HostCore } from "/web/app/live/hostcore.js";
import { DaysClocks } from "/web/app/live/hostclocks.js";
import { MailHub } from "/web/app/days/mailhub.js";
import { memoryStore } from "./memstore.js";

const relay = new URLSearchParams(location.search).get("relay");
const engine = getEngine();
const hub = new MailHub({ relays: [relay] });
const at = () => Math.floor(Date.now() / 1000);

class MailChannels {
  constructor(core) {
    this.core = core;
    this.kind = "mail";
    this.lasting = false;
  }

  prepare() {}

  async invite(g) {
    const core = this.core;
    const ch = { joins: true, incremental: true, open: true, here: true, session: 1, path: "mail", close() {} };
    const box = await hub.open({ role: "host", tableId: `t${g.seat}`, seat: g.seat,
      onMessage: (text) => {
        core.received(g, ch, text);
        return core.idle();
      } });
    ch.send = (text) => {
      const d = core.snap && core.snap.days;
      const deadline = d && typeof d.deadlines[g.seat] === "number" ? d.deadlines[g.seat] * 1000 : null;
      box.send(text, { deadline }).catch((e) => window.__dh.errors.push(`send: ${e.message}`));
      return true;
    };
    ch.box = box;
    g.channel = ch;
    const inv = box.invitation;
    g.invite = { link: `#/join?t=${inv.secret}&h=${inv.hostKey}&r=${encodeURIComponent(relay)}&d=1` };
    g.state = "inviting";
  }

  drop(g) {
    g.channel = null;
  }

  close() {}
}

let core = null;

window.__dh = {
  errors: [],
  notes: [],
  /** A table of `game` with the host (Hana) at seat 0 and a person on another device at each other seat. */
  async make(game, options, seats = 2) {
    await engine.ready;
    core = new HostCore({ game, engine, store: memoryStore(), bots: { delayMs: 0 }, clocks: (c) => new DaysClocks(c),
      engineArgs: () => ({ at: Math.max(at(), core && core.snap && core.snap.log.length ? core.snap.log.at(-1).time || 0 : 0) }),
      transports: { mail: (c) => new MailChannels(c) } });
    core.on("note", ({ text }) => window.__dh.notes.push(text));
    core.setCount(seats);
    Object.assign(core.seats[0], { kind: "me", name: "Hana" });
    for (let k = 1; k < seats; k++) Object.assign(core.seats[k], { kind: "device", name: "" });
    core.options = options;
    await core.makeInvitations("mail");
    window.__dh.core = core;
    return [...core.guests.values()].map((g) => g.invite.link);
  },
  joined: () => !!core && core.allHere(),
  async start() {
    await core.start();
  },
  playing: () => !!core && core.phase === "playing" && !!core.snap,
  snap: () => core.snap,
  async play(action) {
    await core.play(action);
    await core.idle();
    return core.snap;
  },
  async timeout(seat) {
    await core.playTimeout(seat);
    await core.idle();
    return core.snap;
  },
  boxes: () => [...core.guests.values()].map((g) => g.channel.box.status()),
};
