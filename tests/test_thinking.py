"""The page's workers under CPython (whist/web/thinking.py), on stand-ins for the browser's ``js``
and PyScript's ``create_named_worker``: the thinker and the analyst share one worker wherever
both are asked for (whichever comes first boots it), the body's marks say so, a call of the
analyst in a shared worker waits while the page's computers play, and a snapshot in the making
is stopped before a worker boots (never three Pythons)."""

from __future__ import annotations

import asyncio
import importlib
import sys
from collections.abc import Iterator
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest

from tests.fake_dom import run


class Worker:
    """A booted worker: each export answers with its name and the request, and records the call."""

    def __init__(self, name: str, log: list[str]) -> None:
        self.name, self.log = name, log

    def __getattr__(self, export: str) -> Any:
        async def answer(request: str) -> str:
            self.log.append(f"{export} {request}")
            await asyncio.sleep(0)
            return f"{export}:{request}"
        return answer


class Browser:
    """What thinking.py reads of the browser: the body's dataset, blobs, the console, the snapshot."""

    def __init__(self, boot_fails: bool = False) -> None:
        self.booted: list[str] = []  # the names of the workers booted, in turn
        self.calls: list[str] = []
        self.boot_fails = boot_fails
        self.snapshot_stopped = 0
        dataset = SimpleNamespace()
        self.js = ModuleType("js")
        self.js.document = SimpleNamespace(body=SimpleNamespace(dataset=dataset))  # type: ignore[attr-defined]
        self.js.Blob = SimpleNamespace(new=lambda parts, options: parts)  # type: ignore[attr-defined]
        self.js.URL = SimpleNamespace(createObjectURL=lambda blob: "blob:1",  # type: ignore[attr-defined]
                                      revokeObjectURL=lambda url: None)
        self.js.Object = SimpleNamespace(fromEntries=lambda pairs: dict(pairs))  # type: ignore[attr-defined]
        self.js.console = SimpleNamespace(warn=lambda text: None)  # type: ignore[attr-defined]
        self.js.whistSnapshot = SimpleNamespace(stop=self.stop_snapshot)  # type: ignore[attr-defined]
        self.pyscript = ModuleType("pyscript")
        self.pyscript.create_named_worker = self.create  # type: ignore[attr-defined]

    def stop_snapshot(self) -> None:
        self.snapshot_stopped += 1

    async def create(self, src: str, name: str) -> Worker:
        self.booted.append(name)
        await asyncio.sleep(0.01)  # booting: a while
        if self.boot_fails:
            raise RuntimeError("no worker here")
        return Worker(name, self.calls)

    def marks(self) -> dict[str, str]:
        return dict(vars(self.js.document.body.dataset))


@pytest.fixture
def stand_in(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Browser, Any]]:
    fake = Browser()
    monkeypatch.setitem(sys.modules, "js", fake.js)
    monkeypatch.setitem(sys.modules, "pyscript", fake.pyscript)
    monkeypatch.delitem(sys.modules, "whist.web.thinking", raising=False)
    thinking = importlib.import_module("whist.web.thinking")  # (its `started` count from 0)
    yield fake, thinking
    sys.modules.pop("whist.web.thinking", None)


def test_the_analyst_asked_for_while_the_thinker_runs_shares_its_worker(stand_in: tuple[Browser, Any]) -> None:
    fake, thinking = stand_in
    thinker, analyst = thinking.pair()

    async def play() -> list[str | None]:
        thinker.start()  # a slow level: the thinker boots
        analyst.start()  # the coach turned on meanwhile (still booting): no second worker
        return [await thinker.call("think", "a"), await analyst.call("coach", "b")]

    assert run(play()) == ["think:a", "coach:b"]
    assert fake.booted == [thinking.WORKER_NAME]
    assert analyst.worker is thinker.worker and analyst.shared and thinker.shared
    assert fake.marks() == {"workers": "1", "thinker": "ready", "analyst": "ready"}
    assert fake.snapshot_stopped == 1  # a snapshot in the making gives way to the one worker


def test_the_thinker_asked_for_after_the_analyst_shares_the_analysts(stand_in: tuple[Browser, Any]) -> None:
    """The coach (or a replay) booted the analyst first; a slow level then chosen uses the same worker."""
    fake, thinking = stand_in
    thinker, analyst = thinking.pair()

    async def play() -> list[str | None]:
        first = await analyst.call("replay_step", "r")  # booted by its first call
        return [first, await thinker.call("think", "t")]

    assert run(play()) == ["replay_step:r", "think:t"]
    assert fake.booted == [thinking.ANALYST_NAME]
    assert thinker.host is analyst and thinker.shared and analyst.shared
    assert fake.marks() == {"workers": "1", "analyst": "ready", "thinker": "ready"}


def test_alone_each_boots_its_own_and_two_unpaired_never_share(stand_in: tuple[Browser, Any]) -> None:
    fake, thinking = stand_in
    thinker, analyst = thinking.pair()
    run(analyst.call("coach", "c"))
    assert fake.booted == [thinking.ANALYST_NAME] and not thinker.shared and analyst.worker is not None
    assert "thinker" not in fake.marks()  # never asked for: no mark, no worker
    one, two = thinking.Thinker(), thinking.Thinker(thinking.ANALYST_NAME, "analyst")  # not a pair

    async def both() -> None:
        await one.call("think", "x")
        await two.call("coach", "y")

    run(both())
    assert len(fake.booted) == 3 and fake.marks()["workers"] == "3"


def test_a_shared_worker_answers_the_analyst_only_once_the_computers_are_done(
        stand_in: tuple[Browser, Any]) -> None:
    """The analyst's call, made while a computer's card is asked for and the page shows the
    computers' cards, reaches the worker only after both: the computer's card first."""
    fake, thinking = stand_in
    thinker, analyst = thinking.pair()
    page = SimpleNamespace(busy=True)
    analyst.hold = lambda: page.busy or thinker.in_flight > 0
    thinking.IDLE_POLL = 0.001  # (the module of this test alone)

    async def play() -> None:
        thinker.start()
        analyst.start()
        await thinker.boot
        await analyst.boot
        card = asyncio.ensure_future(thinker.call("think", "card"))
        review = asyncio.ensure_future(analyst.call("review", "step"))
        await card
        await asyncio.sleep(0.02)
        assert fake.calls == ["think card"]  # the page still busy: the review waits
        assert analyst.in_flight == 1 and analyst.waiting == 1  # (a replay no one waits for stays behind it)
        page.busy = False
        assert await review == "review:step"

    run(play())
    assert fake.calls == ["think card", "review step"]


def test_unshared_the_analyst_never_waits(stand_in: tuple[Browser, Any]) -> None:
    """In a worker of its own (the computers' worker not asked for) the analyst's hold is not read."""
    _, thinking = stand_in
    _, analyst = thinking.pair()
    analyst.hold = lambda: True
    assert run(analyst.call("coach", "c")) == "coach:c"


def test_a_failed_boot_fails_the_one_that_shares_it(stand_in: tuple[Browser, Any]) -> None:
    fake, thinking = stand_in
    fake.boot_fails = True
    thinker, analyst = thinking.pair()

    async def play() -> list[str | None]:
        thinker.start()
        analyst.start()
        return [await analyst.call("coach", "c"), await thinker.call("think", "t")]

    assert run(play()) == [None, None]  # (the page decides the cards; the coach says it cannot judge)
    assert fake.booted == [thinking.WORKER_NAME] and thinker.failed and analyst.failed
    assert fake.marks() == {"workers": "1", "thinker": "failed", "analyst": "failed"}
    # With the other's failed, one asked for afterwards tries a worker of its own.
    fake.boot_fails = False
    other, late = thinking.pair()
    other.failed = True
    assert run(late.call("coach", "c")) == "coach:c"
    assert not late.shared and fake.booted[-1] == thinking.ANALYST_NAME
