// A table-to-be over the internet, kept on the host's device until it starts: the set-up, each
// invitation's secret, who has joined and with which commitment. A reload of the host's page
// before the start takes it up again (#/host/<game>?lobby=<id>), so the same links still work and
// the guests who joined come back by themselves.
//
// The row sits beside the started tables' kept secrets (localStorage, hoststore.js keepInvitations):
// the invitation secrets are as secret there as after the start. The host's own contribution to
// the seed is not in it: the engine's worker keeps that in the site's database, where the page
// never reads it (web/worker.js, joint_commit with `keep`).
//
// Storage is outside this page's control: a row is read strictly, every field, and a row that
// does not read gives its reason and nothing is built from it.

import { shown as describe } from "../../lib/shown.js";
import { isSecret, isSigningKey } from "./seal.js";
import { isTerms } from "./terms.js";

const KEY = (id) => `vt.livelobby.${id}`;
const PREFIX = "vt.livelobby.";
export const LOBBY_VERSION = 2;
/** A table-to-be nobody started within this long is no longer kept. */
export const LOBBY_DAYS = 7;
const MAX_RAW = 32_000;
const MAX_WATCHERS = 32;
const HEX64 = /^[0-9a-f]{64}$/;
const ID = /^[a-z0-9_-]{4,40}$/i;

export function isLobbyId(id) {
  return typeof id === "string" && ID.test(id);
}

function local() {
  try {
    return window.localStorage;
  } catch (_) {
    return null;
  }
}

/** Write the row; false when this browser refused (a reload will then need new invitations). */
export function keepLobby(row) {
  try {
    local().setItem(KEY(row.id), JSON.stringify(row));
    return true;
  } catch (_) {
    return false;
  }
}

export function forgetLobby(id) {
  try {
    local().removeItem(KEY(id));
  } catch (_) { /* nothing kept */ }
}

/** The raw text kept for `id` (null: none, or storage blocked). */
export function lobbyText(id) {
  try {
    return local().getItem(KEY(id));
  } catch (_) {
    return null;
  }
}

/** Ids of tables-to-be kept longer than LOBBY_DAYS (or whose row does not say when): to forget. */
export function staleLobbies(now = Date.now()) {
  const s = local();
  const out = [];
  if (!s) return out;
  try {
    for (let i = 0; i < s.length; i++) {
      const k = s.key(i);
      if (!k || !k.startsWith(PREFIX)) continue;
      let created = null;
      try { created = JSON.parse(s.getItem(k)).created; } catch (_) { /* unreadable: not stale by age */ continue; }
      if (typeof created === "number" && now - created > LOBBY_DAYS * 86_400_000) out.push(k.slice(PREFIX.length));
    }
  } catch (_) { /* storage went away meanwhile */ }
  return out;
}

const isName = (x) => typeof x === "string" && x.length <= 24;
/** A table's options as the set-up keeps them (the engine reads them strictly when the terms are made). */
const isOptions = (x) => x !== null && typeof x === "object" && !Array.isArray(x) && Object.keys(x).length <= 32
  && Object.entries(x).every(([k, v]) => /^[a-z_]{1,32}$/.test(k) && ["number", "boolean", "string"].includes(typeof v)
    && String(v).length <= 32);
/** The device a seat is pinned to (its public key), or null before anyone took it. */
const isDevice = (x) => x === null || (typeof x === "string" && HEX64.test(x));

/**
 * Read the text kept for table-to-be `id` of `game`: {lobby} or {problem: why, in words}.
 * `rules`: {levels, min, max, isRelay} of the game and the site.
 */
export function readLobby(text, id, game, rules) {
  if (typeof text !== "string") return { problem: "nothing is kept under this name" };
  if (text.length > MAX_RAW) return { problem: `it is ${text.length} characters long, more than a table-to-be needs` };
  let row;
  try {
    row = JSON.parse(text);
  } catch (e) {
    return { problem: `it is not JSON (${e.message})` };
  }
  const problem = lobbyProblem(row, id, game, rules);
  return problem ? { problem } : { lobby: row };
}

function lobbyProblem(row, id, game, { levels, min, max, isRelay }) {
  if (!row || typeof row !== "object" || Array.isArray(row)) return "it is not an object";
  if (row.v !== LOBBY_VERSION) return `it is of another version (${describe(row.v)})`;
  if (row.id !== id) return "it names another table";
  if (row.game !== game) return `it is a table of another game (${describe(row.game)})`;
  if (typeof row.created !== "number" || !Number.isFinite(row.created)) return "it does not say when it was made";
  if (typeof row.timers !== "boolean") return "its timers setting is not true or false";
  if (row.hints !== undefined && typeof row.hints !== "boolean") return "its hints setting is not true or false";
  if (row.mode !== undefined && row.mode !== "net" && row.mode !== "mail") return `its invitations go no known way (${describe(row.mode)})`;
  if (row.options !== undefined && !isOptions(row.options)) return `its options are not a table's options (${describe(row.options)})`;
  if (typeof row.commitment !== "string" || !HEX64.test(row.commitment)) return "the host's commitment is not 64 hex digits";
  if (!Array.isArray(row.relays) || row.relays.length < 1 || row.relays.length > 8 || !row.relays.every(isRelay)) {
    return `its relays are not a list of relay addresses (${describe(row.relays)})`;
  }
  const seats = row.seats;
  if (!Array.isArray(seats) || seats.length < min || seats.length > max) {
    return `its seats are not a list of ${min} to ${max} seats (${describe(seats)})`;
  }
  for (let k = 0; k < seats.length; k++) {
    const s = seats[k];
    const kinds = k === 0 ? ["me"] : ["device", "bot"];
    if (!s || typeof s !== "object" || !isName(s.name) || !kinds.includes(s.kind) || !levels.includes(s.level)) {
      return `seat ${k + 1} is not a seat (${describe(s)})`;
    }
  }
  const remote = seats.map((s, k) => (s.kind === "device" ? k : -1)).filter((k) => k > 0);
  if (!remote.length) return "no seat is for a person on another device";
  const guests = row.guests;
  if (!Array.isArray(guests) || guests.length !== remote.length) return "its invitations are not one per seat on another device";
  const secrets = new Set();
  for (let i = 0; i < guests.length; i++) {
    const g = guests[i];
    if (!g || typeof g !== "object" || g.seat !== remote[i]) return `invitation ${i + 1} is not for seat ${remote[i] + 1}`;
    if (!isSecret(g.secret)) return `the invitation of seat ${g.seat + 1} has no secret`;
    if (!isSigningKey(g.hostKey)) return `the invitation of seat ${g.seat + 1} has no host key`;
    if (!isDevice(g.device)) return `the device of seat ${g.seat + 1} is not a key`;
    if (!isName(g.name) || !g.name.trim()) return `the invitation of seat ${g.seat + 1} has no name`;
    if (typeof g.joined !== "boolean") return `the invitation of seat ${g.seat + 1} does not say whether its guest joined`;
    if (g.joined ? !(typeof g.commitment === "string" && HEX64.test(g.commitment)) : g.commitment !== null) {
      return `the commitment of seat ${g.seat + 1} is not ${g.joined ? "64 hex digits" : "empty"}`;
    }
    secrets.add(g.secret);
  }
  const joined = guests.filter((g) => g.joined).map((g) => g.seat);
  const order = row.order;
  if (!Array.isArray(order) || order.length !== joined.length || new Set(order).size !== order.length
      || !order.every((k) => joined.includes(k))) {
    return `the order the guests joined in is not the seats that joined (${describe(order)})`;
  }
  const watchers = row.watchers;
  if (!Array.isArray(watchers) || watchers.length > MAX_WATCHERS) return "its spectators are not a list";
  const numbers = new Set();
  for (const w of watchers) {
    if (!w || typeof w !== "object" || !Number.isInteger(w.n) || w.n < 1 || w.n > 999 || numbers.has(w.n)) {
      return `a spectator is not numbered (${describe(w)})`;
    }
    if (!isSecret(w.secret)) return `spectator ${w.n} has no secret`;
    if (!isSigningKey(w.hostKey)) return `spectator ${w.n} has no host key`;
    if (!isDevice(w.device)) return `the device of spectator ${w.n} is not a key`;
    if (typeof w.joined !== "boolean") return `spectator ${w.n} does not say whether it joined`;
    numbers.add(w.n);
    secrets.add(w.secret);
  }
  if (secrets.size !== guests.length + watchers.length) return "two invitations have the same secret";
  // Terms only once Start was pressed: those of this table, its host first, its joined guests in order.
  if (row.terms !== undefined && row.terms !== null) {
    const t = row.terms;
    if (!isTerms(t) || t.game !== game || t.seats.length !== seats.length || t.timers !== row.timers
        || (t.options.hints === true) !== (row.hints === true)
        || t.participants.length !== order.length + 1 || t.participants[0].commitment !== row.commitment
        || !order.every((k, i) => t.participants[i + 1].commitment === guests.find((g) => g.seat === k).commitment)) {
      return "the terms kept for its start are not this table's";
    }
  }
  return null;
}
