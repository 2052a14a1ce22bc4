"""The page's entry point, run by PyScript: read the URL options and open the table.

``?pace=slow|normal|fast|instant`` sets the speed of play for this visit
(``instant`` also lets a finished trick go at once: for tests);
``?game=NAME`` and its options, and ``#deal=N`` (or ``?seed=N``), start a
given game and deal (see :mod:`whist.web.address`).
"""

import sys
import traceback
from typing import Any

import js
from pyodide.ffi import create_once_callable, to_js

from whist.web.bytecode import Keeper as Bytecode
from whist.web.bytecode import Step, importer

#: What the first table does not need, imported one module at a time when the page is idle
#: once the table is up (or on first use, if that comes first): the workers' codec (the coach's
#: first question after your first card, a Hard computer's first card), the hand review's
#: solvers, how to play, the New game dialog (the review's markup comes in whist-later.tgz).
#: Each is compiled a piece at a time in idle periods of their own, then imported in the next.
LATER = ("whist.web.thinker", "whist.ai.solver", "whist.ai.twohand", "whist.ai.review", "whist.web.howto",
         "whist.web.newgame")


def when_idle(steps: list[Step]) -> None:
    """Run ``steps`` one by one, each in an idle period of its own (never a long task); the
    steps a step hands back come next."""
    todo = list(steps)

    def step(*_: object) -> None:
        try:
            todo[:0] = todo.pop(0)() or []
        except Exception as err:  # only a head start (an import, the bytecode kept): never an error
            js.console.warn(f"whist: idle-time work failed ({err})")
        if todo:
            schedule()

    def schedule() -> None:
        callback = create_once_callable(step)
        if hasattr(js, "requestIdleCallback"):
            js.requestIdleCallback(callback, to_js({"timeout": 10_000}, dict_converter=js.Object.fromEntries))
        else:
            js.setTimeout(callback, 500)

    if todo:
        schedule()


def keep_snapshot() -> None:
    """The last idle step: a memory snapshot of a Python with the modules imported by now, made
    in a worker, for the next visit to start from (static/python.mjs: only in a build, once). Not
    while a worker of the table runs (a slow level's thinker, the coach's analyst): that would be
    a third Python at once, too much for a phone; a later visit makes it if none runs by then."""
    snapshot = getattr(js, "whistSnapshot", None)
    if snapshot is None:
        return
    if any(getattr(getattr(PAGE, name, None), "boot", None) is not None for name in ("thinker", "analyst")):
        snapshot.result = "a worker runs"
        return
    snapshot.make(to_js(list(sys.modules)))


def open_table(workers: tuple[Any, Any] | None = None, replays: bool = True) -> Any:
    """Read the address and what this device keeps, and open the table (the guided first hand on
    a plain first visit); the :class:`whist.web.page.Page`. ``workers``: the thinker and the analyst
    of a page that handed the document over (whist.web.testing), kept rather than booted again."""
    from whist.web.address import parse_address
    from whist.web.page import Page
    from whist.web.persist import Keeper
    from whist.web.plumbing import random_seed
    from whist.web.settings import SPEEDS
    from whist.web.storage import first_visit

    start = parse_address(str(js.location.search), str(js.location.hash))
    keeper = Keeper.load()  # settings, stats and the game this device keeps (never raises)
    settings = keeper.stored_settings
    pace = start.pace
    if pace in SPEEDS:
        settings = settings.changed(speed=pace)
        if pace in ("fast", "instant"):
            settings = settings.changed(trick_pause="none")
    seed = start.seed if start.seed is not None else random_seed()
    # guide: a plain first visit (no address, nothing kept) is dealt the guided first hand
    guided = not (str(js.location.search).strip("?") or str(js.location.hash).strip("#")) and first_visit(
        keeper.saved)
    if guided:
        from whist.table.guide import SEED
        seed = SEED
    page = Page(seed, settings, start.game, start.options, start.dealer, workers=workers, replays=replays)
    keeper.attach(page)  # the saved game, the stats panel, the notice
    page.start()
    keeper.started()
    page.live.table_put()  # a live table restored: its host invites its guests again
    if guided:
        from whist.web import guide_view
        guide_view.start(page, deal=False)
    else:  # a reload mid-guide (this tab kept where it was): taken up, if the table is still its hand
        from whist.web import guide_view
        if (kept := guide_view.resumable(page)) is not None:
            guide_view.start(page, deal=False, guide=kept)
    keeper.tell_address(start.problems)  # a bad address: the usual table, and a notice
    if start.challenge is not None:  # a challenge link (whist/web/challenge_view.py)
        page.challenges.arrive(start.challenge)
    if start.join is not None:  # a live table's invitation (whist/web/live_view.py)
        page.live.join(start.join)
    return page


def main() -> object:
    js.whistLoader.stage("main")
    # Before the first import: the modules this browser compiled at an earlier visit.
    bytecode = Bytecode(getattr(js, "whistBytecode", None))
    bytecode.restore()
    try:
        # Under automation only (navigator.webdriver): the end-to-end tests' reset, which opens a
        # new table in this same document (whist/web/testing.py); its snapshot comes first.
        automated = bool(getattr(js.navigator, "webdriver", False))
        if automated:
            from whist.web import testing
            snapshot = testing.Snapshot.take()
        page = open_table(replays=not automated or testing.replays())
        if automated:
            testing.install(snapshot, page, open_table)
        # (the package's modules: compiled to a .pyc, kept; the standard library's: compiled as imported)
        when_idle([step for name in LATER for step in (
            (bytecode.compiler(name), importer(name)) if name.startswith("whist.") else (importer(name),))]
                  + bytecode.steps() + [keep_snapshot])
        return page
    except Exception as err:
        js.console.warn("whist: " + "".join(traceback.format_exception(err)))
        js.whistLoader.fail("Sorry, the game could not start. Please reload the page.")
        return None


PAGE = main()
