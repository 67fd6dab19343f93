// What the live pages show of the internet networks: the settings (relays, STUN, TURN) and the
// path a link uses.

import { t, getLang } from "../../lib/i18n.js";
import { h } from "../../lib/dom.js";
import { settings, saveSetting, resetSettings } from "./networks.js";

/** The words for a link's path ("direct", "relay", "connecting", "none"). */
export function pathWords(path) {
  return t(`live.path.${path}`);
}

/** A time of day in the page's language ("19:58:49", "7:58:49 PM"). */
export function clockTime(ms) {
  return new Date(ms).toLocaleTimeString(getLang() === "pt" ? "pt-BR" : "en");
}

/** A relay's address as the page names it: its host (and port). */
function relayName(url) {
  try {
    return new URL(url).host || url;
  } catch (_) {
    return url;
  }
}

/**
 * In words, each relay that is not fully working (`pool.problems()`: {url, state, reason}), the
 * relay's own reason quoted; "" when every relay works. For the host's relays line and the
 * guest's status.
 */
export function relayTrouble(problems) {
  return problems.map(({ url, state, reason }) => t(`live.relay.${state}`, { relay: relayName(url), reason: reason || "—" }))
    .join(" · ");
}

/** "Internet settings": the relays and STUN servers in use (editable), and an optional TURN server. */
export function networksField() {
  const now = settings();
  const area = (id, name, rows) => h(`textarea#${id}.net-setting`, { rows: String(rows), autocomplete: "off", spellcheck: "false",
    onchange: (e) => saveSetting(name, e.target.value) }, now[name]);
  const input = (id, name, type = "text") => h(`input#${id}.net-setting`, { type, autocomplete: "off", spellcheck: "false",
    value: now[name], onchange: (e) => saveSetting(name, e.target.value) });
  const box = h("details.live-networks",
    h("summary", t("live.netSettings")),
    h("p.hint", t("live.netSettingsHelp")),
    h("label.field", { for: "live-relays" }, h("span", t("live.relaysLabel")), area("live-relays", "relays", 3)),
    h("label.field", { for: "live-stun-list" }, h("span", t("live.stunListLabel")), area("live-stun-list", "stun", 2)),
    h("p.hint", t("live.turnHelp")),
    h("label.field", { for: "live-turn" }, h("span", t("live.turnLabel")), input("live-turn", "turn")),
    h("label.field", { for: "live-turn-user" }, h("span", t("live.turnUser")), input("live-turn-user", "turnUser")),
    h("label.field", { for: "live-turn-pass" }, h("span", t("live.turnPass")), input("live-turn-pass", "turnPass", "password")),
    h("p", h("button.button.small.ghost", { type: "button", onclick: () => {
      resetSettings();
      const fresh = settings();
      box.querySelector("#live-relays").value = fresh.relays;
      box.querySelector("#live-stun-list").value = fresh.stun;
    } }, t("live.netDefaults"))));
  return box;
}
