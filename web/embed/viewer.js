// The replay viewer: one record, stepped move by move, drawn read-only by the game's
// renderer. A finished game is shown with every seat's hand (viewer "all"), anything else
// as a spectator sees it (viewer null). The Replay page and embed.html both use it, so a
// replay looks the same wherever it is shown.
//
// The engine opens the record once (open_replay) and answers the position after k moves
// (replay_at). Positions already seen are kept, so stepping back and forth costs nothing
// the second time.

import { t, words, getLang, onLangChange } from "../lib/i18n.js";
import { h } from "../lib/dom.js";
import { announce as liveAnnounce } from "../lib/announce.js";
import { seatLabel, scoreSheet } from "../lib/seats.js";
import { loadRenderer } from "../games/index.js";
import { seatText, plainKey } from "../lib/util.js";

const KEEP = 80; // positions remembered besides the final one

/**
 * The log's entry of the k-th action (null at the start). Entries are numbered by action (`n`), but a
 * seat's log may hold fewer than k: a secret not yet revealed to it is one entry, whatever its steps.
 */
export function entryAt(log, k) {
  if (!log || k <= 0) return null;
  if (log[k - 1] && log[k - 1].n === k) return log[k - 1];
  for (let i = Math.min(log.length, k) - 1; i >= 0; i--) if (log[i].n <= k) return log[i];
  return null;
}
const ICONS = {
  first: "M5 5h2.5v14H5zM19 5v14L8.5 12z",
  back: "M17 5v14L6 12z",
  forward: "M7 5v14l11-7z",
  last: "M16.5 5H19v14h-2.5zM5 5v14l10.5-7z",
};

/**
 * createViewer(host, {engine, record, move, seat, mode: "page"|"embed", controls, onMove, onDrawn, announce})
 * → {ready: Promise, goto(k), destroy(), move, total, final(), renderer, shown}
 * `seat`: the game seen as that seat saw it (a story's viewpoint); by default every hand of a
 * finished game. `onDrawn(k)` follows each position drawn (a story's marks are drawn then).
 * `ready` rejects (with the engine's Error) when the record does not replay.
 */
export function createViewer(host, opts) {
  const { engine, record, mode = "page", controls = true, onMove = null, onDrawn = null } = opts;
  const seat = Number.isInteger(opts.seat) ? opts.seat : null;
  const say = opts.announce || liveAnnounce;
  const n = record.actions.length;
  const clamp = (j) => Math.max(0, Math.min(n, Number.isFinite(j) ? Math.trunc(j) : n));
  let k = clamp(opts.move ?? n);
  let full = null;
  const cache = new Map();
  let renderer = null;
  let noBoard = false;
  let alive = true;
  let token = 0;
  let shown = null;

  const board = h("div.vtv-board", { role: "region" });
  const fallback = h("div.vtv-fallback", { hidden: true });
  const stage = h("div.vtv-stage", board, fallback);
  const counter = h("output.vtv-counter", { "aria-live": "off" });
  // What a narrow frame shows instead of the counter (embed.css); the slider says it in full.
  const shortCounter = h("span.vtv-count-short", { "aria-hidden": "true" });
  const slider = h("input.vtv-slider", {
    type: "range", min: "0", max: String(n), step: "1", value: String(k),
    oninput: (e) => goto(Number(e.target.value)),
  });
  const buttons = {
    first: button("first", ICONS.first, () => goto(0)),
    back: button("back", ICONS.back, () => goto(k - 1)),
    forward: button("forward", ICONS.forward, () => goto(k + 1)),
    last: button("last", ICONS.last, () => goto(n)),
  };
  const controlBar = h("div.vtv-controls", { role: "group" },
    h("div.vtv-buttons", buttons.first, buttons.back, buttons.forward, buttons.last),
    h("label.vtv-slider-label", h("span.visually-hidden", t("pg.replay.slider")), slider),
    counter, shortCounter,
  );
  const caption = h("p.vtv-caption");
  const scores = h("div.vtv-scores");
  const list = h("ol.vtv-moves", {
    role: "listbox", tabindex: "0",
    onclick: (e) => {
      const item = e.target.closest("li[data-k]");
      if (item) goto(Number(item.dataset.k));
    },
    onkeydown: (e) => {
      const step = { ArrowUp: -1, ArrowDown: 1, ArrowLeft: -1, ArrowRight: 1 }[e.key];
      if (step) {
        e.preventDefault();
        goto(k + step);
      }
    },
  });
  const listHeading = h("h2.vtv-heading");
  const scoresHeading = h("h2.vtv-heading");
  const keysHint = h("p.vtv-hint");

  const root = mode === "embed"
    ? h("div.vtv.vtv-embed", stage, h("div.vtv-bar", controls ? controlBar : null, caption))
    // The step controls are their own grid cell: beside the board on a wide screen, and on a
    // phone right under it, held at the bottom of the screen while the board is in view.
    : h("div.vtv.vtv-page",
      stage,
      h("div.vtv-dock", controlBar, caption),
      h("div.vtv-side",
        keysHint,
        h("section.vtv-panel", scoresHeading, scores),
        h("section.vtv-panel.vtv-list-panel", listHeading, list),
      ),
    );
  host.replaceChildren(root);
  root.setAttribute("aria-busy", "true"); // until the first position is drawn

  function button(name, path, fn) {
    const label = h("span.visually-hidden");
    const b = h("button.button.vtv-btn", { type: "button", dataset: { go: name }, onclick: fn }, label);
    // Drawn, not a font glyph: the media-control characters are missing from many fonts.
    b.insertAdjacentHTML("afterbegin",
      `<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"><path d="${path}" fill="currentColor"/></svg>`);
    return b;
  }

  function paintLabels() {
    controlBar.setAttribute("aria-label", t("pg.replay.controls"));
    for (const [name, b] of Object.entries(buttons)) {
      b.lastChild.textContent = t(`pg.replay.${name}`);
      b.title = t(`pg.replay.${name}.title`);
    }
    board.setAttribute("aria-label", t("pg.replay.boardLabel"));
    list.setAttribute("aria-label", t("pg.replay.moves"));
    listHeading.textContent = t("pg.replay.moves");
    scoresHeading.textContent = t("pg.replay.scores");
    keysHint.textContent = t("pg.replay.keys");
  }

  function entrySentence(entry) {
    if (!entry) return t("pg.replay.startItem");
    const seat = record.seats[entry.seat];
    let text = `${seatText(seat, entry.seat)}: ${words(entry.words) || entry.action}`;
    if (entry.by === "timer") text += ` (${t("pg.replay.byTimer")})`;
    else if (entry.by === "table") text += ` (${t("pg.replay.byTable")})`;
    return text;
  }

  function buildList() {
    const log = full ? full.log : [];
    const items = [h("li", { role: "option", id: "vtv-m-0", dataset: { k: "0" } },
      h("span.vtv-n", "0."), h("span.vtv-words", t("pg.replay.startItem")))];
    for (const entry of log) {
      const seat = record.seats[entry.seat] || { name: "?", bot: false };
      items.push(h("li", { role: "option", id: `vtv-m-${entry.n}`, dataset: { k: String(entry.n), by: entry.by } },
        h("span.vtv-n", `${entry.n}.`),
        seatLabel(seat, entry.seat),
        h("span.vtv-words", words(entry.words) || entry.action),
        entry.by === "timer" ? h("span.badge.by-table", t("pg.replay.byTimer"))
          : entry.by === "table" ? h("span.badge.by-table", t("pg.replay.byTable")) : null,
      ));
    }
    list.replaceChildren(...items);
  }

  /** How the game ended, in words, for the last position of a finished game ("" otherwise). */
  function resultWords(snap) {
    if (!snap || !snap.terminal) return "";
    const winners = snap.winners || [];
    if (snap.outcome === "draw" || !winners.length) return t("pg.verify.draw");
    const names = winners.map((i) => seatText(record.seats[i], i)).join(t("pg.and"));
    return t(winners.length > 1 ? "pg.verify.shared" : "pg.verify.won", { names });
  }

  function paintPosition() {
    const text = t("pg.replay.counter", { k, n });
    counter.textContent = text;
    shortCounter.textContent = `${k}/${n}`;
    slider.value = String(k);
    slider.setAttribute("aria-valuetext", text);
    buttons.first.disabled = buttons.back.disabled = k === 0;
    buttons.forward.disabled = buttons.last.disabled = k === n;
    const log = full ? full.log : shown ? shown.log : null; // before the final position: the one on show
    const entry = log ? entryAt(log, k) : null;
    const result = k === n ? resultWords(full || shown) : "";
    caption.textContent = `${entry ? `${k}. ${entrySentence(entry)}` : t("pg.replay.startItem")}${result ? ` · ${result}` : ""}`;
    for (const li of list.querySelectorAll("li[aria-selected='true']")) {
      li.setAttribute("aria-selected", "false");
      li.classList.remove("current");
    }
    const cur = list.querySelector(`li[data-k="${k}"]`);
    if (cur) {
      cur.setAttribute("aria-selected", "true");
      cur.classList.add("current");
      list.setAttribute("aria-activedescendant", cur.id);
      // Keep the current move in sight inside the list without scrolling the page.
      const top = cur.offsetTop; // the list is the offset parent (position: relative)
      if (top < list.scrollTop || top + cur.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = Math.max(0, top - (list.clientHeight - cur.offsetHeight) / 2);
      }
    }
  }

  let opened = null;
  function open() {
    opened ??= engine.call("open_replay", { text: JSON.stringify(record) });
    opened.then(() => performance.mark("vtv:opened"), () => {}); // for the embed timing tests
    return opened;
  }

  async function loadAt(j, again = true) {
    if (cache.has(j)) return cache.get(j);
    const r = await open();
    let snap;
    try {
      snap = await engine.call("replay_at", { replay: r.replay, move: j, viewer: seat ?? (r.finished ? "all" : null) });
    } catch (e) {
      // A shared engine that changed hands (web/embed/shared-engine.js) has forgotten the replay.
      if (!again || e.kind !== "bad-request" || !/no such replay/.test(e.message)) throw e;
      opened = null;
      return loadAt(j, false);
    }
    // …or the new engine gave that replay's name to another frame's record: open ours again.
    if (snap.game !== record.game) {
      if (!again) throw new Error(`the engine answered for ${snap.game}, not ${record.game}`);
      opened = null;
      return loadAt(j, false);
    }
    if (cache.size > KEEP) {
      for (const key of cache.keys()) {
        if (key !== n) {
          cache.delete(key);
          break;
        }
      }
    }
    cache.set(j, snap);
    return snap;
  }

  function draw(snap) {
    shown = snap;
    scores.replaceChildren(scoreSheet(snap, null));
    if (renderer) {
      try {
        renderer.update(snap, null);
        if (!fitted) fitWhole();
        return;
      } catch (e) {
        console.error("renderer failed; showing the position in words", e);
        try { renderer.destroy(); } catch (_) { /* already broken */ }
        renderer = null;
        noBoard = true;
      }
    }
    if (noBoard) {
      board.hidden = true;
      fallback.hidden = false;
      const entry = entryAt(snap.log, k);
      root.classList.add("vtv-words-only");
      fallback.replaceChildren(
        h("p.vtv-noboard", t("pg.replay.noRenderer")),
        h("p.vtv-last", entry ? `${k}. ${entrySentence(entry)}` : t("pg.replay.startItem")),
      );
      if (mode === "embed") fallback.append(scoreSheet(snap, null));
    }
  }

  async function goto(j, { quiet = false } = {}) {
    if (!alive) return;
    const next = clamp(j);
    const moved = next !== k;
    k = next;
    paintPosition();
    if (moved && onMove) onMove(k);
    const mine = ++token;
    root.setAttribute("aria-busy", "true");
    let snap;
    try {
      snap = await loadAt(k);
    } catch (e) {
      if (mine !== token || !alive) return;
      root.removeAttribute("aria-busy");
      caption.textContent = t("pg.replay.stepFailed", { msg: e.message || String(e) });
      return;
    }
    if (mine !== token || !alive) return;
    root.removeAttribute("aria-busy");
    draw(snap);
    if (!root.dataset.drawn) performance.mark("vtv:drawn");
    root.dataset.drawn = String(k);
    if (onDrawn) onDrawn(k);
    if (!full) paintPosition();
    if (!quiet) say(k > 0 ? t("pg.replay.atMove", { k, n, text: entrySentence(entryAt(snap.log, k)) }) : t("pg.replay.atStart"));
    // Stepping forward is the common case: have the next position ready.
    if (k < n && !cache.has(k + 1)) loadAt(k + 1).catch(() => {});
  }

  /**
   * Once the first position is drawn: show all of it (the board's own Fit, which may go below the
   * zoom a live table keeps for fingers), and take the zoom buttons off the board into the bar of
   * the step controls (an embed's bar under the board; on the page, beside the steps), so no piece
   * ever sits under them.
   */
  let fitted = false;
  let zoomBar = null;
  function fitWhole() {
    fitted = true;
    const bar = board.querySelector(".vt-controls");
    if (!bar) return;
    zoomBar = bar;
    bar.classList.add("vtv-zoom");
    (mode === "embed" ? root.querySelector(".vtv-bar") : controlBar).append(bar);
    requestAnimationFrame(() => {
      const fit = bar.querySelector("[data-control=fit]");
      if (fit && alive) fit.click();
    });
  }

  function onKey(e) {
    if (!plainKey(e)) return;
    const to = { ArrowLeft: k - 1, ArrowRight: k + 1, Home: 0, End: n }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    goto(to);
  }

  function setLang(lang) {
    paintLabels();
    buildList();
    paintPosition();
    if (renderer && typeof renderer.setLang === "function") {
      try { renderer.setLang(lang); } catch (e) { console.error(e); }
    }
    if (shown) draw(shown);
  }

  paintLabels();
  paintPosition();
  document.addEventListener("keydown", onKey);
  const offLang = onLangChange(setLang);

  // The position asked for comes first (the board is what a reader waits for); the renderer's
  // module loads meanwhile. The final position, for the move list and the captions, comes after.
  const ready = (async () => {
    const [create] = await Promise.all([loadRenderer(record.game, engine), loadAt(k)]);
    if (!alive) return;
    if (create) {
      try {
        renderer = create(board, { onIntent: () => {}, announce: () => {}, lang: getLang(), readOnly: true });
      } catch (e) {
        console.error("renderer could not start", e);
        renderer = null;
      }
    }
    noBoard = !renderer;
    await goto(k, { quiet: true });
    full = await loadAt(n);
    if (!alive) return;
    buildList();
    paintPosition();
  })();

  return {
    ready,
    goto,
    get move() { return k; },
    get total() { return n; },
    final: () => full,
    /** The board's renderer once `ready` (null when the game has none here). */
    get renderer() { return renderer; },
    /** The snapshot on show. */
    get shown() { return shown; },
    /** The step controls' bar and the caption line (a story puts its note beside them). */
    parts: { root, caption, controlBar },
    destroy() {
      alive = false;
      if (opened) opened.then((r) => engine.call("close", { replay: r.replay }), () => {}).catch(() => {});
      document.removeEventListener("keydown", onKey);
      offLang();
      if (zoomBar) zoomBar.remove();
      if (renderer) {
        try { renderer.destroy(); } catch (e) { console.error(e); }
      }
      renderer = null;
    },
  };
}
