// Seats and scores in words, as tables, replays and embeds show them: a seat's name with its bot
// mark, the score sheet with the game's own columns, a bot level's name. The words are the
// page's word tables' (shell.*, table.*, level.*: web/lib/strings/shell.js).

import { t, words, hasString } from "./i18n.js";
import { h } from "./dom.js";

/** Name plus a "bot" badge: bots are marked as bots everywhere they appear. */
export function seatLabel(seat, index) {
  return h("span.seat-label", { dataset: { seat: String(index) } },
    h("span.seat-dot", { "aria-hidden": "true" }),
    h("span.seat-name", seat.name),
    seat.bot ? h("span.badge.bot-badge", { title: t("shell.botLevel", { level: levelName(seat.level || "") }) },
      t("shell.bot"), seat.level ? ` · ${levelName(seat.level)}` : "") : null,
  );
}

/** Seats with whose turn it is, who is looking, the scores and the game's own columns (view.sheet). */
export function scoreSheet(snap, viewer) {
  const acting = new Set(snap.decision ? snap.decision.players : []);
  const winners = winnersOf(snap);
  const sheet = sheetOf(snap);
  // A game without points (Elderwood: the surrounded Elder decides) says so: no column of zeros.
  const scored = !(sheet && sheet.score === false);
  return h("table.score-sheet",
    h("caption.visually-hidden", t("table.scoreSheet")),
    h("thead", h("tr", h("th", { scope: "col" }, t("table.seat")),
      sheet ? sheet.columns.map((c) => h("th.num", { scope: "col" }, words(c.label) || c.key)) : null,
      scored ? h("th.num", { scope: "col" }, t("table.score")) : null)),
    h("tbody", snap.seats.map((seat, i) => h("tr", {
      class: [acting.has(i) ? "acting" : "", i === viewer ? "viewer" : "", winners.has(i) ? "winner" : ""].join(" "),
      "aria-current": acting.has(i) ? "true" : null,
    },
    h("th", { scope: "row" },
      seatLabel(seat, i),
      i === viewer && !seat.bot ? h("span.badge.you-badge", t("table.you")) : null,
      acting.has(i) && !snap.terminal ? h("span.turn-mark", t("table.toPlay")) : null,
      winners.has(i) ? h("span.badge.win-badge", t("table.winner")) : null),
    sheet ? sheet.columns.map((c) => h("td.num", sheetValue(sheet, i, c.key))) : null,
    scored ? h("td.num", String(snap.scores ? snap.scores[i] ?? "" : "")) : null))),
  );
}

/** The seats to mark as winners: none in a draw (every seat "won" is nobody winning). */
export function winnersOf(snap) {
  return new Set(snap.outcome === "draw" ? [] : snap.winners || []);
}

/** A bot level in words ("easy" → "fácil"); unknown levels are shown as they are. */
export function levelName(level) {
  const key = `level.${level}`;
  return hasString(key) ? t(key) : level;
}

/** The game's own score-sheet columns (view.sheet), when it gives any. */
export function sheetOf(snap) {
  const sheet = snap.view && snap.view.sheet;
  return sheet && Array.isArray(sheet.columns) && Array.isArray(sheet.rows) && sheet.columns.length ? sheet : null;
}

/** One cell of the game's sheet, as text ("" when the game gives nothing for that seat). */
export function sheetValue(sheet, seat, key) {
  const row = sheet.rows.find((r) => r.seat === seat);
  const v = row && row.values ? row.values[key] : undefined;
  return v === undefined || v === null ? "" : typeof v === "object" ? words(v) : String(v);
}
