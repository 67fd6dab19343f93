// Hollowmere tile geometry: where each region of a tile lies in the unit square, for a
// tile type and a rotation, built only from the tile set's region/slot data
// (design/hollowmere.md §1–§4: the engine's tiles.json, handed over in game_data). tileart.js paints it.
//
// Geometry lives in a unit square (x east, y south). The twelve slots run clockwise round
// the rim from the north-west corner (N0 N1 N2 E0 … W2), so slot s covers the rim stretch
// [s, s+1) of a perimeter parameter u ∈ [0, 12). A rotation r moves listed slot Xk to slot k
// of side (X + r) mod 4; we rotate the *slots* rather than the canvas so that mountain peaks,
// roofs and lanterns always stand upright whichever way the tile is turned.

const SIDE = { N: 0, E: 1, S: 2, W: 3 };
export const C = [0.5, 0.5];
const TRAIL_W = 0.1;
const RIVER_W = 0.13;

export const SEAT_COLOURS = ["#2563c9", "#f29e1f", "#8e44ad", "#f4f1ea", "#2b2b2b"];
export const SEAT_INK = ["#ffffff", "#2b1d10", "#ffffff", "#2b1d10", "#ffffff"];

// --- the tile set ---------------------------------------------------------------------

const indexedSets = new WeakMap();

/**
 * The tile set as the rules engine loads it (py_engine/games/hollowmere/tiles.json, with the
 * Portuguese tile names), from the game's static data (the bridge's `game_data`, which the page
 * hands its board): there is no second copy in the web folder. Indexed once per page:
 * {version, byId, tiles, start, names}.
 */
export function tileset(data) {
  if (!data || !Array.isArray(data.tiles)) throw new Error("no tile set in the engine's answer");
  if (!indexedSets.has(data)) {
    const byId = {};
    for (const t of data.tiles) byId[t.id] = t;
    indexedSets.set(data, { version: data.version, byId, tiles: data.tiles, start: data.start, names: data.names || {} });
  }
  return indexedSets.get(data);
}

// --- rim geometry ---------------------------------------------------------------------

function slotIndex(name) {
  return SIDE[name[0]] * 3 + Number(name[1]);
}

function shown(slot, r) {
  return ((Math.floor(slot / 3) + r) % 4) * 3 + (slot % 3);
}

/** The rim point at perimeter parameter u (0..12, clockwise from the north-west corner). */
export function rim(u) {
  u = ((u % 12) + 12) % 12;
  const d = Math.floor(u / 3), f = (u - 3 * d) / 3;
  if (d === 0) return [f, 0];
  if (d === 1) return [1, f];
  if (d === 2) return [1 - f, 1];
  return [0, 1 - f];
}

const INWARD = [[0, 1], [-1, 0], [0, -1], [1, 0]];
const lerp = (a, b, t) => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
export const dist = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** A path as plain commands in unit space, turned into Path2D on demand. */
function toPath(cmds) {
  const p = new Path2D();
  for (const c of cmds) {
    if (c[0] === "M") p.moveTo(c[1], c[2]);
    else if (c[0] === "L") p.lineTo(c[1], c[2]);
    else if (c[0] === "Q") p.quadraticCurveTo(c[1], c[2], c[3], c[4]);
    else if (c[0] === "C") p.bezierCurveTo(c[1], c[2], c[3], c[4], c[5], c[6]);
    else if (c[0] === "Z") p.closePath();
  }
  return p;
}

/**
 * An area region (burgh, mountain) covering whole sides: its rim stretches, joined across
 * each uncovered stretch by a curve bowing into the tile. Returns the fill commands, the
 * wall (the curves only, so neighbouring tiles meet without a seam) and each gap's inner
 * point (a gate sits there).
 */
function areaShape(slots, noMeadow) {
  const set = new Set(slots);
  if (set.size === 12) {
    return { fill: [["M", 0, 0], ["L", 1, 0], ["L", 1, 1], ["L", 0, 1], ["Z"]], wall: [], gaps: [] };
  }
  const starts = [];
  for (let s = 0; s < 12; s++) if (set.has(s) && !set.has((s + 11) % 12)) starts.push(s);
  const runs = starts.map((a) => {
    let b = a;
    while (set.has(b % 12)) b++;
    return [a, b];
  });
  const fill = [];
  const wall = [];
  const gaps = [];
  runs.forEach(([a, b], i) => {
    const p0 = rim(a);
    if (i === 0) fill.push(["M", ...p0]);
    for (let u = Math.floor(a / 3) * 3 + 3; u < b; u += 3) fill.push(["L", ...rim(u)]);
    const pb = rim(b);
    fill.push(["L", ...pb]);
    const next = runs[(i + 1) % runs.length][0];
    const g = ((next - b) % 12 + 12) % 12 || 12;
    const pa = rim(next);
    const gm = rim(b + g / 2);
    const s = noMeadow ? null : g <= 3 ? 0.5 : g <= 6 ? -0.1 : -0.4;
    const q = s === null ? lerp(pb, pa, 0.5) : lerp(C, gm, s);
    const mid = lerp(pb, pa, 0.5);
    const ctrl = [2 * q[0] - mid[0], 2 * q[1] - mid[1]];
    fill.push(["Q", ...ctrl, ...pa]);
    wall.push(["M", ...pb], ["Q", ...ctrl, ...pa]);
    gaps.push({ from: b, len: g, inner: q, mid: gm });
  });
  fill.push(["Z"]);
  return { fill, wall, gaps };
}

/** Centre line from a side's middle slot to another side's middle slot. */
function throughLine(sa, sb) {
  const da = Math.floor(sa / 3), db = Math.floor(sb / 3);
  const pa = rim(sa + 0.5), pb = rim(sb + 0.5);
  if ((da + 2) % 4 === db) return { cmds: [["M", ...pa], ["L", ...pb]], mid: lerp(pa, pb, 0.5) };
  // Adjacent sides: a quarter circle of radius ½ round their shared corner.
  const k = 0.5523 * 0.5;
  const c1 = [pa[0] + INWARD[da][0] * k, pa[1] + INWARD[da][1] * k];
  const c2 = [pb[0] + INWARD[db][0] * k, pb[1] + INWARD[db][1] * k];
  const mid = [
    0.125 * pa[0] + 0.375 * c1[0] + 0.375 * c2[0] + 0.125 * pb[0],
    0.125 * pa[1] + 0.375 * c1[1] + 0.375 * c2[1] + 0.125 * pb[1],
  ];
  return { cmds: [["M", ...pa], ["C", ...c1, ...c2, ...pb]], mid };
}

// --- a placement's geometry (tile type + rotation), cached ------------------------------

const geoCache = new Map();
let probe = null;

function probeCtx() {
  if (!probe) {
    const c = typeof OffscreenCanvas !== "undefined" ? new OffscreenCanvas(4, 4) : document.createElement("canvas");
    probe = c.getContext("2d");
  }
  return probe;
}

/**
 * Everything needed to draw and to point at the regions of `tile` turned `r` times:
 * areas, lines (trails, rivers), features at points (stones, gates, shrine, spring, pool),
 * and for each region id an anchor where its Warden stands.
 */
export function geometry(tile, r) {
  const key = `${tile.id}/${r}`;
  let g = geoCache.get(key);
  if (!g) {
    g = buildGeometry(tile, r);
    geoCache.set(key, g);
  }
  return g;
}

function buildGeometry(tile, r) {
  const regions = tile.regions.map((reg) => ({
    ...reg,
    shown: reg.slots.map((s) => shown(slotIndex(s), r)).sort((a, b) => a - b),
  }));
  const noMeadow = !regions.some((reg) => reg.kind === "meadow");
  const areas = [];
  for (const reg of regions) {
    if (reg.kind !== "burgh" && reg.kind !== "mountain") continue;
    const sh = areaShape(reg.shown, noMeadow);
    areas.push({ id: reg.id, kind: reg.kind, seal: !!reg.seal, fill: toPath(sh.fill), wall: toPath(sh.wall),
      hasWall: sh.wall.length > 0, gaps: sh.gaps, slots: reg.shown });
  }
  // Where point features sit: the middle, nudged away from area regions so a shrine or a
  // pool does not crowd a burgh or a mountain.
  let away = [0, 0];
  for (const a of areas) {
    for (const s of a.slots) {
      const p = rim(s + 0.5);
      away = [away[0] + (C[0] - p[0]), away[1] + (C[1] - p[1])];
    }
  }
  const al = Math.hypot(away[0], away[1]);
  const centre = al > 1e-6 ? [C[0] + (away[0] / al) * 0.1, C[1] + (away[1] / al) * 0.1] : C.slice();

  const lines = [];
  const points = { stones: [], gates: [], shrine: null, spring: null, pool: null };
  const anchors = {};
  const shrineReg = regions.find((reg) => reg.kind === "shrine");
  if (shrineReg) {
    points.shrine = centre;
    anchors[shrineReg.id] = centre;
  }
  for (const reg of regions) {
    if (reg.kind !== "trail" && reg.kind !== "river") continue;
    const width = reg.kind === "trail" ? TRAIL_W : RIVER_W;
    if (reg.shown.length === 2) {
      const l = throughLine(reg.shown[0], reg.shown[1]);
      lines.push({ id: reg.id, kind: reg.kind, width, path: toPath(l.cmds), cmds: l.cmds });
      anchors[reg.id] = l.mid;
      continue;
    }
    if (reg.shown.length === 3) {
      // A river fork: every arm runs to a meeting pool in the middle.
      const cmds = [];
      for (const s of reg.shown) cmds.push(["M", ...rim(s + 0.5)], ["L", ...C]);
      lines.push({ id: reg.id, kind: reg.kind, width, path: toPath(cmds), cmds, fork: true });
      anchors[reg.id] = C;
      continue;
    }
    const s = reg.shown[0];
    const edge = rim(s + 0.5);
    let end = C;
    if (reg.kind === "trail" && reg.ends === "burgh") {
      const d = Math.floor(s / 3);
      let best = null;
      for (const a of areas) {
        if (a.kind !== "burgh") continue;
        for (const gp of a.gaps) {
          const inGap = ((s - gp.from) % 12 + 12) % 12 < gp.len;
          if (inGap && (!best || dist(gp.inner, edge) < dist(best, edge))) best = gp.inner;
        }
      }
      end = best || lerp(edge, C, 0.5);
      points.gates.push({ at: end, dir: d });
    } else if (reg.kind === "trail" && reg.ends === "shrine") {
      end = points.shrine || C;
    } else if (reg.kind === "trail") {
      end = C;
      if (!points.stones.some((p) => dist(p, C) < 1e-6)) points.stones.push(C);
    } else if (reg.aquifer) {
      end = lerp(C, edge, 0.1);
      points.pool = end;
    } else if (reg.spring) {
      end = lerp(C, edge, 0.05);
      points.spring = end;
    }
    const cmds = [["M", ...edge], ["L", ...end]];
    lines.push({ id: reg.id, kind: reg.kind, width, path: toPath(cmds), cmds, end });
    anchors[reg.id] = reg.aquifer ? end : lerp(edge, end, reg.ends === "crossing" ? 0.42 : 0.5);
  }
  const geo = { tile, r, regions, areas, lines, points, anchors, noMeadow, centre };
  sampleRegions(geo);
  return geo;
}

// --- sampling: which region owns each point of a small grid -----------------------------

const N = 30;

let nearOffsets = null;
/** Every grid step (dx, dy) with its length in unit space, flat [dx, dy, d, …], shortest first. */
function nearestFirst() {
  if (!nearOffsets) {
    const all = [];
    for (let dy = 1 - N; dy < N; dy++) for (let dx = 1 - N; dx < N; dx++) if (dx || dy) all.push([dx, dy, Math.hypot(dx, dy) / N]);
    all.sort((a, b) => a[2] - b[2]);
    nearOffsets = new Float64Array(all.flat());
  }
  return nearOffsets;
}

/**
 * Label a N×N grid of sample points with the region that owns them (meadows by flood fill
 * from their rim slots, so meadows split exactly where trails, rivers and walls split them),
 * then put each area's and meadow's anchor where it is farthest from anything else.
 */
function sampleRegions(geo) {
  const ctx = probeCtx();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  const own = new Array(N * N).fill(null);
  const at = (i) => [((i % N) + 0.5) / N, (Math.floor(i / N) + 0.5) / N];
  const pointR = [];
  if (geo.points.shrine) pointR.push([geo.points.shrine, 0.13, "shrine"]);
  if (geo.points.pool) pointR.push([geo.points.pool, 0.17, "pool"]);
  if (geo.points.spring) pointR.push([geo.points.spring, 0.08, "spring"]);
  for (const s of geo.points.stones) pointR.push([s, 0.09, "stone"]);
  // A sample belongs to the last point feature it lies in, else to the first line whose stroke
  // holds it, else to the last area whose wall or fill does. Line by line and area by area (not
  // sample by sample), so the probe's stroke width is set once per shape.
  const open = [];
  for (let i = 0; i < N * N; i++) {
    const p = at(i);
    let o = null;
    for (const [c, rad, name] of pointR) if (dist(p, c) < rad) o = `#${name}`;
    own[i] = o;
    if (!o) open.push(i);
  }
  const claim = (test) => {
    let w = 0;
    for (const i of open) {
      const o = test(at(i));
      if (o) own[i] = o;
      else open[w++] = i;
    }
    open.length = w;
  };
  ctx.lineCap = "butt";
  for (const l of geo.lines) {
    ctx.lineWidth = l.width + 0.03;
    claim((p) => (ctx.isPointInStroke(l.path, p[0], p[1]) ? l.id : null));
  }
  ctx.lineWidth = 0.05;
  for (let k = geo.areas.length - 1; k >= 0; k--) {
    const a = geo.areas[k];
    claim((p) => ((a.hasWall && ctx.isPointInStroke(a.wall, p[0], p[1])) ? "#wall"
      : ctx.isPointInPath(a.fill, p[0], p[1]) ? a.id : null));
  }
  for (const reg of geo.regions) {
    if (reg.kind !== "meadow") continue;
    const queue = [];
    for (const s of reg.shown) {
      for (const t of [0.2, 0.5, 0.8]) {
        const p = rim(s + t);
        const d = Math.floor(s / 3);
        const q = [p[0] + INWARD[d][0] * 0.02, p[1] + INWARD[d][1] * 0.02];
        const i = Math.min(N - 1, Math.floor(q[1] * N)) * N + Math.min(N - 1, Math.floor(q[0] * N));
        if (own[i] === null) { own[i] = reg.id; queue.push(i); }
      }
    }
    for (let qi = 0; qi < queue.length; qi++) {
      const i = queue[qi], x = i % N, y = Math.floor(i / N);
      for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
        const nx = x + dx, ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= N || ny >= N) continue;
        const j = ny * N + nx;
        if (own[j] === null) { own[j] = reg.id; queue.push(j); }
      }
    }
  }
  geo.grid = own;
  // Clearance of each sample from every other owner and from the rim: the other samples are
  // visited nearest first and the search stops once they are farther than the best so far, so
  // the minimum is the same as over every sample at a small part of the cost.
  const clear = new Float32Array(N * N);
  const near = nearestFirst();
  for (let i = 0; i < N * N; i++) {
    const p = at(i);
    const x = i % N, y = Math.floor(i / N);
    let m = Math.min(p[0], p[1], 1 - p[0], 1 - p[1]);
    for (let k = 0; k < near.length; k += 3) {
      if (near[k + 2] > m + 1e-9) break;
      const nx = x + near[k], ny = y + near[k + 1];
      if (nx < 0 || ny < 0 || nx >= N || ny >= N) continue;
      const j = ny * N + nx;
      if (own[j] === own[i]) continue;
      const d = dist(p, at(j));
      if (d < m) m = d;
    }
    clear[i] = m;
  }
  geo.clear = clear;
  geo.sampleAt = at;
  for (const reg of geo.regions) {
    if (reg.kind !== "meadow" && reg.kind !== "burgh" && reg.kind !== "mountain") continue;
    let best = -1, bestScore = -Infinity;
    for (let i = 0; i < N * N; i++) {
      if (own[i] !== reg.id) continue;
      const score = Math.min(clear[i], 0.16) - 0.08 * dist(at(i), C);
      if (score > bestScore) { bestScore = score; best = i; }
    }
    if (best >= 0) geo.anchors[reg.id] = at(best);
    else {
      const ps = reg.shown.map((s) => rim(s + 0.5));
      const avg = ps.reduce((a, p) => [a[0] + p[0] / ps.length, a[1] + p[1] / ps.length], [0, 0]);
      geo.anchors[reg.id] = lerp(avg, C, 0.3);
    }
  }
  // A charter seal: in its burgh, clear of the Warden's spot.
  for (const a of geo.areas) {
    if (!a.seal) continue;
    const w = geo.anchors[a.id];
    let best = -1, bestScore = -Infinity;
    for (let i = 0; i < N * N; i++) {
      if (own[i] !== a.id) continue;
      const d = dist(at(i), w);
      if (clear[i] < 0.075 || d < 0.13) continue;
      const score = Math.min(clear[i], 0.12) - Math.abs(d - 0.17);
      if (score > bestScore) { bestScore = score; best = i; }
    }
    a.sealAt = best >= 0 ? at(best) : w;
  }
}

// --- deterministic decoration ------------------------------------------------------------

export function rng(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13; s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5; s >>>= 0;
    return s / 4294967296;
  };
}

export function hashStr(text) {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** Sample points owned by `id` with at least `minClear` room, in a seeded random order. */
export function spots(geo, test, minClear, rand) {
  const out = [];
  for (let i = 0; i < N * N; i++) if (test(geo.grid[i]) && geo.clear[i] >= minClear) out.push(i);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out.map((i) => geo.sampleAt(i));
}

export function spaced(points, minGap, max) {
  const keep = [];
  for (const p of points) {
    if (keep.length >= max) break;
    if (keep.every((k) => dist(k, p) >= minGap)) keep.push(p);
  }
  return keep;
}

