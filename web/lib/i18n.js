// Every visible word goes through t(). Each module registers its own strings (web/lib/strings/,
// web/lib/lessons/strings.js, each game's strings.js) so that no file holds every page's words.

const LANGS = ["en", "pt"];
const KEY = "vt.lang";
const tables = { en: {}, pt: {} };
const listeners = new Set();
let lang = initialLang();

function initialLang() {
  try {
    const saved = localStorage.getItem(KEY);
    if (LANGS.includes(saved)) return saved;
  } catch (_) { /* storage blocked: fall back to the browser's language */ }
  const nav = (navigator.language || "en").toLowerCase();
  return nav.startsWith("pt") ? "pt" : "en";
}

export function addStrings(strings) {
  for (const l of LANGS) Object.assign(tables[l], strings[l] || {});
}

export function getLang() {
  return lang;
}

export function setLang(next) {
  if (!LANGS.includes(next) || next === lang) return;
  lang = next;
  try { localStorage.setItem(KEY, next); } catch (_) { /* not remembered, still switched */ }
  document.documentElement.lang = next === "pt" ? "pt-BR" : "en";
  for (const fn of [...listeners]) {
    try { fn(next); } catch (e) { console.error(e); }
  }
}

/** Subscribe to language changes; returns an unsubscribe function. */
export function onLangChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

const pluralRules = {};

/** The language's plural category of `n` ("one", "other"…), by the platform's own rules. */
export function pluralOf(n, language = lang) {
  pluralRules[language] ??= new Intl.PluralRules(language === "pt" ? "pt-BR" : "en");
  return pluralRules[language].select(n);
}

/**
 * The text for `key` in the current language; `{name}` placeholders are filled from `vars`.
 * A string that depends on a count is an object of plural forms, `{one: "1 tile", other: "{n}
 * tiles"}`, chosen by `vars.n` (or `vars.count`) with the language's plural rules.
 */
export function t(key, vars) {
  let text = tables[lang][key];
  if (text === undefined) text = tables.en[key];
  if (text === undefined) {
    console.warn("missing string", key);
    text = key;
  }
  if (text && typeof text === "object") {
    const n = vars ? (vars.n ?? vars.count) : undefined;
    text = text[typeof n === "number" ? pluralOf(n) : "other"] ?? text.other;
  }
  if (vars) text = text.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));
  return text;
}

/** True when `key` has words in some language (for optional strings such as game blurbs). */
export function hasString(key) {
  return key in tables.en || key in tables.pt;
}

/** Pick the current language's entry of an engine `{en, pt}` words object. */
export function words(obj) {
  if (!obj) return "";
  if (typeof obj === "string") return obj;
  return obj[lang] || obj.en || Object.values(obj)[0] || "";
}

/** Fill elements marked data-i18n="key" (text) and data-i18n-<attr>="key" (attributes). */
export function translateTree(root) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-title],[data-i18n-aria-label],[data-i18n-placeholder]")) {
    for (const attr of ["title", "aria-label", "placeholder"]) {
      const key = el.getAttribute(`data-i18n-${attr}`);
      if (key) el.setAttribute(attr, t(key));
    }
  }
}

document.documentElement.lang = lang === "pt" ? "pt-BR" : "en";
