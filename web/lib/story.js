// A game's story (docs/story.md): a finished game's record with notes on its moves (words, spots and
// arrows on the board's places), the move it opens at, the seat it is seen from, and optionally the
// sharer's review. It travels in a link's fragment (`#/story?s=…`, `embed.html#s=…`: base64url of the
// deflate-raw JSON, never sent to any host) or as a file. Everything in it is read as hostile: the
// shape and its bounds here, in one pass; the record and the review by the engine (verify,
// review_shared).

import { t } from "./i18n.js";
import "./strings/story.js";
import { packText, decodeRecordBytes, MAX_RECORD_BYTES } from "./recordcodec.js";
import { recordProblem } from "./util.js";

export const STORY_VERSION = 1;
/** The bounds of a story (docs/story.md, *Bounds*). */
export const LIMITS = Object.freeze({
  bytes: MAX_RECORD_BYTES + 1024 * 1024, // unpacked: a record at its longest, plus the notes
  notes: 400,
  text: 1000,
  marks: 12,
  place: 64,
});
/** A link longer than this is not offered as a link (some chat apps and browsers cut longer ones): the file is. */
export const LINK_MOST = 8000;
const PLACE = /^[A-Za-z0-9:._,;+ -]{1,64}$/;
const KEYS = ["story", "record", "move", "seat", "notes", "review"];

/** A fault in a story, in the page's words (err.field: which part). */
function fault(field, key, vars) {
  const e = new Error(t(`story.bad.${key}`, vars));
  e.field = field;
  return e;
}

const whole = (x, lo, hi) => Number.isInteger(x) && x >= lo && x <= hi;

/**
 * The story's shape and bounds, checked (throws a fault naming the first problem); the record's own
 * content is the engine's to check. Returns the story as given.
 */
export function checkStory(s) {
  if (!s || typeof s !== "object" || Array.isArray(s)) throw fault("story", "notObject");
  for (const k of Object.keys(s)) if (!KEYS.includes(k)) throw fault(k, "unknownField", { field: k.slice(0, 40) });
  if (s.story !== STORY_VERSION) throw fault("story", "version", { v: STORY_VERSION });
  const problem = recordProblem(s.record);
  if (problem) throw fault("record", "record", { problem });
  const n = s.record.actions.length;
  if (!whole(s.move, 0, n)) throw fault("move", "move", { n });
  if (s.seat !== null && !whole(s.seat, 0, s.record.seats.length - 1)) throw fault("seat", "seat");
  if (!Array.isArray(s.notes) || s.notes.length > LIMITS.notes) throw fault("notes", "notes", { most: LIMITS.notes });
  let last = -1;
  s.notes.forEach((note, i) => {
    const at = { n: i + 1 };
    if (!note || typeof note !== "object" || Array.isArray(note)) throw fault("notes", "note", at);
    for (const k of Object.keys(note)) if (!["move", "text", "marks"].includes(k)) throw fault("notes", "note", at);
    if (!whole(note.move, 0, n) || note.move <= last) throw fault("notes", "noteMove", at);
    last = note.move;
    if (typeof note.text !== "string" || note.text.length > LIMITS.text) throw fault("notes", "noteText", { ...at, most: LIMITS.text });
    if (!Array.isArray(note.marks) || note.marks.length > LIMITS.marks) throw fault("notes", "noteMarks", { ...at, most: LIMITS.marks });
    for (const m of note.marks) {
      const ok = m && typeof m === "object" && !Array.isArray(m)
        && (Object.keys(m).join() === "at" ? PLACE.test(m.at)
          : Object.keys(m).sort().join() === "from,to" && PLACE.test(m.from) && PLACE.test(m.to));
      if (!ok) throw fault("notes", "mark", at);
    }
  });
  if (s.review !== undefined && s.review !== null) {
    const r = s.review;
    if (typeof r !== "object" || Array.isArray(r) || Object.keys(r).sort().join() !== "engine,moves"
        || typeof r.engine !== "string" || r.engine.length > 40 || !Array.isArray(r.moves) || r.moves.length > n) {
      throw fault("review", "review");
    }
  }
  return s;
}

/** A new story of a finished record. */
export function newStory(record, { move = record.actions.length, seat = null, notes = [], review = null } = {}) {
  return { story: STORY_VERSION, record, move, seat, notes, review };
}

/** The story as JSON text: keys in one order, empty parts left out (the shortest link). */
export function storyText(s) {
  const out = { story: s.story, record: s.record, move: s.move, seat: s.seat, notes: s.notes.filter((x) => x.text.trim() || x.marks.length) };
  if (s.review && s.review.moves.length) out.review = s.review;
  return JSON.stringify(out);
}

/** The text after `s=` in a link. */
export async function encodeStory(s) {
  return packText(storyText(s));
}

/** Parse story JSON text (a link's unpacked bytes, a file) strictly enough: JSON, then the checks. */
export function parseStory(text) {
  if (typeof text !== "string" || text.length > LIMITS.bytes) throw fault("story", "tooLong");
  let data;
  try {
    data = JSON.parse(text);
  } catch (_) {
    throw fault("story", "notJson");
  }
  return checkStory(data);
}

/** The text after `s=` back to a checked story (throws a fault or the codec's Error). */
export async function decodeStory(packed) {
  const bytes = await decodeRecordBytes(packed, LIMITS.bytes, "story");
  let text;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch (_) {
    throw fault("story", "notJson");
  }
  return parseStory(text);
}

/**
 * The teller's review in the story's compact form (docs/story.md, *The review*; the engine's
 * `review_shared` reads it back): [step, chance] for a move that was the best found, else
 * [step, best, loss, chance, played_chance] and the search's proof after them when there is one;
 * numbers in thousandths.
 */
export function compactReview(moves, engine) {
  const k = (x) => Math.round(Number(x) * 1000);
  const entry = (m) => {
    if (m.best === m.played) return [m.step, k(m.chance)];
    const e = [m.step, m.best, k(m.loss), k(m.chance), k(m.played_chance)];
    return m.forced ? [...e, m.forced] : e;
  };
  return { engine: String(engine).slice(0, 40), moves: moves.map(entry) };
}
