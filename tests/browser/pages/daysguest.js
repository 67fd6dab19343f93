// A guest's device at a host's table over days, scripted, for tests/browser/test_days_host.py: the
// site's own mailbox (web/app/days/mail.js) on the blank test page days.html, speaking the table's
// protocol (web/app/live/protocol.js) as a guest's page does — join with a commitment, reveal against
// the terms, hold the log it was shown and the move chain, send intents (with `base` when told) — and,
// at the end, the engine's verdict on the record held to what it was promised and shown.
//
//   const g = await import("/__test__/daysguest.js"); await g.setup([relayUrl]);
//   await g.join(link, "Ana"); g.state(); await g.play(action, base); await g.verify();

import { MailHub } from "/web/app/days/mailhub.js";
import { message, read } from "/web/app/live/protocol.js";
import { drawContribution } from "/web/app/live/common.js";
import { mergeShown } from "/web/app/live/checks.js";
import { sha256Hex } from "/web/lib/sha256.js";

const HEX64 = /^[0-9a-f]{64}$/;
const complete = (log) => log.filter((e) => !e.draft);
const me = { hub: null, box: null, seat: null, log: null, snap: null, shown: [], chain: [], got: [], refused: [],
  errors: [], terms: null, host: null, started: null, verdict: null };
window.__guest = me;

export function setup(relays) {
  me.hub = new MailHub({ relays });
}

/** Open the invitation `link` (#/join?t=…&h=…&d=1) and join its seat as `name`. */
export async function join(link, name) {
  const q = new URLSearchParams(link.split("?")[1]);
  me.contribution = drawContribution();
  me.commitment = await sha256Hex(me.contribution);
  me.box = await me.hub.open({ role: "guest", secret: q.get("t"), hostKey: q.get("h"), tableId: "t",
    onMessage: (text) => receive(text) });
  await me.box.send(message("join", { name, commitment: me.commitment }));
}

function receive(text) {
  const got = read(text, "host");
  if (!got.ok) {
    me.errors.push(`unreadable: ${got.why}`);
    return;
  }
  const msg = got.msg;
  me.got.push(msg.type);
  if (msg.type === "welcome") {
    me.seat = msg.seat;
    me.host = msg.host;
  } else if (msg.type === "commitments") {
    if (me.terms && JSON.stringify(me.terms) !== JSON.stringify(msg.terms)) me.errors.push("other terms");
    me.terms ??= msg.terms;
    return me.box.send(message("reveal", { contribution: me.contribution }));
  } else if (msg.type === "snapshot") {
    snapshot(msg.snap);
  } else if (msg.type === "refused") {
    me.refused.push(msg.note);
  }
  return undefined;
}

function snapshot(snap) {
  if (snap.viewer !== me.seat) me.errors.push(`a snapshot of viewer ${snap.viewer}`);
  if (snap.log_from === undefined) me.log = snap.log;
  else {
    if (!me.log || snap.log_from > me.log.length) {
      me.errors.push("a part of the log before the whole");
      return;
    }
    const log = me.log.slice(0, snap.log_from);
    for (const c of snap.log_changed) if (c.n >= 1 && c.n <= log.length) log[c.n - 1] = c;
    log.push(...snap.log);
    me.log = log;
  }
  me.wholes = (me.wholes || 0) + (snap.log_from === undefined ? 1 : 0);
  const merged = mergeShown(me.shown, complete(me.log));
  if (merged.changed) me.errors.push("the history changed");
  me.shown = merged.shown;
  if (HEX64.test(snap.chain || "") && (!me.chain.length || me.chain.at(-1)[1] !== snap.chain)) {
    me.chain.push([me.shown.length, snap.chain]);
  }
  if (snap.days && me.started === null) me.started = snap.days.started;
  me.snap = snap;
  me.snaps = (me.snaps || 0) + 1;
}

/** What the test reads: the last snapshot's gist, and what came. */
export function state() {
  const s = me.snap;
  return {
    seat: me.seat, got: me.got.slice(), refused: me.refused.slice(), errors: me.errors.slice(), snaps: me.snaps || 0,
    wholes: me.wholes || 0, terms: !!me.terms,
    log: me.log ? me.log.map((e) => [e.seat, e.by, e.action, e.time]) : [],
    entries: me.log ? me.log.length : 0,
    toAct: !!s && !s.terminal && !!s.decision && s.decision.players.includes(me.seat) && (s.legal || []).length > 0,
    players: s && s.decision ? s.decision.players : [],
    legal: s ? (s.legal || []).map((m) => m.action) : [],
    controls: s ? (s.controls || []).map((c) => c.action) : [],
    days: s ? s.days : null,
    terminal: !!s && s.terminal, winners: s ? s.winners : null,
    mail: me.box ? me.box.status() : null,
  };
}

/** An intent for this seat (`base`: the entries of its log it chose after; none: as a live page). */
export function play(action, base) {
  const fields = { seat: me.seat, action };
  if (base !== undefined && base !== null) fields.base = base;
  return me.box.send(message("play", fields));
}

/** The end: the record held to what this page was promised and shown (its witness), by the engine. */
export async function verify() {
  const { getEngine } = await import("/web/engine.js");
  const engine = getEngine();
  await engine.ready;
  const times = complete(me.log).map((e) => e.time);
  const witness = { seat: me.seat, host: me.host, own: me.commitment, terms: me.terms, commitments: me.chain.slice(),
    shown: me.shown.map((p, i) => [p[0], p[1], times[i]]), earlier: [], started: me.started };
  const v = await engine.call("verify", { text: JSON.stringify({ ...me.snap.record, witness }), bots: true });
  const checks = (v.details && v.details.checks) || [];
  me.verdict = { ok: !!v.ok && checks.every((c) => c.ok), checks: checks.map((c) => c.key),
    failed: checks.filter((c) => !c.ok).map((c) => [c.key, c.field, c.expected, c.found]), summary: v.summary || "" };
  return me.verdict;
}
