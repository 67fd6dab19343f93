// Real Pyodide under Node with the engine's wheel unpacked, as the site's worker has it: the
// runtime and the wheel come from a built site (DIST_DIR/pyodide/), so a benchmark measures what
// the browser runs. `script` (a file beside the caller) is put in Pyodide's /tmp, importable.
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

export async function pyodideWithEngine(dist, script) {
  const pyDir = path.resolve(dist, "pyodide");
  const { loadPyodide } = await import(pathToFileURL(path.join(pyDir, "pyodide.mjs")).href);
  const py = await loadPyodide({ indexURL: pyDir + path.sep });
  const site = py.runPython("import sys; f'/lib/python{sys.version_info[0]}.{sys.version_info[1]}/site-packages'");
  const wheelName = (await readdir(pyDir)).find((f) => f.startsWith("py_engine-") && f.endsWith(".whl"));
  const wheel = await readFile(path.join(pyDir, wheelName));
  py.unpackArchive(new Uint8Array(wheel.buffer, wheel.byteOffset, wheel.byteLength), "wheel", { extractDir: site });
  py.FS.writeFile(`/tmp/${path.basename(script)}`, await readFile(script, "utf8"));
  py.runPython("import sys, importlib; sys.path.insert(0, '/tmp'); importlib.invalidate_caches()");
  return py;
}
