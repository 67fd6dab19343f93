// Painting the valley of a Hollowmere table: the floor, the laid tiles, the Wardens, the scoring
// pulse, the cells where the tile in hand may go and the preview with its Warden spots. It draws
// a scene the renderer hands it and decides nothing.

import { geometry, tileBitmap, paintTile, paintWarden, SEAT_COLOURS, SEAT_INK } from "./tileart.js";

const key = (x, y) => `${x},${y}`;

/** A copy of a tile varies its decoration with its cell. */
export function variantOf(x, y) {
  return ((x * 7 + y * 13) % 3 + 3) % 3;
}

/** The radius of a Warden spot's numbered badge, in CSS px, at the view's zoom. */
export function badgeRadius(v) {
  return Math.max(11, Math.min(18, v.scale * 0.11));
}

/**
 * Draw in world units (one cell = 1). scene: {set, view, laid (Map "x,y" -> laid tile),
 * highlights [{tiles: Set, start, end}], offer (Map of the cells the tile in hand may go to, with
 * their fitting turns `rs`, or null), handR, hoverK, preview ({x, y, k, tile} or null), warden,
 * viewer}.
 */
export function paintValley(ctx, v, sc) {
  const dpr = window.devicePixelRatio || 1;
  const s = v.scale;
  const tl = v.screenToWorld(0, 0), br = v.screenToWorld(v.width, v.height);
  // Mist beyond the valley's edge, then the valley floor with faint cell lines.
  ctx.fillStyle = "#b9c3c0";
  ctx.fillRect(tl.x, tl.y, br.x - tl.x, br.y - tl.y);
  const view = sc.view;
  const W = (view && view.valley && view.valley.width) || 41;
  ctx.fillStyle = "#d5ddd6";
  ctx.fillRect(0, 0, W, W);
  if (s >= 14) {
    ctx.strokeStyle = "rgba(90,110,100,.16)";
    ctx.lineWidth = 1 / s;
    ctx.beginPath();
    const x0 = Math.max(0, Math.floor(tl.x)), x1 = Math.min(W, Math.ceil(br.x));
    const y0 = Math.max(0, Math.floor(tl.y)), y1 = Math.min(W, Math.ceil(br.y));
    for (let x = x0; x <= x1; x++) { ctx.moveTo(x, y0); ctx.lineTo(x, y1); }
    for (let y = y0; y <= y1; y++) { ctx.moveTo(x0, y); ctx.lineTo(x1, y); }
    ctx.stroke();
  }
  ctx.strokeStyle = "rgba(60,70,65,.6)";
  ctx.lineWidth = 2 / s;
  ctx.strokeRect(0, 0, W, W);
  if (!sc.set || !view) return;
  const tileDef = (id) => sc.set.byId[id];

  const px = s * dpr;
  const arriving = sc.arriving;           // another seat's tile on its way down: {k, p}
  for (const c of sc.laid.values()) {
    if (c.x + 1 < tl.x || c.x > br.x || c.y + 1 < tl.y || c.y > br.y) continue;
    const d = tileDef(c.tile);
    if (!d) continue;
    if (arriving && arriving.k === key(c.x, c.y)) continue;
    ctx.drawImage(tileBitmap(d, c.r, px, variantOf(c.x, c.y)), c.x, c.y, 1, 1);
  }
  if (arriving) {
    const c = sc.laid.get(arriving.k);
    const d = c && tileDef(c.tile);
    if (d) {
      ctx.save();
      ctx.globalAlpha = 0.35 + 0.65 * arriving.p;
      ctx.drawImage(tileBitmap(d, c.r, px, variantOf(c.x, c.y)), c.x, c.y - 1.4 * (1 - arriving.p), 1, 1);
      ctx.restore();
    }
  }
  ctx.strokeStyle = "rgba(50,40,25,.22)";
  ctx.lineWidth = 1 / s;
  for (const c of sc.laid.values()) ctx.strokeRect(c.x, c.y, 1, 1);
  if (view.last) {
    ctx.strokeStyle = "rgba(255,255,255,.9)";
    ctx.lineWidth = Math.max(2 / s, 0.03);
    ctx.strokeRect(view.last.x + 0.02, view.last.y + 0.02, 0.96, 0.96);
  }
  // Scoring: a warm pulse over the scored feature's tiles.
  const now = performance.now();
  for (const h of sc.highlights) {
    const f = Math.max(0, Math.min(1, (now - h.start) / (h.end - h.start)));
    const a = 0.55 * Math.sin(Math.PI * f) * (0.75 + 0.25 * Math.sin(now / 90));
    ctx.fillStyle = `rgba(255,214,64,${a.toFixed(3)})`;
    ctx.strokeStyle = `rgba(190,120,0,${(a * 1.4).toFixed(3)})`;
    ctx.lineWidth = 0.05;
    for (const k of h.tiles) {
      const [x, y] = k.split(",").map(Number);
      ctx.fillRect(x, y, 1, 1);
      ctx.strokeRect(x + 0.025, y + 0.025, 0.95, 0.95);
    }
  }
  // Wardens.
  for (const w of view.wardens || []) {
    const c = sc.laid.get(key(w.x, w.y));
    const d = c && tileDef(c.tile);
    if (!d) continue;
    const a = geometry(d, c.r).anchors[w.region] || [0.5, 0.5];
    paintWarden(ctx, w.x + a[0], w.y + a[1], Math.max(0.34, 13 / s), w.seat, w.role === "grazier");
  }
  // Where the tile in hand may go: bright where the shown turn fits, pale where another does.
  const pv = sc.preview;
  for (const c of sc.offer ? sc.offer.values() : []) {
    const k = key(c.x, c.y);
    if (pv && pv.k === k) continue;
    const fits = c.rs.has(sc.handR);
    ctx.fillStyle = fits ? "rgba(255,236,150,.55)" : "rgba(255,250,230,.3)";
    ctx.fillRect(c.x + 0.06, c.y + 0.06, 0.88, 0.88);
    ctx.strokeStyle = fits ? "#c98a00" : "rgba(120,100,60,.7)";
    ctx.lineWidth = k === sc.hoverK ? Math.max(4 / s, 0.06) : Math.max(2 / s, 0.03);
    ctx.setLineDash(k === sc.hoverK ? [] : [0.12, 0.08]);
    ctx.strokeRect(c.x + 0.06, c.y + 0.06, 0.88, 0.88);
    ctx.setLineDash([]);
  }
  // A hint (or a review's best move, drawn on a board that is only looked at): the suggested lay,
  // in amber (unless the preview shows that very cell).
  const sg = sc.suggest;
  if (sg && !(pv && pv.x === sg.x && pv.y === sg.y)) {
    paintUnlaid(ctx, sg.def, sg.r, sg.x, sg.y, 0.72);
    ctx.strokeStyle = "#f0a418";
    ctx.lineWidth = Math.max(5 / s, 0.08);
    ctx.strokeRect(sg.x + 0.02, sg.y + 0.02, 0.96, 0.96);
    if (sg.region) paintUnlaidWarden(ctx, sg.def, sg.r, sg.x, sg.y, sg.region, s, sc.viewer);
  }
  // The preview: the tile as it would lie, its Warden if one is picked.
  if (pv && pv.tile) {
    paintUnlaid(ctx, pv.tile, sc.handR, pv.x, pv.y, 0.94);
    ctx.strokeStyle = "#ffb000";
    ctx.lineWidth = Math.max(3 / s, 0.05);
    ctx.setLineDash([0.18, 0.1]);
    ctx.strokeRect(pv.x, pv.y, 1, 1);
    ctx.setLineDash([]);
    if (sc.warden) paintUnlaidWarden(ctx, pv.tile, sc.handR, pv.x, pv.y, sc.warden, s, sc.viewer);
  }
}

/** Tile `def` turned `r` at cell (x, y), see-through (`alpha`): a lay not made yet. */
function paintUnlaid(ctx, def, r, x, y, alpha) {
  ctx.save();
  ctx.globalAlpha = alpha;
  ctx.translate(x, y);
  paintTile(ctx, def, r, variantOf(x, y));
  ctx.restore();
}

/** A Warden of `viewer` on region `region` of such a tile, never smaller than 15 screen px at scale `s`. */
function paintUnlaidWarden(ctx, def, r, x, y, region, s, viewer) {
  const a = geometry(def, r).anchors[region] || [0.5, 0.5];
  const reg = def.regions.find((g) => g.id === region);
  paintWarden(ctx, x + a[0], y + a[1], Math.max(0.34, 15 / s), viewer, reg && reg.kind === "meadow");
}

/** The preview's Warden spots as numbered badges, in screen pixels so they stay readable. */
export function paintSpots(ctx, v, sc) {
  if (!sc.preview) return;
  const rad = badgeRadius(v);
  const seat = sc.viewer ?? 0;
  ctx.font = `700 ${Math.round(rad * 1.1)}px system-ui,sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  sc.spots.forEach((sp, i) => {
    if (sp.region === sc.warden) return;   // the Warden figure stands there
    const p = v.worldToScreen(sp.wx, sp.wy);
    ctx.beginPath();
    ctx.arc(p.x, p.y, rad + 2, 0, Math.PI * 2);
    ctx.fillStyle = "rgba(255,255,255,.92)";
    ctx.fill();
    ctx.beginPath();
    ctx.arc(p.x, p.y, rad, 0, Math.PI * 2);
    ctx.fillStyle = SEAT_COLOURS[seat % SEAT_COLOURS.length];
    ctx.fill();
    ctx.fillStyle = SEAT_INK[seat % SEAT_INK.length];
    ctx.fillText(String(i + 1), p.x, p.y + 1);
  });
}
