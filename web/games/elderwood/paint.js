// Drawing Elderwood's carved tiles, their creature glyphs, rings and markers on a 2D canvas.
// Everything is in world units (a hex's corner radius is 1); no image files.

import { hexPath, DIRS } from "./hex.js";

export const FACE = 0.9;        // face radius: leaves a thin gap between touching tiles
export const THICK = 0.11;      // how thick one tile is, drawn as the prism's visible side

const WOOD = {
  w: { hi: "#f6ecd6", lo: "#dcc69c", side: "#b59a6c", edge: "#8e7650", grain: "rgba(120,86,40,0.16)",
       ink: "#3a2714" },
  b: { hi: "#7a5234", lo: "#4c2f1b", side: "#2e1b0f", edge: "#1d1009", grain: "rgba(0,0,0,0.22)",
       ink: "#f3e3c2" },
};

export const ACCENT = { Q: "#e8ac2a", B: "#9a8ee0", G: "#78b865", S: "#ea7f32", A: "#3fb0b8" };
const PUPIL = "#1b120a";
export const RING = "#ffd34d";
export const LAST = "#7fd6ff";
export const DANGER = "#e0523c";

function hash(text) {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** The grain of one face: a few soft curves that differ from tile to tile. */
function grain(ctx, x, y, size, wood, seed) {
  let s = seed;
  const rnd = () => ((s = Math.imul(s ^ (s >>> 15), 2246822507) + 0x9e3779b9 >>> 0) / 4294967296);
  ctx.save();
  ctx.beginPath();
  hexPath(ctx, x, y, size * 0.97);
  ctx.clip();
  ctx.strokeStyle = wood.grain;
  ctx.lineWidth = 0.025;
  const tilt = (rnd() - 0.5) * 0.6;
  for (let i = 0; i < 6; i++) {
    const yy = y - size + (i + 0.5 + (rnd() - 0.5) * 0.6) * (size * 2 / 6);
    const amp = 0.05 + rnd() * 0.08;
    ctx.beginPath();
    ctx.moveTo(x - size, yy + tilt * -size);
    ctx.bezierCurveTo(x - size / 3, yy - amp + tilt * -size / 3, x + size / 3, yy + amp + tilt * size / 3,
      x + size, yy + tilt * size);
    ctx.stroke();
  }
  // One knot on some tiles.
  if (rnd() < 0.5) {
    ctx.beginPath();
    ctx.ellipse(x + (rnd() - 0.5) * size, y + (rnd() - 0.5) * size, 0.09, 0.05, tilt, 0, Math.PI * 2);
    ctx.stroke();
  }
  ctx.restore();
}

/** One carved tile: its side (the prism's thickness) and its face, glyph included. */
export function paintTile(ctx, x, y, tile, { alpha = 1, seed = "" } = {}) {
  const wood = WOOD[tile.colour] || WOOD.w;
  ctx.save();
  ctx.globalAlpha *= alpha;
  // Side.
  ctx.beginPath();
  hexPath(ctx, x, y + THICK, FACE);
  ctx.fillStyle = wood.side;
  ctx.fill();
  ctx.lineWidth = 0.03;
  ctx.strokeStyle = wood.edge;
  ctx.stroke();
  // Face with a soft light from the top-left.
  const g = ctx.createLinearGradient(x - FACE * 0.7, y - FACE, x + FACE * 0.7, y + FACE);
  g.addColorStop(0, wood.hi);
  g.addColorStop(1, wood.lo);
  ctx.beginPath();
  hexPath(ctx, x, y, FACE);
  ctx.fillStyle = g;
  ctx.fill();
  grain(ctx, x, y, FACE, wood, hash(seed || tile.name || "t"));
  // Bevel: a light inner line on the upper edges, a dark one below.
  ctx.lineWidth = 0.035;
  ctx.beginPath();
  hexPath(ctx, x, y, FACE * 0.9);
  const b = ctx.createLinearGradient(x, y - FACE, x, y + FACE);
  b.addColorStop(0, "rgba(255,255,255,0.35)");
  b.addColorStop(0.5, "rgba(255,255,255,0.0)");
  b.addColorStop(1, "rgba(0,0,0,0.25)");
  ctx.strokeStyle = b;
  ctx.stroke();
  ctx.beginPath();
  hexPath(ctx, x, y, FACE);
  ctx.strokeStyle = wood.edge;
  ctx.lineWidth = 0.03;
  ctx.stroke();
  paintGlyph(ctx, x, y, 0.56, tile.creature, tile.colour);
  ctx.restore();
}

/** A creature's glyph, carved: a dark cut below, then the painted inlay. */
export function paintGlyph(ctx, x, y, s, creature, colour) {
  const wood = WOOD[colour] || WOOD.w;
  const draw = GLYPHS[creature];
  if (!draw) return;
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(s, s);
  ctx.lineJoin = "round";
  ctx.lineCap = "round";
  // The cut: the same shape offset down-right in shadow.
  ctx.save();
  ctx.translate(0.05, 0.06);
  draw(ctx, { fill: "rgba(0,0,0,0.35)", ink: "rgba(0,0,0,0)", light: "rgba(0,0,0,0)", pupil: "rgba(0,0,0,0)",
    shadow: true });
  ctx.restore();
  draw(ctx, { fill: ACCENT[creature], ink: wood.ink, light: "#fff8e8", pupil: PUPIL, shadow: false });
  ctx.restore();
}

/** The carved cut under a creature is its outline alone, filled in shadow: true when drawn so. */
function silhouette(ctx, c, ...paths) {
  if (!c.shadow) return false;
  ctx.fillStyle = c.fill;
  for (const p of paths) ctx.fill(p);
  return true;
}

function fillStroke(ctx, p, fill, ink, lw = 0.09) {
  ctx.fillStyle = fill;
  ctx.fill(p);
  if (ink) {
    ctx.lineWidth = lw;
    ctx.strokeStyle = ink;
    ctx.stroke(p);
  }
}

function circle(x, y, r) {
  const p = new Path2D();
  p.arc(x, y, r, 0, Math.PI * 2);
  return p;
}

function ellipse(x, y, rx, ry, rot = 0) {
  const p = new Path2D();
  p.ellipse(x, y, rx, ry, rot, 0, Math.PI * 2);
  return p;
}

function poly(pts) {
  const p = new Path2D();
  p.moveTo(pts[0][0], pts[0][1]);
  for (const [x, y] of pts.slice(1)) p.lineTo(x, y);
  p.closePath();
  return p;
}

// Each glyph spans about [-1, 1] in both directions (y grows downwards).
const GLYPHS = {
  // Elder: an old tree with a broad crown and a trunk on its roots.
  Q(ctx, c) {
    const trunk = poly([[-0.16, 0.05], [0.16, 0.05], [0.2, 0.62], [0.42, 0.86], [-0.42, 0.86], [-0.2, 0.62]]);
    const crown = new Path2D();
    crown.arc(-0.42, -0.12, 0.38, 0, Math.PI * 2);
    crown.moveTo(0.8, -0.12);
    crown.arc(0.42, -0.12, 0.38, 0, Math.PI * 2);
    crown.moveTo(0.44, -0.5);
    crown.arc(0, -0.5, 0.44, 0, Math.PI * 2);
    crown.moveTo(0.3, 0.05);
    crown.arc(0, 0.05, 0.3, 0, Math.PI * 2);
    if (silhouette(ctx, c, trunk, crown)) return;
    fillStroke(ctx, trunk, "#a0703c", c.ink);
    ctx.lineWidth = 0.16;
    ctx.strokeStyle = c.ink;
    ctx.stroke(crown);
    ctx.fillStyle = c.fill;
    ctx.fill(crown, "nonzero");
    // A small crown mark: the Elder is the one to guard.
    const mark = poly([[-0.2, -0.42], [-0.1, -0.62], [0, -0.46], [0.1, -0.62], [0.2, -0.42]]);
    ctx.lineWidth = 0.08;
    ctx.strokeStyle = c.ink;
    ctx.stroke(mark);
  },
  // Owl: round body, ear tufts, two big eyes and a beak.
  B(ctx, c) {
    const body = new Path2D();
    body.ellipse(0, 0.12, 0.64, 0.78, 0, 0, Math.PI * 2);
    const tufts = poly([[-0.56, -0.3], [-0.5, -0.92], [-0.12, -0.58], [0.12, -0.58], [0.5, -0.92], [0.56, -0.3]]);
    if (silhouette(ctx, c, body, tufts)) return;
    fillStroke(ctx, tufts, c.fill, c.ink);
    fillStroke(ctx, body, c.fill, c.ink);
    for (const sx of [-1, 1]) {
      fillStroke(ctx, circle(sx * 0.27, -0.18, 0.25), c.light, c.ink, 0.07);
      ctx.fillStyle = c.pupil;
      ctx.fill(circle(sx * 0.27, -0.16, 0.11));
    }
    fillStroke(ctx, poly([[-0.1, 0.06], [0.1, 0.06], [0, 0.3]]), "#f2b33d", c.ink, 0.05);
    ctx.lineWidth = 0.06;
    ctx.strokeStyle = c.ink;
    for (const [x, y] of [[-0.22, 0.5], [0.22, 0.5], [0, 0.66]]) {
      ctx.beginPath();
      ctx.moveTo(x - 0.1, y - 0.05);
      ctx.lineTo(x, y + 0.04);
      ctx.lineTo(x + 0.1, y - 0.05);
      ctx.stroke();
    }
  },
  // Hare: long upright ears over a round head.
  G(ctx, c) {
    const ears = [ellipse(-0.24, -0.42, 0.15, 0.5, -0.22), ellipse(0.24, -0.42, 0.15, 0.5, 0.22)];
    const head = ellipse(0, 0.34, 0.5, 0.44);
    if (silhouette(ctx, c, ...ears, head)) return;
    for (const e of ears) fillStroke(ctx, e, c.fill, c.ink);
    ctx.fillStyle = "rgba(255,225,225,0.75)";
    ctx.fill(ellipse(-0.24, -0.4, 0.06, 0.32, -0.22));
    ctx.fill(ellipse(0.24, -0.4, 0.06, 0.32, 0.22));
    fillStroke(ctx, head, c.fill, c.ink);
    ctx.fillStyle = c.pupil;
    ctx.fill(circle(-0.19, 0.28, 0.07));
    ctx.fill(circle(0.19, 0.28, 0.07));
    fillStroke(ctx, poly([[-0.08, 0.46], [0.08, 0.46], [0, 0.56]]), "#f3a0a0", c.ink, 0.04);
  },
  // Fox: a pointed face with tall ears and a pale muzzle.
  S(ctx, c) {
    const head = poly([[-0.78, -0.86], [-0.3, -0.4], [0.3, -0.4], [0.78, -0.86], [0.74, -0.06], [0, 0.86],
      [-0.74, -0.06]]);
    if (silhouette(ctx, c, head)) return;
    fillStroke(ctx, head, c.fill, c.ink);
    ctx.fillStyle = "rgba(40,20,10,0.55)";
    ctx.fill(poly([[-0.64, -0.62], [-0.38, -0.42], [-0.6, -0.3]]));
    ctx.fill(poly([[0.64, -0.62], [0.38, -0.42], [0.6, -0.3]]));
    fillStroke(ctx, poly([[-0.62, 0.0], [-0.18, 0.12], [0, 0.84], [0.18, 0.12], [0.62, 0.0], [0, 0.86]]),
      c.light, null);
    ctx.fillStyle = c.pupil;
    ctx.fill(ellipse(-0.28, -0.12, 0.1, 0.06, 0.5));
    ctx.fill(ellipse(0.28, -0.12, 0.1, 0.06, -0.5));
    ctx.fill(circle(0, 0.74, 0.09));
    ctx.lineWidth = 0.09;
    ctx.strokeStyle = c.ink;
    ctx.stroke(head);
  },
  // Otter: a round sleek head, small ears, a broad muzzle with whiskers.
  A(ctx, c) {
    const ears = [circle(-0.52, -0.46, 0.17), circle(0.52, -0.46, 0.17)];
    const head = ellipse(0, 0.02, 0.68, 0.62);
    if (silhouette(ctx, c, ...ears, head)) return;
    for (const e of ears) fillStroke(ctx, e, c.fill, c.ink);
    fillStroke(ctx, head, c.fill, c.ink);
    fillStroke(ctx, ellipse(0, 0.28, 0.36, 0.24), c.light, null);
    ctx.fillStyle = c.pupil;
    ctx.fill(circle(-0.25, -0.12, 0.08));
    ctx.fill(circle(0.25, -0.12, 0.08));
    ctx.fill(ellipse(0, 0.16, 0.12, 0.08));
    ctx.lineWidth = 0.045;
    ctx.strokeStyle = c.ink;
    for (const sx of [-1, 1]) {
      for (const dy of [-0.06, 0.06]) {
        ctx.beginPath();
        ctx.moveTo(sx * 0.3, 0.3 + dy);
        ctx.lineTo(sx * 0.86, 0.24 + dy * 2.2);
        ctx.stroke();
      }
    }
    // The water it loves: one wave under the chin.
    ctx.lineWidth = 0.08;
    ctx.beginPath();
    ctx.moveTo(-0.55, 0.84);
    ctx.bezierCurveTo(-0.3, 0.7, -0.15, 0.98, 0, 0.84);
    ctx.bezierCurveTo(0.15, 0.7, 0.3, 0.98, 0.55, 0.84);
    ctx.stroke();
  },
};

/**
 * A whole stack at cell centre (x, y): tiles bottom to top, each a prism a little higher.
 * Returns the centre of the top face (where badges and rings sit).
 */
export function paintStack(ctx, x, y, tiles, { lift = 0, alpha = 1, seedBase = "" } = {}) {
  const n = tiles.length;
  // Soft contact shadow on the slab: two faint hexes, the wider one fainter. A lifted
  // tile's shadow falls further and spreads, so it reads as raised, not as a dark block.
  ctx.save();
  ctx.fillStyle = "#000";
  const sx = x + 0.04 + lift * 0.2, sy = y + THICK + 0.06 + lift * 0.45;
  for (const [grow, a] of [[0.1, 0.14], [0, 0.2]]) {
    ctx.globalAlpha = alpha * a * (lift ? 0.8 : 1);
    ctx.beginPath();
    hexPath(ctx, sx, sy, FACE + grow + lift * 0.1);
    ctx.fill();
  }
  ctx.restore();
  let top = { x, y };
  for (let i = 0; i < n; i++) {
    const raised = i === n - 1 ? lift : 0;
    const fy = y - THICK * 0.5 - i * THICK - raised;
    paintTile(ctx, x, fy, tiles[i], { alpha, seed: `${seedBase}${tiles[i].name}` });
    top = { x, y: fy };
  }
  return top;
}

/** The stack's height in a small dark disc at the face's upper right. */
export function paintHeight(ctx, face, n) {
  const bx = face.x + 0.56, by = face.y - 0.52;
  ctx.save();
  ctx.beginPath();
  ctx.arc(bx, by, 0.24, 0, Math.PI * 2);
  fillBadge(ctx, "#1d140c", 0.05, String(n), bx, by + 0.015, 0.3);
  ctx.restore();
}

/** The badge path just drawn filled with `fill`, a light rim `rim` wide, `text` at (x, y) in `size` bold. */
function fillBadge(ctx, fill, rim, text, x, y, size) {
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.lineWidth = rim;
  ctx.strokeStyle = "#ffe9b8";
  ctx.stroke();
  ctx.fillStyle = "#fff4dc";
  ctx.font = `700 ${size}px system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(text, x, y);
}

/**
 * The Elder's six neighbours as dots on its rim (filled = a tile is there) and a count
 * "n/6" under the glyph, so how close it is to being surrounded reads at a glance.
 */
export function paintElderDots(ctx, face, taken) {
  const count = taken.filter(Boolean).length;
  ctx.save();
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;   // E, SE, SW, W, NW, NE: the edge midpoints of a pointy-top hex
    const px = face.x + Math.cos(a) * 0.7, py = face.y + Math.sin(a) * 0.7;
    ctx.beginPath();
    ctx.arc(px, py, 0.085, 0, Math.PI * 2);
    ctx.fillStyle = taken[i] ? DANGER : "rgba(255,255,255,0.9)";
    ctx.fill();
    ctx.lineWidth = 0.035;
    ctx.strokeStyle = "#1d140c";
    ctx.stroke();
  }
  const bx = face.x, by = face.y + 0.62;
  ctx.beginPath();
  ctx.roundRect(bx - 0.32, by - 0.17, 0.64, 0.34, 0.15);
  fillBadge(ctx, count >= 5 ? DANGER : "#1d140c", 0.03, `${count}/6`, bx, by + 0.01, 0.25);
  ctx.restore();
}

/** An empty space next to an Elder: a faint outline with a hollow dot (a liberty). */
export function paintLiberty(ctx, x, y) {
  ctx.save();
  ctx.beginPath();
  hexPath(ctx, x, y, FACE * 0.92);
  ctx.setLineDash([0.12, 0.1]);
  ctx.lineWidth = 0.04;
  ctx.strokeStyle = "rgba(255,240,210,0.35)";
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.beginPath();
  ctx.arc(x, y, 0.1, 0, Math.PI * 2);
  ctx.lineWidth = 0.04;
  ctx.strokeStyle = "rgba(255,240,210,0.55)";
  ctx.stroke();
  ctx.restore();
}

/** A hint's colour: where the suggested move starts and ends, and its arrow. */
export const SUGGEST = "#f0a418";

/** Where the last move started (dashed) or ended (a glow under the tile); `colour`: a hint's instead. */
export function paintLastMove(ctx, x, y, kind, colour = LAST) {
  ctx.save();
  ctx.beginPath();
  if (kind === "from") {
    hexPath(ctx, x, y, FACE * 0.95);
    ctx.setLineDash([0.16, 0.1]);
    ctx.lineWidth = 0.08;
    ctx.strokeStyle = colour;
    ctx.stroke();
  } else {
    hexPath(ctx, x, y + 0.02, FACE + 0.1);
    ctx.lineWidth = 0.1;
    ctx.strokeStyle = colour;
    ctx.shadowColor = colour;
    ctx.shadowBlur = 0;
    ctx.stroke();
  }
  ctx.restore();
}

export function paintArrow(ctx, a, b, colour = LAST) {
  const dx = b.x - a.x, dy = b.y - a.y;
  const len = Math.hypot(dx, dy);
  if (len < 0.5) return;
  const ux = dx / len, uy = dy / len;
  const sx = a.x + ux * 0.35, sy = a.y + uy * 0.35;
  const ex = b.x - ux * 0.55, ey = b.y - uy * 0.55;
  ctx.save();
  ctx.strokeStyle = colour;
  ctx.fillStyle = colour;
  ctx.globalAlpha = 0.85;
  ctx.lineWidth = 0.07;
  ctx.setLineDash([0.14, 0.1]);
  ctx.beginPath();
  ctx.moveTo(sx, sy);
  ctx.lineTo(ex, ey);
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.beginPath();
  ctx.moveTo(ex + ux * 0.2, ey + uy * 0.2);
  ctx.lineTo(ex - uy * 0.13, ey + ux * 0.13);
  ctx.lineTo(ex + uy * 0.13, ey - ux * 0.13);
  ctx.closePath();
  ctx.fill();
  ctx.restore();
}

/** A ring where the lifted tile may go; `focus` draws it bolder with a fill. */
export function paintRing(ctx, x, y, { focus = false, climb = false } = {}) {
  ctx.save();
  ctx.beginPath();
  ctx.arc(x, y, 0.56, 0, Math.PI * 2);
  ctx.fillStyle = focus ? "rgba(255,211,77,0.5)" : "rgba(255,226,140,0.26)";
  ctx.fill();
  ctx.lineWidth = focus ? 0.2 : 0.13;
  ctx.strokeStyle = "rgba(20,14,8,0.6)";
  ctx.stroke();
  ctx.lineWidth = focus ? 0.13 : 0.08;
  ctx.strokeStyle = RING;
  ctx.stroke();
  if (climb) {
    // An Owl climbing: a small upward chevron says "on top".
    ctx.beginPath();
    ctx.moveTo(x - 0.18, y + 0.06);
    ctx.lineTo(x, y - 0.14);
    ctx.lineTo(x + 0.18, y + 0.06);
    ctx.lineWidth = 0.09;
    ctx.stroke();
  }
  ctx.restore();
}

/** A glow round a hex face (the lifted tile, or the item with keyboard focus). */
export function paintHalo(ctx, x, y, colour, width = 0.1) {
  ctx.save();
  ctx.beginPath();
  hexPath(ctx, x, y, FACE + 0.08);
  ctx.lineWidth = width;
  ctx.strokeStyle = colour;
  ctx.stroke();
  ctx.restore();
}

/** A small supply pile: up to three tiles drawn as a leaning stack (for the pile buttons). */
export function paintPile(ctx, w, h, creature, colour, count, dpr) {
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, w, h);
  const size = Math.min(w / (2 * FACE * 0.9), h / (2 * FACE + 0.6)) * 0.92;
  ctx.setTransform(dpr * size, 0, 0, dpr * size, (dpr * w) / 2, (dpr * h) / 2 + dpr * size * 0.2);
  const shown = Math.max(1, Math.min(count, 3));
  const tiles = Array.from({ length: shown }, () => ({ colour, creature, name: `${colour}${creature}` }));
  ctx.globalAlpha = count ? 1 : 0.25;
  paintStack(ctx, 0, 0, tiles, { seedBase: "pile" });
  ctx.globalAlpha = 1;
}

export { DIRS };
