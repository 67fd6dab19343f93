// Pointy-top axial hex geometry, in world units where a hex's corner radius is 1
// (the engine's view uses the same axes: E=[1,0], SE=[0,1], SW=[-1,1], W=[-1,0], NW=[0,-1], NE=[1,-1]).

export const SQRT3 = Math.sqrt(3);

/** Neighbour offsets clockwise from east (E, SE, SW, W, NW, NE). */
export const DIRS = [[1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]];

export const key = (q, r) => `${q},${r}`;

export function centre(q, r) {
  return { x: SQRT3 * (q + r / 2), y: 1.5 * r };
}

/** The hex holding world point (x, y). */
export function cellAt(x, y) {
  const fq = (SQRT3 / 3) * x - y / 3;
  const fr = (2 / 3) * y;
  const fs = -fq - fr;
  let q = Math.round(fq), r = Math.round(fr);
  const s = Math.round(fs);
  const dq = Math.abs(q - fq), dr = Math.abs(r - fr), ds = Math.abs(s - fs);
  if (dq > dr && dq > ds) q = -r - s;
  else if (dr > ds) r = -q - s;
  return { q, r };
}

/** Corner points of a pointy-top hex of radius `size` centred at (x, y), starting at the top. */
export function corners(x, y, size) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * (60 * i - 90);
    pts.push([x + size * Math.cos(a), y + size * Math.sin(a)]);
  }
  return pts;
}

/** Trace a hex with slightly rounded corners onto ctx (no beginPath/fill). */
export function hexPath(ctx, x, y, size, round = 0.12) {
  const pts = corners(x, y, size);
  const rr = size * round;
  ctx.moveTo((pts[5][0] + pts[0][0]) / 2, (pts[5][1] + pts[0][1]) / 2);
  for (let i = 0; i < 6; i++) {
    const p = pts[i], n = pts[(i + 1) % 6];
    ctx.arcTo(p[0], p[1], n[0], n[1], rr);
  }
  ctx.closePath();
}

export function neighbours(q, r) {
  return DIRS.map(([dq, dr]) => [q + dq, r + dr]);
}

/** World box around the given cells (plus `margin` world units). */
export function boundsOf(cells, margin = 1.2) {
  if (!cells.length) return { minX: -2.5, minY: -2.5, maxX: 2.5, maxY: 2.5 };
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const [q, r] of cells) {
    const c = centre(q, r);
    minX = Math.min(minX, c.x); maxX = Math.max(maxX, c.x);
    minY = Math.min(minY, c.y); maxY = Math.max(maxY, c.y);
  }
  return { minX: minX - margin, minY: minY - margin, maxX: maxX + margin, maxY: maxY + margin };
}
