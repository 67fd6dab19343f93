// The one DOM helper the game boards share (the page shell has its own `h` with attributes).

/** An element with a class and its text (no text when `text` is null or undefined). */
export function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = text;
  return e;
}
