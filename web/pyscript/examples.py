"""Runs the examples of web/pyscript.html: each Run button executes the code in the editor above
it (edited or not) in a fresh namespace and prints into the output box below it. The words
around it (status, notes) are web/pyscript/page.js's: this file only runs Python and says what
happened (data-state, data-ms and a "vt:example-ran" event on the section)."""
import contextlib
import io
import time
import traceback

from pyodide.ffi import create_proxy
from pyscript import document, window

import py_engine


def show_story(section, link):
    """The example's story in a frame under its output: embed.html, as any page would embed it."""
    box = section.querySelector(".story-frame")
    frame = box.querySelector("iframe") or document.createElement("iframe")
    frame.title = "A story in embed.html"
    frame.width = "100%"
    frame.height = "460"
    lang = "pt" if document.documentElement.lang.startswith("pt") else "en"
    frame.src = f"../embed.html#s={link}&controls=1&lang={lang}"
    box.replaceChildren(frame)


def run(section):
    code = section.querySelector("textarea.code").value
    out = section.querySelector(".output")
    buf = io.StringIO()
    started = time.perf_counter()
    try:
        with contextlib.redirect_stdout(buf):
            exec(compile(code, section.id, "exec"),
                 {"__name__": "__example__", "show_story": lambda link: show_story(section, link)})
        ok = True
    except Exception:
        buf.write(traceback.format_exc(limit=-3))
        ok = False
    ms = (time.perf_counter() - started) * 1000
    out.textContent = buf.getvalue()
    out.classList.toggle("failed", not ok)
    section.dataset.ms = f"{ms:.0f}"
    section.dataset.state = "done" if ok else "error"
    section.dispatchEvent(window.CustomEvent.new("vt:example-ran"))


_handlers = []  # proxies must outlive this module's code
for section in document.querySelectorAll("section.example"):
    button = section.querySelector("button.run")
    handler = create_proxy(lambda event, s=section: run(s))
    _handlers.append(handler)
    button.addEventListener("click", handler)
    button.disabled = False
    run(section)

document.getElementById("py-status").classList.add("ready")
document.body.dataset.engineVersion = py_engine.__version__
document.body.dataset.examples = "ready"
document.dispatchEvent(window.CustomEvent.new("vt:examples-ready"))
