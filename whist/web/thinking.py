"""The page's side of the thinker: Hard and Expert decide in a Web Worker.

:class:`Thinker` boots a PyScript named worker (its own Pyodide, a few seconds
and some memory) the first time a slow level is set, after the table is
ready, and sends it each decision of a slow player (:func:`whist.web.slow.is_slow`); the
quick levels (Easy, Normal: well under a millisecond) and the auction's
calls stay on the main thread. No SharedArrayBuffer is needed: PyScript
calls a worker's ``__export__`` functions by messages and the page awaits
a promise (GitHub Pages sends no COOP/COEP headers).

The worker runs :mod:`whist.web.thinker` from the same ``whist.tgz``: its
script is a two-line blob, and PyScript gives it the page's
``pyscript.toml`` (whose ``sync_main_only`` says that the worker needs no
synchronous access to the page). Should the worker fail to start, the
decisions are made on the main thread, as before.

One Python where one will do: the page has two of them, the thinker (the computers' cards) and
the analyst (the review, the coach, Expert with your cards, a challenge's costs), made by
:func:`pair`, and each exports the same functions. Whichever is asked for second while the
other's worker is up or booting shares that worker instead of booting one of its own (a Python
is tens of megabytes: a phone holds the page's and one worker's, never three). In a shared
worker the calls queue one at a time, so the analyst's wait while its ``hold`` says so (the
page: while the computers play or a card of theirs is asked for): a computer's card comes first,
and waits at most for the one step of the analyst's already under way (the review, the replay
and a challenge's costs go a position or a card at a time, the coach a card).

The body's marks, for the tests and ``benchmarks/memory.py``: ``data-thinker`` and
``data-analyst`` are ``ready`` once that one's calls are answered (by its own worker or the
shared one) and ``failed`` if its worker never started (absent: not asked for yet, or still
starting); ``data-workers`` is how many workers (Pythons besides the page's) this document
started: 1 where the two share.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import js

if TYPE_CHECKING:
    from whist.table import Choice, Hint

WORKER_NAME = "whist-thinker"
#: The second worker, the analyst: the review, the coach and Expert with your cards search for
#: seconds at a time, and in a worker of their own they never hold up a computer's card.
ANALYST_NAME = "whist-analyst"
WORKER_CODE = ("from whist.web.thinker import advise, choose, coach, replay_step, review, think\n"
               "__export__ = ['choose', 'think', 'advise', 'replay_step', 'coach', 'review']\n")


#: How long a worker may take to start before the page does without it: a worker that cannot
#: start never says so (PyScript waits for it for ever), and the review, the coach, Expert with
#: your cards and the slow computers would wait with it.
BOOT_SECONDS = 60.0
#: How often a call that waits for the computers (a shared worker's ``hold``) looks again.
IDLE_POLL = 0.25
#: The workers this document has started (``data-workers``): a page that takes over the document
#: keeps its workers (whist.web.testing), and this count with them.
started = 0


def pair() -> tuple[Thinker, Thinker]:
    """The page's thinker and analyst, each ready to share the other's worker."""
    thinker, analyst = Thinker(), Thinker(ANALYST_NAME, "analyst")
    thinker.other, analyst.other = analyst, thinker
    return thinker, analyst


class Thinker:
    """The worker, booted once on demand; ``await choose(choice)`` gives the answer."""

    def __init__(self, name: str = WORKER_NAME, mark: str = "thinker") -> None:
        self.name, self.mark = name, mark  # the worker's name; the body's data attribute of its state
        self.boot: asyncio.Task[Any] | None = None
        self.worker: Any = None
        self.failed = False
        self.boot_seconds: float | None = None
        self.in_flight = 0  # the calls sent and not answered yet
        self.waiting = 0  # of those, the ones a player waits for (not a background step)
        self.other: Thinker | None = None  # the page's other one (pair): one worker for both where both run
        self.host: Thinker | None = None  # the one whose worker this one's calls go to (None: its own)
        #: While this is true, a call of this one waits (only in a shared worker): the page sets the
        #: analyst's, so that the computers' cards come first.
        self.hold: Callable[[], bool] = lambda: False

    @property
    def shared(self) -> bool:
        """Whether this one's worker is the other's too (its calls queue with the other's)."""
        return self.host is not None or (self.other is not None and self.other.host is self)

    def start(self) -> None:
        """Boot the worker in the background (once); the other's, if it is up or booting."""
        if self.boot is None and not self.failed:
            other = self.other
            if other is not None and other.boot is not None and other.host is None and not other.failed:
                self.host = other
                self.boot = asyncio.ensure_future(self._share(other, other.boot))
            else:
                self.boot = asyncio.ensure_future(self._start())

    def show_state(self) -> None:
        """Put the body's marks of this worker's state back (a new body: whist.web.testing)."""
        if self.worker is not None or self.failed:
            setattr(js.document.body.dataset, self.mark, "ready" if self.worker is not None else "failed")
        if started:
            js.document.body.dataset.workers = str(started)

    async def _share(self, other: Thinker, boot: asyncio.Task[Any]) -> Any:
        """The other's worker (``boot``: its boot), once booted; if that failed, this one fails too (it would again)."""
        self.worker = await asyncio.shield(boot)
        self.failed = self.worker is None
        self.boot_seconds = other.boot_seconds
        setattr(js.document.body.dataset, self.mark, "failed" if self.failed else "ready")
        return self.worker

    async def _start(self) -> Any:
        from pyscript import create_named_worker

        global started
        started += 1
        js.document.body.dataset.workers = str(started)
        stop = getattr(getattr(js, "whistSnapshot", None), "stop", None)
        if stop is not None:  # a snapshot in the making (static/keep.mjs) is a Python too: the table's first
            stop()
        begun = time.perf_counter()
        blob = js.Blob.new([WORKER_CODE], js.Object.fromEntries([["type", "text/x-python"]]))
        url = js.URL.createObjectURL(blob)
        try:
            # No config of its own: PyScript boots the worker on the page's (pyscript.toml, whist.tgz).
            self.worker = await asyncio.wait_for(create_named_worker(src=url, name=self.name), BOOT_SECONDS)
            self.boot_seconds = time.perf_counter() - begun
            setattr(js.document.body.dataset, self.mark, "ready")
            return self.worker
        except Exception as err:
            self.failed = True
            why = f"it did not start in {BOOT_SECONDS:g} s" if isinstance(err, TimeoutError) else err
            js.console.warn(f"whist: the computers think on the page (no worker {self.name}: {why})")
            setattr(js.document.body.dataset, self.mark, "failed")
            return None
        finally:
            js.URL.revokeObjectURL(url)

    async def advise(self, choice: Choice) -> Hint | None:
        """The worker's hint (card and reason) for ``choice``; None if there is no worker."""
        from whist.table import Hint

        answer = await self.choose(choice, "advise")
        return None if answer is None else Hint(*json.loads(answer))

    async def think(self, choice: Choice) -> Any:
        """The worker's answer to ``choice`` and why (``[action, reason]``); None if there is no worker."""
        answer = await self.choose(choice, "think")
        return None if answer is None else json.loads(answer)

    async def choose(self, choice: Choice, ask: str = "choose") -> str | None:
        """The worker's answer to ``choice``; None if there is no worker (decide on the page)."""
        from whist.web import thinker  # the codec: only once a decision goes to the worker

        return await self.call(ask, thinker.request_of(choice))

    async def call(self, name: str, request: str, background: bool = False) -> str | None:
        """The worker's answer to ``request`` (text) from its export ``name``, booting it if need be;
        None if there is no worker or it failed (the caller decides on the page, or does without).
        A ``background`` call (a step of work no one waits for) is not counted in ``waiting``.
        In a shared worker, it is sent once ``hold`` is false (the other's calls first)."""
        if self.failed:
            return None
        self.start()
        assert self.boot is not None
        worker = await asyncio.shield(self.boot)  # an undo cancels the wait, never the boot
        if worker is None:
            return None
        self.in_flight += 1
        self.waiting += not background
        try:
            while self.shared and self.hold():
                await asyncio.sleep(IDLE_POLL)
            answer = await getattr(worker, name)(request)
        except Exception as err:  # the worker's error: this decision is made on the page
            js.console.warn(f"whist: the thinker failed ({err}); deciding on the page")
            return None
        finally:
            self.in_flight -= 1
            self.waiting -= not background
        return str(answer)
