// "Learn by playing" on a How to play page: the game's lessons as a list; one opens in place
// (the list gives way to the lesson) and the address becomes #/howto/<game>?lesson=<id>, so a
// lesson can be linked, reloaded, and left with the browser's Back. Lessons finished on this
// device are marked (localStorage "vt.lessons.done", nothing else is kept).

import { t, words, onLangChange } from "../../lib/i18n.js";
import "../../lib/lessons/strings.js";
import { h } from "../../lib/dom.js";
import { engineStatus } from "../table/progress.js";
import { gameName } from "../../lib/util.js";
import { lessonList, useLessonStyle } from "../../lib/lessons/catalog.js";
import { createLessonPlayer } from "../../lib/lessons/player.js";
import { loadRenderer } from "../../games/index.js";

const DONE_KEY = "vt.lessons.done";

function doneSet() {
  try {
    const v = JSON.parse(localStorage.getItem(DONE_KEY) || "[]");
    return new Set(Array.isArray(v) ? v : []);
  } catch (_) {
    return new Set();
  }
}

function markDone(game, id) {
  const s = doneSet();
  s.add(`${game}/${id}`);
  try { localStorage.setItem(DONE_KEY, JSON.stringify([...s])); } catch (_) { /* not remembered */ }
}

/**
 * createLessonSection(box, {engine, game, lesson, playable})
 * → {open(id), close(), destroy(), list: Promise}
 */
export function createLessonSection(box, { engine, game, lesson = null, playable = true }) {
  useLessonStyle();
  let alive = true;
  let list = null;
  let player = null;
  let current = lesson;
  let failure = null;
  // After a failed start, "Try again" restarts the engine; the list is asked for again once it is up.
  const status = engineStatus(engine, { compact: true, onReady: () => { if (failure) load(); } });
  const heading = h("h2#lessons-title");
  const help = h("p.ls-section-help");
  const content = h("div.ls-content");
  box.classList.add("ls-section");
  box.id = "lessons";
  box.setAttribute("aria-labelledby", "lessons-title");
  box.replaceChildren(heading, help, content);

  function base() {
    return `#/howto/${encodeURIComponent(game)}`;
  }

  function paintHead() {
    heading.textContent = t("ls.section");
    help.textContent = t("ls.sectionHelp");
    help.hidden = Boolean(current);
  }

  function paintList(focusId = null) {
    paintHead();
    if (current) return;
    if (failure) {
      content.replaceChildren(h("p.pg-verdict.bad", { role: "alert" }, t("ls.listFailed", { detail: failure })),
        status.el);
      return;
    }
    if (!list) {
      content.replaceChildren(h("p.pg-busy", t("ls.loadingList")), status.el);
      return;
    }
    if (!list.length) {
      content.replaceChildren(h("p", t("ls.none")));
      return;
    }
    const done = doneSet();
    content.replaceChildren(h("ol.ls-list", list.map((l) => h("li", h("button.ls-pick", {
      type: "button",
      dataset: { pick: l.id, done: done.has(`${game}/${l.id}`) ? "1" : "0", doneWord: t("ls.doneMark") },
      onclick: () => open(l.id),
    }, h("span.ls-pick-title", words(l.title)), h("span.ls-pick-meta", t("ls.steps", { n: l.steps })))))));
    if (focusId) {
      const b = content.querySelector(`[data-pick="${CSS.escape(focusId)}"]`);
      if (b) b.focus({ preventScroll: false });
    }
  }

  function showPlayer({ focus }) {
    if (player) player.destroy();
    paintHead();
    const host = h("div.ls-host");
    content.replaceChildren(host);
    player = createLessonPlayer(host, {
      loadRenderer,
      engine, game, id: current, list, mode: "page",
      onChoose: (id) => open(id),
      onClose: () => close(),
      onDone: (id) => markDone(game, id),
      lastNote: () => h("p.ls-last", t("ls.lastOne", { game: gameName(game) }), " ",
        playable ? h("a", { href: `#/new/${game}` }, t("ls.newTable", { game: gameName(game) })) : null),
    });
    if (focus) {
      box.scrollIntoView({ block: "start" });
      player.focus();
    }
  }

  /** Open lesson `id` in place; the address follows (a new history entry, so Back closes it). */
  function open(id, { push = true } = {}) {
    if (!list || !list.some((l) => l.id === id)) return;
    current = id;
    if (push) history.pushState(null, "", `${base()}?lesson=${encodeURIComponent(id)}`);
    showPlayer({ focus: true });
  }

  function close() {
    const was = current;
    current = null;
    if (player) player.destroy();
    player = null;
    history.pushState(null, "", base());
    paintList(was);
  }

  const offLang = onLangChange(() => { if (!current) paintList(); else paintHead(); });

  let resolveList;
  const loaded = new Promise((resolve) => { resolveList = resolve; });

  function load() {
    failure = null;
    paintList();
    lessonList(engine, game).then((l) => {
      if (!alive) return;
      list = l;
      status.el.remove();
      if (current && !list.some((x) => x.id === current)) current = null; // an unknown id: the list instead
      if (current) showPlayer({ focus: true });
      else paintList();
      resolveList(l);
    }, (e) => {
      if (!alive) return;
      failure = words(e.words) || e.message || String(e);
      current = null;
      paintList();
    });
  }
  load();

  return {
    list: loaded,
    open,
    close,
    destroy() {
      alive = false;
      offLang();
      status.destroy();
      if (player) player.destroy();
      player = null;
    },
  };
}
