// What the Hollowmere board reads of the engine's legal actions: the cells, turns and Warden spots
// of the tile in hand (TILE@X,YrR+REGION / TILE@X,YrR-) and the Mist Veil, and how a turn and a
// Warden spot are said in words. It decides nothing.

import { t } from "../../lib/i18n.js";

const ROLE_OF = { burgh: "steward", trail: "pathfinder", shrine: "keeper", river: "well-keeper", meadow: "grazier" };

const LAY_RE = /^([A-Z][A-Z0-9]*)@(\d+),(\d+)r([0-3])(?:\+([a-z][a-z0-9]*)|-)$/;

export const key = (x, y) => `${x},${y}`;

/** Parse the viewer's legal actions into cells → rotations → Warden options. */
/** A lay in the notation as {tile, x, y, r, region} (region null: no Warden), or null (not a lay). */
export function parseLay(action) {
  const m = LAY_RE.exec(String(action || ""));
  return m ? { tile: m[1], x: +m[2], y: +m[3], r: +m[4], region: m[5] || null } : null;
}

export function parseLegal(legal) {
  const cells = new Map();
  const actions = new Set();
  let veil = false;
  for (const entry of legal || []) {
    const a = typeof entry === "string" ? entry : entry.action;
    actions.add(a);
    if (a === "veil") { veil = true; continue; }
    const m = LAY_RE.exec(a);
    if (!m) continue;
    const [, tile, xs, ys, rs, region] = m;
    const k = key(+xs, +ys);
    if (!cells.has(k)) cells.set(k, { x: +xs, y: +ys, tile, rs: new Map() });
    const c = cells.get(k);
    if (!c.rs.has(+rs)) c.rs.set(+rs, []);
    if (region) c.rs.get(+rs).push(region);
  }
  for (const c of cells.values()) c.order = [...c.rs.keys()].sort((a, b) => a - b);
  return { cells, actions, veil };
}


export function turnsWord(r) {
  return t(`hm.turns${r}`);
}

/** A Warden spot's role: Steward on a burgh, Pathfinder on a trail … */
export function roleWords(sp) {
  return t(`hm.role.${ROLE_OF[sp.kind] || "steward"}`);
}

/** Where on the tile a spot is ("on the burgh 1"), numbered when the tile has several of a kind. */
export function whereWords(sp) {
  const n = /\d/.test(sp.region) && sp.kind !== "shrine" && sp.kind !== "river" ? ` ${sp.region.replace(/^[a-z]+/, "")}` : "";
  return `${t(`hm.on.${sp.kind}`)}${n}`;
}

export function wardenWords(sp) {
  return `${roleWords(sp)} ${whereWords(sp)}`;
}
