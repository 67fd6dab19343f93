// The Hollowmere side column (the players, the supply with the next tile, the score track and the
// itemised scores: panel.js paints their lists) and the valley's legend of its marked cells.

import { t } from "../../lib/i18n.js";
import { el } from "./panel.js";
import { drawTileInto } from "./tileart.js";

/** The side column's sections, appended to `side`; `parts` is what panel.js paints into. */
export function createSidePanel(side) {
  const supplySec = el("section", "hm-supply");
  const supplyTitle = el("h3");
  const supplyRow = el("div", "hm-supply-row");
  const supplyText = el("div", "hm-supply-count");
  supplyRow.append(supplyText);
  supplySec.append(supplyTitle, supplyRow);
  let nextBox = null;   // only in the DOM while the next tile is open

  const playersSec = el("section", "hm-players");
  const playersTitle = el("h3");
  const playersList = el("ul");
  playersSec.append(playersTitle, playersList);

  const trackSec = el("section", "hm-track");
  const trackTitle = el("h3");
  const trackBar = el("div", "hm-track-bar");
  trackBar.setAttribute("aria-hidden", "true");
  trackSec.append(trackTitle, trackBar);

  const scoresSec = el("section", "hm-scores");
  const scoresTitle = el("h3");
  const scoresList = el("ol");
  scoresList.setAttribute("aria-live", "off");
  scoresList.tabIndex = 0; // it may scroll: reachable by the keyboard
  scoresSec.append(scoresTitle, scoresList);
  side.append(playersSec, supplySec, trackSec, scoresSec);

  /** The supply's count and, when the options show it, the next tile (else not in the page at all). */
  function paintSupply(view, { tileDef, tileName }) {
    supplyTitle.textContent = t("hm.supply");
    const n = view ? view.supply : 0;
    supplyText.textContent = n === 0 ? t("hm.supplyNone") : n === 1 ? t("hm.supplyOne") : t("hm.supplyCount", { n });
    const nextId = view && Object.prototype.hasOwnProperty.call(view, "next") ? view.next : null;
    const d = nextId && tileDef(nextId);
    if (!d) {
      if (nextBox) { nextBox.remove(); nextBox = null; }
      return;
    }
    if (!nextBox) {
      nextBox = el("div", "hm-next");
      nextBox.append(el("div", "hm-next-label"), el("canvas"));
      supplyRow.prepend(nextBox);
    }
    nextBox.dataset.tile = nextId;
    const [label, canvas] = nextBox.children;
    label.textContent = t("hm.next");
    const px = Math.round(64 * (window.devicePixelRatio || 1));
    if (canvas.width !== px) { canvas.width = px; canvas.height = px; }
    drawTileInto(canvas, d, 0);
    canvas.setAttribute("role", "img");
    canvas.setAttribute("aria-label", `${t("hm.next")}: ${tileName(nextId)}`);
  }

  return {
    parts: { playersTitle, playersList, trackTitle, trackBar, scoresTitle, scoresList },
    paintSupply,
  };
}

/** What the two marks of a free cell mean: bright, the tile fits there as it is turned now; pale
 * and dashed, only in another turn. Shown while the person has a tile to lay. */
export function createLegend() {
  const box = el("div", "hm-legend");
  box.setAttribute("aria-hidden", "true");
  let painted = "";
  return {
    element: box,
    paint(show) {
      box.hidden = !show;
      if (!show) return;
      const words = [t("hm.legend.fits"), t("hm.legend.other")];
      if (painted === words.join("|")) return;
      painted = words.join("|");
      const row = (cls, text) => {
        const r = el("span", "hm-legend-row");
        r.append(el("span", `hm-swatch ${cls}`), el("span", "", text));
        return r;
      };
      box.replaceChildren(row("hm-swatch-fits", words[0]), row("hm-swatch-other", words[1]));
    },
    /** The language changed: the words are painted again at the next paint. */
    forget() { painted = ""; },
  };
}
