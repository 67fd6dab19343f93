// The Milehollow sheets that open beside the map (a wide board) or under it (a narrow one), never
// over it: the roads you may pave (a list in words), the paving sheet (the mixes the engine offers,
// the first one proposed), the mail to keep, the face-up Ox's confirmation and the final scoring. Each builder only makes DOM from what it is given and
// reports choices through callbacks; the renderer owns the state.

import { t } from "../../lib/i18n.js";
import { arrowKeys, el, finalTable, mailItem, mixChips, mixWords } from "./panels.js";
import { inputKind } from "../../lib/input.js";

export function button(cls, text, onClick, focusKey) {
  const b = el("button", cls, text);
  b.type = "button";
  if (focusKey) b.dataset.focusKey = focusKey;
  b.addEventListener("click", onClick);
  return b;
}

function actions(...buttons) {
  const box = el("div", "mh-actions");
  box.append(...buttons);
  return box;
}

/** roads: [{id, short, words, points}]; onPick(id, ev), onHot(id|null, reveal), onClose(). */
export function roadsSheet({ roads, onPick, onHot, onClose }) {
  const list = el("div", "mh-options");
  list.setAttribute("role", "list");
  const options = roads.map((r) => {
    const b = button("mh-option mh-road", "", (ev) => onPick(r.id, ev), `road:${r.id}`);
    b.dataset.road = r.id;
    b.append(el("span", "", r.short), el("span", "mh-pts", `+${r.points}`));
    b.setAttribute("aria-label", r.words);
    b.addEventListener("mouseenter", () => onHot(r.id, false));
    b.addEventListener("mouseleave", () => onHot(null, false));
    b.addEventListener("focus", () => onHot(r.id, true));
    b.addEventListener("blur", () => onHot(null, false));
    b.addEventListener("keydown", (ev) => arrowKeys(ev, options, true));
    return b;
  });
  list.append(...options);
  return [el("h3", "", t("mh.roadsTitle")), el("p", "mh-sub", t("mh.roadsHint")), list,
    actions(button("mh-btn", t("mh.close"), () => onClose(), "close"))];
}

/** mixes: the engine's card mixes for the road (the proposed one first); onSelect(mix, focus). */
export function paveSheet({ title, sub, mixes, selected, backLabel, onSelect, onConfirm, onBack }) {
  const group = el("div", "mh-options");
  group.setAttribute("role", "radiogroup");
  group.setAttribute("aria-label", t("mh.payWith"));
  const radios = mixes.map((cards, i) => {
    const b = button("mh-option", "", () => onSelect(cards, false), `mix:${cards}`);
    b.setAttribute("role", "radio");
    b.setAttribute("aria-checked", selected === cards ? "true" : "false");
    b.tabIndex = selected === cards ? 0 : -1;
    b.dataset.mix = cards;
    b.append(mixChips(cards), el("span", "mh-mixwords", mixWords(cards)));
    if (i === 0) b.append(el("span", "mh-tag", t("mh.mixProposed")));
    b.setAttribute("aria-label", mixWords(cards) + (i === 0 ? ` (${t("mh.mixProposed")})` : ""));
    b.addEventListener("keydown", (ev) => {
      if (ev.key.startsWith("Arrow")) {
        ev.preventDefault();
        const fwd = ev.key === "ArrowDown" || ev.key === "ArrowRight";
        onSelect(mixes[(i + (fwd ? 1 : mixes.length - 1)) % mixes.length], true);
      } else if (ev.key === "Enter") {
        ev.preventDefault();
        onSelect(cards, true);
        onConfirm();
      }
    });
    return b;
  });
  group.append(...radios);
  return [el("h3", "", title), el("p", "mh-sub", sub), el("p", "mh-sub", t("mh.payWith")), group,
    actions(button("mh-btn", backLabel, () => onBack(), "cancel"),
      button("mh-btn mh-primary mh-confirm", t("mh.paveConfirm"), () => onConfirm(), "confirm"))];
}

/**
 * pending: the view's my_pending; chosen: a Set of ids; action: the keep it makes, when legal;
 * suggested: the ids a hint would keep (marked amber).
 */
export function keepSheet({ deal, pending, chosen, least, action, touch, onToggle, onFocus, onConfirm, onRefused,
  suggested = new Set() }) {
  const items = pending.map((m) => {
    const b = mailItem(m, { pressed: chosen.has(m.id) });
    if (suggested.has(m.id)) b.classList.add("mh-suggest");
    b.dataset.focusKey = `keep:${m.id}`;
    b.addEventListener("click", () => onToggle(m));
    b.addEventListener("mouseenter", () => onFocus(m, false));
    b.addEventListener("focus", () => onFocus(m, true));
    return b;
  });
  items.forEach((b) => b.addEventListener("keydown", (ev) => {
    // The boards' convention: Space keeps or returns the card (the button's own press), Enter
    // confirms the cards kept as shown, never toggling one more.
    if (ev.key === "Enter" && !ev.ctrlKey && !ev.metaKey && !ev.altKey) {
      ev.preventDefault();
      if (action) onConfirm(action); else if (onRefused) onRefused();
      return;
    }
    arrowKeys(ev, items, true);
  }));
  const list = el("div", "mh-options");
  list.append(...items);
  const n = chosen.size;
  const confirm = button("mh-btn mh-primary mh-confirm", n >= least ? t("mh.keepBtn", { n }) : t("mh.keepNeed", { n: least }),
    () => { if (action) onConfirm(action); }, "confirm");
  confirm.disabled = !action;
  confirm.dataset.action = action || "";
  return [el("h3", "", t(deal ? "mh.keepTitleDeal" : "mh.keepTitle")),
    el("p", "mh-sub mh-keep-hint", t(keepHintKey(touch))), list, actions(confirm)];
}

/** The keep sheet's instructions for the hand in use: a finger, a mouse or the keys. */
export function keepHintKey(touch) {
  return touch ? "mh.keepHint" : inputKind() === "mouse" ? "mh.keepHintMouse" : "mh.keepHintKeys";
}

export function oxSheet({ onCancel, onConfirm }) {
  return [el("h3", "", t("mh.oxTitle")), el("p", "mh-sub", t("mh.oxBody")),
    actions(button("mh-btn", t("mh.cancel"), () => onCancel(), "cancel"),
      button("mh-btn mh-primary mh-confirm", t("mh.oxConfirm"), () => onConfirm(), "confirm"))];
}

export function finalSheet({ snap, view, townName, onClose }) {
  return [el("h3", "", t("mh.final.title")), finalTable(snap, view, townName),
    actions(button("mh-btn", t("mh.close"), () => onClose(), "close"))];
}
