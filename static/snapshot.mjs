/* Makes the memory snapshot that static/python.mjs starts a later visit from:
   a fresh Python in this worker, the game's package unpacked as PyScript
   unpacks it, the page's modules imported (those that import nothing of the
   browser: `js` and PyScript are refused here, so a module that needs them is
   left out and imported on the page as usual, its import-time work included),
   then its whole memory kept in the Cache API with its digest. Answers "kept"
   or why not. */
import { loadPyodide } from "../runtime/pyodide/pyodide.mjs";

const IMPORT = `
import importlib, sys

class Refuse:
    """No module of the browser's: what it holds would be this worker's."""
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("js", "pyodide_js", "pyscript", "polyscript"):
            raise ImportError(name + " is the browser's")

hidden = {name: sys.modules.pop(name) for name in ("js", "pyodide_js") if name in sys.modules}
sys.meta_path.insert(0, Refuse())
for name in NAMES:
    before = set(sys.modules)
    try:
        importlib.import_module(name)
    except Exception:
        for added in set(sys.modules) - before:
            del sys.modules[added]
del sys.meta_path[0]
sys.modules.update(hidden)
`;

async function make({modules, runtime, cache, key, archive}) {
  const python = await loadPyodide({indexURL: runtime, _makeSnapshot: true});
  const response = await fetch(archive);
  if (!response.ok) throw new Error(archive + ": HTTP " + response.status);
  python.unpackArchive(await response.arrayBuffer(), "gztar", {extractDir: "./whist/"});
  const names = modules.filter((name) => /^[\w.]+$/.test(name));
  const scope = python.toPy({});
  python.runPython("NAMES = " + JSON.stringify(names) + "\n" + IMPORT, {globals: scope});
  scope.destroy();
  const bytes = python.makeMemorySnapshot();
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const hex = Array.from(hash, (b) => b.toString(16).padStart(2, "0")).join("");
  const store = await caches.open(cache);
  for (const old of await store.keys()) await store.delete(old);
  await store.put(key, new Response(bytes, {headers: {"X-Digest": hex, "Content-Type": "application/octet-stream"}}));
}

self.onmessage = function (event) {
  make(event.data).then(function () { postMessage("kept"); }, function (err) { postMessage(String(err)); });
};
