// The page's one mailbox hub (mail.js, MailHub): every table over days of this device — those it
// hosts (the dealer, dealer.js) and those it joined — on one relay pool per set of relays. Made on
// first use, so a page of a device with no table over days opens no relay at all.

import { MailHub } from "./mailhub.js";
import { relays } from "../live/networks.js";

let hub = null;
const listeners = new Set();

/** The page's hub (new host boxes go to the relays of the person's setting). */
export function pageHub() {
  if (!hub) {
    hub = new MailHub({ relays: relays(), onChange: () => {
      for (const fn of listeners) {
        try { fn(); } catch (e) { console.error(e); }
      }
    } });
  }
  return hub;
}

/** Called whenever the hub's relays or online state change; returns the function that stops it. */
export function onHubChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
