// Runs bench/engine/workload.py inside real Pyodide under Node (same runtime and wheel as the site).
//   node bench/engine/pyodide_run.mjs DIST_DIR GAMES
import path from "node:path";
import { pyodideWithEngine } from "../pyodide_engine.mjs";

const [dist, games = "2"] = process.argv.slice(2);
const here = path.dirname(new URL(import.meta.url).pathname);
const py = await pyodideWithEngine(dist, path.join(here, "workload.py"));
process.stdout.write(py.runPython(`import json, workload; json.dumps(workload.main(${Number(games)}))`) + "\n");
