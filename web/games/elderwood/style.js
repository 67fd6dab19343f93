// The Elderwood board's CSS, added once per page (classes are all ew-*).

import { addStyleOnce } from "../../lib/style.js";

const STYLE_ID = "ew-style";
const CSS = `
.ew-root{display:flex;flex-direction:column;gap:6px;height:max(440px,min(calc(100vh - 190px),860px));font:14px/1.25 system-ui,sans-serif;color:#f4e8d0}
.ew-strip{display:flex;align-items:center;gap:8px;padding:5px 8px;background:#2b2119;border-radius:12px;border:2px solid transparent}
.ew-strip.ew-turn{border-color:#ffd34d}
.ew-who{display:flex;flex-direction:column;gap:2px;min-width:0;flex:0 1 220px}
.ew-name{font-weight:700;overflow-wrap:anywhere}
.ew-botmark{display:inline-block;margin-left:6px;padding:0 6px;border-radius:8px;background:#f4e8d0;color:#2b2119;font-size:11px;font-weight:700;vertical-align:1px}
.ew-side{font-size:12px;opacity:.85;white-space:nowrap}
.ew-elder{display:flex;align-items:center;gap:2px;font-size:12px;white-space:nowrap}
.ew-elder-word{margin-right:4px}
.ew-dot{flex:0 0 auto;width:8px;height:8px;border-radius:50%;border:1.5px solid #f4e8d0;box-sizing:border-box}
.ew-dot.on{background:#e0523c;border-color:#e0523c}
.ew-piles{display:flex;gap:4px;flex:1 1 auto;justify-content:flex-end}
.ew-pile{position:relative;flex:0 0 auto;width:60px;height:64px;padding:0;margin:0;border-radius:10px;border:2px solid transparent;
  background:rgba(255,255,255,.06);color:inherit;font:inherit;transition:transform .12s,box-shadow .12s}
button.ew-pile{cursor:pointer;touch-action:manipulation}
.ew-pile canvas{position:absolute;inset:0;width:100%;height:100%}
.ew-pile .ew-count{position:absolute;right:1px;bottom:1px;min-width:18px;padding:1px 4px;border-radius:9px;
  background:#1d140c;color:#fff4dc;font-weight:700;font-size:12px;line-height:15px;text-align:center}
.ew-pile.ew-can{border-color:rgba(255,211,77,.55);background:rgba(255,211,77,.1)}
.ew-pile.ew-lifted{transform:translateY(-5px);border-color:#ffd34d;box-shadow:0 6px 10px rgba(0,0,0,.5);background:rgba(255,211,77,.25)}
.ew-pile[aria-disabled="true"]{opacity:.6}
.ew-pile.ew-none canvas{opacity:.35}
.ew-pile:focus-visible{outline:3px solid #ffd34d;outline-offset:2px}
.ew-board{position:relative;flex:1 1 auto;min-height:180px;border-radius:12px;overflow:hidden;
  background:#41514b;box-shadow:inset 0 0 50px rgba(0,0,0,.4)}
.ew-hint{position:absolute;left:8px;top:8px;right:8px;z-index:2;pointer-events:none;display:flex}
.ew-hint span{background:rgba(15,12,8,.6);color:#fff6e0;padding:4px 9px;border-radius:8px;font-size:13px}
.ew-hint span:empty{display:none}
.ew-root.ew-over .ew-hint span{background:#1d140c;border:2px solid #ffd34d;font-size:14px;font-weight:600}
.ew-tip{position:absolute;z-index:3;pointer-events:none;background:#1d140c;color:#fbefd8;padding:6px 9px;border-radius:8px;
  font-size:13px;box-shadow:0 3px 10px rgba(0,0,0,.5);max-width:240px}
.ew-tip[hidden]{display:none}
.ew-tip ol{margin:3px 0 0;padding-left:18px}
.ew-board .vt-focus-item{border-radius:50%}
.ew-board>.vt-viewport{position:absolute;inset:0;min-height:0;height:auto}
@media (max-width:699px){
  .ew-root{gap:4px}
  .ew-strip{flex-wrap:wrap;gap:3px 8px;padding:4px 6px}
  .ew-who{flex:1 1 100%;flex-flow:row wrap;align-items:baseline;gap:0 10px}
  .ew-piles{justify-content:space-between}
  .ew-mine .ew-pile{flex:1 1 0;max-width:64px;height:50px}
  .ew-theirs .ew-piles{justify-content:flex-start}
  .ew-theirs .ew-pile{width:54px;height:32px;border-radius:7px}
  .ew-theirs .ew-pile canvas{right:auto;width:30px}
  .ew-theirs .ew-pile .ew-count{top:50%;bottom:auto;right:2px;transform:translateY(-50%);background:none;font-size:12px;padding:0 2px}
  .ew-hint span{font-size:12px}}
`;

export function injectStyle() {
  addStyleOnce(STYLE_ID, CSS);
}
