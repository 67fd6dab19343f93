// A story on show (docs/story.md): the replay viewer at the story's move, from its seat, with the
// note of the move on show (words, and its spots and arrows drawn over the board by web/lib/marks.js),
// every note in a list, and the review that came with it on its chart. The Story page (which adds
// writing, sharing, the seal and pictures) and embed.html (read-only) both show a story with it.
//
// createStoryView(host, {engine, story, mode: "page"|"embed", controls, editing, onEdit(story), onMove(k)})
//   → {ready, viewer, marks, story, goto(k), setEditing(on), setSeat(seat), repaint(), destroy()}
// `story` is changed in place by the writing controls; onEdit(story) follows each change.

import { t, words, onLangChange } from "../lib/i18n.js";
import { h } from "../lib/dom.js";
import { announce } from "../lib/announce.js";
import { createMarks } from "../lib/marks.js";
import { LIMITS } from "../lib/story.js";
import { seatText } from "../lib/util.js";
import { createViewer, entryAt } from "./viewer.js";
import { createChart } from "./chart.js";

export function createStoryView(host, opts) {
  const { engine, story, mode = "page", controls = true, onEdit = () => {}, onMove = () => {} } = opts;
  let editing = Boolean(opts.editing);
  let viewer = null;
  let marks = null;
  let alive = true;
  let judged = [];           // the shared review, dressed by the engine (words, marks)
  let arrowFrom = null;      // a tap-drawn arrow's first place
  let tapping = null;        // "spot" | "arrow" | null: the next tap on the board marks
  const names = story.record.seats.map((s, i) => seatText(s, i));

  const viewerHost = h("div.st-viewer");
  const noteBox = h("section.st-note", { "aria-live": "polite" });
  const chartBox = h("section.vtv-panel.st-chart", { hidden: true });
  const chartLine = h("p.st-chart-line");
  const chartTitle = h("h2.vtv-heading");
  const chartWho = h("p.st-chart-who");
  const chart = createChart({
    steps: story.record.actions.length,
    onPick: (i) => { if (judged[i]) goto(judged[i].step + 1); },
    describe: (i) => judgedWords(judged[i]),
  });
  chartBox.append(chartTitle, chartWho, chart.el, chartLine);
  const listBox = h("section.vtv-panel.st-notes");
  const tapLayer = h("div.st-tap", {
    hidden: true,
    // The board's viewport would take the pointer for a pan (and keep its release): a tap here marks.
    onpointerdown: (e) => e.stopPropagation(),
    onpointerup: (e) => {
      if (!marks || !tapping) return;
      const p = marks.placeAt(e.clientX, e.clientY);
      if (!p) return;
      if (tapping === "spot") addMark({ at: p.id });
      else if (!arrowFrom) { arrowFrom = p.id; marks.set([...current().marks, { at: p.id }]); paintNote(); }
      else { const from = arrowFrom; arrowFrom = null; if (from !== p.id) addMark({ from, to: p.id }); else paintNote(); }
    },
  });
  host.replaceChildren(h(`div.st.st-${mode}`, viewerHost, mode === "page" ? null : noteBox));

  const noteAt = (k) => story.notes.find((n) => n.move === k) || null;
  const current = () => noteAt(viewer ? viewer.move : story.move) || { move: viewer ? viewer.move : story.move, text: "", marks: [] };

  /** Put `note` in its place (notes stay in move order); an empty one is removed. */
  function keep(note) {
    const rest = story.notes.filter((n) => n.move !== note.move);
    if (note.text.trim() || note.marks.length) rest.push(note);
    rest.sort((a, b) => a.move - b.move);
    story.notes.splice(0, story.notes.length, ...rest);
    onEdit(story);
    paintList();
    drawMarks();
  }

  function addMark(m) {
    const note = current();
    if (note.marks.length >= LIMITS.marks) {
      announce(t("story.tooManyMarks", { most: LIMITS.marks }));
      return;
    }
    keep({ ...note, marks: [...note.marks, m] });
    announce(t("story.marked", { what: markWords(m) }));
    paintNote();
  }

  function placeName(id) {
    const p = marks && marks.place(id);
    return p ? p.label : id;
  }
  function markWords(m) {
    return m.at !== undefined ? t("story.spot", { at: placeName(m.at) }) : t("story.arrow", { from: placeName(m.from), to: placeName(m.to) });
  }
  function moveWords(k) {
    const log = viewer && (viewer.final() || viewer.shown);
    const entry = log ? entryAt(log.log, k) : null;
    return entry ? `${k}. ${names[entry.seat] ?? ""}: ${words(entry.words) || entry.action}` : t("pg.replay.startItem");
  }
  function judgedWords(m) {
    if (!m) return "";
    if (m.best === m.played) return t("rv.sayBest", { n: m.step + 1, who: names[m.seat], played: words(m.played_words) });
    return t("rv.sayMove", { n: m.step + 1, who: names[m.seat], played: words(m.played_words), best: words(m.best_words),
      loss: `${Math.round(m.loss * 100)}%`, mark: m.mark ? ` (${t(`rv.mark.${m.mark}`)})` : "" });
  }

  function drawMarks() {
    if (!marks) return;
    const note = noteAt(viewer.move);
    marks.set(note ? note.marks : []);
    const board = viewerHost.querySelector(".vtv-board");
    if (board) board.dataset.marks = JSON.stringify(note ? note.marks : []);
  }

  function paintNote() {
    const k = viewer ? viewer.move : story.move;
    const note = current();
    const head = h("h2.vtv-heading", k ? t("story.noteOn", { k }) : t("story.noteStart"));
    const markList = h("ul.st-marks", note.marks.map((m, i) => h("li", { dataset: { mark: String(i) } }, markWords(m),
      editing ? [" ", h("button.button.small", { type: "button", dataset: { act: "unmark" },
        onclick: () => { keep({ ...current(), marks: current().marks.filter((_, j) => j !== i) }); paintNote(); },
        "aria-label": t("story.unmarkOne", { what: markWords(m) }) }, t("story.unmark"))] : null)));
    if (!editing) {
      noteBox.replaceChildren(head, note.text ? h("p.st-text", note.text) : h("p.st-empty", t("story.noNote")),
        note.marks.length ? markList : null);
      noteBox.dataset.move = String(k);
      return;
    }
    const text = h("textarea.st-input", {
      rows: "3", maxlength: String(LIMITS.text), "aria-label": t("story.noteLabel"), value: note.text,
      oninput: (e) => keep({ ...current(), text: e.target.value.slice(0, LIMITS.text) }),
    });
    text.value = note.text;
    const places = marks ? marks.placesNow() : [];
    const choose = (act) => h("select.st-place", { dataset: { act }, "aria-label": t(`story.${act}Label`) },
      places.map((p) => h("option", { value: p.id }, p.label)));
    const spotSel = choose("spotAt");
    const fromSel = choose("arrowFrom");
    const toSel = choose("arrowTo");
    const tapBtn = (kind) => h("button.button.small", {
      type: "button", dataset: { act: `tap-${kind}` }, "aria-pressed": tapping === kind ? "true" : "false",
      onclick: () => setTapping(tapping === kind ? null : kind),
    }, t(`story.tap.${kind}`));
    noteBox.replaceChildren(head,
      h("label.pg-block", h("span.visually-hidden", t("story.noteLabel")), text),
      h("p.st-tools", tapBtn("spot"), " ", tapBtn("arrow"), tapping ? h("span.st-tapping", t(`story.tapping.${tapping}`, { from: arrowFrom ? placeName(arrowFrom) : "" })) : null),
      places.length ? h("div.st-pick",
        h("span.st-pick-row", spotSel, h("button.button.small", { type: "button", dataset: { act: "spot" }, onclick: () => addMark({ at: spotSel.value }) }, t("story.addSpot"))),
        h("span.st-pick-row", fromSel, h("span", "→"), toSel, h("button.button.small", { type: "button", dataset: { act: "arrow" },
          onclick: () => fromSel.value !== toSel.value && addMark({ from: fromSel.value, to: toSel.value }) }, t("story.addArrow")))) : null,
      note.marks.length ? markList : null);
    noteBox.dataset.move = String(k);
  }

  function setTapping(kind) {
    tapping = kind;
    arrowFrom = null;
    tapLayer.hidden = !kind;
    drawMarks();
    paintNote();
  }

  function paintList() {
    listBox.replaceChildren(h("h2.vtv-heading", t("story.notes")),
      story.notes.length ? h("ol.st-list", story.notes.map((n) => h("li", { dataset: { move: String(n.move) } },
        h("button.st-go", { type: "button", onclick: () => goto(n.move) }, moveWords(n.move)),
        n.text ? h("span.st-list-text", n.text.length > 140 ? `${n.text.slice(0, 140)}…` : n.text) : null,
        n.marks.length ? h("span.badge", t("story.marksN", { n: n.marks.length })) : null)))
        : h("p.st-empty", t("story.noNotes")));
  }

  function paintChart() {
    chartBox.hidden = !judged.length;
    if (!judged.length) return;
    chartTitle.textContent = t("story.reviewTitle");
    chartWho.textContent = t("story.reviewWho", { engine: story.review.engine });
    const k = viewer ? viewer.move : story.move;
    const sel = judged.findIndex((m) => m.step === k - 1);
    const colours = viewer && viewer.renderer && viewer.renderer.seatColours ? viewer.renderer.seatColours() : null;
    chart.paint(judged, sel, colours, names);
    chartLine.textContent = sel >= 0 ? judgedWords(judged[sel]) : t("story.reviewPick");
  }

  function goto(k) {
    if (viewer) viewer.goto(k);
  }

  function build() {
    if (viewer) viewer.destroy();
    if (marks) { marks.destroy(); marks = null; }
    viewer = createViewer(viewerHost, {
      engine, record: story.record, move: viewer ? viewer.move : story.move, seat: story.seat, mode, controls,
      onMove: (k) => { arrowFrom = null; paintNote(); paintChart(); onMove(k); },
      onDrawn: () => { drawMarks(); },
    });
    const side = viewerHost.querySelector(".vtv-side");
    if (side) side.prepend(noteBox, chartBox, listBox);
    else host.firstChild.append(chartBox);
    return viewer.ready.then(() => {
      if (!alive) return;
      marks = createMarks(viewer.renderer);
      if (marks) (viewer.renderer.viewport.element).append(tapLayer);
      drawMarks();
      paintNote();
      paintList();
      paintChart();
    });
  }

  const ready = (async () => {
    await build();
    if (story.review && story.review.moves.length) {
      const got = await engine.call("review_shared", { text: JSON.stringify(story.record), judged: story.review.moves });
      if (!alive) return;
      judged = got.moves;
      paintChart();
    }
  })();

  const offLang = onLangChange(() => { paintNote(); paintList(); paintChart(); drawMarks(); });
  paintNote();

  return {
    ready,
    get viewer() { return viewer; },
    get marks() { return marks; },
    get judged() { return judged; },
    story,
    goto,
    setEditing(on) { editing = on; if (!on) setTapping(null); paintNote(); },
    async setSeat(seat) { story.seat = seat; story.move = viewer ? viewer.move : story.move; onEdit(story); await build(); },
    repaint() { paintNote(); paintList(); paintChart(); drawMarks(); },
    destroy() {
      alive = false;
      offLang();
      chart.destroy();
      if (marks) marks.destroy();
      if (viewer) viewer.destroy();
    },
  };
}

