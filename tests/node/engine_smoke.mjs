// Runs py_engine inside real Pyodide under Node: the same runtime files and the same
// wheel-unpacking path as web/worker.js, minus the browser.
//
//   node tests/node/engine_smoke.mjs PYODIDE_DIR WHEEL REQUESTS.json
// REQUESTS.json is a list of bridge requests; prints one JSON line: {python, answers: [...]}.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, wheelPath, requestsPath] = process.argv.slice(2);
if (!requestsPath) {
  console.error("usage: engine_smoke.mjs PYODIDE_DIR WHEEL REQUESTS.json");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: path.resolve(pyodideDir) + path.sep, stdout: (s) => console.error(s) });
const sitePackages = py.runPython(
  "import sys; f'/lib/python{sys.version_info[0]}.{sys.version_info[1]}/site-packages'");
const wheel = await readFile(wheelPath); // a Node Buffer; Pyodide wants a plain Uint8Array
py.unpackArchive(new Uint8Array(wheel.buffer, wheel.byteOffset, wheel.byteLength), "wheel", { extractDir: sitePackages });
py.runPython(`import sys; sys.path_importer_cache.pop(${JSON.stringify(sitePackages)}, None)`);
const handle = py.pyimport("py_engine.bridge").handle;
const requests = JSON.parse(await readFile(requestsPath, "utf8"));
const answers = requests.map((r) => JSON.parse(handle(JSON.stringify(r))));
const where = py.runPython("import py_engine, sys; [py_engine.__file__, sys.version.split()[0], sys.platform]").toJs();
process.stdout.write(JSON.stringify({ engine_file: where[0], python: where[1], platform: where[2], answers }) + "\n");
