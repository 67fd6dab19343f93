// The Hollowmere hand: the tile in hand, its turn buttons, the Warden choices, "Take back" and
// "Lay tile", the Mist Veil and the hint. On a wide screen it heads the side column; on a narrow
// one it sits right under the valley, in two rows of fixed height, so the board above can be
// sized to leave it on screen.
//
// It holds no game state: the renderer paints it from a model and gets the person's wishes back
// through callbacks. Buttons are kept between paints (a chip rebuilt under a finger would eat
// the tap), and only change when what they offer changes.

import { t } from "../../lib/i18n.js";
import { el } from "./panel.js";
import { drawTileInto } from "./tileart.js";

function button(cls, act, text) {
  const b = el("button", cls, text);
  b.type = "button";
  if (act) b.dataset.act = act;
  return b;
}

export function createHandControls({ onTurn, onConfirm, onCancel, onWarden, onVeil }) {
  const section = el("section", "hm-hand");
  const title = el("h3", "hm-hand-title");
  const row = el("div", "hm-hand-row");
  const tileBtn = button("hm-hand-tile", "turn");
  const canvas = el("canvas");
  tileBtn.append(canvas);
  const info = el("div", "hm-hand-info");
  const name = el("div", "hm-hand-name");
  const buttons = el("div", "hm-buttons");
  const rotL = button("hm-btn hm-icon", "rotl", "⟲");
  const rotR = button("hm-btn hm-icon", "rotr", "⟳");
  const cancel = button("hm-btn hm-cancel", "cancel");
  const cancelIcon = el("span", "hm-cancel-icon", "✕");
  cancelIcon.setAttribute("aria-hidden", "true");
  const cancelText = el("span", "hm-cancel-text");
  cancel.append(cancelIcon, cancelText);
  const lay = button("hm-btn hm-primary", "lay");
  buttons.append(rotL, rotR, cancel, lay);
  info.append(name, buttons);
  row.append(tileBtn, info);
  const choices = el("div", "hm-wardens");
  choices.setAttribute("role", "group");
  const veil = button("hm-btn hm-veil", "veil");
  const hint = el("p", "hm-hint");
  hint.setAttribute("aria-live", "off");
  section.append(title, row, choices, hint);

  tileBtn.addEventListener("click", () => onTurn(1));
  rotL.addEventListener("click", () => onTurn(-1));
  rotR.addEventListener("click", () => onTurn(1));
  cancel.addEventListener("click", () => onCancel());
  lay.addEventListener("click", () => onConfirm());
  veil.addEventListener("click", () => onVeil());

  let chipKey = null;
  let chips = [];
  let drawn = null;

  function sizeCanvas(css) {
    const px = Math.round(css * (window.devicePixelRatio || 1));
    if (canvas.width !== px) { canvas.width = px; canvas.height = px; }
  }

  /** The Warden chips: one per spot, in the legal list's order, then "No Warden". */
  function paintChips(m) {
    const key = m.spots.length ? `${m.colour}|${m.spots.map((s) => `${s.region}:${s.label}`).join(",")}|${m.noWarden}|${m.noWardenShort}` : "";
    if (key !== chipKey) {
      chipKey = key;
      chips = [];
      choices.replaceChildren();
      m.spots.forEach((sp, i) => {
        const b = button("hm-btn hm-chip");
        b.dataset.region = sp.region;
        b.dataset.key = String(i + 1);
        const num = el("span", "hm-num", String(i + 1));
        num.style.background = m.colour;
        num.style.color = m.ink;
        const words = el("span", "hm-role", sp.role);
        words.append(el("span", "hm-where", ` ${sp.where}`));
        b.append(num, words);
        b.setAttribute("aria-label", `${i + 1}: ${sp.label}`);
        b.addEventListener("click", () => onWarden(sp.region));
        chips.push(b);
      });
      if (m.spots.length) {
        const none = button("hm-btn hm-chip hm-chip-none");
        none.dataset.region = "-";
        none.dataset.key = "0";
        none.append(el("span", "hm-num hm-num-none", "0"), el("span", "hm-role hm-long", m.noWarden),
          el("span", "hm-role hm-short", m.noWardenShort));
        none.setAttribute("aria-label", `0: ${m.noWarden}`);
        none.addEventListener("click", () => onWarden(null));
        chips.push(none);
      }
      choices.append(...chips);
    }
    for (const b of chips) {
      const on = b.dataset.region === (m.warden || "-");
      b.setAttribute("aria-pressed", on ? "true" : "false");
    }
  }

  /**
   * model: {acting, title, tile (definition or null), r, name, stage ("pick" | "preview"),
   *   canLay, spots [{region, role, where, label}], warden, colour, ink, noWarden, veil ({text,
   *   title, armed} or null), hint, input, tileSize, compact (number-only chips)}
   */
  function paint(m) {
    section.dataset.stage = m.stage;
    section.dataset.acting = m.acting ? "1" : "0";
    choices.classList.toggle("hm-compact", !!m.compact);
    title.textContent = m.title;
    const look = m.tile ? `${m.tile.id}/${m.r}/${m.tileSize}` : "";
    if (look !== drawn) {
      drawn = look;
      sizeCanvas(m.tileSize);
      if (m.tile) drawTileInto(canvas, m.tile, m.r, { border: false });
      else canvas.getContext("2d").clearRect(0, 0, canvas.width, canvas.height);
    }
    name.textContent = m.name;
    tileBtn.disabled = !m.acting;
    tileBtn.setAttribute("aria-label", m.tileLabel);
    const keys = m.input !== "touch";
    for (const [b, k] of [[rotL, "hm.rotL"], [rotR, "hm.rotR"]]) {
      const words = t(keys ? `${k}Key` : k);
      b.title = words;
      b.setAttribute("aria-label", words);
      b.hidden = !m.acting;
    }
    cancelText.textContent = t("hm.cancel");
    cancel.title = t("hm.cancelLong");
    cancel.setAttribute("aria-label", t("hm.cancelLong"));
    cancel.hidden = !m.acting;
    cancel.disabled = m.stage !== "preview" && !(m.veil && m.veil.armed);
    lay.textContent = t("hm.lay");
    lay.hidden = !m.acting;
    lay.disabled = !m.canLay;
    paintChips(m.acting && m.stage === "preview" ? m : { spots: [] });
    if (m.acting && m.veil) {
      veil.textContent = m.veil.text;
      veil.title = m.veil.title;
      veil.classList.toggle("hm-armed", !!m.veil.armed);
      veil.setAttribute("aria-pressed", m.veil.armed ? "true" : "false");
      if (veil.parentNode !== choices) choices.append(veil);
    } else if (veil.parentNode) veil.remove();
    hint.textContent = m.hint;
  }

  return { element: section, paint, tileButton: tileBtn };
}
