// The parts of a table page every game shares, drawn from a snapshot: the log, the "All my
// moves" list (web/lib/moves.js), the notation switch and the seal (fingerprint). Seat labels
// and the score sheet: web/lib/seats.js.

import { t, words } from "../../lib/i18n.js";
import { h } from "../../lib/dom.js";
import { seatLabel } from "../../lib/seats.js";

// The list of moves lives with what the lesson player and embeds share (web/lib/moves.js).
export { movesList } from "../../lib/moves.js";

/**
 * The log in the current language, as the engine built it for this viewer: a secret choice
 * not yet revealed and another seat's private choice arrive already masked (no action, the
 * words the viewer may read). Nothing is masked or unmasked here.
 */
export function logList(snap) {
  if (!snap.log.length) return h("p.hint", t("table.logEmpty"));
  // It scrolls: it takes the keyboard's focus so that its earlier entries can be read without a mouse.
  return h("ol.log-list", { tabindex: "0", "aria-label": t("table.log") }, snap.log.map((e) => {
    const seat = snap.seats[e.seat] || { name: `#${e.seat + 1}`, bot: false };
    const text = e.hidden ? t("table.secretChoice") : words(e.words) || e.action;
    return h("li", { dataset: { by: e.by, n: String(e.n), seat: String(e.seat) }, class: e.hidden ? "hidden-choice" : null },
      h("span.log-n", `${e.n}.`),
      h("div.log-body",
        h("div.log-who", seatLabel(seat, e.seat),
          e.by === "timer" ? h("span.badge.by-table", t("table.byTableTimer"))
            : e.by === "table" ? h("span.badge.by-table", t("table.byTable")) : null),
        h("div.log-words", text, e.action && !e.hidden ? h("code.log-code", e.action) : null)),
    );
  }));
}

/** The readable sentence for one log entry (for the live region). */
export function logSentence(snap, entry) {
  const seat = snap.seats[entry.seat] || { name: "?" };
  const who = seat.bot ? `${seat.name} (${t("shell.bot")})` : seat.name;
  let text = `${who}: ${entry.hidden ? t("table.secretChoice") : words(entry.words) || entry.action}`;
  if (entry.by === "timer") text += ` — ${t("table.byTableTimer")}`;
  else if (entry.by === "table") text += ` — ${t("table.byTable")}`;
  return text;
}

const NOTATION_KEY = "vt-notation";

function notationShown() {
  try {
    return localStorage.getItem(NOTATION_KEY) === "on";
  } catch (_) {
    return false;
  }
}

/** Players read words; the game's notation (and the seal's fingerprint in full) is one toggle away. */
export function applyNotation(on = notationShown()) {
  document.body.classList.toggle("show-notation", on);
}

/** The "Show notation" switch: remembered in this browser, for every table. */
export function notationToggle() {
  const box = h("input", {
    type: "checkbox", checked: notationShown() || undefined,
    onchange: () => {
      try {
        localStorage.setItem(NOTATION_KEY, box.checked ? "on" : "off");
      } catch (_) { /* not remembered, still shown */ }
      applyNotation(box.checked);
    },
  });
  applyNotation();
  return h("label.notation-toggle", box, t("table.showNotation"));
}

/** The seal: a word on the bar; a click shows the fingerprint in full and offers to copy it. */
export function sealChip(fingerprint) {
  const full = h("div.seal-full", { hidden: true },
    h("p", t("table.sealExplain")),
    h("code.hex", fingerprint),
    h("button.button.small", {
      type: "button",
      onclick: async (e) => {
        const btn = e.currentTarget;
        try {
          await navigator.clipboard.writeText(fingerprint);
          btn.textContent = t("table.copied");
        } catch (_) {
          const range = document.createRange();
          range.selectNodeContents(full.querySelector("code"));
          getSelection().removeAllRanges();
          getSelection().addRange(range);
          btn.textContent = t("table.selected");
        }
      },
    }, t("table.copy")),
  );
  const button = h("button.seal-chip", {
    type: "button", "aria-expanded": "false", title: t("table.sealTitle"),
    onclick: () => {
      full.hidden = !full.hidden;
      button.setAttribute("aria-expanded", String(!full.hidden));
    },
  }, h("span.seal-icon", { "aria-hidden": "true" }, "⬢"), " ", h("span.seal-word", t("table.seal")));
  return h("div.seal", button, full);
}

