// A story's marks on a board (docs/story.md): spots on places and arrows between them, drawn on a
// canvas of their own over the board's viewport, so every game shows them the same way and no
// renderer draws them. A renderer only names its places: `places()` → [{id, x, y, label}] in world
// units (a cell, a town, a hex…), and lends its `viewport`.
//
//   const marks = createMarks(renderer)      null when the board has no places (no viewport)
//   marks.set([{at}, {from, to}, …])          what to draw (place ids); unknown places are left out
//   marks.placeAt(clientX, clientY)           the nearest place to a point of the page, or null
//   marks.place(id)                           {id, x, y, label} or null
//   marks.placesNow()                         every place, in the order of their words
//   marks.paint(ctx, scale)                   draw them on another canvas (a picture, a video frame)
//   marks.destroy()

import "./strings/story.js"; // the places' words of every board (story.hm.*, story.ew.*, story.wf.*)

export const MARK_COLOUR = "#d9480f";
const OUTLINE = "#fff8ee";

export function createMarks(renderer) {
  const vp = renderer && renderer.viewport;
  if (!vp || typeof renderer.places !== "function") return null;
  const canvas = document.createElement("canvas");
  canvas.className = "vt-story-marks";
  canvas.setAttribute("aria-hidden", "true");
  canvas.style.cssText = "position:absolute;left:0;top:0;pointer-events:none;z-index:1";
  vp.element.append(canvas);
  let list = [];
  let frame = 0;

  const byId = () => new Map(renderer.places().map((p) => [p.id, p]));

  /** A mark's size on screen: under half the distance between the two closest places, within bounds. */
  function radius(places) {
    let near = Infinity;
    const pts = places.slice(0, 400).map((p) => vp.worldToScreen(p.x, p.y));
    for (let i = 0; i < pts.length; i++) {
      for (let j = i + 1; j < pts.length; j++) {
        const d = Math.hypot(pts[i].x - pts[j].x, pts[i].y - pts[j].y);
        if (d > 1 && d < near) near = d;
      }
    }
    return Math.max(10, Math.min(34, Number.isFinite(near) ? near * 0.42 : 20));
  }

  function paint(ctx, scale = 1) {
    if (!list.length) return;
    const places = byId();
    const r = radius([...places.values()]);
    ctx.save();
    ctx.scale(scale, scale);
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    for (const m of list) {
      if (m.at !== undefined) {
        const p = places.get(m.at);
        if (!p) continue;
        const s = vp.worldToScreen(p.x, p.y);
        ring(ctx, s.x, s.y, r);
      } else {
        const a = places.get(m.from);
        const b = places.get(m.to);
        if (!a || !b || a === b) continue;
        arrow(ctx, vp.worldToScreen(a.x, a.y), vp.worldToScreen(b.x, b.y), r);
      }
    }
    ctx.restore();
  }

  function redraw() {
    frame = 0;
    const w = vp.element.clientWidth;
    const h = vp.element.clientHeight;
    const dpr = window.devicePixelRatio || 1;
    if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(h * dpr)) {
      canvas.width = Math.round(w * dpr);
      canvas.height = Math.round(h * dpr);
      canvas.style.width = `${w}px`;
      canvas.style.height = `${h}px`;
    }
    const ctx = canvas.getContext("2d");
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    paint(ctx, dpr);
  }
  const schedule = () => { if (!frame) frame = requestAnimationFrame(redraw); };
  const off = vp.onChange(schedule);

  return {
    set(next) {
      list = Array.isArray(next) ? next.slice() : [];
      canvas.dataset.marks = String(list.length);
      schedule();
    },
    placeAt(clientX, clientY) {
      const box = vp.element.getBoundingClientRect();
      const x = clientX - box.left;
      const y = clientY - box.top;
      const all = renderer.places();
      let best = null;
      let dist = Infinity;
      for (const p of all) {
        const s = vp.worldToScreen(p.x, p.y);
        const d = Math.hypot(s.x - x, s.y - y);
        if (d < dist) { dist = d; best = p; }
      }
      // A tap far from every place marks nothing.
      return best && dist <= Math.max(24, radius(all) * 1.6) ? best : null;
    },
    place(id) { return byId().get(id) || null; },
    /** Every place now, by its words (what a list to pick from shows). */
    placesNow() { return renderer.places().slice().sort((a, b) => a.label.localeCompare(b.label, undefined, { numeric: true })); },
    paint,
    /** The overlay canvas itself (the board's size, device pixels). */
    get canvas() { return canvas; },
    redraw,
    destroy() {
      off();
      if (frame) cancelAnimationFrame(frame);
      canvas.remove();
    },
  };
}

function ring(ctx, x, y, r) {
  for (const [w, c] of [[9, OUTLINE], [5, MARK_COLOUR]]) {
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.lineWidth = w;
    ctx.strokeStyle = c;
    ctx.stroke();
  }
}

function arrow(ctx, a, b, r) {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len = Math.hypot(dx, dy);
  if (len < 1) return;
  const ux = dx / len;
  const uy = dy / len;
  // From the edge of the first place to just short of the second, so both stay readable.
  const sx = a.x + ux * r * 0.6;
  const sy = a.y + uy * r * 0.6;
  const ex = b.x - ux * r * 0.5;
  const ey = b.y - uy * r * 0.5;
  const head = Math.max(14, r * 0.9);
  const bx = ex - ux * head;
  const by = ey - uy * head;
  const px = -uy * head * 0.6;
  const py = ux * head * 0.6;
  for (const [w, c] of [[12, OUTLINE], [7, MARK_COLOUR]]) {
    ctx.beginPath();
    ctx.moveTo(sx, sy);
    ctx.lineTo(bx, by);
    ctx.lineWidth = w;
    ctx.strokeStyle = c;
    ctx.stroke();
    ctx.beginPath();
    ctx.moveTo(ex, ey);
    ctx.lineTo(bx + px, by + py);
    ctx.lineTo(bx - px, by - py);
    ctx.closePath();
    ctx.lineWidth = w - 5;
    ctx.strokeStyle = c;
    ctx.fillStyle = MARK_COLOUR;
    ctx.stroke();
    ctx.fill();
  }
}
