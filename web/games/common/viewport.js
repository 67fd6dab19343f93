// The board viewport every game's canvas uses: a DPR-aware canvas that fills its host,
// pan by dragging (one finger or the mouse), pinch and wheel zoom, "Fit" to content,
// and taps turned into world coordinates. It knows nothing about any game.
//
// API
// ---
//   const vp = createViewport(host, {
//     drawWorld(ctx, vp),     // draw in world units (ctx already scaled/translated)
//     drawScreen(ctx, vp),    // optional: draw in CSS pixels on top (badges, tooltips)
//     onTap(world, screen, ev),   // a press that did not move: world {x,y}, screen {x,y} (CSS px in host)
//     onHover(world|null, screen, ev), // mouse moves without buttons (null when it leaves)
//     minScale, maxScale,     // px per world unit (default 4 .. 400)
//     fitPadding,             // CSS px kept free around the content on Fit (default 16)
//     fitInsets,              // optional {top, right, bottom, left} CSS px added to fitPadding
//                             // (room for a hint line or the zoom buttons)
//     fitMinScale, fitMaxScale, // clamp the automatic view's scale (e.g. keep touch targets >= 40 px)
//     fitAllMinScale,         // the smallest scale vp.fit() (the "Fit" button) may use so the whole
//                             // content shows (default fitMinScale); until the next pan or zoom the
//                             // view then keeps showing all of it
//     label,                  // accessible name of the board region
//   });
//   vp.element            the wrapper <div> (position:relative; holds canvas, overlay, controls)
//   vp.canvas, vp.overlay the <canvas> and an absolutely positioned layer for focusable items
//   vp.setBounds({minX,minY,maxX,maxY})  the content's world box; Fit shows it. While the
//                         person has not panned or zoomed, the view follows the content.
//   vp.fit()              show the whole content (also what the "Fit" button does)
//   vp.setInsets({top, right, bottom, left})  change fitInsets (what lies over the board moved or
//                         changed size); the view refits when it follows the content
//   vp.following / vp.fitAll   whether the view follows the content / shows all of it
//   vp.zoomBy(f, sx, sy)  zoom by factor f around a screen point (default: the centre)
//   vp.panBy(dx, dy)      move the view by CSS px
//   vp.reveal({minX,minY,maxX,maxY})  pan the least needed to bring a world box into view
//                         (centred when it is bigger than the view); keeps the zoom
//   vp.worldToScreen(x,y) / vp.screenToWorld(x,y)   CSS px relative to the wrapper
//   vp.worldToPage(x,y)   page (viewport) coordinates, for tests that tap the canvas
//   vp.scale              px per world unit now
//   vp.redraw()           schedule a frame (coalesced with requestAnimationFrame)
//   vp.onChange(fn)       called after every pan/zoom/resize; returns an unsubscribe
//   vp.addControls({fit, zoomIn, zoomOut})  small toolbar; values are button labels;
//                         returns {setLabels({fit, zoomIn, zoomOut})}
//   vp.destroy()
//
//   const layer = createFocusLayer(vp, {onActivate(id, ev), onKey(id, ev) -> handled?,
//                                       onFocus(id|null)})
//   Real <button>s positioned over the canvas so Tab, Enter and screen readers work; they
//   ignore the pointer (the canvas gets every touch and click, so dragging over a tile still pans).
//   layer.setItems([{id, x, y, size, label, className, data:{...}}])  world centre and diameter;
//                         buttons are kept by id, so focus survives an update; DOM order = Tab order.
//   layer.focus(id) · layer.focusedId() · layer.element(id) · layer.ids()
//   A focused item shows a CSS outline ring (class "vt-focus-item"); the game may draw more.
//
//   Helpers: nearestItem(items, x, y, maxDist), pointInPolygon(pts, x, y),
//            arrowStep(items, fromId, key) -> id   (Left/Right: reading order;
//            Up/Down: nearest item in the row above/below; wraps).

import { addStyleOnce } from "../../lib/style.js";

const STYLE_ID = "vt-viewport-style";
const CSS = `
.vt-viewport{position:relative;overflow:hidden;touch-action:none;user-select:none;-webkit-user-select:none;
  min-height:200px;width:100%;height:100%;outline:none;cursor:grab}
.vt-viewport.vt-dragging{cursor:grabbing}
.vt-viewport>canvas{position:absolute;left:0;top:0;display:block}
.vt-viewport .vt-overlay{position:absolute;inset:0;pointer-events:none}
.vt-focus-item{position:absolute;margin:0;padding:0;border:0;background:transparent;border-radius:50%;
  pointer-events:none;color:transparent;font-size:1px;overflow:hidden}
.vt-focus-item:focus{outline:none}
.vt-focus-item:focus-visible,.vt-focus-item.vt-kbd-focus{outline:3px solid #ffd34d;outline-offset:2px;
  box-shadow:0 0 0 6px rgba(20,20,30,.55)}
.vt-controls{position:absolute;right:8px;bottom:8px;display:flex;gap:6px;z-index:2}
.vt-controls button{min-width:44px;min-height:44px;padding:0 12px;border-radius:10px;border:1px solid rgba(0,0,0,.35);
  background:rgba(255,250,240,.92);color:#2b1d10;font:600 15px/1 system-ui,sans-serif;cursor:pointer;
  box-shadow:0 1px 3px rgba(0,0,0,.25)}
.vt-controls button:focus-visible{outline:3px solid #ffd34d;outline-offset:2px}
`;

function injectStyle() {
  addStyleOnce(STYLE_ID, CSS);
}

export function createViewport(host, opts = {}) {
  injectStyle();
  const o = {
    minScale: 4, maxScale: 400, fitPadding: 16, fitMinScale: 0, fitMaxScale: Infinity, ...opts,
  };
  const inset = { top: 0, right: 0, bottom: 0, left: 0, ...(opts.fitInsets || {}) };
  const el = document.createElement("div");
  el.className = "vt-viewport";
  el.setAttribute("role", "group");
  if (o.label) el.setAttribute("aria-label", o.label);
  const canvas = document.createElement("canvas");
  canvas.setAttribute("aria-hidden", "true");
  const overlay = document.createElement("div");
  overlay.className = "vt-overlay";
  el.append(canvas, overlay);
  host.append(el);
  const ctx = canvas.getContext("2d");

  let w = 0, h = 0, dpr = 1;
  let scale = 40, ox = 0, oy = 0;
  let bounds = null;
  let follow = true;          // the view follows the content until the person pans or zooms
  let fitAll = false;         // "Fit" was asked for: show everything, even below fitMinScale
  let frame = 0;
  let destroyed = false;
  const changeFns = new Set();

  const vp = {
    element: el, canvas, overlay,
    get scale() { return scale; },
    get width() { return w; },
    get height() { return h; },
    get following() { return follow; },
    get fitAll() { return follow && fitAll; },
    setBounds, setInsets, fit, zoomBy, panBy, reveal, worldToScreen, screenToWorld, worldToPage, redraw,
    onChange(fn) { changeFns.add(fn); return () => changeFns.delete(fn); },
    addControls, destroy,
  };

  function worldToScreen(x, y) { return { x: x * scale + ox, y: y * scale + oy }; }
  function screenToWorld(x, y) { return { x: (x - ox) / scale, y: (y - oy) / scale }; }
  function worldToPage(x, y) {
    const r = el.getBoundingClientRect();
    const s = worldToScreen(x, y);
    return { x: r.left + s.x, y: r.top + s.y };
  }

  function changed() {
    redraw();
    for (const fn of [...changeFns]) fn(vp);
  }

  function redraw() {
    if (frame || destroyed) return;
    frame = requestAnimationFrame(paint);
  }

  function paint() {
    frame = 0;
    if (destroyed || !w || !h) return;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.setTransform(dpr * scale, 0, 0, dpr * scale, dpr * ox, dpr * oy);
    if (o.drawWorld) o.drawWorld(ctx, vp);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    if (o.drawScreen) o.drawScreen(ctx, vp);
  }

  function clamp(s) { return Math.min(o.maxScale, Math.max(o.minScale, s)); }

  function setBounds(b) {
    const first = !bounds;
    bounds = b ? { ...b } : null;
    if (follow || first) fitNow(); else changed();
  }

  function setInsets(next) {
    let moved = false;
    for (const side of ["top", "right", "bottom", "left"]) {
      if (next[side] === undefined || next[side] === inset[side]) continue;
      inset[side] = next[side];
      moved = true;
    }
    if (moved && follow) fitNow();
  }

  function fitNow() {
    if (!w || !h) return;
    const b = bounds || { minX: -1, minY: -1, maxX: 1, maxY: 1 };
    const bw = Math.max(b.maxX - b.minX, 1e-6), bh = Math.max(b.maxY - b.minY, 1e-6);
    const pad = o.fitPadding;
    const left = pad + inset.left, right = pad + inset.right, top = pad + inset.top, bottom = pad + inset.bottom;
    const aw = Math.max(40, w - left - right), ah = Math.max(40, h - top - bottom);
    let s = Math.min(aw / bw, ah / bh);
    const floor = fitAll ? (o.fitAllMinScale ?? o.fitMinScale) : o.fitMinScale;
    s = Math.min(o.fitMaxScale, Math.max(floor, s));
    scale = clamp(s);
    // Centre in the free area; content larger than it (at the minimum fit scale) stays centred too.
    ox = left + aw / 2 - ((b.minX + b.maxX) / 2) * scale;
    oy = top + ah / 2 - ((b.minY + b.maxY) / 2) * scale;
    changed();
  }

  function fit() {
    follow = true;
    fitAll = true;
    fitNow();
  }

  function zoomBy(f, sx = w / 2, sy = h / 2) {
    const ns = clamp(scale * f);
    if (ns === scale) return;
    const wx = (sx - ox) / scale, wy = (sy - oy) / scale;
    scale = ns;
    ox = sx - wx * scale;
    oy = sy - wy * scale;
    follow = false;
    fitAll = false;
    changed();
  }

  function panBy(dx, dy) {
    if (!dx && !dy) return;
    ox += dx;
    oy += dy;
    follow = false;
    fitAll = false;
    changed();
  }

  function reveal(b) {
    if (!w || !h) return;
    const pad = o.fitPadding;
    const area = { left: pad + inset.left, right: w - pad - inset.right, top: pad + inset.top, bottom: h - pad - inset.bottom };
    const { dx, dy } = revealShift(b, area, worldToScreen);
    if (!dx && !dy) return;
    ox += dx;
    oy += dy;
    changed();
  }

  // --- size ---------------------------------------------------------------------
  const ro = new ResizeObserver(() => resize());
  ro.observe(el);
  function resize() {
    const r = el.getBoundingClientRect();
    const nw = Math.round(r.width), nh = Math.round(r.height);
    const nd = window.devicePixelRatio || 1;
    if (nw === w && nh === h && nd === dpr) return;
    // Keep the same world point in the centre when the host changes size.
    const centre = w && h ? screenToWorld(w / 2, h / 2) : null;
    w = nw; h = nh; dpr = nd;
    canvas.width = Math.max(1, Math.round(w * dpr));
    canvas.height = Math.max(1, Math.round(h * dpr));
    canvas.style.width = `${w}px`;
    canvas.style.height = `${h}px`;
    if (follow || !centre) fitNow();
    else {
      ox = w / 2 - centre.x * scale;
      oy = h / 2 - centre.y * scale;
      changed();
    }
  }
  // DPR changes (moving the window to another screen, browser zoom) do not resize the element.
  let mql = null;
  function watchDpr() {
    if (mql) mql.removeEventListener("change", onDpr);
    mql = window.matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
    mql.addEventListener("change", onDpr);
  }
  function onDpr() { resize(); watchDpr(); }
  watchDpr();

  // --- pointers -----------------------------------------------------------------
  const pointers = new Map();   // id -> {x, y, sx, sy, type}
  let dragging = false;
  let pinch = null;             // {dist, mx, my}
  let tapCandidate = null;      // the pointer id that may still become a tap

  function local(ev) {
    const r = el.getBoundingClientRect();
    return { x: ev.clientX - r.left, y: ev.clientY - r.top };
  }

  function onDown(ev) {
    if (ev.button !== undefined && ev.button > 0 && ev.pointerType === "mouse") return;
    if (ev.target.closest && ev.target.closest(".vt-controls")) return;
    const p = local(ev);
    pointers.set(ev.pointerId, { x: p.x, y: p.y, sx: p.x, sy: p.y, type: ev.pointerType });
    try { el.setPointerCapture(ev.pointerId); } catch (_) { /* synthetic events */ }
    if (pointers.size === 1) {
      tapCandidate = ev.pointerId;
      dragging = false;
    } else {
      tapCandidate = null;
      startPinch();
    }
  }

  function startPinch() {
    const [a, b] = [...pointers.values()];
    pinch = { dist: Math.hypot(a.x - b.x, a.y - b.y) || 1, mx: (a.x + b.x) / 2, my: (a.y + b.y) / 2 };
  }

  function onMove(ev) {
    const p = local(ev);
    const ptr = pointers.get(ev.pointerId);
    if (!ptr) {
      if (ev.pointerType === "mouse" && o.onHover) o.onHover(screenToWorld(p.x, p.y), p, ev);
      return;
    }
    const dx = p.x - ptr.x, dy = p.y - ptr.y;
    ptr.x = p.x; ptr.y = p.y;
    if (pointers.size >= 2 && pinch) {
      const [a, b] = [...pointers.values()];
      const dist = Math.hypot(a.x - b.x, a.y - b.y) || 1;
      const mx = (a.x + b.x) / 2, my = (a.y + b.y) / 2;
      panBy(mx - pinch.mx, my - pinch.my);
      zoomBy(dist / pinch.dist, mx, my);
      pinch = { dist, mx, my };
      return;
    }
    if (!dragging) {
      const slop = ptr.type === "mouse" ? 5 : 10;
      if (Math.hypot(p.x - ptr.sx, p.y - ptr.sy) < slop) return;
      dragging = true;
      tapCandidate = null;
      el.classList.add("vt-dragging");
      panBy(p.x - ptr.sx, p.y - ptr.sy);
      return;
    }
    panBy(dx, dy);
  }

  function onUp(ev) {
    const ptr = pointers.get(ev.pointerId);
    if (!ptr) return;
    pointers.delete(ev.pointerId);
    const wasTap = ev.type === "pointerup" && tapCandidate === ev.pointerId && !dragging;
    if (pointers.size < 2) pinch = null;
    if (pointers.size === 0) {
      dragging = false;
      el.classList.remove("vt-dragging");
    } else if (pointers.size === 1) {
      // After a pinch the remaining finger pans from where it is now.
      const rest = [...pointers.values()][0];
      rest.sx = rest.x; rest.sy = rest.y;
      dragging = true;
    }
    tapCandidate = null;
    if (wasTap && o.onTap) {
      const p = local(ev);
      o.onTap(screenToWorld(p.x, p.y), p, ev);
    }
  }

  function onLeave(ev) {
    if (ev.pointerType === "mouse" && !pointers.size && o.onHover) o.onHover(null, null, ev);
  }

  function onWheel(ev) {
    ev.preventDefault();
    const p = local(ev);
    // Line/page deltas (Firefox) are much bigger steps than pixel deltas.
    const unit = ev.deltaMode === 1 ? 16 : ev.deltaMode === 2 ? 400 : 1;
    const f = Math.exp(-ev.deltaY * unit * (ev.ctrlKey ? 0.01 : 0.0015));
    zoomBy(f, p.x, p.y);
  }

  el.addEventListener("pointerdown", onDown);
  el.addEventListener("pointermove", onMove);
  el.addEventListener("pointerup", onUp);
  el.addEventListener("pointercancel", onUp);
  el.addEventListener("pointerleave", onLeave);
  el.addEventListener("wheel", onWheel, { passive: false });
  // Safari's own pinch gestures would zoom the whole page.
  const stopGesture = (e) => e.preventDefault();
  el.addEventListener("gesturestart", stopGesture);

  // --- controls -------------------------------------------------------------------
  function addControls(labels) {
    const bar = document.createElement("div");
    bar.className = "vt-controls";
    const buttons = {};
    const make = (key, action) => {
      if (!labels[key]) return;
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.control = key;
      b.addEventListener("click", action);
      bar.append(b);
      buttons[key] = b;
    };
    make("zoomOut", () => zoomBy(1 / 1.25));
    make("zoomIn", () => zoomBy(1.25));
    make("fit", () => fit());
    el.append(bar);
    function setLabels(next) {
      for (const [k, b] of Object.entries(buttons)) {
        const text = next[k];
        if (!text) continue;
        if (k === "fit") b.textContent = text;
        else {
          b.textContent = k === "zoomIn" ? "+" : "−";
          b.setAttribute("aria-label", text);
          b.title = text;
        }
      }
    }
    setLabels(labels);
    return { element: bar, buttons, setLabels };
  }

  function destroy() {
    destroyed = true;
    cancelAnimationFrame(frame);
    ro.disconnect();
    if (mql) mql.removeEventListener("change", onDpr);
    changeFns.clear();
    el.remove();
  }

  resize();
  return vp;
}

/**
 * The least pan (CSS px, {dx, dy}) that brings world box `b` inside `area` ({left, right, top,
 * bottom}, screen px), or centres it on an axis where it is larger than the area.
 */
export function revealShift(b, area, worldToScreen) {
  const a = worldToScreen(b.minX, b.minY), c = worldToScreen(b.maxX, b.maxY);
  const shift = (lo, hi, from, to) => {
    if (hi - lo > to - from) return (from + to) / 2 - (lo + hi) / 2;
    if (lo < from) return from - lo;
    if (hi > to) return to - hi;
    return 0;
  };
  return { dx: shift(a.x, c.x, area.left, area.right), dy: shift(a.y, c.y, area.top, area.bottom) };
}

// --- focusable items over the canvas ------------------------------------------------

export function createFocusLayer(vp, { onActivate, onKey, onFocus } = {}) {
  const nodes = new Map();   // id -> button
  let items = [];
  let kbd = false;           // last focus came from the keyboard (for the drawn ring)

  const layer = vp.overlay;
  const off = vp.onChange(place);

  function make(id) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "vt-focus-item";
    b.dataset.id = id;
    b.addEventListener("click", (ev) => { if (onActivate) onActivate(id, ev); });
    b.addEventListener("keydown", (ev) => {
      kbd = true;
      if (onKey && onKey(id, ev)) {
        ev.preventDefault();
        ev.stopPropagation();
      }
    });
    b.addEventListener("focus", () => { if (onFocus) onFocus(id); });
    b.addEventListener("blur", () => {
      // Focus moving to another item calls onFocus(next) right after; report null only if none.
      setTimeout(() => {
        const a = document.activeElement;
        if (!a || !a.classList || !a.classList.contains("vt-focus-item") || !layer.contains(a)) {
          if (onFocus) onFocus(null);
        }
      }, 0);
    });
    return b;
  }

  function setItems(next) {
    items = next;
    const active = document.activeElement;
    const keep = new Set(next.map((it) => it.id));
    for (const [id, b] of nodes) {
      if (!keep.has(id)) {
        b.remove();
        nodes.delete(id);
      }
    }
    let prev = null;
    for (const it of next) {
      let b = nodes.get(it.id);
      if (!b) {
        b = make(it.id);
        nodes.set(it.id, b);
      }
      b.className = `vt-focus-item${it.className ? ` ${it.className}` : ""}`;
      b.setAttribute("aria-label", it.label || it.id);
      if (it.pressed === undefined) b.removeAttribute("aria-pressed");
      else b.setAttribute("aria-pressed", it.pressed ? "true" : "false");
      for (const k of Object.keys(b.dataset)) if (k !== "id") delete b.dataset[k];
      for (const [k, v] of Object.entries(it.data || {})) b.dataset[k] = String(v);
      // Put it right after the previous one (DOM order is Tab order) without moving nodes
      // that are already in place: moving the focused node would blur it.
      const want = prev ? prev.nextSibling : layer.firstChild;
      if (want !== b) layer.insertBefore(b, want);
      prev = b;
    }
    if (active && nodes.has(active.dataset && active.dataset.id) && document.activeElement !== active) {
      active.focus({ preventScroll: true });
    }
    place();
  }

  function place() {
    const s = vp.scale;
    for (const it of items) {
      const b = nodes.get(it.id);
      if (!b) continue;
      const p = vp.worldToScreen(it.x, it.y);
      const size = Math.max(8, it.size * s);
      b.style.left = `${p.x - size / 2}px`;
      b.style.top = `${p.y - size / 2}px`;
      b.style.width = `${size}px`;
      b.style.height = `${size}px`;
    }
  }

  function focus(id) {
    const b = nodes.get(id);
    if (b) b.focus({ preventScroll: true });
    return !!b;
  }

  function focusedId() {
    const a = document.activeElement;
    if (a && a.classList && a.classList.contains("vt-focus-item") && layer.contains(a)) return a.dataset.id;
    return null;
  }

  return {
    setItems, focus, focusedId, place,
    element: (id) => nodes.get(id) || null,
    ids: () => items.map((it) => it.id),
    get keyboard() { return kbd; },
    set keyboard(v) { kbd = v; },
    destroy() { off(); for (const b of nodes.values()) b.remove(); nodes.clear(); },
  };
}

// --- hit testing and keyboard helpers ---------------------------------------------

/** The item whose centre is nearest (x, y) within maxDist (world units), or null. */
export function nearestItem(items, x, y, maxDist = Infinity) {
  let best = null, bd = maxDist;
  for (const it of items) {
    const d = Math.hypot(it.x - x, it.y - y);
    if (d <= bd) { bd = d; best = it; }
  }
  return best;
}

/** Even-odd test of (x, y) against a polygon [[x, y], ...]. */
export function pointInPolygon(pts, x, y) {
  let inside = false;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const [xi, yi] = pts[i], [xj, yj] = pts[j];
    if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/**
 * The item an arrow key moves to from `fromId` among `items` ({id, x, y}).
 * Left/Right walk the reading order (rows top to bottom, then left to right), so every
 * item is reachable with one key; Up/Down take the nearest item in the nearest row above
 * or below. Both wrap round.
 */
export function arrowStep(items, fromId, key, rowTolerance = 0.5) {
  if (!items.length) return null;
  const sorted = [...items].sort((a, b) => (Math.abs(a.y - b.y) > rowTolerance ? a.y - b.y : a.x - b.x));
  const i = sorted.findIndex((it) => it.id === fromId);
  if (i < 0) return sorted[0].id;
  const n = sorted.length;
  if (key === "ArrowRight") return sorted[(i + 1) % n].id;
  if (key === "ArrowLeft") return sorted[(i - 1 + n) % n].id;
  const cur = sorted[i];
  const down = key === "ArrowDown";
  const rows = sorted.filter((it) => (down ? it.y > cur.y + rowTolerance : it.y < cur.y - rowTolerance));
  let pool = rows;
  if (!pool.length) {
    // Wrap: the row at the other end.
    const edgeY = down ? sorted[0].y : sorted[n - 1].y;
    pool = sorted.filter((it) => Math.abs(it.y - edgeY) <= rowTolerance && it.id !== cur.id);
    if (!pool.length) return cur.id;
  } else {
    const rowY = down ? Math.min(...rows.map((it) => it.y)) : Math.max(...rows.map((it) => it.y));
    pool = rows.filter((it) => Math.abs(it.y - rowY) <= rowTolerance);
  }
  return nearestItem(pool, cur.x, pool[0].y).id;
}
