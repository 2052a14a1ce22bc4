"""whist.web.later's import of what it unpacks: the new files are found, and nothing the page does
not ship is imported to find them (stdlib_cut.py cut ``email`` once ``importlib.metadata`` was no
longer imported)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

#: In a Python of its own: a package is imported, a module is written into it (and into a folder
#: under it) after the import system has read its listing, and forget_listings makes both found.
SCRIPT = """
import importlib.util, json, os, sys
sys.path[:0] = [{root!r}, {tmp!r}]
from whist.web.later import forget_listings
os.makedirs(os.path.join({tmp!r}, "pkg", "sub"))
for name in ("pkg/__init__.py", "pkg/sub/__init__.py"):
    open(os.path.join({tmp!r}, name), "w").close()
import pkg, pkg.sub
before = [importlib.util.find_spec(n) is None for n in ("pkg.new", "pkg.sub.new")]
for name in ("pkg/new.py", "pkg/sub/new.py"):
    with open(os.path.join({tmp!r}, name), "w") as file:
        file.write("FOUND = True\\n")
forget_listings(os.path.join({tmp!r}, "pkg"))
import pkg.new, pkg.sub.new
print(json.dumps([before, pkg.new.FOUND, pkg.sub.new.FOUND,
                  "importlib.metadata" in sys.modules, "email" in sys.modules]))
"""


def test_forget_listings_finds_the_new_modules_and_imports_nothing_more(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, "-I", "-c", SCRIPT.format(root=str(ROOT), tmp=str(tmp_path))],
                         capture_output=True, text=True, check=True, timeout=60).stdout
    # Not found before (the listings were read before the files came), found after, and neither
    # importlib.metadata nor email imported on the way.
    assert json.loads(out) == [[True, True], True, True, False, False]



def test_loaded_only_once_the_archive_is_unpacked(monkeypatch) -> None:
    """``loaded()`` is what lets the review open in the click's own task: false before the first
    ``need()``, false while it runs and after it failed (the next need() tries again), true once
    it is done."""
    import asyncio

    from tests.fake_dom import run
    from whist.web import later

    outcomes = iter([OSError("offline"), None])

    async def fake_load() -> None:
        await asyncio.sleep(0)
        failure = next(outcomes)
        if failure is not None:
            raise failure

    monkeypatch.setattr(later, "_done", None)
    monkeypatch.setattr(later, "_load", fake_load)

    async def scenario() -> list[object]:
        seen: list[object] = [later.loaded()]
        first = asyncio.ensure_future(later.need())
        await asyncio.sleep(0)
        seen.append(later.loaded())  # under way
        try:
            await first
        except later.NotLoaded as err:
            seen.append(str(err) == later.FAILED)
        seen.append(later.loaded())  # failed: not loaded
        await later.need()
        seen.append(later.loaded())
        return seen

    assert run(scenario()) == [False, False, True, False, True]  # (in a thread: see fake_dom.run)


def test_a_lazy_part_is_called_in_the_same_task_once_loaded_and_in_order_before(monkeypatch) -> None:
    """``Lazy.call``: once the archive is unpacked, the part's method runs before call() returns (a
    key's effect before the next key: D's focus on a diamond before an Enter plays the focused
    card); before, the calls wait and run in the order made, a call made once it is loaded does
    not overtake one still waiting, and a waiting call cancelled (a new game) holds nothing up."""
    import asyncio

    from tests.fake_dom import run
    from whist.web import later

    gate: Any = None

    async def fake_load() -> None:
        await gate

    monkeypatch.setattr(later, "_done", None)
    monkeypatch.setattr(later, "_load", fake_load)
    seen: list[str] = []

    class Page:
        def __init__(self) -> None:
            self.tasks: list[asyncio.Task[None]] = []

        def spawn(self, coro) -> None:
            self.tasks.append(later.run_guarded(coro, self.fail))

        def fail(self, err: BaseException) -> None:
            seen.append(f"failed: {err}")

    class Part:
        def key(self, name: str) -> None:
            seen.append(name)

    class LazyPart(later.Lazy[Part]):
        def make(self) -> Part:
            return Part()

    async def scenario() -> list[list[str]]:
        nonlocal gate
        gate = asyncio.get_running_loop().create_future()
        page = Page()
        part = LazyPart(page)
        steps = []
        part.call("key", "a")  # not loaded: waits
        part.call("key", "b")
        steps.append(list(seen))
        gate.set_result(None)
        await later.need()
        part.call("key", "c")  # loaded, but a and b have not run yet: after them
        steps.append(list(seen))
        await asyncio.gather(*page.tasks)
        steps.append(list(seen))
        part.call("key", "d")  # loaded, nothing waiting: at once
        steps.append(list(seen))
        other = LazyPart(page)  # a new table's part: made at once, the archive being loaded
        other.call("key", "e")
        steps.append(list(seen))
        return steps

    assert run(scenario()) == [[], [], ["a", "b", "c"], ["a", "b", "c", "d"], ["a", "b", "c", "d", "e"]]


def test_a_cancelled_waiting_call_holds_nothing_up(monkeypatch) -> None:
    import asyncio

    from tests.fake_dom import run
    from whist.web import later

    async def fake_load() -> None:
        return None

    monkeypatch.setattr(later, "_done", None)
    monkeypatch.setattr(later, "_load", fake_load)
    seen: list[str] = []

    class LazyPart(later.Lazy[object]):
        def make(self) -> object:
            class Part:
                def key(self, name: str) -> None:
                    seen.append(name)
            return Part()

    class Page:
        task: asyncio.Task[None] | None = None

        def spawn(self, coro) -> None:
            self.task = later.run_guarded(coro, lambda err: None)

    async def scenario() -> list[str]:
        page = Page()
        part = LazyPart(page)
        part.call("key", "a")  # waits for the archive ...
        assert page.task is not None
        page.task.cancel()  # ... and a new game cancels it before it starts
        await later.need()
        await asyncio.sleep(0)
        part.call("key", "b")  # at once: the cancelled call does not count as waiting
        return list(seen)

    assert run(scenario()) == ["b"]
