/* PyScript's hooks, set before it runs any Python (a module: index.html loads
   it right after PyScript's core.js, the same module instance).

   PyScript hands a worker the page's worker hooks, JavaScript functions, as
   source text that it rebuilds with Function() on the page and again in the
   worker: eval, which the page's Content-Security-Policy refuses (no
   'unsafe-eval'), and PyScript asks for it while it starts the page's own
   script, even with no worker. Its one such hook is its own: it gives a
   worker the `pyscript.fs` module (folders of the player's disk), which the
   thinker (whist/web/thinker.py) never uses. Without it nothing is rebuilt. */
import { hooks } from "../runtime/pyscript/core.js";

hooks.worker.onBeforeRunAsync.clear();
