// What a device keeps of its tables over days' mail (docs/live.md, "Over days: the mailbox"), in an
// IndexedDB database of its own, `valley-tables-days` (version 2), beside the site's saves:
//
//   boxes  {id: "<role> <topic>", role, topic, tableId, seat, secret, sign, hostKey, peerKey,
//           staticKey (a non-extractable CryptoKey: structured clone keeps it so), staticPub,
//           peerStatic, relays, nextOut, nextIn, acked, newest, confirmed, taken, created}
//   out    {id: "<box> <n, 13 digits>", box, n, text, deadline, made, sent}   unacknowledged, in order
//   inbox  {id: "<box> <n, 13 digits>", box, n, text, size}   received, not yet taken by the page
//          (text null: its number counts, its text was longer than the other side may send)
//
// and, beside the mail, what the pages keep of each table over days (rows keyed by the table's id):
//
//   hosted {id: <table id>, ...}   a table this device hosts: its set-up, invitations, guests (the dealer)
//   joined {id: <table id>, ...}   a table this device joined as a guest: what it was promised and shown
//
// A box's messages sort under its id, so one key range reads or deletes them. Every change of a
// box is one transaction (its counters and its messages together), so a reload never finds a
// number given without its message, or a message taken without its number moved on.

import { openNamed, request, done } from "../../lib/db.js";

const NAME = "valley-tables-days";
const VERSION = 2;
/** The mail's own stores: a change of a box's mail takes these together, never the tables' rows. */
const STORES = ["boxes", "out", "inbox"];
/** The tables' rows (version 2). */
const TABLES = ["hosted", "joined"];

const db = () => openNamed(NAME, VERSION, [...STORES, ...TABLES]);

/** A message's key: its box, then its number in 13 digits (numbers stay below 2^40), so keys sort by number. */
export const messageId = (box, n) => `${box} ${String(n).padStart(13, "0")}`;
const ofBox = (box) => IDBKeyRange.bound(`${box} `, `${box} ~`);
const upTo = (box, n) => IDBKeyRange.bound(`${box} `, messageId(box, n));

/** Every box this device keeps. */
export async function allBoxes() {
  const d = await db();
  return request(d.transaction("boxes").objectStore("boxes").getAll());
}

/** A box with its waiting messages: {box, out, inbox} (out in order; inbox: [{n, size}], the texts stay here), or null. */
export async function load(id) {
  const d = await db();
  const tx = d.transaction(STORES);
  const box = await request(tx.objectStore("boxes").get(id));
  if (!box) return null;
  const out = await request(tx.objectStore("out").getAll(ofBox(id)));
  const inbox = (await request(tx.objectStore("inbox").getAll(ofBox(id)))).map((m) => ({ n: m.n, size: m.size || 0 }));
  return { box, out, inbox };
}

/** The text of message `n` waiting in box `id`'s inbox (null: dropped as too long, or not there). */
export async function inboxText(id, n) {
  const d = await db();
  const row = await request(d.transaction("inbox").objectStore("inbox").get(messageId(id, n)));
  return row ? row.text : null;
}

/** A new box (refused when one with its id is there already: the caller loads that one). */
export async function create(box) {
  const d = await db();
  const tx = d.transaction("boxes", "readwrite");
  tx.objectStore("boxes").add(box);
  return done(tx);
}

/**
 * One change of box `id`, all or nothing: `box` fields to set, `out`/`inbox` rows to put,
 * `dropOut`/`dropIn` numbers to delete, `outUpTo` every out row up to that number to delete.
 */
export async function change(id, { box = null, out = [], inbox = [], dropOut = [], dropIn = [], outUpTo = 0 }) {
  const d = await db();
  const tx = d.transaction(STORES, "readwrite");
  if (box) {
    const boxes = tx.objectStore("boxes");
    const row = await request(boxes.get(id));
    if (!row) {
      tx.abort();
      throw new Error("this table's mail is no longer kept on this device");
    }
    boxes.put({ ...row, ...box });
  }
  const o = tx.objectStore("out");
  const i = tx.objectStore("inbox");
  if (outUpTo > 0) o.delete(upTo(id, outUpTo));
  for (const n of dropOut) o.delete(messageId(id, n));
  for (const n of dropIn) i.delete(messageId(id, n));
  for (const m of out) o.put({ ...m, id: messageId(id, m.n), box: id });
  for (const m of inbox) i.put({ ...m, id: messageId(id, m.n), box: id });
  return done(tx);
}

/** Forget box `id` and every message of it. */
export async function forget(id) {
  const d = await db();
  const tx = d.transaction(STORES, "readwrite");
  tx.objectStore("boxes").delete(id);
  tx.objectStore("out").delete(ofBox(id));
  tx.objectStore("inbox").delete(ofBox(id));
  return done(tx);
}

/** A transaction on the table store `kind` ("hosted" or "joined") and that store. */
async function tableStore(kind, mode = "readonly") {
  if (!TABLES.includes(kind)) throw new Error(`no such store: ${kind}`);
  const tx = (await db()).transaction(kind, mode);
  return { tx, store: tx.objectStore(kind) };
}

/** A table's row in `kind`, or null. */
export async function getRow(kind, id) {
  const { store } = await tableStore(kind);
  return (await request(store.get(id))) || null;
}

/** Every row of `kind`. */
export async function allRows(kind) {
  const { store } = await tableStore(kind);
  return request(store.getAll());
}

/** Keep `row` (its `id` is the table's) in `kind`. */
export async function putRow(kind, row) {
  const { tx, store } = await tableStore(kind, "readwrite");
  store.put(row);
  return done(tx);
}

/** A finished or cancelled table stays in the lobby's list this long. */
export const LISTED_AFTER_END_MS = 7 * 86_400_000;

/**
 * Whether the localStorage mark `mark` says this device keeps rows of a kind: a device without it
 * opens no database (and no relay) to know it has none.
 */
export function marked(mark) {
  try {
    return localStorage.getItem(mark) === "1";
  } catch (_) {
    return false;
  }
}

/** Every row of `kind` (none without `mark`, none when the database cannot be read). */
export async function markedRows(mark, kind) {
  if (!marked(mark)) return [];
  try {
    return await allRows(kind);
  } catch (e) {
    console.warn(`days: the ${kind} tables could not be read`, e);
    return [];
  }
}

/** Forget the row `id` of `kind`. */
export async function deleteRow(kind, id) {
  const { tx, store } = await tableStore(kind, "readwrite");
  store.delete(id);
  return done(tx);
}
