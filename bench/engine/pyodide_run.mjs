// Runs bench/engine/workload.py inside real Pyodide under Node (same runtime and wheel as the site).
//   node bench/engine/pyodide_run.mjs DIST_DIR GAMES
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [dist, games = "2"] = process.argv.slice(2);
const pyDir = path.resolve(dist, "pyodide");
const { loadPyodide } = await import(pathToFileURL(path.join(pyDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: pyDir + path.sep });
const site = py.runPython("import sys; f'/lib/python{sys.version_info[0]}.{sys.version_info[1]}/site-packages'");
const wheelName = (await readdir(pyDir)).find((f) => f.startsWith("py_engine-") && f.endsWith(".whl"));
const wheel = await readFile(path.join(pyDir, wheelName));
py.unpackArchive(new Uint8Array(wheel.buffer, wheel.byteOffset, wheel.byteLength), "wheel", { extractDir: site });
const here = path.dirname(new URL(import.meta.url).pathname);
py.FS.writeFile("/tmp/workload.py", await readFile(path.join(here, "workload.py"), "utf8"));
py.runPython("import sys, importlib; sys.path.insert(0, '/tmp'); importlib.invalidate_caches()");
process.stdout.write(py.runPython(`import json, workload; json.dumps(workload.main(${Number(games)}))`) + "\n");
