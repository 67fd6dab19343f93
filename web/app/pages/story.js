// A game's story (#/story): a finished game with notes on its moves, spots and arrows on the board,
// a chosen first move and seat, and the review that came with it (docs/story.md).
//   #/story?s=<story>     a story from a link: shown at once, its seal checked as Verify does
//   #/story/<id>          write a story of a game finished on this device (its save's id)
//   #/story?r=<record>    write a story of the record in the link (Replay and Review link here)
//   #/story               open a story file
// What is being written is kept on this device as it is typed (one draft per game, by its
// fingerprint), so a reload loses nothing. Share gives one link holding the whole story in its
// fragment (never sent to any host), or a file when the link would be too long; Picture and Video
// make a PNG of the board and a WebM of a stretch of the game (web/app/story/capture.js).

import { t, words, onLangChange } from "../../lib/i18n.js";
import "../../lib/strings/pages.js";
import "../../lib/strings/review.js";
import "../../lib/strings/story.js";
import { h } from "../../lib/dom.js";
import { announce } from "../../lib/announce.js";
import { encodeRecord } from "../../lib/recordcodec.js";
import { newStory, encodeStory, decodeStory, parseStory, storyText, compactReview, LINK_MOST } from "../../lib/story.js";
import { reviewKey, loadReview, keepReview } from "../../lib/reviews.js";
import { gameName, seatText, copyText, errorText } from "../../lib/util.js";
import { messagePage } from "../table/live.js";
import { engineStatus } from "../table/progress.js";
import { downloadText } from "../storage.js";
import { useStyle } from "../../embed/util.js";
import { createStoryView } from "../../embed/story.js";
import { recordOf } from "./replay.js";
import { capturePicture, captureVideo } from "../story/capture.js";
import { judgeAll } from "../story/judge.js";

const DRAFT = "vt.story.draft.";

function loadDraft(fingerprint) {
  try {
    const d = JSON.parse(localStorage.getItem(DRAFT + fingerprint) || "null");
    return d && typeof d === "object" ? d : null;
  } catch (_) {
    return null;
  }
}

function saveDraft(s) {
  try {
    localStorage.setItem(DRAFT + s.record.fingerprint, JSON.stringify({ move: s.move, seat: s.seat, notes: s.notes, review: s.review }));
  } catch (_) { /* storage full or blocked: the page keeps it while open */ }
}

export function mount(el, params, ctx) {
  useStyle("pages.css");
  let alive = true;
  let view = null;
  let offLang = null;
  const status = engineStatus(ctx.engine, { compact: true });
  const fail = (title, body, detail) => { if (alive) messagePage(el, { title, body, detail }); };

  (async () => {
    let story;
    let shared = false;
    if (params.query && params.query.s) {
      try {
        story = await decodeStory(params.query.s);
      } catch (e) {
        return fail(t("story.badTitle"), t("story.badLink"), e.message);
      }
      shared = true;
    } else if (params.arg || params.r) {
      const got = await recordOf(params, ctx, {
        fail,
        onRunning: () => fail(t("story.notOverTitle"), t("story.notOver")),
      });
      if (!got || !alive) return;
      if (!got.record.result || !got.record.seed) return fail(t("story.notOverTitle"), t("story.notOver"));
      story = newStory(got.record);
      const draft = loadDraft(got.record.fingerprint);
      if (draft) {
        try {
          story = parseStory(JSON.stringify({ ...story, ...draft, story: story.story, record: got.record }));
        } catch (_) { /* a draft that no longer fits: start again */ }
      }
      if (!story.review) story.review = await sharerReview(got.record);
    } else {
      return openFile();
    }
    if (alive) show(story, shared);
  })();

  /** This device's own review of the record, if it made one: a story written here carries it. */
  async function sharerReview(record) {
    try {
      await ctx.engine.ready;
      const version = (ctx.engine.info && ctx.engine.info.engine) || "?";
      const kept = await loadReview(await reviewKey(record), version);
      return kept && kept.moves.length ? compactReview(kept.moves, version) : null;
    } catch (_) {
      return null;
    }
  }

  function openFile() {
    const input = h("input", { type: "file", accept: ".json,application/json", dataset: { act: "file" },
      onchange: async () => {
        const f = input.files && input.files[0];
        if (!f) return;
        try {
          if (f.size > 8 * 1024 * 1024) throw new Error(t("story.bad.tooLong"));
          show(parseStory(await f.text()), true);
        } catch (e) {
          note.textContent = e.message;
        }
      } });
    const note = h("p.pg-note", { role: "alert" });
    el.replaceChildren(h("div.pg.pg-story", { dataset: { page: "story" } },
      h("header.pg-head", h("p.pg-crumbs", h("a", { href: "#/" }, t("pg.backToLobby"))), h("h1", t("story.openTitle"))),
      h("p", t("story.openHelp")), h("label.button", input, " ", t("story.openFile")), note));
  }

  function show(story, shared) {
    const record = story.record;
    let editing = !shared;
    const head = h("header.pg-head");
    const seal = h("div.st-seal", { role: "status", dataset: { seal: "checking" } });
    const host = h("div.st-host");
    const statusBox = h("div.pg-status", status.el);
    const shareBox = h("section.pg-share.st-share");
    const shareNote = h("p.pg-note", { role: "status" });
    const check = h("div.st-check", { role: "status" });
    el.replaceChildren(h("div.pg.pg-story", { dataset: { page: "story", mode: editing ? "write" : "read" } },
      head, seal, statusBox, host, check, shareBox));

    const names = record.seats.map((s, i) => seatText(s, i));
    function paintHead() {
      head.replaceChildren(
        h("p.pg-crumbs", h("a", { href: "#/" }, t("pg.backToLobby")), " · ",
          h("a", { href: "#/replay", onclick: async (e) => { e.preventDefault(); ctx.navigate(`#/replay?r=${await encodeRecord(record)}`); } }, t("rv.toReplay"))),
        h("h1", t("story.title", { game: gameName(record.game) })),
        h("p.pg-sub", t("pg.replay.sub", { seats: names.map((n) => `\u2068${n}\u2069`).join(", "), n: record.actions.length })),
        h("p.pg-note", editing ? t("story.writeLead") : t("story.readLead")),
      );
    }

    async function checkSeal() {
      let report;
      try {
        report = await ctx.engine.call("verify", { text: JSON.stringify(record) });
      } catch (e) {
        report = { ok: false, words: null, summary: errorText(e) };
      }
      if (!alive) return;
      seal.dataset.seal = report.ok ? "ok" : "bad";
      seal.className = `st-seal pg-verdict ${report.ok ? "good" : "bad"}`;
      seal.replaceChildren(...(report.ok
        ? [h("p", h("span.pg-mark", { "aria-hidden": "true" }, "✓ "), t("story.sealOk"))]
        : [h("p", h("span.pg-mark", { "aria-hidden": "true" }, "✗ "), h("strong", t("story.sealBad"))),
          h("p.st-differs", { dataset: { move: report.move || "", field: report.field || "" } }, words(report.words) || report.summary),
          h("p", h("a", { href: "#/verify", onclick: async (e) => { e.preventDefault(); ctx.navigate(`#/verify?r=${await encodeRecord(record)}`); } }, t("story.sealDetails")))]));
    }

    let linkCache = null;
    const edited = () => { linkCache = null; if (editing) saveDraft(story); paintShare(); };

    view = createStoryView(host, {
      engine: ctx.engine, story, mode: "page", editing,
      onEdit: edited,
      onMove: () => paintShare(),
    });
    view.ready.then(() => { if (alive) statusBox.remove(); }, (e) => {
      if (!alive) return;
      statusBox.remove();
      host.replaceChildren(h("div.pg-verdict.bad", { role: "alert" }, h("h2", t("story.badTitle")), h("p.detail", errorText(e))));
    });

    async function link() {
      linkCache ??= `${location.href.split("#")[0]}#/story?s=${await encodeStory(story)}`;
      return linkCache;
    }

    function paintShare() {
      const k = view && view.viewer ? view.viewer.move : story.move;
      const seatSel = h("select", { dataset: { act: "seat" }, "aria-label": t("story.seatLabel"),
        onchange: (e) => view.setSeat(e.target.value === "" ? null : Number(e.target.value)) },
      h("option", { value: "" }, t("story.seatAll")),
      names.map((n, i) => h("option", { value: String(i) }, n)));
      seatSel.value = story.seat === null ? "" : String(story.seat);
      shareBox.replaceChildren(
        h("h2", t("story.share")),
        editing ? h("div.pg-actions",
          h("button.button", { type: "button", dataset: { act: "start-here" }, "aria-pressed": story.move === k ? "true" : "false",
            onclick: () => { story.move = k; edited(); announce(t("story.startsAt", { k })); } },
          story.move === k ? t("story.startsHere") : t("story.startHere")),
          h("label.pg-check", t("story.seatLabel"), " ", seatSel)) : null,
        h("div.pg-actions",
          h("button.button.primary", { type: "button", dataset: { act: "share" }, onclick: share }, t("story.copyLink")),
          h("button.button", { type: "button", dataset: { act: "file" },
            onclick: () => downloadText(`${record.game}-${record.fingerprint.slice(0, 8)}.story.json`, storyText(story)) }, t("story.saveFile")),
          h("button.button", { type: "button", dataset: { act: "picture" }, onclick: picture }, t("story.picture")),
          h("button.button", { type: "button", dataset: { act: "video" }, onclick: video }, t("story.video")),
          editing ? null : h("button.button", { type: "button", dataset: { act: "write" }, onclick: () => setEditing(true) }, t("story.write")),
          story.review && story.review.moves.length ? h("button.button", { type: "button", dataset: { act: "check" }, onclick: checkHere }, t("story.checkHere")) : null),
        shareNote);
    }

    function setEditing(on) {
      editing = on;
      el.querySelector(".pg-story").dataset.mode = on ? "write" : "read";
      if (on) saveDraft(story);
      view.setEditing(on);
      paintHead();
      paintShare();
    }

    async function share() {
      const url = await link();
      if (url.length > LINK_MOST) {
        shareNote.textContent = t("story.tooLong", { n: url.length, most: LINK_MOST });
        shareNote.dataset.length = String(url.length);
        return;
      }
      shareNote.dataset.length = String(url.length);
      shareNote.textContent = (await copyText(url)) ? t("story.copied", { n: url.length }) : t("pg.copyFailed", { text: url });
    }

    async function picture() {
      shareNote.textContent = t("story.making");
      try {
        const blob = await capturePicture(view, names);
        save(blob, `${record.game}-${record.fingerprint.slice(0, 8)}-${view.viewer.move}.png`);
        shareNote.textContent = t("story.pictureDone");
      } catch (e) {
        shareNote.textContent = t("story.captureFailed", { msg: errorText(e) });
      }
    }

    async function video() {
      const to = view.viewer.move || record.actions.length;
      const from = Math.max(0, story.move < to ? story.move : 0);
      shareNote.textContent = t("story.recording", { from, to });
      try {
        const got = await captureVideo(view, names, { from, to, onStep: (k) => { shareNote.textContent = t("story.recordingAt", { k, from, to }); } });
        save(got.blob, `${record.game}-${record.fingerprint.slice(0, 8)}-${from}-${to}.webm`);
        shareNote.textContent = t("story.videoDone", { s: (got.ms / 1000).toFixed(1), n: to - from });
        Object.assign(shareNote.dataset, { videoMs: String(Math.round(got.ms)), videoWidth: String(got.width), videoHeight: String(got.height) });
      } catch (e) {
        shareNote.textContent = t("story.captureFailed", { msg: errorText(e) });
      }
    }

    function save(blob, name) {
      const url = URL.createObjectURL(blob);
      const a = h("a", { href: url, download: name });
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60000);
      el.querySelector(".pg-story").dataset.saved = name;
    }

    /** The review made again on this device and set beside the one that came with the story. */
    async function checkHere() {
      check.dataset.state = "running";
      check.replaceChildren(h("p", t("story.checking")));
      const theirs = view.judged;
      let mine;
      try {
        mine = await judgeAll(ctx.engine, record, (k, n) => { check.firstChild.textContent = t("rv.judging", { k, n }); }, () => alive);
      } catch (e) {
        check.dataset.state = "failed";
        check.replaceChildren(h("p", t("rv.failed", { msg: errorText(e) })));
        return;
      }
      if (!alive) return;
      const version = (ctx.engine.info && ctx.engine.info.engine) || "?";
      keepReview({ id: await reviewKey(record), game: record.game, engine: version, total: mine.length, moves: mine }).catch(() => {});
      const here = new Map(mine.map((m) => [m.step, m]));
      const differ = theirs.filter((m) => {
        const o = here.get(m.step);
        return !o || o.best !== m.best || o.mark !== m.mark;
      });
      check.dataset.state = "done";
      check.dataset.differ = String(differ.length);
      check.replaceChildren(h("p", differ.length
        ? t("story.checkDiffers", { n: theirs.length, d: differ.length, moves: differ.slice(0, 12).map((m) => m.step + 1).join(", ") })
        : t("story.checkSame", { n: theirs.length })));
      announce(check.textContent);
    }

    paintHead();
    paintShare();
    checkSeal();
    offLang = onLangChange(() => { paintHead(); paintShare(); checkSeal(); });
  }

  return () => {
    alive = false;
    status.destroy();
    if (offLang) offLang();
    if (view) view.destroy();
  };
}
