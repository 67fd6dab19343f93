// Finished reviews, kept on this device so reopening one is instant: an IndexedDB database of its
// own (the saves' database is the worker's too, and a review is only ever the page's).
//
//   reviews  {id, game, engine, total, moves, saved}
//            id: SHA-256 of the record's text (JSON.stringify of the record as read), so the same
//            game reached by its save, a file, a link or the Verify page is the same review;
//            engine: the version of the engine that judged it (another version judges again);
//            moves: the judged decisions, as review_next answered them, in the record's order.
//
// Only a whole review is kept: a cancelled one leaves nothing behind. Every function rejects with
// an Error when storage is blocked; the caller then simply reviews again.

import { sha256Hex } from "./sha256.js";
import { openNamed, request, done } from "./db.js";

const NAME = "valley-tables-reviews";
const VERSION = 1;
const STORE = "reviews";
/** The most reviews kept; the oldest go first (a review of a long game is some tens of KB). */
export const KEEP = 60;

const openDb = () => openNamed(NAME, VERSION, [STORE]);

/** The key of a record's review: the hash of its text. */
export function reviewKey(record) {
  return sha256Hex(JSON.stringify(record));
}

/** The kept review of `key` judged by engine `engine`, or null. */
export async function loadReview(key, engine) {
  const db = await openDb();
  const got = await request(db.transaction(STORE).objectStore(STORE).get(key));
  return got && got.engine === engine && Array.isArray(got.moves) ? got : null;
}

/** Keep a whole review; the oldest beyond KEEP are let go. */
export async function keepReview(value) {
  const db = await openDb();
  const tx = db.transaction(STORE, "readwrite");
  const store = tx.objectStore(STORE);
  store.put({ ...value, saved: Date.now() });
  const all = await request(store.getAll());
  if (all.length > KEEP) {
    all.sort((a, b) => a.saved - b.saved);
    for (const old of all.slice(0, all.length - KEEP)) store.delete(old.id);
  }
  return done(tx);
}
