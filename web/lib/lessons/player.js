// One lesson, played: the intro in words, the position drawn by the game's own renderer (the
// same board as at a table, for the learner's seat), the learner's moves also as a list in words
// ("All my moves"), and the engine's verdict after each move. A move that misses the goal is
// taken back by the engine and its hint shown; one the rules refuse is refused in the rules'
// words; the last step met shows the explanation, with Next lesson and Try again.
//
// Used by the How to play pages (#/howto/<game>?lesson=<id>) and by embed.html#lesson=<game>/<id>;
// each hands it the games' loadRenderer (web/games/index.js), since web/lib stands under the games.
// The page never decides anything: every verdict is the engine's (lesson_start / lesson_play).

import { t, words, getLang, onLangChange } from "../i18n.js";
import "./strings.js";
import { h } from "../dom.js";
import { announce as liveAnnounce } from "../announce.js";
import { movesList } from "../moves.js";
import { useLessonStyle } from "./catalog.js";

/**
 * createLessonPlayer(host, {engine, loadRenderer, game, id, list, mode: "page"|"embed", onChoose(id),
 *                          onClose, onDone(id), extra: Node|null})
 *   loadRenderer  the games' loader (web/games/index.js): (game, engine) → the game's board maker, or null
 *   list     the game's lessons (from lessonList), for "Lesson k of n" and the next lesson
 *   onChoose open another lesson (Next lesson); onClose back to the list (no button when absent)
 * → {ready: Promise, restart(), destroy(), get state}
 */
export function createLessonPlayer(host, opts) {
  useLessonStyle();
  const { engine, loadRenderer, game, id, list = [], mode = "page", onChoose = null, onClose = null, onDone = null } = opts;
  const say = opts.announce || liveAnnounce;
  const index = list.findIndex((l) => l.id === id);
  const next = index >= 0 && index + 1 < list.length ? list[index + 1] : null;

  let alive = true;
  let lesson = null;      // lesson_start's answer (title, intro, success, steps…)
  let handle = null;      // the engine's id of this attempt
  let snap = null;
  let renderer = null;
  let busy = false;
  let filter = "";
  let feedback = null;    // {kind: "miss"|"refused"|"step"|"done"|"error", words, title}
  let generation = 0;

  const title = h("h2.ls-title", { tabindex: "-1" });
  const counter = h("p.ls-counter");
  const intro = h("p.ls-intro");
  const note = h("div.ls-feedback", { "aria-live": "polite" });
  const board = h("div.ls-board", { role: "region" });
  const noBoard = h("p.ls-noboard", { hidden: true });
  const movesBox = h("div.ls-moves-body");
  const movesSummary = h("summary");
  const moves = h("details.ls-moves", { open: mode === "page" && window.innerWidth >= 900 ? true : null },
    movesSummary, movesBox);
  const keys = h("p.ls-keys");
  const actions = h("div.ls-actions");
  const root = h("section.ls", { class: `ls-${mode}`, dataset: { lesson: id, game, state: "loading" } },
    h("header.ls-head", title, counter),
    intro, note,
    // Next lesson / Try again right under the verdict: the board below can be a whole screen tall.
    actions,
    h("div.ls-play", h("div.ls-stage", board, noBoard), h("div.ls-side", moves, keys)),
    opts.extra || null,
  );
  host.replaceChildren(root);

  function setState(state) {
    root.dataset.state = state;
  }

  // --- painting ------------------------------------------------------------------------
  function paintHead() {
    title.textContent = lesson ? words(lesson.title) : (list[index] ? words(list[index].title) : "");
    intro.textContent = lesson ? words(lesson.intro) : (list[index] ? words(list[index].intro) : "");
    const parts = [];
    if (index >= 0 && list.length > 1) parts.push(t("ls.lessonOf", { k: index + 1, n: list.length }));
    if (snap && snap.steps > 1) parts.push(t("ls.stepOf", { k: Math.min(snap.step + 1, snap.steps), n: snap.steps }));
    counter.textContent = parts.join(" · ");
    board.setAttribute("aria-label", t("ls.board"));
    noBoard.textContent = t("ls.noRenderer");
    keys.textContent = t("ls.keys");
  }

  function paintFeedback() {
    if (!feedback) {
      note.className = "ls-feedback";
      note.replaceChildren(snap && !snap.done ? h("p.ls-prompt", busy ? t("ls.thinking") : t("ls.yourTurn")) : "");
      return;
    }
    note.className = `ls-feedback ls-${feedback.kind}`;
    const head = {
      miss: t("ls.missTitle"), refused: t("ls.refusedTitle"), done: t("ls.doneTitle"),
      step: t("ls.stepDone", { k: snap ? snap.step + 1 : 1, n: snap ? snap.steps : 1 }), error: "",
    }[feedback.kind];
    note.replaceChildren(
      head ? h("p.ls-verdict", head) : null,
      feedback.words ? h("p.ls-words", typeof feedback.words === "string" ? feedback.words : words(feedback.words)) : null,
    );
  }

  function paintMoves() {
    const legal = snap ? snap.legal || [] : [];
    movesSummary.textContent = t("ls.movesCount", { n: legal.length });
    moves.hidden = !snap || snap.done;
    if (!snap || snap.done) {
      movesBox.replaceChildren();
      return;
    }
    const hadFocus = movesBox.contains(document.activeElement);
    movesBox.replaceChildren(...[movesList(snap, {
      filter, enabled: !busy,
      onFilter: (text) => { filter = text; paintMoves(); },
      onPlay: (action) => play(action),
    })].flat().filter(Boolean));
    if (hadFocus && !busy) {
      const first = movesBox.querySelector("button.move");
      if (first) first.focus({ preventScroll: true });
    }
  }

  function paintActions() {
    const done = snap && snap.done;
    const buttons = [];
    if (done && next && onChoose) {
      buttons.push(h("button.button.primary", { type: "button", dataset: { act: "next" }, onclick: () => onChoose(next.id) },
        t("ls.next", { title: words(next.title) })));
    }
    if (snap) {
      buttons.push(h("button.button", { class: done && !next ? "primary" : null, type: "button", dataset: { act: "again" },
                                        onclick: () => restart() }, t("ls.tryAgain")));
    }
    if (onClose) {
      buttons.push(h("button.button.ghost", { type: "button", dataset: { act: "close" }, onclick: () => onClose() },
        t("ls.allLessons")));
    }
    actions.replaceChildren(...buttons);
    if (done && !next && opts.lastNote) actions.append(opts.lastNote());
  }

  function paintAll() {
    paintHead();
    paintFeedback();
    paintMoves();
    paintActions();
  }

  /** The seats as a lesson names them: "You" for the learner, the others by their seat (never "bot"). */
  function named(s) {
    return { ...s, seats: (s.seats || []).map((seat, i) => ({ ...seat, bot: false, level: null,
      name: i === s.viewer ? t("ls.you") : t("ls.seat", { n: i + 1 }) })) };
  }

  function draw() {
    if (!snap || !renderer) return;
    try {
      renderer.update(named(snap), snap.viewer);
    } catch (e) {
      console.error("the board could not draw the lesson; the list of moves still works", e);
      dropRenderer();
    }
  }

  function dropRenderer() {
    if (renderer) {
      try { renderer.destroy(); } catch (_) { /* already broken */ }
    }
    renderer = null;
    board.hidden = true;
    noBoard.hidden = false;
    moves.open = true;
  }

  // --- the engine ---------------------------------------------------------------------
  async function start() {
    const mine = ++generation;
    setState("loading");
    feedback = null;
    snap = null;
    note.replaceChildren(h("p.ls-prompt", t("ls.loading")));
    paintActions();
    if (handle) engine.call("close", { lesson: handle }).catch(() => {});
    handle = null;
    let out;
    try {
      out = await engine.call("lesson_start", { game, id });
    } catch (e) {
      if (!alive || mine !== generation) return;
      setState("error");
      feedback = { kind: "error", words: t("ls.failed", { detail: words(e.words) || e.message || String(e) }) };
      paintAll();
      throw e;
    }
    if (!alive || mine !== generation) {
      engine.call("close", { lesson: out.snapshot.lesson }).catch(() => {});
      return;
    }
    lesson = out;
    handle = out.snapshot.lesson;
    snap = out.snapshot;
    if (!renderer && noBoard.hidden) await makeRenderer(); // once; a board that failed stays a list
    if (!alive || mine !== generation) return;
    paintAll();
    draw();
    setState("playing"); // the position is on the board: the learner may act
  }

  async function makeRenderer() {
    const create = await loadRenderer(game, engine);
    if (!alive) return;
    if (!create) {
      dropRenderer();
      return;
    }
    try {
      renderer = create(board, { onIntent: (action) => play(action), announce: say, lang: getLang() });
    } catch (e) {
      console.error("the board could not start; the list of moves still works", e);
      dropRenderer();
    }
  }

  async function play(action) {
    if (!alive || busy || !snap || snap.done || !handle) return;
    busy = true;
    root.setAttribute("aria-busy", "true");
    const mine = generation;
    paintFeedback();
    paintMoves();
    let out = null;
    let refused = null;
    try {
      out = await engine.call("lesson_play", { lesson: handle, action });
    } catch (e) {
      refused = e;
    }
    if (!alive || mine !== generation) return;
    busy = false;
    root.removeAttribute("aria-busy");
    if (refused) {
      // The rules said no (or the engine failed): nothing changed; the board forgets its half-made move.
      feedback = { kind: refused.kind === "illegal" ? "refused" : "error",
                   words: words(refused.words) || refused.message || String(refused) };
      setState(feedback.kind === "refused" ? "refused" : "error");
      paintAll();
      draw();
      say(`${refused.kind === "illegal" ? t("ls.refusedTitle") : ""} ${feedback.words}`);
      return;
    }
    snap = out.snapshot;
    filter = "";
    if (!out.met) {
      feedback = { kind: "miss", words: out.words };
      setState("missed");
      say(`${t("ls.missTitle")} ${words(out.words)}`);
    } else if (out.done) {
      feedback = { kind: "done", words: out.words || lesson.success };
      setState("done");
      say(`${t("ls.doneTitle")} ${words(feedback.words)}`);
      if (onDone) onDone(id);
    } else {
      feedback = { kind: "step", words: null };
      setState("step");
      say(t("ls.stepDone", { k: snap.step + 1, n: snap.steps }));
    }
    paintAll();
    draw();
    if (out.met && out.done) {
      // The explanation is the point of the lesson: bring it into view, and the keyboard to Next.
      note.scrollIntoView({ block: "nearest", behavior: motion() });
      const first = actions.querySelector("button");
      if (first) first.focus({ preventScroll: true });
    } else if (!out.met) {
      note.scrollIntoView({ block: "nearest", behavior: motion() });
    }
  }

  function motion() {
    return window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
  }

  function restart() {
    filter = "";
    return start().then(() => {
      if (alive && renderer && typeof renderer.focus === "function") renderer.focus();
    }, () => {});
  }

  const offLang = onLangChange((lang) => {
    paintAll();
    if (renderer && typeof renderer.setLang === "function") {
      try { renderer.setLang(lang); } catch (e) { console.error(e); }
    }
    draw();
  });

  paintAll();
  const ready = start();
  ready.catch(() => {});

  return {
    ready,
    restart,
    element: root,
    get state() { return root.dataset.state; },
    focus() { title.focus({ preventScroll: true }); },
    destroy() {
      alive = false;
      offLang();
      if (handle) engine.call("close", { lesson: handle }).catch(() => {});
      handle = null;
      if (renderer) {
        try { renderer.destroy(); } catch (e) { console.error(e); }
      }
      renderer = null;
    },
  };
}
