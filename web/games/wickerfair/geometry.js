// The Wickerfair valley's geometry, built once from the engine's static data (game_data): pointy-top
// hexes in axial (q, r) with x = √3·(q + r/2), y = 1.5·r (§2.1), scaled to SIZE world units per hex
// radius; the stream edges as segments; the five homes off the map beside their two entry hexes.
// Nothing here knows a rule beyond where things are drawn.

export const SIZE = 50;
const SQ3 = Math.sqrt(3);

export function centreOf(q, r) {
  return { x: SIZE * SQ3 * (q + r / 2), y: SIZE * 1.5 * r };
}

/** The six corners of a pointy-top hex around (x, y), radius `size`. */
export function corners(x, y, size = SIZE) {
  const out = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * (60 * i - 30);
    out.push({ x: x + size * Math.cos(a), y: y + size * Math.sin(a) });
  }
  return out;
}

/** The hex (id) under a world point, by rounding its fractional axial coordinates. */
export function hexAt(geo, x, y) {
  const q = ((SQ3 / 3) * x - y / 3) / SIZE;
  const r = ((2 / 3) * y) / SIZE;
  let rx = Math.round(q), rz = Math.round(r), ry = Math.round(-q - r);
  const dx = Math.abs(rx - q), dz = Math.abs(rz - r), dy = Math.abs(ry + q + r);
  if (dx > dy && dx > dz) rx = -ry - rz;
  else if (dy <= dz) rz = -rx - ry;
  const h = geo.byQR.get(`${rx},${rz}`);
  return h ? h.id : null;
}

export function buildGeometry(data) {
  const hexes = new Map();
  const byQR = new Map();
  for (const h of data.hexes) {
    const c = centreOf(h.q, h.r);
    const hex = { ...h, x: c.x, y: c.y, pts: corners(c.x, c.y), streams: [] };
    hexes.set(h.id, hex);
    byQR.set(`${h.q},${h.r}`, hex);
  }
  const streams = [];
  for (const s of data.streams) {
    for (const [a, b] of s.edges) {
      const A = hexes.get(a), B = hexes.get(b);
      const mx = (A.x + B.x) / 2, my = (A.y + B.y) / 2;
      const dx = B.x - A.x, dy = B.y - A.y;
      const len = Math.hypot(dx, dy);
      const px = -dy / len, py = dx / len;
      const half = SIZE / 2;
      const seg = { name: s.name, a, b, x1: mx + px * half, y1: my + py * half, x2: mx - px * half, y2: my - py * half };
      streams.push(seg);
      A.streams.push(b);
      B.streams.push(a);
    }
  }
  // Homes: beyond the middle of their two entry hexes, away from the Old Mill.
  const homes = [];
  data.clans.forEach((clan, i) => {
    const home = data.homes.find((x) => x.position === clan.home);
    const [e1, e2] = home.entries.map((id) => hexes.get(id));
    const mx = (e1.x + e2.x) / 2, my = (e1.y + e2.y) / 2;
    const d = Math.hypot(mx, my) || 1;
    const out = SIZE * 1.95;
    homes.push({ clan: i, position: home.position, entries: home.entries, x: mx + (mx / d) * out, y: my + (my / d) * out });
  });
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const h of hexes.values()) {
    minX = Math.min(minX, h.x - SIZE); maxX = Math.max(maxX, h.x + SIZE);
    minY = Math.min(minY, h.y - SIZE); maxY = Math.max(maxY, h.y + SIZE);
  }
  for (const h of homes) {
    minX = Math.min(minX, h.x - 44); maxX = Math.max(maxX, h.x + 44);
    minY = Math.min(minY, h.y - 30); maxY = Math.max(maxY, h.y + 30);
  }
  return { data, hexes, byQR, streams, homes, bounds: { minX, minY, maxX, maxY } };
}

/** The world box around some hexes (and homes by clan index), padded. */
export function boxOf(geo, ids, homeClans = [], pad = SIZE * 0.9) {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  const add = (x, y) => { minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y); };
  for (const id of ids) {
    const h = geo.hexes.get(id);
    if (h) add(h.x, h.y);
  }
  for (const c of homeClans) {
    const h = geo.homes.find((x) => x.clan === c);
    if (h) add(h.x, h.y);
  }
  if (minX === Infinity) return null;
  return { minX: minX - pad, minY: minY - pad, maxX: maxX + pad, maxY: maxY + pad };
}

/** The home (of a clan index) under a world point, or null. */
export function homeAt(geo, x, y) {
  for (const h of geo.homes) if (Math.abs(x - h.x) < 34 && Math.abs(y - h.y) < 28) return h;
  return null;
}
