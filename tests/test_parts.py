"""The page's narrow pieces under CPython, on a stand-in document (tests/fake_dom.py): the writer
and announcer (whist/web/parts.py), the waits a click ends (whist/web/pacing.py), the dialogs
opened one at a time with the focus given back (whist/web/dialogs.py), the guarded tasks."""

from __future__ import annotations

import asyncio
import gc
import warnings

from tests.fake_dom import Document, run
from whist.web.dialogs import DIALOGS, DialogStack
from whist.web.pacing import Pacer
from whist.web.parts import KEPT_ANNOUNCEMENTS, Dom, Writer, focus_on, run_guarded


def test_the_dom_writes_only_what_changes() -> None:
    doc = Document()
    dom: Writer = Dom(doc)  # the protocol the views take
    dom.set_text("title", "Trick 3")
    assert doc.getElementById("title").textContent == "Trick 3"
    dom.set_status("Your turn", "you")
    status = doc.getElementById("status")
    assert (status.textContent, status.className) == ("Your turn", "status you")
    dom.set_status("")
    assert (status.textContent, status.className) == ("", "status")
    assert dom.el("status") is status and dom.body is doc.body


def test_the_live_region_keeps_the_last_announcements() -> None:
    doc = Document()
    dom = Dom(doc)
    dom.say_all([f"line {i}" for i in range(KEPT_ANNOUNCEMENTS + 3)])
    region = doc.getElementById("announce")
    assert [p.textContent for p in region.children] == [f"line {i}" for i in range(3, KEPT_ANNOUNCEMENTS + 3)]


def test_a_dialog_open_is_seen() -> None:
    doc = Document()
    dom = Dom(doc)
    assert not dom.dialog_open()
    doc.getElementById("settings").showModal()
    assert dom.dialog_open()


def test_a_wait_ends_at_its_time_or_at_a_skip() -> None:
    body = Document().body

    async def steps() -> list[str]:
        pacer = Pacer(body)
        seen: list[str] = []
        assert not pacer.skip()  # nothing to skip
        await pacer.wait(0)  # no wait at all
        assert not pacer.waiting and not hasattr(body.dataset, "waiting")
        await pacer.wait(0.01)  # a short wait, to its end
        seen.append(body.dataset.waiting)
        task = asyncio.ensure_future(pacer.wait(None))  # until a click or a key
        await asyncio.sleep(0)
        seen.append(body.dataset.waiting)
        assert pacer.waiting and pacer.skip()
        await asyncio.wait_for(task, 1)
        seen.append(body.dataset.waiting)
        task = asyncio.ensure_future(pacer.wait(30))
        await asyncio.sleep(0)
        seen.append(body.dataset.waiting)
        pacer.stop()  # the flow is cancelled: the table is at rest at once
        assert not pacer.waiting
        seen.append(body.dataset.waiting)
        task.cancel()
        return seen

    assert run(steps()) == ["0", "click", "0", "1", "0"]


def test_dialogs_open_one_at_a_time_and_give_the_focus_back() -> None:
    doc = Document()
    here: list[str] = []
    stack = DialogStack(Dom(doc), lambda: here.append("hand"))
    button = doc.getElementById("settings-btn")
    button.focus()
    stack.open("settings")
    assert doc.getElementById("settings").open and stack.openers["settings"] is button
    stack.open("help")  # one at a time: Settings closes
    assert doc.getElementById("help").open and not doc.getElementById("settings").open
    assert set(DIALOGS) >= {"settings", "help"}
    stack.restore_focus("settings")
    assert button.focused == 2 and not here
    doc.getElementById("help").close()
    doc.body.focus()
    stack.open("stats")  # opened with nothing focused: no opener
    assert stack.openers["stats"] is None
    doc.getElementById("stats").close()
    stack.restore_focus("stats")
    assert here == ["hand"]  # no dialog left open: the focus goes to your hand
    button.isConnected = False  # the opener is gone: your hand again
    stack.openers["help"] = button
    stack.restore_focus("help")
    assert here == ["hand", "hand"]


def test_a_guarded_task_reports_its_error_and_is_quiet_when_cancelled_even_before_it_starts() -> None:
    errors: list[BaseException] = []
    steps: list[str] = []

    async def fails() -> None:
        steps.append("fails")
        raise ValueError("a fault")

    async def waits() -> None:
        steps.append("waits")
        await asyncio.sleep(10)
        steps.append("never")

    async def main() -> None:
        first = run_guarded(fails(), errors.append)
        second = run_guarded(waits(), errors.append)
        third = run_guarded(waits(), errors.append)
        third.cancel()  # before its first step, as a new game at once after a card
        await asyncio.sleep(0)
        second.cancel()  # while it waits
        await asyncio.gather(first, second, third, return_exceptions=True)

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        run(main())  # (in a thread of its own: tests/fake_dom.py)
        gc.collect()
    assert steps == ["fails", "waits"]
    assert [str(e) for e in errors] == ["a fault"]
    assert [str(w.message) for w in caught] == []  # no "coroutine ... was never awaited"


def test_the_focus_is_given_only_where_it_is_not() -> None:
    """A ``focus()`` call costs the browser a style and layout pass even when nothing moves: made
    only when the element has not the focus already."""
    doc = Document()
    doc.add("hand", "card")
    hand, card = doc.getElementById("hand"), doc.getElementById("card")
    focus_on(hand)
    focus_on(hand)
    assert (doc.activeElement, hand.focused) == (hand, 1)
    card.focus()
    focus_on(hand)
    assert (doc.activeElement, hand.focused) == (hand, 2)
