// Runs bench/record_reader_bench.py inside real Pyodide under Node (same runtime and wheel as the site).
//   node bench/record_reader_pyodide.mjs DIST_DIR
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [dist = "dist"] = process.argv.slice(2);
const pyDir = path.resolve(dist, "pyodide");
const { loadPyodide } = await import(pathToFileURL(path.join(pyDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: pyDir + path.sep });
const site = py.runPython("import sys; f'/lib/python{sys.version_info[0]}.{sys.version_info[1]}/site-packages'");
const wheelName = (await readdir(pyDir)).find((f) => f.startsWith("py_engine-") && f.endsWith(".whl"));
const wheel = await readFile(path.join(pyDir, wheelName));
py.unpackArchive(new Uint8Array(wheel.buffer, wheel.byteOffset, wheel.byteLength), "wheel", { extractDir: site });
const here = path.dirname(new URL(import.meta.url).pathname);
py.FS.writeFile("/tmp/record_reader_bench.py", await readFile(path.join(here, "record_reader_bench.py"), "utf8"));
py.setStdout({ batched: (line) => console.log(line) });
py.runPython("import sys, importlib; sys.path.insert(0, '/tmp'); importlib.invalidate_caches()\n"
  + "import record_reader_bench as b\nt = b.run()\nprint(f'worst: {max(t.values()) * 1000:.1f} ms (Pyodide)')");
