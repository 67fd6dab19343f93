// A whole review on this device, one decision per worker call (a story's "check on this device":
// the page needs every judgement, in order, and stays responsive meanwhile).

/** Every decision of a finished record judged by `engine`; onProgress(k, n) after each; stops when
 * alive() turns false (then resolves with what was judged). */
export async function judgeAll(engine, record, onProgress = () => {}, alive = () => true) {
  const opened = await engine.call("review_open", { text: JSON.stringify(record), viewer: "all" });
  const out = [];
  try {
    while (alive()) {
      const m = await engine.call("review_next", { review: opened.review });
      if (m.done) break;
      out.push(m);
      onProgress(out.length, opened.total);
    }
  } finally {
    if (out.length < opened.total) engine.call("close", { review: opened.review }).catch(() => {});
  }
  return out;
}
