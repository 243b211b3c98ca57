// Run pytest inside Pyodide (CPython 3.14 built for WebAssembly), on this repository.
// Usage: node tests/runtime/run.mjs <site-packages dir> <tries dir> <pytest args...>
// Prepared and started by `python -m tests.runtime`, which fetches the wheels.
import { loadPyodide } from "pyodide";
import path from "node:path";
import process from "node:process";

const [site, tries, ...args] = process.argv.slice(2);
const repo = path.resolve(import.meta.dirname, "..", "..");
const python = await loadPyodide({
  env: { HOME: "/home/pyodide", MARISA_STANDIN_TABLES: "/tries", PYTHONHASHSEED: "0",
         CI: process.env.CI ?? "" },
});
// Byte for byte, as a terminal would show pytest's progress dots.
python.setStdout({ write: (bytes) => { process.stdout.write(bytes); return bytes.length; } });
python.setStderr({ write: (bytes) => { process.stderr.write(bytes); return bytes.length; } });
for (const [where, root] of [["/repo", repo], ["/site", path.resolve(site)],
                             ["/tries", path.resolve(tries)]]) {
  python.FS.mkdirTree(where);
  python.FS.mount(python.FS.filesystems.NODEFS, { root }, where);
}
python.globals.set("pytest_args", python.toPy(args));
const code = python.runPython(`
import os, sys
os.chdir("/repo")
sys.path[:0] = ["/repo/tests/runtime/standin", "/site", "/repo"]
sys.dont_write_bytecode = True  # the repository's __pycache__ is the host Python's
import pytest
int(pytest.main(["-p", "no:cacheprovider", *pytest_args]))
`);
process.exit(code);
