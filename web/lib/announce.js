// The page's screen-reader live region (#announcer): what tables, boards, replays and embeds say.

let clearTimer = null;
let pending = null;

/** Say `text` to screen readers (polite). Renderers receive this as `announce`. */
export function announce(text) {
  const region = document.getElementById("announcer");
  if (!region || !text) return;
  // Re-setting the same text would not be read again: clear, then set on the next frame.
  region.textContent = "";
  cancelAnimationFrame(pending);
  pending = requestAnimationFrame(() => { region.textContent = String(text); });
  clearTimeout(clearTimer);
  clearTimer = setTimeout(() => { region.textContent = ""; }, 8000);
}

/** Empty the live region at once: a person's own words must not stay there for the next person. */
export function silence() {
  const region = document.getElementById("announcer");
  cancelAnimationFrame(pending);
  clearTimeout(clearTimer);
  if (region) region.textContent = "";
}
