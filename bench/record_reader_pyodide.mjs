// Runs bench/record_reader_bench.py inside real Pyodide under Node (same runtime and wheel as the site).
//   node bench/record_reader_pyodide.mjs DIST_DIR
import path from "node:path";
import { pyodideWithEngine } from "./pyodide_engine.mjs";

const [dist = "dist"] = process.argv.slice(2);
const here = path.dirname(new URL(import.meta.url).pathname);
const py = await pyodideWithEngine(dist, path.join(here, "record_reader_bench.py"));
py.setStdout({ batched: (line) => console.log(line) });
py.runPython("import record_reader_bench as b\nt = b.run()\nprint(f'worst: {max(t.values()) * 1000:.1f} ms (Pyodide)')");
