// A value from storage or a peer, shown in an error's words: JSON, at most 40 characters.
export function shown(value) {
  let text;
  try { text = JSON.stringify(value); } catch (_) { text = String(value); }
  text = text === undefined ? String(value) : text;
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
