// Milehollow's look: card colours with a symbol each (colour is never the only cue), seat colours,
// the road geometry of the design (§1: straight roads cut into equal slabs, doubles 6 units either
// side of the centre line) and the map painted on a canvas in the design's 1000 × 700 frame.

export const CARD_ORDER = ["crimson", "amber", "lemon", "moss", "teal", "indigo", "plum", "coal", "ox"];

/** Fill and ink per card colour (the design's hexes; grey is a road colour only). */
export const CARD_STYLE = {
  crimson: { fill: "#b3202e", ink: "#ffffff" },
  amber: { fill: "#e08a12", ink: "#1b1206" },
  lemon: { fill: "#e3c92a", ink: "#1b1706" },
  moss: { fill: "#5f8a2e", ink: "#ffffff" },
  teal: { fill: "#138a8a", ink: "#ffffff" },
  indigo: { fill: "#3a3f9e", ink: "#ffffff" },
  plum: { fill: "#8a3a7e", ink: "#ffffff" },
  coal: { fill: "#2b2b2b", ink: "#ffffff" },
  grey: { fill: "#9a9a9a", ink: "#1d1d1d" },
  ox: { fill: "#f4ead2", ink: "#4a2f12" },
};

/**
 * One symbol per card colour, drawn in a 20 × 20 box: the same path is an SVG path on the
 * cards and a Path2D on the map's slabs.
 */
export const SYMBOLS = {
  crimson: "M3 10a7 7 0 1 0 14 0a7 7 0 1 0 -14 0z",                                  // circle
  amber: "M10 2.5L18 16.5H2z",                                                       // triangle
  lemon: "M4 4h12v12H4z",                                                            // square
  moss: "M10 1.5L18.5 10L10 18.5L1.5 10z",                                           // diamond
  teal: "M7.5 2h5v5.5H18v5h-5.5V18h-5v-5.5H2v-5h5.5z",                               // plus
  indigo: "M10 1.5l2.5 5.6 6.1.6-4.6 4.1 1.4 6-5.4-3.2-5.4 3.2 1.4-6L1.4 7.7l6.1-.6z", // star
  plum: "M10 2l7 4v8l-7 4-7-4V6z",                                                    // hexagon
  coal: "M4.5 2.5L10 8l5.5-5.5 2 2L12 10l5.5 5.5-2 2L10 12l-5.5 5.5-2-2L8 10 2.5 4.5z", // cross
  // The Ox: a head with two horns.
  ox: "M1.5 3.5c1 3 3 4.5 5.5 4.8V15c0 2 1.4 3 3 3s3-1 3-3V8.3c2.5-.3 4.5-1.8 5.5-4.8l-1.6-.3"
    + "c-.9 2-2.6 3.1-4.4 3.1H7.5c-1.8 0-3.5-1.1-4.4-3.1z",
  grey: "M10 4a6 6 0 1 0 .01 0zM10 7a3 3 0 1 1-.01 0z",                               // ring: any one colour
};

/** Seat colours (paved roads, markers, the page's seat dots); the seat number goes with them. */
export const SEAT_COLOURS = ["#1e6fd9", "#ef5a24", "#f7f3e8", "#22a35a", "#f06fb0"];
export const SEAT_INK = ["#ffffff", "#ffffff", "#1d1d1d", "#ffffff", "#1d1d1d"];

const SVG_NS = "http://www.w3.org/2000/svg";

/** A card colour's symbol as an inline SVG (presentation attributes only: no inline style). */
export function symbolSvg(colour, size = 18) {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "0 0 20 20");
  svg.setAttribute("width", String(size));
  svg.setAttribute("height", String(size));
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  svg.classList.add("mh-sym");
  const p = document.createElementNS(SVG_NS, "path");
  p.setAttribute("d", SYMBOLS[colour] || SYMBOLS.grey);
  p.setAttribute("fill", "currentColor");
  p.setAttribute("fill-rule", "evenodd");
  svg.append(p);
  return svg;
}

const paths = new Map();
function symbolPath(colour) {
  let p = paths.get(colour);
  if (!p) {
    p = new Path2D(SYMBOLS[colour] || SYMBOLS.grey);
    paths.set(colour, p);
  }
  return p;
}

// --- geometry ---------------------------------------------------------------------------------

export const TOWN_R = 9;
const SLAB_W = 10;
const GAP = 2.5;

/**
 * Towns, roads with their slabs, and features, in world units, from the static map. `upright`:
 * the map turned a quarter (west at the top), for a screen taller than wide, where the wide map
 * would fill only a band of it; names stay level, being drawn on the screen.
 */
export function buildGeometry(map, { upright = false } = {}) {
  const frame0 = map.frame || { width: 1000, height: 700 };
  const turn = upright ? ([x, y]) => [frame0.height - y, x] : (p) => p;
  const towns = new Map(map.towns.map((t) => {
    const [x, y] = turn([t.x, t.y]);
    return [t.id, { ...t, x, y }];
  }));
  const roads = new Map();
  for (const r of map.roads) {
    const a = towns.get(r.a), b = towns.get(r.b);
    const [ox, oy] = upright ? (([dx, dy]) => [-dy, dx])(r.offset || [0, 0]) : (r.offset || [0, 0]);
    const dx = b.x - a.x, dy = b.y - a.y;
    const d = Math.hypot(dx, dy);
    const ux = dx / d, uy = dy / d;
    const trim = TOWN_R + 3;
    const usable = d - 2 * trim;
    const slabLen = (usable - GAP * (r.len - 1)) / r.len;
    const slabs = [];
    for (let i = 0; i < r.len; i++) {
      const s = trim + i * (slabLen + GAP) + slabLen / 2;
      slabs.push({ x: a.x + ox + ux * s, y: a.y + oy + uy * s });
    }
    roads.set(r.id, {
      ...r, slabs, slabLen, angle: Math.atan2(dy, dx),
      x1: a.x + ox + ux * trim, y1: a.y + oy + uy * trim, x2: b.x + ox - ux * trim, y2: b.y + oy - uy * trim,
      mx: (a.x + b.x) / 2 + ox, my: (a.y + b.y) / 2 + oy,
    });
  }
  const frame = upright ? { width: frame0.height, height: frame0.width } : frame0;
  const features = (map.features || []).map((f) => ({ ...f, points: f.points.map(turn) }));
  return { towns, roads, features, frame, upright, setup: map.setup || {}, scoring: map.scoring || {} };
}

export function distToRoad(road, x, y) {
  const vx = road.x2 - road.x1, vy = road.y2 - road.y1;
  const l2 = vx * vx + vy * vy || 1;
  const t = Math.max(0, Math.min(1, ((x - road.x1) * vx + (y - road.y1) * vy) / l2));
  return Math.hypot(road.x1 + t * vx - x, road.y1 + t * vy - y);
}

/** Roads within `tol` of (x, y), nearest first, as [distance, road]. */
export function roadsAt(geo, x, y, tol) {
  return [...geo.roads.values()].map((r) => [distToRoad(r, x, y), r]).filter(([d]) => d <= tol)
    .sort((a, b) => a[0] - b[0]);
}

/** The town nearest (x, y) within `tol`, as {town, d}, or null. */
export function townAt(geo, x, y, tol) {
  let best = null, bd = tol;
  for (const tw of geo.towns.values()) {
    const d = Math.hypot(tw.x - x, tw.y - y);
    if (d <= bd) { bd = d; best = tw; }
  }
  return best ? { town: best, d: bd } : null;
}

/** The box around a set of towns and roads, for revealing them on screen. */
export function boxOf(geo, townIds = [], roadIds = [], pad = 30) {
  if (!geo) return null;
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  const add = (x, y) => { minX = Math.min(minX, x); minY = Math.min(minY, y); maxX = Math.max(maxX, x); maxY = Math.max(maxY, y); };
  for (const id of townIds) { const t = geo.towns.get(id); if (t) add(t.x, t.y); }
  for (const id of roadIds) { const r = geo.roads.get(id); if (r) { add(r.x1, r.y1); add(r.x2, r.y2); } }
  if (minX === Infinity) return null;
  return { minX: minX - pad, minY: minY - pad, maxX: maxX + pad, maxY: maxY + pad };
}

// --- painting ------------------------------------------------------------------------------------

/**
 * The map in world units. `marks`: {owner: {roadId: seat}, closed: Set, payable: Set,
 * selected: roadId|null, last: roadId|null, suggest: roadId|null (a hint's road),
 * towns: Map(id → "mail"|"done"|"focus"|"pending"),
 * paving: {id, p} while another seat's new road is laid slab by slab from its first town (p: 0 → 1)}.
 */
export function paintMap(ctx, geo, marks, scale, time = 0) {
  const { frame } = geo;
  ctx.fillStyle = "#e4e0c4";
  ctx.fillRect(0, 0, frame.width, frame.height);
  paintFeatures(ctx, geo);
  const px = 1 / scale;
  // Glows under the roads: payable (soft), last paved (blue), selected (gold, pulsing).
  for (const [id, r] of geo.roads) {
    let glow = null, w = 0;
    if (marks.suggest === id) { glow = "rgba(240,164,24,.95)"; w = 26; }
    else if (marks.selected === id) { glow = `rgba(255,190,0,${0.75 + 0.25 * Math.sin(time / 180)})`; w = 22; }
    else if (marks.focus === id) { glow = "rgba(255,190,0,.8)"; w = 20; }
    else if (marks.last === id) { glow = "rgba(40,140,255,.55)"; w = 20; }
    else if (marks.payable.has(id)) { glow = "rgba(255,236,140,.9)"; w = 17; }
    if (!glow) continue;
    ctx.strokeStyle = glow;
    ctx.lineWidth = Math.max(w, 7 * px);
    ctx.lineCap = "round";
    ctx.beginPath();
    ctx.moveTo(r.x1, r.y1);
    ctx.lineTo(r.x2, r.y2);
    ctx.stroke();
  }
  const showSymbols = scale >= 0.62;
  const showNumbers = scale >= 0.9;
  for (const [id, r] of geo.roads) {
    const owner = marks.owner[id];
    const closed = marks.closed.has(id);
    if (marks.paving && marks.paving.id === id && owner !== undefined && owner !== null && owner >= 0) {
      paintRoad(ctx, r, undefined, closed, { showSymbols, showNumbers, px });
      paintPaving(ctx, r, owner, marks.paving.p, px);
      continue;
    }
    paintRoad(ctx, r, owner, closed, { showSymbols, showNumbers, px });
  }
  // Too far out for a symbol on every slab: one symbol badge per open road keeps colour from
  // being the only cue (the two roads of a double carry theirs on different slabs); a paved
  // road carries its seat's number the same way.
  if (!showNumbers) {
    for (const [id, r] of geo.roads) {
      const owner = marks.owner[id];
      if (owner === undefined || owner === null || owner < 0 || r.len < 2) continue;
      paintSeatBadge(ctx, r, owner, px);
    }
  }
  if (!showSymbols) {
    for (const [id, r] of geo.roads) {
      if (marks.owner[id] !== undefined || marks.closed.has(id)) continue;
      const i = r.twin ? (id.endsWith("-a") ? 0 : r.len - 1) : Math.floor(r.len / 2);
      paintBadge(ctx, r, r.slabs[i], px);
    }
  }
  paintTowns(ctx, geo, marks, scale, time);
}

function paintFeatures(ctx, geo) {
  for (const f of geo.features) {
    const pts = f.points;
    if (f.kind === "river") {
      ctx.lineCap = "round";
      ctx.lineJoin = "round";
      for (const [w, c] of [[20, "#8fb9d6"], [12, "#b4d4ea"]]) {
        ctx.strokeStyle = c;
        ctx.lineWidth = w;
        ctx.beginPath();
        ctx.moveTo(pts[0][0], pts[0][1]);
        for (const [x, y] of pts.slice(1)) ctx.lineTo(x, y);
        ctx.stroke();
      }
    } else {
      ctx.beginPath();
      ctx.moveTo(pts[0][0], pts[0][1]);
      for (const [x, y] of pts.slice(1)) ctx.lineTo(x, y);
      ctx.closePath();
      if (f.kind === "lake") {
        ctx.fillStyle = "#a7cbe3";
        ctx.fill();
        ctx.strokeStyle = "#7fa9c8";
        ctx.lineWidth = 2;
        ctx.stroke();
      } else {
        ctx.fillStyle = "#7d7467";
        ctx.fill();
        ctx.save();
        ctx.clip();
        ctx.strokeStyle = "rgba(255,255,255,.22)";
        ctx.lineWidth = 2;
        const { width: fw, height: fh } = geo.frame;
        for (let x = -fh * 0.6; x < fw; x += 9) {
          ctx.beginPath();
          ctx.moveTo(x, 0);
          ctx.lineTo(x + fh * 0.6, fh);
          ctx.stroke();
        }
        ctx.restore();
        ctx.beginPath();
        ctx.moveTo(pts[0][0], pts[0][1]);
        for (const [x, y] of pts.slice(1)) ctx.lineTo(x, y);
        ctx.closePath();
        ctx.strokeStyle = "#554d43";
        ctx.lineWidth = 2;
        ctx.stroke();
      }
    }
  }
}

/** The part `p` of a road being paved, in its seat's colour, from its first town on. */
function paintPaving(ctx, r, owner, p, px) {
  const w = Math.max(r.twin ? 11 : 16, (r.twin ? 5 : 7) * px);
  ctx.save();
  ctx.lineCap = "butt";
  ctx.beginPath();
  ctx.moveTo(r.x1, r.y1);
  ctx.lineTo(r.x1 + (r.x2 - r.x1) * p, r.y1 + (r.y2 - r.y1) * p);
  ctx.strokeStyle = "#111";
  ctx.lineWidth = w + Math.max(4, 2.5 * px);
  ctx.stroke();
  ctx.strokeStyle = SEAT_COLOURS[owner % SEAT_COLOURS.length];
  ctx.lineWidth = w;
  ctx.stroke();
  ctx.restore();
}

function paintRoad(ctx, r, owner, closed, { showSymbols, showNumbers, px }) {
  const style = CARD_STYLE[r.colour] || CARD_STYLE.grey;
  const paved = owner !== undefined && owner !== null && owner >= 0;
  // A paved road is wider than an open one and never thinner than a few screen pixels, so whose
  // it is reads at the whole map's view, not only close up.
  const w = paved ? Math.max(r.twin ? 11 : 16, (r.twin ? 5 : 7) * px) : SLAB_W;
  ctx.save();
  if (closed) ctx.globalAlpha = 0.35;
  if (paved) {
    // A dark casing and the seat's colour along the whole road: one bold line even zoomed out.
    ctx.lineCap = "butt";
    ctx.strokeStyle = "#111";
    ctx.lineWidth = w + Math.max(4, 2.5 * px);
    ctx.beginPath();
    ctx.moveTo(r.x1, r.y1);
    ctx.lineTo(r.x2, r.y2);
    ctx.stroke();
    ctx.strokeStyle = SEAT_COLOURS[owner % SEAT_COLOURS.length];
    ctx.lineWidth = w;
    ctx.stroke();
  }
  for (const s of r.slabs) {
    ctx.save();
    ctx.translate(s.x, s.y);
    ctx.rotate(r.angle);
    const l = r.slabLen;
    ctx.beginPath();
    ctx.rect(-l / 2, -w / 2, l, w);
    if (paved) {
      ctx.fillStyle = SEAT_COLOURS[owner % SEAT_COLOURS.length];
      ctx.fill();
      ctx.lineWidth = Math.max(1.6, 1.2 * px);
      ctx.strokeStyle = "#111";
      ctx.stroke();
      // The road's own colour stays as a thin band, so a paved road still shows what it was.
      ctx.fillStyle = style.fill;
      ctx.fillRect(-l / 2 + 2, w / 2 - 3.2, l - 4, 2.2);
      if (showNumbers && w * 1 >= 12) {
        ctx.rotate(-r.angle);
        ctx.fillStyle = SEAT_INK[owner % SEAT_INK.length];
        ctx.font = "700 9px system-ui,sans-serif";
        ctx.textAlign = "center";
        ctx.textBaseline = "middle";
        ctx.fillText(String(owner + 1), 0, 0.5);
      }
    } else {
      ctx.fillStyle = style.fill;
      ctx.fill();
      ctx.lineWidth = Math.max(0.8, 0.8 * px);
      ctx.strokeStyle = r.colour === "grey" ? "#555" : "rgba(0,0,0,.55)";
      ctx.stroke();
      if (showSymbols) {
        ctx.rotate(-r.angle);
        ctx.translate(-3.6, -3.6);
        ctx.scale(0.36, 0.36);
        ctx.fillStyle = style.ink;
        ctx.fill(symbolPath(r.colour), "evenodd");
      }
    }
    ctx.restore();
  }
  if (closed) {
    // A closed road: struck through.
    ctx.globalAlpha = 0.8;
    ctx.strokeStyle = "#3a2a1a";
    ctx.lineWidth = 1.5;
    ctx.setLineDash([4, 4]);
    ctx.beginPath();
    ctx.moveTo(r.x1, r.y1);
    ctx.lineTo(r.x2, r.y2);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  ctx.restore();
}

function paintSeatBadge(ctx, r, owner, px) {
  const rad = 5.5 * px;
  ctx.save();
  ctx.beginPath();
  ctx.arc(r.mx, r.my, rad, 0, Math.PI * 2);
  ctx.fillStyle = SEAT_COLOURS[owner % SEAT_COLOURS.length];
  ctx.fill();
  ctx.lineWidth = 1.2 * px;
  ctx.strokeStyle = "#111";
  ctx.stroke();
  ctx.fillStyle = SEAT_INK[owner % SEAT_INK.length];
  ctx.font = `700 ${8 * px}px system-ui,sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(String(owner + 1), r.mx, r.my + 0.5 * px);
  ctx.restore();
}

function paintBadge(ctx, r, s, px) {
  const style = CARD_STYLE[r.colour] || CARD_STYLE.grey;
  const rad = 4.4 * px;
  ctx.beginPath();
  ctx.arc(s.x, s.y, rad, 0, Math.PI * 2);
  ctx.fillStyle = style.fill;
  ctx.fill();
  ctx.lineWidth = 0.9 * px;
  ctx.strokeStyle = "rgba(0,0,0,.7)";
  ctx.stroke();
  const k = (6 * px) / 20;
  ctx.save();
  ctx.translate(s.x - 10 * k, s.y - 10 * k);
  ctx.scale(k, k);
  ctx.fillStyle = style.ink;
  ctx.fill(symbolPath(r.colour), "evenodd");
  ctx.restore();
}

function paintTowns(ctx, geo, marks, scale, time) {
  const rad = Math.max(TOWN_R * 0.8, 4 / scale);
  for (const t of geo.towns.values()) {
    const mark = marks.towns.get(t.id);
    if (mark) {
      const pulse = mark === "focus" || mark === "pending" ? 0.6 + 0.4 * Math.sin(time / 200) : 1;
      ctx.beginPath();
      ctx.arc(t.x, t.y, rad + Math.max(7, 5 / scale), 0, Math.PI * 2);
      ctx.fillStyle = mark === "done" ? `rgba(40,160,80,${0.55 * pulse})` : `rgba(255,190,0,${0.7 * pulse})`;
      ctx.fill();
      ctx.lineWidth = Math.max(2, 2 / scale);
      ctx.strokeStyle = mark === "done" ? "#1d6b37" : "#8a5a00";
      ctx.stroke();
    }
    ctx.beginPath();
    ctx.arc(t.x, t.y, rad, 0, Math.PI * 2);
    ctx.fillStyle = "#fffaf0";
    ctx.fill();
    ctx.lineWidth = Math.max(2.2, 1.5 / scale);
    ctx.strokeStyle = "#3b2a17";
    ctx.stroke();
    if (mark === "done") {
      ctx.beginPath();
      ctx.moveTo(t.x - rad * 0.5, t.y);
      ctx.lineTo(t.x - rad * 0.1, t.y + rad * 0.45);
      ctx.lineTo(t.x + rad * 0.55, t.y - rad * 0.45);
      ctx.strokeStyle = "#1d6b37";
      ctx.lineWidth = Math.max(2.2, 2 / scale);
      ctx.stroke();
    }
  }
}

/**
 * Town and feature names in screen pixels (readable at any zoom), placed greedily so none
 * overlap: towns in `first` (highlighted) get a place before the rest; a name with no free
 * place is left out until the person zooms in (every name is also said in words elsewhere).
 * Nothing lies over a name: `avoid` lists what covers the map (the zoom buttons), in its pixels.
 * Returns the names shown, [{id, x, y, w, h}] (towns; features follow with no id).
 */
export function paintLabels(ctx, vp, geo, first, size, avoid = []) {
  ctx.save();
  ctx.textBaseline = "middle";
  ctx.textAlign = "left";
  const placed = avoid.map((b) => ({ ...b }));
  const rad = Math.max(TOWN_R * 0.8, 4 / vp.scale) * vp.scale;
  for (const t of geo.towns.values()) {
    const p = vp.worldToScreen(t.x, t.y);
    placed.push({ x: p.x - rad, y: p.y - rad, w: 2 * rad, h: 2 * rad });
  }
  const free = (b) => b.x >= 2 && b.y >= 2 && b.x + b.w <= vp.width - 2 && b.y + b.h <= vp.height - 2
    && !placed.some((o) => b.x < o.x + o.w && o.x < b.x + b.w && b.y < o.y + o.h && o.y < b.y + b.h);
  const order = [...geo.towns.values()].sort((a, b) => (first.has(b.id) ? 1 : 0) - (first.has(a.id) ? 1 : 0));
  const shown = [];
  for (const t of order) {
    const hot = first.has(t.id);
    ctx.font = `${hot ? 700 : 600} ${size}px system-ui,sans-serif`;
    const w = ctx.measureText(t.name).width + 6, h = size + 4;
    const p = vp.worldToScreen(t.x, t.y);
    const gap = rad + 2;
    const east = t.x >= geo.frame.width - 100;
    const spots = east
      ? [[p.x - gap - w, p.y - h / 2], [p.x - w / 2, p.y + gap], [p.x - w / 2, p.y - gap - h]]
      : [[p.x - w / 2, p.y + gap], [p.x - w / 2, p.y - gap - h], [p.x + gap, p.y - h / 2], [p.x - gap - w, p.y - h / 2]];
    for (const [x, y] of spots) {
      const b = { x, y, w, h };
      if (!free(b)) continue;
      placed.push(b);
      shown.push({ t, b, hot });
      break;
    }
  }
  for (const { t, b, hot } of shown) {
    ctx.font = `${hot ? 700 : 600} ${size}px system-ui,sans-serif`;
    ctx.fillStyle = hot ? "rgba(255,236,170,.95)" : "rgba(255,252,242,.82)";
    roundRect(ctx, b.x, b.y, b.w, b.h, 4);
    ctx.fill();
    ctx.fillStyle = "#24190d";
    ctx.fillText(t.name, b.x + 3, b.y + b.h / 2 + 0.5);
  }
  // Feature names where there is room.
  ctx.font = `italic 600 ${size}px system-ui,sans-serif`;
  for (const f of geo.features) {
    const [cx, cy] = featureAnchor(f);
    const p = vp.worldToScreen(cx, cy);
    const w = ctx.measureText(f.name).width + 6, h = size + 4;
    const b = { x: p.x - w / 2, y: p.y - h / 2, w, h };
    if (!free(b)) continue;
    placed.push(b);
    shown.push({ t: { id: null }, b });
    ctx.fillStyle = f.kind === "ridge" ? "#fffaf0" : "#1f4f73";
    ctx.fillText(f.name, b.x + 3, b.y + h / 2 + 0.5);
  }
  ctx.restore();
  return shown.map((s) => ({ id: s.t.id, ...s.b }));
}

function featureAnchor(f) {
  if (f.kind === "river") {
    const i = Math.floor(f.points.length / 2) - 1;
    return [(f.points[i][0] + f.points[i + 1][0]) / 2, (f.points[i][1] + f.points[i + 1][1]) / 2 + 16];
  }
  const n = f.points.length;
  return [f.points.reduce((s, p) => s + p[0], 0) / n, f.points.reduce((s, p) => s + p[1], 0) / n];
}

function roundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}
