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
from pyodide.ffi import create_once_callable, create_proxy, to_js

from whist.engine.jsontext import loads_bounded
from whist.table.guide import GAME, SEED, Guide, Lesson, closing
from whist.web.parts import Binder, Writer
from whist.web.spots import Rect, spot

if TYPE_CHECKING:
    from whist.table import Table
    from whist.web.inputs import Input
    from whist.web.settings import Settings

KEY = "whist:guide"
"""This tab's sessionStorage: the guide under way (its lessons told), so that a reload takes it up."""

TRIES = 20
"""How many times (every 250 ms) the tip waits for its element to show (the summary, after the
last trick is gathered) before it stands where it covers least."""
MUST = 1000.0
"""The weight of what the tip must leave in sight where there is room: the element it is about,
the trick's cards, your playable cards, the hint's reason."""
KEEP: tuple[tuple[str, float], ...] = (
    ("#trick .tcard", MUST), ("#hint-reason", MUST),
    ("#hand", 100.0), ("#trick", 12.0), ("#summary", 12.0), ("#status", 8.0), (".seat .plate", 8.0),
    (".toolbar", 3.0),
)
"""What the tip leaves in sight, by weight (the area covered times the weight is the cost): the
trick's cards, your playable cards (``PLAYABLE``) and the hint's reason must stay in sight, and
the rest of your hand nearly as much; the rest of the trick, the hand's summary, the status line,
the players' names and the toolbar should."""
PLAYABLE = '#hand button.card[aria-disabled="false"]'
"""Your playable cards, which the tip must leave in sight as much as the element it is about."""
RING = 6.0
"""The ring round the element the tip is about (``[data-guide]``'s outline and its offset, px)."""
NARROWER = 8.0
"""Where no spot is clear, the tip is tried narrower by this much at a time (px), down to ``MIN_WIDTH``."""
MIN_WIDTH = 200.0
"""The narrowest the tip is made (px): its words stay readable."""


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
        # The hint's reason, shown or moved, is something the tip must leave in sight: placed again.
        self.watch = js.MutationObserver.new(create_proxy(lambda records, observer: self.place()))
        self.watch.observe(page.el("hint-reason"), to_js({"attributes": True, "attributeFilter": ["hidden", "style"]},
                                                         dict_converter=js.Object.fromEntries))
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
        """Put the tip where it covers least of what the table must show (:func:`whist.web.spots.spot`):
        never the element it is about, the trick, your playable cards or the hint's reason where
        there is room, at a narrower width if that finds room. While its element is not shown yet
        (the summary, after the last trick is gathered), it waits out of sight."""
        page, lesson = self.page, self.lesson
        if lesson is None or not self.active:
            return
        box, target = page.el("guide"), page.el(lesson.target)
        holder = target.closest("[data-shown-by]") if target and not target.getClientRects().length else None
        if holder:  # a button this screen lists under More (whist/web/more_menu.py): the tip is about More
            target = page.el(holder.dataset.shownBy)
        r = target.getBoundingClientRect() if target else None
        view = page.doc.documentElement
        vw, vh = float(view.clientWidth), float(view.clientHeight)
        if r is None or r.width == 0:
            if tries:
                box.style.visibility = "hidden"
                js.setTimeout(create_once_callable(lambda: self.place(tries - 1)), 250)
                return
            about = Rect(vw / 2, vh / 3, 0, 0)  # never shown: the tip stands where it covers least
        else:
            for node in page.doc.querySelectorAll("[data-guide]"):
                if not node.isSameNode(target):  # (the screen changed: Settings listed under More, or not)
                    node.removeAttribute("data-guide")
            target.setAttribute("data-guide", "1")
            about = Rect.of(r)
        box.style.visibility = ""
        keep = self.kept_in_sight(about)
        box.style.width = ""
        natural = float(box.offsetWidth)
        tried = []  # (cost, -width, the spot), narrower while none is clear
        width = natural
        while True:
            box.style.width = f"{width:.0f}px"
            where = spot(width, float(box.offsetHeight), vw, vh, about, keep)
            tried.append((where.cost, -width, where))
            if where.cost == 0 or width <= MIN_WIDTH:
                break
            width = max(MIN_WIDTH, width - NARROWER)
        _, width, where = min(tried, key=lambda t: t[:2])  # the least covered, then the widest
        box.style.width = f"{-width:.0f}px"
        box.style.left = f"{where.x:.1f}px"
        box.style.top = f"{where.y:.1f}px"

    def kept_in_sight(self, about: Rect) -> list[tuple[Rect, float]]:
        """What the tip should leave in sight, each with its weight (``KEEP``): the element it is
        about (with its ring) first."""
        doc = self.page.doc
        ring = Rect(about.left - RING, about.top - RING, about.width + 2 * RING, about.height + 2 * RING)
        keep = [(ring, MUST)]
        playable = [Rect.of(b.getBoundingClientRect()) for b in doc.querySelectorAll(PLAYABLE)]
        if playable:  # as one rectangle: the search's spots grow with the rectangles it must keep clear
            keep.append((Rect.around(playable), MUST))
        for selector, weight in KEEP:
            for node in doc.querySelectorAll(selector):
                if not node.hidden:
                    keep.append((Rect.of(node.getBoundingClientRect()), weight))
        return keep

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


def again(page: GuideHost) -> None:
    """The guided first hand, dealt again. A game in progress is not dropped at one press: the
    first says it would be, a second deals."""
    note = page.el("guide-abandon")
    if page.table.in_progress and note.hidden:
        note.textContent = "The game in progress will be abandoned: press again to deal the guided hand."
        note.hidden = False
        page.say(note.textContent)
        return
    note.hidden = True
    start(page)


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
