// Hollowmere tile drawing: every picture of a tile (the valley, the tile in hand, the
// rules page gallery) comes from here, painted over the geometry of tilegeometry.js.

import { C, SEAT_COLOURS, dist, geometry, hashStr, rim, rng, spaced, spots } from "./tilegeometry.js";

// The renderer and the picture script take everything tile-shaped from this one module.
export { tileset, geometry, SEAT_COLOURS, SEAT_INK } from "./tilegeometry.js";

// --- painting --------------------------------------------------------------------------

const COL = {
  meadow: "#9cc46a", meadowDark: "#86b257", grass: "#6e9b45", flower: ["#f4e38a", "#f7f3ea", "#e9a3c0"],
  tree: "#4f7d3a", treeDark: "#3b6530",
  burgh: "#e2cf9f", burghShade: "#cdb47f", wall: "#6d5a44", wallLight: "#a48d6a",
  roof: ["#b5533c", "#9c4a3a", "#c2703f", "#8b5a3c"],
  rock: "#9b8f7e", rockDark: "#7b6f60", snow: "#f5f6f2",
  trail: "#e6d3a3", trailEdge: "#a88b5a", stone: "#8d8d8a",
  water: "#4f93c9", waterLight: "#8cc3ea", bank: "#3a6f96",
  seal: "#b3261e", lantern: "#ffd35a",
};

/**
 * Draw a tile in unit space: the caller has translated/scaled `ctx` so that the tile is the
 * square (0,0)–(1,1). `variant` (any integer) varies the decoration between copies.
 */
export function paintTile(ctx, tile, r, variant = 0) {
  const geo = geometry(tile, r);
  const rand = rng(hashStr(`${tile.id}/${r}/${variant}`));
  ctx.save();
  ctx.beginPath();
  ctx.rect(0, 0, 1, 1);
  ctx.clip();
  ctx.lineJoin = "round";

  // Meadow ground with a soft light from the north-west.
  const grd = ctx.createLinearGradient(0, 0, 1, 1);
  grd.addColorStop(0, COL.meadow);
  grd.addColorStop(1, COL.meadowDark);
  ctx.fillStyle = grd;
  ctx.fillRect(0, 0, 1, 1);
  const isMeadow = (o) => typeof o === "string" && /^m\d/.test(o);
  for (const p of spaced(spots(geo, isMeadow, 0.05, rand), 0.09, 9)) {
    const k = rand();
    if (k < 0.55) grassTuft(ctx, p);
    else flower(ctx, p, COL.flower[Math.floor(rand() * COL.flower.length)]);
  }
  const treeSpots = spaced(spots(geo, isMeadow, 0.12, rand), 0.2, 2);
  if (rand() < 0.7) for (const p of treeSpots.slice(0, 1 + Math.floor(rand() * 2))) tree(ctx, p, 0.06 + rand() * 0.02);

  // Mountains.
  for (const a of geo.areas) {
    if (a.kind !== "mountain") continue;
    const mg = ctx.createLinearGradient(0, 0, 0, 1);
    mg.addColorStop(0, "#a89c8a");
    mg.addColorStop(1, COL.rockDark);
    ctx.fillStyle = mg;
    ctx.fill(a.fill);
    ctx.save();
    ctx.clip(a.fill);
    const peaks = spaced(spots(geo, (o) => o === a.id, 0.07, rand), 0.16, 4)
      .sort((p, q) => p[1] - q[1]);
    for (const p of peaks) peak(ctx, p, 0.12 + rand() * 0.05);
    ctx.restore();
    if (a.hasWall) {
      ctx.strokeStyle = "rgba(70,60,45,.55)";
      ctx.lineWidth = 0.02;
      ctx.stroke(a.wall);
    }
  }

  // Rivers, then trails over them (a bridge carries the trail across).
  for (const l of geo.lines) {
    if (l.kind === "river") band(ctx, l, COL.bank, 0.03, COL.water, ["rgba(200,230,250,.55)", 0.015, [0.05, 0.07]]);
  }
  if (geo.lines.some((l) => l.fork)) {
    disc(ctx, C, 0.1, COL.bank);
    disc(ctx, C, 0.085, COL.water);
  }
  if (geo.points.spring) spring(ctx, geo.points.spring);
  if (geo.points.pool) pool(ctx, geo.points.pool);

  const hasRiver = geo.lines.some((l) => l.kind === "river");
  for (const l of geo.lines) {
    if (l.kind === "trail") band(ctx, l, COL.trailEdge, 0.025, COL.trail, ["rgba(150,120,80,.35)", 0.012, [0.03, 0.05]]);
  }
  // A bridge: a straight trail crossing a straight river (the Bridge tile).
  const straight = (l) => l.cmds.length === 2 && l.cmds[1][0] === "L" && !l.end;
  if (hasRiver && geo.lines.some((l) => l.kind === "trail" && straight(l))
      && geo.lines.some((l) => l.kind === "river" && straight(l))) {
    bridgeDeck(ctx, geo);
  }
  for (const s of geo.points.stones) crossingStone(ctx, s);

  // Burghs: stone ground, roofs, then the wall along the inner edge.
  for (const a of geo.areas) {
    if (a.kind !== "burgh") continue;
    const bg = ctx.createLinearGradient(0, 0, 1, 1);
    bg.addColorStop(0, COL.burgh);
    bg.addColorStop(1, COL.burghShade);
    ctx.fillStyle = bg;
    ctx.fill(a.fill);
    ctx.save();
    ctx.clip(a.fill);
    const homes = spaced(spots(geo, (o) => o === a.id, 0.06, rand), 0.11, 7).sort((p, q) => p[1] - q[1]);
    for (const p of homes) {
      if (a.sealAt && dist(p, a.sealAt) < 0.1) continue;
      house(ctx, p, 0.07 + rand() * 0.025, COL.roof[Math.floor(rand() * COL.roof.length)]);
    }
    ctx.restore();
    if (a.hasWall) {
      ctx.lineCap = "round";
      ctx.strokeStyle = COL.wall;
      ctx.lineWidth = 0.05;
      ctx.stroke(a.wall);
      ctx.strokeStyle = COL.wallLight;
      ctx.lineWidth = 0.018;
      ctx.setLineDash([0.025, 0.02]);
      ctx.stroke(a.wall);
      ctx.setLineDash([]);
    }
  }
  for (const g of geo.points.gates) gate(ctx, g.at);
  for (const a of geo.areas) if (a.seal) seal(ctx, a.sealAt);
  if (geo.points.shrine) shrine(ctx, geo.points.shrine);
  ctx.restore();
  return geo;
}

/** A river or trail: an edge a little wider than the band, the band, and a dashed sheen along it. */
function band(ctx, line, edge, edgeExtra, fill, [sheen, sheenWidth, dash]) {
  ctx.lineCap = "butt";
  ctx.strokeStyle = edge;
  ctx.lineWidth = line.width + edgeExtra;
  ctx.stroke(line.path);
  ctx.strokeStyle = fill;
  ctx.lineWidth = line.width;
  ctx.stroke(line.path);
  ctx.strokeStyle = sheen;
  ctx.lineWidth = sheenWidth;
  ctx.setLineDash(dash);
  ctx.stroke(line.path);
  ctx.setLineDash([]);
}

function disc(ctx, p, rad, fill) {
  ctx.beginPath();
  ctx.arc(p[0], p[1], rad, 0, Math.PI * 2);
  ctx.fillStyle = fill;
  ctx.fill();
}

function grassTuft(ctx, [x, y]) {
  ctx.strokeStyle = COL.grass;
  ctx.lineWidth = 0.008;
  ctx.lineCap = "round";
  ctx.beginPath();
  for (const dx of [-0.015, 0, 0.015]) {
    ctx.moveTo(x + dx * 0.5, y);
    ctx.lineTo(x + dx, y - 0.025 - Math.abs(dx));
  }
  ctx.stroke();
}

function flower(ctx, [x, y], colour) {
  disc(ctx, [x, y], 0.009, colour);
  disc(ctx, [x + 0.02, y + 0.012], 0.007, colour);
}

function tree(ctx, [x, y], s) {
  ctx.fillStyle = "rgba(30,50,20,.25)";
  ctx.beginPath();
  ctx.ellipse(x + s * 0.3, y + s * 0.8, s * 0.9, s * 0.35, 0, 0, Math.PI * 2);
  ctx.fill();
  disc(ctx, [x, y], s, COL.treeDark);
  disc(ctx, [x - s * 0.2, y - s * 0.25], s * 0.7, COL.tree);
}

function peak(ctx, [x, y], s) {
  const base = y + s * 0.5;
  ctx.beginPath();
  ctx.moveTo(x - s, base);
  ctx.lineTo(x, base - s * 1.1);
  ctx.lineTo(x + s, base);
  ctx.closePath();
  ctx.fillStyle = COL.rock;
  ctx.fill();
  ctx.beginPath();
  ctx.moveTo(x, base - s * 1.1);
  ctx.lineTo(x + s, base);
  ctx.lineTo(x + s * 0.15, base);
  ctx.closePath();
  ctx.fillStyle = COL.rockDark;
  ctx.fill();
  ctx.beginPath();
  ctx.moveTo(x - s * 0.35, base - s * 0.72);
  ctx.lineTo(x, base - s * 1.1);
  ctx.lineTo(x + s * 0.35, base - s * 0.72);
  ctx.lineTo(x + s * 0.12, base - s * 0.62);
  ctx.lineTo(x - s * 0.05, base - s * 0.76);
  ctx.lineTo(x - s * 0.18, base - s * 0.64);
  ctx.closePath();
  ctx.fillStyle = COL.snow;
  ctx.fill();
}

function house(ctx, [x, y], s, roof) {
  ctx.fillStyle = "rgba(60,40,20,.22)";
  ctx.fillRect(x - s * 0.5 + s * 0.12, y - s * 0.1 + s * 0.12, s, s * 0.62);
  ctx.fillStyle = "#efe3c4";
  ctx.fillRect(x - s * 0.5, y - s * 0.1, s, s * 0.6);
  ctx.beginPath();
  ctx.moveTo(x - s * 0.62, y - s * 0.05);
  ctx.lineTo(x, y - s * 0.62);
  ctx.lineTo(x + s * 0.62, y - s * 0.05);
  ctx.closePath();
  ctx.fillStyle = roof;
  ctx.fill();
  ctx.fillStyle = "#5a4030";
  ctx.fillRect(x - s * 0.1, y + s * 0.18, s * 0.2, s * 0.32);
}

function crossingStone(ctx, p) {
  disc(ctx, [p[0] + 0.01, p[1] + 0.012], 0.075, "rgba(40,30,20,.3)");
  disc(ctx, p, 0.075, COL.stone);
  disc(ctx, [p[0] - 0.015, p[1] - 0.018], 0.045, "#a9a9a4");
  ctx.strokeStyle = "#5d5d59";
  ctx.lineWidth = 0.012;
  ctx.beginPath();
  ctx.moveTo(p[0] - 0.03, p[1]);
  ctx.lineTo(p[0] + 0.03, p[1]);
  ctx.moveTo(p[0], p[1] - 0.03);
  ctx.lineTo(p[0], p[1] + 0.03);
  ctx.stroke();
}

function gate(ctx, [x, y]) {
  ctx.fillStyle = COL.wall;
  ctx.fillRect(x - 0.06, y - 0.05, 0.12, 0.08);
  ctx.beginPath();
  ctx.arc(x, y + 0.02, 0.035, Math.PI, 0);
  ctx.lineTo(x + 0.035, y + 0.035);
  ctx.lineTo(x - 0.035, y + 0.035);
  ctx.closePath();
  ctx.fillStyle = "#2d2218";
  ctx.fill();
}

function seal(ctx, [x, y]) {
  ctx.fillStyle = "rgba(60,10,5,.3)";
  ctx.beginPath();
  ctx.arc(x + 0.01, y + 0.012, 0.07, 0, Math.PI * 2);
  ctx.fill();
  ctx.beginPath();
  for (let i = 0; i <= 12; i++) {
    const a = (i / 12) * Math.PI * 2;
    const rad = 0.068 + (i % 2 ? 0.008 : -0.004);
    const px = x + Math.cos(a) * rad, py = y + Math.sin(a) * rad;
    if (i === 0) ctx.moveTo(px, py); else ctx.lineTo(px, py);
  }
  ctx.closePath();
  ctx.fillStyle = COL.seal;
  ctx.fill();
  disc(ctx, [x - 0.02, y - 0.022], 0.02, "rgba(255,150,130,.35)");
  // The lantern mark.
  ctx.strokeStyle = COL.lantern;
  ctx.fillStyle = COL.lantern;
  ctx.lineWidth = 0.009;
  ctx.beginPath();
  ctx.moveTo(x - 0.018, y - 0.022);
  ctx.lineTo(x + 0.018, y - 0.022);
  ctx.lineTo(x + 0.014, y + 0.024);
  ctx.lineTo(x - 0.014, y + 0.024);
  ctx.closePath();
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(x - 0.01, y - 0.03);
  ctx.lineTo(x, y - 0.042);
  ctx.lineTo(x + 0.01, y - 0.03);
  ctx.stroke();
  disc(ctx, [x, y + 0.002], 0.009, COL.lantern);
}

function shrine(ctx, [x, y]) {
  const glow = ctx.createRadialGradient(x, y - 0.02, 0.01, x, y - 0.02, 0.16);
  glow.addColorStop(0, "rgba(255,220,120,.8)");
  glow.addColorStop(1, "rgba(255,220,120,0)");
  ctx.fillStyle = glow;
  ctx.fillRect(x - 0.17, y - 0.19, 0.34, 0.34);
  ctx.fillStyle = "rgba(40,30,20,.3)";
  ctx.beginPath();
  ctx.ellipse(x + 0.015, y + 0.085, 0.075, 0.025, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = "#8a8579";
  ctx.fillRect(x - 0.06, y + 0.05, 0.12, 0.03);          // base
  ctx.fillRect(x - 0.018, y + 0.0, 0.036, 0.055);         // post
  ctx.fillStyle = "#6f6a5f";
  ctx.fillRect(x - 0.045, y - 0.055, 0.09, 0.06);         // lamp box
  ctx.fillStyle = "#ffd35a";
  ctx.fillRect(x - 0.025, y - 0.045, 0.05, 0.04);         // light
  ctx.beginPath();                                         // roof
  ctx.moveTo(x - 0.075, y - 0.05);
  ctx.lineTo(x, y - 0.105);
  ctx.lineTo(x + 0.075, y - 0.05);
  ctx.closePath();
  ctx.fillStyle = "#5b564c";
  ctx.fill();
  disc(ctx, [x, y - 0.112], 0.012, "#5b564c");
}

function spring(ctx, p) {
  disc(ctx, p, 0.07, COL.bank);
  disc(ctx, p, 0.055, COL.water);
  ctx.strokeStyle = "rgba(220,240,255,.8)";
  ctx.lineWidth = 0.01;
  for (const rad of [0.018, 0.036]) {
    ctx.beginPath();
    ctx.arc(p[0], p[1], rad, 0, Math.PI * 2);
    ctx.stroke();
  }
  for (const [dx, dy] of [[-0.07, -0.03], [0.065, -0.04], [0.02, -0.075]]) disc(ctx, [p[0] + dx, p[1] + dy], 0.022, "#8f8a80");
}

function pool(ctx, p) {
  ctx.beginPath();
  ctx.ellipse(p[0], p[1], 0.17, 0.14, 0, 0, Math.PI * 2);
  ctx.fillStyle = COL.bank;
  ctx.fill();
  ctx.beginPath();
  ctx.ellipse(p[0], p[1], 0.15, 0.12, 0, 0, Math.PI * 2);
  const g = ctx.createRadialGradient(p[0] - 0.04, p[1] - 0.04, 0.01, p[0], p[1], 0.15);
  g.addColorStop(0, "#9fd0f0");
  g.addColorStop(1, "#2f6f9e");
  ctx.fillStyle = g;
  ctx.fill();
  ctx.strokeStyle = "rgba(230,245,255,.6)";
  ctx.lineWidth = 0.008;
  ctx.beginPath();
  ctx.ellipse(p[0] + 0.03, p[1] + 0.03, 0.05, 0.03, 0, 0, Math.PI * 2);
  ctx.stroke();
  // Reeds at the rim.
  ctx.strokeStyle = "#4d6b2f";
  ctx.lineWidth = 0.008;
  ctx.beginPath();
  for (const dx of [-0.13, -0.11, 0.12]) {
    ctx.moveTo(p[0] + dx, p[1] - 0.04);
    ctx.lineTo(p[0] + dx + 0.01, p[1] - 0.1);
  }
  ctx.stroke();
}

function bridgeDeck(ctx, geo) {
  const river = geo.lines.find((l) => l.kind === "river");
  const trail = geo.lines.find((l) => l.kind === "trail");
  const [, x0, y0] = trail.cmds[0];
  const [, x1, y1] = trail.cmds[1];
  const horizontal = Math.abs(y1 - y0) < Math.abs(x1 - x0);
  const half = river.width / 2 + 0.05;
  ctx.save();
  ctx.translate(0.5, 0.5);
  if (!horizontal) ctx.rotate(Math.PI / 2);
  ctx.fillStyle = "#8a6440";
  ctx.fillRect(-half, -0.075, half * 2, 0.15);
  ctx.fillStyle = "#b08558";
  ctx.fillRect(-half, -0.058, half * 2, 0.116);
  ctx.strokeStyle = "#7a5634";
  ctx.lineWidth = 0.006;
  ctx.beginPath();
  for (let x = -half + 0.02; x < half; x += 0.025) {
    ctx.moveTo(x, -0.058);
    ctx.lineTo(x, 0.058);
  }
  ctx.stroke();
  ctx.strokeStyle = "#5a3d22";
  ctx.lineWidth = 0.014;
  ctx.beginPath();
  ctx.moveTo(-half, -0.07); ctx.lineTo(half, -0.07);
  ctx.moveTo(-half, 0.07); ctx.lineTo(half, 0.07);
  ctx.stroke();
  ctx.restore();
}

// --- Wardens -----------------------------------------------------------------------------

/**
 * A Warden figure in a seat's colour, centred on (x, y) with height `s` (same units as the
 * context). A Grazier lies down: the same figure turned on its side.
 */
export function paintWarden(ctx, x, y, s, seat, lying = false) {
  const fill = SEAT_COLOURS[seat % SEAT_COLOURS.length];
  ctx.save();
  ctx.translate(x, y);
  if (lying) ctx.rotate(-Math.PI / 2);
  ctx.scale(s, s);
  ctx.fillStyle = "rgba(20,15,10,.35)";
  ctx.beginPath();
  ctx.ellipse(0.06, 0.46, 0.42, 0.1, 0, 0, Math.PI * 2);
  if (!lying) ctx.fill();
  ctx.beginPath();
  // Head, arms, legs: the classic figure, drawn in a 1×1 box centred on the origin.
  ctx.arc(0, -0.3, 0.17, 0, Math.PI * 2);
  ctx.moveTo(-0.12, -0.14);
  ctx.lineTo(0.12, -0.14);
  ctx.lineTo(0.44, -0.04);
  ctx.lineTo(0.42, 0.1);
  ctx.lineTo(0.17, 0.06);
  ctx.lineTo(0.32, 0.46);
  ctx.lineTo(0.06, 0.46);
  ctx.lineTo(0, 0.3);
  ctx.lineTo(-0.06, 0.46);
  ctx.lineTo(-0.32, 0.46);
  ctx.lineTo(-0.17, 0.06);
  ctx.lineTo(-0.42, 0.1);
  ctx.lineTo(-0.44, -0.04);
  ctx.closePath();
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.lineWidth = 0.07;
  ctx.strokeStyle = seat % SEAT_COLOURS.length === 4 ? "#f4f1ea" : "#1d160e";
  ctx.stroke();
  ctx.restore();
}

// --- bitmaps -----------------------------------------------------------------------------

const bitmapCache = new Map();
const BITMAP_CACHE_MAX = 400;

/** A cached canvas of the tile at `px` device pixels (rounded up to a step, for reuse). */
export function tileBitmap(tile, r, px, variant = 0) {
  const size = Math.max(16, Math.ceil(px / 16) * 16);
  const key = `${tile.id}/${r}/${variant}/${size}`;
  let c = bitmapCache.get(key);
  if (c) {
    bitmapCache.delete(key); // most recently used last: the oldest go first when it is full
    bitmapCache.set(key, c);
  } else {
    // Each bitmap holds its pixels outside the script heap; a zoom makes new sizes, so the
    // cache keeps the most recent few hundred rather than growing with every step of a zoom.
    while (bitmapCache.size >= BITMAP_CACHE_MAX) bitmapCache.delete(bitmapCache.keys().next().value);
    c = document.createElement("canvas");
    c.width = c.height = size;
    const ctx = c.getContext("2d");
    ctx.scale(size, size);
    paintTile(ctx, tile, r, variant);
    bitmapCache.set(key, c);
  }
  return c;
}

/** Draw the tile into a <canvas> element filling it (for the hand, the next tile, pictures). */
export function drawTileInto(canvas, tile, r, { variant = 0, border = true } = {}) {
  const ctx = canvas.getContext("2d");
  const w = canvas.width, h = canvas.height;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, w, h);
  const s = Math.min(w, h);
  ctx.setTransform(s, 0, 0, s, (w - s) / 2, (h - s) / 2);
  paintTile(ctx, tile, r, variant);
  if (border) {
    ctx.strokeStyle = "rgba(40,30,20,.45)";
    ctx.lineWidth = 2 / s;
    ctx.strokeRect(1 / s, 1 / s, 1 - 2 / s, 1 - 2 / s);
  }
  ctx.setTransform(1, 0, 0, 1, 0, 0);
}
