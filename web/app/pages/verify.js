// Verify a game (#/verify, #/verify?r=<record>): the same Python verifier as
// `python -m py_engine verify`, run offline in the worker. Input by drop, file picker,
// paste, or a record in the link. Shows a clear verdict: the summary and the seal of a
// valid game (with Replay and Review), or the first discrepancy (which move, what differs) of an
// invalid one.

import { t, words, onLangChange } from "../../lib/i18n.js";
import "../../lib/strings/pages.js";
import "../../lib/strings/review.js";
import { h } from "../../lib/dom.js";
import { engineStatus } from "../table/progress.js";
import { seatLabel, levelName } from "../../lib/seats.js";
import { encodeRecord, decodeRecordBytes, bytesToBase64, MAX_RECORD_BYTES } from "../../lib/recordcodec.js";
import { useStyle } from "../../embed/util.js";
import { gameName, seatText, recordProblem, copyText, errorText } from "../../lib/util.js";
import { sha256Hex } from "../../lib/sha256.js";

/** A record's text inside a sentence, isolated (FSI…PDI, the plain-text <bdi>): a name or an
 *  action holding a right-to-left override must not reorder the words around it. */
const iso = (text) => `\u2068${text}\u2069`;

/** A seat in words with only its name isolated, so an override inside the name cannot turn its bot mark around. */
function seatWords(seat, index) {
  if (!seat || typeof seat !== "object" || typeof seat.name !== "string" || !seat.name) return seatText(seat, index);
  const name = iso(seat.name);
  if (!seat.bot) return name;
  return seat.level ? t("pg.botSeatLevel", { name, level: levelName(seat.level) }) : t("pg.botSeat", { name });
}

const MAX_BYTES = MAX_RECORD_BYTES;
/** The most the paste box is given to show; a real record is a few tens of KB. */
const SHOW_MAX = 512 * 1024; // the verifier's own limit; a record of the longest game is a few tens of KB

export function mount(el, params, ctx) {
  useStyle("pages.css");
  let alive = true;
  let run = 0;
  let last = null; // {kind: "report"|"error", ...} to repaint on a language change
  let optionLabels = null;

  const status = engineStatus(ctx.engine, { compact: true });
  const fileInput = h("input.visually-hidden", {
    type: "file", accept: ".json,application/json,text/plain", tabindex: "-1", "aria-hidden": "true",
    onchange: () => {
      const file = fileInput.files && fileInput.files[0];
      if (file) readFile(file);
      fileInput.value = "";
    },
  });
  const paste = h("textarea#vt-verify-paste.pg-paste", { rows: "7", spellcheck: "false", autocomplete: "off" });
  const botsBox = h("input#vt-verify-bots", { type: "checkbox" });
  const result = h("section.pg-result", { "aria-live": "polite" });
  const drop = h("div.pg-drop");
  const root = h("div.pg.pg-verify", { dataset: { page: "verify" } });

  function paint() {
    drop.replaceChildren(
      h("p.pg-drop-text", t("pg.verify.drop")),
      h("p.pg-drop-or", t("pg.verify.or")),
      h("button.button", { type: "button", dataset: { act: "choose" }, onclick: () => fileInput.click() }, t("pg.verify.choose")),
      fileInput,
    );
    root.replaceChildren(
      h("header.pg-head",
        h("p.pg-crumbs", h("a", { href: "#/" }, t("pg.backToLobby"))),
        h("h1", t("pg.verify.title")),
        h("p.pg-lead", t("pg.verify.intro")),
      ),
      h("section.pg-input", { "aria-label": t("pg.verify.inputLabel") },
        drop,
        h("label.pg-block", { for: "vt-verify-paste" }, t("pg.verify.paste")),
        paste,
        h("label.check.pg-block", { for: "vt-verify-bots" }, botsBox, " ", t("pg.verify.bots"),
          h("span.pg-hint", " — ", t("pg.verify.botsHint"))),
        h("div.pg-actions",
          h("button.button.primary", { type: "button", dataset: { act: "verify" }, onclick: () => check({ text: paste.value }, "paste") },
            t("pg.verify.run")),
          h("button.button.ghost", {
            type: "button", dataset: { act: "clear" },
            onclick: () => { paste.value = ""; last = null; result.replaceChildren(); paste.focus(); },
          }, t("pg.verify.clear")),
        ),
        h("div.pg-status", status.el),
      ),
      result,
      h("section.pg-explain",
        h("h2", t("pg.verify.sealTitle")),
        h("p", h("strong", t("pg.verify.provesLead")), " ", t("pg.verify.proves")),
        h("p", h("strong", t("pg.verify.cannotLead")), " ", t("pg.verify.cannot")),
        h("p", t("pg.verify.cli"), " ", h("code", "python -m py_engine verify RECORD.json")),
      ),
    );
    if (last) paintResult();
  }

  // Drop anywhere on the page: a missed drop would otherwise open the file in the tab.
  const onDragOver = (e) => {
    e.preventDefault();
    drop.classList.add("over");
  };
  const onDragLeave = (e) => {
    if (!e.relatedTarget || !root.contains(e.relatedTarget)) drop.classList.remove("over");
  };
  const onDrop = (e) => {
    e.preventDefault();
    drop.classList.remove("over");
    const file = e.dataTransfer && e.dataTransfer.files && e.dataTransfer.files[0];
    if (file) readFile(file);
    else if (e.dataTransfer) check({ text: e.dataTransfer.getData("text/plain") }, "paste");
  };
  root.addEventListener("dragover", onDragOver);
  root.addEventListener("dragleave", onDragLeave);
  root.addEventListener("drop", onDrop);

  // A file goes to the engine as its bytes: decoding it here (file.text()) would drop a byte
  // order mark, read UTF-16 and mend bad bytes, and the page would judge other text than the CLI.
  async function readFile(file) {
    if (file.size > MAX_BYTES) {
      return showError(t("pg.verify.errBig", { size: `${Math.round(file.size / 1024)} KB` }));
    }
    let bytes;
    try {
      bytes = new Uint8Array(await file.arrayBuffer());
    } catch (e) {
      return showError(t("pg.verify.errFile", { msg: errorText(e) }));
    }
    if (!alive) return;
    showInBox(bytes);
    check({ bytes }, "file", file.name);
  }

  /** The bytes as text (only to show: the engine reads the bytes themselves). */
  function shownText(bytes) {
    return new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  }

  /** Show what is checked in the box, unless it is too long to lay out (megabytes of lines freeze a textarea). */
  function showInBox(bytes) {
    paste.value = bytes.length <= SHOW_MAX ? shownText(bytes) : "";
  }

  function showError(message, detail) {
    last = { kind: "error", message, detail };
    paintResult();
    focusVerdict();
  }

  /** Bring the verdict into view and to screen readers' attention (it may be below the fold on a phone). */
  function focusVerdict() {
    const heading = result.querySelector("h2");
    if (heading) {
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
      heading.closest(".pg-verdict").scrollIntoView({ block: "start" });
    }
  }

  /** input: {text} (pasted) or {bytes} (a file, a link's unpacked record), handed over unaltered. */
  async function check(input, source, fileName) {
    const mine = ++run;
    if (input.text !== undefined && !input.text.trim()) return showError(t("pg.verify.errEmpty"));
    last = { kind: "busy" };
    paintResult();
    // The engine reads the record itself, strictly (a key given twice, NaN, a lone surrogate, a
    // byte order mark are refused): what this page's JSON.parse would quietly accept is never
    // what is checked. The 5 MB limit is the engine's, on the record's UTF-8 bytes.
    const args = input.bytes ? { bytes: bytesToBase64(input.bytes) } : { text: input.text };
    let report;
    try {
      report = await ctx.engine.call("verify", { ...args, bots: botsBox.checked });
    } catch (e) {
      if (mine !== run || !alive) return;
      return showError(t("pg.verify.errEngine"), errorText(e));
    }
    if (mine !== run || !alive) return;
    let data = null;
    try {
      data = JSON.parse(input.bytes ? shownText(input.bytes) : input.text);
    } catch (_) { /* the engine's report says why */ }
    if (!report.ok && (!data || recordProblem(data))) {
      return showError(t("pg.verify.errNotRecord"), words(report.words) || report.summary);
    }
    let hash = null;
    if (typeof data.seed === "string") {
      try { hash = await sha256Hex(data.seed); } catch (_) { hash = null; }
    }
    if (!optionLabels) optionLabels = await loadOptionLabels();
    if (mine !== run || !alive) return;
    last = { kind: "report", report, data, hash, source, fileName };
    paintResult();
    focusVerdict();
  }

  async function loadOptionLabels() {
    try {
      const games = await ctx.engine.call("games", {});
      const out = {};
      for (const g of games) out[g.name] = Object.fromEntries(g.options.map((o) => [o.name, o.label]));
      return out;
    } catch (_) {
      return {};
    }
  }

  function paintResult() {
    if (!last) return result.replaceChildren();
    if (last.kind === "busy") {
      return result.replaceChildren(h("p.pg-busy", { role: "status" }, t("pg.verify.checking")));
    }
    if (last.kind === "error") {
      return result.replaceChildren(h("div.pg-verdict.bad", { role: "alert", dataset: { verdict: "error" } },
        h("h2", h("span.pg-mark", { "aria-hidden": "true" }, "⚠ "), t("pg.verify.errTitle")),
        h("p", last.message),
        last.detail ? h("p.detail", last.detail) : null,
      ));
    }
    const { report, data } = last;
    result.replaceChildren(report.ok ? validBox(report, data, last.hash) : invalidBox(report, data));
  }

  function validBox(report, data, hash) {
    const details = report.details || {};
    const scores = details.scores || (data.result && data.result.scores) || [];
    const winners = new Set(details.winners || (data.result && data.result.winners) || []);
    const outcome = data.result && data.result.outcome;
    const winnerNames = [...winners].map((i) => seatWords(data.seats[i], i)).join(t("pg.and"));
    const resultText = outcome === "draw" ? t("pg.verify.draw")
      : winners.size > 1 ? t("pg.verify.shared", { names: winnerNames }) : t("pg.verify.won", { names: winnerNames });
    const hashOk = hash !== null && hash === data.fingerprint;
    const copyNote = h("p.pg-note", { role: "status" });
    return h("div.pg-verdict.good", { dataset: { verdict: "valid" } },
      h("h2", h("span.pg-mark", { "aria-hidden": "true" }, "✓ "), t("pg.verify.validTitle")),
      h("p", t("pg.verify.validLead")),
      // With the bots checked, a seat marked as a person whose every move a bot level plays is named.
      Object.entries(details.bot_like || {}).map(([k, levels]) => h("p.pg-botlike.note", { dataset: { seat: k } },
        t("pg.verify.botLike", { n: Number(k) + 1, name: iso(data.seats[Number(k)]?.name ?? ""),
          levels: levels.map(levelName).join(t("pg.or")) }))),
      h("dl.pg-facts",
        fact(t("pg.verify.game"), gameName(data.game)),
        fact(t("pg.verify.engine"), String(data.engine ?? "?")),
        fact(t("pg.verify.options"), optionsText(data)),
        fact(t("pg.verify.moves"), String(details.moves ?? data.actions.length)),
        fact(t("pg.verify.result"), resultText),
      ),
      h("table.pg-seats",
        h("caption", t("pg.verify.seats")),
        h("thead", h("tr",
          h("th", { scope: "col" }, t("pg.verify.seat")),
          h("th", { scope: "col" }, t("pg.verify.player")),
          h("th.num", { scope: "col" }, t("pg.verify.score")),
          h("th", { scope: "col" }, h("span.visually-hidden", t("pg.verify.winner"))))),
        h("tbody", data.seats.map((s, i) => h("tr", { class: winners.has(i) ? "winner" : null },
          h("td", String(i + 1)),
          h("th", { scope: "row" }, seatLabel(s, i)),
          h("td.num", String(scores[i] ?? "")),
          h("td", winners.has(i) ? h("span.badge.win-badge", t("pg.verify.winner")) : ""),
        ))),
      ),
      h("h3", t("pg.verify.sealHeading")),
      h("dl.pg-facts.pg-hex",
        fact(t("pg.verify.fingerprint"), h("code", data.fingerprint)),
        fact(t("pg.verify.seed"), h("code", data.seed)),
      ),
      h("p.pg-hashline", { dataset: { hash: hashOk ? "ok" : hash === null ? "na" : "bad" } },
        hashOk ? t("pg.verify.hashOk") : hash === null ? t("pg.verify.hashNa") : t("pg.verify.hashBad")),
      h("div.pg-actions",
        h("button.button", {
          type: "button", dataset: { act: "replay" },
          onclick: async () => ctx.navigate(`#/replay?r=${await encodeRecord(data)}`),
        }, t("pg.verify.replay")),
        data.result && data.seed ? h("button.button", {
          type: "button", dataset: { act: "review" },
          onclick: async () => ctx.navigate(`#/review?r=${await encodeRecord(data)}`),
        }, t("pg.review")) : null,
        h("button.button.ghost", {
          type: "button", dataset: { act: "copylink" },
          onclick: async () => {
            const url = `${location.href.split("#")[0]}#/verify?r=${await encodeRecord(data)}`;
            copyNote.textContent = (await copyText(url)) ? t("pg.copied") : t("pg.copyFailed", { text: url });
          },
        }, t("pg.verify.copyLink")),
      ),
      copyNote,
    );
  }

  function invalidBox(report, data) {
    const n = data.actions.length;
    const facts = [];
    if (report.move) {
      const i = report.move - 1;
      const actor = Array.isArray(data.actors[i]) ? data.actors[i][0] : null;
      facts.push(fact(t("pg.verify.whichMove"), t("pg.verify.moveOf", {
        k: report.move, n, action: iso(data.actions[i] ?? "?"), seat: seatWords(data.seats[actor], actor ?? 0),
      })));
    }
    // Every verdict: the field, the record's value and the one the check computed, labelled as the
    // command line labels them (py_engine/cli.py, LABELS).
    if (report.field) {
      const value = (v, missing) => (v === null || v === undefined ? h("span.pg-novalue", t(missing))
        : h("code", valueText(report.field, v, data)));
      facts.push(fact(t("pg.verify.field"), h("code", report.field)),
        h("div.pg-fact", { dataset: { value: "found" } }, h("dt", t("pg.verify.found")), h("dd", value(report.found, "pg.verify.absent"))),
        h("div.pg-fact", { dataset: { value: "expected" } }, h("dt", t("pg.verify.expected")), h("dd", value(report.expected, "pg.verify.noValue"))));
    }
    return h("div.pg-verdict.bad", { role: "alert", dataset: { verdict: "invalid", field: report.field || "", move: report.move || "" } },
      h("h2", h("span.pg-mark", { "aria-hidden": "true" }, "✗ "), t("pg.verify.invalidTitle")),
      h("p.pg-why", why(report)),
      facts.length ? h("dl.pg-facts", h("div.pg-first", t("pg.verify.first")), facts) : null,
      h("p.detail", t("pg.verify.says"), " ", h("bdi.pg-summary", words(report.words) || report.summary)),
    );
  }

  function why(report) {
    const f = report.field;
    const n = report.move;
    if (f === "format" || f === "record") return t("pg.why.format");
    if (f === "version") return t("pg.why.version");
    if (f === "game") return t("pg.why.game");
    // A seed the contributions (and terms) make otherwise comes with that seed computed; one that does
    // not hash to the fingerprint has nothing computed (no fingerprint gives a seed back).
    if (f === "seed") return !report.found ? t("pg.why.seedMissing") : report.expected ? t("pg.why.jointSeed") : t("pg.why.seedMismatch");
    if (/^joint\[\d+\]\.contribution$/.test(f)) return t("pg.why.contribution");
    if (f === "fingerprint") return t("pg.why.fingerprint");
    if (f === "seats/options") return t("pg.why.table");
    if (f === "options") return t("pg.why.options");
    if (f === "actors") return t("pg.why.actors", { n });
    if (f === "actions") {
      if (!n) return t("pg.why.notOver");
      if (report.expected !== null && report.expected !== undefined) return t("pg.why.bot", { n });
      return report.details && report.details.after_end ? t("pg.why.afterEnd", { n }) : t("pg.why.illegal", { n });
    }
    if (f === "result") return t("pg.why.noResult");
    if (f === "result.scores") return t("pg.why.scores");
    if (f === "result.winners") return t("pg.why.winners");
    if (f === "result.outcome") return t("pg.why.outcome");
    if (f === "seal") return t("pg.why.seal");
    return t("pg.why.other");
  }

  function valueText(field, value, data) {
    const seat = (i) => (Number.isInteger(i) ? seatWords(data.seats[i], i) : String(i));
    if (field === "actors") return Array.isArray(value) && value.every(Number.isInteger) ? value.map(seat).join(t("pg.or"))
      : Number.isInteger(value) ? seat(value) : iso(JSON.stringify(value));
    if (field === "result.winners" && Array.isArray(value)) {
      return value.length ? value.map(seat).join(t("pg.and")) : t("pg.none");
    }
    return iso(typeof value === "string" ? value : JSON.stringify(value));
  }

  function optionsText(data) {
    const entries = Object.entries(data.options || {});
    if (!entries.length) return t("pg.none");
    const labels = (optionLabels && optionLabels[data.game]) || {};
    return entries.map(([k, v]) => {
      const name = labels[k] ? words(labels[k]) : k;
      const value = v === true ? t("pg.on") : v === false ? t("pg.off") : String(v);
      return `${name}: ${value}`;
    }).join("; ");
  }

  function fact(term, value) {
    return h("div.pg-fact", h("dt", term), h("dd", value));
  }

  paint();
  el.replaceChildren(root);
  const offLang = onLangChange(paint);

  if (params.r) {
    (async () => {
      // The link's record unpacked (at most 5 MB) and handed to the engine as it is: no
      // JSON.parse/stringify here, which would drop a decoy duplicate key or turn 2.0 into 2.
      let bytes;
      try {
        bytes = await decodeRecordBytes(params.r);
      } catch (e) {
        if (alive) showError(e.kind === "too-large" ? t("pg.verify.errLinkBig") : t("pg.verify.errLink"), e.message);
        return;
      }
      if (!alive) return;
      showInBox(bytes);
      check({ bytes }, "link");
    })();
  }

  return () => {
    alive = false;
    offLang();
    status.destroy();
    root.removeEventListener("dragover", onDragOver);
    root.removeEventListener("dragleave", onDragLeave);
    root.removeEventListener("drop", onDrop);
  };
}
