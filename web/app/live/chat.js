// Talking at a live table: short lines and quick phrases between the people at a table across
// devices (docs/live.md, "Talking at a table"). Lines travel over the table's sealed sessions and
// never reach the engine: they are not part of the game or its record. The host's page passes
// each line on to every other device, naming the seat it came from by the session it arrived on
// (a line never says who wrote it). Plain text only, short, a few a minute; each person may mute
// another on their own page. Each tab keeps the last lines of its table (session storage: a reload
// loses none, and they go with the tab).

import { t, addStrings, onLangChange } from "../../lib/i18n.js";
import { h } from "../../lib/dom.js";
import { announce } from "../../lib/announce.js";

/** The longest line, in characters (after cleaning). */
export const MAX_CHAT = 200;
/** Lines a page keeps and shows per table. */
const KEEP = 40;
/** A person's lines: a burst of this many, then one every this many seconds (the host drops the rest). */
export const CHAT_BURST = 4;
export const CHAT_EVERY_S = 3;

/** Quick phrases: sent by name, read in each reader's own language. */
export const PHRASES = ["hello", "gg", "wellPlayed", "moment", "thanks", "oops"];

addStrings({
  en: {
    "chat.title": "Talk",
    "chat.say": "Say something",
    "chat.send": "Send",
    "chat.empty": "Nothing said yet. Lines go to the people at this table only, and are not part of the game.",
    "chat.spectator": "Spectators read what the people at the table say.",
    "chat.mute": "Mute {name}",
    "chat.unmute": "Unmute {name}",
    "chat.muted": "{name} is muted on this device.",
    "chat.tooFast": "One moment: a few lines at a time.",
    "chat.said": "{name} says: {text}",
    "chat.phrase.hello": "Hello!",
    "chat.phrase.gg": "Good game!",
    "chat.phrase.wellPlayed": "Well played!",
    "chat.phrase.moment": "One moment, please.",
    "chat.phrase.thanks": "Thanks!",
    "chat.phrase.oops": "Oops!",
  },
  pt: {
    "chat.title": "Conversa",
    "chat.say": "Diga algo",
    "chat.send": "Enviar",
    "chat.empty": "Nada dito ainda. As falas vão só para as pessoas desta mesa e não fazem parte do jogo.",
    "chat.spectator": "Os espectadores leem o que as pessoas da mesa dizem.",
    "chat.mute": "Silenciar {name}",
    "chat.unmute": "Ouvir {name}",
    "chat.muted": "{name} está silenciado neste aparelho.",
    "chat.tooFast": "Um momento: poucas falas de cada vez.",
    "chat.said": "{name} diz: {text}",
    "chat.phrase.hello": "Olá!",
    "chat.phrase.gg": "Bom jogo!",
    "chat.phrase.wellPlayed": "Bem jogado!",
    "chat.phrase.moment": "Um momento, por favor.",
    "chat.phrase.thanks": "Obrigado!",
    "chat.phrase.oops": "Ops!",
  },
});

// Control characters, and the marks that reorder text (a line could otherwise pose as another's).
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

/** A line as it may be shown: plain, one line, trimmed, at most MAX_CHAT characters; "" when nothing is left. */
export function cleanText(text) {
  if (typeof text !== "string") return "";
  return text.slice(0, 4 * MAX_CHAT).replace(UNSAFE, " ").replace(/\s+/g, " ").trim().slice(0, MAX_CHAT);
}

/**
 * What a line sent by a page says, or null: exactly one of `text` (cleaned, not empty) and `phrase`
 * (one of PHRASES).
 */
export function chatLine(msg) {
  const hasText = typeof msg.text === "string", hasPhrase = typeof msg.phrase === "string";
  if (hasText === hasPhrase) return null;
  if (hasPhrase) return PHRASES.includes(msg.phrase) ? { phrase: msg.phrase } : null;
  const text = cleanText(msg.text);
  return text ? { text } : null;
}

/** A token bucket for one person's lines: true when a line may go now. */
export function chatAllowed(holder, now = Date.now()) {
  const b = holder.chatBudget || (holder.chatBudget = { tokens: CHAT_BURST, at: now });
  b.tokens = Math.min(CHAT_BURST, b.tokens + (now - b.at) / (CHAT_EVERY_S * 1000));
  b.at = now;
  if (b.tokens < 1) return false;
  b.tokens -= 1;
  return true;
}

function loadKept(key) {
  try {
    const kept = JSON.parse(sessionStorage.getItem(key) || "null");
    if (kept && Array.isArray(kept.lines) && Array.isArray(kept.muted)) {
      return { lines: kept.lines.filter((l) => l && Number.isInteger(l.seat) && chatLine(l)).slice(-KEEP),
        muted: kept.muted.filter(Number.isInteger) };
    }
  } catch (_) { /* a page without storage keeps its lines in memory only */ }
  return { lines: [], muted: [] };
}

/**
 * The talk panel of a live table. `me`: this page's seat (null: a spectator, who reads only);
 * `send({text} | {phrase})`: hands a line to the host (the host's page: passes it on itself) and
 * returns false when it could not go; `keepKey`: where this page keeps its lines (per table).
 */
export class Chat {
  constructor({ me, send, keepKey }) {
    this.me = me;
    this.send = send;
    this.keepKey = keepKey;
    this.seats = [];
    const kept = keepKey ? loadKept(keepKey) : { lines: [], muted: [] };
    this.lines = kept.lines;
    this.muted = new Set(kept.muted);
    this.list = h("ol.chat-lines", { "aria-label": t("chat.title") });
    this.note = h("p.chat-note", { role: "status" });
    this.input = h("input#chat-input", { type: "text", maxlength: String(MAX_CHAT), autocomplete: "off",
      "aria-label": t("chat.say"), placeholder: t("chat.say"), enterkeyhint: "send" });
    this.form = h("form.chat-form", { onsubmit: (e) => { e.preventDefault(); this.say({ text: this.input.value }); } },
      this.input, h("button.button.small#chat-send", { type: "submit" }, t("chat.send")));
    this.phrases = h("div.chat-phrases");
    this.mutes = h("div.chat-mutes");
    this.title = h("h2", t("chat.title"));
    this.el = h("section.panel.chat-panel", { dataset: { seat: me === null ? "" : String(me) } },
      this.title, this.list, this.note, me === null ? null : this.phrases, me === null ? null : this.form, this.mutes);
    // Keys typed here are words, not a board's or the page's keys.
    this.el.addEventListener("keydown", (e) => { if (e.target === this.input) e.stopPropagation(); });
    this.offLang = onLangChange(() => this.paint());
    this.paint();
  }

  /** The seats' names and kinds (a snapshot's `seats`): lines are signed with them. */
  setSeats(seats) {
    const same = JSON.stringify(seats.map((s) => [s.name, !!s.bot])) === JSON.stringify(this.seats.map((s) => [s.name, !!s.bot]));
    this.seats = seats;
    if (!same) this.paint();
  }

  say(line) {
    const clean = chatLine(line);
    if (!clean || this.me === null) return;
    if (!chatAllowed(this)) {
      this.note.textContent = t("chat.tooFast");
      return;
    }
    if (this.send(clean) !== false) {
      this.note.textContent = "";
      if (clean.text) this.input.value = "";
    }
  }

  /** A line the host passed on (or the host's own): {seat, text | phrase}. */
  receive(line) {
    const clean = chatLine(line);
    if (!clean || !Number.isInteger(line.seat)) return;
    const entry = { seat: line.seat, ...clean };
    this.lines.push(entry);
    if (this.lines.length > KEEP) this.lines.splice(0, this.lines.length - KEEP);
    this.keep();
    if (!this.muted.has(entry.seat)) {
      if (entry.seat !== this.me) announce(t("chat.said", { name: this.name(entry.seat), text: this.words(entry) }));
      this.paintLines();
    }
  }

  toggleMute(seat) {
    if (this.muted.has(seat)) this.muted.delete(seat);
    else this.muted.add(seat);
    this.keep();
    this.paint();
  }

  name(seat) {
    const s = this.seats[seat];
    return s ? s.name : `#${seat + 1}`;
  }

  words(line) {
    return line.phrase ? t(`chat.phrase.${line.phrase}`) : line.text;
  }

  keep() {
    if (!this.keepKey) return;
    try {
      sessionStorage.setItem(this.keepKey, JSON.stringify({ lines: this.lines, muted: [...this.muted] }));
    } catch (_) { /* full or blocked storage: the lines stay on the screen */ }
  }

  paintLines() {
    const shown = this.lines.filter((l) => !this.muted.has(l.seat));
    this.list.replaceChildren(...(shown.length ? shown.map((l) => h("li", { dataset: { seat: String(l.seat) },
      class: l.seat === this.me ? "mine" : null },
      h("span.chat-who", this.name(l.seat)), " ", h("span.chat-words", this.words(l))))
      : [h("li.chat-empty", this.me === null ? t("chat.spectator") : t("chat.empty"))]));
    this.list.scrollTop = this.list.scrollHeight;
  }

  paint() {
    this.title.textContent = t("chat.title");
    this.input.placeholder = t("chat.say");
    this.input.setAttribute("aria-label", t("chat.say"));
    this.form.querySelector("button").textContent = t("chat.send");
    this.phrases.replaceChildren(...PHRASES.map((p) => h("button.button.small.ghost.chat-phrase",
      { type: "button", dataset: { phrase: p }, onclick: () => this.say({ phrase: p }) }, t(`chat.phrase.${p}`))));
    // Only people can be muted: a bot says nothing.
    const others = this.seats.map((s, k) => ({ s, k })).filter(({ s, k }) => k !== this.me && !s.bot);
    this.mutes.replaceChildren(...others.map(({ k }) => h("button.button.small.ghost.chat-mute", {
      type: "button", dataset: { seat: String(k) }, "aria-pressed": String(this.muted.has(k)),
      onclick: () => this.toggleMute(k),
    }, t(this.muted.has(k) ? "chat.unmute" : "chat.mute", { name: this.name(k) }))));
    this.paintLines();
  }

  destroy() {
    this.offLang();
  }
}
