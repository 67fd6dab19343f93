// The public networks an internet table may use, and the person's own choice of them.
//
// This is the only file of the site that names public hosts. Nothing here is contacted unless a
// person chooses internet play for a table (the host's "Invite over the internet", a guest
// opening a one-link invitation). Every default is editable on the page (docs/live.md says what
// each of these servers learns).

import { getPref, setPref } from "../storage.js";

/** Well-known public Nostr relays (NIP-01 over WebSocket) that accept short-lived events. */
export const DEFAULT_RELAYS = ["wss://relay.damus.io", "wss://nos.lol", "wss://relay.primal.net"];
/** Public STUN servers: they tell a browser its public address, nothing of the game goes through them. */
export const DEFAULT_STUN = ["stun:stun.l.google.com:19302", "stun:stun.cloudflare.com:3478"];

export const PREFS = { relays: "liveRelays", stun: "liveStun", turn: "liveTurn", turnUser: "liveTurnUser", turnPass: "liveTurnPass" };

const RELAY_RE = /^wss:\/\/[A-Za-z0-9.-]{1,200}(:\d{1,5})?(\/[^\s]{0,200})?$|^ws:\/\/(127\.0\.0\.1|localhost)(:\d{1,5})?\/?$/;
const STUN_RE = /^stuns?:[^\s]{1,200}$/;
const TURN_RE = /^turns?:[^\s]{1,200}$/;

function list(text) {
  return String(text || "").split(/[\s,]+/).map((s) => s.trim()).filter(Boolean);
}

/** A relay address the page may connect to (wss anywhere, ws only on this machine). */
export function isRelay(url) {
  return typeof url === "string" && url.length <= 300 && RELAY_RE.test(url);
}

/** The relays in use: the setting when there is one (even an edited list), else the defaults. */
export function relays() {
  const set = getPref(PREFS.relays, null);
  const chosen = set === null ? DEFAULT_RELAYS : list(set);
  return chosen.filter(isRelay).slice(0, 8);
}

/** The STUN servers in use: the setting when there is one (empty: none), else the defaults. */
export function stunServers() {
  const set = getPref(PREFS.stun, null);
  const chosen = set === null ? DEFAULT_STUN : list(set);
  return chosen.filter((s) => STUN_RE.test(s)).slice(0, 4);
}

/** The ICE configuration of an internet table: STUN, and the person's TURN server if any. */
export function internetIce() {
  const servers = [];
  const stun = stunServers();
  if (stun.length) servers.push({ urls: stun });
  const turn = String(getPref(PREFS.turn, "") || "").trim();
  if (TURN_RE.test(turn)) {
    servers.push({ urls: turn, username: String(getPref(PREFS.turnUser, "") || ""),
      credential: String(getPref(PREFS.turnPass, "") || "") });
  }
  return { iceServers: servers };
}

/** The settings as the page's fields show them (each a text). */
export function settings() {
  return {
    relays: relays().join("\n"),
    stun: stunServers().join("\n"),
    turn: String(getPref(PREFS.turn, "") || ""),
    turnUser: String(getPref(PREFS.turnUser, "") || ""),
    turnPass: String(getPref(PREFS.turnPass, "") || ""),
  };
}

export function saveSetting(name, value) {
  setPref(PREFS[name], String(value || "").trim());
}

/** Back to the defaults (the setting forgotten). */
export function resetSettings() {
  try {
    for (const key of [PREFS.relays, PREFS.stun]) localStorage.removeItem(`vt.${key}`);
  } catch (_) { /* storage blocked: nothing was kept either */ }
}

/** True when the relays in use are not the defaults (the invitation then names them). */
export function customRelays() {
  const r = relays();
  return r.length !== DEFAULT_RELAYS.length || r.some((x, i) => x !== DEFAULT_RELAYS[i]);
}
