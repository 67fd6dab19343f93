"""Runs the examples of web/pyscript.html: each Run button executes the code shown above it
(edited or not) in a fresh namespace and prints into the output box below it."""
import contextlib
import io
import time
import traceback

from pyodide.ffi import create_proxy
from pyscript import document, window

import py_engine


def run(section):
    code = section.querySelector(".code").textContent
    out = section.querySelector(".output")
    buf = io.StringIO()
    started = time.perf_counter()
    try:
        with contextlib.redirect_stdout(buf):
            exec(compile(code, section.id, "exec"), {"__name__": "__example__"})
        ok = True
    except Exception:
        buf.write(traceback.format_exc(limit=-3))
        ok = False
    ms = (time.perf_counter() - started) * 1000
    out.textContent = buf.getvalue() + f"\n[{'done' if ok else 'error'} in {ms:.0f} ms]"
    out.classList.toggle("failed", not ok)
    section.dataset.state = "done" if ok else "error"


_handlers = []  # proxies must outlive this module's code
for section in document.querySelectorAll("section.example"):
    button = section.querySelector("button.run")
    handler = create_proxy(lambda event, s=section: run(s))
    _handlers.append(handler)
    button.addEventListener("click", handler)
    button.disabled = False
    run(section)

status = document.getElementById("py-status")
status.textContent = f"Python is running in this page: py_engine {py_engine.__version__}."
status.classList.add("ready")
document.body.dataset.examples = "ready"
document.dispatchEvent(window.CustomEvent.new("vt:examples-ready"))
