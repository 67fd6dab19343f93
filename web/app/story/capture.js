// A story's pictures (docs/story.md, *Pictures and video*): the board as it is drawn on the page (the
// game's canvas with its last-move marks, the note's spots and arrows over it), between a band with
// the game, the move in words and a band with the seats' names in their colours and the note. A PNG
// of one position; a WebM of a stretch of moves from the same frames, recorded by the browser's own
// MediaRecorder from a canvas stream, each frame requested when it is drawn.

import { t, words } from "../../lib/i18n.js";
import { gameName } from "../../lib/util.js";
import { entryAt } from "../../embed/viewer.js";

/** The widest frame (CSS px of the board times the device's pixel ratio are scaled down to it). */
const MAX_W = 1280;
/** A video's pace (docs/story.md): a stretch aims at `aim` ms in all, each move held from `least` to
 * `most` ms, the last one `end` ms more. */
const PACE = Object.freeze({ aim: 6000, least: 60, most: 700, end: 1000 });
const INK = "#2b1d10";
const PAPER = "#f7f1e3";

function frameSize(board) {
  const scale = Math.min(1, MAX_W / Math.max(1, board.width));
  const w = Math.round(board.width * scale / 2) * 2;
  const unit = Math.max(1, Math.round(w / 640 * 10) / 10);
  const top = Math.round(52 * unit / 2) * 2;
  const foot = Math.round(64 * unit / 2) * 2;
  const boardH = Math.round(board.height * scale / 2) * 2;
  return { w, h: top + boardH + foot, top, foot, boardH, unit };
}

function ellipsis(ctx, text, max) {
  if (ctx.measureText(text).width <= max) return text;
  let s = text;
  while (s.length > 1 && ctx.measureText(`${s}…`).width > max) s = s.slice(0, -1);
  return `${s}…`;
}

/** Draw the story's position now on show onto `ctx` (a canvas of frameSize's size). */
function compose(ctx, view, names, size) {
  const viewer = view.viewer;
  const r = viewer.renderer;
  const board = r.viewport.canvas;
  const { w, h, top, foot, boardH, unit } = size;
  const k = viewer.move;
  const snap = viewer.shown;
  const entry = snap ? entryAt((viewer.final() || snap).log, k) : null;
  ctx.fillStyle = PAPER;
  ctx.fillRect(0, 0, w, h);
  ctx.drawImage(board, 0, top, w, boardH);
  if (view.marks) {
    view.marks.redraw();
    ctx.drawImage(view.marks.canvas, 0, top, w, boardH);
  }
  const pad = 12 * unit;
  ctx.fillStyle = INK;
  ctx.textBaseline = "middle";
  ctx.font = `600 ${16 * unit}px system-ui, sans-serif`;
  const title = `${gameName(view.story.record.game)} · ${t("pg.replay.counter", { k, n: viewer.total })}`;
  ctx.fillText(ellipsis(ctx, title, w - 2 * pad), pad, top * 0.32);
  ctx.font = `${14 * unit}px system-ui, sans-serif`;
  const said = entry ? `${names[entry.seat] ?? ""}: ${words(entry.words) || entry.action}` : t("pg.replay.startItem");
  ctx.fillText(ellipsis(ctx, said, w - 2 * pad), pad, top * 0.74);
  // The seats, each in its board colour; then the note of this move.
  const colours = typeof r.seatColours === "function" ? r.seatColours() || [] : [];
  let x = pad;
  const y1 = top + boardH + foot * 0.3;
  ctx.font = `${13 * unit}px system-ui, sans-serif`;
  names.forEach((name, i) => {
    if (x > w - 40 * unit) return;
    ctx.fillStyle = colours[i] || INK;
    ctx.beginPath();
    ctx.arc(x + 6 * unit, y1, 6 * unit, 0, Math.PI * 2);
    ctx.fill();
    ctx.strokeStyle = INK;
    ctx.lineWidth = unit;
    ctx.stroke();
    ctx.fillStyle = INK;
    const text = ellipsis(ctx, name, w / Math.max(2, names.length) - 24 * unit);
    ctx.fillText(text, x + 16 * unit, y1);
    x += 16 * unit + ctx.measureText(text).width + 18 * unit;
  });
  const note = view.story.notes.find((n) => n.move === k);
  if (note && note.text) {
    ctx.font = `italic ${13 * unit}px system-ui, sans-serif`;
    ctx.fillText(ellipsis(ctx, note.text.replace(/\s+/g, " "), w - 2 * pad), pad, top + boardH + foot * 0.72);
  }
}

/** The board's own glide of the last move, ended at once (a frame shows where pieces went). */
function settle(view) {
  for (const el of view.viewer.parts.root.querySelectorAll("[data-moving]")) {
    if (el.__glide) el.__glide.cancel();
  }
}

const frame = () => new Promise((ok) => requestAnimationFrame(() => ok()));

async function drawn(view, k) {
  await view.viewer.goto(k, { quiet: true });
  settle(view);
  await frame();
}

/** A PNG (Blob) of the position on show. */
export async function capturePicture(view, names) {
  if (!view.viewer || !view.viewer.renderer) throw new Error(t("story.noBoard"));
  settle(view);
  await frame();
  const size = frameSize(view.viewer.renderer.viewport.canvas);
  const canvas = document.createElement("canvas");
  canvas.width = size.w;
  canvas.height = size.h;
  compose(canvas.getContext("2d"), view, names, size);
  return new Promise((ok, no) => canvas.toBlob((b) => (b ? ok(b) : no(new Error("no picture"))), "image/png"));
}

/**
 * A WebM (Blob) of the moves from `from` to `to` (positions after `from` … `to` moves), each held
 * for the same time (a long stretch quicker), the last one longer. Resolves {blob, ms, frames,
 * width, height}; the page is back at the move it was on afterwards.
 */
export async function captureVideo(view, names, { from, to, onStep = () => {} }) {
  const viewer = view.viewer;
  if (!viewer || !viewer.renderer) throw new Error(t("story.noBoard"));
  if (typeof MediaRecorder !== "function") throw new Error(t("story.noRecorder"));
  const back = viewer.move;
  const started = performance.now();
  await drawn(view, from);
  const size = frameSize(viewer.renderer.viewport.canvas);
  const canvas = document.createElement("canvas");
  canvas.width = size.w;
  canvas.height = size.h;
  const ctx = canvas.getContext("2d");
  compose(ctx, view, names, size);
  const stream = canvas.captureStream(0);
  const track = stream.getVideoTracks()[0];
  const type = ["video/webm;codecs=vp9", "video/webm;codecs=vp8", "video/webm"].find((m) => MediaRecorder.isTypeSupported(m));
  if (!type) throw new Error(t("story.noRecorder"));
  const recorder = new MediaRecorder(stream, { mimeType: type, videoBitsPerSecond: 2_500_000 });
  const chunks = [];
  recorder.ondataavailable = (e) => { if (e.data && e.data.size) chunks.push(e.data); };
  const stopped = new Promise((ok) => { recorder.onstop = ok; });
  recorder.start();
  const hold = Math.max(PACE.least, Math.min(PACE.most, PACE.aim / Math.max(1, to - from)));
  let frames = 0;
  const shot = () => { compose(ctx, view, names, size); track.requestFrame(); frames++; };
  try {
    shot();
    let due = performance.now() + hold;
    for (let k = from + 1; k <= to; k++) {
      await drawn(view, k);
      const wait = due - performance.now();
      if (wait > 0) await new Promise((ok) => setTimeout(ok, wait));
      shot();
      due = performance.now() + hold;
      onStep(k);
    }
    await new Promise((ok) => setTimeout(ok, PACE.end));
    shot();
  } finally {
    recorder.stop();
    track.stop();
  }
  await stopped;
  viewer.goto(back, { quiet: true });
  return { blob: new Blob(chunks, { type: "video/webm" }), ms: performance.now() - started, frames, width: size.w, height: size.h };
}
