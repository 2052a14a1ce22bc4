"""Your keys under CPython (whist/web/inputs.py), on a stand-in document: each key of the controls
gives its command, Ctrl+Z and Ctrl+Y undo and redo, a key ends the computers' wait, and nothing is
taken from a text field or while a dialog is open."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from tests.fake_dom import Document, FakePage, run
from whist.table import Table
from whist.table.ask import ask
from whist.web.ear import Ear
from whist.web.inputs import Input
from whist.web.pacing import Pacer
from whist.web.settings import Settings


class Page(FakePage):
    """The page as the input sees it (whist.web.inputs.InputHost): its commands are recorded."""

    def __init__(self) -> None:
        super().__init__(Document())
        self.table = Table(seed=3)
        self.busy = False
        self.pacer = Pacer(self.body)
        self.sound: Any = SimpleNamespace(unlock=lambda: None)
        self.settings = Settings()
        self.auction_box: Any = SimpleNamespace(on_key=lambda evt: False)
        self.done: list[str] = []
        self.dialogs: Any = SimpleNamespace(open_help=lambda tab: self.done.append("help " + tab),
                                            show_last_trick=lambda: self.done.append("last trick"))
        self.input = Input(self)
        self.input.ear.box = Ear(self)  # (the page fetches it on first use: whist.web.later)

    def skip(self) -> bool:
        return self.pacer.skip()

    def play(self, card: str) -> None:
        self.done.append("play " + card)

    def claim(self) -> None:
        self.done.append("claim")

    def undo(self) -> None:
        self.done.append("undo")

    def redo(self) -> None:
        self.done.append("redo")

    def show_hint(self) -> None:
        self.done.append("hint")

    def toggle_mute(self) -> None:
        self.done.append("mute")

    def ask_new_game(self) -> None:
        self.done.append("new game")


class Key(SimpleNamespace):
    def __init__(self, key: str, tag: str = "BODY", **mods: bool) -> None:
        target = SimpleNamespace(tagName=tag, isContentEditable=False, closest=lambda selector: None)
        keys = {"ctrlKey": False, "metaKey": False, "shiftKey": False, "altKey": False} | mods
        super().__init__(key=key, target=target, defaultPrevented=False, prevented=False, **keys)

    def preventDefault(self) -> None:
        self.prevented = True


@pytest.mark.parametrize(("key", "mods", "done"), [
    ("i", {}, "hint"), ("K", {}, "claim"), ("u", {}, "undo"), ("U", {}, "undo"), ("r", {}, "redo"),
    ("n", {}, "new game"), ("m", {}, "mute"), ("?", {}, "help controls"), ("l", {}, "last trick"),
    ("z", {"ctrlKey": True}, "undo"), ("y", {"ctrlKey": True}, "redo"),
    ("Z", {"metaKey": True, "shiftKey": True}, "redo"),
])
def test_each_key_gives_its_command(key: str, mods: dict[str, bool], done: str) -> None:
    page = Page()
    evt = Key(key, "BODY", **mods)
    page.input.on_key(evt)
    assert page.done == [done] and evt.prevented


def test_no_key_is_taken_from_a_text_field_a_dialog_or_with_alt() -> None:
    page = Page()
    for evt in (Key("i", "INPUT"), Key("u", "TEXTAREA"), Key("i", altKey=True), Key("q", ctrlKey=True),
                Key("t", "INPUT")):
        page.input.on_key(evt)
        assert not evt.prevented
    page.el("settings").showModal()
    page.input.on_key(Key("i"))
    page.input.on_key(Key("t"))
    assert page.done == [] and page.said == []


def step(table: Table) -> None:
    """One card: yours (the first you may play), or a computer's."""
    if table.human_to_play:
        assert table.human_play(next(c.card for c in table.view().hand if c.legal)).ok
    else:
        table.computer_step()


@pytest.mark.parametrize(("key", "shift", "question", "suit"), [
    ("t", False, "trick", None), ("G", False, "score", None), ("p", False, "trump", None),
    ("v", False, "voids", None), ("S", True, "suit", 0), ("H", True, "suit", 1), ("d", True, "suit", 2),
    ("C", True, "suit", 3),
])
def test_each_question_key_says_the_tables_answer_once(key: str, shift: bool, question: str, suit: int | None) -> None:
    page = Page()
    step(page.table)
    evt = Key(key, shiftKey=shift)
    page.input.on_key(evt)
    assert page.said == [ask(page.table, question, suit)] and evt.prevented and page.done == []


def test_the_last_tricks_key_opens_it_and_says_it() -> None:
    page = Page()
    page.input.on_key(Key("l"))
    assert page.done == ["last trick"] and page.said == []  # no trick yet: the dialog's own words say so
    while len(page.table.state.tricks) < 1:
        step(page.table)
    page.input.on_key(Key("L"))
    assert page.said == [ask(page.table, "last")]


def test_a_key_ends_the_wait() -> None:
    import asyncio

    async def steps() -> list[bool]:
        page = Page()
        waited = asyncio.ensure_future(page.pacer.wait(None))
        await asyncio.sleep(0)
        evt = Key("x")
        page.input.on_key(evt)
        await asyncio.wait_for(waited, 1)
        quiet = Key("x")
        page.input.on_key(quiet)  # not waiting: the key is not taken
        return [evt.prevented, quiet.prevented]

    assert run(steps()) == [True, False]
