"""The end-to-end tests' reset: a new table in the same document, without booting Python again.

A Pyodide boot costs seconds, so the tests keep one booted page and start each test from
``window.whistReset(address, options)``: the table on show is closed (:meth:`Page.close`: its
flows stopped, its handlers unbound), the document's body is put back as it was before the first
table was drawn, the storage is cleared (or kept, for a restart that reads what a reload would),
the address is replaced, and the page's own start-up (:func:`whist.web.main.open_table`) opens the
table again: the same code path as a visit, with the same workers (they hold no game).

``options`` (a plain object, every field optional):

- ``keep``: keep localStorage and sessionStorage (a restart, as a reload would read them);
- ``storage``: ``{key: text}`` written to localStorage before the table opens (after clearing);
- ``replays``: replay every finished hand in the background (Expert with your cards): off
  unless asked, as on the first boot, where ``window.whistTest = {replays: true}`` asks for it.

``window.whistPark()`` closes the table on show and opens none, so that a page the tests keep
for later does nothing meanwhile; the next reset opens a table again.

Installed only under automation (``navigator.webdriver``, which no player's browser sets), so a
player's page never has it; it holds no rules and nothing a player could reach.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js
from pyodide.ffi import create_proxy


def _flag(options: Any, name: str) -> bool:
    value = getattr(options, name, None) if options is not None else None
    return bool(value) if value is not None else False


def replays() -> bool:
    """Whether the first boot replays every finished hand (``window.whistTest.replays``)."""
    return _flag(getattr(js.window, "whistTest", None), "replays")


class Snapshot:
    """The body as the page delivered it: its attributes and its children but the scripts."""

    def __init__(self, attributes: list[tuple[str, str]], children: list[Any]) -> None:
        self.attributes = attributes
        self.children = children

    @classmethod
    def take(cls) -> Snapshot:
        body = js.document.body
        attributes = [(str(a.name), str(a.value)) for a in body.attributes]
        return cls(attributes, [node.cloneNode(True) for node in body.childNodes if node.nodeName != "SCRIPT"])

    def restore(self) -> None:
        body = js.document.body
        for node in list(body.childNodes):
            if node.nodeName != "SCRIPT":  # PyScript's own script stays: a new one would run again
                node.remove()
        anchor = body.querySelector("script")
        for node in self.children:
            body.insertBefore(node.cloneNode(True), anchor)
        for name in [str(a.name) for a in body.attributes]:
            body.removeAttribute(name)
        for name, value in self.attributes:
            body.setAttribute(name, value)


def install(snapshot: Snapshot, page: Any, open_table: Callable[..., Any]) -> None:
    """Give the tests ``window.whistReset`` and ``window.whistPark`` for this document (see the
    module's docstring)."""
    current = [page]
    kept: list[Any] = [None]  # the workers of a table parked

    def park() -> None:
        """Close the table on show and open none: a shared page waiting for its next test does
        no work (no computer playing on, no replay asked of the analyst) while other pages run."""
        old = current[0]
        if old is not None:
            kept[0] = (old.thinker, old.analyst)
            old.close()
            current[0] = None

    def reset(address: str, options: Any = None) -> None:
        park()
        workers = kept[0]
        if not _flag(options, "keep"):
            js.localStorage.clear()
            js.sessionStorage.clear()
        storage = getattr(options, "storage", None) if options is not None else None
        if storage is not None:
            for key in js.Object.keys(storage):
                js.localStorage.setItem(key, getattr(storage, key))
        js.history.replaceState(None, "", address)
        js.window.scrollTo(0, 0)
        snapshot.restore()
        current[0] = open_table(workers, replays=_flag(options, "replays"))
        for thinker in workers or ():
            thinker.show_state()  # the body's data-thinker / data-analyst, put back with the body

    def run(source: str) -> None:
        """Run a test's Python in this page (tests/e2e/test_rtc.py installs its driver so)."""
        exec(compile(str(source), "<test>", "exec"), {"__name__": "__whist_test__"})

    js.whistReset = create_proxy(reset)
    js.whistPark = create_proxy(park)
    js.whistRun = create_proxy(run)
