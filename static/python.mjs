/* The interpreter module pyscript.toml names: Pyodide's loadPyodide, started
   from a memory snapshot on a return visit; and what an earlier visit kept of
   this version of the game in the Cache API, read from the moment PyScript
   imports this module (while it reads its config), never in development
   (version "dev") nor in PyScript's workers, which boot as usual.

   - window.whistBytecode: the compiled Python (whist/web/bytecode.py), which
     main.py writes back before its first import.
   - The memory snapshot: the whole memory of a Python that has booted and
     imported the game's modules (those that need nothing of the browser: the
     engine, the table, the computer players and the standard library they
     use). Restoring it skips Python's start and those imports. It is made
     after a visit, in idle time and in a worker (static/keep.mjs: play is
     never blocked), and kept under the game's version and Pyodide's: one of
     another version is never read, and the next one made replaces it. One
     that does not match its digest, or that Pyodide refuses, is dropped and
     Python starts as usual; after a restore, Python's random is reseeded (the
     snapshot's state is the same at every start).

   Under automation (navigator.webdriver: the end-to-end tests) no snapshot is
   made unless the page sets window.whistSnapshotTests first: making one costs
   a second Python for a few seconds, which thirty test pages have no use for. */
import { loadPyodide as load, version } from "../runtime/pyodide/pyodide.mjs";

export { version };

export const url = (path) => new URL(path, import.meta.url).href;
const meta = self.document && document.querySelector("meta[name=whist-version]");
const build = meta && meta.content !== "dev" && self.caches && meta.content;
/* Where each kind of thing is kept (static/keep.mjs keeps it), under this version. */
const where = (kind, key) => ({cache: `whist-${kind} ${new URL(url("../")).pathname}`, key: url(`../whist-${kind}/${key}`)});
const BYTECODE = where("bytecode", build), SNAPSHOT = where("snapshot", build + "/" + version);
const read = (kept) => build && caches.open(kept.cache).then((cache) => cache.match(kept.key));
const later = () => import("./keep.mjs");
export const digest = async (bytes) => btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))));

const bytecode = self.whistBytecode = build && {done: false, data: null, store: (bytes) => later().then((keeper) => keeper.keep(BYTECODE, bytes))};
if (build) read(BYTECODE).then((kept) => kept && kept.arrayBuffer()).then((data) => { bytecode.data = data; }, () => {})
  .then(() => { bytecode.done = true; });

/* What the page knows of it: whether this start came from one, and make(),
   which main.py calls in idle time once the table is up. */
const state = self.whistSnapshot = {used: false, make: (modules) => build && !state.used
  && later().then((keeper) => keeper.make(modules, state, SNAPSHOT))};

function drop(err) {
  console.warn(`whist: the kept snapshot was not used (${err})`);
  caches.delete(SNAPSHOT.cache);
}

let snapshot = build && read(SNAPSHOT).then(async (kept) => {
  const bytes = kept && new Uint8Array(await kept.arrayBuffer());
  if (bytes && await digest(bytes) !== kept.headers.get("X-Digest")) throw "damaged";
  return bytes;
}).catch(drop);

/* The standard library, fetched from the moment this module is imported: the
   site ships it as an uncompressed zip gzipped whole (python_stdlib.zip.gz,
   serve.py), a tenth smaller over the wire than a zip whose entries are each
   compressed alone, which a host sends as it is; Python then imports from it
   without inflating each module. Pyodide fetches its standard library by URL,
   so it is handed the zip as a blob: URL of this document. A host that
   decompressed it on the way (Content-Encoding) has sent the zip itself. */
const STDLIB = url("../runtime/pyodide/python_stdlib.zip.gz");
const fetchStdlib = () => fetch(STDLIB).then(async (response) => {
  if (!response.ok) throw new Error(`Failed to load '${STDLIB}': HTTP ${response.status}`);
  const data = await response.blob();
  const head = new Uint8Array(await data.slice(0, 2).arrayBuffer());
  const zip = head[0] === 0x1f && head[1] === 0x8b
    ? await new Response(data.stream().pipeThrough(new DecompressionStream("gzip"))).blob() : data;
  return URL.createObjectURL(zip);
});
let stdlib = fetchStdlib();
stdlib.catch(() => {});  // reported when a Python is started on it

/* A blob: URL of the standard library's zip, for a Python started here (Pyodide's
   stdLibURL): the one fetched at import the first time, then fetched again. Its
   taker revokes it once Pyodide has read it into its file system. */
export function standardLibrary() {
  const taken = stdlib || fetchStdlib();
  stdlib = null;
  return taken;
}

export async function loadPyodide(options) {
  const stdLibURL = await standardLibrary();
  options = {...options, indexURL: url("../runtime/pyodide/"), stdLibURL};
  try {
    return await start(options);
  } finally {
    URL.revokeObjectURL(stdLibURL);
  }
}

async function start(options) {
  const bytes = await snapshot;
  snapshot = null;  // its tens of megabytes: not kept once in Python's memory
  if (bytes) {
    try {
      const python = await load({...options, _loadSnapshot: bytes});
      delete python._api.config._loadSnapshot;
      python.runPython("__import__('random').seed()");
      state.used = true;
      return python;
    } catch (err) {
      drop(err);
    }
  }
  return load(options);
}
