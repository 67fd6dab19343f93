// New table: seats (person or bot with a level), names, the game's options. The clock is one
// control: the rules' times, relaxed times, or no clock at all (the table's `timers` off).
// The form renders at once from the static game list; the engine's own `games`
// answer (player range, bot levels, options with EN/PT labels) fills in when ready.

import { t, onLangChange, words } from "../../lib/i18n.js";
import { levelName } from "../../lib/seats.js";
import { GAMES, isGame, warmRenderer } from "../../games/index.js";
import { h } from "../../lib/dom.js";
import { messagePage } from "../table/live.js";
import { engineStatus } from "../table/progress.js";
import { createTable } from "../table/session.js";
import { storageUsable } from "../storage.js";

/** A level's rating in words: the anchor says it is the anchor, the others their interval. */
function ratingWords(r) {
  const rating = Math.round(r.rating);
  return r.low === r.high ? t("newtable.ratingAnchor", { rating })
    : t("newtable.rating", { rating, low: Math.round(r.low), high: Math.round(r.high) });
}

let engineGames = null; // cached `games` answer: {name: {min_players, max_players, bot_levels, options}}

export function mount(el, params, ctx) {
  const game = params.game;
  if (!isGame(game)) {
    messagePage(el, { title: t("shell.unknownGameTitle"), body: t("shell.unknownGameBody", { game }) });
    return () => {};
  }
  if (!GAMES[game].playable) {
    messagePage(el, {
      title: t("newtable.soonTitle", { game: t(`game.${game}`) }),
      body: t("newtable.soonBody"),
      actions: [h("a.button", { href: `#/howto/${game}` }, t("lobby.howto")), " ",
        h("a.button", { href: "#/" }, t("shell.backToLobby"))],
    });
    return () => {};
  }

  // While the form is filled in, the table page and this game's board are loaded and the board's
  // data prepared, so Start shows the table at once.
  import("./table.js").catch(() => {});
  ctx.engine.ready.then(() => warmRenderer(game, ctx.engine), () => {});

  const base = GAMES[game];
  const form = {
    seats: [],
    options: {},
    timers: true,
    starting: false,
    error: null,
  };
  const info = () => {
    const e = engineGames && engineGames[game];
    return {
      min: e ? e.min_players : base.minPlayers,
      max: e ? e.max_players : base.maxPlayers,
      levels: e && e.bot_levels.length ? e.bot_levels : base.botLevels,
      levelWords: (e && e.bot_level_words) || base.botLevelWords || {},
      ladder: (e && e.ladder) || base.ladder || {},
      // The pace of a table over days is for a table across devices, never one on this device alone.
      options: (e ? e.options : (base.options || null))?.filter((o) => !o.across_devices_only) ?? null,
    };
  };
  const defaultName = (i, bot) => (bot ? t("newtable.botName", { n: i + 1 }) : t("newtable.personName", { n: i + 1 }));
  const setCount = (n) => {
    const levels = info().levels;
    while (form.seats.length < n) {
      const i = form.seats.length;
      const bot = i > 0;
      form.seats.push({ name: "", bot, level: levels[0] });
    }
    form.seats.length = n;
  };
  setCount(Math.max(info().min, Math.min(2, info().max)));

  let status = null;
  let alive = true;

  const render = () => {
    if (!alive) return;
    const focusId = document.activeElement && document.activeElement.id;
    const i = info();
    if (i.options) {
      for (const o of i.options) if (!(o.name in form.options)) form.options[o.name] = o.default;
    }
    if (form.seats.length < i.min) setCount(i.min);
    if (form.seats.length > i.max) setCount(i.max);
    for (const s of form.seats) if (!i.levels.includes(s.level)) s.level = i.levels[0];
    if (status) status.destroy();
    status = engineStatus(ctx.engine, { compact: true, onReady: loadGames });

    el.replaceChildren(h("form.newtable", { dataset: { page: "newtable", source: engineGames ? "engine" : "catalog" }, onsubmit: (e) => { e.preventDefault(); start(); } },
      h("p.crumbs", h("a", { href: "#/" }, t("shell.lobby")), " / ", t(`game.${game}`)),
      h("h1", t("newtable.title", { game: t(`game.${game}`) })),
      seatsFieldset(i),
      optionsFieldset(i),
      form.noStorage ? h("div.note.no-storage", { role: "alert" },
        h("p", t("storage.blocked")),
        h("label.check", { for: "play-unsaved" },
          h("input#play-unsaved", { type: "checkbox", checked: form.unsaved || undefined,
            onchange: (e) => { form.unsaved = e.target.checked; render(); } }),
          " ", t("storage.playAnyway"))) : null,
      h("div.start-row",
        h("button.button.primary.big#start", { type: "submit",
          disabled: form.starting || (form.noStorage && !form.unsaved) || undefined },
          form.starting ? t("newtable.starting") : t("newtable.start")),
        status.el,
      ),
      form.error ? h("p.form-error", { role: "alert" }, form.error) : null,
    ));
    if (focusId) {
      const again = document.getElementById(focusId);
      if (again) again.focus();
    }
  };

  const seatsFieldset = (i) => h("fieldset.seats-form",
    h("legend", t("newtable.seats")),
    i.min === i.max
      ? h("p.hint", t("newtable.fixedSeats", { n: i.min }))
      : h("label.inline", { for: "seat-count" }, t("newtable.howMany"), " ",
        h("select#seat-count", {
          onchange: (e) => { setCount(Number(e.target.value)); render(); },
        }, range(i.min, i.max).map((n) => h("option", { value: String(n), selected: n === form.seats.length || undefined }, String(n))))),
    h("ol.seat-rows", form.seats.map((s, k) => h("li.seat-row",
      h("span.seat-no", { "aria-hidden": "true" }, String(k + 1)),
      h("label.field",
        h("span", t("newtable.name", { n: k + 1 })),
        h("input", {
          id: `seat-name-${k}`, type: "text", maxlength: "24", value: s.name,
          placeholder: defaultName(k, s.bot), autocomplete: "off",
          oninput: (e) => { s.name = e.target.value; },
        })),
      h("label.field",
        h("span", t("newtable.kind")),
        h("select", {
          id: `seat-kind-${k}`,
          onchange: (e) => { s.bot = e.target.value === "bot"; render(); },
        },
        h("option", { value: "person", selected: !s.bot || undefined }, t("newtable.person")),
        h("option", { value: "bot", selected: s.bot || undefined }, t("newtable.bot")))),
      s.bot ? h("label.field",
        h("span", t("newtable.level")),
        h("select", { id: `seat-level-${k}`, "aria-describedby": i.levelWords[s.level] ? `seat-level-note-${k}` : undefined,
          onchange: (e) => { s.level = e.target.value; render(); } },
          i.levels.map((l) => h("option", { value: l, selected: l === s.level || undefined },
            i.ladder[l] ? t("newtable.levelRated", { level: levelName(l), rating: Math.round(i.ladder[l].rating) }) : levelName(l))))) : null,
      // What the chosen level does and how strong it measured, in one line (the engine's own words).
      s.bot && i.levelWords[s.level] ? h("p.level-note", { id: `seat-level-note-${k}`, dataset: { level: s.level } },
        words(i.levelWords[s.level])) : null,
      // Its place on the one ladder of the bots and the players (docs/rating.md).
      s.bot && i.ladder[s.level] ? h("p.level-rating", { id: `seat-level-rating-${k}`, dataset: { level: s.level } },
        ratingWords(i.ladder[s.level])) : null,
    ))),
    form.seats.filter((s) => !s.bot).length > 1 ? h("p.hint", t("newtable.passAndPlayHint")) : null,
    form.seats.every((s) => s.bot) ? h("p.hint", t("newtable.allBotsHint")) : null,
  );

  const optionsFieldset = (i) => h("fieldset.options-form",
    h("legend", t("newtable.options")),
    i.options === null
      ? h("p.hint", t("newtable.optionsLoading"))
      : i.options.length === 0
        ? h("p.hint", t("newtable.noOptions"))
        : i.options.map((o) => optionField(o)),
  );

  const optionField = (o) => {
    if (o.name === "clock") return clockField(o);
    const label = words(o.label) || o.name;
    const help = o.help && words(o.help);
    const id = `opt-${o.name}`;
    const helpId = `opt-${o.name}-help`;
    const isBool = o.choices.length === 2 && o.choices.every((c) => typeof c === "boolean");
    if (isBool) {
      return h("div.option",
        h("label.check", { for: id },
          h("input", {
            id, type: "checkbox", checked: form.options[o.name] === true || undefined,
            "aria-describedby": help ? helpId : null,
            onchange: (e) => { form.options[o.name] = e.target.checked; },
          }), " ", label),
        help ? h("p.option-help", { id: helpId }, help) : null);
    }
    // A choice in words when the engine gives them (the clock, who starts, a colour).
    const choice = (c) => (o.choice_words && o.choice_words[String(c)] ? words(o.choice_words[String(c)]) : String(c));
    return h("div.option", h("label.field", { for: id }, h("span", label),
      h("select", {
        id, "aria-describedby": help ? helpId : null,
        onchange: (e) => { form.options[o.name] = o.choices[Number(e.target.value)]; },
      }, o.choices.map((c, n) => h("option", { value: String(n), selected: c === form.options[o.name] || undefined }, choice(c))))),
    help ? h("p.option-help", { id: helpId }, help) : null);
  };

  // The engine's clock option (standard or relaxed times) and the table's timers are one choice
  // here, so the form can never say "relaxed" and "no timers" at once.
  const clockField = (o) => {
    const choice = (c) => (c === "off" ? t("newtable.clockOff") : words((o.choice_words || {})[c]) || c);
    const now = form.timers === false ? "off" : form.options.clock;
    return h("div.option", h("label.field", { for: "opt-clock" }, h("span", words(o.label) || o.name),
      h("select", {
        id: "opt-clock", "aria-describedby": "opt-clock-help",
        onchange: (e) => {
          form.timers = e.target.value !== "off";
          form.options.clock = form.timers ? e.target.value : o.default;
        },
      }, [...o.choices, "off"].map((c) => h("option", { value: c, selected: c === now || undefined }, choice(c))))),
    h("p.option-help", { id: "opt-clock-help" }, t("newtable.clockHelp", { seconds: GAMES[game].timer })));
  };

  let gamesPromise = null;
  function loadGames() {
    if (engineGames) return Promise.resolve();
    if (!gamesPromise) {
      gamesPromise = ctx.engine.call("games", {}).then((list) => {
        engineGames = {};
        for (const g of list) engineGames[g.name] = g;
        if (!engineGames[game]) form.error = t("newtable.notInEngine", { game: t(`game.${game}`) });
        render();
      }, (e) => {
        gamesPromise = null;
        form.error = e.message;
        render();
      });
    }
    return gamesPromise;
  }

  async function start() {
    if (form.starting) return;
    form.starting = true;
    form.error = null;
    render();
    try {
      await ctx.engine.ready;
      await loadGames();
      const seats = form.seats.map((s, k) => ({
        name: (s.name || "").trim() || defaultName(k, s.bot),
        bot: s.bot,
        level: s.bot ? s.level : null,
      }));
      const id = await createTable(ctx.engine, { game, seats, options: form.options, timers: form.timers !== false,
                                                unsaved: form.noStorage && form.unsaved }, t("newtable.saveFailed"));
      // Test-only parameters (see main.js) pass through to the table. The table takes the form's
      // place in the history: Back from it is the page before the form, never the form again.
      const pass = new URLSearchParams();
      for (const k of ["timer", "botdelay", "enginewait"]) if (params.query[k] !== undefined) pass.set(k, params.query[k]);
      ctx.navigate(`#/table/${id}${pass.toString() ? `?${pass}` : ""}`, { replace: true });
    } catch (e) {
      form.starting = false;
      form.error = t("newtable.startFailed", { detail: e.message || String(e) });
      render();
    }
  }

  render();
  storageUsable().then((ok) => {
    form.noStorage = !ok;
    if (!ok) render();
  });
  const offLang = onLangChange(render);
  return () => {
    alive = false;
    offLang();
    if (status) status.destroy();
  };
}

function range(a, b) {
  const out = [];
  for (let n = a; n <= b; n++) out.push(n);
  return out;
}
