// The live-examples page (web/pyscript.html) around its Python: the words in English or
// Portuguese (the same remembered choice as the rest of the site), a code editor per example,
// edits kept for the tab's life (a reload loses nothing), and the notes under each Run.
// examples.py runs the code; it tells this module what happened through DOM events.

import { t, getLang, setLang, onLangChange, translateTree } from "../lib/i18n.js";
import "../lib/strings/shell.js";
import "./strings.js";
import { registerServiceWorker } from "../engine.js";
import { codeEditor } from "./editor.js";

const KEEP = "vt.pyscript.";   // sessionStorage key prefix: one edited example each

function stored(id) {
  try { return sessionStorage.getItem(KEEP + id); } catch (_) { return null; }
}

function store(id, text) {
  try {
    if (text === null) sessionStorage.removeItem(KEEP + id);
    else sessionStorage.setItem(KEEP + id, text);
  } catch (_) { /* storage blocked: the edit stays on the page only */ }
}

const examples = [...document.querySelectorAll("section.example")].map((section) => {
  const area = section.querySelector("textarea.code");
  const run = section.querySelector("button.run");
  const reset = section.querySelector("button.reset");
  const note = section.querySelector(".run-note");
  const original = area.defaultValue;
  // An example that prints in the page's language says so in one line; the rest is the same code.
  const langLine = area.dataset.langLine;
  const codeFor = (lang) => (langLine
    ? original.replace(new RegExp(`^${langLine}"en"`, "m"), `${langLine}"${lang}"`) : original);
  const ex = { section, area, run, reset, note, codeFor };
  ex.edited = () => area.value !== codeFor(getLang()) && area.value !== codeFor(getLang() === "pt" ? "en" : "pt");
  ex.editor = codeEditor(area, {
    onRun: () => {
      if (run.disabled) note.textContent = t("py.notYet");
      else run.click();
    },
    onChange: () => {
      const edited = ex.edited();
      store(section.id, edited ? area.value : null);
      reset.hidden = !edited;
    },
  });
  const kept = stored(section.id);
  ex.editor.setText(kept !== null ? kept : codeFor(getLang()));
  reset.hidden = !ex.edited();
  reset.addEventListener("click", () => {
    ex.editor.setText(codeFor(getLang()));
    store(section.id, null);
    reset.hidden = true;
    area.focus();
  });
  // examples.py ran this section's code.
  section.addEventListener("vt:example-ran", paintNote);
  function paintNote() {
    const { state, ms } = section.dataset;
    note.textContent = state ? t(state === "done" ? "py.done" : "py.failed", { ms }) : "";
  }
  ex.paintNote = paintNote;
  return ex;
});

const status = document.getElementById("py-status");
function paintStatus() {
  const version = document.body.dataset.engineVersion;
  status.textContent = version ? t("py.ready", { version }) : t("py.starting");
}

function paint(lang) {
  translateTree(document);
  document.title = t("py.pageTitle");
  for (const b of document.querySelectorAll(".lang-switch [data-lang]")) b.setAttribute("aria-pressed", String(b.dataset.lang === lang));
  paintStatus();
  for (const ex of examples) {
    ex.paintNote();
    // An example nobody changed follows the language.
    const other = ex.codeFor(lang === "pt" ? "en" : "pt");
    if (ex.area.value === other) ex.editor.setText(ex.codeFor(lang));
  }
  document.documentElement.classList.remove("pt-first");
}

for (const b of document.querySelectorAll(".lang-switch [data-lang]")) b.addEventListener("click", () => setLang(b.dataset.lang));
onLangChange(paint);
paint(getLang());

// The page works offline too once visited; the cache fills after the examples ran, so it never
// competes with their start.
document.addEventListener("vt:examples-ready", () => {
  paintStatus();
  registerServiceWorker();
}, { once: true });
