"""Valley Tables rules engine (pure Python; runs in CPython and in Pyodide)."""
__version__ = "0.1.0"
