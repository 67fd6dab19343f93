// The Wickerfair table (§9 Interface): the clans strip, the bar above the map (the seed's *placa*: the
// top action's offers and the step under way), the valley on a pan/zoom canvas, the sheet below the
// map with the larger choices, and your mat. Side panels (a tap on a clan) show each clan's board,
// mat, ribbons, kept visitor cards and missions; "?" lists the keys. The last turn is marked on the
// valley (the hexes it acted on, its steps as arrows) and another seat's steps travel there
// (common/motion.js).
//
// It never decides what is legal: every tap or key becomes one of snapshot.legal's actions or nothing.
// The engine builds compound choices step by step (a Travel's piece then ring, the hexes of a Harvest,
// a goods mix, the dial and cards), so a half-built choice is the engine's and survives a reload; it
// is shown, and Back / Clear / Skip cancel it before the confirming step pays.
//
// Keys (§9): 1–5 a column (outside a courage commit); T move, G coin, L Bolster, H Harvest, A Trade;
// D end a move; S skip; 0–7 the dial and C the next card in a courage commit; F focus view; E show a
// mission (web/lib/keymap.js lists them with the page's own); ? the keys; Escape goes back a step or
// closes a panel; Enter confirms.

import { fitBelowBar, keyForBoard } from "../common/screen.js";
import { glide } from "../common/motion.js";
import { createViewport, createFocusLayer } from "../common/viewport.js";
import { boardKey, holdBoardFocus } from "../common/keys.js";
import { t, words } from "../../lib/i18n.js";
import "./strings.js";
import { injectStyle } from "./style.js";
import { SIZE, buildGeometry, hexAt, homeAt } from "./geometry.js";
import { paintLabels, paintMap } from "./art.js";
import { L, clanIndex, clanPanel, el, finalTable, paintClans, paintMat, seatName, tip } from "./panels.js";
import { SHEET_KINDS, buildSheet } from "./sheets.js";
import { createPlaca } from "./placa.js";
import { createWords } from "./words.js";
import { createKeys, helpList } from "./keys.js";
import { createCamera } from "./camera.js";
import { watchLongPresses } from "./presses.js";

// The valley's geometry, built once per page from the game's data whichever board asks.
const geometries = new WeakMap();
function geometryOf(data) {
  if (!geometries.has(data)) geometries.set(data, buildGeometry(data));
  return geometries.get(data);
}

/** Build the valley in idle time after the engine is up (the lobby warms every playable board). */
export function warm(gameData) {
  if (gameData && Array.isArray(gameData.hexes)) geometryOf(gameData);
}

const INFO_MS = 5000;
const PLACE_KINDS = new Set(["ERECT_PLACE", "BUILD_PLACE"]);
/** Steps whose places on the map are toggled one by one, then confirmed. */
const TOGGLE_KINDS = new Set(["HARVEST_HEXES"]);

export function createRenderer(host, { onIntent = () => {}, announce = () => {}, lang, readOnly = false, gameData = null } = {}) {
  void lang; // words come from i18n's t(), which follows the page language; setLang re-labels
  injectStyle();
  const root = el("div", "wf-root");
  root.dataset.game = "wickerfair";
  root.tabIndex = -1;
  const clansBox = el("div", "wf-clans");
  clansBox.setAttribute("role", "list");
  const placa = createPlaca();
  const mapBox = el("div", "wf-map");
  const hint = el("div", "wf-hint");
  hint.setAttribute("aria-hidden", "true");
  const hintText = el("span", "wf-now");
  const dayText = el("span", "wf-day");
  hint.append(hintText);
  const lastBox = el("div", "wf-hint wf-hint-bottom");
  lastBox.setAttribute("aria-hidden", "true");
  const lastText = el("span", "wf-last");
  lastBox.append(lastText);
  const sheetEl = el("div", "wf-sheet");
  sheetEl.setAttribute("role", "region");
  sheetEl.hidden = true;
  const matEl = el("div", "wf-mat");
  matEl.setAttribute("role", "group");
  const panelEl = el("div", "wf-panel");
  panelEl.setAttribute("role", "dialog");
  panelEl.hidden = true;
  root.append(clansBox, placa.element, mapBox, sheetEl, matEl, panelEl);
  host.append(root);

  // --- model -----------------------------------------------------------------------------------
  // The valley, the clans and the cards, handed in by the page (the engine's game_data).
  const data = gameData && Array.isArray(gameData.hexes) ? gameData : null;
  const geo = data ? geometryOf(data) : null;
  const loadError = data ? null : "no valley in the engine's answer";
  let snap = null;
  let view = null;
  let viewer = null;
  let legal = new Map();
  let kind = null;
  let ctx = {};
  let acting = false;
  let pending = false;
  let panel = null;                // {kind: "clan", seat} | {kind: "help"} | {kind: "final"}
  let info = null;                 // {text, hex, until}
  let infoTimer = 0;
  let here = null;                 // a hex whose several pieces were tapped (Travel)
  let hotHex = null;               // under the mouse
  let lastKey = null;
  let finalShown = false;
  let confrontSeen = null;         // the last confrontation's JSON, and the turn it was first shown in
  let confrontTurn = -1;
  let pulseTimer = 0;
  let destroyed = false;
  let inputMode = window.matchMedia && window.matchMedia("(pointer: coarse)").matches ? "touch" : "keys";

  const vp = createViewport(mapBox, {
    label: t("wf.board"), minScale: 0.2, maxScale: 5, fitPadding: 4, fitMaxScale: 2.2,
    // Fixed room for the hint line and the day (top) and the zoom buttons (foot), the same at every
    // step, so the whole valley is one size throughout and no home's name lies under them.
    fitInsets: { top: 52, bottom: 48 }, drawWorld, drawScreen, onTap, onHover,
  });
  vp.element.append(hint, lastBox, dayText);
  const controls = vp.addControls({ fit: t("wf.whole"), zoomIn: t("wf.zoomIn"), zoomOut: t("wf.zoomOut") });
  const layer = createFocusLayer(vp, {
    onActivate: (id, ev) => pressPlace(id, true, ev),
    onKey: (id, ev) => placeKey(id, ev),
    onFocus: (id) => { hotHex = id && !id.startsWith("home") ? id : null; if (id) describePlace(id, false); vp.redraw(); },
  });

  if (geo) vp.setBounds(geo.bounds);
  // The valley is first drawn just after this returns, once the page has handed over its snapshot.
  queueMicrotask(() => {
    if (destroyed) return;
    if (!data) {
      paintHint();
      return;
    }
    refresh();
    settleFocus();
  });

  const isSeat = (v) => Number.isInteger(v);
  const say = (action) => words(legal.get(action)) || action;
  const colours = () => (view && data ? view.clans.map((c) => data.clans[clanIndex(data, c.clan)].colour) : []);
  const clanOf = (seat) => (view && data ? clanIndex(data, view.clans[seat].clan) : seat);
  const clanName = (seat) => `${seatName(snap, seat)} (${L(data.clans[clanOf(seat)].name)})`;
  const me = () => (isSeat(viewer) ? viewer : (view ? view.active : 0));

  // What the table's parts (words.js, keys.js, camera.js) read of the model: the values of the moment.
  const T = {
    get data() { return data; }, get geo() { return geo; }, get view() { return view; }, get viewer() { return viewer; },
    get ctx() { return ctx; }, get kind() { return kind; }, get legal() { return legal; }, get acting() { return acting; },
    get pending() { return pending; }, get panel() { return panel; }, get destroyed() { return destroyed; },
    me, clanOf, clanName, unitPlace, say, marks,
  };
  const { hexWords, unitWords, makesWords, modsWords, placeWords, homeWords, prizeName, prizeTip, revealWords } = createWords(T);
  const camera = createCamera(vp, root, T, announce);

  // --- snapshot -> model ----------------------------------------------------------------------------
  function update(snapshot, viewerSeat) {
    const before = viewer;
    snap = snapshot;
    view = snapshot.view || {};
    viewer = viewerSeat === undefined ? null : viewerSeat;
    legal = new Map((snapshot.legal || []).map((m) => [m.action, m.words]));
    kind = snapshot.decision ? snapshot.decision.kind : null;
    ctx = view.ctx || {};
    acting = !readOnly && !snapshot.terminal && legal.size > 0;
    pending = false;
    const key = `${snapshot.log.length}/${viewer}`;
    if (viewer !== before) {
      // Another person (or nobody) looks now: nothing of the last one's choices stays on the board,
      // nor in the live region.
      panel = null;
      info = null;
      here = null;
      if (isSeat(before)) announce(t(viewer === null ? "wf.say.watch" : "wf.say.newViewer", { name: seatName(snapshot, viewer) }));
    } else if (key !== lastKey && panel && panel.kind === "help") {
      // the key help stays until closed
    }
    if (key !== lastKey) here = null;
    const firstLook = lastKey === null;
    lastKey = key;
    if (view.last_confront) {
      const s = JSON.stringify(view.last_confront);
      if (s !== confrontSeen) {
        // One already there when the page opens is old news: only a reveal seen happening is shown.
        confrontTurn = confrontSeen === null && firstLook ? -99 : view.turn;
        confrontSeen = s;
        if (data) announce(revealWords());
      }
    }
    if (snapshot.terminal && !finalShown && view.final && !readOnly) {
      finalShown = true;
      panel = { kind: "final" };
    }
    refresh();
    glideSteps();
    settleFocus();
    focusHold.settle();
  }

  /** A keyboard user's focus lands on the first control of the new step, unless it is on another
   * control of the page (never pulled away from the moves list or the header). */
  function settleFocus() {
    if (inputMode !== "keys" || !acting || pending || !geo) return;
    const a = document.activeElement;
    const free = !a || a === document.body || a === root || (root.contains(a) && (a.disabled || a.getAttribute("aria-disabled") === "true"));
    if (!free && !(a && !a.isConnected)) return;
    focusFirst();
  }

  function focusFirst() {
    let target = null;
    if (!panelEl.hidden) target = panelEl.querySelector("button");
    if (!target && kind === "CHOOSE_COLUMN") target = matEl.querySelector(".wf-col.wf-can");
    if (!target && !sheetEl.hidden) target = sheetEl.querySelector(".wf-group button:not(:disabled), .wf-foot button.wf-primary:not(:disabled), button:not(:disabled)");
    if (!target) target = placa.offers.querySelector("button:not(:disabled)");
    if (target) { target.focus({ preventScroll: true }); return true; }
    return false;
  }

  // --- what the map marks --------------------------------------------------------------------------
  function unitPlace(key) {
    const c = view.clans[me()];
    if (key === "H") return c.herald;
    if (key[0] === "W") return c.walkers[Number(key[1]) - 1];
    return key.slice(2);
  }

  /** Legal actions that a tap on a place (hex id or "home") plays: [{action, words}]. */
  function actionsAt(place) {
    const out = [];
    if (!acting || pending) return out;
    for (const a of legal.keys()) {
      const [head, arg] = a.split(":");
      if (head === "unit" && unitPlace(arg) === place) out.push(a);
      else if ((head === "to" || head === "hex" || head === "first" || (head === "at" && PLACE_KINDS.has(kind))) && arg === place) out.push(a);
      else if (head === "barn" && place === barnHex()) out.push(a);
    }
    return out;
  }

  function barnHex() {
    const c = view.clans[me()];
    return c && c.structures ? c.structures[0] : null;
  }

  function marks() {
    const rings = new Set();
    const pickable = new Set();
    const chosen = new Set(kind === "HARVEST_HEXES" ? (ctx.hexes || []) : []);
    if (kind === "HARVEST_HEXES" && ctx.barn && barnHex()) chosen.add(barnHex());
    if (acting && !pending) {
      for (const a of legal.keys()) {
        const [head, arg] = a.split(":");
        if (head === "to" || head === "hex" || head === "first" || (head === "at" && PLACE_KINDS.has(kind))) rings.add(arg);
        else if (head === "barn" && barnHex()) rings.add(barnHex());
        else if (head === "unit") {
          const p = unitPlace(arg);
          pickable.add(p === "home" ? `home:${me()}` : p);
        }
      }
    }
    let picked = null;
    if (kind === "TRAVEL_UNIT" && ctx.unit) {
      const place = ctx.pos || unitPlace(ctx.unit);
      picked = { seat: view.active, key: ctx.unit, place };
    }
    const confront = kind === "COURAGE_COMMIT" || kind === "CONFRONT_ORDER" ? (ctx.hex || null) : null;
    // A hint: the hex its step names (a unit's place for a unit), drawn in amber.
    const hint = snap && snap.suggest ? /^(to|hex|at|first|unit):(.+)$/.exec(String(snap.suggest)) : null;
    const suggest = hint ? (hint[1] === "unit" ? unitPlace(hint[2]) : hint[2]) : null;
    return {
      view, colours: colours(), clanOf: view.clans.map((_, s) => clanOf(s)), rings, chosen, pickable, picked,
      hot: hotHex || (info && info.hex) || null, confront, suggest,
      homeName: (ci) => L(data.clans[ci].name),
      travel,
    };
  }

  /** Another seat's new steps travel from where each unit stood to where it went (common/motion.js). */
  function glideSteps() {
    const last = view.last || null;
    const before = lastTurnSeen;
    lastTurnSeen = last;
    if (!geo || before === undefined || !last || (isSeat(viewer) && last.seat === viewer)) return;
    const old = before && before.seat === last.seat ? before.steps || [] : [];
    const steps = last.steps || [];
    const prefix = old.length <= steps.length && old.every((s, i) => s[0] === steps[i][0] && s[1] === steps[i][1]);
    const fresh = prefix ? steps.slice(old.length) : steps;
    if (!fresh.length) return;
    const point = (place) => {
      if (place === "home") {
        const home = geo.homes.find((x) => x.clan === clanOf(last.seat));
        return home ? { x: home.x, y: home.y } : null;
      }
      const h = geo.hexes.get(place);
      return h ? { x: h.x, y: h.y } : null;
    };
    const path = [point(fresh[0][0]), ...fresh.map((s) => point(s[1]))];
    if (path.some((p) => !p)) return;
    const colour = colours()[last.seat];
    glide(root, (p) => {
      travel = p < 1 ? { path, p, colour } : null;
      vp.redraw();
    });
  }

  // --- drawing ---------------------------------------------------------------------------------------
  let lastMarks = null;
  let travel = null;                 // another seat's steps on their way: {path, p, colour}
  let lastTurnSeen;                  // the last turn drawn (undefined before the first snapshot)
  function drawWorld(c2d) {
    if (!geo || !view) return;
    lastMarks = marks();
    paintMap(c2d, geo, lastMarks, performance.now());
  }

  function drawScreen(c2d, v) {
    if (!geo || !view) return;
    paintLabels(c2d, v, geo, lastMarks || marks());
  }

  function refresh() {
    if (!view) { paintHint(); return; }
    root.classList.toggle("wf-acting", acting);
    root.dataset.acting = acting ? "1" : "0";
    root.dataset.kind = kind || "";
    root.dataset.pending = pending ? "1" : "0";
    root.dataset.viewer = isSeat(viewer) ? String(viewer) : "";
    root.dataset.unit = kind === "TRAVEL_UNIT" && ctx.unit ? ctx.unit : "";
    if (!geo) { paintHint(); return; }
    paintClans(clansBox, { snap, view, data, colours: colours(), viewer, onOpen: (s) => openPanel({ kind: "clan", seat: s }) });
    clansBox.setAttribute("aria-label", t("wf.clans"));
    root.classList.toggle("wf-touch", inputMode === "touch");
    paintSheet();
    paintPlaca();
    paintMatBox();
    paintPanel();
    paintHint();
    paintLayer();
    // A hint's step among the sheet's and the mat's buttons, outlined in amber as on the map.
    root.dataset.suggest = snap && snap.suggest ? snap.suggest : "";
    for (const b of root.querySelectorAll("[data-action]")) b.classList.toggle("wf-suggest", !!snap.suggest && b.dataset.action === snap.suggest);
    screenFit.fit();
    vp.redraw();
    pulse();
    camera.autoFocus();
  }

  function paintMatBox() {
    const seat = isSeat(viewer) ? viewer : view.active;
    if (!isSeat(seat) || !view.clans[seat]) { matEl.replaceChildren(); return; }
    const enabled = acting && !pending && kind === "CHOOSE_COLUMN";
    paintMat(matEl, { data, view, seat, legal, enabled, lastCol: view.clans[seat].last_col || null, onColumn: pressColumn });
    matEl.setAttribute("aria-label", isSeat(viewer) ? t("wf.yourMat") : t("wf.matOf", { name: seatName(snap, seat) }));
    // With a sheet open on a short screen the mat steps aside (the choice is in the sheet).
    matEl.classList.toggle("wf-tucked", !sheetEl.hidden);
    root.dataset.mat = matEl.classList.contains("wf-tucked") ? "tucked" : "shown";
  }

  // --- the bar above the map: the top action's offers and the step under way ---------------------------
  function paintPlaca() {
    placa.paint({
      snap, view, data, ctx, kind, legal, acting, pending, viewer, touch: inputMode === "touch", sheet: sheetEl,
      say, intent, unitWords, clanName,
    });
  }

  // --- the sheet below the map --------------------------------------------------------------------------
  function paintSheet() {
    const show = acting && SHEET_KINDS.has(kind) && !!geo;
    const had = sheetEl.contains(document.activeElement) ? document.activeElement.dataset.action : null;
    sheetEl.hidden = !show;
    root.dataset.sheet = show ? kind : "";
    root.classList.toggle("wf-sheet-open", show);
    if (!show) { sheetEl.replaceChildren(); return; }
    const S = {
      legal, say, pending, view, data, snap, me: me(), ctx, kind, touch: inputMode === "touch", here,
      intent: (a, ev) => intent(a, ev && ev.detail === 0),
      clanName, clanOf, hexWords, unitWords, unitPlace,
      makes: (id, n) => makesWords(id, n), mods: modsWords,
    };
    const out = buildSheet(S);
    if (!out) { sheetEl.hidden = true; sheetEl.replaceChildren(); return; }
    const title = el("h3", "", out.title);
    title.id = "wf-sheet-title";
    sheetEl.setAttribute("aria-labelledby", title.id);
    const parts = [title];
    if (out.sub) parts.push(el("p", "wf-sub", out.sub));
    const body = el("div", "wf-body");
    body.append(...out.groups.filter(Boolean));
    parts.push(body);
    const foot = (out.foot || []).filter(Boolean);
    if (foot.length) {
      const f = el("div", "wf-foot");
      f.append(...foot);
      parts.push(f);
    }
    sheetEl.replaceChildren(...parts);
    sheetEl.dataset.kind = kind;
    if (had) {
      const again = sheetEl.querySelector(`[data-action="${CSS.escape(had)}"]:not(:disabled)`);
      if (again) again.focus({ preventScroll: true });
    }
  }

  // --- panels: a clan, the key help, the final coins ------------------------------------------------
  function openPanel(next, keyboard) {
    panel = next;
    refresh();
    if (keyboard || inputMode === "keys") {
      const b = panelEl.querySelector("button");
      if (b) b.focus({ preventScroll: true });
    }
  }

  function closePanel() {
    if (!panel) return false;
    const was = panel;
    panel = null;
    refresh();
    if (was.kind === "clan") {
      const chip = clansBox.querySelector(`[data-seat="${was.seat}"]`);
      if (chip && inputMode === "keys") chip.focus({ preventScroll: true });
    }
    settleFocus();
    return true;
  }

  function paintPanel() {
    panelEl.hidden = !panel || !geo;
    root.dataset.panel = panel ? panel.kind : "";
    if (!panel || !geo) { panelEl.replaceChildren(); return; }
    const close = el("button", "wf-btn wf-close", t("wf.close"));
    close.type = "button";
    close.addEventListener("click", () => closePanel());
    let parts = [];
    if (panel.kind === "clan") {
      parts = clanPanel({ snap, view, data, seat: panel.seat, colours: colours(), viewer });
      root.dataset.panelSeat = String(panel.seat);
    } else if (panel.kind === "help") {
      parts = [el("h3", "wf-panel-title", t("wf.help.title")), helpList()];
    } else if (panel.kind === "final") {
      parts = [el("h3", "wf-panel-title", t("wf.final.title")), el("p", "wf-sub", L(view.ending) || ""), finalTable(snap, view, data, colours())];
    }
    const bar = el("div", "wf-panel-bar");
    bar.append(close);
    panelEl.replaceChildren(bar, ...parts);
    const title = panelEl.querySelector("h3");
    if (title) { title.id = "wf-panel-title"; panelEl.setAttribute("aria-labelledby", title.id); }
  }

  // --- the hint lines on the map -------------------------------------------------------------------
  function paintHint() {
    let text = "";
    if (loadError) text = t("wf.loadFailed", { error: loadError });
    else if (!geo || !view) text = t("wf.loading");
    else if (info && info.until > Date.now()) text = info.text;
    else if (snap.terminal) text = t("wf.hint.over");
    else if (acting) text = t(`wf.hint.${hintKey()}${inputMode === "touch" ? "Touch" : "Keys"}`);
    hintText.textContent = text;
    hintText.classList.toggle("wf-generic", !(info && info.until > Date.now()));
    dayText.textContent = view && data ? t("wf.day", { day: view.day, last: view.last_day, prize: prizeName() }) : "";
    if (view && data) tip(dayText, prizeTip());
    lastText.textContent = view && data ? lastWords() : "";
  }

  function hintKey() {
    if (kind === "CHOOSE_COLUMN") return "column";
    if (kind === "TOP_OPTION") return "top";
    if (kind === "TRAVEL_UNIT") return ctx.unit ? "step" : "unit";
    if (kind === "HARVEST_HEXES") return "harvest";
    if (kind === "COURAGE_COMMIT") return "courage";
    if (PLACE_KINDS.has(kind) && ctx.pick !== null && ctx.pick !== undefined) return "place";
    return "sheet";
  }

  /** The confrontation revealed in the last round (everyone sees both dials and cards), else nothing. */
  function lastWords() {
    if (!view.last_confront || view.turn - confrontTurn >= (view.players || 2)) return "";
    return revealWords();
  }

  // --- acting --------------------------------------------------------------------------------------
  function intent(action, keyboard) {
    if (!acting || pending || !legal.has(action)) return false;
    pending = true;
    here = null;
    if (keyboard || inputMode === "keys") root.focus({ preventScroll: true });
    refresh();
    onIntent(action);
    return true;
  }

  function notNow(what) {
    announce(acting ? t("wf.say.notNow", { what }) : t("wf.say.notYours"));
  }

  function pressColumn(n, keyboard) {
    const a = `col:${n}`;
    if (!acting || pending || !legal.has(a)) {
      if (view) notNow(t("wf.column", { n }));
      return;
    }
    intent(a, keyboard);
  }

  /**
   * Keys on a place of the map, by the boards' convention: Space adds the hex to a Harvest (the
   * step's toggle) or, elsewhere, acts there; Enter confirms the step as shown when it has a
   * confirmation (the Harvest's hexes), else it is the choice of this place.
   */
  function placeKey(id, ev) {
    const what = boardKey(ev);
    if (what !== "confirm" && what !== "toggle") return false;
    if (!acting || pending) { describePlace(id, true); return true; }
    const confirmAction = TOGGLE_KINDS.has(kind) ? ["ok", "do"].find((a) => legal.has(a)) : null;
    if (what === "confirm" && confirmAction) intent(confirmAction, true);
    else pressPlace(id, true);
    return true;
  }

  /** A tap (or Enter on the map's focus layer) on a hex or a home. */
  function pressPlace(place, keyboard) {
    if (!view || !geo) return;
    const hexId = place.startsWith("home:") ? "home" : place;
    const list = actionsAt(hexId);
    if (!list.length) { describePlace(place, true); return; }
    if (list.length === 1) { intent(list[0], keyboard); return; }
    // several of your pieces stand here: the sheet lists them, those here first
    here = hexId;
    refresh();
    announce(t("wf.say.several", { n: list.length, hex: hexWords(hexId) }));
    const first = sheetEl.querySelector(".wf-here:not(:disabled)");
    if (first) first.focus({ preventScroll: true });
  }

  function describePlace(place, show) {
    let text;
    if (place.startsWith("home:")) {
      const seat = Number(place.slice(5));
      text = homeWords(seat);
    } else text = placeWords(place);
    if (show) showInfo({ text, hex: place.startsWith("home:") ? null : place });
    return text;
  }

  function showInfo(next) {
    info = { ...next, until: Date.now() + INFO_MS };
    root.dataset.info = next.hex || "";
    announce(next.text);
    paintHint();
    vp.redraw();
    clearTimeout(infoTimer);
    infoTimer = setTimeout(() => { info = null; root.dataset.info = ""; if (!destroyed && view) { paintHint(); vp.redraw(); } }, INFO_MS);
  }

  // --- the map: taps, hovering, long presses ---------------------------------------------------------
  function placeAtWorld(x, y) {
    const home = homeAt(geo, x, y);
    if (home) {
      const seat = view.clans.findIndex((c) => clanIndex(data, c.clan) === home.clan);
      return seat >= 0 ? `home:${seat}` : null;
    }
    return hexAt(geo, x, y);
  }

  function onTap(world, screen, ev) {
    if (ev) onPointer(ev);
    if (!geo || !view) return;
    if (presses.takeLongPress()) return;
    const place = placeAtWorld(world.x, world.y);
    // On a small touch screen the first tap brings that part of the valley close ("Whole valley" returns).
    if (inputMode === "touch" && vp.scale * SIZE < 34) {
      vp.zoomBy(Math.min(2.4, 44 / (vp.scale * SIZE)), screen.x, screen.y);
      root.dataset.zoomed = "1";
      return;
    }
    if (!place) return;
    pressPlace(place, false);
  }

  function onHover(world) {
    if (!geo || !view) return;
    const place = world ? placeAtWorld(world.x, world.y) : null;
    const id = place && !place.startsWith("home:") ? place : null;
    if (id !== hotHex) {
      hotHex = id;
      const can = id && actionsAt(id).length;
      vp.element.style.cursor = can ? "pointer" : "";
      if (id) hintText.textContent = placeWords(id);
      else paintHint();
      vp.redraw();
    }
  }

  const presses = watchLongPresses({
    vp, root,
    placeAt: (x, y) => (geo && view ? placeAtWorld(x, y) : null),
    onPlace: (place) => describePlace(place, true),
    onTip: (text) => showInfo({ text }),
  });

  // The map's focus layer: the places a key user may act on now (Tab reaches them; Enter acts).
  function paintLayer() {
    if (!geo || !view) return;
    const items = [];
    const m = marks();
    const add = (place, x, y, label) => items.push({ id: place, x, y, size: SIZE * 1.5, label });
    for (const id of [...m.rings, ...[...m.pickable].filter((p) => !p.startsWith("home:"))]) {
      const h = geo.hexes.get(id);
      if (h && !items.some((i) => i.id === id)) add(id, h.x, h.y, `${actionsAt(id).map(say).join("; ")} · ${hexWords(id)}`);
    }
    for (const p of m.pickable) {
      if (!p.startsWith("home:")) continue;
      const seat = Number(p.slice(5));
      const home = geo.homes.find((x) => x.clan === clanOf(seat));
      if (home) add(p, home.x, home.y, actionsAt("home").map(say).join("; "));
    }
    layer.setItems(items);
  }

  // --- keys ----------------------------------------------------------------------------------------------
  const onKey = createKeys(T, {
    intent, notNow, announce, closePanel, openPanel, pressColumn, focusView: camera.focusView,
    offers: placa.offers, sheet: sheetEl,
  });
  function onDocKey(ev) {
    if (destroyed || readOnly || !root.isConnected) return;
    if (!keyForBoard(ev, root)) return;
    if (inputMode !== "keys") { inputMode = "keys"; root.classList.remove("wf-touch"); paintHint(); }
    onKey(ev);
  }
  document.addEventListener("keydown", onDocKey);
  const focusHold = holdBoardFocus(root, () => { if (!(acting && !pending && geo && focusFirst())) root.focus({ preventScroll: true }); });

  const onPointer = (ev) => {
    const mode = ev.pointerType === "touch" || ev.pointerType === "pen" ? "touch" : "keys";
    if (mode === inputMode) return;
    inputMode = mode;
    root.classList.toggle("wf-touch", inputMode === "touch");
    if (view) { paintHint(); placa.showInputMode(inputMode === "touch", acting && kind === "CHOOSE_COLUMN"); }
  };
  root.addEventListener("pointerdown", onPointer, true);

  // --- the rings pulse while there are rings ----------------------------------------------------------
  function pulse() {
    const want = acting && !pending && (kind === "TRAVEL_UNIT" || kind === "HARVEST_HEXES" || PLACE_KINDS.has(kind) || kind === "CONFRONT_ORDER");
    if (want && !pulseTimer) pulseTimer = setInterval(() => vp.redraw(), 90);
    else if (!want && pulseTimer) { clearInterval(pulseTimer); pulseTimer = 0; }
  }

  // --- size: the whole table fits the screen below the page's top bar ------------------------------------
  const screenFit = fitBelowBar(root, {
    size: (room) => Math.max(380, Math.min(room - 8, 1000)),
    onFit: (height) => root.classList.toggle("wf-short", height < 560),
  });

  // --- public ------------------------------------------------------------------------------------------
  const api = {
    update,
    setLang() {
      controls.setLabels({ fit: t("wf.whole"), zoomIn: t("wf.zoomIn"), zoomOut: t("wf.zoomOut") });
      vp.element.setAttribute("aria-label", t("wf.board"));
      if (view) refresh(); else paintHint();
    },
    destroy() {
      if (root.__glide) root.__glide.cancel();
      destroyed = true;
      clearTimeout(infoTimer);
      clearInterval(pulseTimer);
      document.removeEventListener("keydown", onDocKey);
      focusHold.destroy();
      screenFit.destroy();
      layer.destroy();
      vp.destroy();
      root.remove();
    },
    /** Seat colours in seat order: each seat wears its clan's colour. */
    seatColours() {
      return colours();
    },
    /** The board takes the keyboard focus (after a hand-off) when it can act. */
    focus() {
      if (!acting || !geo) return false;
      return focusFirst();
    },
    /** Page coordinates of a hex's centre or a seat's home: for tests that tap the map. */
    hexPoint(id) {
      const h = geo && geo.hexes.get(id);
      return h ? vp.worldToPage(h.x, h.y) : null;
    },
    homePoint(seat) {
      const home = geo && view && geo.homes.find((x) => x.clan === clanOf(seat));
      return home ? vp.worldToPage(home.x, home.y) : null;
    },
    get ready() { return !!geo; },
    /** The places a story's note may mark (docs/story.md): every hex of the valley and every clan's home. */
    places() {
      if (!geo) return [];
      const out = [...geo.hexes].map(([id, hx]) => ({ id, x: hx.x, y: hx.y, label: hexWords(id) }));
      for (const home of geo.homes) {
        out.push({ id: `home:${home.clan}`, x: home.x, y: home.y, label: t("story.wf.home", { clan: L(data.clans[home.clan].name) }) });
      }
      return out;
    },
    get hexPixels() { return vp.scale * SIZE; },
    viewport: vp,
  };
  root.__renderer = api;
  return api;
}
