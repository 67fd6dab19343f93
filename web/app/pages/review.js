// Review (#/review/<id> for a game finished on this device, #/review?r=<record> from a link, a file
// or the Verify page): every decision of every seat judged by the strongest bot level as that seat
// saw it, one decision per worker call (review_open, then review_next for each decision), shared with
// a second worker on a device with two cores or more, so the page stays responsive, a progress bar
// counts the moves, results appear as they come and Cancel (or leaving the page) stops it. Per move: the move played and the best move in words, the loss in win chance
// and its mark; a chart of each seat's win chance; a move picked (in the list, by the arrows, on the
// chart) shows the board before it as that seat saw it, the best move drawn. A whole review is kept
// on this device (web/lib/reviews.js), so reopening it is instant.

import { t, words, getLang, onLangChange } from "../../lib/i18n.js";
import "../../lib/strings/pages.js";
import "../../lib/strings/review.js";
import "../../lib/strings/story.js";
import { h } from "../../lib/dom.js";
import { announce } from "../../lib/announce.js";
import { reviewKey, loadReview, keepReview } from "../../lib/reviews.js";
import { loadRenderer } from "../../games/index.js";
import { messagePage } from "../table/live.js";
import { engineStatus } from "../table/progress.js";
import { useStyle } from "../../embed/util.js";
import { gameName, seatText } from "../../lib/util.js";
import { recordOf } from "./replay.js";
import { createChart } from "../../embed/chart.js";
import { spareEngine } from "../../engine.js";

const pct = (x) => `${Math.round(x * 100)}%`;
/** A loss under one point keeps a decimal ("0.4%"): "0%" beside a move that was not the best would puzzle. */
const lossPct = (x) => (x > 0 && x < 0.01
  ? `${(x * 100).toLocaleString(getLang() === "pt" ? "pt-BR" : "en", { maximumFractionDigits: 1 })}%` : pct(x));
/** "1 mistake", "0 mistakes": the language's plural rules would make Portuguese 0 singular. */
const counted = (what, n) => t(n === 1 ? `rv.count.${what}.one` : `rv.count.${what}`, { n });
/** Below this width the page is one column (web/embed/pages.css). */
const NARROW = 900;
/** Decisions from which a review starts a second worker (on a device with two cores or more). */
const SPARE_FROM = 24;

export function mount(el, params, ctx) {
  useStyle("pages.css");
  let alive = true;
  let cleanup = [];
  const fail = (title, body, detail) => {
    if (alive) messagePage(el, { title, body, detail });
  };

  (async () => {
    const notOver = () => fail(t("rv.notOverTitle"), t("rv.notOver"));
    const got = await recordOf(params, ctx, { fail, onRunning: notOver });
    if (!got || !alive) return;
    if (!got.record.result || !got.record.seed) return notOver();
    show(got.record, got.saveId);
  })();

  function show(record, saveId) {
    const names = record.seats.map((s, i) => seatText(s, i));
    let moves = [];            // judged decisions, in the record's order
    let sel = -1;              // the one on show
    let total = null;          // decisions to judge (known once the review is open)
    let state = "starting";    // starting | running | done | stopped | failed
    let failure = "";
    let colours = null;
    let fromStore = false;

    const head = h("header.pg-head");
    const status = engineStatus(ctx.engine, { compact: true });
    cleanup.push(() => status.destroy());
    const statusBox = h("div.pg-status", status.el);
    const bar = h("progress.rv-progress", { max: "1", value: "0" });
    const barLabel = h("span.rv-progress-label", { role: "status" });
    const cancel = h("button.button.small.rv-cancel", { type: "button", dataset: { act: "cancel" }, onclick: () => stop() });
    const again = h("button.button.small.rv-again", { type: "button", dataset: { act: "again" }, hidden: true,
      onclick: () => start() });
    const progress = h("div.rv-progress-box", barLabel, bar, cancel, again);
    const chart = createChart({ steps: record.actions.length, onPick: (i) => pick(i, true), describe: (i) => sentence(moves[i]) });
    cleanup.push(() => chart.destroy());
    const chartHeading = h("h2.vtv-heading");
    const summary = h("div.rv-summary");
    const detail = h("div.rv-detail", { "aria-live": "polite" });
    const boardHost = h("div.rv-board");
    const boardNote = h("p.rv-board-note");
    const placeholder = h("p.rv-pick");
    const stage = h("div.rv-stage", placeholder, boardHost);
    const detailPanel = h("section.vtv-panel.rv-detail-panel", detail, boardNote);
    const listHeading = h("h2.vtv-heading");
    const list = h("ol.rv-list", {
      role: "listbox", tabindex: "0",
      onclick: (e) => {
        const li = e.target.closest("li[data-i]");
        if (!li) return;
        pick(Number(li.dataset.i), false);
        // A phone shows the board above the list: a tapped move is shown there.
        if (window.innerWidth < NARROW) detailPanel.scrollIntoView({ block: "start", behavior: "smooth" });
      },
      onkeydown: (e) => {
        if (e.ctrlKey || e.metaKey || e.altKey) return;
        const by = { ArrowUp: -1, ArrowDown: 1, ArrowLeft: -1, ArrowRight: 1 }[e.key];
        const to = by ? (sel < 0 ? 0 : sel + by) : e.key === "Home" ? 0 : e.key === "End" ? moves.length - 1 : null;
        if (to === null || !moves.length) return;
        e.preventDefault();
        pick(Math.max(0, Math.min(moves.length - 1, to)), false);
      },
    });
    const onlyMarked = h("input", { type: "checkbox", onchange: () => paintList() });
    const filterLabel = h("span");
    const page = h("div.pg.pg-review", { dataset: { page: "review", state } },
      head, statusBox, progress,
      h("div.rv-grid",
        detailPanel,
        h("section.vtv-panel.rv-chart-panel", chartHeading, chart.el, summary),
        stage,
        h("section.vtv-panel.rv-list-panel", listHeading, h("label.pg-check.rv-filter", onlyMarked, " ", filterLabel), list),
      ));
    el.replaceChildren(page);

    // --- words ------------------------------------------------------------------------------------
    function markWords(m) {
      return m.mark ? t(`rv.mark.${m.mark}`) : m.best === m.played ? t("rv.bestPlayed") : "";
    }
    function sentence(m) {
      if (!m) return "";
      const who = names[m.seat];
      if (m.best === m.played) return t("rv.sayBest", { n: m.step + 1, who, played: words(m.played_words) });
      return t("rv.sayMove", { n: m.step + 1, who, played: words(m.played_words), best: words(m.best_words),
        loss: lossPct(m.loss), mark: m.mark ? ` (${t(`rv.mark.${m.mark}`)})` : "" });
    }

    function paintHead() {
      const seats = record.seats.map((s, i) => `\u2068${seatText(s, i)}\u2069`).join(", ");
      const back = saveId ? h("a", { href: `#/replay/${encodeURIComponent(saveId)}` }, t("rv.toReplay"))
        : h("a", { href: `#/replay?r=${params.r}` }, t("rv.toReplay"));
      head.replaceChildren(
        h("p.pg-crumbs", h("a", { href: "#/" }, t("pg.backToLobby")), " · ", back, " · ",
          h("a", { href: saveId ? `#/story/${encodeURIComponent(saveId)}` : `#/story?r=${params.r}`, dataset: { act: "story" } }, t("story.writeStory"))),
        h("h1", t("rv.title", { game: gameName(record.game) })),
        h("p.pg-sub", t("pg.replay.sub", { seats, n: record.actions.length })),
        h("p.pg-note", t("rv.lead")),
      );
      chartHeading.textContent = t("rv.chartTitle");
      listHeading.textContent = t("rv.moves");
      filterLabel.textContent = t("rv.onlyMarked");
      placeholder.textContent = t("rv.boardLater");
      list.setAttribute("aria-label", t("rv.moves"));
      cancel.textContent = t("rv.cancel");
      again.textContent = t("rv.again");
      boardHost.setAttribute("aria-label", t("rv.board"));
    }

    function paintProgress(judged = moves.length) {
      page.dataset.state = state;
      const n = judged;
      bar.max = String(Math.max(1, total ?? 1));
      bar.value = String(n);
      bar.hidden = state === "done";
      cancel.hidden = state !== "running" && state !== "starting";
      again.hidden = state !== "stopped" && state !== "failed";
      bar.setAttribute("aria-label", t("rv.progressLabel"));
      barLabel.textContent = state === "starting" ? t("rv.opening")
        : state === "running" ? t("rv.judging", { k: n, n: total })
          : state === "done" ? (fromStore ? t("rv.kept", { n: total }) : t("rv.done", { n: total }))
            : state === "stopped" ? t("rv.stopped", { k: n, n: total ?? n })
              : t("rv.failed", { msg: failure });
    }

    /** Per seat, one line: its marks and its mean loss (a phone keeps it readable, unlike a table). */
    function paintSummary() {
      const rows = record.seats.map((_, s) => {
        const mine = moves.filter((m) => m.seat === s);
        if (!mine.length) return null;
        const count = (k) => mine.filter((m) => m.mark === k).length;
        const mean = mine.reduce((a, m) => a + m.loss, 0) / mine.length;
        return h("li", { dataset: { seat: String(s) } },
          h("strong.rv-who", names[s]), " ",
          h("span", t("rv.seatLine", {
            moves: counted("moves", mine.length),
            marks: ["inaccuracy", "mistake", "blunder"].map((k) => counted(k, count(k))).join(", "),
            mean: pct(mean),
          })));
      });
      summary.replaceChildren(h("h3.visually-hidden", t("rv.summary")), h("ul.rv-seats", rows));
    }

    function item(m, i) {
      const badge = m.mark ? h(`span.badge.rv-mark.rv-${m.mark}`, t(`rv.mark.${m.mark}`))
        : m.best === m.played ? h("span.badge.rv-best", t("rv.bestPlayed")) : null;
      return h("li", {
        role: "option", id: `rv-m-${i}`, dataset: { i: String(i), step: String(m.step), seat: String(m.seat), mark: m.mark || "", forced: m.forced || "", played: m.played, best: m.best },
        "aria-selected": i === sel ? "true" : "false", class: i === sel ? "current" : null,
      },
      h("span.rv-n", `${m.step + 1}.`),
      h("span.rv-who", names[m.seat]),
      h("span.rv-played", words(m.played_words)),
      badge,
      m.best !== m.played ? h("span.rv-best-line", t("rv.bestWas", { best: words(m.best_words), loss: lossPct(m.loss) })) : null);
    }

    function paintList() {
      const keep = list.scrollTop;
      const show = moves.map((m, i) => [m, i]).filter(([m, i]) => !onlyMarked.checked || m.mark || i === sel);
      list.replaceChildren(...show.map(([m, i]) => item(m, i)));
      if (!show.length) list.append(h("li.rv-empty", state === "done" ? t("rv.noMarked") : t("rv.waiting")));
      list.scrollTop = keep;
      if (sel >= 0) list.setAttribute("aria-activedescendant", `rv-m-${sel}`);
    }

    /** A new judged decision: into the list (without rebuilding it), the chart, the summary. */
    function added(m) {
      const i = moves.length - 1;
      if (!onlyMarked.checked || m.mark) {
        list.querySelector(".rv-empty")?.remove();
        list.append(item(m, i));
      }
      chart.paint(moves, sel, colours, names);
      paintSummary();
    }

    function paintAll() {
      paintHead();
      paintProgress();
      paintSummary();
      paintList();
      chart.paint(moves, sel, colours, names);
      paintDetail();
    }

    // --- the board at a step -----------------------------------------------------------------------
    let renderer = null;
    let rendering = null;
    let replay = null;
    const snaps = new Map();
    let token = 0;

    function paintDetail() {
      const m = moves[sel];
      if (!m) {
        detail.replaceChildren(h("p.rv-pick", t("rv.pick")));
        boardNote.textContent = "";
        return;
      }
      const badge = m.mark ? h(`span.badge.rv-mark.rv-${m.mark}`, t(`rv.mark.${m.mark}`)) : null;
      detail.replaceChildren(
        h("p.rv-detail-head", h("strong", t("rv.moveOf", { n: m.step + 1, who: names[m.seat] })), " ", badge),
        h("dl.rv-facts",
          h("dt", t("rv.played")), h("dd.rv-played-words", words(m.played_words)),
          h("dt", t("rv.best")), h("dd.rv-best-words", m.best === m.played ? t("rv.sameMove") : words(m.best_words)),
          h("dt", t("rv.loss")), h("dd", m.best === m.played ? "0%"
            : t("rv.lossIs", { loss: lossPct(m.loss), from: pct(m.chance), to: pct(m.played_chance) })),
          m.forced ? [h("dt", t("rv.proof")), h("dd.rv-forced", t(`rv.forced.${m.forced}`))] : null),
      );
      boardNote.textContent = t("rv.boardNote", { who: names[m.seat] });
    }

    async function board() {
      rendering ??= (async () => {
        const create = await loadRenderer(record.game, ctx.engine);
        if (!create || !alive) return null;
        try {
          renderer = create(boardHost, { onIntent: () => {}, announce: () => {}, lang: getLang(), readOnly: true });
        } catch (e) {
          console.error("renderer could not start", e);
          renderer = null;
        }
        return renderer;
      })();
      return rendering;
    }

    async function snapAt(step, seat) {
      const key = `${step}/${seat}`;
      if (snaps.has(key)) return snaps.get(key);
      replay ??= ctx.engine.call("open_replay", { text: JSON.stringify(record) });
      const r = await replay;
      const snap = await ctx.engine.call("replay_at", { replay: r.replay, move: step, viewer: seat });
      snaps.set(key, snap);
      return snap;
    }

    async function showBoard(m) {
      const mine = ++token;
      stage.setAttribute("aria-busy", "true");
      try {
        const [r, snap] = await Promise.all([board(), snapAt(m.step, m.seat)]);
        if (mine !== token || !alive) return;
        if (!r) {
          boardHost.replaceChildren(h("p.vtv-noboard", t("pg.replay.noRenderer")));
          return;
        }
        placeholder.hidden = true;
        // The position before the move, as that seat saw it, with the best move drawn (as a hint is).
        r.update({ ...snap, suggest: m.best }, m.seat);
        boardHost.dataset.step = String(m.step);
        boardHost.dataset.seat = String(m.seat);
        if (!colours && typeof r.seatColours === "function") {
          colours = r.seatColours();
          if (colours) chart.paint(moves, sel, colours, names);
        }
        fit();
      } catch (e) {
        if (mine !== token || !alive) return;
        boardNote.textContent = t("pg.replay.stepFailed", { msg: e.message || String(e) });
      } finally {
        if (mine === token) stage.removeAttribute("aria-busy");
      }
    }

    let fitted = false;
    function fit() {
      if (fitted) return;
      fitted = true;
      requestAnimationFrame(() => {
        const b = boardHost.querySelector("[data-control=fit]");
        if (b && alive) b.click();
      });
    }

    function pick(i, fromChart) {
      if (!moves[i]) return;
      sel = i;
      for (const li of list.querySelectorAll("li[aria-selected='true']")) {
        li.setAttribute("aria-selected", "false");
        li.classList.remove("current");
      }
      let li = list.querySelector(`li[data-i="${i}"]`);
      if (!li) {
        paintList();
        li = list.querySelector(`li[data-i="${i}"]`);
      }
      if (li) {
        li.setAttribute("aria-selected", "true");
        li.classList.add("current");
        list.setAttribute("aria-activedescendant", li.id);
        const top = li.offsetTop;
        if (top < list.scrollTop || top + li.offsetHeight > list.scrollTop + list.clientHeight) {
          list.scrollTop = Math.max(0, top - (list.clientHeight - li.offsetHeight) / 2);
        }
      }
      chart.paint(moves, sel, colours, names);
      paintDetail();
      if (!fromChart) announce(sentence(moves[i]));
      showBoard(moves[i]);
    }

    /** Once every move is judged, the board opens at the costliest one (nothing said: nobody asked). */
    function pickWorst() {
      if (sel >= 0 || !moves.length) return;
      let worst = 0;
      for (let i = 1; i < moves.length; i++) if (moves[i].loss > moves[worst].loss) worst = i;
      pick(worst, true);
    }

    // --- the review itself --------------------------------------------------------------------------
    // Two lanes where the device has two cores: the page's engine and a second worker (spareEngine)
    // each open the review and take the next decision not yet taken, so their results are the review
    // one worker gives (each judgement depends on its decision alone). Results are shown in the
    // record's order: a decision judged early waits for the ones before it.
    let run = 0;
    let key = null;
    let lanes = [];            // {engine, review} of the review under way
    let spare = null;          // the second worker, while a review runs

    function closeLanes() {
      for (const lane of lanes) {
        if (lane.review) lane.engine.call("close", { review: lane.review }).catch(() => {});
        lane.review = null;
      }
      lanes = [];
      if (spare) spare.terminate();
      spare = null;
    }

    async function start() {
      const mine = ++run;
      closeLanes();
      page.dataset.workers = "1";
      moves = [];
      sel = -1;
      total = null;
      fromStore = false;
      state = "starting";
      paintAll();
      try {
        await ctx.engine.ready;
        key ??= await reviewKey(record);
        const version = (ctx.engine.info && ctx.engine.info.engine) || "?";
        let kept = null;
        try { kept = await loadReview(key, version); } catch (_) { /* storage blocked: review again */ }
        if (mine !== run || !alive) return;
        if (kept) {
          moves = kept.moves;
          total = kept.total;
          fromStore = true;
          state = "done";
          statusBox.remove();
          paintAll();
          pickWorst();
          return;
        }
        const text = JSON.stringify(record);
        const lane = { engine: ctx.engine, review: null };
        lanes.push(lane);
        const opened = await ctx.engine.call("review_open", { text, viewer: "all" });
        if (mine !== run || !alive) {
          ctx.engine.call("close", { review: opened.review }).catch(() => {});
          return;
        }
        lane.review = opened.review;
        statusBox.remove();
        total = opened.total;
        const steps = opened.steps;
        const found = new Array(total).fill(null);
        let taken = 0;
        let judged = 0;
        state = "running";
        paintProgress();
        paintList();
        /** A judged decision: shown with every one before it that is judged too. */
        const arrived = (i, m) => {
          found[i] = m;
          judged++;
          while (moves.length < total && found[moves.length]) {
            moves.push(found[moves.length]);
            added(moves[moves.length - 1]);
          }
          paintProgress(judged);
        };
        // Each worker has its next decision asked for before it answers the one it is on, so it never
        // waits for the page to take an answer in (a busy page would hold up quick decisions).
        const take = async (l) => {
          const asked = [];
          const ask = () => {
            if (taken >= total || mine !== run || !alive) return;
            const i = taken++;
            const answer = l.engine.call("review_next", { review: l.review, step: steps[i] });
            answer.catch(() => {});          // one left unread after a Cancel is no error
            asked.push([i, answer]);
          };
          ask();
          ask();
          while (asked.length) {
            const [i, answer] = asked.shift();
            const m = await answer;
            if (mine !== run || !alive) return;
            ask();
            arrived(i, m);
          }
        };
        const work = [take(lane)];
        // A second worker pays for its start (a second Python in memory) only on a longer review.
        if (total >= SPARE_FROM && (spare = spareEngine())) {
          const helper = { engine: spare, review: null };
          lanes.push(helper);
          page.dataset.workers = "2";
          work.push((async () => {
            try {
              const more = await helper.engine.call("review_open", { text, viewer: "all" });
              if (mine !== run || !alive) return;
              helper.review = more.review;
              await take(helper);
            } catch (e) {
              // The page's own worker carries on; a decision the second one held is judged again below.
              if (mine === run && alive) console.warn("the second review worker stopped:", e);
              helper.review = null;
            }
          })());
        }
        await Promise.all(work);
        if (mine !== run || !alive) return;
        if (moves.length < total) await redo();
        if (mine !== run || !alive) return;
        closeLanes();
        state = "done";
        paintAll();
        pickWorst();
        announce(t("rv.done", { n: total }));
        keepReview({ id: key, game: record.game, engine: version, total, moves }).catch((e) => console.warn("review not kept", e));

        /** Decisions a failed worker left unjudged: the page's worker judges them in a review of its own. */
        async function redo() {
          const missing = steps.filter((_, i) => !found[i]);
          if (!missing.length) return;
          const again = await ctx.engine.call("review_open", { text, viewer: "all" });
          const extra = { engine: ctx.engine, review: again.review };
          lanes.push(extra);
          for (const step of missing) {
            if (mine !== run || !alive) return;
            const m = await ctx.engine.call("review_next", { review: extra.review, step });
            if (mine !== run || !alive) return;
            arrived(steps.indexOf(step), m);
          }
        }
      } catch (e) {
        if (mine !== run || !alive) return;
        closeLanes();
        state = "failed";
        failure = e.message || String(e);
        paintProgress();
      }
    }

    /** Cancel: the calls under way finish in the workers, nothing more is asked, the reviews are closed. */
    function stop() {
      if (state !== "running" && state !== "starting") return;
      run++;
      closeLanes();
      state = "stopped";
      paintProgress();
      paintList();
      announce(t("rv.stopped", { k: moves.length, n: total ?? moves.length }));
      again.focus();
    }

    cleanup.push(() => {
      run++;
      closeLanes();
      if (replay) replay.then((r) => ctx.engine.call("close", { replay: r.replay }), () => {}).catch(() => {});
      if (renderer) {
        try { renderer.destroy(); } catch (e) { console.error(e); }
      }
    });
    const offLang = onLangChange((lang) => {
      if (renderer && typeof renderer.setLang === "function") {
        try { renderer.setLang(lang); } catch (e) { console.error(e); }
      }
      paintAll();
      if (sel >= 0 && renderer) showBoard(moves[sel]);
    });
    cleanup.push(offLang);
    paintAll();
    start();
  }

  return () => {
    alive = false;
    for (const fn of cleanup) {
      try { fn(); } catch (e) { console.error(e); }
    }
    cleanup = [];
  };
}

