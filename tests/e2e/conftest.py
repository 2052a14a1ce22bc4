"""Fixtures for the end-to-end tests: servers, Chromium and a watched page.

Servers (session scope, each in a background thread of the test process):

- ``dev_server`` -> ``"http://127.0.0.1:PORT/"``: ``serve.py``'s dev server
  on the project (runs ``npm ci`` first if the runtime is missing).
- ``built_site`` -> ``Path``: the site written by ``serve.build_site`` into a
  temporary directory.
- ``site_server`` -> ``"http://127.0.0.1:PORT/whist/"``: that built site
  served under the sub-path ``/whist/``, as on a GitHub Pages project site.

Browser: pytest-playwright's own fixtures (``browser``, ``context``, ``page``)
run the system Chromium: ``$WHIST_CHROMIUM`` if set, else
``/usr/bin/chromium`` when it exists, else Playwright's bundled browser. The
launch flags are in ``CHROMIUM_ARGS`` (``--no-sandbox`` is added when running
as root). ``--headed`` and the other pytest-playwright options still work.

Watched pages (function scope), both :class:`GamePage`:

- ``game_page``: a fresh page on the dev server.
- ``site_page``: a fresh page on the built site under ``/whist/``.

A ``GamePage`` records every console error, uncaught page error, Python
traceback (in the console, in a ``.py-error`` element or in the page text),
failed or 4xx/5xx same-origin response, every request to another origin, and
every Content-Security-Policy violation: the ``securitypolicyviolation``
events of the page (an init script listens on ``document`` before any script
of the page runs, and catches what the browser refuses without a word, such as
an ``eval`` caught by a ``try``), those of its workers (a worker inherits a
blob: URL's policy; the watcher listens in each worker as soon as Playwright
reports it, so a violation in a worker's very first milliseconds can be
missed: it then shows as a worker that fails) and any console message about
the policy. When the test body ends, the test FAILS if anything was recorded,
listing it.
Screenshots, for looking at: ``shot(page, name)`` saves ``$WHIST_SHOTS/<name>.png``
(default /tmp/whist-shots), trying a stalled capture again.
Use ``game_page.open()`` to load the page and wait (up to 120 s) for
``body[data-ready="1"]``; it fails at once if the page reports an error first.
Any other attribute is the Playwright ``Page``'s: ``game_page.locator(...)``,
``game_page.click(...)``; the page itself is ``game_page.page``.

Example::

    def test_first_card(game_page):
        game_page.open()
        game_page.locator('button.card:not([aria-disabled="true"])').first.click()
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import threading
import time
import urllib.parse
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import Any, Literal

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    JSHandle,
    Page,
    Request,
    Response,
    ViewportSize,
    Worker,
)
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

import serve
import stdlib_cut
from tests import report

#: Debian's Chromium; the default when it exists.
SYSTEM_CHROMIUM = "/usr/bin/chromium"

#: Chromium flags: no GPU, no background connections to Google's services
#: (refused on closed networks, and not part of what the page does).
CHROMIUM_ARGS: tuple[str, ...] = (
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
)

#: The viewport of a page whose test asks for none (Playwright's own default).
DEFAULT_VIEWPORT: ViewportSize = {"width": 1280, "height": 720}

#: How long the page may take to boot Pyodide and reach data-ready (ms).
READY_TIMEOUT_MS = 120_000

READY_SELECTOR = 'body[data-ready="1"]'

#: Where the tests' screenshots go, for looking at: ``$WHIST_SHOTS``, else this.
SHOTS = Path(os.environ.get("WHIST_SHOTS", "/tmp/whist-shots"))

#: How long one screenshot may take, and how many times a stalled one is tried (ms, tries).
SHOT_TIMEOUT_MS = 30_000
SHOT_TRIES = 3

#: How a Content-Security-Policy violation reaches the watcher: a console error
#: that starts with this mark (from the page and from its workers alike).
CSP_MARK = "[whist-csp-violation]"

#: Listens for the policy's violations in a document or a worker (``self``) and
#: reports each one as a console error marked ``CSP_MARK``.
_CSP_LISTENER = """
(where) => {
  const target = typeof document === "undefined" ? self : document;
  target.addEventListener("securitypolicyviolation", (e) => {
    const at = e.sourceFile ? ` at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}` : "";
    const sample = e.sample ? ` (sample: ${e.sample})` : "";
    console.error(`%MARK% in ${where}: ${e.effectiveDirective} refused ${e.blockedURI || "?"}${at}${sample}`);
  }, true);
}
""".replace("%MARK%", CSP_MARK)

#: The page's init script: the listener, installed before any script of the page.
CSP_WATCH = f"({_CSP_LISTENER})('the page');"

#: Console messages about the policy (the browser's own, such as "... violates the
#: following Content Security Policy directive ..."), whatever their level.
_CSP_TEXT = re.compile(r"content[ -]security[ -]policy", re.IGNORECASE)
TRACEBACK = "Traceback (most recent call last)"

#: Where to note the modules every Python of the tests' pages imported (stdlib_cut.py's traced
#: list comes from it): with ``WHIST_TRACE_STDLIB=file``, static/python.mjs is served with its
#: interpreter kept in ``self.whistTracePython`` (the page's and each worker's) and the pinned
#: standard library whole (what the cut lacks is seen imported, not failing), and after each
#: test one JSON line a Python (the test, where it runs, ``sorted(sys.modules)``) is added.
TRACE_STDLIB = os.environ.get("WHIST_TRACE_STDLIB")
_TRACE_MODULES = ("self.whistTracePython ? "
                  "self.whistTracePython.runPython('sorted(__import__(\"sys\").modules)').toJs() : null")


def _traced_interpreter(route: Any) -> None:
    response = route.fetch()
    body = response.text().replace("return load(options);", "return self.whistTracePython = await load(options);")
    route.fulfill(response=response, body=body)


def trace_stdlib(test: str, pages: list[GamePage]) -> None:
    """Note the modules of every Python of ``pages`` (see :data:`TRACE_STDLIB`)."""
    if not TRACE_STDLIB:
        return
    with open(TRACE_STDLIB, "a", encoding="utf-8") as out:
        for page in pages:
            if page.page.is_closed():
                continue
            targets: list[tuple[str, Page | Worker]] = [("page", page.page)]
            for where, target in targets + [("worker", worker) for worker in page.page.workers]:
                with contextlib.suppress(PlaywrightError):
                    modules = target.evaluate(_TRACE_MODULES)
                    if modules:
                        out.write(json.dumps({"test": test, "where": where, "modules": modules}) + "\n")

#: For a script given to ``GamePage.open(script=)``: ``onLoad(f)`` runs ``f`` once the document is
#: parsed (at once on a shared page, whose document is; at DOMContentLoaded on a fresh one).
ON_LOAD = ("const onLoad = (f) => document.readyState === 'loading' ? "
           "document.addEventListener('DOMContentLoaded', f) : f();\n")


def settings_storage(**values: Any) -> dict[str, str]:
    """The player's stored settings (``whist:settings``, whist.web.storage) for ``open(storage=)``."""
    return {"whist:settings": json.dumps({"v": 1, **values})}
SUB_PATH = "/whist/"


# --------------------------------------------------------------------------
# Servers
# --------------------------------------------------------------------------


def _serve_in_thread(resolver: serve.Resolver, base: str = "/") -> Iterator[str]:
    """Run a serve.py server on a free port in a thread; yield its URL."""
    server = serve.make_server(resolver, "127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, name="whist-test-server", daemon=True)
    thread.start()
    try:
        yield serve.server_url(server, base)
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


@pytest.fixture(scope="session")
def runtime_installed() -> None:
    """The pinned Pyodide/PyScript runtime is in node_modules (``npm ci`` if not)."""
    try:
        serve.ensure_runtime(serve.ROOT)
    except SystemExit as exc:
        pytest.fail(str(exc), pytrace=False)


@pytest.fixture(scope="session")
def dev_server(runtime_installed: None) -> Iterator[str]:
    """Base URL (ending with "/") of the dev server on the project."""
    yield from _serve_in_thread(serve.project_resolver(serve.ROOT))


@pytest.fixture(scope="session")
def built_site(runtime_installed: None, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Directory holding the site as ``python serve.py --build`` writes it."""
    dest = tmp_path_factory.mktemp("build") / "_site"
    serve.build_site(dest, serve.ROOT)
    return dest


@pytest.fixture(scope="session")
def site_server(built_site: Path) -> Iterator[str]:
    """URL (ending with "/whist/") of the built site served under a sub-path."""
    yield from _serve_in_thread(serve.site_resolver(built_site, SUB_PATH), SUB_PATH)


# --------------------------------------------------------------------------
# Browser
# --------------------------------------------------------------------------


def chromium_executable() -> str | None:
    """The Chromium to run: $WHIST_CHROMIUM, else /usr/bin/chromium, else None (Playwright's own)."""
    chosen = os.environ.get("WHIST_CHROMIUM")
    if chosen:
        if not (Path(chosen).is_file() or shutil.which(chosen)):
            raise pytest.UsageError(f"WHIST_CHROMIUM={chosen} is not an executable file")
        return shutil.which(chosen) or chosen
    return SYSTEM_CHROMIUM if Path(SYSTEM_CHROMIUM).is_file() else None


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any], browser_name: str | None) -> dict[str, Any]:
    """pytest-playwright's launch options, plus the system Chromium and its flags."""
    options = dict(browser_type_launch_args)
    if (browser_name or "chromium") != "chromium":
        return options
    args = list(options.get("args", [])) + list(CHROMIUM_ARGS)
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        args.append("--no-sandbox")
    options["args"] = args
    executable = chromium_executable()
    if executable and "channel" not in options and "executable_path" not in options:
        options["executable_path"] = executable
    return options


# --------------------------------------------------------------------------
# The watched page
# --------------------------------------------------------------------------


def shot(page: Page | GamePage, name: str) -> Path:
    """Save a screenshot of ``page`` as ``SHOTS/<name>.png`` and return its path.

    Headless Chromium can stall a capture waiting for a frame on a loaded machine (once in
    CI: 30 s after "fonts loaded", the page answering before and after). A stalled capture
    is tried again once the page has drawn a frame (``polling="raf"`` runs in one), up to
    ``SHOT_TRIES`` times. A page that draws no frame in ``SHOT_TIMEOUT_MS`` is stuck, and
    the test fails on that.
    """
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    for _ in range(SHOT_TRIES - 1):
        try:
            page.screenshot(path=str(path), timeout=SHOT_TIMEOUT_MS)
            return path
        except PlaywrightTimeoutError:
            pass
        try:
            page.wait_for_function("() => true", polling="raf", timeout=SHOT_TIMEOUT_MS)
        except PlaywrightTimeoutError:
            pytest.fail(f"the page drew no frame in {SHOT_TIMEOUT_MS / 1000:.0f} s (screenshot {name})")
    page.screenshot(path=str(path), timeout=SHOT_TIMEOUT_MS)  # the last try: a timeout fails the test
    return path


def _origin(url: str) -> str:
    parts = urllib.parse.urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


#: The page in front in this test process's browser (a new page comes in front; ``GamePage.front``
#: brings another one back). Playwright waits for an element to be stable over animation frames
#: before it clicks it, and a page behind another gets its frames at a crawl while the page
#: animates: a click on the first of two tabs took 2 to 3 s instead of 0.1 s, and a test that
#: played a game in each of two tabs took 90 s instead of 15.
_FRONT: list[Page | None] = [None]


class GamePage:
    """A Playwright page on one server that records everything that went wrong.

    ``problems`` lists what was recorded; ``requests`` every URL requested;
    ``workers`` the URL of every worker the watcher listens in.
    Unknown attributes are looked up on the Playwright ``Page``.
    """

    def __init__(self, page: Page, context: BrowserContext, base_url: str) -> None:
        self.page = page
        self.base_url = base_url
        self.origin = _origin(base_url)
        self.problems: list[str] = []
        self.requests: list[str] = []
        self.workers: list[str] = []  #: the workers the watcher listens in
        self._ignored: list[re.Pattern[str]] = []
        self._reported: set[str] = set()  # already in a failure message
        #: Shared between tests (``game_page``, ``shared_page``): ``open`` resets it in place.
        self.shared = False
        #: A shared second tab (``second_tab``): ``open`` keeps the device's storage, as a tab
        #: opened beside the first would find it, and starts this tab's own session empty.
        self.tab = False
        self.context = context
        #: localStorage written before every table this page opens (as a context's init script would)
        self.preset: dict[str, str] = {}
        self._replays = False
        self._scripted = False  # a fresh page: its init scripts are added
        page.on("console", self._on_console)
        page.on("pageerror", lambda error: self._record(f"page error: {error}"))
        page.on("worker", self._on_worker)
        page.add_init_script(CSP_WATCH)
        if TRACE_STDLIB and not getattr(context, "whist_traced", False):
            context.route("**/static/python.mjs", _traced_interpreter)
            whole = stdlib_cut.pack((serve.ROOT / "node_modules/pyodide" / stdlib_cut.STDLIB_ZIP).read_bytes())
            context.route(f"**/{serve.STDLIB_PATH}", lambda route: route.fulfill(
                body=whole, content_type="application/gzip"))
            context.whist_traced = True  # type: ignore[attr-defined]
        _FRONT[0] = page  # a new page opens in front
        context.on("request", self._on_request)
        context.on("response", self._on_response)
        context.on("requestfailed", self._on_request_failed)

    # -- recording ---------------------------------------------------------

    def _record(self, problem: str) -> None:
        if not any(p.search(problem) for p in self._ignored):
            self.problems.append(problem)

    def _on_console(self, message: ConsoleMessage) -> None:
        text = message.text
        if text.startswith(CSP_MARK):
            self._record("CSP violation" + text.removeprefix(CSP_MARK))
        elif _CSP_TEXT.search(text):
            self._record(f"CSP console {message.type}: {text}")
        elif message.type == "error":
            self._record(f"console error: {text}")
        elif TRACEBACK in text:
            self._record(f"Python traceback in console ({message.type}): {text}")

    def _on_worker(self, worker: Worker) -> None:
        """Listen for the policy's violations in a new worker (its console reaches ``_on_console``)."""
        if worker.url.startswith("blob:"):  # PyScript's named workers (the thinker, the analyst)
            report.count_boot("worker")
        with contextlib.suppress(PlaywrightError):  # the worker ended first
            worker.evaluate(_CSP_LISTENER, f"a worker ({worker.url[:60]})")
            self.workers.append(worker.url)

    def _on_request(self, request: Request) -> None:
        url = request.url
        self.requests.append(url)
        if request.is_navigation_request() and request.frame == self.page.main_frame:
            report.count_boot("page")
        scheme = urllib.parse.urlsplit(url).scheme
        if scheme in ("data", "blob", "about"):
            return
        if _origin(url) != self.origin:
            self._record(f"request to another origin: {request.method} {url}")

    def _on_response(self, response: Response) -> None:
        if response.status >= 400 and _origin(response.url) == self.origin:
            self._record(f"HTTP {response.status}: {response.url}")

    def _on_request_failed(self, request: Request) -> None:
        failure = request.failure or "failed"
        if _origin(request.url) == self.origin and "ERR_ABORTED" not in failure:
            self._record(f"request failed ({failure}): {request.url}")

    def _page_problems(self) -> list[str]:
        """Python errors shown in the page itself (PyScript's ``.py-error`` banners, tracebacks in text)."""
        if self.page.is_closed():
            return []
        try:
            banners = self.page.locator(".py-error").all_text_contents()
            text = self.page.evaluate("() => document.body ? document.body.innerText : ''")
        except PlaywrightError:
            return []
        found = [f"PyScript error shown in the page (.py-error): {b.strip()}" for b in banners]
        if not banners and TRACEBACK in text:
            start = text.index(TRACEBACK)
            found.append(f"Python traceback in the page text: {text[start : start + 2000]}")
        return [p for p in found if not any(i.search(p) for i in self._ignored)]

    # -- API for tests -------------------------------------------------------

    def ignore(self, pattern: str) -> None:
        """Do not count problems matching the regular expression ``pattern`` (for tests of error paths)."""
        self._ignored.append(re.compile(pattern))
        self.problems = [p for p in self.problems if not re.search(pattern, p)]

    def all_problems(self) -> list[str]:
        """Everything recorded so far, plus the errors the page shows now."""
        return [*self.problems, *self._page_problems()]

    def url(self, path: str = "") -> str:
        """Absolute URL of ``path`` relative to the server's base URL."""
        return urllib.parse.urljoin(self.base_url, path.lstrip("/"))

    def front(self) -> None:
        """Bring this page in front if another one is (see ``_FRONT``): every use of the page
        through this object does it first."""
        if _FRONT[0] is not self.page and not self.page.is_closed():
            self.page.bring_to_front()
            _FRONT[0] = self.page

    def goto(self, path: str = "", **kwargs: Any) -> Response | None:
        """Navigate to ``path`` (relative to the base URL)."""
        self.front()
        return self.page.goto(self.url(path), **kwargs)

    def wait_ready(self, timeout_ms: int = READY_TIMEOUT_MS) -> None:
        """Wait for ``body[data-ready="1"]``; fail early if the page reports a problem first."""
        deadline = time.monotonic() + timeout_ms / 1000
        while True:
            problems = self.all_problems()
            if problems:
                self._reported.update(problems)
                pytest.fail("the page failed before it was ready:\n" + "\n".join(problems), pytrace=False)
            try:
                self.page.wait_for_selector(READY_SELECTOR, state="attached", timeout=500)
                return
            except PlaywrightTimeoutError:
                if time.monotonic() > deadline:
                    pytest.fail(f"the page was not ready ({READY_SELECTOR}) after {timeout_ms / 1000:.0f} s")

    def booted(self) -> bool:
        """Whether the page runs the game with its reset (``window.whistReset``) ready."""
        if self.page.is_closed():
            return False
        try:
            return bool(self.page.evaluate("() => typeof window.whistReset === 'function'"))
        except PlaywrightError:
            return False

    def open(self, path: str = "", timeout_ms: int = READY_TIMEOUT_MS, *, storage: dict[str, str] | None = None,
             script: str | None = None, keep: bool = False, replays: bool = False) -> Page:
        """Open the table at ``path`` (relative to the base URL) and wait until it is ready; the
        Playwright page. A fresh page loads it (a visit); a shared one, once booted, is reset in
        place (``whist/web/testing.py``): storage cleared (or ``keep``-ed, as when a link is opened
        in the same tab), ``storage`` written, the address replaced and the table opened again by
        the page's own start-up, without booting Python. ``script`` (JavaScript) runs before the
        table opens (on a fresh page, as an init script of every load). ``replays``: replay each
        finished hand in the background (Expert with your cards), off unless asked."""
        storage = {**self.preset, **(storage or {})} or None
        self._replays = replays
        if self.tab:
            keep = True
            script = "sessionStorage.clear();\n" + (script or "")
        self.front()
        if not self.shared:
            if not self._scripted:
                self._scripted = True
                if storage:
                    self.page.add_init_script("".join(
                        f"localStorage.setItem({json.dumps(k)}, {json.dumps(v)});" for k, v in storage.items()))
                if replays:
                    self.page.add_init_script("window.whistTest = {replays: true};")
                if script:
                    self.page.add_init_script(script)
            self.goto(path)
            self.wait_ready(timeout_ms)
            return self.page
        if not self.booted():
            self.goto("?pace=instant#deal=1")
            self.wait_ready(timeout_ms)
        if script:
            self.page.evaluate(f"() => {{ {script}\n}}")
        self._reset(path, {"storage": storage, "replays": replays, "keep": keep})
        return self.page

    def tool(self, button: str, *, tap: bool = False) -> None:
        """Press the toolbar's ``button`` (its id), through the More list where this screen lists
        it there (whist/web/more_menu.py); ``tap`` for a touch screen's tap."""
        self.front()
        selector = "#" + button.removeprefix("#")
        listed = self.page.evaluate("""(s) => { const b = document.querySelector(s);
            return !b.getClientRects().length && !!b.closest('[data-shown-by]'); }""", selector)
        press = self.page.tap if tap else self.page.click
        if listed:
            press("#more-btn")
        press(selector)

    def park(self) -> bool:
        """Close the table on show and open none (``window.whistPark``, a shared page between its
        tests): no computer plays on and no replay runs while other tests use the machine. Whether
        that went cleanly."""
        try:
            self.page.evaluate("() => window.whistPark && window.whistPark()")
        except PlaywrightError:
            return False
        return not self.all_problems()

    def restart(self) -> Page:
        """Open the table again at the same address on what the page keeps, as a reload would read
        it (localStorage and this tab's sessionStorage), without booting Python (a shared page; a
        fresh one reloads)."""
        self.front()
        if not self.shared:
            self.page.reload()
            self.wait_ready()
            return self.page
        self._reset(self.page.url, {"keep": True, "replays": self._replays})
        return self.page

    def _reset(self, path: str, options: dict[str, Any]) -> None:
        options = {k: v for k, v in options.items() if v is not None}
        self.page.evaluate("([address, options]) => window.whistReset(address, options)", [self.url(path), options])
        report.count_boot("reset")
        self.wait_ready()

    #: What a shared page must not be given: it would stay for the tests after this one, or it
    #: acts before the page's first script (``fresh_page`` has a page of its own).
    NOT_SHARED = frozenset({"add_init_script", "clock", "route", "expose_function", "expose_binding"})

    #: How often a wait for a function looks again (ms), by default: by a timer, not by animation
    #: frame as Playwright does, whose polling has the page draw a frame 60 times a second for as
    #: long as a test waits (0.06 of a core against 0.012, a /tmp probe), for about the same delay.
    POLL_MS = 20

    def wait_for_function(self, expression: str, *, arg: Any = None, timeout: float | None = None,
                          polling: float | Literal["raf"] = POLL_MS) -> JSHandle:
        self.front()
        return self.page.wait_for_function(expression, arg=arg, timeout=timeout, polling=polling)

    def __getattr__(self, name: str) -> Any:
        if name == "page":  # not set yet: avoid endless recursion
            raise AttributeError(name)
        if self.shared and name in self.NOT_SHARED:
            raise pytest.UsageError(f"{name} on a shared page: use the fresh_page fixture, or open(storage=, script=)")
        self.front()
        return getattr(self.page, name)


GamePageFactory = Callable[[str], GamePage]

#: The GamePages a test opened, checked when its body ends.
PAGES_KEY = pytest.StashKey[list[GamePage]]()


@pytest.fixture
def make_game_page(new_context: Callable[..., BrowserContext], request: pytest.FixtureRequest) -> GamePageFactory:
    """``make_game_page(base_url)`` -> a watched page in a new browser context, on any server."""

    def make(base_url: str) -> GamePage:
        context = new_context()
        game_page = GamePage(context.new_page(), context, base_url)
        request.node.stash.setdefault(PAGES_KEY, []).append(game_page)
        return game_page

    return make


#: A browser context's options that Playwright gives it when they are not named.
CONTEXT_DEFAULTS: dict[str, Any] = {"has_touch": False, "is_mobile": False, "device_scale_factor": 1}


class PagePool:
    """The booted pages the tests share, one per server and kind of browser context (viewport,
    touch, ...): each test resets its page through the page's own reset (``GamePage.open``), so a
    session boots Python once per kind, not once per test. A page a test left in doubt (the test
    failed, or the page closed or recorded a problem) is closed, and the next test boots anew."""

    def __init__(self, browser: Browser, context_args: dict[str, Any]) -> None:
        self.browser = browser
        self.context_args = context_args
        self.pages: dict[str, GamePage] = {}

    @staticmethod
    def key(base_url: str, options: dict[str, Any]) -> str:
        return base_url + " " + repr(sorted(options.items()))

    def get(self, base_url: str, options: dict[str, Any]) -> GamePage:
        """The shared page for ``options`` (a context's options), watched afresh, at the viewport
        they ask for: pages differ by everything but the viewport, which each test sets."""
        # (a default asked for by name is the same page as one not asked for)
        options = {k: v for k, v in {**self.context_args, **options}.items()
                   if k not in CONTEXT_DEFAULTS or CONTEXT_DEFAULTS[k] != v}
        viewport = options.pop("viewport", None) or DEFAULT_VIEWPORT
        key = self.key(base_url, options)
        page = self.pages.get(key)
        if page is None or page.page.is_closed():
            context = self.browser.new_context(**options, viewport=viewport)
            page = GamePage(context.new_page(), context, base_url)
            page.shared = True
            self.pages[key] = page
        return self._watched(page, options, viewport)

    def second(self, first: GamePage) -> GamePage:
        """The second tab of the shared page ``first``: a page of the same browser context (the
        same device storage), shared like ``first``, booted now and parked, so that its boot
        writes nothing while a test's first tab holds a game; its ``open`` is a tab's visit."""
        key = next(k for k, kept in self.pages.items() if kept is first) + " tab"
        page = self.pages.get(key)
        if page is None or page.page.is_closed():
            page = GamePage(first.context.new_page(), first.context, first.base_url)
            page.shared = page.tab = True
            self.pages[key] = page
            page.open("?pace=instant#deal=1")
        page = self._watched(page, {}, first.page.viewport_size or DEFAULT_VIEWPORT)
        page.park()
        return page

    def _watched(self, page: GamePage, options: dict[str, Any], viewport: ViewportSize) -> GamePage:
        """``page`` watched afresh for the next test, at ``viewport``, its zoom and media as a
        new page of a context with ``options`` has them."""
        page.problems.clear()
        page.requests.clear()
        page._reported.clear()
        page._ignored.clear()
        page.preset = {}
        if page.page.viewport_size != viewport:
            page.page.set_viewport_size(viewport)
        if options.get("is_mobile"):
            # A phone's page keeps the zoom it was left at (its visual viewport scaled 1.12 after
            # an earlier test's sizes, and a click on a toolbar button hit its neighbour): back to
            # its initial scale, as a new page opens (Chromium's DevTools protocol).
            with contextlib.suppress(PlaywrightError):
                session = page.context.new_cdp_session(page.page)
                session.send("Emulation.resetPageScaleFactor")
                session.detach()
        # The media a test emulated (a colour scheme, reduced motion, print) stays with the page:
        # back to the context's own for the next test (a played card seen only fading in, as with
        # reduced motion, after a test had asked for it, was why test_motion had pages of its own).
        page.page.emulate_media(media="screen", color_scheme=options.get("color_scheme", "light"),
                                reduced_motion=options.get("reduced_motion", "no-preference"),
                                forced_colors=options.get("forced_colors", "none"),
                                contrast=options.get("contrast", "no-preference"))
        page.front()
        return page

    def retire(self, page: GamePage) -> None:
        """Share ``page`` no more: a second tab is closed alone, a first page with its context
        (and so its tab)."""
        for key, kept in list(self.pages.items()):
            if kept is page or (not page.tab and kept.context is page.context):
                del self.pages[key]
        with contextlib.suppress(PlaywrightError):
            if page.tab:
                page.page.close()
            else:
                page.context.close()

    def close(self) -> None:
        for page in list(self.pages.values()):
            self.retire(page)


#: The pool's pages a test used, retired if the test failed.
SHARED_KEY = pytest.StashKey[list[GamePage]]()


@pytest.fixture(scope="session")
def page_pool(browser: Browser, browser_context_args: dict[str, Any]) -> Iterator[PagePool]:
    pool = PagePool(browser, browser_context_args)
    yield pool
    pool.close()


SharedPageFactory = Callable[..., GamePage]


@pytest.fixture
def shared_page(page_pool: PagePool, dev_server: str, request: pytest.FixtureRequest) -> SharedPageFactory:
    """``shared_page(base_url=dev_server, **context_options)`` -> the booted page this session
    shares for those context options (``viewport``, ``has_touch``, ``is_mobile``,
    ``device_scale_factor``, ``reduced_motion``...), watched for this test; ``open(path)`` resets it.
    For a first visit, a reload that must really reload, init scripts, routes, a clock or a
    second tab, use ``fresh_page`` / ``make_game_page``."""

    def make(base_url: str | None = None, **options: Any) -> GamePage:
        page = page_pool.get(base_url or dev_server, options)
        request.node.stash.setdefault(PAGES_KEY, []).append(page)
        request.node.stash.setdefault(SHARED_KEY, []).append(page)
        return page

    return make


@pytest.fixture
def second_tab(page_pool: PagePool, game_page: GamePage, request: pytest.FixtureRequest) -> Callable[[], GamePage]:
    """``second_tab()`` -> a second tab beside ``game_page``, in the same browser context (the
    same storage), watched for this test; ``open(path)`` opens the table in it as a visit in a
    new tab would (the device's storage as the first tab left it, this tab's session empty).
    The tab is shared between tests like ``game_page``: booted (once) and parked before the
    test's first tab opens its game, so its boot writes nothing a test would see."""
    tab = page_pool.second(game_page)

    def make() -> GamePage:
        request.node.stash.setdefault(PAGES_KEY, []).append(tab)
        request.node.stash.setdefault(SHARED_KEY, []).append(tab)
        return tab

    return make


@pytest.fixture
def game_page(shared_page: SharedPageFactory) -> GamePage:
    """The shared watched page on the dev server (see :class:`GamePage` and ``shared_page``)."""
    return shared_page()


@pytest.fixture
def fresh_page(make_game_page: GamePageFactory, dev_server: str) -> GamePage:
    """A watched page of its own on the dev server, in a new browser context: ``open`` loads it."""
    return make_game_page(dev_server)


@pytest.fixture
def site_page(make_game_page: GamePageFactory, site_server: str) -> GamePage:
    """A watched page on the built site served under /whist/ (see :class:`GamePage`)."""
    return make_game_page(site_server)


@pytest.fixture(autouse=True)
def _retire_doubtful_pages(request: pytest.FixtureRequest) -> Iterator[None]:
    """After each test: a shared page the test failed on (or left closed, or that could not be
    parked) is not shared again; the others are parked until their next test."""
    yield
    pages = request.node.stash.get(SHARED_KEY, [])
    if not pages:
        return
    failed = any(getattr(request.node, f"rep_{when}", None) is not None and getattr(request.node, f"rep_{when}").failed
                 for when in ("setup", "call"))
    pool: PagePool = request.getfixturevalue("page_pool")
    for page in pages:
        if failed or page.page.is_closed() or not page.park():
            pool.retire(page)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, Any, Any]:
    """Keep each phase's report on the item (``rep_setup``, ``rep_call``) for the fixtures above."""
    report_ = yield
    setattr(item, f"rep_{report_.when}", report_)
    return report_


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, object, object]:
    """After the test body, fail the test if any of its GamePages recorded a problem."""
    try:
        result = yield
    except BaseException:
        trace_stdlib(item.nodeid, item.stash.get(PAGES_KEY, []))
        for page in item.stash.get(PAGES_KEY, []):
            if problems := [p for p in page.all_problems() if p not in page._reported]:
                item.add_report_section("call", "browser problems", "\n".join(problems))
        raise
    trace_stdlib(item.nodeid, item.stash.get(PAGES_KEY, []))
    problems = [p for page in item.stash.get(PAGES_KEY, []) for p in page.all_problems()]
    if problems:
        pytest.fail(
            "the browser reported problems:\n" + "\n".join(f"- {p}" for p in problems),
            pytrace=False,
        )
    return result


def press_bid(page: GamePage, call: str, *, tap: bool = False) -> None:
    """Make ``call`` (``"9H"``) in the bidding box as a player does on this screen: where the box
    shows a level at a time (a small touch screen), its level first, then the bid."""
    press = page.tap if tap else page.click
    level = call.rstrip("CDHSNT")
    if level and page.locator(f'#bid-box .bid-level[data-level="{level}"]').is_visible():
        press(f'#bid-box .bid-level[data-level="{level}"]')
    press(f'#bid-box .bid[data-call="{call}"]')
