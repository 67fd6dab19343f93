// My games (#/games): every game finished on this device, newest first — game, date, seats with
// their bot levels, result, length — each with its replay and its record to download; how often the
// person won alone against each bot level of each game; and the whole list exported as one file,
// imported from one (each record verified by the engine before it is kept), or cleared.
// Built from the saved tables and their finished records (the engine's worker reads those out:
// a finished record is public). Nothing leaves the device.

import { t, getLang, onLangChange } from "../../lib/i18n.js";
import "../../lib/strings/pages.js";
import { h } from "../../lib/dom.js";
import { levelName } from "../../lib/seats.js";
import { againWords } from "../../lib/input.js";
import { useStyle } from "../../embed/util.js";
import { gameName } from "../../lib/util.js";
import { formatDate } from "../table/live.js";
import { listTables, deleteTable, saveTable, newTableId, downloadText } from "../storage.js";
import { GAME_ORDER } from "../../games/index.js";
import { waitingTables, notifyState, setNotify, yourTurn, backgroundChecks } from "../turns.js";
import { playerRatings, ratingSection, soloGames } from "./games_rating.js";

/** The export file's format: {format, version, records: [finished records]}. */
const FORMAT = "valley-tables-games";
const MAX_FILE = 64 * 1024 * 1024;

export function mount(el, params, ctx) {
  useStyle("pages.css");
  let alive = true;
  let games = null;       // [{id, record, when, you}] newest first
  let note = null;        // words after an import, an export or a clear
  let clearing = false;   // Clear all was pressed once
  let waiting = [];       // tables waiting for this device (turns.js)
  let rating = null;      // the player's rating: null (no solo game), {progress} while checking, {ratings, left}
  let rated = null;       // the games the rating was computed from
  const fileInput = h("input.visually-hidden", {
    type: "file", accept: ".json,application/json", tabindex: "-1", "aria-hidden": "true",
    onchange: () => {
      const file = fileInput.files && fileInput.files[0];
      fileInput.value = "";
      if (file) importFile(file);
    },
  });

  async function load() {
    const [tables, rows, wait] = await Promise.all([listTables(), ctx.engine.call("finished_records", {}).catch(() => []),
      waitingTables()]);
    waiting = wait;
    const byId = new Map(tables.map((s) => [s.id, s]));
    const out = [];
    for (const row of rows) {
      const meta = byId.get(row.id);
      if (!meta) continue;                  // a record without its table is no saved table
      let record;
      try { record = JSON.parse(row.text); } catch (_) { continue; }
      if (!finished(record)) continue;
      out.push({ id: row.id, record, when: meta.created || meta.updated || row.updated, you: you(meta, record) });
    }
    out.sort((a, b) => b.when - a.when);
    games = out;
    paint();
    rate();
  }

  /** The player's rating, again when the games changed (each record is verified once per device). */
  async function rate() {
    const solo = soloGames(games);
    const key = solo.map((g) => g.id).join(" ");
    if (key === rated) return;
    rated = key;
    if (!solo.length) {
      rating = null;
      paint();
      return;
    }
    rating = { progress: [0, solo.length] };
    paint();
    try {
      const got = await playerRatings(games, ctx.engine, (done, all) => {
        if (rated === key && alive) { rating = { progress: [done, all] }; paintRating(); }
      });
      if (rated === key) rating = got;
    } catch (e) {
      console.warn("my games: the rating could not be computed", e);
      if (rated === key) rating = { ratings: {}, left: 0 };
    }
    paint();
  }

  /** Only the rating's section, while records are checked (the rest of the page stays as it is). */
  function paintRating() {
    const old = el.querySelector(".games-rating");
    if (old) old.replaceWith(ratingSection(rating));
  }

  function paint() {
    if (!alive) return;
    el.replaceChildren(h("div.pg.pg-games", { dataset: { page: "games", count: games ? String(games.length) : "" } },
      h("header.pg-head",
        h("p.pg-crumbs", h("a", { href: "#/" }, t("pg.backToLobby"))),
        h("h1", t("pg.games.title")),
        h("p.pg-lead", t("pg.games.lead"))),
      yourTurn(waiting),
      notifySwitch(),
      h("div.pg-actions.games-actions",
        h("button.button", { type: "button", dataset: { act: "export" }, disabled: !games || !games.length || undefined,
          onclick: exportAll }, t("pg.games.export")),
        h("button.button", { type: "button", dataset: { act: "import" }, onclick: () => fileInput.click() }, t("pg.games.import")),
        h("button.button.danger", { type: "button", dataset: { act: "clear" }, class: clearing ? "confirming" : null,
          disabled: !games || !games.length || undefined, onclick: clearAll },
        clearing ? t("pg.games.clearSure", { n: games.length, again: againWords() }) : t("pg.games.clear")),
        clearing ? h("button.button.ghost", { type: "button", dataset: { act: "keep" },
          onclick: () => { clearing = false; paint(); } }, t("pg.games.cancel")) : null,
        fileInput),
      note ? h("p.note.games-note", { role: "status" }, note) : null,
      games === null ? h("p.pg-busy", "…") : games.length ? [ratingSection(rating), rates(), list()]
        : h("p.games-empty", t("pg.games.empty")),
    ));
  }

  /** A notice when a move arrives while the site is in the background: asked for only from this switch. */
  function notifySwitch() {
    const state = notifyState();
    const box = h("input#notify-turns", { type: "checkbox", checked: state === "on" || undefined,
      disabled: state === "unsupported" || state === "denied" || undefined,
      onchange: async () => { await setNotify(box.checked); paint(); } });
    // With notices on: whether the browser also lets the site check while no page is open.
    const check = state === "on" ? h("p.pg-note.background-check") : null;
    if (check) backgroundChecks().then((c) => { check.dataset.check = c; check.textContent = t(c === "on" ? "turns.check.on" : "turns.check.unavailable"); });
    return h("div.notify-switch", { dataset: { state } },
      h("label", { for: "notify-turns" }, box, " ", t("turns.notify")),
      state === "denied" || state === "unsupported" ? h("p.pg-note", t(`turns.notify.${state}`)) : null, check);
  }

  function list() {
    return h("table.games-list",
      h("thead", h("tr", [t("pg.games.when"), t("pg.games.game"), t("pg.games.seats"), t("pg.games.result"),
        t("pg.games.length"), ""].map((c) => h("th", { scope: "col" }, c)))),
      h("tbody", games.map((g) => {
        const r = g.record;
        const when = formatDate(g.when, getLang());
        return h("tr", { dataset: { id: g.id, game: r.game } },
          h("td.games-when", when),
          h("td.games-game", gameName(r.game)),
          h("td.games-seats", h("ul", r.seats.map((s, i) => h("li", { class: i === g.you ? "you" : null },
            s.name, s.bot ? h("span.badge.bot-badge", `${t("shell.bot")} · ${levelName(s.level || "")}`) : null)))),
          h("td.games-result", resultText(r), g.you !== null && r.result.outcome !== "draw"
            ? h("span.games-you", ` (${r.result.winners.includes(g.you) ? t("pg.games.youWon") : t("pg.games.youLost")})`) : null),
          h("td.games-length", t("pg.games.moves", { n: r.actions.length })),
          h("td.games-row-actions", { "aria-label": t("pg.games.rowActions", { game: gameName(r.game), when }) },
            h("a.button.small", { href: `#/replay/${encodeURIComponent(g.id)}`, dataset: { act: "replay" } }, t("pg.games.replay")),
            h("button.button.small", { type: "button", dataset: { act: "download" },
              onclick: () => downloadText(`valley-tables-${r.game}-${g.id}.json`, JSON.stringify(r, null, 2)) },
            t("pg.games.download"))));
      })));
  }

  /** Win rates alone against bots, per game and per level of the bots at the table. */
  function rates() {
    const rows = [];
    for (const game of GAME_ORDER) {
      const by = new Map();
      for (const g of games) {
        const r = g.record;
        if (r.game !== game || g.you === null || r.seats.some((s, i) => i !== g.you && !s.bot)) continue;
        const won = r.result.outcome !== "draw" && r.result.winners.includes(g.you);
        for (const level of new Set(r.seats.filter((s) => s.bot).map((s) => s.level || ""))) {
          const c = by.get(level) || { played: 0, won: 0 };
          c.played += 1;
          c.won += won ? 1 : 0;
          by.set(level, c);
        }
      }
      for (const [level, c] of [...by].sort()) rows.push({ game, level, ...c });
    }
    return h("section.games-rates", { "aria-labelledby": "games-rates-title" },
      h("h2#games-rates-title", t("pg.games.rates")),
      h("p.pg-note", t("pg.games.ratesLead")),
      rows.length ? h("table.games-rate-table",
        h("thead", h("tr", [t("pg.games.game"), t("pg.games.level"), t("pg.games.played"), t("pg.games.wins"), t("pg.games.rate")]
          .map((c) => h("th", { scope: "col" }, c)))),
        h("tbody", rows.map((x) => h("tr", { dataset: { game: x.game, level: x.level } },
          h("td", gameName(x.game)), h("td.games-level", levelName(x.level)), h("td.num", String(x.played)), h("td.num", String(x.won)),
          h("td.num", `${Math.round((100 * x.won) / x.played)} %`)))))
        : h("p", t("pg.games.ratesNone")));
  }

  function exportAll() {
    const text = JSON.stringify({ format: FORMAT, version: 1, records: games.map((g) => g.record) }, null, 1);
    const day = new Date().toISOString().slice(0, 10);
    downloadText(`valley-tables-games-${day}.json`, text);
  }

  async function clearAll() {
    if (!clearing) {
      clearing = true;
      note = null;
      paint();
      el.querySelector("[data-act=clear]").focus();
      return;
    }
    clearing = false;
    for (const g of games) await deleteTable(g.id);
    note = t("pg.games.cleared");
    await load();
  }

  async function importFile(file) {
    if (file.size > MAX_FILE) {
      note = t("pg.games.badFile", { why: `${Math.round(file.size / 1048576)} MB` });
      paint();
      return;
    }
    let records;
    try {
      const data = JSON.parse(await file.text());
      // An export of this page, or one record as Download and the end screen give it.
      records = data && data.format === FORMAT && Array.isArray(data.records) ? data.records
        : data && data.format === "valley-tables-record" ? [data] : null;
      if (!records) throw new Error(t("pg.games.notGames"));
    } catch (e) {
      note = t("pg.games.badFile", { why: e.message });
      paint();
      return;
    }
    const have = new Set(games.map((g) => g.record.fingerprint));
    let added = 0, already = 0, refused = 0, why = "";
    for (const record of records) {
      if (record && have.has(record.fingerprint)) { already += 1; continue; }
      const id = newTableId();
      let answer;
      try {
        answer = await ctx.engine.call("import_finished", { id, text: JSON.stringify(record) });
      } catch (e) {
        refused += 1;
        why ||= e.message;
        continue;
      }
      if (!answer.saved) {
        refused += 1;
        why ||= answer.report.words ? answer.report.words[getLang()] || answer.report.summary : answer.report.summary;
        continue;
      }
      const people = record.seats.map((s, i) => (s.bot ? -1 : i)).filter((i) => i >= 0);
      await saveTable({ id, game: record.game, seats: record.seats, viewer: people.length === 1 ? people[0] : null,
                        summary: { over: true, turn: "", moves: record.actions.length }, timers: record.timers !== false,
                        created: Date.now(), imported: true });
      have.add(record.fingerprint);
      added += 1;
    }
    note = [t("pg.games.imported", { n: added }), already ? t("pg.games.already", { n: already }) : "",
      refused ? t("pg.games.refused", { n: refused, why }) : ""].filter(Boolean).join(" ");
    await load();
  }

  paint();
  load();
  const offLang = onLangChange(paint);
  return () => {
    alive = false;
    offLang();
  };
}

function finished(r) {
  return r && typeof r === "object" && typeof r.game === "string" && Array.isArray(r.seats) && r.seats.length
    && r.seats.every((s) => s && typeof s.name === "string" && typeof s.bot === "boolean")
    && Array.isArray(r.actions) && r.result && Array.isArray(r.result.winners) && typeof r.result.outcome === "string";
}

/** The seat this device's person played: the table's viewer, else its one person seat; null for none or several. */
function you(meta, record) {
  const people = record.seats.map((s, i) => (s.bot ? -1 : i)).filter((i) => i >= 0);
  if (people.length !== 1) return null;
  return Number.isInteger(meta.viewer) && meta.viewer === people[0] ? meta.viewer : people[0];
}

function resultText(r) {
  const names = r.result.winners.map((w) => (r.seats[w] ? r.seats[w].name : `#${w + 1}`)).join(t("pg.and"));
  if (r.result.outcome === "draw") return t("pg.games.draw");
  return r.result.outcome === "shared" ? t("pg.games.shared", { names }) : t("pg.games.won", { names });
}
