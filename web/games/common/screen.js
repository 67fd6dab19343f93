// What every table board does with the screen around it: fill the height below the page's own bar
// (so a phone shows the board and its controls without scrolling), and take only the keys meant
// for it.

/**
 * Keep `root` as tall as the room below its top edge allows, now and whenever the window or the
 * page above it changes size (the page's bar grows with the status words and the clock).
 * `size(room)`: the height in pixels for `room` pixels of screen left, or null to leave it;
 * `onFit(height)`: after each fit; `onResize()`: after the window's own resize, past the fit.
 */
export function fitBelowBar(root, { size, onFit = null, onResize = null }) {
  function fit() {
    if (!root.isConnected) return;
    const top = root.getBoundingClientRect().top + window.scrollY;
    const height = size(window.innerHeight - top);
    if (height === null) return;
    const px = `${Math.round(height)}px`;
    if (root.style.height !== px) root.style.height = px;
    if (onFit) onFit(Math.round(height));
  }
  const resized = () => {
    fit();
    if (onResize) onResize();
  };
  window.addEventListener("resize", resized);
  const page = new ResizeObserver(() => fit());
  page.observe(document.body);
  return {
    fit,
    destroy() {
      window.removeEventListener("resize", resized);
      page.disconnect();
    },
  };
}

/**
 * Whether a key pressed anywhere on the page is the board's: no modifier, not typed into a field,
 * not already handled, and the board on screen (not hidden behind another state of the page).
 */
export function keyForBoard(ev, root) {
  if (ev.ctrlKey || ev.metaKey || ev.altKey || ev.defaultPrevented) return false;
  const target = ev.target;
  if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return false;
  return !!root.offsetParent;
}
