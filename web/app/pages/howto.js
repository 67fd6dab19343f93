// How to play (#/howto/<game>[?lesson=<id>]): the seed's rules page in the page language, with
// the game's lessons ("Learn by playing") above it and pictures drawn by the game's own renderer
// beside the rules that have one. Each game's text lives in web/howto/<game>.<lang>.html: the
// seed's own wording in its language and a faithful translation in the other; a rule's picture
// is a <figure class="ls-pic" data-lesson=…> placed next to it there (web/app/lessons/pictures.js).

import { t, getLang, onLangChange } from "../../lib/i18n.js";
import "../../lib/strings/pages.js";
import { h } from "../../lib/dom.js";
import { GAMES, GAME_ORDER, isGame } from "../../games/index.js";
import { useStyle } from "../../embed/util.js";
import { gameName } from "../../lib/util.js";
import { createLessonSection } from "../lessons/section.js";
import { fillPictures } from "../lessons/pictures.js";

/** The language each seed page was written in; the other language is a translation. */
const ORIGINAL = { hollowmere: "en", milehollow: "pt", elderwood: "en", wickerfair: "pt" };
const cache = new Map();

async function fetchRules(game, lang) {
  const key = `${game}.${lang}`;
  if (!cache.has(key)) {
    const url = new URL(`../../howto/${game}.${lang}.html`, import.meta.url);
    const p = fetch(url).then((r) => {
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      return r.text();
    });
    cache.set(key, p);
    p.catch(() => cache.delete(key));
  }
  return cache.get(key);
}

function otherGames(current) {
  return h("ul.pg-games", GAME_ORDER.filter((g) => g !== current).map((g) =>
    h("li", h("a", { href: `#/howto/${g}` }, gameName(g)))));
}

function unknownPage(el, game) {
  const paint = () => el.replaceChildren(h("div.pg.pg-howto", { dataset: { page: "howto", state: "unknown" } },
    h("p.pg-crumbs", h("a", { href: "#/" }, t("pg.backToLobby"))),
    h("section.message-page", { role: "alert" },
      h("h1", t("pg.howto.unknownTitle")),
      h("p", t("pg.howto.unknown", { name: game ?? "" })),
      h("p", t("pg.howto.pick")),
      otherGames(null),
    )));
  paint();
  return onLangChange(paint);
}

export function mount(el, params, ctx) {
  useStyle("pages.css");
  const game = params.arg;
  if (!isGame(game)) return unknownPage(el, game);

  let alive = true;
  let gen = 0;
  let pictures = null;
  const info = GAMES[game];
  const head = h("header.pg-head");
  const lessonsBox = h("section");
  const body = h("div.pg-rules", { "aria-busy": "true" });
  const foot = h("footer.pg-foot");
  const article = h("article.pg.pg-howto", { dataset: { page: "howto", game, lang: getLang() } },
    head, lessonsBox, body, foot);
  el.replaceChildren(article);

  const lessons = createLessonSection(lessonsBox, {
    engine: ctx.engine, game, lesson: params.query.lesson || null, playable: info.playable,
  });

  function paintChrome() {
    const lang = getLang();
    article.dataset.lang = lang;
    head.replaceChildren(...[
      h("p.pg-crumbs", h("a", { href: "#/" }, t("pg.backToLobby"))),
      h("h1", t("pg.howto.title", { game: gameName(game) })),
      ORIGINAL[game] !== lang ? h("p.pg-note.pg-translated", t(`pg.howto.translatedFrom.${ORIGINAL[game]}`)) : null,
      info.playable
        ? h("p.pg-actions", h("a.button.primary", { href: `#/new/${game}` }, t("pg.howto.newTable", { game: gameName(game) })))
        : h("p.pg-note", t("pg.howto.notYet", { game: gameName(game) })),
    ].filter(Boolean));
    foot.replaceChildren(
      h("h2", t("pg.howto.others")),
      otherGames(game),
      h("p", h("a", { href: "#/guide" }, t("pg.howto.guide")), " · ", h("a", { href: "#/verify" }, t("pg.howto.verify"))),
    );
  }

  async function paintRules() {
    const mine = ++gen;
    const lang = getLang();
    body.setAttribute("aria-busy", "true");
    if (!body.firstChild) body.replaceChildren(h("p.pg-busy", t("pg.howto.loading")));
    let html;
    try {
      html = await fetchRules(game, lang);
    } catch (e) {
      if (!alive || mine !== gen) return;
      body.removeAttribute("aria-busy");
      body.replaceChildren(h("p.pg-verdict.bad", { role: "alert" }, t("pg.howto.loadFailed", { msg: e.message })));
      return;
    }
    if (!alive || mine !== gen) return;
    if (pictures) pictures.destroy();
    // Our own static file from this site, never user input.
    body.innerHTML = html;
    body.removeAttribute("aria-busy");
    pictures = fillPictures(body, { engine: ctx.engine, game, list: lessons.list, onTry: (id) => lessons.open(id) });
  }

  paintChrome();
  paintRules();
  const off = onLangChange(() => {
    paintChrome();
    paintRules();
  });
  return () => {
    alive = false;
    off();
    lessons.destroy();
    if (pictures) pictures.destroy();
  };
}
