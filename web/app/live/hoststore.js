// Where a host's table (hostcore.js) keeps what a reload must not lose, as this browser keeps it: the
// page's part of a started table in the saves' database (IndexedDB, storage.js; the engine's worker
// writes the record itself), the table-to-be in localStorage (lobby.js), each invitation's secret
// and pinned device beside the started table's save (localStorage, below), and, for this visit,
// which of the worker's tables a save is open in (table/session.js).
//
// A core takes any object with these members (`store` in HostCore's options), so a table that keeps
// everything in IndexedDB, or a test's memory, plugs in the same way:
//
//   newTableId() → id                        a fresh id for a table or a table-to-be
//   saveTable(save) → Promise<bool>          the page's part of the table ({id, game, seats, summary,
//                                            remote, clocks, …}); nothing secret
//   readTable(id) → Promise<{save} | {missing} | {corrupt} | {unavailable}>
//   keepLobby(row) → bool                    the table-to-be (lobby.js reads it back strictly);
//   lobbyText(id) → text | null              false: not kept, a reload needs new invitations
//   forgetLobby(id), staleLobbies() → [id]
//   keepInvitations(tableId, guests, watchers)   a started table's invitations (their secrets, host
//   keptInvitations(tableId) → kept | null       keys and pinned devices), read strictly; forgotten
//   forgetInvitations(tableId)                   once the game is over. kept: {mode?, seats: {seat:
//                                                {secret, hostKey, device}}, watchers: [{n, …}]}; the
//                                                transport of `mode` (default "net") opens them again
//   rememberLive(id, engineId), liveTable(id) → {engineId} | null, forgetLive(id)

import { newTableId, saveTable, readTable } from "../storage.js";
import { keepLobby, lobbyText, forgetLobby, staleLobbies } from "./lobby.js";
import { rememberLive, liveTable, forgetLive } from "../table/session.js";
import { isSecret, isSigningKey } from "./seal.js";

const KEEP = (id) => `vt.livehost.${id}`;
const KEPT_VERSION = 2;
const HEX64 = /^[0-9a-f]{64}$/;

/** What reopens one invitation: its secret, its host key and the device pinned to it (or null). */
function keptInvitation(g) {
  return { secret: g.secret, hostKey: g.hostKey, device: g.device || null };
}

/** Keep the invitations of a started table (seat → invitation; spectators' by number). */
export function keepInvitations(tableId, guests, watchers) {
  const seats = {};
  for (const g of guests) if (g.secret) seats[g.seat] = keptInvitation(g);
  const watching = watchers.filter((w) => w.secret && w.state !== "gone").map((w) => ({ n: w.watcher, ...keptInvitation(w) }));
  try {
    localStorage.setItem(KEEP(tableId), JSON.stringify({ v: KEPT_VERSION, seats, watchers: watching }));
  } catch (_) { /* not kept: after a reload the guests need new invitations */ }
}

const isInvitation = (x) => x !== null && typeof x === "object" && isSecret(x.secret) && isSigningKey(x.hostKey)
  && (x.device === null || (typeof x.device === "string" && HEX64.test(x.device)));

/** The kept invitations of table `tableId`, read strictly (anything else: null, as if none were kept). */
export function keptInvitations(tableId) {
  try {
    const kept = JSON.parse(localStorage.getItem(KEEP(tableId)) || "null");
    if (kept && typeof kept === "object" && kept.v === KEPT_VERSION && kept.seats && typeof kept.seats === "object"
        && Object.values(kept.seats).every(isInvitation) && Array.isArray(kept.watchers)
        && kept.watchers.every((w) => isInvitation(w) && Number.isInteger(w.n))) return kept;
  } catch (_) { /* nothing kept */ }
  return null;
}

/** Forget a table's invitations: its links stop working (the game is over). */
export function forgetInvitations(tableId) {
  try {
    localStorage.removeItem(KEEP(tableId));
  } catch (_) { /* nothing kept */ }
}

/** This browser's store for a host's table. */
export const browserStore = Object.freeze({
  newTableId, saveTable, readTable,
  keepLobby, lobbyText, forgetLobby, staleLobbies,
  keepInvitations, keptInvitations, forgetInvitations,
  rememberLive, liveTable, forgetLive,
});
