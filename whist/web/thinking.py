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
"""

from __future__ import annotations

import asyncio
import json
import time
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

    def start(self) -> None:
        """Boot the worker in the background (once)."""
        if self.boot is None and not self.failed:
            self.boot = asyncio.ensure_future(self._start())

    def show_state(self) -> None:
        """Put the body's mark of this worker's state back (a new body: whist.web.testing)."""
        if self.worker is not None or self.failed:
            setattr(js.document.body.dataset, self.mark, "ready" if self.worker is not None else "failed")

    async def _start(self) -> Any:
        from pyscript import create_named_worker

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
        A ``background`` call (a step of work no one waits for) is not counted in ``waiting``."""
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
            answer = await getattr(worker, name)(request)
        except Exception as err:  # the worker's error: this decision is made on the page
            js.console.warn(f"whist: the thinker failed ({err}); deciding on the page")
            return None
        finally:
            self.in_flight -= 1
            self.waiting -= not background
        return str(answer)
