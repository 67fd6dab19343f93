// Elderwood's board: the slab of carved tiles on a pannable canvas, both supplies as piles,
// and the seed's "online table": tap (or Enter on) a pile or one of your tiles to lift it,
// rings show where it may go, tap (Enter on) a ring to set it down, tap it again (Escape)
// to put it back. Targets come only from snapshot.view.moves that are also in
// snapshot.legal: the renderer never decides what is legal, it only offers the engine's list.
// The last move is marked; another seat's new one travels from its cell or supply to where it
// went (common/motion.js). A stack's tooltip goes where it covers no tile.

import { createViewport, createFocusLayer, arrowStep } from "../common/viewport.js";
import { fitBelowBar } from "../common/screen.js";
import { glide, between } from "../common/motion.js";
import { boardKey, createKeyList, holdBoardFocus } from "../common/keys.js";
import { t, words as pickWords } from "../../lib/i18n.js";
import "./strings.js";
import { centre, cellAt, key, DIRS, boundsOf } from "./hex.js";
import { injectStyle } from "./style.js";
import {
  paintStack, paintHeight, paintElderDots, paintLiberty, paintLastMove, paintArrow, paintRing,
  paintHalo, paintTile, FACE, THICK, RING, SUGGEST,
} from "./paint.js";
import { CREATURES, div, drawPile, fillStrip, makeStrip } from "./strips.js";

const LIFT = 0.22;              // how far a lifted tile rises (world units)
// Fit keeps a hex between these sizes (px per world unit = corner radius): 26 px makes a
// tile face about 40 px across, the smallest comfortable touch target. The "Fit" button may
// go smaller, to show the whole group at once.
const FIT_MIN = 26, FIT_MAX = 48;


/** The hand a person last used: "touch", "mouse" or "keys" (hints name only that hand's gestures). */
function firstInput() {
  try {
    return window.matchMedia("(pointer: coarse)").matches ? "touch" : "mouse";
  } catch (_) {
    return "mouse";
  }
}
const NAV_KEYS = new Set(["Tab", "Enter", " ", "Escape", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"]);


/** "ash Otter 2" / "Lontra 2 de freixo" from a view tile ({colour, creature, number}). */
export function tileWords(tile) {
  const colour = t(`ew.colour.${tile.colour}`);
  const creature = t(`ew.c.${tile.creature}`);
  return tile.number ? t("ew.tileNameN", { colour, creature, n: tile.number }) : t("ew.tileName", { colour, creature });
}

function tileFromName(name) {
  return { name, colour: name[0], creature: name[1], number: Number(name.slice(2)) || 0 };
}

export function createRenderer(host, { onIntent = () => {}, announce = () => {}, lang, readOnly = false, gameData = null } = {}) {
  void lang; // words come from i18n's t(), which follows the page language; setLang re-labels
  void gameData; // Elderwood's board is all in its view: the game has no static data
  injectStyle();
  const root = div("ew-root");
  const topStrip = makeStrip("ew-theirs");
  const board = div("ew-board");
  const bottomStrip = makeStrip("ew-mine");
  root.append(topStrip.el, board, bottomStrip.el);
  host.append(root);

  const hint = div("ew-hint", { "aria-hidden": "true" });
  const hintText = document.createElement("span");
  hint.append(hintText);
  const tip = div("ew-tip", { "aria-hidden": "true" });
  tip.hidden = true;

  // --- state ---------------------------------------------------------------------
  let snap = null;
  let view = null;
  let viewer = null;
  let myColour = null;
  let stacks = new Map();          // "q,r" -> {q, r, tiles}
  let sources = new Map();         // "p:A" | "t:q,r" -> [{action, to, piece, words}]
  let lifted = null;               // a source id
  let pending = null;              // {to, tile}: set down, waiting for the engine's answer
  let hover = null;                // {stack: key|null, ring: key|null}
  let focusId = null;
  let logLen = null;
  let wantFocus = null;            // a layer id (or "p:X") to focus once the next snapshot is drawn
  let tipTimer = 0;
  let faces = new Map();           // "q,r" -> face centre as last drawn
  let moving = null;               // another seat's move on its way: {k, from, p}
  let lastSeen = null;             // which last move was drawn (a new one by another seat glides)
  let input = firstInput();
  root.dataset.input = input;

  function setInput(kind) {
    if (kind === input) return;
    input = kind;
    root.dataset.input = kind;
    if (view) refresh();
  }
  // Keys are watched on the whole page: the first Tab into the board starts outside it.
  const onPointer = (ev) => setInput(ev.pointerType === "mouse" ? "mouse" : "touch");
  const onKeyDown = (ev) => { if (NAV_KEYS.has(ev.key)) setInput("keys"); };
  root.addEventListener("pointerdown", onPointer, true);
  window.addEventListener("keydown", onKeyDown, true);

  // The board fills the screen below the page's own bar, so the piles, the slab and the rings
  // are all on screen at once on a phone (no scrolling to reach your supply).
  const screenFit = fitBelowBar(root, {
    size(room) {
      if (readOnly) return null;   // replays and embeds size the board themselves (their controls sit below it)
      const wide = window.innerWidth >= 700;
      // Far down the page (under the end screen), keep most of a screen rather than a sliver.
      const least = wide ? 440 : Math.max(400, Math.round(window.innerHeight * 0.7));
      return Math.min(wide ? 860 : 2000, Math.max(least, room - 8));
    },
  });

  const vp = createViewport(board, {
    label: t("ew.board"),
    minScale: 8, maxScale: 140, fitPadding: 8, fitMinScale: FIT_MIN, fitMaxScale: FIT_MAX,
    fitAllMinScale: 10, fitInsets: { top: 30, bottom: 40 },
    drawWorld, onTap, onHover,
  });
  vp.element.tabIndex = -1;
  vp.element.append(hint, tip);
  const controls = vp.addControls({ fit: t("ew.fit"), zoomIn: t("ew.zoomIn"), zoomOut: t("ew.zoomOut") });
  const layer = createFocusLayer(vp, { onActivate, onKey, onFocus });
  const keyList = createKeyList({
    rows: () => [
      ["vt.key.tab", t("ew.keys.tab")], ["vt.key.arrows", t("ew.keys.arrows")], ["vt.key.enter", t("ew.keys.enter")],
      ["vt.key.space", t("ew.keys.space")], ["vt.key.escape", t("ew.keys.escape")],
    ],
    onClose: () => focusBoard(),
  });
  vp.element.append(keyList.element);
  root.addEventListener("keydown", (ev) => {
    if (ev.defaultPrevented || boardKey(ev) !== "help" || keyList.element.contains(ev.target)) return;
    ev.preventDefault();
    keyList.toggle();
  });

  /** The focus back on the board: a tile or pile you may move, else the slab itself. */
  function focusBoard() {
    const movable = [...sources.keys()];
    const tile = movable.find((id) => id.startsWith("t:"));
    if (tile && layer.focus(tile)) return;
    const pile = movable.find((id) => id.startsWith("p:"));
    const el = pile && bottomStrip.piles[pile.slice(2)];
    if (el && el.el.tagName === "BUTTON") { el.el.focus({ preventScroll: true }); return; }
    vp.element.focus({ preventScroll: true });
  }

  // --- snapshot -> model ------------------------------------------------------------
  function update(snapshot, viewerSeat) {
    snap = snapshot;
    view = snapshot.view || {};
    root.dataset.suggest = snapshot.suggest || "";
    viewer = viewerSeat === undefined ? null : viewerSeat;
    const seatInfo = viewer !== null && Array.isArray(view.seats) ? view.seats.find((s) => s.seat === viewer) : null;
    myColour = seatInfo ? seatInfo.letter : null;

    stacks = new Map();
    for (const s of view.stacks || []) stacks.set(key(s.q, s.r), s);

    const legal = new Map(readOnly ? [] : (snapshot.legal || []).map((l) => [l.action, l.words]));
    sources = new Map();
    for (const m of view.moves || []) {
      if (!legal.has(m.action) || !m.to || !m.piece) continue;
      const src = m.from ? `t:${key(m.from[0], m.from[1])}` : `p:${m.piece[1]}`;
      const list = sources.get(src) || [];
      // One action per piece and target; should two ever share a target, the first the engine lists wins.
      if (list.some((x) => x.to[0] === m.to[0] && x.to[1] === m.to[1])) continue;
      list.push({ action: m.action, to: m.to, piece: m.piece, words: legal.get(m.action) });
      sources.set(src, list);
    }

    // New moves are announced by the table page (from snapshot.log's words); a new move
    // also ends any lift, since its rings belonged to the position before it.
    const log = snapshot.log || [];
    if (logLen !== null && log.length !== logLen) lifted = null;
    const fresh = logLen !== null && log.length > logLen;
    logLen = log.length;
    if (lifted && !sources.has(lifted)) lifted = null;
    pending = null;
    refresh();
    glideLastMove(fresh, log);
    if (wantFocus) {
      const id = wantFocus;
      wantFocus = null;
      focusSource(id);
    }
    focusHold.settle();
  }

  /** A new move of another seat travels from its cell (or that side's supply) to where it went. */
  function glideLastMove(fresh, log) {
    const last = view.last_move;
    const seen = last && last.to ? `${log.length}:${last.to.join(",")}` : null;
    const before = lastSeen;
    lastSeen = seen;
    const by = log.length ? log[log.length - 1].seat : null;
    if (!fresh || !seen || seen === before || (viewer !== null && by === viewer)) return;
    const k = key(last.to[0], last.to[1]);
    const to = centre(last.to[0], last.to[1]);
    const from = last.from ? centre(last.from[0], last.from[1])
      : { x: to.x, y: to.y + ((last.piece || "w")[0] === topColour() ? -3 : 3) };   // from that side's supply
    glide(root, (p) => {
      moving = p < 1 ? { k, from, to, p } : null;
      vp.redraw();
    });
  }

  const myTurn = () => sources.size > 0;
  const bottomColour = () => myColour || "w";
  const topColour = () => (bottomColour() === "w" ? "b" : "w");

  function rings() {
    return lifted ? sources.get(lifted) || [] : [];
  }

  /** Redo everything that depends on the model: strips, focusable items, bounds, the picture. */
  function refresh() {
    const model = { view, snap, myColour, sources, lifted, input, myTurn: myTurn(), elderTaken, pressPile, pileKey };
    fillStrip(topStrip, topColour(), false, model);
    fillStrip(bottomStrip, bottomColour(), myColour !== null, model);
    hintText.textContent = hintFor();
    root.classList.toggle("ew-over", !!(snap && snap.terminal));
    screenFit.fit();
    fitRoom();
    root.dataset.lifted = lifted || "";
    root.dataset.rings = rings().map((m) => key(m.to[0], m.to[1])).join(";");
    root.dataset.myturn = myTurn() ? "1" : "0";
    computeFaces();
    layer.setItems(items());
    vp.setBounds(contentBounds());
    if (focusId && focusId.startsWith("t:")) showTip(focusId.slice(2));
    vp.redraw();
  }

  function hintFor() {
    if (!view) return "";
    if (snap && snap.terminal) return view.ending ? pickWords(view.ending) : t("ew.hint.over");
    if (lifted) return t(`ew.hint.lifted.${input}`);
    if (myTurn()) return t(`ew.hint.yourTurn.${input}`);
    if (view.turn) return t("ew.hint.waiting", { colour: t(`ew.Colour.${view.turn}`) });
    return "";
  }

  function computeFaces() {
    faces = new Map();
    for (const [k, s] of stacks) {
      const c = centre(s.q, s.r);
      faces.set(k, { x: c.x, y: c.y - THICK * 0.5 - (s.tiles.length - 1) * THICK });
    }
  }

  function pointOf(k) {
    const f = faces.get(k);
    if (f) return f;
    const [q, r] = k.split(",").map(Number);
    return centre(q, r);
  }

  function contentBounds() {
    const cells = [];
    const add = (q, r) => {
      cells.push([q, r]);
      for (const [dq, dr] of DIRS) cells.push([q + dq, r + dr]);
    };
    if (!stacks.size) add(0, 0);
    for (const s of stacks.values()) add(s.q, s.r);
    const b = boundsOf(cells, 0.95);
    let tallest = 1;
    for (const s of stacks.values()) tallest = Math.max(tallest, s.tiles.length);
    b.minY -= (tallest - 1) * THICK + LIFT;
    return b;
  }

  // --- the focusable layer --------------------------------------------------------------
  function stackLabel(k) {
    const s = stacks.get(k);
    const tiles = s.tiles;
    const topTile = tiles[tiles.length - 1];
    let text = tileWords(topTile);
    if (tiles.length > 1) {
      const below = tiles.slice(0, -1).reverse().map(tileWords).join(", ");
      text = t("ew.stack", { top: text, n: tiles.length, below });
    }
    const elder = elderAt(k);
    if (elder) text += `. ${t("ew.elderCount", { colour: t(`ew.Colour.${elder}`), n: view.elders[elder].neighbours })}`;
    if (sources.has(`t:${k}`)) text += `, ${t("ew.canMove")}${input === "keys" ? ` ${t("ew.enterLifts")}` : ""}`;
    return text;
  }

  function items() {
    const list = [];
    const ordered = [...stacks.values()].sort((a, b) => a.r - b.r || a.q - b.q);
    const ringItems = rings().map((m) => {
      const k = key(m.to[0], m.to[1]);
      const p = pointOf(k);
      return {
        id: `r:${k}`, x: p.x, y: p.y, size: 1.3, className: "ew-ring",
        label: t("ew.ring", { words: pickWords(m.words) || m.action }),
        data: { kind: "ring", q: m.to[0], r: m.to[1], action: m.action },
      };
    });
    if (lifted && lifted.startsWith("p:")) list.push(...ringItems);
    for (const s of ordered) {
      const k = key(s.q, s.r);
      const p = pointOf(k);
      const topTile = s.tiles[s.tiles.length - 1];
      list.push({
        id: `t:${k}`, x: p.x, y: p.y - (lifted === `t:${k}` ? LIFT : 0), size: 1.56,
        label: stackLabel(k), pressed: sources.has(`t:${k}`) ? lifted === `t:${k}` : undefined,
        data: { kind: "tile", q: s.q, r: s.r, height: s.tiles.length, top: topTile.name,
                movable: sources.has(`t:${k}`) ? 1 : 0 },
      });
      if (lifted === `t:${k}`) list.push(...ringItems);
    }
    return list;
  }

  function onActivate(id, ev) {
    const keyboard = !ev || ev.detail === 0;
    if (id.startsWith("r:")) setDown(id.slice(2), keyboard);
    else if (id.startsWith("t:")) pressTile(id.slice(2), keyboard);
  }

  function onKey(id, ev) {
    if (boardKey(ev) === "help") { keyList.toggle(); return true; }
    // Space toggles the lift: on a ring it puts the tile back (Enter sets it down there).
    if (boardKey(ev) === "toggle" && id.startsWith("r:")) {
      putBack(true);
      return true;
    }
    if (ev.key === "Escape") {
      if (!lifted) return false;
      putBack(true);
      return true;
    }
    if (!ev.key.startsWith("Arrow")) return false;
    const pool = layerItemsOf(id.startsWith("r:") ? "ring" : "tile");
    const next = arrowStep(pool, id, ev.key);
    if (next) layer.focus(next);
    return true;
  }

  function layerItemsOf(kind) {
    return items().filter((it) => it.data.kind === kind);
  }

  function onFocus(id) {
    focusId = id;
    if (id && id.startsWith("t:")) showTip(id.slice(2));
    else if (!hover || !hover.stack) hideTip();
    vp.redraw();
  }

  function focusSource(id) {
    if (id.startsWith("p:")) {
      const pile = bottomStrip.piles[id.slice(2)];
      if (pile && pile.el.tagName === "BUTTON") pile.el.focus({ preventScroll: true });
    } else if (!layer.focus(id)) {
      vp.element.focus({ preventScroll: true });
    }
  }

  // --- lifting and setting down ------------------------------------------------------------
  function pieceWordsOf(src) {
    const list = sources.get(src);
    if (list && list.length) return tileWords(tileFromName(list[0].piece));
    if (src.startsWith("t:")) {
      const s = stacks.get(src.slice(2));
      if (s) return tileWords(s.tiles[s.tiles.length - 1]);
    }
    return "";
  }

  function lift(src, keyboard) {
    lifted = src;
    hideTip();
    refresh();
    // Bring the lifted tile and all its rings on screen (a phone may show only part of the group).
    const cells = rings().map((m) => m.to);
    if (src.startsWith("t:")) cells.push(src.slice(2).split(",").map(Number));
    if (cells.length) vp.reveal(boundsOf(cells, 0.95));
    const n = rings().length;
    announce(t(keyboard ? "ew.lifted" : input === "mouse" ? "ew.liftedClick" : "ew.liftedTap",
      { piece: pieceWordsOf(src), n }));
    if (keyboard) {
      const first = arrowStep(layerItemsOf("ring"), null, "ArrowRight");
      if (first) layer.focus(first);
    }
  }

  function putBack(keyboard) {
    const src = lifted;
    if (!src) return;
    lifted = null;
    refresh();
    announce(t("ew.putBack", { piece: pieceWordsOf(src) }));
    if (keyboard) focusSource(src);
  }

  function setDown(k, keyboard) {
    const m = rings().find((x) => key(x.to[0], x.to[1]) === k);
    if (!m) return;
    lifted = null;
    if (keyboard) {
      // The ring's button goes away; keep focus on the board, then on the tile once it lands.
      wantFocus = `t:${k}`;
      vp.element.focus({ preventScroll: true });
    }
    pending = { to: m.to, tile: tileFromName(m.piece) };   // a faint preview until the engine answers
    refresh();
    onIntent(m.action);
  }

  function pressTile(k, keyboard) {
    const src = `t:${k}`;
    if (lifted === src) { putBack(keyboard); return; }
    if (sources.has(src)) { lift(src, keyboard); return; }
    const s = stacks.get(k);
    if (!s) return;
    const topTile = s.tiles[s.tiles.length - 1];
    if (myColour && topTile.colour === myColour) {
      announce(myTurn() ? t("ew.cannotMove", { piece: tileWords(topTile) }) : t("ew.notYourTurn"));
    }
    if (!keyboard) flashTip(k);
  }

  function pressPile(letter, keyboard) {
    const src = `p:${letter}`;
    if (lifted === src) { putBack(keyboard); return; }
    if (sources.has(src)) { lift(src, keyboard); return; }
    const count = ((view.supply || {})[myColour] || {})[letter] || 0;
    const creature = t(`ew.c.${letter}`);
    announce(!myTurn() ? t("ew.notYourTurn")
      : count ? t("ew.pileCannot", { creature, count }) : t("ew.pileEmpty", { creature }));
  }

  // --- pointer ---------------------------------------------------------------------------
  /** The ring or stack under world point (x, y): raised faces first, then the plain cell. */
  function hit(x, y) {
    let ring = null, stack = null;
    let best = 0.86;
    for (const m of rings()) {
      const k = key(m.to[0], m.to[1]);
      const p = pointOf(k);
      const d = Math.hypot(p.x - x, p.y - y);
      if (d < best) { best = d; ring = k; }
    }
    best = 0.86;
    for (const [k, f] of faces) {
      const d = Math.hypot(f.x - x, f.y - (lifted === `t:${k}` ? LIFT : 0) - y);
      if (d < best) { best = d; stack = k; }
    }
    if (!ring && !stack) {
      const c = cellAt(x, y);
      const k = key(c.q, c.r);
      if (stacks.has(k)) stack = k;
    }
    return { ring, stack };
  }

  function onTap(world) {
    const { ring, stack } = hit(world.x, world.y);
    if (lifted) {
      if (ring) { setDown(ring, false); return; }
      if (stack && `t:${stack}` === lifted) { putBack(false); return; }
      if (stack && sources.has(`t:${stack}`)) { lift(`t:${stack}`, false); return; }
      putBack(false);
      if (stack) flashTip(stack);
      return;
    }
    if (stack) pressTile(stack, false);
    else hideTip();
  }

  function onHover(world) {
    const h = world ? hit(world.x, world.y) : { ring: null, stack: null };
    const changed = !hover || hover.ring !== h.ring || hover.stack !== h.stack;
    hover = h;
    if (!changed) return;
    if (h.stack && !h.ring) showTip(h.stack);
    else if (!focusId || !focusId.startsWith("t:")) hideTip();
    vp.element.style.cursor = h.ring || (h.stack && sources.has(`t:${h.stack}`)) ? "pointer" : "";
    vp.redraw();
  }

  // --- tooltip: the tiles of a stack, bottom to top ----------------------------------------
  function showTip(k) {
    const s = stacks.get(k);
    if (!s) { hideTip(); return; }
    tip.replaceChildren();
    if (s.tiles.length > 1) {
      tip.append(t("ew.stackTip", { n: s.tiles.length }));
      const ol = document.createElement("ol");
      for (const tile of s.tiles) {
        const li = document.createElement("li");
        li.textContent = tileWords(tile);
        ol.append(li);
      }
      tip.append(ol);
    } else {
      tip.textContent = tileWords(s.tiles[0]);
    }
    tip.hidden = false;
    const spot = tipSpot(k, tip.offsetWidth, tip.offsetHeight);
    tip.style.left = `${spot.left}px`;
    tip.style.top = `${spot.top}px`;
    tip.dataset.stack = k;
    tip.dataset.covers = String(spot.covers);
  }

  /**
   * Where the tip for stack `k` covers the fewest tiles (their faces carry the Elder's count, the
   * height of a stack): above the tile, below, right, left, then the board's corners; never over the
   * tile it speaks of, nor over the hint line at the top or the zoom buttons at the bottom right.
   */
  function tipSpot(k, w, hgt) {
    const f = pointOf(k);
    const c = vp.worldToScreen(f.x, f.y);
    const r = FACE * vp.scale;
    const gap = 6;
    const top0 = 40, bottom0 = vp.height - 56;
    const boxes = [...faces.values()].map((p) => { const s = vp.worldToScreen(p.x, p.y); return [s.x - r, s.y - r, s.x + r, s.y + r]; });
    const candidates = [
      [c.x - w / 2, c.y - r - gap - hgt], [c.x - w / 2, c.y + r + gap], [c.x + r + gap, c.y - hgt / 2],
      [c.x - r - gap - w, c.y - hgt / 2], [8, top0], [vp.width - w - 8, top0], [8, bottom0 - hgt],
    ];
    let best = null;
    for (const [x, y] of candidates) {
      const left = Math.min(Math.max(4, x), vp.width - w - 4);
      const top = Math.min(Math.max(top0, y), bottom0 - hgt);
      const over = (b) => left < b[2] && left + w > b[0] && top < b[3] && top + hgt > b[1];
      const own = over([c.x - r, c.y - r, c.x + r, c.y + r]);
      const covers = boxes.filter(over).length;
      const score = (own ? 1000 : 0) + covers;
      if (!best || score < best.score) best = { left, top, covers, score };
      if (score === 0) break;
    }
    return best;
  }

  function hideTip() {
    tip.hidden = true;
    delete tip.dataset.stack;
  }

  function flashTip(k) {
    showTip(k);
    clearTimeout(tipTimer);
    tipTimer = setTimeout(() => { if (tip.dataset.stack === k && (!focusId || focusId !== `t:${k}`)) hideTip(); }, 2500);
  }

  vp.onChange(() => {
    fitRoom();
    if (!tip.hidden && tip.dataset.stack) showTip(tip.dataset.stack);
  });

  /** What the fit keeps clear: the hint line as tall as it is drawn (none when hidden), and the
   * zoom buttons while they sit on the board (a replay moves them under it). */
  function fitRoom() {
    const top = hintText.textContent && hint.offsetParent !== null
      ? Math.max(0, Math.round(hintText.getBoundingClientRect().bottom - vp.element.getBoundingClientRect().top) - 4)
      : 0;
    vp.setInsets({ top, bottom: vp.element.contains(controls.element) ? 40 : 0 });
  }

  // --- drawing -----------------------------------------------------------------------------
  function elderAt(k) {
    const el = view && view.elders;
    if (!el) return null;
    for (const c of ["w", "b"]) {
      const e = el[c];
      if (e && e.at && key(e.at[0], e.at[1]) === k) return c;
    }
    return null;
  }

  function elderTaken(colour) {
    const e = view && view.elders && view.elders[colour];
    return e && e.at ? e.taken : null;
  }

  function drawWorld(ctx) {
    if (!view) return;
    // Free spaces around each Elder.
    for (const c of ["w", "b"]) {
      const e = view.elders && view.elders[c];
      if (!e || !e.at) continue;
      DIRS.forEach(([dq, dr], i) => {
        if (!e.taken[i]) { const p = centre(e.at[0] + dq, e.at[1] + dr); paintLiberty(ctx, p.x, p.y); }
      });
    }
    const last = view.last_move;
    if (last && last.to) {
      if (last.from) { const a = centre(last.from[0], last.from[1]); paintLastMove(ctx, a.x, a.y, "from"); }
      const b = centre(last.to[0], last.to[1]);
      paintLastMove(ctx, b.x, b.y, "to");
    }
    const ordered = [...stacks.values()].sort((a, b) => a.r - b.r || a.q - b.q);
    let liftedStack = null;
    for (const s of ordered) {
      const k = key(s.q, s.r);
      if (lifted === `t:${k}`) { liftedStack = s; continue; }
      drawStack(ctx, s, k, 0);
    }
    if (last && last.to && last.from) {
      paintArrow(ctx, centre(last.from[0], last.from[1]), pointOf(key(last.to[0], last.to[1])));
    }
    // A hint: the suggested move, in amber — where it starts, the piece where it would go, the way.
    const hinted = snap && snap.suggest ? (view.moves || []).find((m) => m.action === snap.suggest && m.to) : null;
    if (hinted) {
      const b = centre(hinted.to[0], hinted.to[1]);
      if (hinted.from) {
        const a = centre(hinted.from[0], hinted.from[1]);
        paintLastMove(ctx, a.x, a.y, "from", SUGGEST);
        paintArrow(ctx, a, b, SUGGEST);
      } else if (hinted.piece) {
        paintTile(ctx, b.x, b.y - (stacks.has(key(hinted.to[0], hinted.to[1])) ? THICK : 0), tileFromName(hinted.piece), { alpha: 0.6 });
      }
      paintLastMove(ctx, b.x, b.y, "to", SUGGEST);
    }
    if (liftedStack) {
      const k = key(liftedStack.q, liftedStack.r);
      const face = drawStack(ctx, liftedStack, k, LIFT);
      paintHalo(ctx, face.x, face.y, RING, 0.12);
    }
    // Rings, with a preview of the lifted tile under the mouse.
    const liftedTile = liftedPiece();
    for (const m of rings()) {
      const k = key(m.to[0], m.to[1]);
      const p = pointOf(k);
      const focused = focusId === `r:${k}`;
      if (hover && hover.ring === k && liftedTile) {
        paintTile(ctx, p.x, p.y - (stacks.has(k) ? THICK : 0), liftedTile, { alpha: 0.55 });
      }
      paintRing(ctx, p.x, p.y, { focus: focused || (hover && hover.ring === k), climb: stacks.has(k) });
    }
    if (pending) {
      const k = key(pending.to[0], pending.to[1]);
      const p = pointOf(k);
      paintTile(ctx, p.x, p.y - (stacks.has(k) ? THICK : 0), pending.tile, { alpha: 0.6 });
    }
    // Keyboard focus on a tile: a bright hex halo on top of the CSS ring.
    if (focusId && focusId.startsWith("t:") && stacks.has(focusId.slice(2))) {
      const p = pointOf(focusId.slice(2));
      paintHalo(ctx, p.x, p.y - (lifted === focusId ? LIFT : 0), "#ffffff", 0.08);
    }
  }

  function drawStack(ctx, s, k, liftBy) {
    const c = centre(s.q, s.r);
    if (moving && moving.k === k) {
      // The moving tile is on its way: the stack it lands on shows without it, the tile between.
      const under = s.tiles.slice(0, -1);
      if (under.length) paintStack(ctx, c.x, c.y, under, { seedBase: k });
      const at = between(moving.from, moving.to, moving.p);
      const top = s.tiles[s.tiles.length - 1];
      paintStack(ctx, at.x, at.y - under.length * THICK, [top], { lift: 0.25 * Math.sin(Math.PI * moving.p), seedBase: k });
      return { x: c.x, y: c.y - THICK * 0.5 - (s.tiles.length - 1) * THICK };
    }
    const face = paintStack(ctx, c.x, c.y, s.tiles, { lift: liftBy, seedBase: k });
    if (s.tiles.length > 1) paintHeight(ctx, face, s.tiles.length);
    const elder = elderAt(k);
    if (elder) paintElderDots(ctx, face, elderTaken(elder));
    return face;
  }

  function liftedPiece() {
    const list = rings();
    return list.length ? tileFromName(list[0].piece) : null;
  }

  function pileKey(letter, ev) {
    if (ev.key === "Escape" && lifted) {
      ev.preventDefault();
      putBack(true);
    } else if (ev.key === "ArrowRight" || ev.key === "ArrowLeft") {
      // Inside the supply, the arrows go from pile to pile; with a pile lifted, to the rings.
      ev.preventDefault();
      if (lifted === `p:${letter}` && rings().length) {
        const first = arrowStep(layerItemsOf("ring"), null, "ArrowRight");
        if (first) layer.focus(first);
        return;
      }
      const i = CREATURES.indexOf(letter);
      const next = CREATURES[(i + (ev.key === "ArrowRight" ? 1 : CREATURES.length - 1)) % CREATURES.length];
      bottomStrip.piles[next].el.focus();
    }
  }

  // Re-measure pile canvases when the layout changes (phone rotation, side panels).
  const pileObserver = new ResizeObserver(() => {
    if (!view) return;
    for (const strip of [topStrip, bottomStrip]) {
      const colour = strip.el.dataset.colour;
      const supply = (view.supply || {})[colour] || {};
      for (const letter of CREATURES) if (strip.piles[letter]) drawPile(strip.piles[letter], letter, colour, supply[letter] || 0);
    }
  });
  pileObserver.observe(root);

  const focusHold = holdBoardFocus(root, () => focusBoard());

  // --- public -----------------------------------------------------------------------------
  const api = {
    update,
    setLang() {
      controls.setLabels({ fit: t("ew.fit"), zoomIn: t("ew.zoomIn"), zoomOut: t("ew.zoomOut") });
      vp.element.setAttribute("aria-label", t("ew.board"));
      keyList.setLang();
      if (view) refresh();
    },
    destroy() {
      if (root.__glide) root.__glide.cancel();
      focusHold.destroy();
      clearTimeout(tipTimer);
      window.removeEventListener("keydown", onKeyDown, true);
      screenFit.destroy();
      pileObserver.disconnect();
      layer.destroy();
      vp.destroy();
      root.remove();
    },
    /** Page coordinates of a cell's (raised) face centre: for tests that tap the canvas. */
    pointFor(q, r) {
      const p = pointOf(key(q, r));
      return vp.worldToPage(p.x, p.y - (lifted === `t:${key(q, r)}` ? LIFT : 0));
    },
    /** Page coordinates of the centre of one of the viewer's piles ("Q", "B", "G", "S", "A"). */
    pilePoint(letter) {
      const p = bottomStrip.piles[letter];
      if (!p) return null;
      const r = p.el.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    },
    /** CSS colours of the seats, in seat order (the table page tints its seat dots with them):
     * ash a pale wood still visible on a light page, walnut dark. */
    seatColours() {
      const seats = (view && view.seats) || [];
      return seats.map((s) => (s.letter === "w" ? "#c9a86e" : "#5a3a22"));
    },
    get lifted() { return lifted; },
    rings() { return rings().map((m) => ({ q: m.to[0], r: m.to[1], action: m.action })); },
    /**
     * The places a story's note may mark (docs/story.md): every stack on the slab, named by its top
     * creature, and every empty space beside one, named by that neighbour.
     */
    places() {
      const out = [];
      const empty = new Set();
      for (const [k, s] of stacks) {
        const p = pointOf(k);
        const top = tileWords(s.tiles[s.tiles.length - 1]);
        out.push({ id: k, x: p.x, y: p.y, label: top });
        for (const [dq, dr] of DIRS) {
          const e = key(s.q + dq, s.r + dr);
          if (stacks.has(e) || empty.has(e)) continue;
          empty.add(e);
          const c = centre(s.q + dq, s.r + dr);
          out.push({ id: e, x: c.x, y: c.y, label: t("story.ew.beside", { tile: top }) });
        }
      }
      return out;
    },
    viewport: vp,
  };
  root.__renderer = api;
  return api;
}
