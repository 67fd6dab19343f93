// The keys every board takes the same way, so a person who learnt one table knows the others:
// Enter confirms the choice as it is shown, Space toggles (or steps through) the thing under the
// focus, the arrow keys move, Escape steps back, and "?" lists the keys in words. After every
// move the focus stays on the board (never dropped to the page, which would mean tabbing through
// the header again each turn).

import { addStrings, t } from "../../lib/i18n.js";
import { addStyleOnce } from "../../lib/style.js";
import { el } from "../../lib/dom.js";
import { siteKeyRows } from "../../lib/keymap.js";

addStrings({
  en: {
    "vt.keys.title": "Keys",
    "vt.keys.close": "Close",
    "vt.keys.closeLong": "Close the list of keys",
    "vt.key.enter": "Enter",
    "vt.key.space": "Space",
    "vt.key.arrows": "Arrow keys",
    "vt.key.escape": "Escape",
    "vt.key.tab": "Tab",
    "vt.key.help": "?",
    "vt.keys.help": "Show or hide this list of keys.",
  },
  pt: {
    "vt.keys.title": "Teclas",
    "vt.keys.close": "Fechar",
    "vt.keys.closeLong": "Fechar a lista de teclas",
    "vt.key.enter": "Enter",
    "vt.key.space": "Espaço",
    "vt.key.arrows": "Setas",
    "vt.key.escape": "Esc",
    "vt.key.tab": "Tab",
    "vt.key.help": "?",
    "vt.keys.help": "Mostra ou esconde esta lista de teclas.",
  },
});

const ARROWS = { ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down" };

/**
 * What a key means under the shared convention: "confirm" (Enter), "toggle" (Space), "back"
 * (Escape), "help" (?), "left" / "right" / "up" / "down", or null for any other key (a game's own
 * letters). A key with Ctrl, Alt or Meta is never the board's.
 */
export function boardKey(ev) {
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return null;
  const k = ev.key;
  if (k === "Enter") return "confirm";
  if (k === " " || k === "Spacebar") return "toggle";
  if (k === "Escape") return "back";
  if (k === "?") return "help";
  return ARROWS[k] || null;
}

const CSS = `
.vt-keylist{position:absolute;z-index:6;top:8px;left:8px;right:8px;max-width:440px;max-height:calc(100% - 16px);
  overflow:auto;background:#fffaf0;color:#2b1d10;border:1px solid rgba(0,0,0,.3);border-radius:12px;
  box-shadow:0 6px 22px rgba(0,0,0,.35);padding:10px 14px 12px;font:14px/1.35 system-ui,sans-serif}
.vt-keylist[hidden]{display:none}
.vt-keylist h3{margin:0 0 6px;font-size:16px}
.vt-keylist dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px;margin:0}
.vt-keylist dt{font-weight:700;white-space:nowrap}
.vt-keylist dd{margin:0}
.vt-keylist .vt-keylist-close{float:right;min-height:36px;min-width:44px;border-radius:8px;border:1px solid rgba(0,0,0,.35);
  background:#f3ead8;color:inherit;font:600 14px system-ui,sans-serif;cursor:pointer}
.vt-keylist .vt-keylist-close:focus-visible{outline:3px solid #ffd34d;outline-offset:2px}
`;

/**
 * The list "?" opens: a box the game puts over its board. `rows()` gives, at each opening (so in
 * the page's language of the moment), [keys, what] pairs: `keys` is a string key of the shared key
 * names ("vt.key.enter"…) or the words themselves ("R", "1–9"), `what` the game's own words.
 * `onClose()` runs when the list closes (the game puts the focus back on its board).
 */
export function createKeyList({ rows, onClose = () => {} }) {
  addStyleOnce("vt-keylist-style", CSS);
  const box = el("div", "vt-keylist");
  box.setAttribute("role", "dialog");
  box.hidden = true;
  box.addEventListener("keydown", (ev) => {
    const k = boardKey(ev);
    if (k === "back" || k === "help") {
      ev.preventDefault();
      ev.stopPropagation();
      close();
    }
  });

  function paint() {
    const close_ = el("button", "vt-keylist-close", t("vt.keys.close"));
    close_.type = "button";
    close_.setAttribute("aria-label", t("vt.keys.closeLong"));
    close_.addEventListener("click", () => close());
    const title = el("h3", "", t("vt.keys.title"));
    title.id = `vt-keylist-title-${Math.random().toString(36).slice(2, 8)}`;
    box.setAttribute("aria-labelledby", title.id);
    const dl = el("dl");
    for (const [keys, what] of [...rows(), ...siteKeyRows(), ["vt.key.help", t("vt.keys.help")]]) {
      dl.append(el("dt", "", keys.startsWith("vt.key.") ? t(keys) : keys), el("dd", "", what));
    }
    box.replaceChildren(close_, title, dl);
  }

  function open() {
    paint();
    box.hidden = false;
    box.querySelector("button").focus({ preventScroll: true });
  }

  function close() {
    if (box.hidden) return false;
    box.hidden = true;
    onClose();
    return true;
  }

  return {
    element: box,
    open,
    close,
    toggle() { if (box.hidden) open(); else close(); },
    get isOpen() { return !box.hidden; },
    /** Repaint in the page's new language when open. */
    setLang() { if (!box.hidden) paint(); },
  };
}

/**
 * Keep the focus on the board across moves. While the focus is inside `root` (or left it only by
 * being removed from the page with what it was on, as when a move's buttons make way for the next
 * step's), `settle()` — called after each repaint — puts it back with `refocus()` if it has fallen
 * to the page's body. Focus the person moved elsewhere (the header, the moves list) stays there.
 */
export function holdBoardFocus(root, refocus) {
  let held = false;
  const onIn = () => { held = true; };
  const onOut = (ev) => {
    const to = ev.relatedTarget;
    if (to && !root.contains(to)) held = false;
  };
  const onDown = (ev) => {
    // A press outside the board (the page's own controls, or its empty margin) lets the board go.
    if (!root.contains(ev.target)) held = false;
  };
  root.addEventListener("focusin", onIn);
  root.addEventListener("focusout", onOut);
  document.addEventListener("pointerdown", onDown, true);
  return {
    get held() { return held; },
    settle() {
      if (!held || !root.isConnected) return;
      const a = document.activeElement;
      if (a && a !== document.body && a !== document.documentElement && a.isConnected) {
        if (!root.contains(a)) held = false;
        return;
      }
      refocus();
    },
    destroy() {
      root.removeEventListener("focusin", onIn);
      root.removeEventListener("focusout", onOut);
      document.removeEventListener("pointerdown", onDown, true);
    },
  };
}
