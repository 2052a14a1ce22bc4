/* PyScript's entry point on this page: it imports PyScript's core.js and sets
   its hooks before PyScript reads them.

   PyScript hands a worker the page's worker hooks, JavaScript functions, as
   source text that it rebuilds with Function() on the page and again in the
   worker: eval, which the page's Content-Security-Policy refuses (no
   'unsafe-eval'), and PyScript asks for it while it starts the page's own
   script, even with no worker. Its one such hook is its own: it gives a
   worker the `pyscript.fs` module (folders of the player's disk), which the
   thinker (whist/web/thinker.py) never uses. Without it nothing is rebuilt.

   This must be the page's only module script for PyScript: core.js then runs
   as this module's import, and the line below in the same step, before any
   of PyScript's own work (its config is read after a fetch) can go on. With
   core.js in a <script> of its own, this file could arrive after PyScript had
   built the hook, and the policy refused it (tests/e2e/test_csp.py). */
import { hooks } from "../runtime/pyscript/core.js";

hooks.worker.onBeforeRunAsync.clear();
