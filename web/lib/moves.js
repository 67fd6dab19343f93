// "All my moves": every legal move of a snapshot in words, each entry playing it. The table pages,
// the guest's page and the lesson player (a How to play page or a lesson embed) all list moves so.

import { t, words } from "./i18n.js";
import { h } from "./dom.js";

/**
 * "All my moves": every legal move in words; each entry plays it. Keyboard: Tab reaches
 * the list, arrows move within it, Enter/Space plays; a filter box narrows long lists.
 */
export function movesList(snap, { filter, onFilter, onPlay, enabled, hinted = null }) {
  const legal = snap.legal || [];
  const needle = (filter || "").trim().toLowerCase();
  const shown = needle ? legal.filter((m) => (words(m.words) + " " + m.action).toLowerCase().includes(needle)) : legal;
  const list = h("ul.moves-list", { role: "list", "aria-label": t("table.allMyMoves") },
    shown.map((m, i) => h("li", h("button.move", {
      type: "button",
      tabindex: i === 0 ? "0" : "-1",
      disabled: !enabled || undefined,
      class: m.action === hinted ? "hinted" : null,
      dataset: { action: m.action },
      onclick: () => onPlay(m.action),
      onkeydown: (e) => roving(e, list),
    }, m.action === hinted ? h("span.badge.hint-badge", t("table.hintBadge")) : null,
    h("span.move-words", words(m.words) || m.action), h("span.move-code", m.action)))),
  );
  return [
    legal.length > 12 ? h("label.filter",
      h("span.visually-hidden", t("table.filterMoves")),
      h("input#move-filter", {
        type: "search", value: filter || "", placeholder: t("table.filterMoves"), autocomplete: "off",
        oninput: (e) => onFilter(e.target.value),
      })) : null,
    shown.length ? list : h("p.hint", needle ? t("table.noMatch") : t("table.noMoves")),
    legal.length ? h("p.count", t("table.moveCount", { shown: shown.length, n: legal.length })) : null,
  ];
}

function roving(e, list) {
  const buttons = [...list.querySelectorAll("button.move")];
  const i = buttons.indexOf(e.currentTarget);
  let j = null;
  if (e.key === "ArrowDown" || e.key === "ArrowRight") j = Math.min(buttons.length - 1, i + 1);
  else if (e.key === "ArrowUp" || e.key === "ArrowLeft") j = Math.max(0, i - 1);
  else if (e.key === "Home") j = 0;
  else if (e.key === "End") j = buttons.length - 1;
  if (j === null) return;
  e.preventDefault();
  buttons[i].tabIndex = -1;
  buttons[j].tabIndex = 0;
  buttons[j].focus();
}
