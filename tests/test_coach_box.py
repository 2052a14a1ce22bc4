"""The coach on the page under CPython (whist/web/coach_box.py), on a stand-in document and an
analyst that answers at once: your card is judged once no slow computer is to play; the sentence
shows (with Undo) and is said, unless the game moved on meanwhile; it goes with an undo."""

from __future__ import annotations

import json
from collections.abc import Callable, Coroutine
from typing import Any

from tests.fake_dom import Document, FakePage, run
from whist.table import Table
from whist.web.coach_box import CoachBox
from whist.web.settings import Settings


class Analyst:
    def __init__(self, answer: str | None) -> None:
        self.answer = answer
        self.failed = answer is None
        self.asked: list[tuple[str, str]] = []

    async def call(self, name: str, request: str, background: bool = False) -> str | None:
        self.asked.append((name, request))
        return self.answer


class Page(FakePage):
    """The page as the coach sees it (whist.web.coach_box.CoachHost)."""

    def __init__(self, answer: str | None) -> None:
        super().__init__(Document())
        self.table = Table(seed=3)
        while self.table.computer_to_play:
            self.table.computer_step()
        self.settings = Settings().changed(coach=True)
        self.analyst: Any = Analyst(answer)
        self.generation = 0
        self.state_listeners: list[Callable[[], None]] = []
        self.undone = 0

    def undo(self) -> None:
        self.undone += 1

    def run(self) -> None:
        """Run the tasks spawned, in turn."""
        while self.tasks:
            task: Coroutine[Any, Any, None] = self.tasks.pop(0)
            run(task)


def _play(page: Page, coach: CoachBox) -> None:
    """Your card: judged from the position before it."""
    choice = coach.before()
    assert choice is not None
    hint = page.table.advise()
    assert hint is not None
    card = hint.action
    page.table.human_play(card)
    coach.after(choice, card)
    for listener in page.state_listeners:
        listener()


def test_a_costly_card_is_pointed_out_and_said() -> None:
    page = Page(json.dumps("The king of hearts would have won the trick."))
    coach = CoachBox(page)
    coach.start()
    _play(page, coach)
    page.run()
    (name, request), = page.analyst.asked
    assert name == "coach" and "observation" in json.loads(request)
    assert not page.el("coach").hidden and not page.el("coach-undo").hidden
    assert page.el("coach-text").textContent == page.said[-1] == "The king of hearts would have won the trick."
    page.fire("coach-undo")
    assert page.undone == 1
    page.generation += 1  # the undo: the game is no longer where the sentence was about
    for listener in page.state_listeners:
        listener()
    assert page.el("coach").hidden


def test_an_answer_for_a_position_gone_is_dropped_and_no_worker_is_said_once() -> None:
    page = Page(json.dumps("Too late."))
    coach = CoachBox(page)
    coach.start()
    _play(page, coach)
    page.generation += 1  # a new game before the answer came
    page.run()
    assert page.el("coach").hidden and not page.said
    page = Page(None)  # the analyst could not start
    page.analyst.failed = False  # it fails only once asked
    coach = CoachBox(page)
    coach.start()
    _play(page, coach)
    page.analyst.failed = True
    page.run()
    assert not page.el("coach").hidden and page.el("coach-undo").hidden and len(page.said) == 1
    assert coach.before() is None  # no worker: nothing more to judge from
    page.fire("coach-close")
    assert page.el("coach").hidden
