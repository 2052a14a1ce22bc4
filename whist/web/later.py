"""The package's modules a page fetches on first use: ``whist-later.tgz`` (serve.LATER_ENTRIES and
what only they import: a challenge by link), unpacked into the package's folder once, then
imported like any other. The page starts without them; the service worker precaches the archive
with the rest of the version, so it works offline, and a page always gets its own version's.
"""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import Coroutine
from typing import Any, Generic, TypeVar

from whist.web.parts import run_guarded

B = TypeVar("B")

ARCHIVE = "./whist-later.tgz"
FAILED = ("This part of the game could not be loaded (the page could not fetch its code): check the "
          "connection and try again.")

_done: asyncio.Future[None] | None = None


class NotLoaded(Exception):
    """The archive could not be fetched or unpacked; the message is one sentence for the player."""


def loaded() -> bool:
    """Whether the archive is unpacked already (what needs it can then go on in the same task)."""
    return _done is not None and _done.done() and not _done.cancelled() and _done.exception() is None


async def need() -> None:
    """Fetch and unpack the archive, once (a second call waits for the first); NotLoaded if it fails."""
    global _done
    if _done is None or (_done.done() and _done.exception() is not None):
        _done = asyncio.ensure_future(_load())
    try:
        await asyncio.shield(_done)
    except NotLoaded:
        raise
    except Exception as err:
        raise NotLoaded(FAILED) from err


async def _load() -> None:
    from pyodide.http import pyfetch

    import whist

    response: Any = await pyfetch(ARCHIVE)
    if not response.ok:
        raise NotLoaded(FAILED)
    folder = os.path.dirname(whist.__file__)
    await response.unpack_archive(extract_dir=folder, format="gztar")
    forget_listings(folder)


def forget_listings(folder: str) -> None:
    """Have the import system look again in ``folder`` and the folders under it, where files
    were just written: the finders it keeps for them (``sys.path_importer_cache``) forget the
    listings they read. Not ``importlib.invalidate_caches()``, which does that for every finder
    and also clears the caches of ``importlib.metadata``, importing it (and ``email``) to do so:
    modules the page would then have to ship for nothing (stdlib_cut.py)."""
    inside = os.path.join(folder, "")
    for path, finder in list(sys.path_importer_cache.items()):
        invalidate = getattr(finder, "invalidate_caches", None)  # (a FileFinder's; None: no finder)
        if invalidate is not None and (path == folder or path.startswith(inside)):
            invalidate()


class Lazy(Generic[B]):
    """A part of the page whose code comes in the archive: made (:meth:`make`) on first use; each
    :meth:`call` waits for it (a second call meanwhile comes after the first). ``kept``: its loading
    runs beside the page's flow (an undo or a new game does not cancel it), else in that flow."""

    kept = False

    def __init__(self, page: Any) -> None:
        self.page = page
        self.box: B | None = None
        self.waiting: list[Coroutine[Any, Any, None]] = []
        """Calls made before the code was unpacked, not yet run: a later call must not overtake them."""

    def make(self) -> B:
        raise NotImplementedError

    def call(self, name: str, *args: Any) -> None:
        """Call the part's method ``name``: in this task where its code is unpacked already (a key's
        effect comes before the next key), else once it is."""
        self.waiting = [c for c in self.waiting if getattr(c, "cr_frame", None) is not None]  # (run, or cancelled)
        if self.box is None and not self.waiting and loaded():
            self.box = self.make()
        if self.box is not None and not self.waiting:
            getattr(self.box, name)(*args)
            return
        loading = self._load_and_call(name, args)
        self.waiting.append(loading)
        if self.kept:
            run_guarded(loading, self.page.fail)
        else:
            self.page.spawn(loading)

    async def _load_and_call(self, name: str, args: tuple[Any, ...]) -> None:
        if self.box is None:
            try:
                await need()
            except NotLoaded as err:
                self.page.say(str(err))
                self.page.set_status(str(err), "refuse")
                return
            if self.box is None:
                self.box = self.make()
        getattr(self.box, name)(*args)
