// What the host's table does about a guest's volume, and about other devices holding a seat's link
// (docs/live.md, "One link, one device" and "Sessions"). Functions of the host's table (host.js),
// as its cards (cards.js) and its table-to-be (hostlobby.js) are.
//
// Every message a guest sends costs the host something, so each kind has its own budget (a token
// bucket: a burst, then so many a second): a page that floods syncs still gets its moves through,
// and what goes past a person's pace is dropped, refusals included (a refusal must not amplify a
// flood). A device far past its budgets is said on its card; the table goes on.

import { t } from "../../lib/i18n.js";
import { announce } from "../../lib/announce.js";
import { message } from "./protocol.js";

/** A guest's intents: a burst of this many, then this many a second; one waits at a time. */
export const INTENT_BURST = 20;
const INTENT_RATE = 5;
/** Every other message of a guest, by kind: [burst, per second]. */
const GUEST_BUDGETS = { join: [3, 0.5], sync: [3, 0.5], refusal: [12, 3], hint: [3, 0.1] };
/** Messages dropped past the budgets before a device is said to flood (more than a page sends by mistake). */
const FLOOD = 200;

/** One message of `kind` from `g`, if its budget allows. */
export function admit(host, g, kind) {
  const [burst, rate] = GUEST_BUDGETS[kind];
  const buckets = g.budgets || (g.budgets = {});
  const now = Date.now();
  const b = buckets[kind] || (buckets[kind] = { tokens: burst, at: now });
  b.tokens = Math.min(burst, b.tokens + ((now - b.at) / 1000) * rate);
  b.at = now;
  if (b.tokens < 1) {
    b.over = (b.over || 0) + 1;
    if (!g.flagged && Object.values(buckets).reduce((n, x) => n + (x.over || 0), 0) > FLOOD) {
      g.flagged = true;
      console.warn(`${g.name}'s device sends far more than a person's page does: the rest is dropped`);
      g.floodNote = t("live.flooded", { name: g.name });
      host.paintSoon();
    }
    return false;
  }
  b.tokens -= 1;
  return true;
}

/** At most one intent of a guest waits for the engine, and only so many a second come in. */
export function admitIntent(g) {
  const b = g.intents || (g.intents = { tokens: INTENT_BURST, at: Date.now(), pending: false });
  const now = Date.now();
  b.tokens = Math.min(INTENT_BURST, b.tokens + ((now - b.at) / 1000) * INTENT_RATE);
  b.at = now;
  if (b.pending || b.tokens < 1) return false;
  b.tokens -= 1;
  return true;
}

/**
 * Another device, holding the link of `g`'s seat, asked for it: it was told the seat is taken.
 * The host's page and the seat's own device say so in words; the host may hand the seat over.
 */
export function stranger(host, g, pubkey) {
  if (host.dead) return;
  const now = Date.now();
  const fresh = !g.stranger || g.stranger.pubkey !== pubkey;
  g.stranger = { pubkey, at: now };
  if (fresh) announce(t(g.watcher ? "live.stranger.hostWatcher" : "live.stranger.host", { name: g.name }));
  if (g.peer && g.peer.open && g.joined && now - (g.strangerToldAt || 0) > 30_000) {
    g.strangerToldAt = now;
    g.peer.send(message("notice", { about: "stranger" }));
  }
  host.paintSoon();
}

/** The host lets the device that asked take `g`'s seat: the seat's current device is told, then dropped. */
export function handOver(host, g) {
  if (!g.stranger || !g.link || host.dead) return;
  const pubkey = g.stranger.pubkey;
  g.stranger = null;
  if (g.peer && g.peer.open) g.peer.send(message("notice", { about: "moved" }));
  g.device = pubkey;
  host.keepInvitations();
  const link = g.link;
  // A moment for the word to reach the old device before its session goes.
  setTimeout(() => { if (g.link === link) link.repin(pubkey); }, 1000);
  announce(t("live.stranger.handedOver", { name: g.name }));
  host.paintGuests();
}
