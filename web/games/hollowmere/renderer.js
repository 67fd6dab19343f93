// The Hollowmere table: the valley on a pan/zoom canvas, the tile in hand, Warden choice,
// supply and next tile, players, score track and the itemised scoring list.
//
// It never decides legality. The cells, turns and Warden spots it offers are read from the
// snapshot's legal action strings (TILE@X,YrR+REGION / TILE@X,YrR- / veil), and a choice
// becomes exactly one of those strings through onIntent.

import { createViewport, createFocusLayer, arrowStep } from "../common/viewport.js";
import { t, getLang } from "../../app/i18n.js";
import { NAMES_PT } from "./strings.js";
import { injectStyle } from "./style.js";
import { el, explainScore, paintPlayers, paintScores, paintTrack } from "./panel.js";
import { inIdleTime } from "../common/idle.js";
import {
  loadTileset, geometry, tileBitmap, paintTile, paintWarden, drawTileInto, SEAT_COLOURS, SEAT_INK,
} from "./tileart.js";

const LAY_RE = /^([A-Z][A-Z0-9]*)@(\d+),(\d+)r([0-3])(?:\+([a-z][a-z0-9]*)|-)$/;
const ROLE_OF = { burgh: "steward", trail: "pathfinder", shrine: "keeper", river: "well-keeper", meadow: "grazier" };

const key = (x, y) => `${x},${y}`;

/** Parse the viewer's legal actions into cells → rotations → Warden options. */
function parseLegal(legal) {
  const cells = new Map();
  const actions = new Set();
  let veil = false;
  for (const entry of legal || []) {
    const a = typeof entry === "string" ? entry : entry.action;
    actions.add(a);
    if (a === "veil") { veil = true; continue; }
    const m = LAY_RE.exec(a);
    if (!m) continue;
    const [, tile, xs, ys, rs, region] = m;
    const k = key(+xs, +ys);
    if (!cells.has(k)) cells.set(k, { x: +xs, y: +ys, tile, rs: new Map() });
    const c = cells.get(k);
    if (!c.rs.has(+rs)) c.rs.set(+rs, []);
    if (region) c.rs.get(+rs).push(region);
  }
  for (const c of cells.values()) c.order = [...c.rs.keys()].sort((a, b) => a - b);
  return { cells, actions, veil };
}

export function createRenderer(host, { onIntent = () => {}, announce = () => {}, lang } = {}) {
  injectStyle();
  void lang; // the page language is read through t() at every draw

  const root = el("div", "hm-root");
  root.dataset.game = "hollowmere";
  const boardBox = el("div", "hm-board");
  const status = el("div", "hm-status");
  status.setAttribute("aria-hidden", "true");
  const side = el("div", "hm-side");
  root.append(boardBox, side);
  host.append(root);

  // --- state -------------------------------------------------------------------------
  let set = null;          // tile set
  let loadError = null;
  let snap = null;
  let viewer = null;
  let view = null;
  let laid = new Map();    // "x,y" -> {x, y, tile, r}
  let legal = parseLegal([]);
  let interactive = false;
  let hand = null;
  let handR = 0;
  let sel = null;          // {k, x, y}
  let stage = "place";     // "place" | "warden"
  let pending = false;
  let seenEvents = -1;
  let highlights = [];     // {tiles: Set("x,y"), start, end}
  let animFrame = 0;
  let turnKey = null;
  let destroyed = false;
  let refitAfter = false;  // the view followed the content before the Warden step zoomed in

  // --- the board -----------------------------------------------------------------------
  const vp = createViewport(boardBox, {
    drawWorld, drawScreen, onTap, onHover,
    minScale: 8, maxScale: 320, fitPadding: 14, fitMaxScale: 150, fitMinScale: 12,
    label: t("hm.board"),
  });
  vp.element.append(status);
  const controls = vp.addControls({ fit: t("hm.fit"), zoomIn: t("hm.zoomIn"), zoomOut: t("hm.zoomOut") });
  const layer = createFocusLayer(vp, { onActivate, onKey: (id, ev) => handleKey(ev, id), onFocus });

  function tileDef(id) {
    return set ? set.byId[id] : null;
  }

  function tileName(id) {
    const d = tileDef(id);
    if (getLang() === "pt" && NAMES_PT[id]) return NAMES_PT[id];
    return d ? d.name : id;
  }

  function variantOf(x, y) {
    return ((x * 7 + y * 13) % 3 + 3) % 3;
  }

  function drawWorld(ctx, v) {
    const dpr = window.devicePixelRatio || 1;
    const s = v.scale;
    const tl = v.screenToWorld(0, 0), br = v.screenToWorld(v.width, v.height);
    // Mist beyond the valley's edge, then the valley floor with faint cell lines.
    ctx.fillStyle = "#b9c3c0";
    ctx.fillRect(tl.x, tl.y, br.x - tl.x, br.y - tl.y);
    const W = (view && view.valley && view.valley.width) || 41;
    ctx.fillStyle = "#d5ddd6";
    ctx.fillRect(0, 0, W, W);
    if (s >= 14) {
      ctx.strokeStyle = "rgba(90,110,100,.16)";
      ctx.lineWidth = 1 / s;
      ctx.beginPath();
      const x0 = Math.max(0, Math.floor(tl.x)), x1 = Math.min(W, Math.ceil(br.x));
      const y0 = Math.max(0, Math.floor(tl.y)), y1 = Math.min(W, Math.ceil(br.y));
      for (let x = x0; x <= x1; x++) { ctx.moveTo(x, y0); ctx.lineTo(x, y1); }
      for (let y = y0; y <= y1; y++) { ctx.moveTo(x0, y); ctx.lineTo(x1, y); }
      ctx.stroke();
    }
    ctx.strokeStyle = "rgba(60,70,65,.6)";
    ctx.lineWidth = 2 / s;
    ctx.strokeRect(0, 0, W, W);
    if (!set || !view) return;

    const px = s * dpr;
    for (const c of laid.values()) {
      if (c.x + 1 < tl.x || c.x > br.x || c.y + 1 < tl.y || c.y > br.y) continue;
      const d = tileDef(c.tile);
      if (!d) continue;
      ctx.drawImage(tileBitmap(d, c.r, px, variantOf(c.x, c.y)), c.x, c.y, 1, 1);
    }
    ctx.strokeStyle = "rgba(50,40,25,.22)";
    ctx.lineWidth = 1 / s;
    for (const c of laid.values()) ctx.strokeRect(c.x, c.y, 1, 1);
    if (view.last) {
      ctx.strokeStyle = "rgba(255,255,255,.9)";
      ctx.lineWidth = Math.max(2 / s, 0.03);
      ctx.strokeRect(view.last.x + 0.02, view.last.y + 0.02, 0.96, 0.96);
    }
    // Scoring: a warm pulse over the scored feature's tiles.
    const now = performance.now();
    for (const h of highlights) {
      const f = Math.max(0, Math.min(1, (now - h.start) / (h.end - h.start)));
      const a = 0.55 * Math.sin(Math.PI * f) * (0.75 + 0.25 * Math.sin(now / 90));
      ctx.fillStyle = `rgba(255,214,64,${a.toFixed(3)})`;
      ctx.strokeStyle = `rgba(190,120,0,${(a * 1.4).toFixed(3)})`;
      ctx.lineWidth = 0.05;
      for (const k of h.tiles) {
        const [x, y] = k.split(",").map(Number);
        ctx.fillRect(x, y, 1, 1);
        ctx.strokeRect(x + 0.025, y + 0.025, 0.95, 0.95);
      }
    }
    // Wardens.
    for (const w of view.wardens || []) {
      const c = laid.get(key(w.x, w.y));
      const d = c && tileDef(c.tile);
      if (!d) continue;
      const a = geometry(d, c.r).anchors[w.region] || [0.5, 0.5];
      paintWarden(ctx, w.x + a[0], w.y + a[1], Math.max(0.34, 13 / s), w.seat, w.role === "grazier");
    }
    // Where the tile in hand may go.
    if (interactive && hand) {
      for (const c of legal.cells.values()) {
        if (sel && sel.k === key(c.x, c.y)) continue;
        const fits = c.rs.has(handR);
        ctx.fillStyle = fits ? "rgba(255,236,150,.55)" : "rgba(255,250,230,.3)";
        ctx.fillRect(c.x + 0.06, c.y + 0.06, 0.88, 0.88);
        ctx.strokeStyle = fits ? "#c98a00" : "rgba(120,100,60,.7)";
        ctx.lineWidth = Math.max(2 / s, 0.03);
        ctx.setLineDash([0.12, 0.08]);
        ctx.strokeRect(c.x + 0.06, c.y + 0.06, 0.88, 0.88);
        ctx.setLineDash([]);
      }
      if (sel) {
        const d = tileDef(hand);
        const c = legal.cells.get(sel.k);
        if (d && c) {
          const fits = c.rs.has(handR);
          ctx.save();
          ctx.globalAlpha = stage === "warden" ? 1 : fits ? 0.88 : 0.45;
          ctx.translate(sel.x, sel.y);
          paintTile(ctx, d, handR, variantOf(sel.x, sel.y));
          ctx.restore();
          ctx.strokeStyle = fits ? "#ffb000" : "#b03a2e";
          ctx.lineWidth = Math.max(3 / s, 0.05);
          ctx.strokeRect(sel.x, sel.y, 1, 1);
        }
      }
    }
  }

  /** Warden badges in screen pixels so their numbers stay readable at any zoom. */
  function drawScreen(ctx, v) {
    if (!(interactive && sel && stage === "warden")) return;
    const spots = wardenSpots();
    const rad = Math.max(12, Math.min(20, v.scale * 0.11));
    ctx.font = `700 ${Math.round(rad * 1.15)}px system-ui,sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    spots.forEach((sp, i) => {
      const p = v.worldToScreen(sp.wx, sp.wy);
      ctx.beginPath();
      ctx.arc(p.x, p.y, rad + 2, 0, Math.PI * 2);
      ctx.fillStyle = "#fff";
      ctx.fill();
      ctx.beginPath();
      ctx.arc(p.x, p.y, rad, 0, Math.PI * 2);
      ctx.fillStyle = SEAT_COLOURS[viewer % SEAT_COLOURS.length];
      ctx.fill();
      ctx.fillStyle = SEAT_INK[viewer % SEAT_INK.length];
      ctx.fillText(String(i + 1), p.x, p.y + 1);
    });
  }

  /** The Warden options for the chosen cell and turn, in the legal list's order. */
  function wardenSpots() {
    if (!sel || !hand) return [];
    const c = legal.cells.get(sel.k);
    const d = tileDef(hand);
    if (!c || !d || !c.rs.has(handR)) return [];
    const g = geometry(d, handR);
    return c.rs.get(handR).map((region) => {
      const reg = d.regions.find((r) => r.id === region);
      const a = g.anchors[region] || [0.5, 0.5];
      return { region, kind: reg ? reg.kind : "", wx: sel.x + a[0], wy: sel.y + a[1] };
    });
  }

  function hit(world) {
    return { x: Math.floor(world.x), y: Math.floor(world.y) };
  }

  function onTap(world) {
    if (!interactive || pending) return;
    const p = hit(world);
    const k = key(p.x, p.y);
    if (stage === "warden" && sel && k === sel.k) {
      const spots = wardenSpots();
      let best = null, bd = 0.26;
      for (const sp of spots) {
        const dd = Math.hypot(sp.wx - world.x, sp.wy - world.y);
        if (dd < bd) { bd = dd; best = sp; }
      }
      if (best) chooseWarden(best.region);
      return;
    }
    if (!legal.cells.has(k)) {
      if (stage === "warden") backToPlace();
      return;
    }
    if (sel && sel.k === k && stage === "place") {
      confirm();
      return;
    }
    select(k, true);
  }

  function onHover(world) {
    if (!interactive || pending || stage !== "place" || !world) return;
    const p = hit(world);
    const k = key(p.x, p.y);
    if (legal.cells.has(k) && (!sel || sel.k !== k)) select(k, false);
  }

  function onActivate(id) {
    if (!interactive || pending) return;
    if (stage === "warden") return;
    if (sel && sel.k === id) confirm();
    else select(id, true);
  }

  function onFocus(id) {
    if (!interactive || pending || !id || stage !== "place") return;
    if (!sel || sel.k !== id) select(id, true);
  }

  // --- choosing ------------------------------------------------------------------------
  function turnsWord(r) {
    return t(`hm.turns${r}`);
  }

  function select(k, speak) {
    const c = legal.cells.get(k);
    if (!c) return;
    sel = { k, x: c.x, y: c.y };
    stage = "place";
    if (!c.rs.has(handR)) {
      // Keep the person's turn if it fits; else the next turn (clockwise) that does.
      handR = c.order.find((r) => r > handR) ?? c.order[0];
    }
    refreshItems();
    if (speak) announce(`${t("hm.chosen", { tile: tileName(hand), x: c.x, y: c.y, turns: turnsWord(handR) })} ${t("hm.fitsHere")}`);
    refreshHand();
    vp.redraw();
  }

  function rotate(dir) {
    if (!interactive || pending || !hand) return;
    if (stage === "warden") stage = "place";
    let options;
    if (sel) options = legal.cells.get(sel.k).order;
    else {
      const all = new Set();
      for (const c of legal.cells.values()) for (const r of c.order) all.add(r);
      options = [...all].sort((a, b) => a - b);
    }
    if (!options.length) return;
    let next;
    if (dir > 0) next = options.find((r) => r > handR) ?? options[0];
    else next = [...options].reverse().find((r) => r < handR) ?? options[options.length - 1];
    handR = next;
    const where = sel ? t("hm.chosen", { tile: tileName(hand), x: sel.x, y: sel.y, turns: turnsWord(handR) })
      : `${tileName(hand)}, ${turnsWord(handR)}.`;
    announce(where);
    refreshItems();
    refreshHand();
    vp.redraw();
  }

  function confirm() {
    if (!interactive || pending || !sel || !hand) return;
    const c = legal.cells.get(sel.k);
    if (!c || !c.rs.has(handR)) return;
    const spots = c.rs.get(handR);
    const plain = `${hand}@${c.x},${c.y}r${handR}-`;
    if (!spots.length) {
      intent(plain);
      return;
    }
    stage = "warden";
    // Make the tile big enough to tap its Warden spots.
    if (vp.scale < 90) {
      refitAfter = vp.following;
      const p = vp.worldToScreen(c.x + 0.5, c.y + 0.5);
      vp.zoomBy(90 / vp.scale, p.x, p.y);
      const q = vp.worldToScreen(c.x + 0.5, c.y + 0.5);
      vp.panBy(vp.width / 2 - q.x, vp.height / 2 - q.y);
    }
    const list = wardenSpots().map((sp, i) => `${i + 1}: ${wardenLabel(sp)}`).join("; ");
    announce(t("hm.wardenChoices", { list }));
    refreshHand();
    vp.redraw();
  }

  function wardenLabel(sp) {
    return `${t(`hm.role.${ROLE_OF[sp.kind] || "steward"}`)} ${t(`hm.on.${sp.kind}`)}${/\d/.test(sp.region) && sp.kind !== "shrine" && sp.kind !== "river" ? ` ${sp.region.replace(/^[a-z]+/, "")}` : ""}`;
  }

  function chooseWarden(region) {
    if (!sel || stage !== "warden") return;
    const c = legal.cells.get(sel.k);
    const head = `${hand}@${c.x},${c.y}r${handR}`;
    intent(region ? `${head}+${region}` : `${head}-`);
  }

  /** Leaving the Warden step: go back to the whole valley if we zoomed in for it. */
  function unzoom() {
    if (refitAfter) vp.fit();
    refitAfter = false;
  }

  function backToPlace() {
    stage = "place";
    unzoom();
    refreshHand();
    vp.redraw();
  }

  function intent(action) {
    if (!legal.actions.has(action)) return; // never send what the engine did not offer
    pending = true;
    sel = null;
    stage = "place";
    unzoom();
    refreshHand();
    vp.redraw();
    onIntent(action);
  }

  function handleKey(ev, fromId) {
    if (!interactive || pending || ev.ctrlKey || ev.metaKey || ev.altKey) return false;
    const k = ev.key;
    if (k === "r" || k === "R") {
      rotate(ev.shiftKey ? -1 : 1);
      return true;
    }
    if (k === "Escape") {
      if (stage === "warden") backToPlace();
      else if (sel) { sel = null; refreshHand(); vp.redraw(); }
      else return false;
      return true;
    }
    if (stage === "warden" && /^[0-9]$/.test(k)) {
      const n = Number(k);
      if (n === 0) { chooseWarden(null); return true; }
      const spots = wardenSpots();
      if (n <= spots.length) { chooseWarden(spots[n - 1].region); return true; }
      return false;
    }
    if (fromId === undefined) return false;
    if (k === "Enter" || k === " ") {
      if (stage === "warden") return true;
      if (!sel || sel.k !== fromId) select(fromId, true);
      else confirm();
      return true;
    }
    if (k.startsWith("Arrow")) {
      if (stage === "warden") backToPlace();
      const items = cellItems();
      const next = arrowStep(items, sel ? sel.k : fromId, k);
      if (next) {
        layer.keyboard = true;
        layer.focus(next);
        select(next, true);
        keepVisible(next);
      }
      return true;
    }
    return false;
  }

  function keepVisible(k) {
    const c = legal.cells.get(k);
    if (!c) return;
    const p = vp.worldToScreen(c.x + 0.5, c.y + 0.5);
    const m = Math.max(30, vp.scale);
    let dx = 0, dy = 0;
    if (p.x < m) dx = m - p.x; else if (p.x > vp.width - m) dx = vp.width - m - p.x;
    if (p.y < m) dy = m - p.y; else if (p.y > vp.height - m) dy = vp.height - m - p.y;
    if (dx || dy) vp.panBy(dx, dy);
  }

  root.addEventListener("keydown", (ev) => {
    if (ev.defaultPrevented) return;
    if (ev.target && ev.target.classList && ev.target.classList.contains("vt-focus-item")) return;
    if (handleKey(ev)) {
      ev.preventDefault();
      ev.stopPropagation();
    }
  });

  function cellItems() {
    return [...legal.cells.values()].map((c) => ({ id: key(c.x, c.y), x: c.x + 0.5, y: c.y + 0.5 }));
  }

  // --- side panel ----------------------------------------------------------------------
  const handSec = el("section", "hm-hand");
  const handTitle = el("h3");
  const handRow = el("div", "hm-hand-row");
  const handBtn = el("button", "hm-hand-tile");
  handBtn.type = "button";
  const handCanvas = el("canvas");
  handBtn.append(handCanvas);
  const handInfo = el("div", "hm-hand-info");
  const handName = el("div", "hm-hand-name");
  const rotRow = el("div", "hm-buttons");
  const rotL = el("button", "hm-btn", "⟲");
  const rotR = el("button", "hm-btn", "⟳");
  rotL.type = rotR.type = "button";
  rotL.dataset.act = "rotl";
  rotR.dataset.act = "rotr";
  const layBtn = el("button", "hm-btn hm-primary");
  layBtn.type = "button";
  layBtn.dataset.act = "lay";
  const cancelBtn = el("button", "hm-btn");
  cancelBtn.type = "button";
  cancelBtn.dataset.act = "cancel";
  rotRow.append(rotL, rotR, layBtn, cancelBtn);
  handInfo.append(handName, rotRow);
  handRow.append(handBtn, handInfo);
  const wardenBox = el("div", "hm-wardens");
  wardenBox.setAttribute("role", "group");
  const veilBtn = el("button", "hm-btn hm-veil");
  veilBtn.type = "button";
  veilBtn.dataset.act = "veil";
  const hint = el("p", "hm-hint");
  hint.setAttribute("aria-live", "off");
  handSec.append(handTitle, handRow, wardenBox, hint);

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
  scoresSec.append(scoresTitle, scoresList);
  side.append(handSec, supplySec, playersSec, trackSec, scoresSec);

  handBtn.addEventListener("click", () => rotate(1));
  rotL.addEventListener("click", () => rotate(-1));
  rotR.addEventListener("click", () => rotate(1));
  layBtn.addEventListener("click", () => confirm());
  cancelBtn.addEventListener("click", () => {
    if (stage === "warden") backToPlace();
    else { sel = null; refreshHand(); vp.redraw(); }
  });
  veilBtn.addEventListener("click", () => {
    if (interactive && !pending && legal.veil) intent("veil");
  });

  function seatName(i) {
    const s = snap && snap.seats && snap.seats[i];
    return s ? s.name : `#${i + 1}`;
  }

  function sizeCanvas(canvas, css) {
    const dpr = window.devicePixelRatio || 1;
    const px = Math.round(css * dpr);
    if (canvas.width !== px) { canvas.width = px; canvas.height = px; }
  }

  function refreshHand() {
    const d = hand && tileDef(hand);
    const acting = interactive && !pending;
    root.dataset.stage = stage;
    root.dataset.r = String(handR);
    root.dataset.hand = hand || "";
    root.dataset.interactive = acting ? "1" : "0";
    root.dataset.selected = sel ? sel.k : "";
    const current = view && view.current;
    handTitle.textContent = acting || current === null || current === undefined || current === viewer
      ? t("hm.inHand") : t("hm.inHandOf", { name: seatName(current) });
    if (d) {
      sizeCanvas(handCanvas, root.classList.contains("hm-narrow") ? 96 : 120);
      drawTileInto(handCanvas, d, handR, { border: false });
      handName.textContent = `${tileName(hand)} · ${turnsWord(handR)}`;
      handBtn.setAttribute("aria-label", t("hm.tapToTurn", { tile: tileName(hand), turns: turnsWord(handR) }));
    } else {
      const ctx = handCanvas.getContext("2d");
      ctx.clearRect(0, 0, handCanvas.width, handCanvas.height);
      handName.textContent = t("hm.noHand");
      handBtn.setAttribute("aria-label", t("hm.noHand"));
    }
    handBtn.disabled = !acting;
    rotL.hidden = rotR.hidden = !acting;
    rotL.title = t("hm.rotL");
    rotL.setAttribute("aria-label", t("hm.rotL"));
    rotR.title = t("hm.rotR");
    rotR.setAttribute("aria-label", t("hm.rotR"));
    layBtn.textContent = t("hm.lay");
    layBtn.hidden = !acting || stage !== "place";
    layBtn.disabled = !(sel && legal.cells.get(sel.k) && legal.cells.get(sel.k).rs.has(handR));
    cancelBtn.textContent = t("hm.cancel");
    cancelBtn.hidden = !acting || !sel;

    wardenBox.replaceChildren();
    if (acting && stage === "warden") {
      wardenSpots().forEach((sp, i) => {
        const b = el("button", "hm-btn");
        b.type = "button";
        b.dataset.region = sp.region;
        b.dataset.key = String(i + 1);
        const num = el("span", "hm-num", String(i + 1));
        num.style.background = SEAT_COLOURS[viewer % SEAT_COLOURS.length];
        num.style.color = SEAT_INK[viewer % SEAT_INK.length];
        b.append(num, el("span", "", wardenLabel(sp)));
        b.addEventListener("click", () => chooseWarden(sp.region));
        wardenBox.append(b);
      });
      const none = el("button", "hm-btn");
      none.type = "button";
      none.dataset.region = "-";
      none.dataset.key = "0";
      none.append(el("span", "hm-num", "0"), el("span", "", t("hm.noWarden")));
      none.addEventListener("click", () => chooseWarden(null));
      wardenBox.append(none);
    }
    if (acting && legal.veil && stage === "place") {
      veilBtn.textContent = t("hm.veil");
      veilBtn.title = t("hm.veilTitle");
      wardenBox.append(veilBtn);
    }
    let h;
    if (!view) h = loadError ? t("hm.loadFailed", { error: loadError }) : t("hm.loading");
    else if (view.terminal) h = t("hm.hint.over");
    else if (acting) {
      if (stage === "warden") {
        const n = wardenSpots().length;
        h = n === 1 ? t("hm.hint.warden1") : t("hm.hint.warden", { n });
      }
      else if (sel) h = t("hm.hint.confirm");
      else h = t("hm.hint.pick");
    } else if (viewer === null || viewer === undefined) h = t("hm.hint.readOnly");
    else h = current !== null && current !== undefined ? t("hm.hint.wait", { name: seatName(current) }) : "";
    hint.textContent = h;
    // On a phone the panel is below the board: repeat the next step over the board.
    status.textContent = acting && root.classList.contains("hm-narrow") ? h : "";
  }

  function refreshSupply() {
    supplyTitle.textContent = t("hm.supply");
    const n = view ? view.supply : 0;
    supplyText.textContent = n === 0 ? t("hm.supplyNone") : n === 1 ? t("hm.supplyOne") : t("hm.supplyCount", { n });
    const nextId = view && Object.prototype.hasOwnProperty.call(view, "next") ? view.next : null;
    const d = nextId && tileDef(nextId);
    if (!d) {
      // Hidden (or no next tile): the element is not in the page at all.
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
    sizeCanvas(canvas, 64);
    drawTileInto(canvas, d, 0);
    canvas.setAttribute("role", "img");
    canvas.setAttribute("aria-label", `${t("hm.next")}: ${tileName(nextId)}`);
  }


  let freshFrom = Infinity;

  function animate() {
    animFrame = 0;
    const now = performance.now();
    highlights = highlights.filter((h) => h.end > now);
    vp.redraw();
    if (highlights.length && !destroyed) animFrame = requestAnimationFrame(animate);
  }

  // --- updates -------------------------------------------------------------------------
  function applySnapshot() {
    if (!snap || !set) return;
    view = snap.view || {};
    laid = new Map();
    for (const c of view.tiles || []) laid.set(key(c.x, c.y), c);
    const d = snap.decision;
    const acting = viewer !== null && viewer !== undefined && d && d.kind === "lay" && d.players.includes(viewer);
    const newLegal = parseLegal(acting ? snap.legal : []);
    const prevHand = hand;
    hand = view.hand || null;
    interactive = !!acting && newLegal.cells.size > 0 && !snap.terminal;
    legal = newLegal;
    pending = false;
    const tk = `${view.actions}/${hand}/${viewer}`;
    if (tk !== turnKey) {
      turnKey = tk;
      sel = null;
      stage = "place";
      if (hand !== prevHand || !interactive) handR = 0;
      if (interactive) {
        const all = new Set();
        for (const c of legal.cells.values()) for (const r of c.order) all.add(r);
        if (!all.has(handR)) handR = [...all].sort((a, b) => a - b)[0] ?? 0;
        announce(t("hm.yourTurn", { tile: tileName(hand), n: legal.cells.size }));
      }
    } else if (sel && !legal.cells.has(sel.k)) {
      sel = null;
      stage = "place";
    }
    // Scoring since the last update: highlight the tiles and say why.
    const evs = snap.events || [];
    if (seenEvents < 0 || seenEvents > evs.length) {
      seenEvents = evs.length;
      freshFrom = Infinity;
    } else if (evs.length > seenEvents) {
      const now = performance.now();
      const said = [];
      freshFrom = seenEvents;
      evs.slice(seenEvents).forEach((ev, j) => {
        if (ev.kind !== "score") return;
        const start = now + j * 250;
        highlights.push({ tiles: new Set((ev.tiles || []).map(([x, y]) => key(x, y))), start, end: start + 1800 });
        if (ev.scorers && ev.scorers.length) {
          const e = explainScore(ev, seatName);
          said.push(`${e.head}: ${e.why}. ${e.who}.`);
        }
      });
      seenEvents = evs.length;
      if (said.length) announce(said.join(" "));
      if (!animFrame) animFrame = requestAnimationFrame(animate);
    }
    // The content's box: laid tiles plus a ring of cells for the marks.
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (const c of laid.values()) {
      minX = Math.min(minX, c.x); minY = Math.min(minY, c.y);
      maxX = Math.max(maxX, c.x); maxY = Math.max(maxY, c.y);
    }
    if (minX === Infinity) { minX = minY = 20; maxX = maxY = 20; }
    vp.setBounds({ minX: minX - 1, minY: minY - 1, maxX: maxX + 2, maxY: maxY + 2 });

    refreshItems();
    refreshAll();
  }

  function refreshItems() {
    layer.setItems(interactive ? [...legal.cells.values()].map((c) => ({
      id: key(c.x, c.y), x: c.x + 0.5, y: c.y + 0.5, size: 1, className: "hm-cell",
      label: cellLabel(c), data: { cell: key(c.x, c.y), turns: c.order.join(" "), fits: c.rs.has(handR) ? "1" : "0" },
    })) : []);
  }

  function cellLabel(c) {
    if (c.rs.has(handR)) return t("hm.cellFits", { x: c.x, y: c.y, turns: turnsWord(handR) });
    return t("hm.cellFitsOther", { x: c.x, y: c.y, options: c.order.map(turnsWord).join(", ") });
  }

  function refreshAll() {
    refreshHand();
    refreshSupply();
    const panel = { playersTitle, playersList, trackTitle, trackBar, scoresTitle, scoresList };
    paintPlayers(panel, { snap, view, viewer });
    paintTrack(panel, { snap, view, seatName });
    paintScores(panel, { snap, seatName, tileName, freshFrom });
    vp.redraw();
  }

  const ro = new ResizeObserver(() => {
    const narrow = root.getBoundingClientRect().width < 720;
    if (narrow !== root.classList.contains("hm-narrow")) {
      root.classList.toggle("hm-narrow", narrow);
      if (view) refreshHand();
    }
  });
  ro.observe(root);
  root.classList.toggle("hm-narrow", (host.getBoundingClientRect().width || 1000) < 720);

  loadTileset().then((s) => {
    if (destroyed) return;
    set = s;
    applySnapshot();
  }, (e) => {
    loadError = e && e.message ? e.message : String(e);
    refreshHand();
  });
  refreshHand();

  return {
    /** The Warden colour of each seat, so the page's seat marks match the board. */
    seatColours() {
      return snap ? snap.seats.map((_, i) => SEAT_COLOURS[i % SEAT_COLOURS.length]) : null;
    },
    update(snapshot, viewerSeat) {
      snap = snapshot;
      viewer = viewerSeat === undefined ? null : viewerSeat;
      applySnapshot();
    },
    setLang() {
      vp.element.setAttribute("aria-label", t("hm.board"));
      controls.setLabels({ fit: t("hm.fit"), zoomIn: t("hm.zoomIn"), zoomOut: t("hm.zoomOut") });
      if (set && snap) {
        refreshItems();
        refreshAll();
      } else refreshHand();
    },
    destroy() {
      destroyed = true;
      cancelAnimationFrame(animFrame);
      ro.disconnect();
      layer.destroy();
      vp.destroy();
      root.remove();
    },
  };
}

/**
 * Measure tiles ahead of the first table, in idle time after the engine is up (the lobby calls
 * it): the start tile first, then the most common tiles, each in its distinct turns. A tile
 * not measured yet when a table starts is measured then, as before.
 */
export async function warm() {
  const set = await loadTileset();
  const tiles = [...set.tiles].sort((a, b) => (b.start ? 1 : 0) - (a.start ? 1 : 0) || b.count - a.count);
  const jobs = tiles.flatMap((tile) => [0, 1, 2, 3].slice(0, tile.orientations || 4).map((r) => [tile, r]));
  await inIdleTime(jobs.length, (i) => geometry(jobs[i][0], jobs[i][1]));
}
