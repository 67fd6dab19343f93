// The Hollowmere board's keys (web/lib/keymap.js names them): R turns the tile, the digits pick a
// Warden spot (0: none), the arrows go from cell to cell, Enter asks about the Warden and then lays,
// Space steps through the Warden spots (or turns the tile), Escape steps back, ? lists the keys.
// They act only through the board's own steps, so a key and a tap always do the same.

import { arrowStep } from "../common/viewport.js";
import { boardKey } from "../common/keys.js";
import { gameKey } from "../../lib/keymap.js";

/**
 * The board's keys: `(ev, fromId, onValley) → handled`. `fromId`: the cell button the key came
 * from (undefined from the valley or the page); `onValley`: the valley itself has the focus. `B`:
 * the board's state and steps — {interactive, pending, sel, keyList, layer, turn(dir), cancel(),
 * wardenSpots(), pickWarden(region), cellItems(), place(k, how), enter(), toggle()}.
 */
export function createKeyHandler(B) {
  return function handleKey(ev, fromId, onValley = false) {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return false;
    const k = ev.key;
    const what = boardKey(ev);
    if (what === "help") { B.keyList.toggle(); return true; }
    if (!B.interactive || B.pending) return fromId !== undefined && (what === "confirm" || what === "toggle");
    const id = gameKey("hollowmere", ev);
    if (id === "turn") {
      B.turn(ev.shiftKey ? -1 : 1);
      return true;
    }
    if (k === "Escape") return B.cancel();
    if (B.sel && id === "warden") {
      const n = Number(k);
      const spots = B.wardenSpots();
      if (n === 0) B.pickWarden(null);
      else if (n <= spots.length) B.pickWarden(spots[n - 1].region);
      else return false;
      return true;
    }
    if (fromId === undefined) {
      // The valley itself has the focus (after a move, or a click on it): keys go to the cells.
      if (!onValley) return false;
      if (what && what !== "back") {
        const first = B.cellItems().length ? arrowStep(B.cellItems(), null, "ArrowRight") : null;
        if (first) { B.layer.keyboard = true; B.layer.focus(first); if (!B.sel) B.place(first, "keyboard"); }
        return true;
      }
      return false;
    }
    if (what === "confirm") {
      if (!B.sel || B.sel.k !== fromId) B.place(fromId, "keyboard");
      else B.enter();
      return true;
    }
    if (what === "toggle") {
      if (!B.sel || B.sel.k !== fromId) B.place(fromId, "keyboard");
      else B.toggle();
      return true;
    }
    if (k.startsWith("Arrow")) {
      const next = arrowStep(B.cellItems(), B.sel ? B.sel.k : fromId, k);
      if (next) {
        B.layer.keyboard = true;
        if (!B.sel || B.sel.k !== next) B.place(next, "keyboard");
        B.layer.focus(next);
      }
      return true;
    }
    return false;
  };
}
