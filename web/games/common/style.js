// Boards carry their own CSS (so embeds and replays need no stylesheet link); each sheet is
// added to the page once, under its id.

export function addStyleOnce(id, css) {
  if (document.getElementById(id)) return;
  const s = document.createElement("style");
  s.id = id;
  s.textContent = css;
  document.head.append(s);
}
