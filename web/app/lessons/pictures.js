// Pictures beside the rules: a How to play fragment marks a rule with
//   <figure class="ls-pic" data-lesson="<lesson id>"></figure>
// and the page draws that lesson's starting position there with the game's own renderer,
// read-only, captioned with the lesson's title and a "Try it" button that opens the lesson.
// The seed's words stay exactly as they are; a picture only sits beside them.
//
// The renderer lays itself out in the figure as it would on a phone's table page (the figure
// is about a phone's width), so the picture is the board exactly as a player sees it.
// A picture is drawn when it comes near the screen (the engine sets the position up with
// lesson_start, and the attempt is closed at once: nothing is played on a picture).

import { t, words, getLang, onLangChange } from "../../lib/i18n.js";
import "../../lib/lessons/strings.js";
import { h } from "../../lib/dom.js";
import { loadRenderer } from "../../games/index.js";
import { useLessonStyle } from "../../lib/lessons/catalog.js";

/** The seats as a lesson names them ("You", "Player 2"), never marked as bots. */
function named(s) {
  return { ...s, seats: (s.seats || []).map((seat, i) => ({ ...seat, bot: false, level: null,
    name: i === s.viewer ? t("ls.you") : t("ls.seat", { n: i + 1 }) })) };
}

/**
 * fillPictures(root, {engine, game, list: Promise<lessons>, onTry(id)}) → {destroy()}
 * Every figure.ls-pic[data-lesson] under root gets its picture; unknown ids are left out.
 */
export function fillPictures(root, { engine, game, list, onTry }) {
  useLessonStyle();
  const figures = [...root.querySelectorAll("figure.ls-pic[data-lesson]")];
  const drawn = [];
  let alive = true;
  let lessons = [];

  for (const fig of figures) fig.hidden = true; // until the engine says which lessons exist

  function caption(fig) {
    const l = lessons.find((x) => x.id === fig.dataset.lesson);
    if (!l) return;
    const cap = fig.querySelector("figcaption");
    cap.replaceChildren(
      h("span.ls-pic-title", words(l.title)),
      h("button.button.small", { type: "button", dataset: { tryLesson: l.id }, onclick: () => onTry(l.id),
                                 "aria-label": t("ls.picTry", { title: words(l.title) }) }, t("ls.tryIt")),
    );
    const board = fig.querySelector(".ls-pic-board");
    board.setAttribute("aria-label", t("ls.pic", { title: words(l.title) }));
  }

  async function draw(fig) {
    if (fig.dataset.drawn) return;
    fig.dataset.drawn = "pending";
    const board = fig.querySelector(".ls-pic-board");
    const wait = h("p.ls-pic-wait", t("ls.picLoading"));
    board.replaceChildren(wait);
    let out;
    try {
      out = await engine.call("lesson_start", { game, id: fig.dataset.lesson });
      engine.call("close", { lesson: out.snapshot.lesson }).catch(() => {});
    } catch (e) {
      if (alive) board.replaceChildren(h("p.ls-pic-wait", t("ls.picFailed")));
      fig.dataset.drawn = "failed";
      return;
    }
    const create = await loadRenderer(game, engine);
    if (!alive) return;
    if (!create) {
      board.replaceChildren(h("p.ls-pic-wait", t("ls.picFailed")));
      fig.dataset.drawn = "failed";
      return;
    }
    const inner = h("div.ls-pic-inner", { "aria-hidden": "true", inert: true });
    board.replaceChildren(inner);
    try {
      const r = create(inner, { onIntent: () => {}, announce: () => {}, lang: getLang(), readOnly: true });
      r.update(named(out.snapshot), out.snapshot.viewer);
      drawn.push({ fig, r, snap: out.snapshot });
      fig.dataset.drawn = "1";
    } catch (e) {
      console.error("a rules picture could not be drawn", e);
      board.replaceChildren(h("p.ls-pic-wait", t("ls.picFailed")));
      fig.dataset.drawn = "failed";
    }
  }

  const observer = "IntersectionObserver" in window
    ? new IntersectionObserver((entries) => {
      for (const e of entries) {
        if (!e.isIntersecting) continue;
        observer.unobserve(e.target);
        draw(e.target);
      }
    }, { rootMargin: "300px 0px" })
    : null;

  Promise.resolve(list).then((l) => {
    if (!alive) return;
    lessons = l || [];
    for (const fig of figures) {
      if (!lessons.some((x) => x.id === fig.dataset.lesson)) continue;
      fig.hidden = false;
      fig.replaceChildren(h("div.ls-pic-board", { role: "img" }), h("figcaption"));
      caption(fig);
      if (observer) observer.observe(fig);
      else draw(fig);
    }
  }, () => {});

  const offLang = onLangChange((lang) => {
    for (const fig of figures) if (!fig.hidden) caption(fig);
    for (const d of drawn) {
      try {
        if (typeof d.r.setLang === "function") d.r.setLang(lang);
        d.r.update(named(d.snap), d.snap.viewer);
      } catch (e) { console.error(e); }
    }
  });

  return {
    destroy() {
      alive = false;
      offLang();
      if (observer) observer.disconnect();
      for (const d of drawn) {
        try { d.r.destroy(); } catch (e) { console.error(e); }
      }
      drawn.length = 0;
    },
  };
}
