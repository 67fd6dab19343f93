// A move someone else made (a bot, another person, a guest), shown travelling from where it came
// from to where it went: short enough never to slow play (MOVE_MS), and not at all when the system
// asks for reduced motion. A board calls `glide` with a function that draws the move part of the
// way (0 → 1); the board's root says while it runs (data-moving) and how long the last one took
// (data-move-ms), so the page and its tests can tell.

/** How long a move takes to arrive, in ms. */
export const MOVE_MS = 220;

export function reducedMotion() {
  try {
    return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  } catch (_) {
    return false;
  }
}

/** An ease that starts quick and settles: the piece lands rather than stops. */
const ease = (p) => 1 - (1 - p) ** 3;

/**
 * Run `frame(p)` for p from 0 to 1 over MOVE_MS, one call per animation frame, ending on frame(1);
 * with reduced motion, frame(1) at once. A new glide on the same root ends the one before.
 * Returns {cancel()} (the move is then drawn where it went).
 */
export function glide(root, frame) {
  if (root.__glide) root.__glide.cancel();
  if (reducedMotion()) {
    delete root.dataset.moving;
    root.dataset.moveMs = "0";
    frame(1);
    return { cancel() {} };
  }
  const start = performance.now();
  let raf = 0;
  let over = false;
  root.dataset.moving = "1";
  const finish = () => {
    if (over) return;
    over = true;
    cancelAnimationFrame(raf);
    delete root.dataset.moving;
    root.dataset.moveMs = String(Math.round(Math.min(performance.now() - start, MOVE_MS)));
    if (root.__glide === handle) root.__glide = null;
    frame(1);
  };
  const step = (now) => {
    if (over) return;
    // A frame's time can be a little before the moment the glide began: never a part below 0.
    const p = Math.max(0, Math.min(1, (now - start) / MOVE_MS));
    if (p >= 1) {
      finish();
      return;
    }
    frame(ease(p));
    raf = requestAnimationFrame(step);
  };
  const handle = { cancel: finish };
  root.__glide = handle;
  frame(0);
  raf = requestAnimationFrame(step);
  return handle;
}

/** The point `p` of the way from a to b. */
export function between(a, b, p) {
  return { x: a.x + (b.x - a.x) * p, y: a.y + (b.y - a.y) * p };
}
