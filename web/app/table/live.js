// Small helpers of the site's pages: the "message page" shown for bad links and broken saves,
// and dates in the page language (element building and the live region: web/lib/).

import { t } from "../../lib/i18n.js";
import { h } from "../../lib/dom.js";

/** A clear message page (bad link, missing table, broken save). Nothing else changes. */
export function messagePage(el, { title, body, detail, actions = [] }) {
  el.replaceChildren(
    h("section.message-page", { role: "alert", dataset: { page: "message" } },
      h("h1", title),
      body ? h("p", body) : null,
      detail ? h("p.detail", detail) : null,
      h("p.actions", actions.length ? actions : [h("a.button", { href: "#/" }, t("shell.backToLobby"))]),
    ),
  );
  document.body.dataset.state = "message";
  const heading = el.querySelector("h1");
  if (heading) {
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }
}

/** "12 Mar, 14:05" in the page language. */
export function formatDate(ms, lang) {
  try {
    return new Intl.DateTimeFormat(lang === "pt" ? "pt-BR" : "en-GB", {
      day: "numeric", month: "short", hour: "2-digit", minute: "2-digit",
    }).format(new Date(ms));
  } catch (_) {
    return new Date(ms).toLocaleString();
  }
}
