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

  /** Bring these hexes close (the scale at most ``cap``), keeping the zoom if it is closer already. */
  function zoomTo(ids, cap) {
    const box = boxOf(T.geo, ids);
    if (!box) return false;
    const r = vp.element.getBoundingClientRect();
    const f = Math.min(r.width / (box.maxX - box.minX), (r.height - 50) / (box.maxY - box.minY));
    const target = Math.min(Math.max(f, vp.scale), cap);
    const c = vp.worldToScreen((box.minX + box.maxX) / 2, (box.minY + box.maxY) / 2);
    if (target > vp.scale) vp.zoomBy(target / vp.scale, c.x, c.y);
    // centred in the part of the map the hint line and the zoom buttons leave free
    const mid = vp.worldToScreen((box.minX + box.maxX) / 2, (box.minY + box.maxY) / 2);
    vp.panBy(r.width / 2 - mid.x, 28 + (r.height - 80) / 2 - mid.y);
    root.dataset.zoomed = "1";
    return true;
  }

  // On a small map the rings of a step are brought close by the board itself; once the step is over the
  // whole valley comes back, unless the person has zoomed the view meanwhile.
  let autoZoom = null;
  function autoFocus() {
    if (!T.geo || !T.view || T.pending) return;
    const m = T.marks();
    const rings = T.acting ? [...m.rings] : [];
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
