// Replay (#/replay/<id> from a table saved on this device, or #/replay?r=<record> from a
// link): step through a record move by move with the game's own board, read-only.
// A finished game can be reviewed move by move (#/review) and shared from here: a link, the record
// file, Verify, an embed.

import { t, onLangChange } from "../../lib/i18n.js";
import "../../lib/strings/pages.js";
import "../../lib/strings/review.js";
import "../../lib/strings/story.js";
import { h } from "../../lib/dom.js";
import { messagePage } from "../table/live.js";
import { engineStatus } from "../table/progress.js";
import { downloadText } from "../storage.js";
import { encodeRecord, decodeRecord } from "../../lib/recordcodec.js";
import { createViewer } from "../../embed/viewer.js";
import { useStyle } from "../../embed/util.js";
import { gameName, seatText, recordProblem, copyText } from "../../lib/util.js";

/**
 * The record a Replay or Review address names: a game finished on this device (#/…/<id>) or one in
 * the link (?r=). Resolves {record, saveId}, or null once `fail(title, body, detail)` has said what is
 * wrong (`onRunning(saveId)` for a game still being played).
 */
export async function recordOf(params, ctx, { fail, onRunning }) {
  let record;
  let saveId = null;
  if (params.arg) {
    saveId = params.arg;
    // Only a finished game's record leaves the engine's worker (its seed is public by then).
    try {
      record = await ctx.engine.call("saved_record", { save: saveId });
    } catch (e) {
      if (e.kind === "missing") fail(t("pg.replay.missingTitle"), t("pg.replay.missing", { id: saveId }));
      else if (e.kind === "running") onRunning(saveId);
      else fail(t("pg.replay.badTitle"), t("pg.replay.corrupt", { id: saveId }), e.message);
      return null;
    }
  } else if (params.r) {
    try {
      record = await decodeRecord(params.r);
    } catch (e) {
      fail(t("pg.replay.badTitle"), t("pg.replay.badLink"), e.message);
      return null;
    }
  } else {
    fail(t("pg.replay.noSourceTitle"), t("pg.replay.noSource"));
    return null;
  }
  const problem = recordProblem(record);
  if (problem) {
    fail(t("pg.replay.badTitle"), t("pg.replay.notRecord"), problem);
    return null;
  }
  return { record, saveId };
}

export function mount(el, params, ctx) {
  useStyle("pages.css");
  let alive = true;
  let viewer = null;
  let status = null;
  let offLang = null;

  const fail = (title, body, detail) => {
    if (!alive) return;
    messagePage(el, { title, body, detail });
  };

  (async () => {
    const got = await recordOf(params, ctx, {
      fail,
      // A running game's record holds secrets (its seed, private choices): no replay until it is over.
      onRunning: (saveId) => alive && messagePage(el, { title: t("pg.replay.runningTitle"), body: t("pg.replay.running"),
        actions: [h("a.button.primary", { href: `#/table/${saveId}` }, t("pg.replay.backToTable")), " ",
          h("a.button", { href: "#/" }, t("pg.backToLobby"))] }),
    });
    if (got && alive) show(got.record, got.saveId);
  })();

  function show(record, saveId) {
    const finished = Boolean(record.result && record.seed);
    const head = h("header.pg-head");
    const share = h("section.pg-share");
    const viewerHost = h("div.pg-viewer-host");
    status = engineStatus(ctx.engine, { compact: true });
    const statusBox = h("div.pg-status", status.el);
    el.replaceChildren(h("div.pg.pg-replay", { dataset: { page: "replay" } }, head, statusBox, viewerHost, share));

    let encoded = null;
    const linkText = async () => (encoded ??= await encodeRecord(record));
    const base = () => location.href.split("#")[0];
    const startMove = params.query && params.query.move !== undefined ? Number(params.query.move) : undefined;

    const snippet = h("textarea.pg-snippet", { readonly: true, rows: "4", spellcheck: "false" });
    const withControls = h("input", { type: "checkbox", checked: true, onchange: () => paintSnippet() });
    const shareNote = h("p.pg-note", { role: "status" });

    async function paintSnippet() {
      if (!finished) return;
      const r = await linkText();
      const embedUrl = new URL("embed.html", base()).href;
      const move = viewer ? viewer.move : record.actions.length;
      const src = `${embedUrl}#r=${r}&move=${move}${withControls.checked ? "&controls=1" : ""}`;
      snippet.value = `<iframe src="${src}" title="${gameName(record.game)}" width="640" height="480" `
        + `style="border:0;max-width:100%" loading="lazy"></iframe>`;
    }

    function paintChrome() {
      // Each name isolated (FSI…PDI): a right-to-left override in one cannot reorder the others.
      const seats = record.seats.map((s, i) => `\u2068${seatText(s, i)}\u2069`).join(", ");
      head.replaceChildren(
        h("p.pg-crumbs", h("a", { href: "#/" }, t("pg.backToLobby"))),
        h("h1", t("pg.replay.title", { game: gameName(record.game) })),
        h("p.pg-sub", t("pg.replay.sub", { seats, n: record.actions.length })),
        h("p.pg-sub", finished ? t("pg.replay.finished") : t("pg.replay.unfinished")),
      );
      if (!finished) {
        share.replaceChildren(
          h("p.pg-note", t("pg.replay.notOver")),
          saveId ? h("p", h("a.button", { href: `#/table/${encodeURIComponent(saveId)}` }, t("pg.replay.backToTable"))) : null,
        );
        return;
      }
      share.replaceChildren(
        h("h2", t("pg.replay.share")),
        h("div.pg-actions",
          h("button.button.primary", {
            type: "button", dataset: { act: "review" },
            onclick: async () => ctx.navigate(saveId ? `#/review/${encodeURIComponent(saveId)}` : `#/review?r=${await linkText()}`),
          }, t("pg.review")),
          h("button.button", {
            type: "button", dataset: { act: "story" },
            onclick: async () => ctx.navigate(saveId ? `#/story/${encodeURIComponent(saveId)}` : `#/story?r=${await linkText()}`),
          }, t("story.writeStory")),
          h("button.button", {
            type: "button", dataset: { act: "copy" },
            onclick: async () => {
              const url = `${base()}#/replay?r=${await linkText()}`;
              shareNote.textContent = (await copyText(url)) ? t("pg.copied") : t("pg.copyFailed", { text: url });
            },
          }, t("pg.replay.copyLink")),
          h("button.button", {
            type: "button", dataset: { act: "verify" },
            onclick: async () => ctx.navigate(`#/verify?r=${await linkText()}`),
          }, t("pg.replay.verify")),
          h("button.button", {
            type: "button", dataset: { act: "download" },
            onclick: () => downloadText(`${record.game}-${record.fingerprint.slice(0, 8)}.json`,
              JSON.stringify(record, null, 2)),
          }, t("pg.replay.download")),
        ),
        shareNote,
        h("details.pg-embed",
          h("summary", t("pg.replay.embed")),
          h("p", t("pg.replay.embedHelp")),
          h("label.pg-check", withControls, " ", t("pg.replay.embedControls")),
          h("label.pg-block", h("span.visually-hidden", t("pg.replay.embedCode")), snippet),
          h("p", h("a", { href: "#/guide" }, t("pg.replay.embedDocs"))),
        ),
      );
      paintSnippet();
    }

    paintChrome();
    offLang = onLangChange(paintChrome);

    viewer = createViewer(viewerHost, {
      engine: ctx.engine,
      record,
      move: startMove,
      mode: "page",
      onMove: (k) => {
        // Remember the position in the address so a reload (or a shared link) comes back here.
        const hash = location.hash.replace(/([?&])move=\d+&?/, "$1").replace(/[?&]$/, "");
        const sep = hash.includes("?") ? "&" : "?";
        history.replaceState(null, "", `${hash}${sep}move=${k}`);
        paintSnippet();
      },
    });
    viewer.ready.then(
      () => { if (alive) statusBox.remove(); },
      (e) => {
        if (!alive) return;
        statusBox.remove();
        viewerHost.replaceChildren(h("div.pg-verdict.bad", { role: "alert" },
          h("h2", t("pg.replay.badTitle")),
          h("p", t("pg.replay.cannot")),
          h("p.detail", e && e.message ? e.message : String(e))));
      },
    );
  }

  return () => {
    alive = false;
    if (viewer) viewer.destroy();
    if (status) status.destroy();
    if (offLang) offLang();
  };
}
