"""The package's modules a page fetches on first use: ``whist-later.tgz`` (serve.LATER_ENTRIES and
what only they import: a challenge by link), unpacked into the package's folder once, then
imported like any other. The page starts without them; the service worker precaches the archive
with the rest of the version, so it works offline, and a page always gets its own version's.
"""

from __future__ import annotations

import asyncio
import importlib
import os
from typing import Any

ARCHIVE = "./whist-later.tgz"
FAILED = ("This part of the game could not be loaded (the page could not fetch its code): check the "
          "connection and try again.")

_done: asyncio.Future[None] | None = None


class NotLoaded(Exception):
    """The archive could not be fetched or unpacked; the message is one sentence for the player."""


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
    await response.unpack_archive(extract_dir=os.path.dirname(whist.__file__), format="gztar")
    importlib.invalidate_caches()
