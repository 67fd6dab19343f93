// The Milehollow table: the valley map on a pan/zoom canvas (towns, roads as rows of slabs in their
// colours with a symbol each, paved roads in seat colours with the seat number), the players, the
// face-up row, the deck and the mail deck, your hand grouped by colour and your mail cards.
//
// It never decides what is legal: every tap or key becomes one of snapshot.legal's action strings
// (row:k, deck, mail, pave:ROAD:CARDS, keep:IDS) or nothing. Paving: tap a road (or P / the Pave
// button for the list in words), a sheet proposes the mix the engine offers first (Oxen spent
// last), the others it offers can be picked before confirming. Keys (web/lib/keymap.js): 1–5 the
// row, D the deck, M mail, P pave, Escape closes a sheet; Tab, arrows and Enter everywhere. A
// sheet opens beside or under the map and town names keep clear of what lies on it, so nothing
// covers a name; another seat's new road is laid before the eyes (common/motion.js).

import { fitBelowBar, keyForBoard } from "../common/screen.js";
import { createViewport } from "../common/viewport.js";
import { boardKey, createKeyList, holdBoardFocus } from "../common/keys.js";
import { t } from "../../lib/i18n.js";
import { gameKey, keyRows } from "../../lib/keymap.js";
import "./strings.js";
import { injectStyle } from "./style.js";
import { SEAT_COLOURS, buildGeometry, boxOf, paintMap, paintLabels, roadsAt, townAt } from "./art.js";
import { el, cardName, colourName, lastTurnWords, paintPlayers, seatName } from "./panels.js";
import { finalSheet, keepHintKey, keepSheet, oxSheet, paveSheet, roadsSheet } from "./sheets.js";
import { againWords } from "../../lib/input.js";
import { glide } from "../common/motion.js";
import { createBar } from "./bar.js";
import { createHand } from "./hand.js";
import { createCamera } from "./camera.js";

/** The map's content box in its frame (the margins of the design's 1000 × 700), either way up. */
function boundsOf(frame, upright) {
  return upright
    ? { minX: 16, minY: 12, maxX: frame.width - 18, maxY: frame.height - 12 }
    : { minX: 12, minY: 18, maxX: frame.width - 12, maxY: frame.height - 16 };
}
/** A map box this much taller than wide shows the map upright (a quarter turn), filling it: from a
 *  square box on the upright map is drawn larger; a little more keeps it from turning to and fro. */
const UPRIGHT_RATIO = 1.05;
/** From this width (CSS px) the final scoring stands beside the map. */
const SIDE_SHEET = 700;
const INFO_MS = 4000;

export function createRenderer(host, { onIntent = () => {}, announce = () => {}, lang, readOnly = false, gameData = null } = {}) {
  void lang; // words come from i18n's t(), which follows the page language; setLang re-labels
  injectStyle();
  const root = el("div", "mh-root");
  root.dataset.game = "milehollow";
  const players = el("div", "mh-players");
  players.setAttribute("role", "list");
  const mapBox = el("div", "mh-map");
  // The words of the moment sit on the map's top edge and the last turn on its foot; the names are
  // written clear of both (overMap), so nothing covers a town's name.
  const hint = el("div", "mh-hint");
  hint.setAttribute("aria-hidden", "true");
  const hintText = el("span", "mh-now");
  hint.append(hintText);
  const lastText = el("span", "mh-last");
  const lastBox = el("div", "mh-hint mh-hint-bottom");
  lastBox.setAttribute("aria-hidden", "true");
  lastBox.append(lastText);

  const bar = createBar({ onSlot: pressSlot, onDeck: pressDeck, onMail: pressMail, onPave: openRoads });
  const hand = createHand({
    roomy: () => root.getBoundingClientRect().height >= 560,
    onHot: (m, reveal) => { if (m && reveal && geo) camera.reveal(boxOf(geo, [m.a, m.b])); markLit(); vp.redraw(); },
  });
  const sheetEl = el("div", "mh-sheet");
  sheetEl.setAttribute("role", "dialog");
  sheetEl.hidden = true;
  sheetEl.addEventListener("keydown", sheetKeys);
  // A sheet opens right under the map, which makes room for it: nothing lies over the map.
  root.append(players, mapBox, sheetEl, bar.element, hand.row, hand.mails);
  host.append(root);

  // --- model ----------------------------------------------------------------------------
  let geo = null;
  // The static map, handed in by the page (the engine's game_data, asked once per page).
  const mapData = gameData && Array.isArray(gameData.roads) ? gameData : null;
  const mapError = mapData ? null : "no map in the engine's answer";
  let snap = null;
  let view = null;
  let viewer = null;
  let legal = new Map();           // action -> words
  let kind = null;                 // the decision's kind
  let acting = false;
  let pending = false;             // an action was sent; waiting for the next snapshot
  let sheet = null;                // {kind: "roads"|"pave"|"keep"|"ox"|"final", ...}
  let lastKey = null;
  let finalShown = false;
  let hotRoad = null;              // a road under the mouse or focused in a list
  let info = null;                 // {text, road?, town?, until}
  let infoTimer = 0;
  let wantBarFocus = false;
  let inputMode = window.matchMedia && window.matchMedia("(pointer: coarse)").matches ? "touch" : "keys";
  let pulseTimer = 0;
  let destroyed = false;

  const vp = createViewport(mapBox, {
    label: t("mh.board"), minScale: 0.25, maxScale: 4, fitPadding: 6, fitMaxScale: 3,
    fitInsets: { top: 26, bottom: 44 }, drawWorld, drawScreen, onTap, onHover,
  });
  vp.element.append(hint, lastBox);
  const controls = vp.addControls({ fit: t("mh.fit"), zoomIn: t("mh.zoomIn"), zoomOut: t("mh.zoomOut") });
  vp.setBounds(boundsOf({ width: 1000, height: 700 }, false));
  const camera = createCamera({ vp, mapBox, sheetEl, current: () => sheet, alive: () => !destroyed });

  /** Build the map the way up its box wants (wide: as drawn; tall: upright); true if it turned. */
  function orient() {
    if (!mapData) return false;
    // A sheet makes the map shorter for a while: the map does not turn for it.
    if (geo && sheet) return false;
    const w = mapBox.clientWidth, h = mapBox.clientHeight;
    const upright = w > 0 && h > w * UPRIGHT_RATIO;
    if (geo && geo.upright === upright) return false;
    geo = buildGeometry(mapData, { upright });
    root.dataset.upright = upright ? "1" : "0";
    vp.setBounds(boundsOf(geo.frame, upright));
    vp.fit();
    return true;
  }
  const boxWatch = new ResizeObserver(() => { if (!destroyed && orient() && view) refresh(); });
  boxWatch.observe(mapBox);

  // The map is drawn once the page has handed the first snapshot over (right after this returns).
  queueMicrotask(() => {
    if (destroyed) return;
    if (!mapData) {
      paintHint();
      return;
    }
    orient();
    refresh();
    focusKeep();
  });

  // --- snapshot -> model ----------------------------------------------------------------------
  function update(snapshot, viewerSeat) {
    const before = viewer;
    snap = snapshot;
    root.dataset.suggest = snapshot.suggest || "";
    view = snapshot.view || {};
    viewer = viewerSeat === undefined ? null : viewerSeat;
    legal = new Map((snapshot.legal || []).map((m) => [m.action, m.words]));
    kind = snapshot.decision ? snapshot.decision.kind : null;
    acting = !readOnly && !snapshot.terminal && legal.size > 0;
    pending = false;
    // The position's own move count (a snapshot's log may one day carry only its newest entries).
    const key = `${view.actions}/${kind}/${viewer}`;
    if (viewer !== before) {
      // Another person (or nobody) is looking now: nothing of the last one's choices stays, not
      // even in the screen reader's live region, which may still hold their own words.
      sheet = null;
      hand.forget();
      info = null;
      if (isSeat(before)) announce(t(viewer === null ? "mh.hint.watch" : "mh.say.newViewer", { name: seatName(snapshot, viewer) }));
    } else if (key !== lastKey && sheet && sheet.kind !== "final") {
      sheet = null;                 // a sheet belongs to the position it was opened in
    }
    lastKey = key;
    let freshKeep = false;
    if (acting && (kind === "keep" || kind === "keep-deal") && (!sheet || sheet.kind !== "keep")) {
      sheet = { kind: "keep", chosen: new Set(), focus: null };
      freshKeep = true;
    }
    if (snapshot.terminal && !finalShown && view.final) {
      finalShown = true;
      sheet = { kind: "final" };
    }
    refresh();
    glidePaving();
    if (wantBarFocus && acting && !sheet) {
      wantBarFocus = false;
      const first = bar.buttons.find((b) => b.getAttribute("aria-disabled") === "false");
      if (first) first.focus({ preventScroll: true });
    } else if (freshKeep) {
      focusKeep();
    }
    focusHold.settle();
  }

  /** A keyboard user lands on the first mail card of a new keep sheet, unless the focus is on
   * another control of the page (never pulled away from one). */
  function focusKeep() {
    if (inputMode !== "keys" || !sheet || sheet.kind !== "keep") return;
    const a = document.activeElement;
    const first = sheetEl.querySelector(".mh-mail");
    const idle = !a || a === document.body || root.contains(a)
      || !a.matches("button, input, select, textarea, a[href], [tabindex]:not([tabindex='-1'])");
    if (first && idle && !sheetEl.contains(a)) first.focus({ preventScroll: true });
  }

  const isSeat = (v) => Number.isInteger(v);

  /** Road ids the viewer may pave now, each with the mixes the engine offers that are also legal. */
  function pavings() {
    const out = new Map();
    if (!acting || kind !== "turn") return out;
    for (const p of view.pave || []) {
      const mixes = [p.cards, ...(p.alternatives || [])].filter((c) => legal.has(`pave:${p.road}:${c}`));
      if (mixes.length) out.set(p.road, { ...p, mixes });
    }
    return out;
  }

  function closedRoads() {
    const out = new Set();
    if (!geo || !view.roads) return out;
    const upTo = geo.setup.twinClosesUpToPlayers ?? 3;
    if ((view.players || 0) > upTo) return out;
    for (const r of geo.roads.values()) {
      if (r.twin && view.roads[r.twin] !== undefined && view.roads[r.id] === undefined) out.add(r.id);
    }
    return out;
  }

  function lastRoad() {
    const turn = view.last_turn;
    return turn && turn.kind === "pave" ? turn.road : null;
  }

  function marks() {
    const towns = new Map();
    for (const m of view.my_mail || []) {
      towns.set(m.a, m.delivered ? "done" : "mail");
      towns.set(m.b, m.delivered ? "done" : "mail");
    }
    if (sheet && sheet.kind === "keep") {
      for (const m of view.my_pending || []) { towns.set(m.a, "pending"); towns.set(m.b, "pending"); }
      const f = (view.my_pending || []).find((m) => m.id === sheet.focus);
      if (f) { towns.set(f.a, "focus"); towns.set(f.b, "focus"); }
    }
    const hot = (view.my_mail || []).find((m) => m.id === hand.hotMail);
    if (hot) { towns.set(hot.a, "focus"); towns.set(hot.b, "focus"); }
    if (info && info.town) towns.set(info.town, "focus");
    // A hint: the road it would pave glows amber; the mail it would keep lights its towns.
    const hint = snap && snap.suggest ? String(snap.suggest) : "";
    const keep = /^keep:(.+)$/.exec(hint);
    if (keep) {
      const ids = new Set(keep[1].split(","));
      for (const m of view.my_pending || []) if (ids.has(m.id)) { towns.set(m.a, "focus"); towns.set(m.b, "focus"); }
    }
    return {
      suggest: /^pave:([a-z0-9-]+):/.exec(hint)?.[1] || null,
      owner: view.roads || {},
      closed: closedRoads(),
      payable: new Set(pavings().keys()),
      selected: sheet && sheet.kind === "pave" ? sheet.road : null,
      focus: hotRoad || (info && info.road) || null,
      last: lastRoad(),
      towns,
      paving,
    };
  }

  /** Another seat's new road is laid before the eyes (web/games/common/motion.js). */
  function glidePaving() {
    const turn = view.last_turn;
    const log = snap.log || [];
    const seen = turn && turn.kind === "pave" ? `${log.length}:${turn.road}` : "";
    const before = pavedSeen;
    pavedSeen = seen;
    if (!seen || before === null || seen === before || !geo || (viewer !== null && turn.seat === viewer)) return;
    const id = turn.road;
    glide(root, (p) => {
      paving = p < 1 ? { id, p } : null;
      vp.redraw();
    });
  }

  /** The towns lit up now (a mail card under the pointer or focus), for tools and tests. */
  function markLit() {
    root.dataset.lit = [...marks().towns].filter(([, k]) => k === "focus").map(([id]) => id).sort().join(",");
  }

  // --- drawing ---------------------------------------------------------------------------------
  let labelled = [];
  let labelBoxes = [];
  let paving = null;               // another seat's road being laid: {id, p}
  let pavedSeen = null;            // the last paving drawn

  /** What lies over the map (the words of the moment, the zoom buttons, and the page's own bars
   *  where the page has scrolled the map under them), in the map's pixels: no name is written under it. */
  function overMap() {
    const at = vp.element.getBoundingClientRect();
    const boxes = [...mapBox.querySelectorAll(".vt-controls, .mh-hint span:not(:empty)")].filter((e) => e.offsetParent).map((e) => {
      const r = e.getBoundingClientRect();
      return { x: r.left - at.left - 2, y: r.top - at.top - 2, w: r.width + 4, h: r.height + 4 };
    });
    const [top, bottom] = coveredEdges();
    if (top > at.top) boxes.push({ x: -2, y: -2, w: at.width + 4, h: top - at.top + 2 });
    if (bottom < at.bottom) boxes.push({ x: -2, y: bottom - at.top, w: at.width + 4, h: at.bottom - bottom + 2 });
    return boxes;
  }

  /** The window rows where the map shows from its top and to its bottom: whatever of the page lies over
   *  its edges (a sticky bar with a hint in it, on a phone) is found by asking the page what is on top. */
  function coveredEdges() {
    const r = mapBox.getBoundingClientRect();
    const xs = [r.left + r.width * 0.2, r.left + r.width * 0.5, r.left + r.width * 0.8];
    const seen = (y) => xs.some((x) => {
      const e = document.elementFromPoint(x, y);
      return !!e && mapBox.contains(e);
    });
    const lowest = Math.min(r.bottom, window.innerHeight) - 1;
    let top = Math.max(r.top, 0) + 1;
    while (top < lowest && !seen(top)) top += 4;
    let bottom = lowest;
    while (bottom > top && !seen(bottom)) bottom -= 4;
    return [top - 1, bottom + 1];
  }

  // The page scrolled: the part of the map under the page's bars may have changed, and names with it.
  let edges = "";
  let edgeFrame = 0;
  function onScroll() {
    if (edgeFrame || destroyed) return;
    edgeFrame = requestAnimationFrame(() => {
      edgeFrame = 0;
      if (destroyed || !geo || !view) return;
      const now = coveredEdges().map(Math.round).join(",");
      if (now !== edges) {
        edges = now;
        vp.redraw();
      }
    });
  }
  window.addEventListener("scroll", onScroll, { passive: true });
  function drawWorld(ctx, v) {
    if (!geo || !view) return;
    paintMap(ctx, geo, marks(), v.scale, performance.now());
  }

  function drawScreen(ctx, v) {
    if (!geo || !view) return;
    const m = marks();
    labelBoxes = paintLabels(ctx, v, geo, new Set(m.towns.keys()), v.width < 520 ? 11 : 12, overMap());
    labelled = labelBoxes.filter((b) => b.id !== null).map((b) => b.id);
  }

  function refresh() {
    if (!view) { paintHint(); return; }
    root.classList.toggle("mh-acting", acting);
    root.classList.toggle("mh-over", !!snap.terminal);
    // A sheet never lies over the map: a wide board shows it beside the map, a narrow one under it,
    // with the row and the hand put away while paving so the map keeps most of its room.
    root.classList.toggle("mh-side-sheet", !!sheet && root.clientWidth >= SIDE_SHEET);
    root.classList.toggle("mh-sheet-open", !!sheet && (sheet.kind === "roads" || sheet.kind === "pave"));
    // A narrow board (a tablet, a small window) lays the row and the piles on two lines, as a phone does.
    root.classList.toggle("mh-narrow", root.clientWidth < SIDE_SHEET && innerWidth > 560);
    root.dataset.acting = acting ? "1" : "0";
    root.dataset.kind = kind || "";
    root.dataset.sheet = sheet ? sheet.kind : "";
    root.dataset.road = sheet && sheet.road ? sheet.road : "";
    markLit();
    root.dataset.viewer = viewer === null ? "" : String(viewer);
    root.dataset.pending = pending ? "1" : "0";
    paintPlayers(players, { snap, view, viewer });
    players.setAttribute("aria-label", t("mh.players"));
    bar.paint({ view, legal, kind, acting, pending, paveCount: pavings().size, suggest: snap.suggest || null });
    hand.paint({ snap, view, viewer });
    paintSheet();
    paintHint();
    screenFit.fit();
    vp.redraw();
    pulse();
  }

  function paintHint() {
    let text = "";
    if (mapError) text = t("mh.mapFailed", { error: mapError });
    else if (!geo || !view) text = t("mh.loadingMap");
    else if (info && info.until > Date.now()) text = info.text;
    else if (snap.terminal) text = t("mh.hint.over");
    else if (acting) {
      const keys = inputMode !== "touch";
      if (kind === "turn") text = t(keys ? "mh.hint.turnKeys" : "mh.hint.turnTouch");
      else if (kind === "draw") text = t(keys ? "mh.hint.secondKeys" : "mh.hint.secondTouch");
      else text = t("mh.hint.keep");
    } else if (kind === "keep-deal") text = t("mh.hint.waitKeep");
    else if (viewer === null && snap.decision) text = t("mh.hint.watch");
    else if (view.current !== null && view.current !== undefined) text = t("mh.hint.wait", { name: seatName(snap, view.current) });
    if (view && view.last_round && !snap.terminal) {
      const left = view.last_round.turns_left;
      text = `${left <= 1 ? t("mh.lastRound1") : t("mh.lastRound", { n: left })} · ${text}`;
    }
    hintText.textContent = text;
    lastText.textContent = view && geo ? lastTurnWords(snap, view, townName) : "";
  }

  function townName(id) {
    const tw = geo && geo.towns.get(id);
    return tw ? tw.name : id;
  }

  function roadWords(r, key = "mh.roadLine") {
    return t(key, { a: townName(r.a), b: townName(r.b), len: r.len, colour: colourName(r.colour),
      slabs: r.len === 1 ? t("mh.slab1") : t("mh.slabs"), points: pointsOf(r.len) })
      + (r.twin ? ` (${t("mh.double")})` : "");
  }

  function pointsOf(len) {
    return ((geo && geo.scoring.road) || {})[String(len)] ?? "?";
  }

  // --- sheets ------------------------------------------------------------------------------------
  function paintSheet() {
    // Sheets name towns and roads: they wait for the map (refresh runs again once it is here).
    sheetEl.hidden = !sheet || !geo;
    root.dataset.sheet = sheet ? sheet.kind : "";
    if (!geo) return;
    camera.followSheet(geo, view);
    if (!sheet) { sheetEl.replaceChildren(); return; }
    const had = sheetEl.contains(document.activeElement) ? document.activeElement.dataset.focusKey : null;
    let parts = [];
    if (sheet.kind === "roads") {
      parts = roadsSheet({ roads: roadsList(), onHot: setHotRoad, onClose: () => closeSheet(true),
        onPick: (id, ev) => openPave(id, true, (ev && ev.detail === 0) || inputMode === "keys") });
    } else if (sheet.kind === "pave") parts = paveParts();
    else if (sheet.kind === "keep") parts = keepParts();
    else if (sheet.kind === "ox") {
      parts = oxSheet({ onCancel: () => closeSheet(true), onConfirm: () => intent(`row:${sheet.slot}`, true) });
    } else if (sheet.kind === "final") parts = finalSheet({ snap, view, townName, onClose: () => closeSheet(false) });
    sheetEl.replaceChildren(...parts);
    const title = sheetEl.querySelector("h3");
    if (title) {
      title.id = "mh-sheet-title";
      sheetEl.setAttribute("aria-labelledby", title.id);
    }
    if (had) {
      const again = sheetEl.querySelector(`[data-focus-key="${had}"]`);
      if (again) again.focus({ preventScroll: true });
    }
  }

  function roadsList() {
    return [...pavings()].map(([id, p]) => {
      const r = geo.roads.get(id);
      return { id, points: p.points, short: roadWords(r, "mh.roadShort"), words: roadWords(r) };
    });
  }

  function setHotRoad(id, reveal) {
    hotRoad = id;
    if (id && reveal && geo) camera.reveal(boxOf(geo, [], [id], 20));
    vp.redraw();
  }

  function paveParts() {
    const p = pavings().get(sheet.road);
    const r = geo.roads.get(sheet.road);
    if (!p || !r) return [el("p", "", t("mh.roadNotNow"))];
    if (!p.mixes.includes(sheet.mix)) sheet.mix = p.mixes[0];
    const sub = t("mh.paveSub", { len: r.len, colour: colourName(r.colour), slabs: r.len === 1 ? t("mh.slab1") : t("mh.slabs"),
      points: p.points, markers: t(r.len === 1 ? "mh.marker1" : "mh.markersN", { n: r.len }) })
      + (r.twin ? ` · ${t("mh.double")}` : "");
    return paveSheet({
      title: t("mh.paveTitle", { a: townName(r.a), b: townName(r.b) }), sub, mixes: p.mixes, selected: sheet.mix,
      backLabel: sheet.fromList ? t("mh.back") : t("mh.cancel"),
      onSelect: (mix, focus) => {
        sheet.mix = mix;
        paintSheet();
        const again = focus && sheetEl.querySelector(`[data-mix="${mix}"]`);
        if (again) again.focus({ preventScroll: true });
      },
      onConfirm: confirmPave, onBack: backFromPave,
    });
  }

  function keepParts() {
    const pend = view.my_pending || [];
    const ids = [...sheet.chosen].sort();
    const action = `keep:${ids.join(",")}`;
    return keepSheet({
      deal: kind === "keep-deal", pending: pend, chosen: sheet.chosen, least: Math.min(view.keep_min || 1, pend.length),
      action: ids.length && legal.has(action) && !pending ? action : null, touch: inputMode === "touch",
      suggested: new Set((/^keep:(.+)$/.exec(String((snap && snap.suggest) || "")) || [null, ""])[1].split(",")),
      onToggle: toggleKeep,
      onFocus: (m, reveal) => { sheet.focus = m.id; if (reveal) camera.reveal(boxOf(geo, [m.a, m.b])); markLit(); vp.redraw(); },
      onConfirm: (a) => intent(a, true),
      onRefused: () => announce(t("mh.say.keepLeast", { n: Math.min(view.keep_min || 1, pend.length) })),
    });
  }

  function toggleKeep(m) {
    if (!sheet || sheet.kind !== "keep" || pending) return;
    if (sheet.chosen.has(m.id)) sheet.chosen.delete(m.id);
    else sheet.chosen.add(m.id);
    sheet.focus = m.id;
    announce(t("mh.say.keepToggle", { card: t("mh.mailCard", { a: m.a_name, b: m.b_name, value: m.value }),
      state: sheet.chosen.has(m.id) ? t("mh.kept") : t("mh.returned"), n: sheet.chosen.size }));
    paintSheet();
    vp.redraw();
  }

  function openSheet(next, keyboard) {
    sheet = next;
    refresh();
    requestAnimationFrame(() => {
      if (keyboard || inputMode === "keys") {
        const first = sheetEl.querySelector('[aria-checked="true"], .mh-option, .mh-mail, .mh-confirm, button');
        if (first) first.focus({ preventScroll: true });
      }
    });
  }

  function closeSheet(keyboard) {
    if (!sheet || sheet.kind === "keep") return;
    const was = sheet.kind;
    sheet = null;
    hotRoad = null;
    refresh();
    announce(t("mh.say.closed"));
    if (keyboard && was !== "final") {
      const target = was === "ox" ? bar.oxButton() : bar.paveButton;
      if (target) target.focus({ preventScroll: true });
    }
  }

  function openRoads(keyboard) {
    if (!acting || pending) { announce(t("mh.say.notYours")); return; }
    const n = pavings().size;
    if (!n) { announce(t("mh.paveNone")); return; }
    openSheet({ kind: "roads" }, keyboard);
    announce(t("mh.say.sheetRoads", { n }));
  }

  function openPave(id, fromList, keyboard) {
    const p = pavings().get(id);
    if (!p) return;
    openSheet({ kind: "pave", road: id, mix: p.mixes[0], fromList }, keyboard);
    const r = geo.roads.get(id);
    announce(t("mh.say.sheetPave", { road: roadWords(r), n: p.mixes.length }));
  }

  function backFromPave() {
    if (sheet && sheet.fromList) openSheet({ kind: "roads" }, true);
    else closeSheet(true);
  }

  function confirmPave() {
    if (!sheet || sheet.kind !== "pave") return;
    intent(`pave:${sheet.road}:${sheet.mix}`, true);
  }

  function sheetKeys(ev) {
    if (ev.key === "Escape" && sheet && sheet.kind !== "keep") {
      ev.preventDefault();
      ev.stopPropagation();
      if (sheet.kind === "pave") backFromPave();
      else closeSheet(true);
    }
  }

  // --- acting ----------------------------------------------------------------------------------
  function intent(action, keyboard) {
    if (!acting || pending || !legal.has(action)) return false;
    pending = true;
    sheet = null;
    hotRoad = null;
    wantBarFocus = keyboard || inputMode === "keys";
    if (wantBarFocus) root.focus({ preventScroll: true });
    refresh();
    onIntent(action);
    return true;
  }

  function notNow(what) {
    announce(acting ? t("mh.say.notNow", { what }) : t("mh.say.notYours"));
  }

  function pressSlot(n, keyboard) {
    const card = (view && view.row || [])[n - 1];
    const action = `row:${n}`;
    if (!acting || pending || !legal.has(action)) { if (view) notNow(card ? t("mh.slot", { n, card: cardName(card) }) : t("mh.slotEmpty", { n })); return; }
    if (card === "ox" && kind === "turn") { openSheet({ kind: "ox", slot: n }, keyboard); announce(t("mh.oxBody")); return; }
    intent(action, keyboard);
  }

  function pressDeck(keyboard) {
    if (!acting || pending || !legal.has("deck")) { if (view) notNow(t("mh.deck")); return; }
    intent("deck", keyboard);
  }

  function pressMail(keyboard) {
    if (!acting || pending || !legal.has("mail")) { if (view) notNow(t("mh.mailDeck")); return; }
    intent("mail", keyboard);
  }

  function onDocKey(ev) {
    if (destroyed || readOnly || !root.isConnected) return;
    inputMode = "keys";
    if (!keyForBoard(ev, root)) return;
    const k = ev.key;
    if (boardKey(ev) === "help") { ev.preventDefault(); keyList.toggle(); return; }
    if (keyList.isOpen) return;
    if (k === "Escape" && sheet && sheet.kind !== "keep") {
      ev.preventDefault();
      if (sheet.kind === "pave") backFromPave(); else closeSheet(true);
      return;
    }
    if (!acting || pending || (sheet && sheet.kind !== "final")) return;
    let done = true;
    const id = gameKey("milehollow", ev);
    if (id === "row") pressSlot(Number(k), true);
    else if (id === "deck") pressDeck(true);
    else if (id === "mail") pressMail(true);
    else if (id === "pave") openRoads(true);
    else done = false;
    if (done) ev.preventDefault();
  }
  document.addEventListener("keydown", onDocKey);

  const keyList = createKeyList({
    rows: () => [
      ...keyRows("milehollow"),
      ["vt.key.arrows", t("mh.keys.arrows")], ["vt.key.enter", t("mh.keys.enter")],
      ["vt.key.space", t("mh.keys.space")], ["vt.key.escape", t("mh.keys.escape")],
    ],
    onClose: () => focusBoard(),
  });
  vp.element.append(keyList.element);

  /** The focus back on the table: the step's first control, else the table itself. */
  function focusBoard() {
    const target = sheet && !sheetEl.hidden
      ? sheetEl.querySelector('[aria-checked="true"], .mh-option, .mh-mail, .mh-confirm:not(:disabled), button')
      : acting && !pending ? bar.buttons.find((b) => b.getAttribute("aria-disabled") === "false") : null;
    (target || root).focus({ preventScroll: true });
  }
  const focusHold = holdBoardFocus(root, () => focusBoard());
  const onPointer = (ev) => {
    const mode = ev.pointerType === "touch" || ev.pointerType === "pen" ? "touch" : "keys";
    // Words only: re-drawing the sheet under a pressed finger would swallow its click.
    const sub = sheetEl.querySelector(".mh-keep-hint");
    if (sub) sub.textContent = t(keepHintKey(mode === "touch"));
    if (mode === inputMode) return;
    inputMode = mode;
    if (view) paintHint();
  };
  root.addEventListener("pointerdown", onPointer, true);
  root.tabIndex = -1;

  // --- the map: taps and hovering ------------------------------------------------------------------
  const roadsNear = (x, y) => roadsAt(geo, x, y, Math.max(6, 16 / vp.scale));
  const townNear = (x, y) => townAt(geo, x, y, Math.max(10, 14 / vp.scale));

  function onTap(world, screen, ev) {
    if (ev) onPointer(ev);
    if (!geo || !view) return;
    if (sheet && sheet.kind === "keep") return;
    const near = roadsNear(world.x, world.y);
    const town = townNear(world.x, world.y);
    if (town && (!near.length || town.d <= near[0][0])) {
      showInfo({ town: town.town.id, text: townInfo(town.town) });
      return;
    }
    if (!near.length) return;
    let pick = near[0][1];
    if (near.length > 1 && (near[1][0] - near[0][0]) * vp.scale < 7) {
      const pay = pavings();
      const close = near.filter(([d]) => (d - near[0][0]) * vp.scale < 7);
      const payable = close.filter(([, r]) => pay.has(r.id));
      if (payable.length === 1) pick = payable[0][1];
      else if (vp.scale < 3) {
        vp.zoomBy(2, screen.x, screen.y);
        showInfo({ text: t("mh.hint.ambiguous", { again: againWords() }) });
        return;
      }
    }
    pressRoad(pick.id, false);
  }

  function pressRoad(id, keyboard) {
    if (pavings().has(id) && !pending) { openPave(id, false, keyboard); return; }
    const r = geo.roads.get(id);
    let text = roadWords(r, "mh.roadInfo");
    const owner = (view.roads || {})[id];
    if (owner !== undefined) text += ` · ${t("mh.roadPaved", { name: seatName(snap, owner) })}`;
    else if (closedRoads().has(id)) text += ` · ${t("mh.roadClosed")}`;
    else if (acting && kind === "turn") text += ` · ${t("mh.roadNotNow")}`;
    showInfo({ road: id, text });
  }

  function townInfo(tw) {
    const mine = (view.my_mail || []).filter((m) => m.a === tw.id || m.b === tw.id)
      .map((m) => t("mh.mailCard", { a: m.a_name, b: m.b_name, value: m.value }));
    return [tw.name, ...mine].join(" · ");
  }

  function showInfo(next) {
    info = { ...next, until: Date.now() + INFO_MS };
    root.dataset.info = next.road || next.town || "";
    markLit();
    announce(next.text);
    paintHint();
    vp.redraw();
    clearTimeout(infoTimer);
    infoTimer = setTimeout(() => { info = null; if (!destroyed && view) { paintHint(); vp.redraw(); } }, INFO_MS);
  }

  function onHover(world) {
    if (!geo || !view) return;
    const near = world ? roadsNear(world.x, world.y) : [];
    const id = near.length ? near[0][1].id : null;
    if (sheet && sheet.kind === "roads") return;
    if (id !== hotRoad) {
      hotRoad = id;
      vp.element.style.cursor = id && pavings().has(id) ? "pointer" : "";
      vp.redraw();
    }
  }

  // --- the selected road and focused towns pulse while a sheet is open ----------------------------
  function pulse() {
    const want = !!sheet && (sheet.kind === "pave" || sheet.kind === "keep");
    if (want && !pulseTimer) pulseTimer = setInterval(() => vp.redraw(), 80);
    else if (!want && pulseTimer) { clearInterval(pulseTimer); pulseTimer = 0; }
  }

  // --- size: the whole table fits the screen below the page's top bar ----------------------------
  const screenFit = fitBelowBar(root, {
    // A finished game's map keeps a good height even when the end screen above leaves less room.
    size: (room) => Math.max(snap && snap.terminal ? 560 : 360, Math.min(room - 10, 980)),
    onResize: () => { if (view) hand.paintMails(); },
  });

  // --- public --------------------------------------------------------------------------------------
  const api = {
    update,
    setLang() {
      controls.setLabels({ fit: t("mh.fit"), zoomIn: t("mh.zoomIn"), zoomOut: t("mh.zoomOut") });
      vp.element.setAttribute("aria-label", t("mh.board"));
      keyList.setLang();
      if (view) refresh(); else paintHint();
    },
    destroy() {
      if (root.__glide) root.__glide.cancel();
      destroyed = true;
      clearTimeout(infoTimer);
      clearInterval(pulseTimer);
      document.removeEventListener("keydown", onDocKey);
      window.removeEventListener("scroll", onScroll);
      if (edgeFrame) cancelAnimationFrame(edgeFrame);
      screenFit.destroy();
      boxWatch.disconnect();
      focusHold.destroy();
      vp.destroy();
      root.remove();
    },
    /** Seat colours in seat order (the page tints its seat dots with them). */
    seatColours() {
      const n = snap ? snap.seats.length : SEAT_COLOURS.length;
      return SEAT_COLOURS.slice(0, n);
    },
    /** Page coordinates of a road's middle or a town: for tests that tap the map. */
    roadPoint(id) {
      const r = geo && geo.roads.get(id);
      return r ? vp.worldToPage(r.mx, r.my) : null;
    },
    townPoint(id) {
      const tw = geo && geo.towns.get(id);
      return tw ? vp.worldToPage(tw.x, tw.y) : null;
    },
    get ready() { return !!geo; },
    /** The places a story's note may mark (docs/story.md): the towns and the roads between them. */
    places() {
      if (!geo) return [];
      const out = [...geo.towns].map(([id, tw]) => ({ id, x: tw.x, y: tw.y, label: tw.name }));
      for (const [id, r] of geo.roads) out.push({ id, x: r.mx, y: r.my, label: roadWords(r) });
      return out;
    },
    get labelled() { return labelled.slice(); },
    /** The names written on the map, in page pixels: for tests that check nothing covers them. */
    labelBoxes() {
      const at = vp.element.getBoundingClientRect();
      return labelBoxes.map((b) => ({ ...b, x: b.x + at.left + window.scrollX, y: b.y + at.top + window.scrollY }));
    },
    viewport: vp,
  };
  root.__renderer = api;
  return api;
}
