// The tables over days this device joined as a guest, as the lobby, "Your turn" and main.js read
// them: their rows in the days store (store.js, "joined"; joined.js says what a row holds), never the
// engine or the relays, so the lobby opens at once. A mark beside the rows says whether there are
// any, so a device that joined none opens no database and no relay to know.

import { t } from "../../lib/i18n.js";
import { h } from "../../lib/dom.js";
import { LISTED_AFTER_END_MS, marked, markedRows } from "./store.js";
import { leftWords } from "../turns.js";
import "./strings_guest.js";

const MARK = "vt.daysGuest";
/** The rows this code reads (joined.js writes them). */
export const ROW_VERSION = 1;

/** Whether this device joined a table over days. */
export function joinsDays() {
  return marked(MARK);
}

export function markJoined() {
  try {
    localStorage.setItem(MARK, "1");
  } catch (_) { /* storage blocked: the table's own page still follows it */ }
}

/** Every joined table's row, the most recently changed first (none without the mark). */
export async function joinedRows() {
  return (await markedRows(MARK, "joined")).filter((r) => r.v === ROW_VERSION).sort((a, b) => (b.updated || 0) - (a.updated || 0));
}

/** The seat may move in `snap` (its decision, something legal). */
export function mayMove(snap, seat) {
  return !!snap && !snap.terminal && !!snap.decision && snap.decision.players.includes(seat) && (snap.legal || []).length > 0;
}

/**
 * What the seat sees now: the host's last snapshot, or, over it, the position after this page's
 * own moves the host has not played yet (their previews, in order). A move whose preview is not
 * known (it may reveal something), or that ends the game, leaves nothing to play until the host's
 * device answers.
 */
export function shownSnap(row) {
  const held = row.snap;
  if (!held) return null;
  const over = (row.pending || []).filter((p) => p.kind === "move" && p.chain === held.chain);
  if (!over.length) return held;
  const last = over[over.length - 1];
  if (!last.after) return { ...held, legal: [], waiting: "host" };
  const a = last.after;
  // A move that ends the game: its end (scores, the seed) is the host's to say; the board shows the
  // position and waits, with the decision it had (a board draws no decision as an end).
  if (!a.decision || a.terminal) return { ...held, view: a.view, legal: [], waiting: "host", previewed: over.length };
  return { ...held, view: a.view, legal: a.legal, observation: a.observation,
    decision: a.decision ? { ...held.decision, ...a.decision } : null, previewed: over.length };
}

const deadlineOf = (row) => {
  const d = row.snap && row.snap.days;
  return d && typeof d.deadlines[row.seat] === "number" ? d.deadlines[row.seat] * 1000 : null;
};

/** "Your turn" (turns.js): every joined table whose seat is to play here, with its deadline. */
export async function joinedWaiting() {
  const out = [];
  for (const row of await joinedRows()) {
    if (row.phase !== "playing" || !mayMove(shownSnap(row), row.seat)) continue;
    out.push({ id: row.id, game: row.game, href: `#/days/${row.id}`, kind: "days", names: [row.name], seats: row.snap.seats,
      deadline: deadlineOf(row), left: null, updated: row.updated || 0 });
  }
  return out;
}

/** What a joined table waits for, in words (the lobby's list). */
export function joinedWords(row, now = Date.now()) {
  if (row.phase === "taken") return t("dg.listTaken");
  if (row.phase === "cancelled") return t("dg.listCancelled");
  if (row.phase === "over") return t(!row.final ? "dg.listOver" : row.final.ok ? "dg.listOverChecked" : "dg.listOverFailed");
  if (row.phase === "joining") return t("dg.listJoining");
  if (row.phase !== "playing" || !row.snap || !row.snap.decision) return t("dg.listStarting");
  if (mayMove(shownSnap(row), row.seat)) return t("dg.listYours", { left: leftWords({ deadline: deadlineOf(row) }, now) });
  const players = row.snap.decision.players;
  if (players.includes(row.seat)) return t("dg.listSent");
  const d = row.snap.days;
  const first = players.map((k) => (d && typeof d.deadlines[k] === "number" ? d.deadlines[k] * 1000 : null))
    .filter((x) => x !== null).sort((a, b) => a - b)[0] ?? null;
  return t("dg.listTheirs", { names: players.map((k) => row.snap.seats[k].name).join(", "), left: leftWords({ deadline: first }, now) });
}

/** The lobby's items for the tables this device joined (ended ones for a week after their end). */
export function joinedItems(rows, now = Date.now()) {
  return rows.filter((r) => !((r.phase === "over" || r.phase === "cancelled") && now - (r.updated || 0) > LISTED_AFTER_END_MS))
    .map((r) => h("li.days-table-item", { dataset: { id: r.id, phase: r.phase, role: "guest" } },
      h("a", { href: `#/days/${r.id}` },
        h("strong", r.game ? `${t(`game.${r.game}`)}: ${r.snap ? r.snap.seats.map((s) => s.name).join(", ") : r.name}`
          : t("dg.joinTitle")),
        h("span.kind", joinedWords(r, now)))));
}
