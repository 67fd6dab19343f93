// Small helpers the site's pages and the embeds share: a game's name and a seat's in plain words, a
// record's first check, the clipboard, an engine error's words, whether a key press is the page's.

import { t, hasString } from "./i18n.js";
import { levelName } from "./seats.js";

/** The game's display name ("hollowmere" → "Hollowmere"); unknown code names as written. */
export function gameName(game) {
  return hasString(`game.${game}`) ? t(`game.${game}`) : String(game);
}

/** "Ana" or "Bot 2 (bot · easy)": a bot is marked as a bot everywhere, in plain text too. */
export function seatText(seat, index) {
  if (!seat || typeof seat !== "object") return t("pg.seatN", { n: index + 1 });
  const name = seat.name || t("pg.seatN", { n: index + 1 });
  if (!seat.bot) return name;
  return seat.level ? t("pg.botSeatLevel", { name, level: levelName(seat.level) }) : t("pg.botSeat", { name });
}

/**
 * Refuse what is plainly not a record before asking the engine (which names the exact
 * problem for anything that looks like one). Returns an error message or null.
 */
export function recordProblem(data) {
  if (!data || typeof data !== "object" || Array.isArray(data)) return t("pg.notRecord.object");
  if (data.format !== "valley-tables-record") return t("pg.notRecord.format");
  if (!Array.isArray(data.actions) || !Array.isArray(data.actors)) return t("pg.notRecord.actions");
  if (!Array.isArray(data.seats) || !data.seats.length) return t("pg.notRecord.seats");
  return null;
}

/** Copy text to the clipboard; false when the browser refuses (the caller then shows it). */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (_) {
    return false;
  }
}

/** A readable message for an engine error (the bridge's own message when it has one). */
export function errorText(e) {
  if (!e) return "";
  return String(e.message || e);
}

/** Is the key press one a page-wide shortcut may take (not typing, no modifier)? */
export function plainKey(e) {
  if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return false;
  const el = e.target;
  if (!el || !el.tagName) return true;
  if (el.isContentEditable) return false;
  if (el.tagName === "TEXTAREA" || el.tagName === "SELECT") return false;
  if (el.tagName === "INPUT" && el.type !== "button" && el.type !== "checkbox") return false;
  return true;
}
