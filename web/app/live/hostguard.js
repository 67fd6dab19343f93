// What the host's table does with a guest's messages and their volume, and about other devices
// holding a seat's link (docs/live.md, "One link, one device" and "Sessions"). Functions of the
// host's table (hostcore.js), as its asks (hostasks.js) and its table-to-be (hostlobby.js) are.
//
// Budgets count the device's real time (Date.now), not the table's clock (the core's now()): they
// bound what a device costs this one, whatever clock the table's moves are judged on.
//
// Every message a guest sends costs the host something, so each kind has its own budget (a token
// bucket: a burst, then so many a second): a page that floods syncs still gets its moves through,
// and what goes past a person's pace is dropped, refusals included (a refusal must not amplify a
// flood). A device far past its budgets is said on its card; the table goes on.

import { t, words } from "../../lib/i18n.js";
import { message, read } from "./protocol.js";
import { chatIn, hintFor } from "./hostasks.js";

/** The table action that asks for a hint (py_engine/core/controls.py). */
export const HINT = "@hint";

/** A guest's intents: a burst of this many, then this many a second; one waits at a time. */
export const INTENT_BURST = 20;
const INTENT_RATE = 5;
/** Every other message of a guest, by kind: [burst, per second]. */
const GUEST_BUDGETS = { join: [3, 0.5], sync: [2, 0.2], refusal: [12, 3], hint: [3, 0.1] };
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
      host.changed(true);
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

/** Said (read aloud, told to the seat's device) at most this often, however many devices ask. */
const STRANGER_SAY_MS = 30_000;
/** The card changes the device it shows at most this often (a flood of strangers is no flood of repaints). */
const STRANGER_PAINT_MS = 2000;

/**
 * Another device, holding the link of `g`'s seat, asked for it: it was told the seat is taken. The
 * host's page (the event "stranger") and the seat's own device say so in words; the card shows the
 * device's hand-over code, and the host may hand the seat to it.
 */
export function stranger(host, g, pubkey, code) {
  if (host.dead) return;
  const now = Date.now();
  if (g.stranger && g.stranger.pubkey === pubkey) {
    g.stranger.at = now; // the same device asking again: nothing new to show
    return;
  }
  if (g.stranger && now - g.stranger.shown < STRANGER_PAINT_MS) return;
  g.stranger = { pubkey, code, at: now, shown: now };
  if (now - (g.strangerSaidAt || 0) > STRANGER_SAY_MS) {
    g.strangerSaidAt = now;
    host.emit("stranger", { g });
  }
  if (g.channel && g.channel.open && g.joined && now - (g.strangerToldAt || 0) > STRANGER_SAY_MS) {
    g.strangerToldAt = now;
    g.channel.send(message("notice", { about: "stranger" }));
  }
  host.changed(true);
}

/**
 * The host lets the device whose code its card showed (`asking`) take `g`'s seat: the seat's current
 * device is told, then dropped.
 */
export function handOver(host, g, asking) {
  const ch = g.channel;
  if (!asking || !ch || !ch.handOver || host.dead) return;
  const pubkey = asking.pubkey;
  g.stranger = null;
  if (ch.open) ch.send(message("notice", { about: "moved" }));
  g.device = pubkey;
  host.keepInvitations();
  // A moment for the word to reach the old device before its session goes.
  host.setTimer(() => { if (g.channel === ch) ch.handOver(pubkey); }, 1000);
  host.emit("handedOver", { g });
  host.changed();
}

export function refuse(host, g, channel, note) {
  // At most a few refusals a second: a flood of bad messages gets silence, not as many answers.
  if (!admit(host, g, "refusal")) return;
  console.warn(`refused a message from ${g.watcher ? g.name : `seat ${g.seat + 1}`}: ${note}`);
  if (channel) channel.send(message("refused", { note }));
}

/**
 * Whether `seat` may send an intent now: the table waits for it, or, at a table over days, the game
 * runs (a person seat then also acts off its turn — a claim, a day given, a holiday — and the
 * engine alone decides whether it may).
 */
function mayAct(host, seat) {
  const snap = host.snap;
  return !!snap && !!snap.decision && (!!snap.days || snap.decision.players.includes(seat));
}

/** The refusal of an intent chosen on a position the table has left. */
export const MOVED_ON = "the table moved on before your move arrived";

/**
 * Whether an entry of `seat`'s log after its first `base` entries was made by anyone but the seat
 * itself (another seat, a bot, the table, a timer, a claim): the intent the seat chose after those
 * `base` entries was chosen on a position the table has left.
 */
async function movedOn(host, seat, base) {
  const snap = await host.call("snapshot", { table: host.snap.table, viewer: seat, since: base });
  return snap.log.some((e) => e.n > base && !(e.seat === seat && e.by === "seat"));
}

export function fromGuest(host, g, channel, text) {
  if (g.channel !== channel || host.dead) return;
  // Each kind of message has its own budget (a page flooding syncs still gets its moves through);
  // past a person's pace a message is dropped, refusals included: a refusal must not amplify a flood.
  const got = read(text, "guest");
  if (!got.ok) {
    refuse(host, g, channel, got.why);
    return;
  }
  const msg = got.msg;
  if (msg.type === "join") {
    if (!channel.joins) {
      refuse(host, g, channel, "this seat was invited with codes");
      return;
    }
    // A page joins once per session: another join on it changes nothing, and costs nothing.
    const again = g.joined && g.joinedOn === channel.session;
    if (admit(host, g, "join") && !again) {
      g.joinedOn = channel.session;
      host.joined(g, msg);
    }
    return;
  }
  if (msg.type === "sync") {
    // The page lost track: the whole table again, from what was last made for it when the table has
    // not moved since (never queued behind the table's own work when it need not be).
    if (!admit(host, g, "sync")) return;
    const cached = g.fullCache && g.fullCache.version === host.version ? g.fullCache : null;
    if (cached && g.channel) {
      g.sentLog = cached.log.slice();
      g.channel.send(message("snapshot", { snap: cached.snap, remaining: host.remaining(g.seat) }));
    } else if (!g.wholeQueued) {
      // One whole table waits for the engine at a time, however many syncs come meanwhile.
      g.sentLog = null;
      g.wholeQueued = true;
      host.enqueue(() => {
        g.wholeQueued = false;
        return host.sendTo(g);
      });
    }
    return;
  }
  if (g.watcher) {
    refuse(host, g, channel, "a spectator watches: it plays no seat and adds nothing to the seed");
    return;
  }
  if (msg.type === "chat") {
    chatIn(host, g, channel, msg);
    return;
  }
  if (msg.type === "reveal") {
    if (host.phase !== "starting" || g.contribution) {
      refuse(host, g, channel, "a contribution is revealed once, after the list of commitments");
      return;
    }
    host.reveal(g, channel, msg.contribution);
    return;
  }
  if (msg.type === "timeout") {
    timeoutAsked(host, g, channel, msg);
    return;
  }
  // play: only for the guest's own seat, only when that seat may act.
  if (msg.seat !== g.seat) {
    refuse(host, g, channel, `this link plays seat ${g.seat + 1} only, not seat ${msg.seat + 1}`);
    return;
  }
  if (host.phase !== "playing" || !mayAct(host, g.seat)) {
    refuse(host, g, channel, "it is not this seat's turn");
    return;
  }
  if (!admitIntent(g)) {
    // A flood of intents changes nothing and waits for nothing: each is dropped, not queued.
    if (!g.flooding) console.warn(`seat ${g.seat + 1} sends intents faster than a person plays: dropped`);
    g.flooding = true;
    return;
  }
  g.flooding = false;
  if (msg.action === HINT) {
    // A hint searches on this device for a second or so: a few a minute, whatever the page asks.
    g.intents.pending = false;
    if (admit(host, g, "hint")) host.enqueue(() => hintFor(host, g));
    return;
  }
  g.intents.pending = true;
  host.enqueue(async () => {
    g.intents.pending = false;
    if (!mayAct(host, g.seat)) {
      refuse(host, g, channel, "it is not this seat's turn");
      return;
    }
    if (msg.base !== undefined && (await movedOn(host, g.seat, msg.base))) {
      // Chosen on a position that is gone (its page may have shown it ahead, from a preview): it
      // never lands on another one. The snapshot that moved the table on is already on its way.
      refuse(host, g, channel, MOVED_ON);
      return;
    }
    try {
      await host.call("play", { table: host.snap.table, seat: g.seat, action: msg.action, viewer: g.seat });
    } catch (e) {
      refuse(host, g, channel, words(e.words) || e.message || String(e));
      await host.sendTo(g);
      return;
    }
    await host.refreshAll();
  });
}

/**
 * Over days, a guest asks the table to play another person's move on its timer (that seat ran out of
 * time and bank): within the guest's intents' budget, refused when the table moved on from what the
 * guest saw (`base`), and the engine's to allow (it refuses before the seat's deadline).
 */
function timeoutAsked(host, g, channel, msg) {
  const snap = host.snap;
  if (host.phase !== "playing" || !snap || !snap.days || !snap.decision) {
    refuse(host, g, channel, "the table plays a seat's move on its timer only over days, while the game goes on");
    return;
  }
  if (msg.seat === g.seat || msg.seat >= host.seats.length || !host.isPerson(msg.seat)) {
    refuse(host, g, channel, "a seat asks the table to play another person's move, not its own nor a bot's");
    return;
  }
  if (!admitIntent(g)) return;
  g.intents.pending = true;
  host.enqueue(async () => {
    g.intents.pending = false;
    if (msg.base !== undefined && (await movedOn(host, g.seat, msg.base))) {
      refuse(host, g, channel, MOVED_ON);
      return;
    }
    try {
      await host.call("timeout", { table: host.snap.table, seat: msg.seat });
    } catch (e) {
      refuse(host, g, channel, words(e.words) || e.message || String(e));
      return;
    }
    await host.refreshAll();
  });
}
