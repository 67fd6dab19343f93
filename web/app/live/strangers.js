// Other devices holding a seat's link, as the host's page hears them (docs/live.md, "One link, one
// device"): how many of them are read at all, and the code a person compares before the host hands
// a seat over.
//
// A new key costs a stranger nothing, so a limit per key holds nobody back: all the strangers of a
// table share one budget, spent before anything of theirs is checked (a signature, a seal). What
// goes past it is dropped unread, and never costs the seat's own device anything: its key is not a
// stranger's, and the answers to strangers wait in a queue of their own, after everything else
// (relay.js).
//
// The hand-over code. The host answers a stranger's hello "taken" with a value only its page can
// make (`c`: a MAC, under a key drawn when the page opened, of the table's topic and the stranger's
// device key); the stranger's page and the host's card both show the code derived from the topic,
// that device key and `c`. A stranger cannot know its code before the host has answered its
// hello, so it cannot grind keys for one that matches another device's: each try is a hello the
// host reads, and those are few (STRANGER_BURST, STRANGER_RATE).

import { toB64u } from "./seal.js";

/** All the strangers of a table together: a burst of this many hellos read, then this many a second. */
export const STRANGER_BURST = 8;
export const STRANGER_RATE = 1;
/** One key, or one session id named, is answered at most this often. */
export const STRANGER_EVERY_MS = 4000;
/** Keys and session ids remembered for that (the oldest forgotten first). */
const REMEMBERED = 64;
/** The code's digits. */
const CODE_DIGITS = 8;

const enc = new TextEncoder();

/** A key or session id seen at most once every `ms`: true when this one may pass now. */
function paced(map, id, ms, now) {
  const at = map.get(id);
  if (at !== undefined && now - at < ms) return false;
  map.delete(id);
  if (map.size >= REMEMBERED) map.delete(map.keys().next().value);
  map.set(id, now);
  return true;
}

export class Strangers {
  constructor() {
    this.tokens = STRANGER_BURST;
    this.at = Date.now();
    this.keys = new Map();
    this.sids = new Map();
    /** Counts for the page and the tests: hellos read, dropped unread, answered. */
    this.counts = { read: 0, dropped: 0, answered: 0 };
    this.mac = crypto.subtle.generateKey({ name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  }

  /** May an event of this unknown key be read? (Asked before its signature is checked.) */
  admit(pubkey) {
    const now = Date.now();
    this.tokens = Math.min(STRANGER_BURST, this.tokens + ((now - this.at) / 1000) * STRANGER_RATE);
    this.at = now;
    if (this.tokens < 1 || !paced(this.keys, pubkey, STRANGER_EVERY_MS, now)) {
      this.counts.dropped += 1;
      return false;
    }
    this.tokens -= 1;
    this.counts.read += 1;
    return true;
  }

  /** May a stranger's hello naming session `sid` be answered? (One answer per session id, now and then.) */
  answers(sid) {
    if (!paced(this.sids, sid, STRANGER_EVERY_MS, Date.now())) return false;
    this.counts.answered += 1;
    return true;
  }

  /** `c` for a stranger's device key on `topic`: the same for that key as long as this page is open. */
  async nonce(topic, pubkey) {
    const mac = await crypto.subtle.sign("HMAC", await this.mac, enc.encode(`hand-over ${topic} ${pubkey}`));
    return toB64u(new Uint8Array(mac).subarray(0, 16));
  }
}

/**
 * The hand-over code of device key `pubkey` (64 hex) answered with `c` on `topic`: the first 8 bytes
 * of SHA-256("valley-tables hand-over v1 <topic> <pubkey> <c>"), as a number modulo 10^8, written as
 * two groups of four digits ("0421 9375").
 */
export async function handOverCode(topic, pubkey, c) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256",
    enc.encode(`valley-tables hand-over v1 ${topic} ${pubkey} ${c}`)));
  let n = 0n;
  for (const b of digest.subarray(0, 8)) n = (n << 8n) | BigInt(b);
  const digits = String(n % 10n ** BigInt(CODE_DIGITS)).padStart(CODE_DIGITS, "0");
  return `${digits.slice(0, 4)} ${digits.slice(4)}`;
}
