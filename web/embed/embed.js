// embed.html: one record from the URL fragment, shown read-only and filling its frame.
//   #r=<record>     base64url of the deflate-raw record JSON (web/lib/recordcodec.js)
//   &move=N         the position after N moves (default: the last move)
//   &controls=1     step controls (otherwise only the position and its caption)
//   &lang=en|pt     the language (default: the visitor's choice on this site, else the browser's)
// or one lesson, played on the game's board as on the How to play page:
//   #lesson=<game>/<id>[&lang=en|pt]
// or a game's story (docs/story.md): its board at the story's move, seen as its seat, the note and the
// marks of the move on show, its chart when a review came with it, read-only:
//   #s=<story>[&controls=1][&lang=en|pt]
// A fragment is never sent to a server, so the record stays between the page and the reader.
// Every embed of a page shares one rules engine (./shared-engine.js).

import { t, getLang, setLang } from "../lib/i18n.js";
import "../lib/strings/shell.js";
import "../lib/strings/pages.js";
import { h } from "../lib/dom.js";
import { getSharedEngine } from "./shared-engine.js";
import { decodeRecord } from "../lib/recordcodec.js";
import { createViewer } from "./viewer.js";
import { createStoryView } from "./story.js";
import { decodeStory } from "../lib/story.js";
import "../lib/strings/review.js";
import "../lib/strings/story.js";
import { recordProblem, gameName } from "../lib/util.js";
import { isGame, loadRenderer } from "../games/index.js";

const main = document.getElementById("embed");
let viewer = null;
let engine = null;
let generation = 0;

/** Which frame runs Python (for tools and tests: <main data-engine="leader|follower">). */
function markEngine() {
  const paint = () => { main.dataset.engine = engine.leader === false ? "follower" : "leader"; };
  paint();
  if (typeof engine.onState === "function") engine.onState(paint);
}

/** Use the fragment's language without changing the visitor's remembered choice for the site. */
function applyLang(lang) {
  if (lang !== "en" && lang !== "pt" || lang === getLang()) return;
  let saved = null;
  try { saved = localStorage.getItem("vt.lang"); } catch (_) { /* storage blocked */ }
  setLang(lang);
  try {
    if (saved === null) localStorage.removeItem("vt.lang");
    else localStorage.setItem("vt.lang", saved);
  } catch (_) { /* storage blocked */ }
}

function message(text, detail, bad = true) {
  main.dataset.state = bad ? "error" : "empty";
  main.replaceChildren(h("div.embed-msg", { class: bad ? "bad" : null, role: "alert" },
    h("p", text), detail ? h("p.detail", detail) : null));
}

function siteLink(fragment) {
  return new URL(`../../index.html#${fragment}`, import.meta.url).href;
}

async function show() {
  const gen = ++generation;
  main.dataset.state = "loading";
  if (viewer) {
    viewer.destroy();
    viewer = null;
  }
  const params = new URLSearchParams(location.hash.replace(/^#/, ""));
  applyLang(params.get("lang"));
  document.documentElement.lang = getLang() === "pt" ? "pt-BR" : "en";
  const lesson = params.get("lesson");
  if (lesson !== null) return showLesson(lesson, gen);
  const s = params.get("s");
  if (s !== null) return showStory(s, params.get("controls") !== "0", gen);
  const r = params.get("r");
  if (!r) return message(t("pg.embed.none"), null, false);
  let record;
  try {
    record = await decodeRecord(r);
  } catch (e) {
    if (gen === generation) message(t("pg.embed.bad"), e.message);
    return;
  }
  if (gen !== generation) return; // the fragment changed meanwhile
  const problem = recordProblem(record);
  if (problem) return message(t("pg.embed.bad"), problem);

  const moveParam = params.get("move");
  const move = moveParam !== null && /^\d+$/.test(moveParam) ? Number(moveParam) : undefined;
  const controls = params.get("controls") === "1";
  document.title = `${gameName(record.game)} · ${t("shell.siteName")}`;

  let open = null;
  await fill(gen, (host) => createViewer(host, {
    engine, record, move, controls, mode: "embed",
    // Keep "Open in Valley Tables" at the position the reader stepped to.
    onMove: (k) => { if (open) open.href = siteLink(`/replay?r=${r}&move=${k}`); },
  }), (v) => (open = openLink(`/replay?r=${r}&move=${v.move}`)));
}

/** The frame's link to the same thing on the site. In a narrow frame only the arrow shows (embed.css); the words stay its accessible name. */
function openLink(fragment) {
  return h("a.embed-open", {
    href: siteLink(fragment), target: "_blank", rel: "noopener", title: t("pg.embed.open"),
  }, h("span.embed-open-text", t("pg.embed.open")), h("span", { "aria-hidden": "true" }, " ↗"));
}

/**
 * Fill the frame with what `make(host)` builds (a viewer: {ready, destroy}), a progress bar over it
 * while the engine starts, and `link(view)`'s link in its bar; the frame is ready once the view is.
 */
async function fill(gen, make, link) {
  if (!engine) {
    engine = getSharedEngine();
    markEngine();
  }
  const host = h("div.embed-host");
  host.style.cssText = "flex:1;min-height:0;display:flex;flex-direction:column;position:relative";
  const bar = h("progress", { max: "100", value: "0" });
  const loading = h("div.embed-loading", { role: "status" }, h("div", h("p", t("pg.embed.loading")), bar));
  const off = engine.onProgress((f) => { bar.value = Math.round((f || 0) * 100); });
  main.replaceChildren(host);
  const v = make(host);
  viewer = v;
  host.append(loading);
  host.querySelector(".vtv-bar").append(link(v));
  try {
    await v.ready;
  } catch (e) {
    off();
    if (viewer === v) message(t("pg.embed.cannot"), e && e.message ? e.message : String(e));
    return;
  }
  off();
  loading.remove();
  if (viewer === v && gen === generation) main.dataset.state = "ready";
}

/** #s=<story>: the story read-only, its note and marks with each move. */
async function showStory(packed, controls, gen) {
  let story;
  try {
    story = await decodeStory(packed);
  } catch (e) {
    if (gen === generation) message(t("story.badTitle"), e.message);
    return;
  }
  if (gen !== generation) return;
  document.title = `${t("story.title", { game: gameName(story.record.game) })} · ${t("shell.siteName")}`;
  await fill(gen, (host) => createStoryView(host, { engine, story, mode: "embed", controls }), () => openLink(`/story?s=${packed}`));
}

/** #lesson=<game>/<id>: the lesson, played in the frame; Next lesson stays in the frame. */
async function showLesson(spec, gen) {
  // Loaded only for a lesson: a replay embed (the common case) parses none of it.
  const [{ lessonList }, { createLessonPlayer }] = await Promise.all([
    import("../lib/lessons/catalog.js"), import("../lib/lessons/player.js")]);
  if (gen !== generation) return;
  const [game, id] = spec.split("/");
  if (!game || !id || !isGame(game)) return message(t("ls.embedNone"), spec || null, false);
  document.title = `${gameName(game)} · ${t("shell.siteName")}`;
  if (!engine) {
    engine = getSharedEngine();
    markEngine();
  }
  const bar = h("progress", { max: "100", value: "0" });
  const loading = h("div.embed-loading", { role: "status" }, h("div", h("p", t("pg.embed.loading")), bar));
  const off = engine.onProgress((f) => { bar.value = Math.round((f || 0) * 100); });
  const host = h("div.embed-host.embed-lesson");
  main.replaceChildren(host, loading);
  let list;
  try {
    list = await lessonList(engine, game);
  } catch (e) {
    off();
    if (gen === generation) message(t("pg.embed.cannot"), e && e.message ? e.message : String(e));
    return;
  }
  if (gen !== generation) return off();
  if (!list.some((l) => l.id === id)) {
    off();
    return message(t("ls.embedBad", { detail: spec }), null);
  }
  const lang = new URLSearchParams(location.hash.replace(/^#/, "")).get("lang");
  const keep = lang ? `&lang=${lang}` : "";
  const open = h("a.embed-open", {
    href: siteLink(`/howto/${game}?lesson=${encodeURIComponent(id)}`), target: "_blank", rel: "noopener",
  }, t("ls.embedOpen"), " ↗");
  const player = createLessonPlayer(host, {
    loadRenderer,
    engine, game, id, list, mode: "embed",
    onChoose: (next) => { location.hash = `lesson=${game}/${next}${keep}`; },
    extra: open,
  });
  viewer = player;
  try {
    await player.ready;
  } catch (_) { /* the player shows what went wrong */ }
  off();
  loading.remove();
  if (viewer === player && gen === generation) main.dataset.state = "ready";
}

window.addEventListener("hashchange", show);
show();
