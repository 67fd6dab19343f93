// Work spread over idle time, for warming up boards without holding up a frame.

/** Run `step(i)` for i = 0 … n−1 in idle slices, so warming up never holds up a frame. */
export function inIdleTime(n, step) {
  const idle = window.requestIdleCallback || ((fn) => setTimeout(() => fn({ timeRemaining: () => 8 }), 30));
  return new Promise((resolve) => {
    let i = 0;
    const slice = (deadline) => {
      while (i < n && deadline.timeRemaining() > 2) step(i++);
      if (i < n) idle(slice);
      else resolve();
    };
    idle(slice);
  });
}
