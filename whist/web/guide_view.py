"""The guided first hand on screen: the tip ``#guide`` beside the element its lesson is about
(ringed by ``[data-guide]``), never over your hand. The lessons, their words and their targets
come from :mod:`whist.table.guide`; this module only shows them and binds Next, Skip and Escape.
Imported only when the guide runs (a first visit, the help's "Guided first hand", or a reload of
a tab whose guide was running: this tab's sessionStorage keeps where it was, ``KEY``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import js
from pyodide.ffi import create_once_callable

from whist.engine.jsontext import loads_bounded
from whist.table.guide import GAME, SEED, Guide, Lesson, closing
from whist.web.parts import Binder, Writer

if TYPE_CHECKING:
    from whist.table import Table
    from whist.web.inputs import Input
    from whist.web.settings import Settings

KEY = "whist:guide"
"""This tab's sessionStorage: the guide under way (its lessons told), so that a reload takes it up."""

TRIES = 20
"""How many times (every 250 ms) the tip waits for its element to show (the summary, after the
last trick is gathered) before it stands at the top."""


class GuideHost(Writer, Binder, Protocol):
    """What the guided hand needs of the page: the writer, the binder, the table, the settings
    (and applying them), whether it is busy, the input's pointer, the state listeners, a new
    game, and the page's guide view (made on first use)."""

    guide_view: Any

    @property
    def table(self) -> Table: ...

    @property
    def settings(self) -> Settings: ...

    @property
    def busy(self) -> bool: ...

    @property
    def input(self) -> Input: ...

    @property
    def state_listeners(self) -> list[Callable[[], None]]: ...

    def apply_settings(self, settings: Settings, notify: bool = True) -> None: ...

    def new_game(self, game: str | None = None, options: dict[str, Any] | None = None,
                 seed: int | None = None, dealer: Any = None) -> None: ...


class GuideView:
    def __init__(self, page: GuideHost) -> None:
        self.page = page
        self.guide = Guide()
        self.token: object = None
        self.lesson: Lesson | None = None
        self.active = False
        self.kept: str | None = None  # the record last written to this tab's sessionStorage
        page.on(page.el("guide-next"), "click", lambda e: self.next())
        page.on(page.el("guide-skip"), "click", lambda e: self.end("The guide is skipped."))
        page.on(page.doc, "keydown", self.on_key)
        page.on(page.el("hand"), "click", self.on_hand_click)
        page.on(js.window, "resize", lambda e: self.place())
        page.state_listeners.append(self.update)

    @property
    def touch(self) -> bool:
        return self.page.input.pointer in ("touch", "pen") or bool(js.matchMedia("(pointer: coarse)").matches)

    def start(self, guide: Guide | None = None) -> None:
        page = self.page
        self.guide = guide or Guide()
        self.token = page.table.game_token
        self.active = True
        if not page.settings.guided:
            page.apply_settings(page.settings.changed(guided=True))  # offered once: never again by itself
        self.update()

    def update(self) -> None:
        page = self.page
        if not self.active:
            return
        lesson = None
        if page.table.game_token is self.token:
            lesson = self.guide.lesson(page.table.view(), self.touch)
        if lesson is None and (self.guide.finished or page.table.game_token is not self.token
                               or page.table.view().hand_number != 1):
            self.end()
            return
        self.show(lesson)
        kept = json.dumps(self.guide.to_dict())
        if kept != self.kept:  # (update runs after every action: written only when it changes)
            self.kept = _keep(kept)

    def show(self, lesson: Lesson | None) -> None:
        page = self.page
        box = page.el("guide")
        old, self.lesson = self.lesson, lesson
        for node in page.doc.querySelectorAll("[data-guide]"):
            node.removeAttribute("data-guide")
        if lesson is None:
            box.hidden = True
            return
        page.set_text("guide-text", lesson.text)
        page.set_text("guide-do", lesson.control)
        button = page.el("guide-next")
        button.hidden = not lesson.button
        button.textContent = lesson.button or "Next"
        box.dataset.lesson = lesson.key
        box.hidden = False
        if old is None or (old.key, old.text) != (lesson.key, lesson.text):
            page.say(f"{lesson.text} {lesson.control}")
        self.place()

    def place(self, tries: int = TRIES) -> None:
        """Put the tip below or above its element (whichever fits), else beside it, and above your hand."""
        page, lesson = self.page, self.lesson
        if lesson is None or not self.active:
            return
        box, target = page.el("guide"), page.el(lesson.target)
        r = target.getBoundingClientRect() if target else None
        if r is None or r.width == 0:
            if tries:
                js.setTimeout(create_once_callable(lambda: self.place(tries - 1)), 250)
            box.style.left, box.style.top = "4px", "4px"
            return
        target.setAttribute("data-guide", "1")
        hand = page.el("hand")
        mine = hand.getBoundingClientRect()
        view = page.doc.documentElement
        vw, vh = view.clientWidth, view.clientHeight
        w, h = box.offsetWidth, box.offsetHeight
        floor = r.top if target == hand or mine.height == 0 else min(vh, mine.top)
        x = min(max(4, r.left + r.width / 2 - w / 2), vw - w - 4)
        spots = [r.bottom + 8, r.top - h - 8]
        if r.top > vh / 2:
            spots.reverse()
        y = next((s for s in spots if s >= 4 and s + h <= floor - 4), None)
        if y is None:  # beside it, on the side with room
            x = r.right + 8 if r.right + 8 + w <= vw else max(4, r.left - w - 8)
            y = max(4, min(r.top, floor - h - 4))
        box.style.left = f"{x:.0f}px"
        box.style.top = f"{y:.0f}px"

    def next(self) -> None:
        self.guide.dismiss()
        self.lesson = None
        self.update()
        if not self.active:
            self.page.say(closing(self.touch))

    def end(self, words: str = "") -> None:
        self.active = False
        self.show(None)
        self.kept = _keep(None)
        if words:
            self.page.say(words)

    def on_key(self, evt: Any) -> None:
        if self.active and evt.key == "Escape" and not self.page.dialog_open():
            self.end("The guide is skipped.")

    def on_hand_click(self, evt: Any) -> None:
        """A dimmed card pressed while you hold the suit led: the follow-suit lesson, at once."""
        page = self.page
        button = evt.target.closest("button.card")
        if not self.active or page.busy or not button or button.getAttribute("aria-disabled") != "true":
            return
        lesson = self.guide.refused(page.table.view(), self.touch)
        if lesson is not None:
            self.show(lesson)


def _keep(text: str | None) -> str | None:
    """Write (None: remove) this tab's record of the guide under way, and give ``text`` back; a
    storage that refuses is no loss (the guide just does not come back after a reload)."""
    try:
        if text is None:
            js.sessionStorage.removeItem(KEY)
        else:
            js.sessionStorage.setItem(KEY, text)
    except Exception:  # storage disabled or full: nothing else to do
        pass
    return text


def resumable(page: GuideHost) -> Guide | None:
    """The guide this tab was running before a reload, if the table restored is still its hand."""
    try:
        text = js.sessionStorage.getItem(KEY)
    except Exception:  # storage disabled: nothing kept
        return None
    if not text:
        return None
    try:  # (kept by the page, yet read as untrusted: a deep or huge text is refused, not parsed)
        data = loads_bounded(str(text), 4096, "the guide's record", max_depth=3, max_digits=3, needed="it needs 2")
    except ValueError:
        data = None
    guide = Guide.taken_up(data, page.table.seed, page.table.view())
    if guide is None:
        _keep(None)
    return guide


def start(page: GuideHost, deal: bool = True, guide: Guide | None = None) -> GuideView:
    """Start the guided first hand; ``deal`` deals its deal first (from the help; on a first
    visit the page is dealt it already); ``guide``: where a reload found it (``resumable``)."""
    view: GuideView | None = page.guide_view  # the page's guide view, made on first use
    if view is None:
        view = page.guide_view = GuideView(page)
    if deal:
        if page.el("help").open:
            page.el("help").close()
        page.new_game(GAME, {}, SEED)
    view.start(guide)
    return view
