// Where the Milehollow map looks while a sheet covers its lower part: a newly opened sheet pans what
// it is about (the road to pave, the towns of the mail to keep) into the part of the map it leaves
// free, and when the last sheet closes the whole map comes back if it was showing before.

import { boxOf } from "./art.js";

/**
 * vp: the map's viewport, mapBox its element, sheetEl the sheet; current(): the sheet the renderer
 * holds now; alive(): false once the renderer is gone.
 */
export function createCamera({ vp, mapBox, sheetEl, current, alive }) {
  let paintedSheet = null;
  let refitAfter = false;          // the view followed the content before a sheet panned it

  /** Called whenever the sheet is painted; acts only when the sheet is another one. */
  function followSheet(geo, view) {
    const sheet = current();
    if (sheet === paintedSheet) return;
    if (!paintedSheet && sheet) refitAfter = vp.following;   // the first of a run of sheets
    paintedSheet = sheet;
    if (!sheet) {
      if (refitAfter) vp.fit();
      refitAfter = false;
      return;
    }
    let box = null;
    if (sheet.kind === "pave") box = boxOf(geo, [], [sheet.road], 20);
    else if (sheet.kind === "keep") box = boxOf(geo, (view.my_pending || []).flatMap((m) => [m.a, m.b]));
    if (!box || !geo) return;
    const zoomTo = sheet.kind === "pave" ? 1 : 0;
    requestAnimationFrame(() => {
      if (!alive() || paintedSheet !== current()) return;
      // On a small screen the road to pave is brought close enough to see its slabs.
      if (vp.scale < zoomTo * 0.9) {
        const c = vp.worldToScreen((box.minX + box.maxX) / 2, (box.minY + box.maxY) / 2);
        vp.zoomBy(zoomTo / vp.scale, c.x, c.y);
      }
      reveal(box);
    });
  }

  /** Pan so a box shows in the part of the map the sheet does not cover. */
  function reveal(b) {
    if (!b) return;
    const mapRect = mapBox.getBoundingClientRect();
    let bottom = mapRect.height - 46;
    if (!sheetEl.hidden) {
      const s = sheetEl.getBoundingClientRect();
      bottom = Math.min(bottom, s.top - mapRect.top - 6);
    }
    const top = 28;
    if (bottom - top < 40) return;
    const a = vp.worldToScreen(b.minX, b.minY), c = vp.worldToScreen(b.maxX, b.maxY);
    const left = 6, right = mapRect.width - 6;
    const shift = (lo, hi, from, to) => {
      if (hi - lo > to - from) return (from + to) / 2 - (lo + hi) / 2;
      if (lo < from) return from - lo;
      if (hi > to) return to - hi;
      return 0;
    };
    const dx = shift(a.x, c.x, left, right), dy = shift(a.y, c.y, top, bottom);
    if (dx || dy) vp.panBy(dx, dy);
  }

  return { followSheet, reveal };
}
