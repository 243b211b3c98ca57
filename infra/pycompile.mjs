// Compile every module of a Lambda asset to bytecode for another CPython version than this
// machine's: Pyodide is that CPython, built for WebAssembly, and its bytecode is CPython's.
// Usage: node infra/pycompile.mjs <asset directory> <python version, e.g. 3.14>
import { loadPyodide } from "pyodide";

const [directory, wanted] = process.argv.slice(2);
if (!directory || !wanted) {
  console.error("usage: node infra/pycompile.mjs <asset directory> <python version>");
  process.exit(2);
}
const python = await loadPyodide();
const version = python.runPython("'%d.%d' % __import__('sys').version_info[:2]");
if (version !== wanted) {
  console.error(`Pyodide runs Python ${version}, not ${wanted}: pin the matching Pyodide`);
  process.exit(1);
}
python.FS.mkdirTree("/asset");
python.FS.mount(python.FS.filesystems.NODEFS, { root: directory }, "/asset");
// Unchecked hashes: the files never change once deployed, and the build is reproducible
// (no timestamps). Tracebacks name the files where Lambda puts them.
const ok = python.runPython(`
import compileall, py_compile
compileall.compile_dir("/asset", quiet=1, stripdir="/asset", prependdir="/var/task",
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
`);
if (!ok) {
  console.error("some modules did not compile");
  process.exit(1);
}
