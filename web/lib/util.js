// Small helpers shared by the Verify, Replay, My games, Guide and How-to pages and by embed.html.

import { t, hasString } from "../lib/i18n.js";
import { levelName } from "../lib/seats.js";

/** Link one of this folder's stylesheets into the document, once. */
export function useStyle(name) {
  if (document.querySelector(`link[data-vt-style="${name}"]`)) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL(`./${name}`, import.meta.url).href;
  link.dataset.vtStyle = name;
  document.head.append(link);
}

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

/** SHA-256 of a text as lowercase hex, or null where the browser offers no crypto.subtle. */
export async function sha256Hex(text) {
  if (!globalThis.crypto || !crypto.subtle) return null;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
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
