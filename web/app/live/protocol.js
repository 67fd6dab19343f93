// The messages between a host's table and a guest's page (version 2), and their strict reading.
//
// Every message is JSON {v: 2, type, ...fields}. A message is read only if it is short enough,
// of a known type for its direction, and every field has its type; anything else is refused with
// a note saying why, and changes nothing. The host's engine still decides every move: this layer
// only keeps odd text away from it.
//
// A spectator's link is the same with `seat: null`: it receives the public view and may send nothing
// the host acts on.
//
//   host → guest   welcome      {seat, game, host: <commitment>, started}
//                  commitments  {terms}                         (the table's terms: game, engine, options, seats,
//                                                                clocks and every participant's commitment, host
//                                                                first — what a guest reveals against; terms.js)
//                  snapshot     {snap, remaining}               (this guest's own view; seconds left or null; over a
//                                                                link, log_from: only the log's new entries; `chain`:
//                                                                the host's commitment to every move so far)
//                  refused      {note}                          (a message of the guest that changed nothing)
//                  cancelled    {}                              (the host dropped this table before it started)
//                  notice       {about: "stranger" | "moved"}   (another device opened this link: the host kept
//                                                                the seat here, or handed it to that device)
//                  hint         {action, words}                 (the hint this seat asked for: the strongest level's
//                                                                move from its view; the ask is in every seat's log)
//                  chat         {seat, text | phrase}           (a line said at the table, passed on by the host with
//                                                                the seat of the session it came on; chat.js)
//   guest → host   join         {name, commitment}              (an internet link: this page takes its seat; null for a spectator)
//                  sync         {}                              (send the whole snapshot again: the page lost track)
//                  reveal       {contribution}                  (after the commitment list, to the host alone)
//                  play         {seat, action, base?}           (an intent; the host's engine decides; over days
//                                                                `base`: the entries of this seat's log it chose after)
//                  chat         {text} | {phrase}               (a line for the people at the table; never the engine's)
//                  timeout      {seat, base?}                   (over days: let the table play that other seat's move
//                                                                on its timer — it ran out of time and bank; the host's
//                                                                engine decides; `base` as for play)

import { isTerms } from "./terms.js";

export const VERSION = 2;
/** The invitation and answer codes carried by hand (compact.js): their own format, unchanged. */
const CODE_VERSION = 1;
/** What a guest may send: intents and a contribution are short. */
export const MAX_FROM_GUEST = 4096;
/** What a host may send: a snapshot with a long log and the record at the end. */
export const MAX_FROM_HOST = 8_000_000;

const HEX64 = /^[0-9a-f]{64}$/;
const isInt = (x) => Number.isInteger(x) && x >= 0 && x < 64;
/** A seat, or null for a spectator. */
const isSeat = (x) => x === null || isInt(x);
const isText = (max) => (x) => typeof x === "string" && x.length <= max;
const isHex = (x) => typeof x === "string" && HEX64.test(x);
const isObject = (x) => x !== null && typeof x === "object" && !Array.isArray(x);
/** A field a message may leave out. */
const optional = (check) => (x) => x === undefined || check(x);
/** The entries of a seat's log an intent over days was chosen after. */
const isBase = (x) => Number.isInteger(x) && x >= 0 && x <= 100_000;
/** A chat line's two shapes (chat.js cleans the text and checks that exactly one is there). */
const CHAT = { text: optional(isText(800)), phrase: optional(isText(20)) };

const FROM_HOST = {
  welcome: { seat: isSeat, game: isText(32), host: isHex, started: (x) => typeof x === "boolean" },
  commitments: { terms: isTerms },
  snapshot: {
    snap: (x) => isObject(x) && Array.isArray(x.seats) && typeof x.table === "string",
    remaining: (x) => x === null || (typeof x === "number" && Number.isFinite(x) && x >= 0),
  },
  refused: { note: isText(500) },
  cancelled: {},
  notice: { about: (x) => x === "stranger" || x === "moved" },
  chat: { seat: isInt, ...CHAT },
  hint: { action: isText(200), words: (x) => isObject(x) && Object.keys(x).length <= 4
    && Object.values(x).every(isText(500)) },
};

const FROM_GUEST = {
  join: { name: (x) => isText(24)(x) && x.trim().length > 0, commitment: (x) => x === null || isHex(x) },
  sync: {},
  reveal: { contribution: isHex },
  // base (over days): the number of entries of this seat's log when it chose; the host refuses the
  // intent when an entry after those was made by anyone but this seat itself (the table moved on).
  play: { seat: isInt, action: isText(200), base: optional(isBase) },
  chat: CHAT,
  timeout: { seat: isInt, base: optional(isBase) },
};

/** Build a message (the same checks, so a bug on our side never sends what the other refuses). */
export function message(type, fields) {
  return JSON.stringify({ v: VERSION, type, ...fields });
}

/**
 * Read a message. Returns {ok: true, msg} or {ok: false, why} (English words for the note and the
 * console; the page says it in the person's language by `why`'s key).
 */
export function read(text, from) {
  const schema = from === "guest" ? FROM_GUEST : FROM_HOST;
  const max = from === "guest" ? MAX_FROM_GUEST : MAX_FROM_HOST;
  if (typeof text !== "string") return { ok: false, why: "not text" };
  if (text.length > max) return { ok: false, why: `too long (${text.length} characters, at most ${max})` };
  let msg;
  try {
    msg = JSON.parse(text);
  } catch (_) {
    return { ok: false, why: "not JSON" };
  }
  if (!isObject(msg)) return { ok: false, why: "not an object" };
  if (msg.v !== VERSION) return { ok: false, why: `version ${JSON.stringify(msg.v)} (this page speaks ${VERSION})` };
  const fields = Object.hasOwn(schema, msg.type) ? schema[msg.type] : null;
  if (!fields) return { ok: false, why: `unknown type ${JSON.stringify(String(msg.type)).slice(0, 40)}` };
  for (const key of Object.keys(msg)) {
    if (key !== "v" && key !== "type" && !Object.hasOwn(fields, key)) return { ok: false, why: `unexpected field ${key.slice(0, 40)}` };
  }
  for (const [key, check] of Object.entries(fields)) {
    if (!check(msg[key])) return { ok: false, why: `bad field ${key} in ${msg.type}` };
  }
  return { ok: true, msg };
}

// --- the two codes people carry by hand -------------------------------------------------------

/**
 * What an invitation carries: the offer, the seat (null: a spectator), the game, the host's
 * commitment, the seat's name.
 */
export function checkInvitation(x) {
  return isObject(x) && x.v === CODE_VERSION && typeof x.sdp === "string" && x.sdp.length < 12_000
    && isSeat(x.seat) && isText(32)(x.game) && isHex(x.host) && isText(40)(x.name);
}

/**
 * What an answer carries: the guest's answer, the seat it answers for, its commitment (a
 * spectator's answer: seat null and no commitment, c null).
 */
export function checkAnswer(x) {
  return isObject(x) && x.v === CODE_VERSION && typeof x.sdp === "string" && x.sdp.length < 12_000
    && ((isInt(x.seat) && isHex(x.c)) || (x.seat === null && x.c === null));
}

export { isHex };
