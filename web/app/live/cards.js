// The host's card of each guest and spectator: its state, its invitation (an internet link, or
// a link and an answer box for the manual codes), the path its link uses, and the camera that
// reads a guest's answer where the browser can. `host` is the host's page (host.js); what it shows
// is its table's (host.core, hostcore.js).

import { t } from "../../lib/i18n.js";
import { h } from "../../lib/dom.js";
import { qrCanvas } from "./qr.js";
import { canScan, scanQr } from "./scan.js";
import { copy } from "./common.js";
import { pathWords, clockTime } from "./netview.js";

export function guestCard(host, g) {
  const core = host.core;
  // An internet invitation's channel carries its link (hostnet.js); one with codes, a peer.
  const net = !!(g.channel && g.channel.link);
  const stuck = net && g.channel.stuck;
  const state = h("p.guest-state", { dataset: { state: stuck ? "away" : g.state } }, net
    ? t(`live.netState.${stuck ? "stuck" : g.state}`, { name: g.name }) : t(`live.state.${g.state}`));
  const body = [];
  if (net) {
    if (g.state === "inviting" && g.invite) {
      body.push(h("p", t(g.watcher ? "live.sendNetLinkWatcher" : "live.sendNetLink", { name: g.name })),
        h("div.invite-row",
          h("input.invite-link", { type: "text", readonly: true, value: g.invite.link, "aria-label": t("live.linkLabel"),
            onfocus: (e) => e.target.select() }),
          h("button.button.small", { type: "button", onclick: (e) => copy(g.invite.link, e.currentTarget) }, t("table.copy"))),
        h("div.qr-box", qrCanvas(g.invite.link, { scale: 4, label: t("live.qrLabel") })));
    } else if (!stuck && (g.state === "here" || g.state === "away")) {
      body.push(h("p.live-path", { dataset: { path: g.channel.path } }, pathWords(g.channel.path)));
      if (g.state === "away") body.push(h("p.hint", t(core.phase === "playing" ? "live.netAwayHint" : "live.netAwayHintLobby")));
    }
    if (stuck) {
      // The seat's device keeps saying hello and the answers do not get to it.
      body.push(h("p.note.stuck-note", { role: "status" }, t("live.stuck", { name: g.name,
        time: clockTime(g.channel.tryingSince) })));
    }
    if (g.stranger) {
      // Another device holds this link: refused, said, and the host may hand the seat to it once the
      // person confirms the code its page shows. The button hands it to the device shown here.
      const asking = g.stranger;
      body.push(h("div.stranger-note", { role: "status" },
        h("p", t("live.stranger.card", { name: g.name, time: clockTime(asking.at) })),
        h("p.handover-line", t("live.stranger.itsCode"), " ", h("strong.handover-code", asking.code)),
        h("p.hint", t("live.stranger.compare", { name: g.name }))),
        h("p.invite-row", h("button.button.small.handover", { type: "button", onclick: () => core.handOver(g, asking) },
          t("live.stranger.handOver"))));
    }
    // Before the start a seat's link can be replaced (one sent to the wrong person, say); once the
    // commitments are out, the seat is that guest's.
    if (!g.watcher && core.phase === "inviting" && g.state !== "making") {
      body.push(h("p.invite-row",
        h("button.button.small.ghost.reinvite", { type: "button", title: t("live.newInvitationHint"),
          onclick: () => core.reinvite(g) }, t("live.newInvitation"))));
    }
  } else if (g.state === "inviting" && g.invite) {
    body.push(
      h("p", t("live.sendLink", { name: g.name })),
      h("div.invite-row",
        h("input.invite-link", { type: "text", readonly: true, value: g.invite.link, "aria-label": t("live.linkLabel"),
          onfocus: (e) => e.target.select() }),
        h("button.button.small", { type: "button", onclick: (e) => copy(g.invite.link, e.currentTarget) }, t("table.copy"))),
      h("div.qr-box", qrCanvas(g.invite.link, { scale: 3, label: t("live.qrLabel") })),
      // What is typed stays through a repaint of the cards (another guest's link changing).
      h("label.field.answer-field", h("span", t("live.pasteAnswer", { name: g.name })),
        h("textarea.answer-input", { rows: "3", autocomplete: "off", spellcheck: "false",
          oninput: (e) => { g.draft = e.target.value; } }, g.draft || "")),
      g.scan ? g.scan.box : null,
      h("div.invite-row",
        h("button.button.primary.connect", { type: "button", onclick: (e) => host.connect(g, e.currentTarget) },
          t("live.connect")),
        canScan() && !g.scan ? h("button.button.small.scan", { type: "button", onclick: () => host.scan(g) },
          t("live.scanAnswer")) : null,
        // A connection that never comes up (a network change, an answer lost): start over.
        h("button.button.small.ghost.reinvite", { type: "button", onclick: () => host.newInvitation(g) },
          t("live.newInvitation"))));
  } else if (g.state === "making") {
    body.push(h("p.hint", t("live.making")));
  } else if (g.state === "connecting") {
    // A connection that does not come up within a few seconds will not: offer to start over.
    body.push(h("p.hint", t("live.connectingHint")),
      h("button.button.small.ghost.reinvite", { type: "button", onclick: () => host.newInvitation(g) },
        t("live.newInvitation")));
  } else if (g.state === "away") {
    body.push(h("p.hint", t("live.awayHint")),
      h("button.button.reinvite", { type: "button", onclick: () => host.newInvitation(g) }, t("live.newInvitation")));
  }
  if (g.watcher && (g.state === "here" || g.state === "away")) {
    body.push(h("button.button.small.ghost.dismiss", { type: "button", onclick: () => core.dismiss(g) }, t("live.dismiss")));
  }
  if (g.note) body.push(h("p.note", { role: "alert" }, g.note));
  if (g.floodNote) body.push(h("p.note.flood-note", { role: "status" }, g.floodNote));
  // The link's ICE state stays on the card across repaints: it says why a connection never came up.
  const dataset = g.watcher ? { watcher: String(g.watcher), state: g.state } : { seat: String(g.seat), state: g.state };
  if (g.ice) dataset.ice = g.ice;
  if (net) dataset.path = g.channel.path;
  if (g.stranger) dataset.stranger = "asked";
  if (stuck) dataset.stuck = "true";
  return h("article.invite-card", { dataset },
    h("h3", g.watcher ? g.name : t("live.seatTitle", { n: g.seat + 1, name: g.name })), state, ...body);
}

/** Read the guest's answer from its screen with this device's camera, then connect. */
export async function scanAnswer(host, g) {
  const video = h("video.scan-video", { "aria-label": t("live.scanLabel") });
  const abort = new AbortController();
  const box = h("div.scan-box", video,
    h("button.button.small.ghost.scan-stop", { type: "button", onclick: () => abort.abort() }, t("live.scanStop")));
  g.scan = { box, abort };
  g.note = null;
  host.paintGuests();
  let text = null;
  try {
    text = await scanQr(video, abort.signal);
  } catch (e) {
    g.note = t("live.scanFailed", { detail: e.message || String(e) });
  }
  g.scan = null;
  if (host.dead) return;
  if (text) g.draft = text.trim();
  host.paintGuests();
  const button = text && host.cardOf(g) && host.cardOf(g).querySelector("button.connect");
  if (button) await host.connect(g, button);
}

export function cardOf(host, g) {
  if (!host.guestsBox) return null;
  return host.guestsBox.querySelector(g.watcher ? `.invite-card[data-watcher="${g.watcher}"]`
    : `.invite-card[data-seat="${g.seat}"]`);
}
