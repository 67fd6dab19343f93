// What a table over days waits for, said above its board on the page of whoever sits at seat `me`:
// whose turn and the time left in days and hours, each bank, a holiday running, a late seat's three
// choices (claim the win, one more day, let the table play for it), this seat's own lateness, and a
// holiday for this seat. The rules are the engine's: the deadlines are its (`snap.days`), a choice is
// one of its actions (`@claim:K`, `@extend:K`, `@holiday:N`, or the table's timer move) and its engine
// judges each when it arrives (a claim too early is refused, and said). A seat is late here once the
// engine's deadline has passed on this device's clock: a snapshot is judged at the host's time, and
// no one need be online for a deadline to pass.

import { addStrings, t, getLang } from "../../lib/i18n.js";
import { h } from "../../lib/dom.js";
import { addStyleOnce } from "../../lib/style.js";
import { formatDate } from "../table/live.js";
import { leftWords } from "../turns.js";

const CSS = `
.days-status { border: 2px solid var(--line, #ccc); border-radius: var(--radius, 8px); padding: 10px 12px;
  display: flex; flex-direction: column; gap: 8px; background: var(--card, #fff); }
.days-status[hidden] { display: none; }
.days-status[data-attention="true"] { border-color: #b8860b; background: #fffaf0; }
.days-status p { margin: 0; }
.days-turn { font-weight: 700; font-size: 1.05rem; }
.days-offer { display: flex; flex-direction: column; gap: 6px; }
.days-offer .offer-buttons { display: flex; flex-wrap: wrap; gap: 8px; }
.days-offer .offer-buttons .button { min-height: 44px; }
.days-holiday { display: flex; flex-wrap: wrap; align-items: end; gap: 8px; }
.days-holiday select, .days-holiday .button { min-height: 44px; }
`;

addStrings({
  en: {
    "dstat.yourTurn": "Your turn — {left}.",
    "dstat.theirTurn": "{names} to play — {left}.",
    "dstat.bank": "{name} — bank left: {left}.",
    "dstat.bankDays": { one: "1 day", other: "{n} days" },
    "dstat.bankHours": "{n} h",
    "dstat.bankNone": "none",
    "dstat.lateOther": "{name} ran out of time and bank on {when}. Nothing is played behind anyone's back: choose one.",
    "dstat.claim": "Claim the win",
    "dstat.extend": "Give {name} one more day",
    "dstat.letTable": "Let the table play for {name}",
    "dstat.letTableHint": "The table makes the move its timer rule makes, and {name} plays on from there.",
    "dstat.lateSelf": "Your time and bank ran out on {when}: the others may claim the game, give you a day or let the table play for you. Move now and none of that happens.",
    "dstat.onHoliday": "You are on holiday until {when}: your clock is stopped.",
    "dstat.theirHoliday": "{name} is on holiday until {when}.",
    "dstat.holiday": "Take a holiday",
    "dstat.holidayDays": "Days of holiday",
    "dstat.holidayLeft": { one: "1 day of holiday left this year of the table.", other: "{n} days of holiday left this year of the table." },
    "dstat.holidayHint": "A holiday stops your clock at this table; the others see until when.",
  },
  pt: {
    "dstat.yourTurn": "Sua vez — {left}.",
    "dstat.theirTurn": "Vez de {names} — {left}.",
    "dstat.bank": "{name} — banco restante: {left}.",
    "dstat.bankDays": { one: "1 dia", other: "{n} dias" },
    "dstat.bankHours": "{n} h",
    "dstat.bankNone": "nenhum",
    "dstat.lateOther": "{name} ficou sem tempo e sem banco em {when}. Nada é jogado pelas costas de ninguém: escolha uma opção.",
    "dstat.claim": "Reivindicar a vitória",
    "dstat.extend": "Dar mais um dia a {name}",
    "dstat.letTable": "Deixar a mesa jogar por {name}",
    "dstat.letTableHint": "A mesa faz a jogada que a regra do relógio manda, e {name} continua dali.",
    "dstat.lateSelf": "Seu tempo e seu banco acabaram em {when}: os outros podem reivindicar o jogo, dar-lhe um dia ou deixar a mesa jogar por você. Jogue agora e nada disso acontece.",
    "dstat.onHoliday": "Você está de férias até {when}: seu relógio está parado.",
    "dstat.theirHoliday": "{name} está de férias até {when}.",
    "dstat.holiday": "Tirar férias",
    "dstat.holidayDays": "Dias de férias",
    "dstat.holidayLeft": { one: "Resta 1 dia de férias neste ano da mesa.", other: "Restam {n} dias de férias neste ano da mesa." },
    "dstat.holidayHint": "As férias param o seu relógio nesta mesa; os outros veem até quando.",
  },
});

const CLAIM = "@claim:";
const EXTEND = "@extend:";
const HOLIDAY = "@holiday:";

/** A table over days' own actions, which this panel offers (a board's controls leave them out). */
export const isDaysControl = (a) => a.startsWith(CLAIM) || a.startsWith(EXTEND) || a.startsWith(HOLIDAY);

/** A bank in days or hours ("2 days", "5 h"). */
export function bankWords(seconds) {
  const days = Math.floor(seconds / 86_400);
  if (days >= 1) return t("dstat.bankDays", { n: days });
  if (seconds <= 0) return t("dstat.bankNone");
  return t("dstat.bankHours", { n: Math.floor(seconds / 3600) });
}

/**
 * Paint `box` (a section.days-status) for `snap`, the snapshot of seat `me` (null: nobody's seat).
 * `play(action)`: this seat plays a table action; `letTable(seat)`: the table plays that seat's timer
 * move; `myTurn`: whether this seat's turn is still to play here (a page that previewed its move
 * waits for the host instead; default: the snapshot's decision). Hidden when the table waits for
 * nothing (before the start, at the end).
 */
export function paintDaysStatus(box, snap, { me, play, letTable, myTurn = null, now = Date.now() }) {
  addStyleOnce("days-status", CSS);
  if (!snap || snap.terminal || !snap.days || !snap.decision) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  box.hidden = false;
  const days = snap.days;
  const d = snap.decision;
  const when = (ms) => formatDate(ms, getLang());
  const name = (k) => snap.seats[k].name;
  const deadline = (k) => (typeof days.deadlines[k] === "number" ? days.deadlines[k] * 1000 : null);
  const people = d.players.filter((k) => !snap.seats[k].bot);
  const late = people.filter((k) => deadline(k) !== null && deadline(k) <= now);
  const mine = myTurn === null ? people.includes(me) : myTurn;
  const parts = [];
  const others = people.filter((k) => k !== me);
  if (mine) parts.push(h("p.days-turn", t("dstat.yourTurn", { left: leftWords({ deadline: deadline(me) }, now) })));
  if (others.length) {
    const first = others.map(deadline).filter((x) => x !== null).sort((a, b) => a - b)[0] ?? null;
    parts.push(h(mine ? "p" : "p.days-turn", t("dstat.theirTurn", { names: others.map(name).join(", "),
      left: leftWords({ deadline: first }, now) })));
  }
  if (days.bank_days > 0) {
    for (const k of people) {
      // The engine takes from a bank when the decision ends; while it runs past its time per move,
      // what is left is at most the time to its deadline (none once late).
      const d = deadline(k);
      const bank = typeof days.bank_left[k] === "number" && d !== null
        ? Math.min(days.bank_left[k], Math.max(0, (d - now) / 1000)) : days.bank_left[k];
      if (typeof bank === "number") parts.push(h("p.days-bank", t("dstat.bank", { name: name(k), left: bankWords(bank) })));
    }
  }
  snap.seats.forEach((s, k) => {
    const until = days.holiday_until[k];
    if (typeof until === "number" && until * 1000 > now) {
      parts.push(h("p.days-on-holiday", k === me ? t("dstat.onHoliday", { when: when(until * 1000) })
        : t("dstat.theirHoliday", { name: s.name, when: when(until * 1000) })));
    }
  });
  if (late.includes(me) && mine) parts.push(h("p.note.days-late-self", { role: "alert" }, t("dstat.lateSelf", { when: when(deadline(me)) })));
  if (me !== null) for (const k of late.filter((x) => x !== me)) parts.push(offer(snap, k, deadline(k), { play, letTable }));
  const holiday = me === null ? null : holidayChoice(snap, me, play);
  if (holiday) parts.push(holiday);
  // A seat whose move is sent and not yet played has nothing to be told here (its page says it).
  box.hidden = !parts.length;
  box.dataset.attention = String(late.some((k) => k !== me) || mine);
  box.dataset.late = late.join(",");
  // Keep what a person may be doing there (the holiday fold open, the days chosen) across repaints:
  // the panel is drawn again whenever the table changes, and a choice must not go back to its first.
  const open = !!box.querySelector("details.days-holiday-box[open]");
  const chosen = box.querySelector("#days-holiday-days");
  const value = chosen ? chosen.value : null;
  box.replaceChildren(...parts);
  const fold = box.querySelector("details.days-holiday-box");
  if (open && fold) fold.open = true;
  const select = box.querySelector("#days-holiday-days");
  if (select && value !== null && [...select.options].some((o) => o.value === value)) select.value = value;
}

/** Seat `k` ran out of time and bank: the three choices of the others (the engine judges each at its time). */
function offer(snap, k, deadline, { play, letTable }) {
  const nm = snap.seats[k].name;
  const said = t("dstat.lateOther", { name: nm, when: formatDate(deadline, getLang()) });
  const go = (fn) => (e) => {
    for (const b of e.currentTarget.parentElement.querySelectorAll("button")) b.disabled = true;
    fn();
  };
  return h("div.days-offer", { role: "group", "aria-label": said, dataset: { seat: String(k) } },
    h("p", said),
    h("div.offer-buttons",
      h("button.button.primary.days-claim", { type: "button", onclick: go(() => play(`${CLAIM}${k + 1}`)) }, t("dstat.claim")),
      h("button.button.days-extend", { type: "button", onclick: go(() => play(`${EXTEND}${k + 1}`)) }, t("dstat.extend", { name: nm })),
      h("button.button.days-timeout", { type: "button", onclick: go(() => letTable(k)) }, t("dstat.letTable", { name: nm }))),
    h("p.hint", t("dstat.letTableHint", { name: nm })));
}

/** A holiday for this seat: the days the engine lists it may still take. */
function holidayChoice(snap, me, play) {
  const offered = (snap.controls || []).filter((c) => c.action.startsWith(HOLIDAY))
    .map((c) => Number(c.action.slice(HOLIDAY.length))).filter((n) => Number.isInteger(n) && n > 0).sort((a, b) => a - b);
  if (!offered.length) return null;
  const select = h("select#days-holiday-days", offered.map((n) => h("option", { value: String(n) }, String(n))));
  const left = snap.days.holiday_left[me];
  return h("details.days-holiday-box",
    h("summary", t("dstat.holiday")),
    h("p.hint", t("dstat.holidayLeft", { n: left ?? offered[offered.length - 1] }), " ", t("dstat.holidayHint")),
    h("div.days-holiday",
      h("label.field", { for: "days-holiday-days" }, h("span", t("dstat.holidayDays")), select),
      h("button.button.days-take-holiday", { type: "button", onclick: () => play(`${HOLIDAY}${select.value}`) },
        t("dstat.holiday"))));
}
