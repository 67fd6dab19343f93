// What a guest's page holds the host to (docs/live.md, "What a guest holds the host to"), with no
// page of its own: the live guest's page (guest.js) and a guest's table over days (days/guest.js)
// both keep a memory `me` and hand it here.
//
// `me` is plain data the page keeps across reloads: {contribution, commitment, name, welcome,
// terms, digest, revealed, place, started (the table began as promised), shown, chain, began (over
// days: the table's start as first shown)}. The host could show one game and record another,
// change the terms after the seed was fixed, or start over; so a page reveals only against terms
// that fit its invitation, holds every snapshot to them, keeps every complete entry it was shown
// and the host's commitment to the moves, and at the end has its own engine verify the record held
// to all of that (the witness, docs/records.md).

import { mergeShown, hostAhead } from "./checks.js";
import { termsProblem, checkTerms, shownTerms } from "./terms.js";
import { noteReveal, markStarted, unstarted, revealedAt } from "./reveals.js";

const HEX64 = /^[0-9a-f]{64}$/;

async function pageEngine() {
  return (await import("../../engine.js")).getEngine();
}
/** Commitments to the moves kept: one per snapshot received, far more than any game has. */
const MAX_CHAIN = 20_000;

/**
 * The host's terms arrived: reveal only against terms that fit the table this page was invited to
 * (the host's commitment first, as the invitation showed it; this page's own once, under its
 * seat's name; a participant per person seat), and against one table's terms only. On success `me`
 * keeps them and this device remembers the reveal (reveals.js). → {ok} | {problem} (English words
 * of what does not fit) | {startedOver} (other terms after this page revealed). `engine`: the one
 * whose digest names the terms (default: the page's, web/engine.js).
 */
export async function acceptTerms(me, terms, { game, host, seat, name, topic = "", engine = null }) {
  const problem = termsProblem(terms, { game, host, own: me.commitment, seat, name });
  if (problem) return { problem };
  const { digest } = await checkTerms(engine || await pageEngine(), terms);
  if (me.revealed && me.digest !== digest) return { startedOver: true };
  me.place = terms.participants.findIndex((p) => p.commitment === me.commitment);
  me.terms = terms;
  me.digest = digest;
  me.revealed = true;
  noteReveal({ host, digest, topic });
  return { ok: true };
}

/**
 * A snapshot that carries only the log's new entries (`log_from`, and earlier entries a reveal
 * changed: `log_changed`) laid over the log of `held`, the whole snapshot this page holds → the
 * whole snapshot, or null when it cannot be laid over it (the page lost track: ask for the whole).
 * A whole snapshot comes back as it is.
 */
export function layOver(held, snap) {
  if (snap.log_from === undefined) return Array.isArray(snap.log) ? snap : null;
  const log0 = held && Array.isArray(held.log) ? held.log : null;
  if (!log0 || !Number.isInteger(snap.log_from) || snap.log_from < 0 || snap.log_from > log0.length
      || !Array.isArray(snap.log_changed) || !Array.isArray(snap.log)) return null;
  const log = log0.slice(0, snap.log_from);
  for (const c of snap.log_changed) if (c && Number.isInteger(c.n) && c.n >= 1 && c.n <= log.length) log[c.n - 1] = c;
  log.push(...snap.log);
  const out = { ...snap, log };
  delete out.log_from;
  delete out.log_changed;
  return out;
}

/**
 * Keep what `snap` (a whole snapshot of this page's seat) showed: each complete log entry (an
 * action under way is not one yet) with its time over days, the host's commitment to the moves
 * with the number of entries then held, the table's start over days. → {history: the log
 * contradicts what was shown, started: the table began just now, as promised, ahead: over days, a
 * newly shown entry's time runs ahead of this device's clock ({time, now}, unix seconds: checks.js
 * hostAhead) or null}. Where the table differs from the terms, the engine says: `shownDifference`.
 */
export function keepShown(me, snap, nowMs = Date.now()) {
  const complete = snap.log.filter((e) => e && !e.draft);
  const before = (me.shown || []).length;
  const merged = mergeShown(me.shown || [], complete);
  me.shown = merged.shown;
  const ahead = hostAhead(me.shown, before, Math.floor(nowMs / 1000));
  if (typeof snap.chain === "string" && HEX64.test(snap.chain)) {
    const chain = me.chain || (me.chain = []);
    const last = chain[chain.length - 1];
    if ((!last || last[1] !== snap.chain) && chain.length < MAX_CHAIN) chain.push([me.shown.length, snap.chain]);
  }
  let history = merged.changed;
  if (snap.days && Number.isSafeInteger(snap.days.started)) {
    if (me.began === undefined || me.began === null) me.began = snap.days.started;
    else if (me.began !== snap.days.started) history = true;
  }
  let started = false;
  if (me.terms) {
    if (!me.started) {
      me.started = true;
      started = true;
      if (me.digest) markStarted(me.digest);
    }
  }
  return { history, started, ahead };
}

/**
 * Where the table `snap` shows first differs from the terms this page revealed against, as the
 * engine reads it ({path, want, found, words: {en, pt}}), or null (also with no terms kept).
 */
export async function shownDifference(engine, me, snap) {
  if (!me.terms) return null;
  return (await checkTerms(engine, me.terms, shownTerms(me.terms, snap))).difference;
}

/**
 * Whether this device revealed for another table of this host that never started: `earlier`, the
 * ones before this page's own reveal (a start-over after the seed was fixed, named in the witness),
 * and what to say now: "before", "after" (this table never started and the host made another),
 * "elsewhere" (a table of another host: said softly, a host that also drew a new contribution
 * cannot be told apart from it), or null; `at`: when that other reveal was (ms).
 */
export function startedOver(host, me) {
  if (!me || !me.digest) return { earlier: [], say: null, at: null };
  const { same, others } = unstarted(host, me.digest);
  const mine = revealedAt(me.digest) ?? Date.now();
  const earlier = same.filter((e) => e.at <= mine);
  const later = same.filter((e) => e.at > mine);
  const before = others.filter((e) => e.at <= mine);
  if (earlier.length) return { earlier, say: "before", at: earlier.at(-1).at };
  if (later.length && !me.started) return { earlier, say: "after", at: later.at(-1).at };
  if (before.length && !me.started) return { earlier, say: "elsewhere", at: before.at(-1).at };
  return { earlier, say: null, at: null };
}

/**
 * What this page was promised and shown, beside the record (docs/records.md, "A participant's
 * witness"): its engine holds the record to it, and the file the player downloads carries it.
 * `seat` null: a spectator. Over days (`me.began` kept) also the table's start and each entry's time.
 */
export function witness(me, { seat, host, earlier = [] }) {
  const out = {
    seat,
    host,
    own: seat === null ? null : me.commitment,
    terms: me.terms || null,
    commitments: (me.chain || []).slice(),
    shown: (me.shown || []).map((p) => p.slice(0, 3)),
    earlier: earlier.map((e) => e.digest).slice(-16),
  };
  if (Number.isSafeInteger(me.began)) out.started = me.began;
  else out.shown = out.shown.map((p) => p.slice(0, 2));
  return out;
}

/**
 * The end: this device's engine verifies the finished record (`snap.record`) held to `w`, the
 * page's witness → {record (with the witness: the file to keep), ok, rows: [{key, ok, words}], verdict
 * (words {en, pt} or null), summary (English, when the engine gave no words), joint}.
 */
export async function verifyEnd(engine, snap, w) {
  const record = { ...snap.record, witness: w };
  let verdict;
  try {
    verdict = await engine.call("verify", { text: JSON.stringify(record), bots: true });
  } catch (e) {
    verdict = { ok: false, summary: e.message || String(e), words: e.words || null };
  }
  const checks = verdict.details && Array.isArray(verdict.details.checks) ? verdict.details.checks : null;
  const rows = checks ? checks.map((c) => ({ key: String(c.key), ok: !!c.ok, words: c.words || null })) : null;
  return {
    record,
    ok: !!verdict.ok && !!rows && rows.every((r) => r.ok),
    rows,
    verdict: verdict.words || null,
    summary: verdict.summary || "",
    joint: Array.isArray(record.joint) ? record.joint : [],
  };
}
