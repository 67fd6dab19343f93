// Small helpers every page may use: the screen-reader live region, element
// building, and the "message page" shown for bad links and broken saves.

import { t } from "../i18n.js";

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

/** h("div.cls#id", {attrs}, ...children): a tiny element builder (strings become text nodes). */
export function h(spec, attrs, ...children) {
  const m = /^([a-z0-9]+)?((?:[.#][\w-]+)*)$/i.exec(spec);
  const el = document.createElement((m && m[1]) || "div");
  if (m && m[2]) {
    for (const part of m[2].match(/[.#][\w-]+/g)) {
      if (part[0] === ".") el.classList.add(part.slice(1));
      else el.id = part.slice(1);
    }
  }
  if (attrs && (typeof attrs !== "object" || attrs instanceof Node || Array.isArray(attrs))) {
    children.unshift(attrs);
    attrs = null;
  }
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(el.dataset, v);
    else if (k === "class") el.classList.add(...String(v).split(/\s+/).filter(Boolean));
    else if (k === "text") el.textContent = v;
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.append(c instanceof Node ? c : String(c));
  }
}

/** A clear message page (bad link, missing table, broken save). Nothing else changes. */
export function messagePage(el, { title, body, detail, actions = [] }) {
  el.replaceChildren(
    h("section.message-page", { role: "alert", dataset: { page: "message" } },
      h("h1", title),
      body ? h("p", body) : null,
      detail ? h("p.detail", detail) : null,
      h("p.actions", actions.length ? actions : [h("a.button", { href: "#/" }, t("shell.backToLobby"))]),
    ),
  );
  document.body.dataset.state = "message";
  const heading = el.querySelector("h1");
  if (heading) {
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }
}

/** "12 Mar, 14:05" in the page language. */
export function formatDate(ms, lang) {
  try {
    return new Intl.DateTimeFormat(lang === "pt" ? "pt-BR" : "en-GB", {
      day: "numeric", month: "short", hour: "2-digit", minute: "2-digit",
    }).format(new Date(ms));
  } catch (_) {
    return new Date(ms).toLocaleString();
  }
}
