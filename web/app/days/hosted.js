// The tables over days this device hosts, as the lobby and "Your turn" read them: each one's row in
// the days store (store.js, "hosted") with the summary its dealer keeps there (dealt.js), never the
// engine, so a lobby with fifty of them opens at once.
//
// A row: {id, v, game, created, updated, phase ("inviting" | "starting" | "playing" | "over" |
// "cancelled"), relays, links: {seat: {secret, hostKey}}, lobby (the table-to-be, hostlobby.js's
// row as text, until the start), contributions: {seat: hex} (revealed before the table was made),
// invitations ({mode: "mail", seats: {seat: {secret, hostKey, device}}, watchers: []} once started),
// sent: {seat: {log, view}} (the digests of what each guest was sent last: hostcore.js), heard:
// {seat: ms} (each guest's last message), summary}.
//
// The summary: {names, bots, invited (seats on other devices), joined (before the start: seats
// whose guest joined), players (the seats the game waits for), deadlines (unix s, per seat; null:
// none runs), holidayUntil, over, winners, moves}.

import { t } from "../../lib/i18n.js";
import { h } from "../../lib/dom.js";
import { LISTED_AFTER_END_MS, marked, markedRows } from "./store.js";
import { leftWords, addWaitingSource } from "../turns.js";
import "./strings.js";

const MARK = "vt.daysHost";

/** Whether this device hosts a table over days. */
export function hostsDays() {
  return marked(MARK);
}

export function markHosting(on) {
  try {
    if (on) localStorage.setItem(MARK, "1");
    else localStorage.removeItem(MARK);
  } catch (_) { /* storage blocked: the dealer starts from the table's own page */ }
}

/** Every hosted row (none without the mark). */
export async function hostedRows() {
  return markedRows(MARK, "hosted");
}

/** The summary of a started table from seat 0's snapshot. */
export function summaryOf(snap, before = {}) {
  const d = snap.terminal ? null : snap.decision;
  const days = snap.days || {};
  return {
    ...before,
    names: snap.seats.map((s) => s.name),
    bots: snap.seats.map((s) => !!s.bot),
    players: d ? d.players.slice() : [],
    deadlines: Array.isArray(days.deadlines) ? days.deadlines.slice() : [],
    holidayUntil: Array.isArray(days.holiday_until) ? days.holiday_until.slice() : [],
    over: !!snap.terminal,
    winners: (snap.winners || []).slice(),
    moves: snap.log.filter((e) => !e.draft).length,
  };
}

/** The people (not bots) a running table waits for whose time and bank ran out at `now` (ms). */
export function lateSeats(sum, now = Date.now()) {
  if (!sum || sum.over) return [];
  return (sum.players || []).filter((k) => !sum.bots[k] && typeof sum.deadlines[k] === "number" && sum.deadlines[k] * 1000 <= now);
}

const deadlineOf = (sum, seat) => (typeof sum.deadlines[seat] === "number" ? sum.deadlines[seat] * 1000 : null);

/** "Your turn" (turns.js): every hosted table whose game waits for the host's own seat. */
export async function hostedWaiting() {
  const out = [];
  for (const row of await hostedRows()) {
    const sum = row.summary;
    if (row.phase !== "playing" || !sum || sum.over || !(sum.players || []).includes(0)) continue;
    out.push({ id: row.id, game: row.game, href: `#/days/${row.id}`, kind: "days", names: [sum.names[0]],
      seats: sum.names.map((name, k) => ({ name, bot: sum.bots[k] })), deadline: deadlineOf(sum, 0), left: null,
      updated: row.updated || 0 });
  }
  return out;
}

let listed = false;
/** "Your turn" lists the hosted tables from now on (once per page). */
export function listHostedTurns() {
  if (listed) return;
  listed = true;
  addWaitingSource(hostedWaiting);
}

/** What a hosted table waits for, in words (the lobby's list). */
export function stateWords(row, now = Date.now()) {
  const sum = row.summary || {};
  if (row.phase === "cancelled") return t("days.listCancelled");
  if (row.phase === "over" || sum.over) return t("days.listOver");
  if (row.phase === "inviting") return t("days.listInviting", { joined: (sum.joined || []).length, all: (sum.invited || []).length });
  if (row.phase === "starting" || !sum.players) return t("days.listStarting");
  const late = lateSeats(sum, now).filter((k) => k !== 0);
  if (late.length) return t("days.listLate", { names: late.map((k) => sum.names[k]).join(", ") });
  const players = sum.players;
  if (players.includes(0)) return t("days.listYours", { left: leftWords({ deadline: deadlineOf(sum, 0) }, now) });
  const first = players.map((k) => deadlineOf(sum, k)).filter((x) => x !== null).sort((a, b) => a - b)[0] ?? null;
  return t("days.listTheirs", { names: players.map((k) => sum.names[k]).join(", "), left: leftWords({ deadline: first }, now) });
}

/**
 * The lobby's list of the tables over days on this device: those it hosts (`rows`) and those it joined
 * (`joined`: their items, joinedlist.js), null when there are none to show.
 */
export function hostedList(rows, joined = [], now = Date.now()) {
  const shown = rows.filter((r) => !((r.phase === "over" || r.phase === "cancelled")
    && now - (r.updated || 0) > LISTED_AFTER_END_MS));
  if (!shown.length && !joined.length) return null;
  shown.sort((a, b) => (b.updated || 0) - (a.updated || 0));
  return h("section.days-tables", { "aria-labelledby": "days-tables-title" },
    h("h2#days-tables-title", t("days.listTitle")),
    h("p", t("days.listLead")),
    h("ul", shown.map((r) => h("li.days-table-item", { dataset: { id: r.id, phase: r.phase, role: "host" } },
      h("a", { href: `#/days/${r.id}` },
        h("strong", `${t(`game.${r.game}`)}: ${((r.summary && r.summary.names) || []).join(", ")}`),
        h("span.kind", stateWords(r, now))))).concat(joined)));
}
