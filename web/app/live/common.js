// Small pieces both sides of a shared table use: hashing, drawing a contribution, the styles.

import { addStyleOnce } from "../../lib/style.js";
import { t } from "../../lib/i18n.js";

export { sha256Hex } from "../../lib/sha256.js";

/** A contribution to a joint seed: 32 random bytes as 64 lowercase hex characters. */
export function drawContribution() {
  const b = new Uint8Array(32);
  crypto.getRandomValues(b);
  return [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
}

const CSS = `
.live-page { display: flex; flex-direction: column; gap: 14px; }
.live-page h1 { margin: 0; }
.live-head .crumbs { margin: 0 0 4px; }
.invite-cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(280px, 1fr)); gap: 12px; }
.invite-card { background: var(--card, #fff); border: 1px solid var(--line, #ccc); border-radius: var(--radius, 8px);
  padding: 12px; display: flex; flex-direction: column; gap: 8px; }
.invite-card h3 { margin: 0; font-size: 1.05rem; }
.guest-state { margin: 0; font-weight: 650; }
.guest-state[data-state="here"] { color: var(--moss-dark, #2d5a27); }
.guest-state[data-state="away"] { color: var(--danger, #a33); }
.invite-row { display: flex; gap: 6px; }
.invite-row input { flex: 1 1 auto; min-width: 0; font-family: monospace; }
.qr-box { display: flex; justify-content: center; }
.scan-box { display: flex; flex-direction: column; align-items: center; gap: 6px; }
.scan-video { width: min(100%, 320px); aspect-ratio: 1; object-fit: cover; border-radius: 6px; background: #000; }
.qr-code { width: min(100%, 260px); height: auto; image-rendering: pixelated; border-radius: 4px; }
.answer-field textarea, .answer-code { width: 100%; box-sizing: border-box; font-family: monospace; font-size: .8rem;
  word-break: break-all; }
.live-commitment code, .joint-list code { word-break: break-all; font-size: .8rem; }
.live-join { display: flex; flex-direction: column; gap: 12px; max-width: 720px; }
/* Once the table is drawn it takes the page's width, as the host's does. */
.live-join[data-page="live-guest-playing"] { max-width: none; }
.live-join[data-page="live-guest-playing"] .join-info { max-width: 720px; }
.live-watchers h3 { margin: 8px 0 0; }
.live-join dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; margin: 0; }
.live-join dd { margin: 0; min-width: 0; }
.joint-check { border-radius: var(--radius, 8px); padding: 10px 12px; border: 1px solid var(--line, #ccc); }
.joint-check[data-ok="true"] { border-color: var(--moss-dark, #2d5a27); }
.joint-check[data-ok="false"] { border-color: var(--danger, #a33); }
.joint-list { margin: 0; padding-left: 1.4em; }
.live-table { margin-top: 6px; }
.live-me { align-self: end; font-weight: 600; padding-bottom: 6px; }
.hints-on { margin: 4px 0 0; font-size: .9rem; color: var(--muted, #666); }
.hints-on[hidden] { display: none; }
.live-guests-fold > summary { cursor: pointer; font-weight: 650; padding: 8px 0; display: flex; gap: 8px; align-items: center;
  flex-wrap: wrap; }
.live-guests-fold[open] > summary { margin-bottom: 8px; }
.fold-alert { background: var(--danger, #a33); color: #fff; }
.chat-lines { list-style: none; margin: 0; padding: 0; max-height: 11rem; overflow-y: auto; display: flex; flex-direction: column;
  gap: 3px; font-size: .95rem; overflow-wrap: anywhere; }
.chat-lines li.mine .chat-who { color: var(--moss-dark, #2d5a27); }
.chat-who { font-weight: 650; }
.chat-empty { color: var(--muted, #666); font-size: .9rem; }
.chat-note { margin: 0; min-height: 0; font-size: .85rem; color: var(--danger, #a33); }
.chat-note:empty { display: none; }
.chat-phrases, .chat-mutes { display: flex; flex-wrap: wrap; gap: 4px; margin-top: 6px; }
.chat-form { display: flex; gap: 6px; margin-top: 6px; }
.chat-form input { flex: 1 1 auto; min-width: 0; }
.chat-mute[aria-pressed="true"] { text-decoration: line-through; }
/* The hand-over code: read aloud and compared, digit by digit, on two pages. */
.stranger-note p, .note.host-alert p { margin: 0 0 6px; }
.stranger-note p:last-child, .note.host-alert p:last-child { margin-bottom: 0; }
.handover-code { font-family: ui-monospace, monospace; font-size: 1.35rem; letter-spacing: .08em; white-space: nowrap;
  color: var(--ink, #222); }
`;

export function addLiveStyle() {
  addStyleOnce("live", CSS);
}

/** Copy `text`; where the clipboard is refused, select it in the field next to the button. */
export async function copy(text, button) {
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = t("table.copied");
  } catch (_) {
    const input = button.parentElement.querySelector("input, textarea");
    if (input) input.select();
    button.textContent = t("table.selected");
  }
}


/** The optional STUN server setting (web/app/live/peer.js): empty by default; the guide says what it reveals. */
export function stunField(getPref, setPref, prefName) {
  const input = document.createElement("input");
  input.type = "text";
  input.id = "live-stun";
  input.placeholder = "stun:stun.example.org:3478";
  input.autocomplete = "off";
  input.spellcheck = false;
  input.value = getPref(prefName, "");
  input.addEventListener("change", () => setPref(prefName, input.value.trim()));
  const details = document.createElement("details");
  details.className = "live-stun";
  const summary = document.createElement("summary");
  summary.textContent = t("live.stunTitle");
  const p = document.createElement("p");
  p.className = "hint";
  p.textContent = t("live.stunHelp");
  const label = document.createElement("label");
  label.className = "field";
  label.htmlFor = "live-stun";
  const span = document.createElement("span");
  span.textContent = t("live.stunLabel");
  label.append(span, input);
  details.append(summary, p, label);
  if (input.value) details.open = true;
  return details;
}
