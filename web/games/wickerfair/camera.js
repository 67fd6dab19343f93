// Where the Wickerfair map looks: F brings close the part of the valley the step is about (or the
// whole valley back), and on a small map the rings of a step come close by themselves.

import { t } from "../../lib/i18n.js";
import { SIZE, boxOf } from "./geometry.js";

/**
 * vp: the map's viewport; root: the table's element (data-zoomed says whether the map is zoomed in).
 * T: the renderer's model, read when used: {geo, view, acting, pending, destroyed}, marks(), me().
 */
export function createCamera(vp, root, T, announce) {
  /** F: the part of the valley this step is about (the picked piece and its rings, the hexes to choose,
   * the confrontation), or back to the whole valley. */
  function focusView() {
    if (!T.geo || !T.view) return;
    if (!vp.following) { vp.fit(); root.dataset.zoomed = ""; announce(t("wf.say.whole")); return; }
    const m = T.marks();
    const ids = [...m.rings, ...[...m.pickable].filter((p) => !p.startsWith("home:")), ...(m.confront ? [m.confront] : [])];
    if (m.picked && m.picked.place !== "home") ids.push(m.picked.place);
    if (!ids.length) {
      const c = T.view.clans[T.me()];
      if (c.herald && c.herald !== "home") ids.push(c.herald);
      ids.push(...Object.keys(c.farmers));
    }
    if (zoomTo(ids, 2.2)) announce(t("wf.say.focus"));
  }

  /** The part of the map seen now, in px of the map: below the hint line, above the zoom buttons
   * or the sheet that lies over the map's foot. */
  function freeArea() {
    const r = vp.element.getBoundingClientRect();
    let bottom = r.height - 50;
    const sheet = root.querySelector(".wf-sheet");
    if (sheet && !sheet.hidden) bottom = Math.min(bottom, sheet.getBoundingClientRect().top - r.top - 6);
    return { width: r.width, top: 50, bottom: Math.max(bottom, 90) };
  }

  /** Bring these hexes close (the scale at most ``cap``), keeping the zoom if it is closer already. */
  function zoomTo(ids, cap) {
    const box = boxOf(T.geo, ids);
    if (!box) return false;
    const f0 = freeArea();
    const f = Math.min(f0.width / (box.maxX - box.minX), (f0.bottom - f0.top) / (box.maxY - box.minY));
    const target = Math.min(Math.max(f, vp.scale), cap);
    const c = vp.worldToScreen((box.minX + box.maxX) / 2, (box.minY + box.maxY) / 2);
    if (target > vp.scale) vp.zoomBy(target / vp.scale, c.x, c.y);
    // centred in the part of the map the hint line, the zoom buttons and a sheet leave free
    const mid = vp.worldToScreen((box.minX + box.maxX) / 2, (box.minY + box.maxY) / 2);
    vp.panBy(f0.width / 2 - mid.x, (f0.top + f0.bottom) / 2 - mid.y);
    root.dataset.zoomed = "1";
    return true;
  }

  /** With a sheet over the map's foot, pan the least so the step's hexes are not under it. */
  let panned = null;
  function keepClear(ids) {
    const box = boxOf(T.geo, ids);
    if (!box) return;
    const f = freeArea();
    const a = vp.worldToScreen(box.minX, box.minY), b = vp.worldToScreen(box.maxX, box.maxY);
    let dy = 0;
    if (b.y - a.y > f.bottom - f.top) dy = (f.top + f.bottom) / 2 - (a.y + b.y) / 2;
    else if (b.y > f.bottom) dy = f.bottom - b.y;
    else if (a.y < f.top) dy = f.top - a.y;
    if (Math.abs(dy) < 1) return;
    const was = vp.following;
    vp.panBy(0, dy);
    if (was) panned = { scale: vp.scale };
  }

  // On a small map the rings of a step are brought close by the board itself; once the step is over the
  // whole valley comes back, unless the person has zoomed the view meanwhile.
  let autoZoom = null;
  function autoFocus() {
    if (!T.geo || !T.view || T.pending) return;
    const m = T.marks();
    const rings = T.acting ? [...m.rings] : [];
    const sheet = root.querySelector(".wf-sheet");
    const open = sheet && !sheet.hidden;
    const about = [...rings, ...(m.confront ? [m.confront] : [])];
    if (m.picked && m.picked.place !== "home") about.push(m.picked.place);
    if (open && about.length) {
      requestAnimationFrame(() => { if (!T.destroyed && !T.pending) keepClear(about); });
    } else if (!open && panned) {
      if (!vp.following && Math.abs(vp.scale - panned.scale) < 1e-9 && !autoZoom) { vp.fit(); root.dataset.zoomed = ""; }
      panned = null;
    }
    if (rings.length && vp.following && vp.scale * SIZE < 26) {
      const ids = m.picked && m.picked.place !== "home" ? [...rings, m.picked.place] : rings;
      requestAnimationFrame(() => {
        if (T.destroyed || !vp.following || T.pending) return;
        if (zoomTo(ids, 44 / SIZE)) autoZoom = { scale: vp.scale };
      });
    } else if (!rings.length && autoZoom) {
      if (!vp.following && Math.abs(vp.scale - autoZoom.scale) < 1e-9) { vp.fit(); root.dataset.zoomed = ""; }
      autoZoom = null;
    }
  }

  return { focusView, autoFocus };
}
