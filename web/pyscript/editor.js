// A <textarea> made pleasant for Python: Tab and Shift+Tab indent and outdent (the selected lines,
// or at the caret), Enter keeps the line's indent (one more after a colon), Ctrl/Cmd+Enter runs,
// and the box grows with its code. The platform's own editing stays: undo, selection, copy,
// the screen reader's reading. Tab is the editor's until Esc is pressed; the next Tab then moves
// focus on, so the keyboard is never trapped.

const INDENT = "    ";

/**
 * Make `area` a code editor. `onRun()` is called for Ctrl/Cmd+Enter; `onChange()` after every edit.
 * Returns {setText(text), text}.
 */
export function codeEditor(area, { onRun = () => {}, onChange = () => {} } = {}) {
  let released = false; // Esc was pressed: the next Tab leaves the editor

  /** Replace [from, to) with `text` through the browser's editing, so Ctrl+Z undoes it. */
  function replace(from, to, text, caretFrom = from + text.length, caretTo = caretFrom) {
    area.setSelectionRange(from, to);
    const done = typeof document.execCommand === "function" && document.execCommand("insertText", false, text);
    if (!done) {
      area.setRangeText(text, from, to, "end");
      area.dispatchEvent(new Event("input", { bubbles: true }));
    }
    area.setSelectionRange(caretFrom, caretTo);
  }

  /** [start of the first selected line, end of the last one]. */
  function lineSpan() {
    const v = area.value;
    const start = v.lastIndexOf("\n", area.selectionStart - 1) + 1;
    let endAt = area.selectionEnd;
    if (endAt > area.selectionStart && v[endAt - 1] === "\n") endAt -= 1; // a selection ending at a line's start
    const nl = v.indexOf("\n", endAt);
    return [start, nl < 0 ? v.length : nl];
  }

  function indent(back) {
    const v = area.value;
    const { selectionStart: s, selectionEnd: e } = area;
    const multi = v.slice(s, e).includes("\n");
    if (!back && !multi) {
      // At the caret: spaces up to the next indent stop.
      const col = s - (v.lastIndexOf("\n", s - 1) + 1);
      replace(s, e, " ".repeat(INDENT.length - (col % INDENT.length)));
      return;
    }
    const [from, to] = lineSpan();
    const lines = v.slice(from, to).split("\n");
    let firstShift = 0;
    const changed = lines.map((line, i) => {
      if (!back) {
        if (i === 0) firstShift = INDENT.length;
        return line.length ? INDENT + line : line;
      }
      const n = Math.min(INDENT.length, line.length - line.trimStart().length);
      if (i === 0) firstShift = -n;
      return line.slice(n);
    }).join("\n");
    if (changed === v.slice(from, to)) return;
    const caretFrom = multi ? from : Math.max(from, s + firstShift);
    const caretTo = multi ? from + changed.length : caretFrom;
    replace(from, to, changed, caretFrom, caretTo);
  }

  function newline() {
    const v = area.value;
    const s = area.selectionStart;
    const lineStart = v.lastIndexOf("\n", s - 1) + 1;
    const before = v.slice(lineStart, s);
    let pad = before.slice(0, before.length - before.trimStart().length);
    if (/:\s*(#.*)?$/.test(before)) pad += INDENT;
    replace(s, area.selectionEnd, `\n${pad}`);
  }

  function grow() {
    // As tall as the code, so the page scrolls rather than a box inside it.
    area.style.height = "auto";
    area.style.height = `${area.scrollHeight + 2}px`;
  }

  area.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      onRun();
      return;
    }
    if (e.key === "Escape") {
      released = true;
      return;
    }
    if (e.key === "Tab" && !e.ctrlKey && !e.metaKey && !e.altKey) {
      if (released) {
        released = false;
        return; // the browser moves focus on
      }
      e.preventDefault();
      indent(e.shiftKey);
      return;
    }
    if (e.key === "Enter" && !e.shiftKey && !e.altKey && !e.isComposing) {
      e.preventDefault();
      newline();
      return;
    }
    if (e.key !== "Shift") released = false;
  });
  area.addEventListener("blur", () => { released = false; });
  area.addEventListener("input", () => {
    grow();
    onChange();
  });
  window.addEventListener("resize", grow);
  grow();

  return {
    get text() { return area.value; },
    setText(text) {
      area.value = text;
      grow();
    },
  };
}
