// The checks a guest's page shows at the end of a table (holds.js verifyEnd, or what it kept of
// them): one line each, ✓ or ✗ in words, the verdict when one failed, the contributions and the seed.
// Shared by the live guest's page and a guest's table over days.

import { t, words } from "../../lib/i18n.js";
import { h } from "../../lib/dom.js";
import "./strings.js";

const sentence = (text) => String(text || "").charAt(0).toUpperCase() + String(text || "").slice(1);

/**
 * Fill `box` (a section.joint-check) with the end's checks: `end` {ok, rows: [{key, ok, words}] or
 * null, verdict (words), summary, joint?, seed?}.
 */
export function showChecks(box, end) {
  const rows = end.rows ? end.rows.map((r) => ({ key: r.key, ok: !!r.ok, text: sentence(r.words ? words(r.words) : "") }))
    : [{ key: "record", ok: false, text: t("live.check.recordBad", { detail: words(end.verdict) || end.summary || "" }) }];
  const ok = !!end.ok && rows.every((r) => r.ok);
  box.hidden = false;
  box.dataset.ok = String(ok);
  box.replaceChildren(...[h("h2", t(ok ? "live.check.allOk" : "live.check.someBad")),
    ok || !(end.verdict || end.summary) ? null : h("p.check-verdict", sentence(words(end.verdict) || end.summary)),
    h("ul", rows.map((r) => h("li", { dataset: { ok: String(r.ok), check: r.key } }, r.ok ? "✓ " : "✗ ", r.text))),
    Array.isArray(end.joint) && end.joint.length ? h("details", h("summary", t("live.check.contributions")),
      h("ol.joint-list", end.joint.map((p) => h("li", `${p.who}: `, h("code", p.contribution || "")))),
      h("p", t("end.seed"), " ", h("code", end.seed || ""))) : null].filter(Boolean));
  return ok;
}
