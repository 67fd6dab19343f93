// The guide to playing online (#/guide): the ways to play without a server, compared,
// with the steps for each. Every word comes from web/lib/strings/pages.js (pg.guide.*); the bots'
// levels are the engine's own list (web/games/catalog.js, written by the build from its `games`).

import { t, onLangChange } from "../../lib/i18n.js";
import "../../lib/strings/pages.js";
import { h } from "../../lib/dom.js";
import { useStyle } from "../../embed/util.js";
import { gameName } from "../../lib/util.js";
import { levelName } from "../../lib/seats.js";
import { GAMES, GAME_ORDER } from "../../games/index.js";

/** Each way: its key in the strings, how many steps it has, and where its button goes. */
const WAYS = [
  { id: "bots", steps: 4, href: "#/" },
  { id: "pass", steps: 5, href: "#/" },
  { id: "resume", steps: 3, href: "#/" },
  { id: "live", steps: 5, href: "#/join" },
  { id: "days", steps: 5, href: "#/join" },
  { id: "share", steps: 4, href: "#/verify" },
  { id: "embed", steps: 4, href: null },
  { id: "pyscript", steps: 3, href: "web/pyscript.html" },
];

export function mount(el) {
  useStyle("pages.css");

  function paint() {
    el.replaceChildren(h("article.pg.pg-guide", { dataset: { page: "guide" } },
      h("header.pg-head",
        h("p.pg-crumbs", h("a", { href: "#/" }, t("pg.backToLobby"))),
        h("h1", t("pg.guide.title")),
        h("p.pg-lead", t("pg.guide.lead")),
        h("p", t("pg.guide.noServer")),
      ),
      h("nav.pg-toc", { "aria-label": t("pg.guide.tocLabel") },
        h("ul", WAYS.map((w) => h("li", h("a", { href: `#/guide`, dataset: { to: w.id }, onclick: jump }, t(`pg.guide.${w.id}.title`))))),
      ),
      h("section.pg-compare",
        h("h2", t("pg.guide.compareTitle")),
        h("div.pg-table-wrap", { tabindex: "0", role: "region", "aria-label": t("pg.guide.compareTitle") },
          h("table.pg-compare-table",
            h("thead", h("tr",
              h("th", { scope: "col" }, t("pg.guide.col.way")),
              h("th", { scope: "col" }, t("pg.guide.col.who")),
              h("th", { scope: "col" }, t("pg.guide.col.where")),
              h("th", { scope: "col" }, t("pg.guide.col.hidden")),
              h("th", { scope: "col" }, t("pg.guide.col.good")))),
            h("tbody", WAYS.map((w) => h("tr",
              h("th", { scope: "row" }, h("a", { href: "#/guide", dataset: { to: w.id }, onclick: jump }, t(`pg.guide.${w.id}.title`))),
              h("td", { "data-label": t("pg.guide.col.who") }, t(`pg.guide.${w.id}.who`)),
              h("td", { "data-label": t("pg.guide.col.where") }, t(`pg.guide.${w.id}.where`)),
              h("td", { "data-label": t("pg.guide.col.hidden") }, t(`pg.guide.${w.id}.hidden`)),
              h("td", { "data-label": t("pg.guide.col.good") }, t(`pg.guide.${w.id}.good`)),
            ))),
          ),
        ),
      ),
      WAYS.map((w) => h("section.pg-way", { id: `guide-${w.id}`, dataset: { way: w.id }, tabindex: "-1" },
        h("h2", t(`pg.guide.${w.id}.title`)),
        h("p", t(`pg.guide.${w.id}.what`)),
        w.id === "bots" ? botLevels() : null,
        h("h3", t("pg.guide.steps")),
        h("ol.pg-steps", Array.from({ length: w.steps }, (_, i) => h("li", t(`pg.guide.${w.id}.step${i + 1}`)))),
        h("p.pg-note", t(`pg.guide.${w.id}.note`)),
        // A region that may scroll sideways takes the keyboard's focus, so its end can be read without a mouse.
        w.id === "embed" ? h("pre.pg-code", { tabindex: "0", role: "region", "aria-label": t("pg.guide.embed.title") }, h("code",
          '<iframe src="https://example.org/valley-tables/embed.html#r=…&move=12&controls=1"\n'
          + '        title="Elderwood" width="640" height="480" style="border:0;max-width:100%"></iframe>')) : null,
        w.href ? h("p", h("a.button", { href: w.href }, t(`pg.guide.${w.id}.link`))) : null,
      )),
      h("section.pg-way",
        h("h2", t("pg.guide.fairTitle")),
        h("p", t("pg.guide.fair")),
        h("p", h("a", { href: "#/verify" }, t("pg.guide.fairLink"))),
      ),
    ));
  }

  /** Each game's bot levels, as the engine lists them (web/games/catalog.js is its `games` answer). */
  function botLevels() {
    return h("div.pg-levels",
      h("p", t("pg.guide.bots.levels")),
      h("ul", GAME_ORDER.map((g) => h("li", { dataset: { game: g } }, t("pg.guide.bots.levelsOf", {
        game: gameName(g), levels: (GAMES[g].botLevels || []).map(levelName).join(", "),
      })))));
  }

  // In-page links without touching the hash (the hash is the route).
  function jump(e) {
    e.preventDefault();
    const target = el.querySelector(`#guide-${e.currentTarget.dataset.to}`);
    if (target) {
      target.scrollIntoView({ block: "start" });
      target.focus({ preventScroll: true });
    }
  }

  paint();
  const off = onLangChange(paint);
  return off;
}
