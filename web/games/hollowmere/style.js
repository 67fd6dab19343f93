// The Hollowmere board's CSS, injected once per page (classes are all hm-*).
//
// Wide: the valley on the left; the hand heads the right column, the lists follow it.
// Narrow (< 720 px): the valley, then the hand in two rows of fixed height right under it, then
// the lists. The valley's height (--hm-board-h) is set by the renderer from the window's height.

import { addStyleOnce } from "../../lib/style.js";

const STYLE_ID = "hm-style";
const CSS = `
.hm-root{display:grid;grid-template-columns:minmax(0,1fr) 272px;grid-template-rows:auto 1fr;
  grid-template-areas:"board hand" "board side";gap:12px;align-items:start;width:100%;color:#2b1d10;
  font:15px/1.35 system-ui,sans-serif}
.hm-root.hm-narrow{grid-template-columns:minmax(0,1fr);grid-template-rows:auto;
  grid-template-areas:"board" "hand" "side";gap:8px}
.hm-board{grid-area:board;position:relative;height:var(--hm-board-h,min(78vh,760px));min-height:200px;
  border-radius:12px;overflow:hidden;background:#cdd6d0;box-shadow:inset 0 0 0 1px rgba(0,0,0,.2)}
.hm-board.hm-pointing .vt-viewport{cursor:pointer}
.hm-hand{grid-area:hand;min-width:0}
.hm-side{grid-area:side;display:flex;flex-direction:column;gap:10px;min-width:0}
.hm-narrow .hm-side{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:8px}
.hm-narrow .hm-players,.hm-narrow .hm-scores{grid-column:1/-1}
.hm-hand,.hm-side section{background:#f7f1e3;border:1px solid #d8ccb0;border-radius:10px;padding:8px 10px}
.hm-root h3{margin:0 0 6px;font-size:13px;letter-spacing:.04em;text-transform:uppercase;color:#6a5435}
.hm-hand-row{display:flex;gap:10px;align-items:center}
.hm-hand-tile{flex:none;width:120px;height:120px;padding:0;border:2px solid #6d5a44;border-radius:8px;
  background:#e9e2cf;cursor:pointer;overflow:hidden}
.hm-hand-tile:disabled{cursor:default;opacity:1}
.hm-hand-tile canvas{width:100%;height:100%;display:block}
.hm-hand-tile:focus-visible,.hm-root button.hm-btn:focus-visible{outline:3px solid #ffb000;outline-offset:2px}
.hm-hand-info{display:flex;flex-direction:column;gap:6px;min-width:0;flex:1}
.hm-hand-name{font-weight:600;overflow-wrap:anywhere}
.hm-buttons{display:flex;flex-wrap:wrap;gap:6px}
.hm-root button{-webkit-tap-highlight-color:transparent}
.hm-root.hm-over .hm-hand{display:none}
.hm-root button.hm-btn{min-height:44px;min-width:44px;padding:0 12px;border-radius:10px;border:1px solid #8a7556;
  background:#fffaf0;color:#2b1d10;font:600 15px/1.1 system-ui,sans-serif;cursor:pointer}
.hm-root button.hm-btn:disabled{opacity:.45;cursor:default}
.hm-root button.hm-icon{padding:0;font-size:20px}
.hm-root button.hm-primary{background:#2f6b3a;border-color:#1f4a27;color:#fff}
.hm-root button.hm-veil{background:#dfe6ee;border-color:#7c8fa5}
.hm-root button.hm-veil.hm-armed{background:#3c5a7a;border-color:#23384f;color:#fff}
.hm-cancel-icon{display:none}
.hm-wardens{display:flex;flex-wrap:wrap;gap:6px;margin-top:8px}
.hm-wardens:empty{display:none}
.hm-wardens .hm-chip{display:flex;align-items:center;gap:6px;text-align:left}
.hm-wardens .hm-chip[aria-pressed="true"]{background:#ffe9a8;border-color:#b07800;box-shadow:inset 0 0 0 2px #b07800}
.hm-wardens .hm-num{display:inline-grid;place-items:center;flex:none;width:24px;height:24px;border-radius:50%;
  background:#1d160e;color:#fff;font-size:13px}
.hm-wardens .hm-num-none{background:#fffaf0;color:#2b1d10;border:1px solid #8a7556}
.hm-hint{margin:6px 0 0;font-size:14px;color:#5b4a33}
.hm-legend{position:absolute;left:8px;bottom:8px;z-index:2;display:flex;flex-direction:column;gap:2px;
  max-width:calc(100% - 190px);padding:4px 8px;border-radius:8px;background:rgba(255,250,240,.9);
  font:12px/1.25 system-ui,sans-serif;color:#2b1d10;pointer-events:none;box-shadow:0 1px 3px rgba(0,0,0,.25)}
.hm-legend[hidden]{display:none}
.hm-legend-row{display:flex;align-items:center;gap:6px}
.hm-swatch{flex:none;width:14px;height:14px;border-radius:2px;border:2px dashed}
.hm-swatch-fits{background:rgba(255,236,150,.85);border-color:#c98a00}
.hm-swatch-other{background:rgba(255,250,230,.6);border-color:rgba(120,100,60,.8)}
.hm-narrow .hm-hand{display:grid;grid-template-columns:minmax(0,1fr);row-gap:6px;padding:6px 8px}
.hm-narrow .hm-hand-title{display:none}
.hm-narrow .hm-hand-row{gap:8px}
.hm-narrow .hm-hand-tile{width:56px;height:56px}
.hm-narrow .hm-hand-info{gap:4px}
.hm-narrow .hm-hand-name{font-size:13px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.hm-narrow .hm-buttons{flex-wrap:nowrap;gap:4px}
.hm-narrow .hm-root button.hm-btn,.hm-narrow button.hm-btn{padding:0 8px;font-size:14px}
.hm-narrow button.hm-icon{padding:0;font-size:20px}
.hm-narrow .hm-cancel-icon{display:inline;font-size:18px}
.hm-narrow .hm-cancel-text{display:none}
.hm-narrow button.hm-primary{flex:1;white-space:normal}
.hm-narrow .hm-wardens,.hm-narrow .hm-hint{grid-row:2;min-height:44px;margin:0}
.hm-narrow .hm-wardens{gap:4px;align-items:center}
.hm-narrow .hm-wardens:empty{display:flex}
.hm-wardens .hm-short{display:none}
.hm-narrow .hm-wardens .hm-where,.hm-narrow .hm-wardens .hm-long{display:none}
.hm-narrow .hm-wardens .hm-short{display:inline}
.hm-narrow .hm-wardens.hm-compact .hm-chip{padding:0;justify-content:center;width:44px}
.hm-narrow .hm-wardens.hm-compact .hm-role{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
.hm-narrow .hm-hint{display:flex;align-items:center;font-size:13.5px}
.hm-narrow .hm-hand[data-acting="1"] .hm-hint{display:none}
.hm-narrow .hm-hand[data-acting="0"] .hm-wardens{display:none}
.hm-supply-row{display:flex;gap:10px;align-items:center}
.hm-next canvas{width:64px;height:64px;border:1px solid #6d5a44;border-radius:6px;display:block}
.hm-players ul,.hm-scores ol{list-style:none;margin:0;padding:0}
.hm-players li{display:flex;align-items:flex-start;gap:6px;padding:3px 0;flex-wrap:wrap}
.hm-players li.hm-acting{font-weight:700}
.hm-dot{display:inline-block;width:14px;height:14px;border-radius:50%;border:1px solid rgba(0,0,0,.5);flex:none;margin-top:3px}
.hm-pname{flex:1;min-width:0;overflow-wrap:anywhere}
.hm-pname .hm-tag{font-weight:400;color:#6a5435;white-space:nowrap}
.hm-score{font-variant-numeric:tabular-nums;font-weight:700;min-width:2.2em;text-align:right}
.hm-meta{width:100%;padding-left:20px;font-size:12.5px;color:#6a5435}
.hm-track-bar{position:relative;height:34px;margin:4px 6px 0;border-bottom:3px solid #8a7556}
.hm-track-bar .hm-tick{position:absolute;bottom:-18px;font-size:11px;color:#6a5435;transform:translateX(-50%)}
.hm-track-bar .hm-peg{position:absolute;width:14px;height:14px;border-radius:50%;border:1px solid #1d160e;
  transform:translateX(-50%);transition:left .6s ease}
.hm-side section.hm-track{padding-bottom:22px}
.hm-scores ol{max-height:240px;overflow:auto}
.hm-narrow .hm-scores ol{max-height:180px}
.hm-scores li{padding:4px 0;border-top:1px solid #e4d9bf;font-size:13.5px}
.hm-scores li:first-child{border-top:0}
.hm-scores li.hm-fresh{background:#fff0b8;transition:background 2s}
.hm-scores .hm-head{font-weight:600}
.hm-scores .hm-who{color:#2f6b3a;font-weight:600}
.hm-scores .hm-zero{color:#7b6a52}
.hm-status{position:absolute;left:8px;top:8px;z-index:2;background:rgba(255,250,240,.94);border-radius:8px;
  padding:4px 8px;font-size:13px;max-width:calc(100% - 16px);pointer-events:none;box-shadow:0 1px 3px rgba(0,0,0,.2)}
.hm-status:empty{display:none}
.hm-board .vt-focus-item.hm-cell{border-radius:6px}
.hm-visually-hidden{position:absolute!important;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;

export function injectStyle() {
  addStyleOnce(STYLE_ID, CSS);
}
