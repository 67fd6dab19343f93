// Boards carry their own CSS (so embeds and replays need no stylesheet link); each sheet is
// added to the document once, under its id. Pages forbid inline <style> elements (their
// Content-Security-Policy has style-src 'self'), so a sheet is a constructed stylesheet
// adopted by the document, which that policy allows.

const adopted = new Set();

export function addStyleOnce(id, css) {
  if (adopted.has(id)) return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  adopted.add(id);
}
