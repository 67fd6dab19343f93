// The end of a game: result, how it ended, winners, final scores (with the game's own columns:
// points per category…), the seed revealed, the record to download, links to replay and verify
// it, a Review of every move (web/app/pages/review.js), and a rematch (same seats and options, a new seed).

import { t, words } from "../../lib/i18n.js";
import { h } from "../../lib/dom.js";
import { seatLabel, sheetOf, sheetValue, winnersOf } from "../../lib/seats.js";
import { downloadText } from "../storage.js";
import { encodeRecord } from "../../lib/recordcodec.js";
import "../../lib/strings/review.js";

export function resultLine(snap) {
  const names = (snap.winners || []).map((i) => snap.seats[i].name);
  if (snap.outcome === "draw") return t("end.draw");
  if (names.length > 1) return t("end.shared", { names: names.join(t("end.and")) });
  if (names.length === 1) return t("end.wins", { name: names[0] });
  return t("end.over");
}

/** Who asked for hints, and how many (they are in the record: every seat sees them). */
function hintsLine(snap) {
  const used = (snap.hints || []).map((n, i) => [n, i]).filter(([n]) => n > 0);
  if (!used.length) return null;
  return h("p.end-hints", t("end.hints", { list: used.map(([n, i]) => `${snap.seats[i].name} ${n}`).join(", ") }));
}

export function endScreen(snap, saveId, { onRematch } = {}) {
  const order = snap.seats.map((_, i) => i).sort((a, b) => (snap.scores[b] ?? 0) - (snap.scores[a] ?? 0));
  const winners = winnersOf(snap);
  const sheet = sheetOf(snap);
  const verify = h("a.button", { href: "#/verify" }, t("end.verify"));
  // The verify link carries the whole record; building it is async (CompressionStream).
  encodeRecord(snap.record).then((r) => { verify.href = `#/verify?r=${r}`; }, () => {});
  return h("section.end-screen", { "aria-labelledby": "end-title", dataset: { outcome: snap.outcome || "" } },
    h("h2#end-title", { tabindex: "-1" }, resultLine(snap)),
    snap.view && snap.view.ending ? h("p.ending", words(snap.view.ending)) : null,
    h("div.table-scroll", h("table.final-scores",
      h("caption", t("end.finalScores")),
      sheet ? h("thead", h("tr", h("th", { scope: "col" }, t("table.seat")),
        sheet.columns.map((c) => h("th.num", { scope: "col" }, words(c.label) || c.key)),
        h("th.num", { scope: "col" }, t("table.score")))) : null,
      h("tbody", order.map((i) => h("tr", { class: winners.has(i) ? "winner" : null },
        h("th", { scope: "row" }, seatLabel(snap.seats[i], i),
          winners.has(i) ? h("span.badge.win-badge", t("table.winner")) : null),
        sheet ? sheet.columns.map((c) => h("td.num", sheetValue(sheet, i, c.key))) : null,
        h("td.num", String(snap.scores[i] ?? ""))))))),
    hintsLine(snap),
    h("div.seed-reveal",
      h("p", t("end.seedExplain")),
      h("dl",
        h("dt", t("end.seed")), h("dd", h("code.hex.seed", snap.seed || snap.record.seed || "")),
        h("dt", t("end.fingerprint")), h("dd", h("code.hex", snap.fingerprint)))),
    h("p.actions",
      h("button.button.primary", {
        type: "button",
        onclick: () => downloadText(`valley-tables-${snap.game}-${saveId}.json`, JSON.stringify(snap.record, null, 2)),
      }, t("end.download")),
      h("a.button", { href: `#/review/${saveId}`, dataset: { act: "review" } }, t("end.review")),
      h("a.button", { href: `#/replay/${saveId}` }, t("end.replay")),
      verify,
      onRematch ? h("button.button.rematch", { type: "button", onclick: (e) => {
        e.currentTarget.disabled = true;
        onRematch();
      } }, t("end.rematch")) : null,
      h("a.button.ghost", { href: `#/new/${snap.game}` }, t("end.again")),
    ),
  );
}

