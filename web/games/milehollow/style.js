// The Milehollow table's CSS, added once per page (classes are all mh-*). Card colours are the
// design's hexes; every card also carries its colour's symbol (art.js), so colour is never the only cue.

import { addStyleOnce } from "../../lib/style.js";

const CSS = `
.mh-root{position:relative;display:flex;flex-direction:column;gap:5px;min-height:360px;width:100%;
  font:14px/1.3 system-ui,sans-serif;color:#2b1d10}
.mh-players{display:flex;gap:4px;flex:none}
.mh-seat{flex:1 1 0;min-width:0;display:flex;align-items:center;gap:5px;padding:2px 5px;border-radius:8px;
  background:#f7f1e3;border:2px solid #e3d8bf;font-size:12px}
.mh-seat.mh-acting{border-color:#d99a00;background:#fff3cf}
.mh-seat-text{min-width:0;flex:1 1 auto;display:flex;flex-direction:column}
.mh-seat-line{display:flex;align-items:center;gap:4px;min-width:0}
.mh-seat-line .mh-points{margin-left:auto;font-size:12.5px}
.mh-seat-name{font-weight:700;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.mh-seat.mh-me{box-shadow:inset 0 -3px 0 #2f6b3a}
.mh-seat-stats{display:flex;gap:5px;white-space:nowrap;color:#5b4a33;font-variant-numeric:tabular-nums;overflow:hidden}
.mh-stat{display:inline-flex;align-items:center;gap:1px}
.mh-icon{flex:none;opacity:.8}
.mh-seat-stats b{color:#2b1d10}
.mh-marker{flex:none;display:inline-grid;place-items:center;width:20px;height:20px;border-radius:50%;
  border:1.5px solid #111;font:700 11px/1 system-ui,sans-serif}
.mh-s0{background:#1e6fd9;color:#fff}.mh-s1{background:#ef5a24;color:#fff}.mh-s2{background:#f7f3e8;color:#1d1d1d}
.mh-s3{background:#22a35a;color:#fff}.mh-s4{background:#f06fb0;color:#1d1d1d}
.mh-map{position:relative;flex:1 1 auto;min-height:150px;border-radius:10px;overflow:hidden;background:#cdd7c0;
  box-shadow:inset 0 0 0 1px rgba(0,0,0,.2)}
.mh-map>.vt-viewport{position:absolute;inset:0;min-height:0;height:auto}
.mh-hint{position:absolute;left:6px;top:6px;right:6px;z-index:2;pointer-events:none;display:flex;flex-direction:column;
  gap:3px;align-items:flex-start}
.mh-hint.mh-hint-bottom{top:auto;bottom:6px;right:146px}
.mh-hint span{background:rgba(24,18,10,.74);color:#fff8e6;padding:3px 8px;border-radius:7px;font-size:12.5px;max-width:100%}
.mh-hint span.mh-last{background:rgba(30,80,150,.82)}
.mh-hint span:empty{display:none}
.mh-map .vt-controls{bottom:6px;right:6px}
.mh-map .vt-controls button{min-width:40px;min-height:40px;padding:0 10px}
.mh-bar{display:flex;gap:4px;flex:none;align-items:stretch}
.mh-row{display:flex;gap:4px;flex:5 1 0;min-width:0}
.mh-piles{display:flex;gap:4px;flex:3 1 0;min-width:0}
.mh-root button{font:inherit}
.mh-btn,.mh-option,.mh-mail,.mh-mailbtn{color:#2b1d10}
.mh-card,.mh-pile{position:relative;flex:1 1 0;min-width:40px;height:58px;padding:2px;border-radius:9px;
  border:2px solid rgba(0,0,0,.55);display:flex;flex-direction:column;align-items:center;justify-content:center;gap:1px;
  font:700 10.5px/1.1 system-ui,sans-serif;cursor:pointer;box-shadow:0 1px 2px rgba(0,0,0,.3)}
.mh-card .mh-sym{width:20px;height:20px}
.mh-card .mh-name{max-width:100%;overflow:hidden;white-space:nowrap;text-overflow:ellipsis}
.mh-card.mh-empty{background:repeating-linear-gradient(45deg,#efe7d4 0 6px,#e2d8c0 6px 12px);color:#8a7556;border-style:dashed}
.mh-card[aria-disabled="true"],.mh-pile[aria-disabled="true"]{cursor:default}
.mh-root.mh-acting .mh-card[aria-disabled="true"]:not(.mh-empty){opacity:.5}
.mh-card.mh-can,.mh-pile.mh-can{box-shadow:0 0 0 3px #ffc400,0 2px 4px rgba(0,0,0,.35)}
.mh-card.mh-fresh::after{content:"";position:absolute;top:3px;right:3px;width:7px;height:7px;border-radius:50%;
  background:#fff;border:1.5px solid #111}
.mh-card:focus-visible,.mh-pile:focus-visible,.mh-root button:focus-visible{outline:3px solid #1f6fd1;outline-offset:2px}
.mh-pile{background:#5a3a22;color:#fff4dc;border-color:#2b1a0e}
.mh-pile.mh-mailpile{background:#36506b;border-color:#1b2a3a}
.mh-pile.mh-pavepile{background:#3e6a4d;border-color:#1f3a27}
.mh-pile .mh-label{font-size:12px;font-weight:700;max-width:100%;line-height:1.15}
.mh-pile .mh-count{font-size:11px;opacity:.92;line-height:1.1}
.mh-c-crimson{background:#b3202e;color:#fff}.mh-c-amber{background:#e08a12;color:#1b1206}
.mh-c-lemon{background:#e3c92a;color:#1b1706}.mh-c-moss{background:#5f8a2e;color:#fff}
.mh-c-teal{background:#138a8a;color:#fff}.mh-c-indigo{background:#3a3f9e;color:#fff}
.mh-c-plum{background:#8a3a7e;color:#fff}.mh-c-coal{background:#2b2b2b;color:#fff}
.mh-c-grey{background:#9a9a9a;color:#1d1d1d}
.mh-c-ox{color:#4a2f12;border-color:transparent;
  background:linear-gradient(#f4ead2,#f4ead2) padding-box,
  linear-gradient(90deg,#b3202e,#e08a12,#e3c92a,#5f8a2e,#138a8a,#3a3f9e,#8a3a7e) border-box}
.mh-handrow{display:flex;gap:4px;align-items:center;flex:none;min-height:40px}
.mh-hand{display:flex;gap:3px;align-items:center;flex:1 1 auto;min-width:0;overflow-x:auto;scrollbar-width:thin}
.mh-hand-title{font-size:11px;font-weight:700;text-transform:uppercase;letter-spacing:.04em;color:#6a5435;margin-right:2px;white-space:nowrap}
.mh-hand-none{font-size:12.5px;color:#6a5435}
.mh-chip{flex:none;display:inline-flex;align-items:center;gap:2px;height:34px;min-width:36px;padding:0 5px;border-radius:7px;
  border:1.5px solid rgba(0,0,0,.5);font:700 14px/1 system-ui,sans-serif;font-variant-numeric:tabular-nums}
.mh-chip .mh-sym{width:15px;height:15px}
.mh-chip.mh-new{box-shadow:0 0 0 2px #ffc400}
.mh-mailbtn{flex:none;min-height:40px;min-width:44px;padding:0 10px;border-radius:9px;border:1.5px solid #36506b;
  background:#e6eef6;font-weight:700!important;cursor:pointer;white-space:nowrap}
.mh-mailbtn[aria-expanded="true"]{background:#36506b;color:#fff!important}
.mh-mails{display:flex;gap:5px;flex:none;overflow-x:auto;scrollbar-width:thin}
.mh-mails[hidden]{display:none}
.mh-mail{flex:none;display:flex;align-items:center;gap:6px;min-height:44px;max-width:260px;text-align:left;border-radius:9px;
  border:1.5px solid #8a7556;background:#fffaf0;padding:3px 8px;font-size:12.5px!important;cursor:default}
.mh-mail .mh-val{flex:none;display:inline-grid;place-items:center;min-width:26px;height:26px;border-radius:50%;
  background:#36506b;color:#fff;font-weight:700}
.mh-mail .mh-towns{display:flex;flex-direction:column;min-width:0}
.mh-mail .mh-towns span{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.mh-mail .mh-state{font-size:11px;color:#6a5435}
.mh-mail.mh-done{border-color:#2f7d47;background:#e3f3e6}
.mh-mail.mh-done .mh-val{background:#2f7d47}
.mh-mail.mh-done .mh-state{color:#1f5a31;font-weight:700}
.mh-mail.mh-hot{box-shadow:0 0 0 3px #ffc400}
.mh-sheet{flex:none;max-height:40%;overflow:auto;background:#fffdf6;
  border:2px solid #8a7556;border-radius:14px 14px 8px 8px;box-shadow:0 -3px 10px rgba(0,0,0,.18);padding:8px 10px 10px}
.mh-sheet[hidden]{display:none}
.mh-sheet h3{margin:0 0 2px;font-size:15px}
.mh-sheet .mh-sub{margin:0 0 6px;font-size:12.5px;color:#5b4a33}
.mh-options{display:flex;flex-direction:column;gap:5px;margin:6px 0}
.mh-option{display:flex;align-items:center;gap:8px;min-height:44px;width:100%;text-align:left;padding:4px 8px;border-radius:9px;
  border:1.5px solid #b7a789;background:#fff;cursor:pointer}
.mh-option[aria-checked="true"],.mh-option[aria-pressed="true"]{border-color:#2f6b3a;background:#e4f0e0;box-shadow:inset 0 0 0 1.5px #2f6b3a}
.mh-option .mh-tag{margin-left:auto;font-size:11px;color:#5b4a33}
.mh-option .mh-cards{display:flex;gap:3px;flex-wrap:wrap}
.mh-option .mh-chip{height:28px;font-size:13px}
.mh-option .mh-mixwords{font-size:12.5px;color:#3d2f1d}
.mh-option.mh-road{justify-content:space-between}
.mh-option .mh-pts{flex:none;font-weight:700;color:#2f6b3a}
.mh-actions{display:flex;gap:6px;justify-content:flex-end;margin-top:6px}
.mh-btn{min-height:44px;min-width:44px;padding:0 14px;border-radius:10px;border:1.5px solid #8a7556;background:#fffaf0;
  font-weight:650!important;cursor:pointer}
.mh-btn.mh-primary{background:#2f6b3a;border-color:#1f4a27;color:#fff!important}
.mh-btn:disabled{opacity:.5;cursor:default}
.mh-sheet .mh-mail{width:100%;max-width:none;cursor:pointer}
.mh-sheet .mh-mail .mh-towns{flex-direction:row;flex-wrap:wrap;gap:0 6px}
.mh-sheet .mh-mail .mh-towns span+span::before{content:"– "}
.mh-sheet .mh-mail .mh-state{margin-left:auto}
.mh-sheet .mh-mail[aria-pressed="false"]{opacity:.75;border-style:dashed}
.mh-sheet .mh-mail[aria-pressed="true"]{border-color:#2f6b3a;background:#e4f0e0;box-shadow:inset 0 0 0 1.5px #2f6b3a}
.mh-final table{border-collapse:collapse;width:100%;font-size:13px}
.mh-final th,.mh-final td{padding:3px 5px;border-bottom:1px solid #e4d9bf;text-align:right}
.mh-final th:first-child,.mh-final td:first-child{text-align:left}
.mh-final-mail{display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:6px 14px;margin-top:8px}
.mh-final-seat h4{margin:4px 0 2px;font-size:13px;display:flex;align-items:center;gap:4px}
.mh-final-kind{margin:2px 0 0;font-size:12px;font-weight:700;color:#5b4a33}
.mh-final-mail ul{list-style:none;margin:0;padding:0;font-size:12.5px}
.mh-final-mail li{display:flex;justify-content:space-between;gap:8px;padding:1px 0;border-bottom:1px dotted #e4d9bf}
.mh-final-done .mh-final-pts{color:#1f5a31;font-weight:700}
.mh-final-failed .mh-final-pts{color:#a3262a;font-weight:700}
.mh-final-none{margin:0;font-size:12px;color:#6a5435}
.mh-root.mh-over .mh-bar,.mh-root.mh-over .mh-handrow,.mh-root.mh-over .mh-mails{display:none}
.mh-root.mh-sheet-open:not(.mh-side-sheet)>:is(.mh-bar,.mh-handrow,.mh-mails){display:none}
.mh-root.mh-narrow .mh-bar{flex-wrap:wrap}.mh-root.mh-narrow .mh-row,.mh-root.mh-narrow .mh-piles{flex:1 1 100%}
.mh-root.mh-side-sheet{display:grid;grid-template-columns:minmax(0,1fr) minmax(250px,330px);
  grid-template-rows:auto minmax(0,1fr) auto auto auto;column-gap:10px;row-gap:5px}
.mh-root.mh-side-sheet>*{grid-column:1/-1}
.mh-root.mh-side-sheet>.mh-players{grid-row:1}
.mh-suggest{outline:3px solid #f0a418;outline-offset:2px;box-shadow:0 0 0 6px rgba(240,164,24,.25)}
.mh-root.mh-side-sheet>.mh-map{grid-column:1;grid-row:2;min-height:0}
.mh-root.mh-side-sheet>.mh-sheet{grid-column:2;grid-row:2;max-height:none;box-shadow:none;border-radius:10px;min-height:0}
.mh-root.mh-side-sheet>.mh-bar{grid-row:3}
.mh-root.mh-side-sheet>.mh-handrow{grid-row:4}
.mh-root.mh-side-sheet>.mh-mails{grid-row:5}
.mh-root.mh-side-sheet .mh-final-mail{grid-template-columns:1fr}
@media (max-width:560px){.mh-option .mh-mixwords{display:none}.mh-seat-stats{gap:3px;font-size:11px}.mh-seat{padding:2px 4px;gap:3px}
  .mh-marker{width:18px;height:18px}.mh-sheet .mh-sub{font-size:12px}.mh-card .mh-name{display:none}.mh-card{height:46px}
  .mh-bar{flex-wrap:wrap}.mh-row{flex:1 1 100%}.mh-piles{flex:1 1 100%}.mh-pile{height:40px}}
`;

/** Adds the board's sheet once (a constructed sheet: the pages' policy allows it). */
export function injectStyle() {
  addStyleOnce("mh-style", CSS);
}
