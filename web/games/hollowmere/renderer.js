// The Hollowmere table: the valley on a pan/zoom canvas, the tile in hand with its Warden
// choices, supply and next tile, players, score track and the itemised scoring list.
//
// It never decides legality. The cells, turns and Warden spots it offers are read from the
// snapshot's legal action strings (TILE@X,YrR+REGION / TILE@X,YrR- / veil), and a choice
// becomes exactly one of those strings through onIntent.
//
// Laying is two steps for every hand (touch, mouse, keys): place the tile on a marked cell — a
// preview; turn it, move it, pick a Warden or none — then "Lay tile". Nothing reaches the engine
// before that; "Take back" (Escape) lifts the preview. Keys keep the boards' one convention
// (common/keys.js): arrows move the preview, Space steps through the Warden choices, Enter
// confirms what is shown — on a cell with Warden spots the first Enter settles the cell and
// turn and asks for the Warden, the next lays the tile as shown; "?" lists the keys. On a touch screen, cells
// smaller than a fingertip are not chosen by a tap: the tap brings that part of the valley
// closer first, as maps do. Hints speak of the hand last used: taps, clicks or keys. The last tile
// laid is outlined, and another seat's comes down onto its cell (common/motion.js).

import { createViewport, createFocusLayer } from "../common/viewport.js";
import { createKeyList, holdBoardFocus } from "../common/keys.js";
import { t, getLang } from "../../lib/i18n.js";
import { keyRows } from "../../lib/keymap.js";
import "./strings.js";
import { injectStyle } from "./style.js";
import { el, explainScore, paintPlayers, paintScores, paintTrack } from "./panel.js";
import { createHandControls } from "./controls.js";
import { inIdleTime } from "../common/idle.js";
import { glide } from "../common/motion.js";
import { tileset, geometry, SEAT_COLOURS, SEAT_INK } from "./tileart.js";
import { badgeRadius, paintSpots, paintValley } from "./valley.js";
import { key, parseLay, parseLegal, roleWords, turnsWord, wardenWords, whereWords } from "./legal.js";
import { createLegend, createSidePanel } from "./side.js";
import { createKeyHandler } from "./keys.js";

/** CSS px: the smallest cell a finger is asked to hit, and the size a tap on smaller ones zooms to. */
const TOUCH_TARGET = 40;
const TOUCH_ZOOM = 64;
/** CSS px per cell while a preview shows its Warden spots (a finger needs them further apart). */
const SPOT_SCALE = { touch: 104, mouse: 84, keyboard: 84 };
const NARROW = 720;


function firstInput() {
  try {
    return window.matchMedia("(pointer: coarse)").matches ? "touch" : "mouse";
  } catch (_) {
    return "mouse";
  }
}

export function createRenderer(host, { onIntent = () => {}, announce = () => {}, lang, readOnly = false, gameData = null } = {}) {
  injectStyle();
  void lang; // the page language is read through t() at every draw

  const root = el("div", "hm-root");
  root.dataset.game = "hollowmere";
  const boardBox = el("div", "hm-board");
  const status = el("div", "hm-status");
  status.setAttribute("aria-hidden", "true");
  const side = el("div", "hm-side");
  root.append(boardBox);
  host.append(root);

  // --- state -------------------------------------------------------------------------
  let set = null;          // tile set (from the engine's game_data, handed in by the page)
  let loadError = null;
  let snap = null;
  let viewer = null;
  let view = null;
  let laid = new Map();    // "x,y" -> {x, y, tile, r}
  let legal = parseLegal([]);
  let interactive = false;
  let hand = null;
  let handR = 0;
  let sel = null;          // the preview: {k, x, y}
  let warden = null;       // the Warden picked in the preview (a region id), null: none
  let decided = false;     // the person has answered the Warden question of this preview (a key, a chip)
  let veilArmed = false;
  let pending = false;
  let hoverK = null;
  let input = firstInput();
  let seenEvents = -1;
  let highlights = [];     // {tiles: Set("x,y"), start, end}
  let animFrame = 0;
  let turnKey = null;
  let arriving = null;     // another seat's tile on its way down: {k, p}
  let lastSeen = null;     // the last lay drawn (a new one by another seat comes down)
  let destroyed = false;
  let refitAfter = null;   // whether the view followed the content before this turn's automatic zooms
  let boardH = 0;
  let quietFocus = false;  // the page gives the board the focus: no preview until a key moves it

  // --- the board -----------------------------------------------------------------------
  const vp = createViewport(boardBox, {
    drawWorld, drawScreen, onTap, onHover,
    minScale: 8, maxScale: 320, fitPadding: 14, fitMaxScale: 150, fitMinScale: 12,
    label: t("hm.board"),
  });
  vp.element.append(status);
  const zoomControls = vp.addControls({ fit: t("hm.fit"), zoomIn: t("hm.zoomIn"), zoomOut: t("hm.zoomOut") });
  const layer = createFocusLayer(vp, { onActivate, onKey: (id, ev) => handleKey(ev, id), onFocus });
  // What the two marks of a free cell mean (bright: the tile fits there as it is turned now).
  const legend = createLegend();
  vp.element.append(legend.element);
  const keyList = createKeyList({ rows: listRows, onClose: () => focusBoard() });
  vp.element.append(keyList.element);

  const controls = createHandControls({
    onTurn: (dir) => turn(dir),
    onConfirm: () => confirm(),
    onCancel: () => cancel(),
    onWarden: (region) => pickWarden(region),
    onVeil: () => veilPressed(),
  });
  const handSec = controls.element;
  root.append(handSec, side);

  // The hand last used decides the words of the hints (and whether a tap zooms first).
  root.addEventListener("pointerdown", (ev) => setInput(ev.pointerType === "mouse" ? "mouse" : "touch"), true);
  root.addEventListener("keydown", (ev) => {
    if (!["Shift", "Control", "Alt", "Meta"].includes(ev.key)) setInput("keyboard");
  }, true);

  function setInput(kind) {
    if (kind === input) return;
    input = kind;
    root.dataset.input = kind;
    refreshHand();
  }

  function tileDef(id) {
    return set ? set.byId[id] : null;
  }

  function tileName(id) {
    const pt = getLang() === "pt" && set && set.names.pt ? set.names.pt[id] : null;
    if (pt) return pt;
    const d = tileDef(id);
    return d ? d.name : id;
  }

  /** What the painter needs of the table now (valley.js draws it, knowing no rule). */
  function scene() {
    return {
      set, view, laid, highlights, viewer, hoverK, warden, handR, arriving,
      offer: interactive && hand && !pending ? legal.cells : null,
      preview: interactive && !pending && sel && legal.cells.get(sel.k) ? { ...sel, tile: tileDef(hand) } : null,
      spots: interactive && !pending ? wardenSpots() : [],
      suggest: suggested(),
    };
  }

  /** A hint's lay (or a review's best move, on a board that is only looked at), to draw in amber:
   *  {x, y, r, tile, region}, or null. */
  function suggested() {
    const lay = snap && snap.suggest && !pending ? parseLay(snap.suggest) : null;
    const d = lay ? tileDef(lay.tile) : null;
    return lay && d ? { ...lay, def: d } : null;
  }

  /** Another seat's new tile comes down onto its cell (web/games/common/motion.js). */
  function glideLastLay() {
    const last = view.last;
    const seen = last ? `${view.actions}:${last.x},${last.y}` : null;
    const before = lastSeen;
    lastSeen = seen;
    const log = snap.log || [];
    const by = log.length ? log[log.length - 1].seat : null;
    if (!seen || before === null || seen === before || (viewer !== null && viewer !== undefined && by === viewer)) return;
    const k = key(last.x, last.y);
    glide(root, (p) => {
      arriving = p < 1 ? { k, p } : null;
      vp.redraw();
    });
  }

  function drawWorld(ctx, v) {
    paintValley(ctx, v, scene());
  }

  function drawScreen(ctx, v) {
    paintSpots(ctx, v, scene());
  }

  /** The Warden options of the preview's cell and turn, in the legal list's order. */
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

  /** The spot under a screen point, within a fingertip (40 px across) or the badge. */
  function spotAt(screen) {
    let best = null;
    let bd = Math.max(TOUCH_TARGET / 2, badgeRadius(vp) + 4);
    for (const sp of wardenSpots()) {
      const p = vp.worldToScreen(sp.wx, sp.wy);
      const d = Math.hypot(p.x - screen.x, p.y - screen.y);
      if (d <= bd) { bd = d; best = sp; }
    }
    return best;
  }

  function onTap(world, screen, ev) {
    if (!interactive || pending) return;
    const how = ev && ev.pointerType === "mouse" ? "mouse" : "touch";
    const k = key(Math.floor(world.x), Math.floor(world.y));
    if (sel && k === sel.k) {
      const sp = spotAt(screen);
      if (sp) pickWarden(sp.region === warden ? null : sp.region);
      else turn(1);
      return;
    }
    if (how === "touch" && vp.scale < TOUCH_TARGET) {
      // Cells smaller than a fingertip: bring this part of the valley closer, choose after.
      if (nearestCell(world, 1.6)) {
        remember();
        vp.zoomBy(TOUCH_ZOOM / vp.scale, screen.x, screen.y);
        announce(t("hm.zoomed"));
        refreshHand();
      }
      return;
    }
    if (legal.cells.has(k)) place(k, how);
  }

  function nearestCell(world, within) {
    let best = null, bd = within;
    for (const c of legal.cells.values()) {
      const d = Math.hypot(c.x + 0.5 - world.x, c.y + 0.5 - world.y);
      if (d <= bd) { bd = d; best = c; }
    }
    return best;
  }

  function onHover(world) {
    let k = null;
    if (world && interactive && !pending) {
      const h = key(Math.floor(world.x), Math.floor(world.y));
      if (legal.cells.has(h) || (sel && sel.k === h)) k = h;
    }
    boardBox.classList.toggle("hm-pointing", k !== null);
    if (k !== hoverK) {
      hoverK = k;
      vp.redraw();
    }
  }

  function onActivate(id) {
    if (!interactive || pending) return;
    if (sel && sel.k === id) enter();
    else place(id, "keyboard");
  }

  /** Enter confirms what is shown: the cell and turn first (asking for the Warden where the
   * tile offers spots), then the tile as it is shown, Warden or none. */
  function enter() {
    if (!sel) return;
    if (wardenSpots().length && !decided) {
      decided = true;
      announce(t("hm.askWarden", { n: wardenSpots().length, warden: pickedWords() }));
      refreshHand();
      return;
    }
    confirm();
  }

  /** Space steps through the Warden choices of the preview (none, 1, 2 …); with none offered it turns the tile. */
  function toggle() {
    const spots = wardenSpots();
    if (!sel || !spots.length) { turn(1); return; }
    const order = [null, ...spots.map((sp) => sp.region)];
    const i = order.indexOf(warden);
    pickWarden(order[(i + 1) % order.length]);
  }

  function listRows() {
    const [turnRow, wardenRow] = keyRows("hollowmere");
    return [
      ["vt.key.arrows", t("hm.keys.arrows")],
      ["vt.key.enter", t("hm.keys.enter")],
      ["vt.key.space", t("hm.keys.space")],
      turnRow,
      wardenRow,
      ["vt.key.escape", t("hm.keys.escape")],
    ];
  }

  /** The focus back on the valley: the preview's cell, a free cell, else the valley itself. */
  function focusBoard() {
    if (interactive && !pending && layer.ids().length) {
      quietFocus = true;
      try {
        if (layer.focus(sel ? sel.k : layer.ids()[0])) return;
      } finally {
        quietFocus = false;
      }
    }
    vp.element.focus({ preventScroll: true });
  }

  function onFocus(id) {
    if (quietFocus || !interactive || pending || !id) return;
    if (!sel || sel.k !== id) place(id, "keyboard");
  }

  // --- choosing --------------------------------------------------------------------------
  function pickedWords() {
    const sp = warden && wardenSpots().find((s) => s.region === warden);
    return sp ? wardenWords(sp) : t("hm.wardenNone");
  }

  /** Remember, once a turn, whether the view followed the content before we zoom for the person. */
  function remember() {
    if (refitAfter === null) refitAfter = vp.following;
  }

  /** The preview on cell `k`: the shown turn if it fits there, else the next that does. */
  function place(k, how) {
    const c = legal.cells.get(k);
    if (!c) return;
    sel = { k, x: c.x, y: c.y };
    decided = false;
    veilArmed = false;
    if (!c.rs.has(handR)) handR = c.order.find((r) => r > handR) ?? c.order[0];
    if (warden && !c.rs.get(handR).includes(warden)) warden = null;
    bringClose(how);
    refreshItems();
    refreshHand();
    vp.redraw();
    const spots = wardenSpots();
    let said = t("hm.placed", { tile: tileName(hand), x: c.x, y: c.y, turns: turnsWord(handR), warden: pickedWords() });
    if (spots.length) said += ` ${t("hm.wardenOptions", { list: spots.map((sp, i) => `${i + 1}: ${wardenWords(sp)}`).join("; ") })}`;
    announce(said);
  }

  /** Make the preview big enough for its Warden spots, and keep it on screen. */
  function bringClose(how) {
    if (!sel) return;
    const want = SPOT_SCALE[how] || SPOT_SCALE.mouse;
    // The free part of the valley: below the hint line, above the zoom buttons.
    const top = (status.textContent ? status.offsetTop + status.offsetHeight : 0) + 10;
    const bottom = vp.height - 62;
    const a = () => vp.worldToScreen(sel.x, sel.y);
    if (wardenSpots().length && vp.scale < want) {
      remember();
      const p = vp.worldToScreen(sel.x + 0.5, sel.y + 0.5);
      vp.zoomBy(want / vp.scale, p.x, p.y);
      const q = vp.worldToScreen(sel.x + 0.5, sel.y + 0.5);
      vp.panBy(vp.width / 2 - q.x, (top + bottom) / 2 - q.y);
      return;
    }
    const p = a(), size = vp.scale;
    const m = Math.min(24, size / 3);
    let dx = 0, dy = 0;
    if (p.x < m) dx = m - p.x; else if (p.x + size > vp.width - m) dx = vp.width - m - size - p.x;
    if (p.y < top) dy = top - p.y; else if (p.y + size > bottom) dy = bottom - size - p.y;
    if (dx || dy) {
      remember();
      vp.panBy(dx, dy);
    }
  }

  function turn(dir) {
    if (!interactive || pending || !hand) return;
    let options;
    if (sel) options = legal.cells.get(sel.k).order;
    else {
      const all = new Set();
      for (const c of legal.cells.values()) for (const r of c.order) all.add(r);
      options = [...all].sort((a, b) => a - b);
    }
    if (!options.length) return;
    if (dir > 0) handR = options.find((r) => r > handR) ?? options[0];
    else handR = [...options].reverse().find((r) => r < handR) ?? options[options.length - 1];
    if (sel && warden && !legal.cells.get(sel.k).rs.get(handR).includes(warden)) warden = null;
    decided = false;
    if (sel) bringClose(input);
    announce(sel ? t("hm.turned", { tile: tileName(hand), turns: turnsWord(handR), warden: pickedWords() })
      : `${tileName(hand)}, ${turnsWord(handR)}.`);
    refreshItems();
    refreshHand();
    vp.redraw();
  }

  function pickWarden(region) {
    if (!interactive || pending || !sel) return;
    if (region && !wardenSpots().some((sp) => sp.region === region)) return;
    warden = region || null;
    decided = true;
    announce(t("hm.picked", { warden: pickedWords() }));
    refreshHand();
    vp.redraw();
  }

  function cancel() {
    if (!interactive || pending) return false;
    if (veilArmed) {
      veilArmed = false;
      refreshHand();
      return true;
    }
    if (!sel) return false;
    sel = null;
    warden = null;
    announce(t("hm.takenBack"));
    refreshItems();
    refreshHand();
    vp.redraw();
    return true;
  }

  function confirm() {
    if (!interactive || pending || !sel || !hand) return;
    const c = legal.cells.get(sel.k);
    if (!c || !c.rs.has(handR)) return;
    const head = `${hand}@${c.x},${c.y}r${handR}`;
    intent(warden ? `${head}+${warden}` : `${head}-`);
  }

  function veilPressed() {
    if (!interactive || pending || !legal.veil) return;
    if (!veilArmed) {
      veilArmed = true;
      sel = null;
      warden = null;
      announce(t("hm.veilArmed", { tile: tileName(hand) }));
      refreshItems();
      refreshHand();
      vp.redraw();
      return;
    }
    intent("veil");
  }

  function intent(action) {
    if (!legal.actions.has(action)) return; // never send what the engine did not offer
    // The cell buttons go with the move: the focus waits on the valley, not on the page.
    if (root.contains(document.activeElement)) vp.element.focus({ preventScroll: true });
    pending = true;
    sel = null;
    warden = null;
    veilArmed = false;
    if (refitAfter) vp.fit();
    refitAfter = null;
    refreshItems();
    refreshHand();
    vp.redraw();
    onIntent(action);
  }

  const handleKey = createKeyHandler({
    get interactive() { return interactive; }, get pending() { return pending; }, get sel() { return sel; },
    keyList, layer, turn, cancel, wardenSpots, pickWarden, cellItems, place, enter, toggle,
  });

  // A click on the valley gives it the focus, so R, the numbers, Enter and Escape work after it.
  vp.element.tabIndex = -1;
  root.addEventListener("keydown", (ev) => {
    if (ev.defaultPrevented) return;
    if (ev.target && ev.target.classList && ev.target.classList.contains("vt-focus-item")) return;
    if (keyList.element.contains(ev.target)) return;
    const onValley = ev.target === vp.element;
    if (handleKey(ev, onValley && sel ? sel.k : undefined, onValley)) {
      ev.preventDefault();
      ev.stopPropagation();
    }
  });

  function cellItems() {
    return [...legal.cells.values()].map((c) => ({ id: key(c.x, c.y), x: c.x + 0.5, y: c.y + 0.5 }));
  }

  // --- side panel ----------------------------------------------------------------------
  const sidePanel = createSidePanel(side);

  function seatName(i) {
    const s = snap && snap.seats && snap.seats[i];
    return s ? s.name : `#${i + 1}`;
  }

  function hintText(acting) {
    const current = view && view.current;
    if (!view) return loadError ? t("hm.loadFailed", { error: loadError }) : t("hm.loading");
    if (view.terminal) return t("hm.hint.over");
    if (acting) {
      if (veilArmed) return t("hm.hint.veil");
      if (sel) {
        const n = wardenSpots().length;
        if (!n) return t(`hm.hint.previewNone.${input}`);
        if (input === "keyboard" && !decided) return t("hm.hint.previewAsk.keyboard", { n });
        return n === 1 && input === "keyboard" ? t("hm.hint.previewOne.keyboard") : t(`hm.hint.preview.${input}`, { n });
      }
      if (input === "touch" && vp.scale < TOUCH_TARGET) return t("hm.hint.zoom.touch");
      return t(`hm.hint.pick.${input}`);
    }
    if (viewer === null || viewer === undefined) return t("hm.hint.readOnly");
    return current !== null && current !== undefined ? t("hm.hint.wait", { name: seatName(current) }) : "";
  }

  function refreshHand() {
    const d = hand && tileDef(hand);
    const acting = interactive && !pending;
    const stage = sel ? "preview" : "pick";
    root.dataset.stage = stage;
    root.dataset.r = String(handR);
    root.dataset.hand = hand || "";
    root.dataset.interactive = acting ? "1" : "0";
    root.dataset.selected = sel ? sel.k : "";
    root.dataset.warden = sel ? (warden || "-") : "";
    root.dataset.decided = sel && decided ? "1" : "";
    root.dataset.veil = veilArmed ? "armed" : "";
    root.dataset.input = input;
    const current = view && view.current;
    const c = sel && legal.cells.get(sel.k);
    const h = hintText(acting);
    const spots = acting ? wardenSpots() : [];
    const narrow = root.classList.contains("hm-narrow");
    const title = acting || current === null || current === undefined || current === viewer
      ? t("hm.inHand") : t("hm.inHandOf", { name: seatName(current) });
    let name = d ? `${tileName(hand)} · ${turnsWord(handR)}` : t("hm.noHand");
    // Narrow: no title row; the line says whose tile it is, or in a preview, the Warden picked.
    if (narrow && !acting) name = `${title}: ${d ? tileName(hand) : t("hm.noHand")}`;
    else if (narrow && sel && spots.length >= 3) name = t("hm.chosenWarden", { warden: pickedWords() });
    controls.paint({
      acting,
      stage,
      title,
      tile: d || null,
      r: handR,
      tileSize: narrow ? 56 : 120,
      compact: narrow && spots.length >= 3,
      name,
      tileLabel: d ? t("hm.tapToTurn", { tile: tileName(hand), turns: turnsWord(handR) }) : t("hm.noHand"),
      canLay: !!(c && c.rs.has(handR)) && !veilArmed,
      spots: spots.map((sp) => ({
        region: sp.region, role: roleWords(sp), where: whereWords(sp), label: wardenWords(sp),
      })),
      warden,
      colour: SEAT_COLOURS[(viewer ?? 0) % SEAT_COLOURS.length],
      ink: SEAT_INK[(viewer ?? 0) % SEAT_INK.length],
      noWarden: t("hm.noWarden"),
      noWardenShort: t("hm.noWardenShort"),
      veil: legal.veil && !sel ? {
        text: veilArmed ? t("hm.veilConfirm", { tile: tileName(hand) }) : t("hm.veil"),
        title: t("hm.veilTitle"),
        armed: veilArmed,
      } : null,
      hint: h,
      input,
    });
    // On a phone the hint line is over the board, where the eyes are.
    status.textContent = acting && root.classList.contains("hm-narrow") ? h : "";
    paintLegend(acting);
  }

  function paintLegend(acting) {
    legend.paint(acting && !!hand);
  }

  function refreshSupply() {
    sidePanel.paintSupply(view, { tileDef, tileName });
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
    interactive = !readOnly && !!acting && newLegal.cells.size > 0 && !snap.terminal;
    legal = newLegal;
    pending = false;
    const tk = `${view.actions}/${hand}/${viewer}`;
    if (tk !== turnKey) {
      turnKey = tk;
      sel = null;
      warden = null;
      veilArmed = false;
      refitAfter = null;
      if (hand !== prevHand || !interactive) handR = 0;
      if (interactive) {
        const all = new Set();
        for (const c of legal.cells.values()) for (const r of c.order) all.add(r);
        if (!all.has(handR)) handR = [...all].sort((a, b) => a - b)[0] ?? 0;
        announce(t("hm.yourTurn", { tile: tileName(hand), n: legal.cells.size }));
      }
    } else if (sel && !legal.cells.has(sel.k)) {
      sel = null;
      warden = null;
    }
    glideLastLay();
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

    root.classList.toggle("hm-over", !!snap.terminal);
    refreshItems();
    refreshAll();
    layout();
    focusHold.settle();
  }

  function refreshItems() {
    layer.setItems(interactive && !pending ? [...legal.cells.values()].map((c) => ({
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
    const panel = sidePanel.parts;
    paintPlayers(panel, { snap, view, viewer });
    paintTrack(panel, { snap, view, seatName });
    paintScores(panel, { snap, seatName, tileName, freshFrom });
    vp.redraw();
  }

  // --- layout --------------------------------------------------------------------------
  /**
   * The valley takes the height the window leaves: on a narrow screen down to the hand's two
   * rows, so the acting controls are on screen without scrolling (the page's own bar above keeps
   * the countdown in view); on a wide one down to the window's foot.
   */
  function layout() {
    if (destroyed) return;
    const narrow = (root.getBoundingClientRect().width || host.getBoundingClientRect().width || 1000) < NARROW;
    if (narrow !== root.classList.contains("hm-narrow")) {
      root.classList.toggle("hm-narrow", narrow);
      if (view) refreshHand();
    }
    const top = boardBox.getBoundingClientRect().top + window.scrollY;
    const vh = window.innerHeight || 800;
    const h = narrow
      ? Math.max(200, Math.min(560, vh - top - handSec.offsetHeight - 14))
      : Math.max(420, Math.min(900, vh - top - 12));
    if (Math.abs(h - boardH) >= 1) {
      boardH = h;
      root.style.setProperty("--hm-board-h", `${Math.round(h)}px`);
    }
  }

  const ro = new ResizeObserver(() => layout());
  ro.observe(root);
  ro.observe(handSec);
  window.addEventListener("resize", layout);
  layout();

  try {
    set = tileset(gameData);
  } catch (e) {
    loadError = e.message;
  }
  refreshHand();

  const focusHold = holdBoardFocus(root, () => focusBoard());

  // For tools and tests: where a cell of the valley is on the page, and the viewport.
  root.__hm = {
    viewport: vp,
    cellPoint(x, y) { return vp.worldToPage(x + 0.5, y + 0.5); },
    spotPoint(region) {
      const sp = wardenSpots().find((s) => s.region === region);
      return sp ? vp.worldToPage(sp.wx, sp.wy) : null;
    },
  };

  return {
    viewport: vp,
    /**
     * The places a story's note may mark (docs/story.md): every laid tile and every empty cell beside
     * one, in world units (a cell's centre) with words.
     */
    places() {
      const out = [];
      const empty = new Set();
      for (const c of laid.values()) {
        out.push({ id: key(c.x, c.y), x: c.x + 0.5, y: c.y + 0.5, label: t("story.hm.tile", { tile: tileName(c.tile), x: c.x, y: c.y }) });
        for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
          const k = key(c.x + dx, c.y + dy);
          if (!laid.has(k) && !empty.has(k)) {
            empty.add(k);
            out.push({ id: k, x: c.x + dx + 0.5, y: c.y + dy + 0.5, label: t("story.hm.cell", { x: c.x + dx, y: c.y + dy }) });
          }
        }
      }
      return out;
    },
    /** The Warden colour of each seat, so the page's seat marks match the board. */
    seatColours() {
      return snap ? snap.seats.map((_, i) => SEAT_COLOURS[i % SEAT_COLOURS.length]) : null;
    },
    update(snapshot, viewerSeat) {
      snap = snapshot;
      root.dataset.suggest = snapshot.suggest || "";
      viewer = viewerSeat === undefined ? null : viewerSeat;
      applySnapshot();
    },
    setLang() {
      vp.element.setAttribute("aria-label", t("hm.board"));
      zoomControls.setLabels({ fit: t("hm.fit"), zoomIn: t("hm.zoomIn"), zoomOut: t("hm.zoomOut") });
      keyList.setLang();
      legend.forget();
      if (set && snap) {
        refreshItems();
        refreshAll();
      } else refreshHand();
    },
    focus() {
      const first = layer.ids()[0];
      if (!first) return false;
      quietFocus = true;
      try {
        return layer.focus(sel ? sel.k : first);
      } finally {
        quietFocus = false;
      }
    },
    destroy() {
      if (root.__glide) root.__glide.cancel();
      destroyed = true;
      cancelAnimationFrame(animFrame);
      ro.disconnect();
      focusHold.destroy();
      window.removeEventListener("resize", layout);
      layer.destroy();
      vp.destroy();
      root.remove();
    },
  };
}

/**
 * Measure tiles ahead of the first table, in idle time after the engine is up (the lobby calls
 * it with the game's data): the start tile first, then the most common tiles, each in its
 * distinct turns. A tile not measured yet when a table starts is measured then, as before.
 */
export async function warm(gameData) {
  const set = tileset(gameData);
  const tiles = [...set.tiles].sort((a, b) => (b.start ? 1 : 0) - (a.start ? 1 : 0) || b.count - a.count);
  const jobs = tiles.flatMap((tile) => [0, 1, 2, 3].slice(0, tile.orientations || 4).map((r) => [tile, r]));
  await inIdleTime(jobs.length, (i) => geometry(jobs[i][0], jobs[i][1]));
}
