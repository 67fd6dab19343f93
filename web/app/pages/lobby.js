// The lobby: the four games, saved tables to resume, finished games to clear, saves kept aside,
// and links to join a table, My games, Verify and the guide. index.html holds a static copy of the same markup so the
// lobby paints before any script runs; this module re-renders it with live data.

import { t, getLang, onLangChange } from "../../lib/i18n.js";
import { GAMES, GAME_ORDER } from "../../games/index.js";
import { listTables, listCorrupt, deleteTable, deleteCorrupt, downloadText, storageUsable } from "../storage.js";
import { h } from "../../lib/dom.js";
import { formatDate } from "../table/live.js";
import { engineStatus } from "../table/progress.js";
import { waitingTables, yourTurn } from "../turns.js";
import { hostedRows, hostedList } from "../days/hosted.js";
import { joinedRows, joinedItems } from "../days/joinedlist.js";
import "../../lib/strings/pages.js";

export function mount(el, params, ctx) {
  let status = null;
  let alive = true;
  let saves = [];
  let aside = [];
  let waiting = [];
  let hosted = [];
  let joined = [];
  const render = () => {
    if (!alive) return;
    if (status) status.destroy();
    status = engineStatus(ctx.engine, { compact: true });
    el.replaceChildren(lobby(ctx, { saves, aside, waiting, hosted, joined, reload, noStorage }, status.el));
  };
  let noStorage = false;
  async function reload() {
    [saves, aside, noStorage, waiting, hosted, joined] = await Promise.all([listTables(), listCorrupt(),
      storageUsable().then((ok) => !ok), waitingTables(), hostedRows(), joinedRows()]);
    render();
  }
  // Many tables changing at once (a dealer taking the moves of all of them) make one repaint.
  let soon = null;
  const reloadSoon = () => {
    if (soon) return;
    soon = setTimeout(() => { soon = null; if (alive) reload(); }, 120);
  };
  render();
  reload();
  const offLang = onLangChange(render);
  window.addEventListener("vt:tables-changed", reloadSoon);
  return () => {
    alive = false;
    clearTimeout(soon);
    offLang();
    window.removeEventListener("vt:tables-changed", reloadSoon);
    if (status) status.destroy();
  };
}

function lobby(ctx, data, statusEl) {
  return h("div.lobby", { dataset: { page: "lobby", live: "1" } },
    h("section.intro",
      h("h1", t("lobby.title")),
      h("p.lead", t("lobby.lead")),
      statusEl,
      data.noStorage ? h("p.note.no-storage", { role: "alert" }, t("storage.blocked")) : null,
    ),
    yourTurn(data.waiting),
    hostedList(data.hosted, joinedItems(data.joined)),
    h("ul.game-grid", { "aria-label": t("lobby.gamesLabel") }, GAME_ORDER.map((g) => gameCard(g, data))),
    finishedTables(data),
    keptAside(data),
    h("section.more-links",
      h("a.card-link.join-link", { href: "#/join" },
        h("strong", t("lobby.join")), h("span", t("lobby.joinBlurb"))),
      h("a.card-link.games-link", { href: "#/games" },
        h("strong", t("pg.games.link")), h("span", t("pg.games.linkBlurb"))),
      h("a.card-link", { href: "#/verify" },
        h("strong", t("lobby.verify")), h("span", t("lobby.verifyBlurb"))),
      h("a.card-link", { href: "#/guide" },
        h("strong", t("lobby.guide")), h("span", t("lobby.guideBlurb"))),
    ),
  );
}

function gameCard(game, data) {
  const info = GAMES[game];
  const saves = data.saves.filter((s) => s.game === game);
  return h("li.game-card", { dataset: { game }, class: info.playable ? null : "soon" },
    h("div.game-art", { "aria-hidden": "true" }, h("img", { src: `web/icons/${game}.svg`, alt: "" })),
    h("div.game-body",
      h("h2", t(`game.${game}`)),
      h("p.players", t("lobby.players", { range: range(info) })),
      h("p.blurb", t(`blurb.${game}`)),
      h("div.game-actions",
        info.playable
          ? h("a.button.primary", { href: `#/new/${game}` }, t("lobby.newTable"))
          : h("span.badge.soon-badge", t("lobby.comingSoon")),
        info.playable ? h("a.button.ghost", { href: `#/host/${game}` }, t("lobby.hostLive")) : null,
        h("a.button.ghost", { href: `#/howto/${game}` }, t("lobby.howto")),
      ),
      saves.length ? resumeList(saves, data.reload) : null,
    ),
  );
}

function range(info) {
  return info.minPlayers === info.maxPlayers ? String(info.minPlayers) : `${info.minPlayers}–${info.maxPlayers}`;
}

function resumeList(saves, rerender) {
  return h("div.resume",
    h("h3", t("lobby.resume")),
    h("ul", saves.map((s) => {
      const seats = (s.seats || []).map((x) => (x.bot ? `${x.name} (${t("shell.bot")})` : x.name)).join(", ");
      const turn = s.summary?.over ? t("lobby.finished") : s.summary?.turn ? t("lobby.turnOf", { name: s.summary.turn }) : "";
      return h("li.resume-item",
        h("a.resume-link", { href: s.days ? `#/days/${s.id}` : `#/table/${s.id}` },
          h("span.when", formatDate(s.updated || 0, getLang())),
          h("span.seats", seats),
          turn ? h("span.turn", turn) : null,
        ),
        h("button.icon-button.danger", {
          type: "button",
          "aria-label": t("lobby.deleteSave", { when: formatDate(s.updated || 0, getLang()) }),
          title: t("lobby.delete"),
          onclick: async () => {
            if (confirm(t("lobby.confirmDelete"))) {
              await deleteTable(s.id);
              rerender();
            }
          },
        }, "✕"),
      );
    })),
  );
}

/** Finished games can be cleared in one go (their replays and records go with them). */
function finishedTables(data) {
  const done = data.saves.filter((s) => s.summary && s.summary.over);
  if (!done.length) return null;
  return h("section.finished-tables",
    h("p", t("lobby.finishedCount", { n: done.length }), " ",
      h("button.button.small", {
        type: "button",
        onclick: async () => {
          if (!confirm(t("lobby.confirmClearFinished", { n: done.length }))) return;
          for (const s of done) await deleteTable(s.id);
          data.reload();
        },
      }, t("lobby.clearFinished"))));
}

function keptAside(data) {
  const items = data.aside;
  const rerender = data.reload;
  if (!items.length) return null;
  return h("section.kept-aside", { "aria-labelledby": "kept-aside-title" },
    h("h2#kept-aside-title", t("lobby.keptAside")),
    h("p", t("lobby.keptAsideBlurb")),
    h("ul", items.map((c) => h("li",
      h("span.when", formatDate(c.moved, getLang())),
      h("span.reason", c.reason),
      h("button.button.small", {
        type: "button",
        onclick: () => downloadText(`valley-tables-save-${c.id}.json`, c.raw),
      }, t("lobby.download")),
      h("button.button.small.danger", {
        type: "button",
        onclick: async () => {
          if (confirm(t("lobby.confirmDelete"))) {
            await deleteCorrupt(c.id);
            rerender();
          }
        },
      }, t("lobby.delete")),
    ))),
  );
}
