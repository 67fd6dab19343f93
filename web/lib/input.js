// The hand the person is using right now: a finger ("touch"), a mouse ("mouse") or the keyboard
// ("keys"), from the last press anywhere on the page (before any, a coarse pointer means touch).
// Words that tell someone what to do next follow it: "Tap again" to a finger, "Click again" to a
// mouse, "Press Enter again" to the keys.

import { addStrings, t } from "./i18n.js";

addStrings({
  en: { "vt.again.touch": "Tap again", "vt.again.mouse": "Click again", "vt.again.keys": "Press Enter again" },
  pt: { "vt.again.touch": "Toque de novo", "vt.again.mouse": "Clique de novo", "vt.again.keys": "Aperte Enter de novo" },
});

const NAV_KEYS = new Set(["Tab", "Enter", " ", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Escape"]);

let last = null;
const listeners = new Set();

function set(kind) {
  if (kind === last) return;
  last = kind;
  for (const fn of [...listeners]) {
    try { fn(kind); } catch (e) { console.error(e); }
  }
}

if (typeof window !== "undefined") {
  window.addEventListener("pointerdown", (e) => set(e.pointerType === "mouse" ? "mouse" : "touch"), true);
  window.addEventListener("keydown", (e) => { if (NAV_KEYS.has(e.key)) set("keys"); }, true);
}

/** "touch", "mouse" or "keys". */
export function inputKind() {
  if (last) return last;
  try {
    return window.matchMedia("(pointer: coarse)").matches ? "touch" : "mouse";
  } catch (_) {
    return "mouse";
  }
}

/** Be told when the hand in use changes; returns the function that stops it. */
export function onInputChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** "Tap again" / "Click again" / "Press Enter again": the words of a second press that confirms. */
export function againWords() {
  return t(`vt.again.${inputKind()}`);
}
