// The Wickerfair table's CSS, added once per page (classes are all wf-*). Clan colours reach the
// page as custom properties set from the static data (--clan, --bg, --ink), never inline styles.

import { addStyleOnce } from "../../lib/style.js";

const CSS = `
.wf-root{position:relative;display:flex;flex-direction:column;gap:4px;min-height:380px;width:100%;
  font:14px/1.3 system-ui,sans-serif;color:#2b1d10}
.wf-root button{font:inherit;color:#2b1d10}
.wf-root button:focus-visible{outline:3px solid #1f6fd1;outline-offset:2px}
.wf-root kbd{display:inline-block;min-width:15px;margin-right:4px;padding:0 3px;border-radius:4px;border:1px solid rgba(0,0,0,.4);
  background:#fff;color:#2b1d10;font:700 10.5px/15px system-ui,sans-serif;text-align:center}
.wf-root kbd[hidden],.wf-touch kbd{display:none}
.wf-clans{display:flex;gap:4px;flex:none}
.wf-clan{flex:1 1 0;min-width:0;min-height:40px;display:flex;flex-direction:column;justify-content:center;gap:1px;padding:2px 5px;
  border-radius:8px;background:#f7f1e3;border:2px solid #e3d8bf;border-left:6px solid var(--clan,#888);cursor:pointer;text-align:left;
  font-size:12px!important}
.wf-clan.wf-acting{border-color:#d99a00;border-left-color:var(--clan,#888);background:#fff3cf}
.wf-clan.wf-me{box-shadow:inset 0 -3px 0 #2f6b3a}
.wf-clan-line{display:flex;align-items:center;gap:4px;min-width:0}
.wf-clan-name{font-weight:700;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;min-width:0;flex:1 1 auto}
.wf-clan-stats{display:flex;gap:5px;white-space:nowrap;color:#5b4a33;font-variant-numeric:tabular-nums;overflow:hidden}
.wf-stat{display:inline-flex;align-items:center;gap:1px}
.wf-stat b{color:#2b1d10}
.wf-icon{flex:none;opacity:.85}
.wf-i-coin{color:#b58a00}.wf-i-goodwill{color:#c2415a}.wf-i-courage{color:#3b6ea8}.wf-i-ribbon{color:#2f7d47}
.wf-marker{flex:none;display:inline-grid;place-items:center;width:19px;height:19px;border-radius:50%;border:1.5px solid #111;
  background:var(--bg);color:var(--ink);font:700 11px/1 system-ui,sans-serif}
.wf-placa{flex:none;display:flex;flex-wrap:wrap;align-items:center;gap:4px;min-height:40px;padding:3px 6px;border-radius:9px;
  background:linear-gradient(#6b4527,#573620);color:#fff4dc;box-shadow:inset 0 0 0 1.5px #2b1a0e}
.wf-say{flex:1 1 160px;min-width:0;font-size:12.5px;font-weight:600}
.wf-offers{display:flex;flex-wrap:wrap;gap:4px;flex:0 1 auto}
.wf-offers:empty{display:none}
.wf-offer{display:flex;flex-direction:column;align-items:flex-start;justify-content:center;min-height:40px;min-width:44px;padding:2px 9px;
  border-radius:8px;border:1.5px solid #2b1a0e;background:#fff6df;cursor:pointer;text-align:left}
.wf-offer:disabled{opacity:.45;cursor:default}
.wf-offer.wf-secondary{background:#e9dcc0}
.wf-offer-main{font-weight:700;font-size:13px}
.wf-offer-sub{font-size:11px;color:#5b4a33}
.wf-map{position:relative;flex:1 1 auto;min-height:140px;border-radius:10px;overflow:hidden;background:#b9cfa6;
  box-shadow:inset 0 0 0 1px rgba(0,0,0,.2)}
.wf-map>.vt-viewport{position:absolute;inset:0;min-height:0;height:auto}
.wf-hint{position:absolute;left:6px;top:6px;right:calc(38% + 10px);z-index:2;pointer-events:none;display:flex;flex-direction:column;gap:3px;align-items:flex-start}
.wf-hint span{background:rgba(24,18,10,.76);color:#fff8e6;padding:3px 8px;border-radius:7px;font-size:12px;max-width:100%}
.wf-hint span:empty{display:none}
.wf-hint.wf-hint-bottom{top:auto;bottom:6px;right:150px}
.wf-hint span.wf-last{background:rgba(150,30,25,.85)}
.wf-day{position:absolute;top:6px;right:6px;z-index:2;background:rgba(255,250,235,.9);border:1px solid rgba(0,0,0,.25);border-radius:7px;
  padding:2px 7px;font-size:11.5px;font-weight:700;max-width:38%;text-align:right}
.wf-map .vt-controls{bottom:6px;right:6px}
.wf-map .vt-controls button{min-width:40px;min-height:40px;padding:0 10px}
.wf-sheet{position:absolute;left:0;right:0;bottom:0;z-index:5;max-height:54%;overflow:auto;background:#fffdf6;border:2px solid #8a7556;border-radius:12px;padding:6px 8px 8px;
  box-shadow:0 -3px 10px rgba(0,0,0,.15)}
.wf-short .wf-sheet{max-height:60%}
.wf-short .wf-sub{display:none}
.wf-sheet[hidden]{display:none}
.wf-sheet h3{margin:0;font-size:14.5px}
.wf-sub{margin:1px 0 4px;font-size:12px;color:#5b4a33}
.wf-body{display:flex;flex-direction:column;gap:4px}
.wf-group{display:flex;flex-wrap:wrap;gap:4px}
.wf-group.wf-row4 .wf-opt{flex:1 1 0;min-width:64px;justify-content:center}
.wf-opt{display:flex;flex-direction:column;align-items:flex-start;justify-content:center;min-height:42px;min-width:44px;padding:3px 9px;
  border-radius:9px;border:1.5px solid #b7a789;background:#fff;cursor:pointer;text-align:left;flex:1 1 150px;max-width:100%}
.wf-opt:disabled{opacity:.45;cursor:default}
.wf-opt[aria-pressed="true"],.wf-opt.wf-on{border-color:#2f6b3a;background:#e4f0e0;box-shadow:inset 0 0 0 1.5px #2f6b3a}
.wf-opt.wf-here{border-color:#d99a00;box-shadow:0 0 0 3px #ffd400}
.wf-opt-main{font-weight:650;font-size:13px}
.wf-opt-sub{font-size:11.5px;color:#5b4a33}
.wf-opt.wf-primary{background:#2f6b3a;border-color:#1f4a27;color:#fff!important;flex:0 1 auto}
.wf-opt.wf-primary .wf-opt-main{color:#fff}
.wf-opt.wf-primary .wf-opt-sub{color:#dcefd8}
.wf-opt.wf-secondary{background:#f3ebda;flex:0 1 auto}
.wf-foot{position:sticky;bottom:-8px;display:flex;gap:6px;justify-content:flex-end;margin:6px -8px -8px;padding:4px 8px 8px;flex-wrap:wrap;
  background:#fffdf6;border-top:1px solid #e6dcc6}
.wf-foot .wf-opt{flex:0 1 auto;min-width:72px;align-items:center}
.wf-short.wf-sheet-open .wf-placa.wf-plain{display:none}
.wf-short.wf-sheet-open .wf-hint .wf-now.wf-generic{display:none}
.wf-line{margin:0;font-size:12.5px}
.wf-dim{color:#6a5435}
.wf-paynote{background:#fff3cf;border-radius:6px;padding:3px 6px}
.wf-label{margin:2px 0 0;font-size:11.5px;font-weight:700;color:#6a5435;text-transform:uppercase;letter-spacing:.03em}
.wf-chosen{display:flex;flex-wrap:wrap;gap:4px;align-items:center}
.wf-tag{display:inline-flex;align-items:center;min-height:24px;padding:0 7px;border-radius:12px;background:#e4f0e0;border:1px solid #2f6b3a;
  font-size:12px;font-weight:700}
.wf-tag.wf-empty{background:#f3ebda;border-color:#b7a789;font-weight:400}
.wf-dial{display:grid;grid-template-columns:repeat(auto-fit,minmax(40px,1fr));gap:3px}
.wf-dial .wf-opt{min-width:40px;padding:0;align-items:center;font-size:16px}
.wf-total{margin-right:auto;align-self:center;font-size:12px;font-weight:700;color:#5b4a33}
.wf-mods{font-size:11.5px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.wf-cards .wf-opt{flex:0 0 auto;min-width:48px;align-items:center;background:#eef3fb;border-color:#3b6ea8}
.wf-cards .wf-opt.wf-on{background:#3b6ea8;border-color:#1f3d63}
.wf-cards .wf-opt.wf-on .wf-opt-main{color:#fff}
.wf-offer.wf-opt{flex-basis:100%}
.wf-res{display:inline-grid;place-items:center;min-width:18px;height:18px;padding:0 3px;border-radius:4px;border:1px solid #1b140a;
  background:var(--bg);color:var(--ink);font:700 11px/1 system-ui,sans-serif}
.wf-mat{flex:none;display:flex;gap:4px}
.wf-mat.wf-tucked{visibility:hidden}
.wf-col{position:relative;flex:1 1 0;min-width:0;min-height:56px;display:flex;flex-direction:column;justify-content:space-between;gap:2px;
  padding:3px 4px 3px 20px;border-radius:9px;border:2px solid #8a7556;background:#fbf3e0;cursor:pointer;text-align:left}
.wf-col[aria-disabled="true"]{cursor:default}
.wf-acting .wf-col[aria-disabled="true"]{opacity:.55}
.wf-col.wf-can{box-shadow:0 0 0 3px #ffc400;background:#fff9e8}
.wf-suggest{outline:3px solid #f0a418;outline-offset:2px;box-shadow:0 0 0 6px rgba(240,164,24,.25)}
.wf-col.wf-last{background:repeating-linear-gradient(45deg,#f1e8d2 0 6px,#e8dcc0 6px 12px)}
.wf-col.wf-col-mill{background:#e8eef6;border-color:#36506b}
.wf-key{position:absolute;left:3px;top:3px;width:14px;height:14px;border-radius:4px;background:#5a3a22;color:#fff;
  font:700 10px/14px system-ui,sans-serif;text-align:center}
.wf-col-top,.wf-col-bottom{display:flex;align-items:center;gap:3px;min-width:0;flex-wrap:wrap}
.wf-col-name{font-weight:700;font-size:12px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;min-width:0}
.wf-col-bottom .wf-col-name{font-weight:600}
.wf-col-sub{font-size:11px;color:#5b4a33}
.wf-cost{display:inline-flex;align-items:center;gap:2px;min-width:0}
.wf-pins,.wf-slots{display:inline-flex;gap:2px}
.wf-pin{width:8px;height:8px;border-radius:50%;background:#8a2f1d;border:1px solid #3b1208}
.wf-pin.wf-pin-out{background:transparent;border-style:dashed}
.wf-slot{width:7px;height:7px;border:1px solid #5a3a22;background:#fff}
.wf-slot.wf-slot-full{background:#8a2f1d}
.wf-pay{display:inline-flex;align-items:center;font-size:11px;font-weight:700;color:#6b5200}
.wf-helper{font-size:12px;color:#c9bda0}
.wf-helper.wf-helper-on{color:#d99a00}
.wf-panel{position:absolute;left:0;right:0;top:46px;bottom:0;z-index:8;overflow:auto;background:#fffdf6;border:2px solid #8a7556;
  border-radius:12px;padding:6px 10px 10px;box-shadow:0 6px 20px rgba(0,0,0,.3)}
.wf-panel[hidden]{display:none}
.wf-panel-bar{position:sticky;top:0;display:flex;justify-content:flex-end;z-index:1}
.wf-btn{min-height:42px;min-width:44px;padding:0 14px;border-radius:10px;border:1.5px solid #8a7556;background:#fffaf0;font-weight:650!important;cursor:pointer}
.wf-panel-title{display:flex;align-items:center;gap:5px;margin:-34px 90px 6px 0;font-size:15px;min-height:34px}
.wf-tracks{display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:2px 10px}
.wf-sec h4{margin:8px 0 3px;font-size:12px;text-transform:uppercase;letter-spacing:.04em;color:#6a5435}
.wf-row{font-size:12.5px;padding:1px 0}
.wf-row.wf-off{color:#8a7a60}
.wf-row.wf-on{font-weight:700;color:#2f6b3a}
.wf-ribbons{display:flex;flex-wrap:wrap;gap:4px}
.wf-ribbon{padding:2px 7px;border-radius:10px;border:1px dashed #b7a789;font-size:11.5px;color:#8a7a60}
.wf-ribbon.wf-got{border:1.5px solid #2f7d47;background:#e3f3e6;color:#1f5a31;font-weight:700}
.wf-keys{display:grid;grid-template-columns:auto 1fr;gap:3px 10px;margin:0;font-size:13px}
.wf-keys dt{font-weight:700}
.wf-keys dd{margin:0}
.wf-final table{border-collapse:collapse;width:100%;font-size:13px}
.wf-final th,.wf-final td{padding:3px 5px;border-bottom:1px solid #e4d9bf;text-align:right}
.wf-final th:first-child,.wf-final td:first-child{text-align:left}
@media (max-width:560px){
  .wf-clan{padding:2px 3px;font-size:11px!important}.wf-clan-stats{gap:3px;font-size:10.5px}.wf-marker{width:17px;height:17px}
  .wf-col{padding-left:4px;padding-top:16px}.wf-col-name{font-size:11px}.wf-key{left:3px;top:2px}
  .wf-hint span{font-size:11.5px}.wf-opt{flex-basis:130px}.wf-say{flex-basis:100%}
  .wf-offer{flex:1 1 auto}
}
`;

export function injectStyle() {
  addStyleOnce("wf-style", CSS);
}
