// A joint table's terms as a guest's page reads them (docs/fairness.md, "The table's terms").
//
// The host sends the terms — game, engine, options, every seat, the clocks, the participants
// with their commitments — with the list of commitments, before anyone reveals. A guest reveals
// only against terms that fit the table it was invited to, keeps them, holds the first snapshot
// to them, and at the end hands them to its own engine with the record (the witness), which
// names any field the host changed. The digest (SHA-256 of the canonical JSON, the same bytes the
// engine hashes into the seed) names a table-to-be in this device's memory of its reveals.
//
// The canonical JSON, the digest and the first difference are the engine's (py_engine/core/
// commitments.py, through the bridge's `terms_check`: `checkTerms`), so the page and the witness
// check at the end name the same field, and its words for the guest come with it. Here stays what must
// answer at once: the shape of a message (the protocol reads it before anything else) and whether the
// terms fit this page's invitation.

const HEX64 = /^[0-9a-f]{64}$/;
const FIELDS = ["game", "engine", "options", "seats", "timers", "participants"];
const isText = (x, most) => typeof x === "string" && x.length > 0 && x.length <= most;
const isObject = (x) => x !== null && typeof x === "object" && !Array.isArray(x);

/** Whether `x` has the shape of terms (every field, of its kind, bounded): the protocol's reading. */
export function isTerms(x) {
  if (!isObject(x) || Object.keys(x).length !== FIELDS.length || !FIELDS.every((k) => Object.hasOwn(x, k))) return false;
  const options = x.options;
  return isText(x.game, 40) && isText(x.engine, 40) && typeof x.timers === "boolean"
    && isObject(options) && Object.keys(options).length <= 32
    && Object.entries(options).every(([k, v]) => isText(k, 40) && (typeof v === "boolean"
      || Number.isSafeInteger(v) || (typeof v === "string" && v.length <= 40)))
    && Array.isArray(x.seats) && x.seats.length >= 1 && x.seats.length <= 8
    && x.seats.every((s) => isObject(s) && Object.keys(s).length === 3 && isText(s.name, 64)
      && typeof s.bot === "boolean" && (s.level === null || isText(s.level, 40)))
    && Array.isArray(x.participants) && x.participants.length >= 2 && x.participants.length <= 16
    && x.participants.every((p) => isObject(p) && Object.keys(p).length === 2 && isText(p.who, 64)
      && typeof p.commitment === "string" && HEX64.test(p.commitment));
}

/**
 * The engine's check of `terms` (`engine.call`: the page's engine): → {digest: SHA-256 of their
 * canonical JSON, difference: where `shown` (terms-shaped, or null) first differs from them,
 * {path, want, found, words: {en, pt}}, or null}.
 */
export function checkTerms(engine, terms, shown = null) {
  return engine.call("terms_check", shown ? { terms, shown } : { terms });
}

/**
 * Why these terms are not ones this guest may reveal against (English, for the note's detail), or
 * null. `me`: {game, host: the invitation's commitment, own: this page's commitment, seat, name}.
 * The participants are the person seats, host first (docs/fairness.md), and this page's own
 * commitment is there once, under its seat's name.
 */
export function termsProblem(terms, { game, host, own, seat, name }) {
  if (!isTerms(terms)) return "they are not terms";
  if (terms.game !== game) return `they are for ${terms.game}, not ${game}`;
  const people = terms.seats.map((s, k) => (s.bot ? -1 : k)).filter((k) => k >= 0);
  const list = terms.participants;
  if (list[0].commitment !== host) return "the first participant is not the host who invited you";
  if (list.length !== people.length) return `${list.length} participants for ${people.length} person seats`;
  if (terms.seats[0].bot || list[0].who !== terms.seats[0].name) return "the first participant is not seat 1's person";
  const mine = list.map((p, i) => (p.commitment === own ? i : -1)).filter((i) => i >= 0);
  if (mine.length !== 1 || mine[0] === 0) return "your commitment is not in the list once";
  if (seat === null || seat === undefined || !terms.seats[seat] || terms.seats[seat].bot) return `seat ${seat + 1} is not a person's`;
  if (name !== undefined && terms.seats[seat].name !== name) return `seat ${seat + 1} is not in your name`;
  if (list[mine[0]].who !== terms.seats[seat].name) return "your commitment is not under your seat's name";
  return null;
}

/** The table a snapshot shows, read as terms (the engine is not in a snapshot; it is in the record). */
export function shownTerms(terms, snap) {
  return {
    game: snap.game, engine: terms.engine, options: snap.options, seats: snap.seats, timers: snap.timers,
    participants: Array.isArray(snap.joint) ? snap.joint : null,
  };
}

