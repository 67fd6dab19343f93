// Long presses on the Wickerfair table, a touch screen's way to ask "what is this?": on the map, the
// words of the hex or home under the finger; on any explained part of the page (mat, chips, panels,
// anything with data-tip), its tip. The tap that ends a long press does not act.

const LONG_PRESS_MS = 520;

/**
 * vp: the map's viewport; root: the table's element. placeAt(x, y): the place at a world point, or
 * null; onPlace(place): say it; onTip(text): show an element's tip.
 * Returns {takeLongPress()}: true once after a long press on the map, for the tap that ends it.
 */
export function watchLongPresses({ vp, root, placeAt, onPlace, onTip }) {
  let longPressed = false;
  let pressTimer = 0;
  let pressAt = null;
  vp.element.addEventListener("pointerdown", (ev) => {
    longPressed = false;
    pressAt = { x: ev.clientX, y: ev.clientY };
    clearTimeout(pressTimer);
    pressTimer = setTimeout(() => {
      if (!pressAt) return;
      const r = vp.element.getBoundingClientRect();
      const w = vp.screenToWorld(pressAt.x - r.left, pressAt.y - r.top);
      const place = placeAt(w.x, w.y);
      if (place) { longPressed = true; onPlace(place); }
    }, LONG_PRESS_MS);
  });
  const cancelPress = (ev) => {
    if (ev.type === "pointermove" && pressAt && Math.hypot(ev.clientX - pressAt.x, ev.clientY - pressAt.y) < 8) return;
    clearTimeout(pressTimer);
    if (ev.type !== "pointerup") pressAt = null;
  };
  for (const type of ["pointermove", "pointerup", "pointercancel", "pointerleave"]) vp.element.addEventListener(type, cancelPress);

  let tipTimer = 0;
  let tipFired = false;
  root.addEventListener("pointerdown", (ev) => {
    tipFired = false;
    const target = ev.target.closest && ev.target.closest("[data-tip]");
    if (!target || !root.contains(target) || ev.pointerType === "mouse") return;
    clearTimeout(tipTimer);
    tipTimer = setTimeout(() => { tipFired = true; onTip(target.dataset.tip); }, LONG_PRESS_MS);
  });
  for (const type of ["pointerup", "pointercancel", "pointermove"]) {
    root.addEventListener(type, (ev) => { if (type !== "pointermove" || ev.pointerType !== "mouse") clearTimeout(tipTimer); });
  }
  root.addEventListener("click", (ev) => {
    if (tipFired) { tipFired = false; ev.preventDefault(); ev.stopPropagation(); }
  }, true);
  root.addEventListener("contextmenu", (ev) => { if (ev.target.closest && ev.target.closest("[data-tip]")) ev.preventDefault(); });

  return {
    takeLongPress() {
      if (!longPressed) return false;
      longPressed = false;
      return true;
    },
  };
}
