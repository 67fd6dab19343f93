// Where the Milehollow map looks while a sheet is open beside or under it: a newly opened sheet
// brings what it is about (the road to pave, the towns of the mail to keep) into the part of the
// map that is really seen — below the page's sticky header and the hint line, above the zoom
// buttons, inside the window — zooming so that it fits there; when the last sheet closes the whole
// map comes back if it was showing before.

import { boxOf } from "./art.js";
import { revealShift } from "../common/viewport.js";

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
    if (sheet.kind === "pave") box = boxOf(geo, [], [sheet.road], 30);
    else if (sheet.kind === "keep") box = boxOf(geo, (view.my_pending || []).flatMap((m) => [m.a, m.b]), [], 36);
    if (!box || !geo) return;
    // A road is brought close enough to see its slabs; the towns of the mail, all of them at once.
    const most = sheet.kind === "pave" ? 1.6 : 1.2;
    requestAnimationFrame(() => {
      if (!alive() || paintedSheet !== current()) return;
      frame(box, most);
    });
  }

  /**
   * The part of the map a person sees now, in px of the map's box: inside the window, under
   * whatever lies over the map's top (the page's sticky header) and above what covers its foot (a
   * sheet), clear of the hint line and the zoom buttons. Found by asking the page what is on top.
   */
  function freeArea() {
    const r = mapBox.getBoundingClientRect();
    const mine = (x, y) => {
      const e = document.elementFromPoint(x, y);
      return !!e && mapBox.contains(e);
    };
    const xs = [r.left + r.width * 0.25, r.left + r.width * 0.5, r.left + r.width * 0.75];
    const seen = (y) => xs.some((x) => mine(x, y));
    let top = Math.max(r.top, 0) + 2;
    const lowest = Math.min(r.bottom, window.innerHeight) - 2;
    while (top < lowest && !seen(top)) top += 6;
    let bottom = lowest;
    while (bottom > top && !seen(bottom)) bottom -= 6;
    if (!sheetEl.hidden) bottom = Math.min(bottom, sheetEl.getBoundingClientRect().top - 2);
    return {
      left: 6, right: r.width - 6,
      top: top - r.top + 28,
      bottom: bottom - r.top - (bottom >= r.bottom - 8 ? 46 : 8),
    };
  }

  /** Zoom (up to `most`, never past the viewport's limits) and pan so `b` fills the free area. */
  function frame(b, most) {
    const f = freeArea();
    const w = f.right - f.left, h = f.bottom - f.top;
    if (w < 60 || h < 40) { reveal(b); return; }
    const want = Math.min(most, w / (b.maxX - b.minX), h / (b.maxY - b.minY));
    const c = vp.worldToScreen((b.minX + b.maxX) / 2, (b.minY + b.maxY) / 2);
    if (Math.abs(want / vp.scale - 1) > 0.08) vp.zoomBy(want / vp.scale, c.x, c.y);
    const d = vp.worldToScreen((b.minX + b.maxX) / 2, (b.minY + b.maxY) / 2);
    vp.panBy((f.left + f.right) / 2 - d.x, (f.top + f.bottom) / 2 - d.y);
  }

  /** Pan the least so a box shows in the free part of the map (keeping the zoom). */
  function reveal(b) {
    if (!b) return;
    const area = freeArea();
    if (area.bottom - area.top < 40) return;
    const { dx, dy } = revealShift(b, area, vp.worldToScreen);
    if (dx || dy) vp.panBy(dx, dy);
  }

  return { followSheet, reveal };
}
