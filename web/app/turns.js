// "Your turn", everywhere: every table that waits for a person on this device — a table against
// bots or passed around this device, a live table this device hosts, a table over days — with the
// time it leaves, soonest first. The lobby and My games list them; the tab's title says how many
// ("(2) Valley Tables") and, where the site is installed, so does the app icon's badge (Badging API).
//
// Each kind of table gives its own list (a source): the saved tables here, the tables over days
// through addWaitingSource. A source answers plain items and never throws the others out.

import { t } from "../lib/i18n.js";
import { h } from "../lib/dom.js";
import { listTables } from "./storage.js";

/**
 * An item: {id, game, href, kind ("solo" | "live" | "days"), names (the seats on this device that
 * are to act), seats, deadline (ms since the epoch) or null, left (seconds on a paused clock) or null,
 * updated}.
 */
const sources = [savedTables];
const listeners = new Set();
let count = 0;

/** Another kind of table that can wait for this device (tables over days). */
export function addWaitingSource(fn) {
  sources.push(fn);
  refreshWaiting();
}

/** The seats of a saved table that sit at this device: people, not on another device. */
function seatsHere(meta) {
  const remote = new Set(meta.remote || []);
  return meta.seats.map((s, k) => (!s.bot && !remote.has(k) ? k : -1)).filter((k) => k >= 0);
}

async function savedTables() {
  const out = [];
  for (const meta of await listTables()) {
    const sum = meta.summary;
    // A table over days this device hosts is listed by its dealer's source, with its deadline.
    if (!sum || sum.over || meta.days) continue;
    const here = seatsHere(meta);
    // Saves from before the summary named the seats to act: by their names.
    const toAct = Array.isArray(sum.players) ? sum.players
      : meta.seats.map((s, k) => (sum.turn && sum.turn.split(", ").includes(s.name) ? k : -1)).filter((k) => k >= 0);
    const mine = toAct.filter((k) => here.includes(k));
    if (!mine.length) continue;
    out.push({
      id: meta.id, game: meta.game, href: `#/table/${meta.id}`, kind: meta.remote && meta.remote.length ? "live" : "solo",
      names: mine.map((k) => meta.seats[k].name), seats: meta.seats,
      // A table on this device keeps its clock only while its page is open: the time it had left.
      deadline: null, left: meta.timers !== false && typeof meta.remaining === "number" ? meta.remaining : null,
      updated: meta.updated || 0,
    });
  }
  return out;
}

/** How soon an item must be answered, in seconds from `now` (Infinity: no clock). */
export function urgency(item, now = Date.now()) {
  if (typeof item.deadline === "number") return (item.deadline - now) / 1000;
  if (typeof item.left === "number") return item.left;
  return Infinity;
}

/** Every table waiting for this device, soonest first (then the most recently played). */
export async function waitingTables() {
  const lists = await Promise.all(sources.map((fn) => Promise.resolve().then(fn).catch((e) => {
    console.error("a list of waiting tables could not be read", e);
    return [];
  })));
  const now = Date.now();
  return lists.flat().sort((a, b) => urgency(a, now) - urgency(b, now) || (b.updated || 0) - (a.updated || 0));
}

/** The time an item leaves, in words ("2 days 3 h left", "0:45 left", "no clock"). */
export function leftWords(item, now = Date.now()) {
  const s = urgency(item, now);
  if (s === Infinity) return t("turns.noClock");
  if (s <= 0) return t("turns.late");
  const days = Math.floor(s / 86400);
  const hours = Math.floor((s % 86400) / 3600);
  if (days >= 1) return t("turns.leftDays", { days, hours });
  if (s >= 3600) return t("turns.leftHours", { hours, minutes: Math.floor((s % 3600) / 60) });
  const m = Math.floor(s / 60);
  return t("turns.leftClock", { clock: `${m}:${String(Math.floor(s % 60)).padStart(2, "0")}` });
}

/** The list of tables waiting for this device, the soonest first (the lobby and My games show it). */
export function yourTurn(items) {
  if (!items.length) return null;
  const now = Date.now();
  return h("section.your-turn", { "aria-labelledby": "your-turn-title", dataset: { count: String(items.length) } },
    h("h2#your-turn-title", t("turns.title")),
    h("p", t("turns.lead", { n: items.length })),
    h("ul", items.map((it) => h("li.your-turn-item", { dataset: { id: it.id, kind: it.kind } },
      h("a", { href: it.href },
        h("strong", t("turns.item", { game: t(`game.${it.game}`), names: it.names.join(", "), left: leftWords(it, now) })),
        h("span.kind", t(`turns.kind.${it.kind}`)))))));
}

/** How many tables wait for this device (as last counted). */
export function waitingCount() {
  return count;
}

/** Called with the count whenever it changes. */
export function onWaitingChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** The tab's title for `base` with the count in front of it. */
export function titleWith(base) {
  return count > 0 ? `(${count}) ${base}` : base;
}

let pending = null;
let again = null;
/**
 * Count again (after a move, a save, a table over days that heard from the relays). Asked while a
 * count is under way, it counts once more after it (that count may have read the lists before the change).
 */
export function refreshWaiting() {
  if (pending) {
    again ||= pending.catch(() => {}).then(() => { again = null; return refreshWaiting(); });
    return again;
  }
  pending = (async () => {
    let items = [];
    try { items = await waitingTables(); } finally { pending = null; }
    const n = items.length;
    if (n !== count) {
      count = n;
      for (const fn of listeners) {
        try { fn(n); } catch (e) { console.error(e); }
      }
    }
    setBadge(n);
    return items;
  })();
  return pending;
}

function setBadge(n) {
  // The Badging API shows on an installed app's icon; elsewhere it is missing or does nothing.
  try {
    if (n > 0 && navigator.setAppBadge) navigator.setAppBadge(n).catch(() => {});
    else if (navigator.clearAppBadge) navigator.clearAppBadge().catch(() => {});
  } catch (_) { /* not offered here */ }
}

// --- a notice when a move arrives while the site is in the background ---------------------------
// Asked for only when the person turns it on (My games); shown only while this page is hidden, so a
// page in view never doubles what it already shows. Where the browser has no notifications, or the
// person refused them, nothing is shown and the switch says so.

const NOTIFY_PREF = "vt.notify";

/** "on" | "off" | "denied" (the browser refused) | "unsupported". */
export function notifyState() {
  if (typeof Notification === "undefined") return "unsupported";
  if (Notification.permission === "denied") return "denied";
  let on = false;
  try { on = localStorage.getItem(NOTIFY_PREF) === "on"; } catch (_) { /* storage blocked: off */ }
  return on && Notification.permission === "granted" ? "on" : "off";
}

/** Turn the notices on (asking the browser's permission, from the person's own click) or off. */
export async function setNotify(on) {
  if (typeof Notification === "undefined") return "unsupported";
  if (on && Notification.permission !== "granted") {
    try { await Notification.requestPermission(); } catch (_) { /* an old browser's callback form: treated as refused */ }
  }
  try { localStorage.setItem(NOTIFY_PREF, on && Notification.permission === "granted" ? "on" : "off"); } catch (_) { /* not kept */ }
  await backgroundChecks();
  return notifyState();
}

/** The service worker's check of the tables over days while no page is open (web/sw.js, "periodicsync"). */
const CHECK_TAG = "vt-days-mail";
/** The least time between two checks the site asks for; the browser may wait much longer. */
const CHECK_EVERY_MS = 12 * 3_600_000;

/**
 * Ask for the service worker's check while no page is open where the browser offers Periodic
 * Background Sync (Chromium, the site installed) and the person has notices on; stop asking when
 * they are off. → "on" | "off" | "unavailable" (no such API, no service worker, or the browser does
 * not allow it here: the site not installed). Called when the switch changes and on every page load.
 */
export async function backgroundChecks() {
  try {
    const reg = navigator.serviceWorker && (await navigator.serviceWorker.getRegistration());
    if (!reg || !reg.periodicSync) return "unavailable";
    if (notifyState() !== "on") {
      await reg.periodicSync.unregister(CHECK_TAG);
      return "off";
    }
    const allowed = await navigator.permissions.query({ name: "periodic-background-sync" });
    if (allowed.state !== "granted") return "unavailable";
    await reg.periodicSync.register(CHECK_TAG, { minInterval: CHECK_EVERY_MS });
    return "on";
  } catch (_) {
    return "unavailable";
  }
}

/**
 * A move arrived for this device: say so with a notification if the person turned them on and the
 * page is hidden. `tag` (the table's id) replaces an earlier notice of the same table. Resolves
 * true when one was shown.
 */
export async function notifyTurn({ title, body, href, tag }) {
  if (notifyState() !== "on" || document.visibilityState === "visible") return false;
  const options = { body, tag: `vt-turn-${tag}`, icon: "web/icons/app-192.png", data: { href } };
  try {
    // Through the service worker where there is one: its notification survives the page and its
    // click opens the table (web/sw.js, notificationclick).
    const reg = navigator.serviceWorker && (await navigator.serviceWorker.getRegistration());
    if (reg && reg.showNotification) {
      await reg.showNotification(title, options);
      return true;
    }
    const n = new Notification(title, options);
    n.onclick = () => { window.focus(); if (href) location.hash = href; n.close(); };
    return true;
  } catch (e) {
    console.warn("a notification could not be shown", e);
    return false;
  }
}
