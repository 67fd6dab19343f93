// Drawing the Wickerfair valley on the viewport's canvas, all in code so it stays crisp at any zoom:
// terrain fills with their motifs (furrows, trees, pits, tufts, cottages, ripples, the mill), streams
// on hex edges, plates, visitor tokens, the five homes, each clan's pieces in its colour with its seat
// number (herald disc, walker figure, farmer disc with a count, structure shapes), resources as
// counted chips, and the rings of §9 where a picked piece may go or a hex may be chosen.

import { SIZE, corners } from "./geometry.js";

export const TERRAIN_FILL = {
  FI: "#e8cd62", WO: "#5d8f47", CL: "#c98356", PA: "#a8d27b", VI: "#dccaa2", LK: "#73acd9", OM: "#c9bfae",
};
export const RES_COLOUR = { grain: "#e9b51c", wood: "#7a4b22", clay: "#b8552d", wool: "#f4f1e6" };
export const RES_INK = { grain: "#2b1d06", wood: "#fff", clay: "#fff", wool: "#2b2b2b" };
const STREAM = "#2f7fc4";

/** Black or white ink on a seat colour. */
export function inkOn(hex) {
  const n = parseInt(hex.slice(1), 16);
  const r = (n >> 16) & 255, g = (n >> 8) & 255, b = n & 255;
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? "#1b140a" : "#fff";
}

function path(ctx, pts) {
  ctx.beginPath();
  pts.forEach((p, i) => (i ? ctx.lineTo(p.x, p.y) : ctx.moveTo(p.x, p.y)));
  ctx.closePath();
}

/** Hex `h`'s edge drawn `inset` px inside its corners, `width` wide in `colour`. */
function outline(ctx, h, inset, width, colour) {
  path(ctx, corners(h.x, h.y, SIZE - inset));
  ctx.lineWidth = width;
  ctx.strokeStyle = colour;
  ctx.stroke();
}

// A small deterministic jitter per hex so motifs do not look stamped.
function jit(seed, k) {
  const v = Math.sin(seed * 12.9898 + k * 78.233) * 43758.5453;
  return v - Math.floor(v);
}

function motif(ctx, h, i) {
  const { x, y } = h;
  ctx.save();
  path(ctx, corners(x, y, SIZE - 3));
  ctx.clip();
  ctx.lineCap = "round";
  switch (h.terrain) {
    case "FI": {
      ctx.strokeStyle = "rgba(150,110,20,.55)";
      ctx.lineWidth = 2;
      for (let row = -3; row <= 3; row++) {
        const yy = y + row * 11;
        for (let col = -4; col <= 4; col++) {
          const xx = x + col * 10 + (row % 2) * 5;
          ctx.beginPath();
          ctx.moveTo(xx - 2.5, yy + 3);
          ctx.lineTo(xx + 2.5, yy - 3);
          ctx.stroke();
        }
      }
      break;
    }
    case "WO": {
      const trees = [[-18, -14], [12, -20], [-4, 4], [20, 8], [-22, 18], [6, 24]];
      trees.forEach(([dx, dy], k) => {
        const s = 7 + jit(i, k) * 3;
        ctx.fillStyle = k % 2 ? "#3f7332" : "#2f6127";
        ctx.beginPath();
        ctx.moveTo(x + dx, y + dy - s * 1.4);
        ctx.lineTo(x + dx + s, y + dy + s * 0.6);
        ctx.lineTo(x + dx - s, y + dy + s * 0.6);
        ctx.closePath();
        ctx.fill();
        ctx.fillStyle = "#5a3a1c";
        ctx.fillRect(x + dx - 1.2, y + dy + s * 0.6, 2.4, 3.5);
      });
      break;
    }
    case "CL": {
      ctx.fillStyle = "rgba(110,50,25,.45)";
      const pits = [[-16, -12, 9], [14, -16, 7], [-4, 10, 11], [20, 14, 6], [-22, 18, 5]];
      for (const [dx, dy, r] of pits) {
        ctx.beginPath();
        ctx.ellipse(x + dx, y + dy, r, r * 0.55, 0, 0, Math.PI * 2);
        ctx.fill();
      }
      break;
    }
    case "PA": {
      ctx.strokeStyle = "rgba(60,120,40,.6)";
      ctx.lineWidth = 1.6;
      for (let k = 0; k < 14; k++) {
        const xx = x + (jit(i, k) - 0.5) * 70, yy = y + (jit(i, k + 40) - 0.5) * 70;
        ctx.beginPath();
        ctx.moveTo(xx - 3, yy - 3);
        ctx.lineTo(xx, yy + 2);
        ctx.lineTo(xx + 3, yy - 3);
        ctx.stroke();
      }
      break;
    }
    case "VI": {
      const houses = [[-16, -10], [12, -14], [0, 12], [-20, 16], [20, 12]];
      for (const [dx, dy] of houses) {
        ctx.fillStyle = "#f3ead6";
        ctx.fillRect(x + dx - 6, y + dy - 3, 12, 9);
        ctx.fillStyle = "#a5442a";
        ctx.beginPath();
        ctx.moveTo(x + dx - 8, y + dy - 3);
        ctx.lineTo(x + dx, y + dy - 10);
        ctx.lineTo(x + dx + 8, y + dy - 3);
        ctx.closePath();
        ctx.fill();
      }
      break;
    }
    case "LK": {
      ctx.strokeStyle = "rgba(255,255,255,.55)";
      ctx.lineWidth = 1.8;
      for (let k = -2; k <= 2; k++) {
        const yy = y + k * 13;
        ctx.beginPath();
        for (let s = -30; s <= 30; s += 2) {
          const xx = x + s;
          const w = Math.sin((s + k * 7) / 5) * 2.2;
          if (s === -30) ctx.moveTo(xx, yy + w); else ctx.lineTo(xx, yy + w);
        }
        ctx.stroke();
      }
      break;
    }
    case "OM": {
      // the Old Mill: a stone house with a big wheel
      ctx.fillStyle = "#8d8171";
      ctx.fillRect(x - 8, y - 14, 26, 24);
      ctx.fillStyle = "#5b4a38";
      ctx.beginPath();
      ctx.moveTo(x - 11, y - 14); ctx.lineTo(x + 5, y - 27); ctx.lineTo(x + 21, y - 14); ctx.closePath();
      ctx.fill();
      ctx.strokeStyle = "#4a3a2a";
      ctx.lineWidth = 3;
      ctx.beginPath();
      ctx.arc(x - 14, y + 4, 13, 0, Math.PI * 2);
      ctx.stroke();
      ctx.lineWidth = 1.6;
      for (let k = 0; k < 8; k++) {
        const a = (k * Math.PI) / 4;
        ctx.beginPath();
        ctx.moveTo(x - 14, y + 4);
        ctx.lineTo(x - 14 + Math.cos(a) * 13, y + 4 + Math.sin(a) * 13);
        ctx.stroke();
      }
      break;
    }
    default:
  }
  ctx.restore();
}

function plate(ctx, h) {
  ctx.save();
  ctx.fillStyle = "rgba(235,228,210,.8)";
  ctx.strokeStyle = "#6d6252";
  ctx.lineWidth = 2.5;
  ctx.beginPath();
  ctx.ellipse(h.x, h.y + 4, 30, 24, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  ctx.setLineDash([4, 4]);
  ctx.lineWidth = 1.2;
  ctx.beginPath();
  ctx.ellipse(h.x, h.y + 4, 25, 19, 0, 0, Math.PI * 2);
  ctx.stroke();
  ctx.restore();
}

function visitorToken(ctx, x, y) {
  ctx.save();
  disc(ctx, x, y, 9, "#ffd23f", 1.8, "#6b4a00");
  // a little pennant
  ctx.fillStyle = "#c2241f";
  ctx.beginPath();
  ctx.moveTo(x - 2.5, y - 6); ctx.lineTo(x + 6, y - 3); ctx.lineTo(x - 2.5, y); ctx.closePath();
  ctx.fill();
  ctx.strokeStyle = "#3b2a00";
  ctx.lineWidth = 1.4;
  ctx.beginPath();
  ctx.moveTo(x - 2.5, y - 6.5); ctx.lineTo(x - 2.5, y + 6); ctx.stroke();
  ctx.restore();
}

function label(ctx, text, x, y, size, fill, ink) {
  ctx.font = `700 ${size}px system-ui,sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  if (fill) {
    ctx.fillStyle = fill;
    ctx.fillText(text, x, y + size * 0.05);
  }
  if (ink) {
    ctx.fillStyle = ink;
    ctx.fillText(text, x, y + size * 0.05);
  }
}

// --- pieces -------------------------------------------------------------------------------------

/** A circle of radius `r` filled with `fill` (none if null), its rim `width` wide in `rim`. */
function disc(ctx, x, y, r, fill, width, rim) {
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  if (fill) {
    ctx.fillStyle = fill;
    ctx.fill();
  }
  ctx.lineWidth = width;
  ctx.strokeStyle = rim;
  ctx.stroke();
}

function herald(ctx, x, y, colour, n, hot) {
  disc(ctx, x, y, 10.5, colour, hot ? 4 : 2.2, hot ? "#ffd400" : "#fffaf0");
  disc(ctx, x, y, 12.5, null, 1.2, "#1b140a");
  // a crown notch so a herald never reads as a farmer
  ctx.fillStyle = "#fffaf0";
  ctx.beginPath();
  ctx.moveTo(x - 6, y - 9); ctx.lineTo(x - 3, y - 14); ctx.lineTo(x, y - 10); ctx.lineTo(x + 3, y - 14);
  ctx.lineTo(x + 6, y - 9); ctx.closePath();
  ctx.fill();
  ctx.strokeStyle = "#1b140a";
  ctx.lineWidth = 1;
  ctx.stroke();
  label(ctx, String(n), x, y + 1, 11, null, inkOn(colour));
}

function walker(ctx, x, y, colour, n, hot) {
  ctx.save();
  ctx.strokeStyle = "#3b2a14";
  ctx.lineWidth = 1.8;
  ctx.beginPath(); // wicker legs
  ctx.moveTo(x - 3, y + 6); ctx.lineTo(x - 6, y + 14);
  ctx.moveTo(x + 3, y + 6); ctx.lineTo(x + 6, y + 14);
  ctx.stroke();
  ctx.fillStyle = colour;
  ctx.strokeStyle = hot ? "#ffd400" : "#fffaf0";
  ctx.lineWidth = hot ? 3.5 : 2;
  ctx.beginPath();
  ctx.roundRect(x - 6.5, y - 11, 13, 18, 4);
  ctx.fill();
  ctx.stroke();
  ctx.strokeStyle = "#1b140a";
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.roundRect(x - 8, y - 12.5, 16, 21, 5);
  ctx.stroke();
  ctx.restore();
  label(ctx, String(n), x, y - 2, 10, null, inkOn(colour));
}

function farmer(ctx, x, y, colour, count, hot) {
  disc(ctx, x, y, 7.5, colour, hot ? 3 : 1.6, hot ? "#ffd400" : "#1b140a");
  if (count > 1) label(ctx, String(count), x, y + 0.5, 9.5, null, inkOn(colour));
}

const STRUCT_PATH = {
  barn(ctx, x, y) { ctx.moveTo(x - 8, y + 6); ctx.lineTo(x - 8, y - 2); ctx.lineTo(x, y - 9); ctx.lineTo(x + 8, y - 2); ctx.lineTo(x + 8, y + 6); ctx.closePath(); },
  well(ctx, x, y) { ctx.arc(x, y, 7.5, 0, Math.PI * 2); },
  watchtower(ctx, x, y) { ctx.moveTo(x - 4.5, y + 7); ctx.lineTo(x - 4.5, y - 5); ctx.lineTo(x - 7, y - 5); ctx.lineTo(x, y - 11); ctx.lineTo(x + 7, y - 5); ctx.lineTo(x + 4.5, y - 5); ctx.lineTo(x + 4.5, y + 7); ctx.closePath(); },
  monument(ctx, x, y) { ctx.moveTo(x - 7, y + 7); ctx.lineTo(x - 3.5, y - 6); ctx.lineTo(x, y - 10); ctx.lineTo(x + 3.5, y - 6); ctx.lineTo(x + 7, y + 7); ctx.closePath(); },
};
export const STRUCTURE_IDS = ["barn", "well", "watchtower", "monument"];

function structure(ctx, x, y, kind, colour) {
  ctx.beginPath();
  STRUCT_PATH[kind](ctx, x, y);
  ctx.fillStyle = colour;
  ctx.fill();
  ctx.lineWidth = 1.8;
  ctx.strokeStyle = "#fffaf0";
  ctx.stroke();
  if (kind === "well") {
    ctx.beginPath();
    ctx.arc(x, y, 3.2, 0, Math.PI * 2);
    ctx.fillStyle = "#1b3a5a";
    ctx.fill();
  }
}

function resChip(ctx, x, y, res, n) {
  ctx.beginPath();
  ctx.roundRect(x - 7.5, y - 7, 15, 14, 3);
  ctx.fillStyle = RES_COLOUR[res];
  ctx.fill();
  ctx.lineWidth = 1.2;
  ctx.strokeStyle = "#1b140a";
  ctx.stroke();
  label(ctx, String(n), x, y + 0.5, 10, null, RES_INK[res]);
}

/**
 * The pieces standing on one place (a hex or a home), grouped by seat: [{seat, herald, walkers:[n],
 * farmers}], in seat order.
 */
export function piecesAt(view, place) {
  const out = [];
  (view.clans || []).forEach((c, seat) => {
    const g = { seat, herald: c.herald === place, walkers: [], farmers: place === "home" ? c.home_farmers : (c.farmers[place] || 0) };
    (c.walkers || []).forEach((w, i) => { if (w === place) g.walkers.push(i + 1); });
    if (g.herald || g.walkers.length || g.farmers) out.push(g);
  });
  return out;
}

function unitRow(ctx, groups, cx, cy, colours, hot) {
  const tokens = [];
  for (const g of groups) {
    if (g.herald) tokens.push({ w: 24, draw: (x) => herald(ctx, x, cy, colours[g.seat], g.seat + 1, hot && hot.seat === g.seat && hot.key === "H") });
    for (const n of g.walkers) {
      tokens.push({ w: 18, draw: (x, y) => walker(ctx, x, y, colours[g.seat], g.seat + 1, hot && hot.seat === g.seat && hot.key === `W${n}`) });
    }
    if (g.farmers) tokens.push({ w: 17, draw: (x, y) => farmer(ctx, x, y, colours[g.seat], g.farmers, hot && hot.seat === g.seat && hot.key[0] === "F") });
  }
  if (!tokens.length) return;
  const rows = [];
  let row = [], width = 0;
  for (const t of tokens) {
    if (row.length && width + t.w > 76) { rows.push(row); row = []; width = 0; }
    row.push(t); width += t.w;
  }
  rows.push(row);
  const y0 = cy - (rows.length - 1) * 11;
  rows.forEach((r, k) => {
    const w = r.reduce((a, t) => a + t.w, 0);
    let x = cx - w / 2;
    for (const t of r) {
      t.draw(x + t.w / 2, y0 + k * 22);
      x += t.w;
    }
  });
}

function resRow(ctx, list, cx, cy) {
  const chips = list.map((n, i) => [n, i]).filter(([n]) => n > 0);
  let x = cx - (chips.length * 16) / 2 + 8;
  for (const [n, i] of chips) {
    resChip(ctx, x, cy, ["grain", "wood", "clay", "wool"][i], n);
    x += 16;
  }
}

function ring(ctx, x, y, r, now, strong) {
  const pulse = 0.55 + 0.45 * Math.sin(now / 260);
  ctx.save();
  ctx.fillStyle = `rgba(255,214,0,${strong ? 0.28 : 0.16})`;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.setLineDash([7, 5]);
  ctx.lineDashOffset = -now / 60;
  ctx.lineWidth = 4;
  ctx.strokeStyle = `rgba(20,14,4,${0.6 + 0.3 * pulse})`;
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.lineWidth = 2.2;
  ctx.strokeStyle = "#ffd400";
  ctx.beginPath();
  ctx.arc(x, y, r - 3.5, 0, Math.PI * 2);
  ctx.stroke();
  ctx.restore();
}

/**
 * m: {view, colours: [seat colour], clanOf: [clan index per seat], rings: Set<hex>, chosen: Set<hex>,
 *     pickable: Set<place>, hot: hex|null, picked: {seat, key, place}|null, confront: hex|null}
 */
export function paintMap(ctx, geo, m, now) {
  const view = m.view;
  const control = view.control || {};
  let i = 0;
  for (const h of geo.hexes.values()) {
    path(ctx, h.pts);
    ctx.fillStyle = TERRAIN_FILL[h.terrain] || "#ccc";
    ctx.fill();
    motif(ctx, h, i++);
    if (h.plate) plate(ctx, h);
  }
  // hex edges, then each controlled hex's inner border in its clan colour
  ctx.lineJoin = "round";
  for (const h of geo.hexes.values()) {
    path(ctx, h.pts);
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = "rgba(40,30,15,.55)";
    ctx.stroke();
    const owner = control[h.id];
    if (owner !== undefined) {
      outline(ctx, h, 4, 4.5, m.colours[owner]);
    }
  }
  // streams on hex edges
  ctx.lineCap = "round";
  for (const s of geo.streams) {
    ctx.beginPath();
    ctx.moveTo(s.x1, s.y1);
    ctx.lineTo(s.x2, s.y2);
    ctx.lineWidth = 9;
    ctx.strokeStyle = "#e9f4ff";
    ctx.stroke();
    ctx.lineWidth = 6;
    ctx.strokeStyle = STREAM;
    ctx.stroke();
  }
  // homes and the dashed paths to their entry hexes
  for (const home of geo.homes) {
    const seat = m.clanOf.indexOf(home.clan);
    const colour = geo.data.clans[home.clan].colour;
    ctx.save();
    ctx.globalAlpha = seat < 0 ? 0.35 : 1;
    ctx.setLineDash([5, 5]);
    ctx.lineWidth = 2.5;
    ctx.strokeStyle = colour;
    for (const e of home.entries) {
      const h = geo.hexes.get(e);
      ctx.beginPath();
      ctx.moveTo(home.x, home.y);
      ctx.lineTo(h.x + (home.x - h.x) * 0.45, h.y + (home.y - h.y) * 0.45);
      ctx.stroke();
    }
    ctx.setLineDash([]);
    ctx.fillStyle = "#fbf6e9";
    ctx.strokeStyle = colour;
    ctx.lineWidth = 4;
    ctx.beginPath();
    ctx.roundRect(home.x - 34, home.y - 27, 68, 54, 10);
    ctx.fill();
    ctx.stroke();
    ctx.restore();
    if (seat >= 0) {
      const groups = piecesAt(view, "home");
      const mine = groups.filter((g) => g.seat === seat);
      unitRow(ctx, mine, home.x, home.y - 3, m.colours, m.picked && m.picked.place === "home" && m.picked.seat === seat ? m.picked : null);
      resRow(ctx, view.clans[seat].home || [], home.x, home.y + 17);
      if (m.pickable.has(`home:${seat}`)) {
        ctx.save();
        ctx.setLineDash([3, 4]);
        ctx.lineWidth = 2.5;
        ctx.strokeStyle = "#fff";
        ctx.beginPath();
        ctx.roundRect(home.x - 38, home.y - 31, 76, 62, 12);
        ctx.stroke();
        ctx.restore();
      }
    }
  }
  // pieces, resources, tokens
  const res = view.res || {};
  const tokens = new Set(view.tokens || []);
  const structs = new Map();
  (view.clans || []).forEach((c, seat) => (c.structures || []).forEach((at, k) => { if (at) structs.set(at, { seat, kind: STRUCTURE_IDS[k] }); }));
  for (const h of geo.hexes.values()) {
    if (m.chosen.has(h.id)) {
      path(ctx, corners(h.x, h.y, SIZE - 7));
      ctx.fillStyle = "rgba(60,160,70,.35)";
      ctx.fill();
    }
    const s = structs.get(h.id);
    if (s) structure(ctx, h.x, h.y - 29, s.kind, m.colours[s.seat]);
    if (tokens.has(h.id)) visitorToken(ctx, h.x + 25, h.y - 25);
    const groups = piecesAt(view, h.id);
    const hot = m.picked && m.picked.place === h.id ? m.picked : null;
    unitRow(ctx, groups, h.x, h.y - 2, m.colours, hot);
    if (res[h.id]) resRow(ctx, res[h.id], h.x, h.y + 29);
    if (m.pickable.has(h.id)) {
      ctx.save();
      ctx.setLineDash([3, 4]);
      ctx.lineWidth = 2.5;
      ctx.strokeStyle = "#fff";
      ctx.beginPath();
      ctx.arc(h.x, h.y, 40, 0, Math.PI * 2);
      ctx.stroke();
      ctx.restore();
    }
    if (m.confront === h.id) {
      outline(ctx, h, 2, 5, "#d7261e");
    }
  }
  paintLastTurn(ctx, geo, m);
  for (const id of m.rings) {
    const h = geo.hexes.get(id);
    if (h) ring(ctx, h.x, h.y, 41, now, m.hot === id);
  }
  if (m.hot && geo.hexes.has(m.hot)) {
    outline(ctx, geo.hexes.get(m.hot), 1, 3.5, "#1f6fd1");
  }
  // A hint: the hex the suggested step names, outlined in amber.
  if (m.suggest && geo.hexes.has(m.suggest)) {
    outline(ctx, geo.hexes.get(m.suggest), 3, 6, "#f0a418");
  }
}

/** Where a place is drawn: a hex's centre, or the home of `seat`'s clan for "home". */
function placePoint(geo, m, place, seat) {
  if (place === "home") {
    const home = geo.homes.find((x) => x.clan === m.clanOf[seat]);
    return home ? { x: home.x, y: home.y } : null;
  }
  const h = geo.hexes.get(place);
  return h ? { x: h.x, y: h.y } : null;
}

/**
 * The last turn on the valley (view.last): the hexes it acted on outlined in its clan's colour and
 * its units' steps as arrows; while another seat's steps are shown travelling (m.travel: {path, p}),
 * a token in its colour goes along them.
 */
function paintLastTurn(ctx, geo, m) {
  const last = m.view.last;
  if (last) {
    const colour = m.colours[last.seat];
    ctx.save();
    ctx.setLineDash([7, 5]);
    ctx.lineWidth = 3;
    ctx.strokeStyle = colour;
    for (const id of last.hexes || []) {
      const h = geo.hexes.get(id);
      if (!h) continue;
      path(ctx, corners(h.x, h.y, SIZE - 9));
      ctx.stroke();
    }
    ctx.setLineDash([]);
    ctx.lineWidth = 3;
    ctx.globalAlpha = 0.85;
    for (const [from, to] of last.steps || []) {
      const a = placePoint(geo, m, from, last.seat), b = placePoint(geo, m, to, last.seat);
      if (!a || !b) continue;
      const ang = Math.atan2(b.y - a.y, b.x - a.x);
      const ex = b.x - Math.cos(ang) * 22, ey = b.y - Math.sin(ang) * 22;
      ctx.beginPath();
      ctx.moveTo(a.x + Math.cos(ang) * 18, a.y + Math.sin(ang) * 18);
      ctx.lineTo(ex, ey);
      ctx.stroke();
      ctx.beginPath();
      ctx.moveTo(ex + Math.cos(ang) * 8, ey + Math.sin(ang) * 8);
      ctx.lineTo(ex + Math.cos(ang + 2.5) * 9, ey + Math.sin(ang + 2.5) * 9);
      ctx.lineTo(ex + Math.cos(ang - 2.5) * 9, ey + Math.sin(ang - 2.5) * 9);
      ctx.closePath();
      ctx.fillStyle = colour;
      ctx.fill();
    }
    ctx.restore();
  }
  const tr = m.travel;
  if (tr && tr.path.length > 1) {
    const legs = tr.path.length - 1;
    const at = Math.max(0, Math.min(legs - 1e-6, tr.p * legs));
    const i = Math.floor(at), f = at - i;
    const a = tr.path[i], b = tr.path[i + 1];
    const x = a.x + (b.x - a.x) * f, y = a.y + (b.y - a.y) * f;
    ctx.save();
    ctx.beginPath();
    ctx.arc(x, y - 6 * Math.sin(Math.PI * f), 12, 0, Math.PI * 2);
    ctx.fillStyle = tr.colour;
    ctx.fill();
    ctx.lineWidth = 2.5;
    ctx.strokeStyle = "#1b140a";
    ctx.stroke();
    ctx.restore();
  }
}

/** Hex ids and home names on top, in screen pixels (legible at every zoom). */
export function paintLabels(ctx, vp, geo, m) {
  const px = vp.scale * SIZE;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  // Every hex carries its name (the panels and the hints name hexes by it), also at the whole
  // valley's view: smaller, in the top of the hex, when the hexes are small.
  if (px >= 14) {
    const big = px >= 30;
    const size = big ? Math.max(9, Math.min(13, px * 0.2)) : 8.5;
    ctx.font = `700 ${size}px system-ui,sans-serif`;
    for (const h of geo.hexes.values()) {
      const p = big ? vp.worldToScreen(h.x - SIZE * 0.5, h.y - SIZE * 0.52) : vp.worldToScreen(h.x, h.y - SIZE * 0.62);
      ctx.lineWidth = 3;
      ctx.strokeStyle = "rgba(255,250,235,.9)";
      ctx.strokeText(h.id, p.x, p.y);
      ctx.fillStyle = "#2b1d10";
      ctx.fillText(h.id, p.x, p.y);
    }
  }
  ctx.font = `700 ${px >= 40 ? 12 : 10}px system-ui,sans-serif`;
  for (const home of geo.homes) {
    const seat = m.clanOf.indexOf(home.clan);
    const p = vp.worldToScreen(home.x, home.y - 27);
    const text = m.homeName(home.clan, seat);
    const w = ctx.measureText(text).width + 10;
    ctx.fillStyle = seat < 0 ? "rgba(120,110,90,.85)" : geo.data.clans[home.clan].colour;
    ctx.beginPath();
    ctx.roundRect(p.x - w / 2, p.y - 8, w, 16, 6);
    ctx.fill();
    ctx.fillStyle = seat < 0 ? "#fff" : inkOn(geo.data.clans[home.clan].colour);
    ctx.fillText(text, p.x, p.y + 0.5);
  }
}
