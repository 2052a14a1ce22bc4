/* What the page runs before PyScript starts, in this order: the WebAssembly
   preload, the loading bar, offline play (the service worker) and PyScript's
   MicroPython config. (What an earlier visit kept, the compiled Python and the
   memory snapshot, is read by static/python.mjs, the interpreter module.)
   index.html loads it with a plain <script src> in its <head>, before the
   stylesheets: a file of the site rather than inline scripts, so that the
   page's Content-Security-Policy allows no inline script at all. */

/* The WebAssembly (9.6 MB) is preloaded on a first visit only: on a later
   one (the service worker in control) the preload would keep Chromium from
   using the compiled code it cached, which costs more than it saves
   (benchmarks/startup.py). */
if (!(navigator.serviceWorker && navigator.serviceWorker.controller)) {
  (function (link) {
    link.rel = "preload"; link.as = "fetch"; link.crossOrigin = "anonymous";
    link.href = "./runtime/pyodide/pyodide.asm.wasm";
    document.head.appendChild(link);
  })(document.createElement("link"));
}

/* The loading screen: moves the progress bar through the real stages of
   start-up (PyScript's py:progress events and the runtime files as they
   arrive). It only drives the bar; the game itself is Python. */
(function () {
  var stages = {
    "page": [4, "Loading the page"],
    "Loading Pyodide": [10, "Downloading Python"],
    "Loading Storage": [12, "Downloading Python"],
    "Loading interpreter": [15, "Downloading Python"],
    "pyodide.asm.mjs": [28, "Downloading Python"],
    "pyodide.asm.wasm": [55, "Starting Python"],
    "python_stdlib.zip.gz": [68, "Starting Python"],
    "Loaded interpreter": [76, "Loading the game"],
    "Loading files": [80, "Loading the game"],
    "Loaded files": [88, "Loading the game"],
    "Loaded Pyodide": [92, "Shuffling the cards"],
    "main": [96, "Dealing"]
  };
  var best = 0, t0 = performance.now();
  function set(key) {
    var s = stages[key];
    if (!s || s[0] <= best) return;
    best = s[0];
    var bar = document.getElementById("load-bar"), text = document.getElementById("load-stage");
    if (bar) { bar.style.width = s[0] + "%"; bar.parentNode.setAttribute("aria-valuenow", s[0]); }
    if (text) text.textContent = s[1] + "\u2026";
  }
  window.whistLoader = {
    stage: set,
    started: t0,
    fail: function (message) {
      var box = document.getElementById("loader");
      if (box) box.classList.add("failed");
      var text = document.getElementById("load-stage");
      if (text) text.textContent = message;
    }
  };
  addEventListener("py:progress", function (e) { set(String(e.detail)); });
  if ("PerformanceObserver" in window) {
    try {
      new PerformanceObserver(function (list) {
        list.getEntries().forEach(function (entry) {
          set(entry.name.split("?")[0].split("/").pop());
        });
      }).observe({type: "resource", buffered: true});
    } catch (e) { /* an old browser: the py:progress stages still move the bar */ }
  }
  addEventListener("DOMContentLoaded", function () { set("page"); });
})();

/* Offline play: the build's service worker (sw.js) keeps every file of this
   version. It is registered once the table is ready, so that the first visit
   starts as fast as it can. A new version installs in the background; before
   the table is up the page switches to it at once (a quiet reload), after
   that a small notice offers the reload. Never in development ("dev"). */
(function () {
  var meta = document.querySelector('meta[name="whist-version"]');
  var sw = navigator.serviceWorker;
  if (!sw || !meta || meta.content === "dev") return;
  var hadController = !!sw.controller, switching = false, watched = null;
  function ready() { return !!document.body && document.body.dataset.ready === "1"; }
  function reload() { if (!reload.done) { reload.done = true; location.reload(); } }
  function activate(worker) {
    switching = true;
    // Again every second until it takes over: a message to a worker that is
    // just starting or stopping can be lost.
    (function ask(tries) {
      if (worker.state !== "installed" || reload.done) return;
      worker.postMessage({type: "skip-waiting"});
      if (tries > 0) setTimeout(ask, 1000, tries - 1);
    })(60);
  }
  function notice(worker) {
    if (document.getElementById("update-notice")) return;
    var box = document.createElement("div"), text = document.createElement("span"), button = document.createElement("button");
    box.id = "update-notice";
    box.setAttribute("role", "status");
    box.style.cssText = "position:fixed;left:50%;bottom:calc(12px + env(safe-area-inset-bottom,0px));transform:translateX(-50%);" +
      "z-index:1000;display:flex;gap:.8em;align-items:center;padding:.5em .5em .5em 1em;border-radius:10px;" +
      "background:#fdfcf7;color:#16161d;box-shadow:0 4px 18px rgba(0,0,0,.4);font:inherit;width:max-content;max-width:92vw;box-sizing:border-box";
    text.textContent = "A new version of the game is ready.";
    button.type = "button";
    button.className = "btn btn-primary";
    button.textContent = "Reload";
    button.addEventListener("click", function () { if (worker) activate(worker); else reload(); });
    box.appendChild(text);
    box.appendChild(button);
    document.body.appendChild(box);
  }
  function onReady(callback) {
    if (ready()) { callback(); return; }
    function wait() {
      new MutationObserver(function (_, observer) {
        if (ready()) { observer.disconnect(); callback(); }
      }).observe(document.body, {attributes: true, attributeFilter: ["data-ready"]});
    }
    if (document.body) wait(); else addEventListener("DOMContentLoaded", wait);
  }
  function offer(worker) {
    if (!sw.controller) return;  // the first install: this page is already that version
    if (ready()) { notice(worker); return; }
    activate(worker);
    // Should the old worker not let go before the table is up (Chromium
    // waits for its requests in flight), offer the reload then.
    onReady(function () { if (worker.state === "installed") notice(worker); });
  }
  sw.addEventListener("controllerchange", function () {
    if (!hadController) { hadController = true; return; }  // the first install took over
    if (switching || !ready()) reload(); else notice(null);
  });
  function watch(reg) {
    if (!reg || watched === reg) return;
    watched = reg;
    function track(worker) {
      if (!worker) return;
      if (worker.state === "installed") { offer(worker); return; }
      worker.addEventListener("statechange", function () { if (worker.state === "installed") offer(worker); });
    }
    track(reg.waiting || reg.installing);
    reg.addEventListener("updatefound", function () { track(reg.installing); });
  }
  sw.getRegistration("./").then(watch, function () {});
  function register() {
    sw.register("./sw.js", {updateViaCache: "none"}).then(function (reg) {
      watch(reg);
      // Look for a new version now (the browser's own check after a
      // navigation may wait), then every hour while the page is open.
      function check() { if (sw.controller && navigator.onLine !== false) reg.update().catch(function () {}); }
      if (sw.controller) sw.controller.postMessage({type: "clean-up"});
      check();
      setInterval(check, 3600 * 1000);
    }, function (err) {
      console.warn("whist: no offline play (" + err + ")");
    });
  }
  onReady(register);
})();

/* PyScript reads a config for MicroPython too, and without one it loads every
   plugin (editor, terminal, game...): this one turns them off, as
   pyscript.toml does for Python (python serve.py --check: the same list). */
(function () {
  var config = document.createElement("mpy-config");
  config.textContent = 'plugins = ["!py-editor", "!py-game", "!py-terminal", "!donkey", "!deprecations-manager"]';
  document.head.appendChild(config);
})();
