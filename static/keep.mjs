/* What a visit keeps in the Cache API for the next (static/python.mjs reads
   it, and imports this module only in idle time once the table is up): the
   compiled Python (keep) and the memory snapshot a later visit starts from
   (make, once a version: it starts this same file as a worker, and notes in
   whistSnapshot.result what became of it: "kept", or why not; whistSnapshot.stop,
   while it runs, ends it: a worker of the table is about to start).

   In the worker: a fresh Python, the game's package unpacked as PyScript
   unpacks it, the page's modules imported (those that import nothing of the
   browser: `js` and PyScript are refused here, so a module that needs them is
   left out and imported on the page as usual, its import-time work included),
   then its whole memory kept in the Cache API with its digest. */
import { digest, standardLibrary, url } from "./python.mjs";

/* Keep data as the one thing of its kind (those of older versions go); whether it was. */
export async function keep(where, data, headers) {
  try {
    const cache = await caches.open(where.cache);
    for (const old of await cache.keys()) await cache.delete(old);
    await cache.put(where.key, new Response(data, {headers}));
    return true;
  } catch (err) {
    console.warn(`whist: ${where.key} was not kept (${err})`);
    return false;
  }
}

export function make(modules, state, where) {
  // Under automation only when the page asks (see python.mjs).
  if (navigator.webdriver && !self.whistSnapshotTests) return;
  const worker = new Worker(import.meta.url, {type: "module"});
  const end = (result) => {
    worker.terminate();
    state.stop = null;
    state.result = result;
    if (state.result !== "kept") console.warn(`whist: no snapshot was made (${state.result})`);
  };
  worker.onmessage = worker.onerror = (event) => end(event.data || event.message || "the worker did not start");
  /* A worker of the table about to start (whist/web/thinking.py) comes first: never three Pythons. */
  state.stop = () => end("a worker of the table came first");
  worker.postMessage({modules: [...modules], where});
}

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

async function snapshot({modules, where}) {
  const { loadPyodide } = await import("../runtime/pyodide/pyodide.mjs");
  const stdLibURL = await standardLibrary();
  const python = await loadPyodide({indexURL: url("../runtime/pyodide/"), stdLibURL, _makeSnapshot: true})
    .finally(() => URL.revokeObjectURL(stdLibURL));
  const response = await fetch(url("../whist.tgz"));
  if (!response.ok) throw new Error(`whist.tgz: HTTP ${response.status}`);
  python.unpackArchive(await response.arrayBuffer(), "gztar", {extractDir: "./whist/"});
  const names = modules.filter((name) => /^[\w.]+$/.test(name));
  const scope = python.toPy({});
  python.runPython("NAMES = " + JSON.stringify(names) + "\n" + IMPORT, {globals: scope});
  scope.destroy();
  const bytes = python.makeMemorySnapshot();
  if (!await keep(where, bytes, {"X-Digest": await digest(bytes)})) throw new Error("the cache refused it");
}

if (!self.document) {
  self.onmessage = (event) => snapshot(event.data).then(() => postMessage("kept"), (err) => postMessage(String(err)));
}
