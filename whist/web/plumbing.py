"""The page's plumbing in the browser: guarded event handlers (unbound when the page closes),
guarded tasks, a file download, a fresh deal number. A handler or a task that raises shows the
page's failure (``fail``) rather than a traceback."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

import js
from pyodide.ffi import create_once_callable, create_proxy, to_js

from whist.web.parts import run_guarded


def random_seed() -> int:
    """A fresh deal number from the browser's cryptographic random source."""
    words = js.Uint32Array.new(2)
    js.crypto.getRandomValues(words)
    return (int(words[0]) * 4294967296 + int(words[1])) % 10**12


class Plumbing:
    """Binds handlers and runs tasks for one page; ``fail`` is told what they raise."""

    def __init__(self, doc: Any, fail: Callable[[BaseException], None]) -> None:
        self.doc = doc
        self.fail = fail
        self.proxies: list[tuple[Any, str, Any]] = []  # (target, event, proxy): what unbind() unbinds
        self.tasks: set[asyncio.Task[None]] = set()

    def on(self, target: Any, event: str, handler: Callable[[Any], None]) -> None:
        def guarded(evt: Any) -> None:
            try:
                handler(evt)
            except Exception as err:
                self.fail(err)

        proxy = create_proxy(guarded)
        self.proxies.append((target, event, proxy))
        target.addEventListener(event, proxy)

    def unbind(self) -> None:
        """Unbind every handler bound by :meth:`on`."""
        for target, event, proxy in self.proxies:
            target.removeEventListener(event, proxy)
            proxy.destroy()
        self.proxies.clear()

    def spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        task = run_guarded(coro, self.fail)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def cancel_tasks(self) -> None:
        for task in list(self.tasks):
            task.cancel()

    def download(self, text: str, name: str, kind: str = "application/json") -> None:
        """Save ``text`` as the file ``name`` (media type ``kind``) from a Blob URL,
        revoked a minute later."""
        options = to_js({"type": kind}, dict_converter=js.Object.fromEntries)
        blob = js.Blob.new(to_js([text]), options)
        url = js.URL.createObjectURL(blob)
        link = self.doc.createElement("a")
        link.href = url
        link.download = name
        link.hidden = True
        self.doc.body.appendChild(link)
        link.click()
        link.remove()
        js.setTimeout(create_once_callable(lambda: js.URL.revokeObjectURL(url)), 60_000)
