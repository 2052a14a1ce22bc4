/* The interpreter module pyscript.toml names: Pyodide's loadPyodide, started
   from a memory snapshot on a return visit.

   A snapshot is the whole memory of an interpreter that has booted and
   imported the game's modules (those that need nothing of the browser: the
   engine, the table, the computer players and the standard library they
   use). Restoring it skips Python's start and those imports. It is made
   after a visit, in idle time and in a worker of its own (static/snapshot.mjs,
   so play is never blocked), and kept in the Cache API under the game's
   version and Pyodide's: a snapshot of another version is never read, and
   the next one made replaces it. A snapshot that does not match its digest,
   or that Pyodide refuses, is dropped and Python starts as usual.

   Never in development (version "dev"), nor in PyScript's workers (where the
   Hard and Expert players think), which boot as usual. Under automation
   (navigator.webdriver: the end-to-end tests) no snapshot is made unless
   the page sets window.whistSnapshotTests first: making one costs a second
   Python for a few seconds, which thirty test pages have no use for. */
import { loadPyodide as load, version } from "../runtime/pyodide/pyodide.mjs";

export { version };

const RUNTIME = new URL("../runtime/pyodide/", import.meta.url).href;
const SITE = new URL("../", import.meta.url);
const meta = self.document && document.querySelector('meta[name="whist-version"]');
const build = meta && meta.content !== "dev" && self.caches ? meta.content : null;
const CACHE = "whist-snapshot " + SITE.pathname;
const KEY = new URL("whist-snapshot/" + encodeURIComponent(build) + "/" + version, SITE).href;

/* What the page knows of it: whether this start came from a snapshot; make(),
   which main.py calls in idle time once the table is up; and what became of
   the one it made ("kept", or why not). */
const state = self.whistSnapshot = {used: false, made: false, result: "", make: make};

async function digest(bytes) {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(hash, (b) => b.toString(16).padStart(2, "0")).join("");
}

/* The kept snapshot of this version, checked; read from the moment PyScript
   imports this module, while it reads its config. */
async function read() {
  const response = await (await caches.open(CACHE)).match(KEY);
  if (!response) return null;
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (await digest(bytes) !== response.headers.get("X-Digest")) throw new Error("damaged");
  return bytes;
}
const kept = build ? read().catch(function (err) { drop(err); return null; }) : Promise.resolve(null);

function drop(err) {
  console.warn("whist: the kept snapshot was not used (" + err + ")");
  return caches.delete(CACHE).catch(function () {});
}

export async function loadPyodide(options) {
  options = Object.assign({}, options, {indexURL: RUNTIME});
  const snapshot = await kept;
  if (snapshot) {
    try {
      const python = await load(Object.assign({}, options, {_loadSnapshot: snapshot}));
      // The snapshot's random state is the same at every start: a new one.
      const random = python.pyimport("random");
      random.seed();
      random.destroy();
      state.used = true;
      return python;
    } catch (err) {
      await drop(err);
    }
  }
  return load(options);
}

/* Make and keep a snapshot with these modules imported (those of them that
   need nothing of the browser), in a worker; once a version, never twice. */
function make(modules) {
  if (!build || state.used || state.made || (navigator.webdriver && !self.whistSnapshotTests)) return;
  state.made = true;
  const worker = new Worker(new URL("snapshot.mjs", import.meta.url), {type: "module", name: "whist-snapshot"});
  function done(result) {
    worker.terminate();
    state.result = String(result);
    if (state.result !== "kept") console.warn("whist: no snapshot was made (" + state.result + ")");
  }
  worker.onmessage = function (event) { done(event.data); };
  worker.onerror = function (event) { done(event.message || "the worker failed"); };
  worker.postMessage({modules: Array.from(modules), runtime: RUNTIME, cache: CACHE, key: KEY,
                      archive: new URL("whist.tgz", SITE).href});
}
