"""whist.web.later's import of what it unpacks: the new files are found, and nothing the page does
not ship is imported to find them (stdlib_cut.py cut ``email`` once ``importlib.metadata`` was no
longer imported)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

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
