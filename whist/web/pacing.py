"""The pace of the table: a wait between the computers' cards that a click or a key ends early.

No browser module is imported here: the wait marks the body it is given (``data-waiting``: "1"
while it waits a while, "click" while it waits for a click or a key, "0" at rest), so CPython
tests it (tests/test_pacing.py).
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any


class Pacer:
    """The page's waits (``Page.wait``), each ended early by :meth:`skip`."""

    def __init__(self, body: Any) -> None:
        self.body = body
        self.skip_event: asyncio.Event | None = None

    @property
    def waiting(self) -> bool:
        """Whether the table is waiting (a click or a key would end the wait)."""
        return self.skip_event is not None

    async def wait(self, seconds: float | None) -> None:
        """Wait ``seconds`` (None: until a click or key); a click on the table or a key ends it early."""
        if seconds is not None and seconds <= 0:
            await asyncio.sleep(0)
            return
        event = asyncio.Event()
        self.skip_event = event
        self.body.dataset.waiting = "click" if seconds is None else "1"
        try:
            if seconds is None:
                await event.wait()
            else:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(event.wait(), seconds)
        finally:
            if self.skip_event is event:
                self.skip_event = None
                self.body.dataset.waiting = "0"

    def skip(self) -> bool:
        """End the current wait at once; False if the table is not waiting."""
        if self.skip_event is None:
            return False
        self.skip_event.set()
        self.stop()
        return True

    def stop(self) -> None:
        """Forget the current wait (the flow it paced is cancelled): the table is at rest."""
        self.skip_event = None
        self.body.dataset.waiting = "0"
