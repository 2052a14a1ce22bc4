"""Cards that move: a card played travels from its player's cards to the trick, a finished
trick is swept to its winner, a deal flies from the dealer to every seat, German Whist's stock
cards go to whoever takes them (``page.motion``).

Transforms only (the ``translate`` and ``scale`` properties, by the Web Animations API), for
as long as the pace gives a trick to be gathered (``Timing.gather``; none at all when that is
0). With ``prefers-reduced-motion`` nothing travels: a card only fades in or out. Nothing
waits for a motion but the gather of a trick, which waits for its winner to be marked
(:meth:`Motion.until_marked`); a click or a key takes every motion to its end at once.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import js
from pyodide.ffi import create_once_callable, to_js

from whist.web.parts import Binder, Elements

if TYPE_CHECKING:
    from whist.table.view import TableView
    from whist.web.settings import Timing

EASE = "cubic-bezier(.2, .8, .25, 1)"


def obj(value: Any) -> Any:
    return to_js(value, dict_converter=js.Object.fromEntries)


def centre(el: Any) -> tuple[float, float]:
    r = el.getBoundingClientRect()
    return r.left + r.width / 2, r.top + r.height / 2


class MotionHost(Elements, Binder, Protocol):
    """What the motion needs of the page: the element lookup, the binder, the pace of play."""

    @property
    def timing(self) -> Timing: ...


class Motion:
    def __init__(self, page: MotionHost) -> None:
        self.page = page
        self.running: list[Any] = []
        self.pending: Callable[[], None] | None = None  # what waits for the trick to be fully shown
        self.listening = False

    @property
    def seconds(self) -> float:
        """How long a card takes to travel, as the pace says."""
        return self.page.timing.gather

    def still(self) -> bool:
        return bool(js.matchMedia("(prefers-reduced-motion: reduce)").matches)

    def animate(self, el: Any, frames: list[dict[str, Any]], seconds: float, delay: float = 0.0,
                fill: str = "backwards") -> Any:
        if not self.listening:  # a click or a key anywhere ends every motion
            self.listening = True
            for event in ("pointerdown", "keydown"):
                self.page.on(self.page.doc, event, lambda *_: self.jump())
        if len(self.running) > 60:
            self.running = [a for a in self.running if a.playState != "finished"]
        anim = el.animate(obj(frames), obj({"duration": seconds * 1000, "delay": delay * 1000,
                                            "easing": EASE, "fill": fill}))
        self.running.append(anim)
        return anim

    def jump(self) -> None:
        """Every motion at its end, and what waited for the trick done now."""
        for anim in self.running:
            anim.finish()
        self.running = []
        self.done(self.pending)

    def done(self, fn: Callable[[], None] | None) -> None:
        if fn is not None and fn is self.pending:
            self.pending = None
            fn()

    def travel(self, el: Any, source: Any, scale: float = .8) -> None:
        """``el`` comes from ``source`` (a fade only, with reduced motion)."""
        if self.seconds:
            self.come([(el, centre(source), centre(el), 0.0)], scale)

    def come(self, moves: list[tuple[Any, tuple[float, float], tuple[float, float], float]],
             scale: float) -> None:
        """Each ``(el, from, to, delay)``: ``el`` travels from the point ``from`` to its place
        (``to``, where it is laid out), all the boxes read before any motion is begun."""
        s = self.seconds
        if not s:
            return
        still = self.still()
        for el, (ox, oy), (x, y), delay in moves:
            if still:
                self.animate(el, [{"opacity": 0}, {"opacity": 1}], min(s, .15), delay)
            else:
                self.animate(el, [{"translate": f"{ox - x}px {oy - y}px", "scale": scale},
                                  {"translate": "0 0", "scale": 1}], s, delay)

    def after(self, box: Any, fn: Callable[[], None]) -> None:
        """Do ``fn`` once every card in ``box`` is fully shown (at once if none is moving: at the
        instant pace none is, and the animations are not asked for, which would have the browser
        work out the page's style there and then)."""
        if not self.seconds:
            fn()
            return
        anims = [a for a in box.getAnimations(obj({"subtree": True})) if a.playState != "finished"]
        if not anims:
            fn()
            return
        self.pending = fn

        def finished(*_: Any) -> None:
            try:
                self.done(fn)
            except Exception as err:
                self.page.fail(err)

        call = create_once_callable(finished)
        js.Promise.all(to_js([a.finished for a in anims])).then(call, call)

    async def until_marked(self, limit: float = 2.0) -> None:
        """Until what waited for the trick to be fully shown is done (its winner marked), or
        ``limit`` seconds at most. On a busy device the last card's travel can end after the
        pause that follows it, and a gather begun then would mark the winner and sweep the
        trick away in the same moment: the player would never see who won it."""
        loop = asyncio.get_running_loop()
        end = loop.time() + limit
        while self.pending is not None and loop.time() < end:
            await asyncio.sleep(0.02)

    def sweep(self, box: Any, target: Any) -> None:
        """The cards of ``box`` go to ``target`` and stay hidden there (the trick, to its winner)."""
        self.jump()
        s = self.seconds
        if not s:
            return
        nodes = list(box.children)
        if self.still():
            for node in nodes:
                self.animate(node, [{"opacity": 1}, {"opacity": 0}], min(s, .15), fill="forwards")
            return
        tx, ty = centre(target)
        for node, (x, y) in [(n, centre(n)) for n in nodes]:
            self.animate(node, [{"translate": "0 0", "scale": 1, "opacity": 1},
                                {"translate": f"{tx - x}px {ty - y}px", "scale": .4, "opacity": 0}],
                         s, fill="forwards")

    def fly(self, el: Any, target: Any, scale: float = .5) -> None:
        """A copy of ``el`` leaves its place for ``target``, then is gone (``el`` stays)."""
        s = self.seconds
        if not s or self.still():
            return
        r = el.getBoundingClientRect()
        copy = el.cloneNode(True)
        copy.removeAttribute("id")
        copy.classList.add("flyer")
        copy.setAttribute("aria-hidden", "true")
        for k, v in (("left", r.left), ("top", r.top), ("width", r.width), ("height", r.height)):
            copy.style.setProperty(k, f"{v}px")
        js.document.body.appendChild(copy)
        (tx, ty), (x, y) = centre(target), centre(copy)
        anim = self.animate(copy, [{"translate": "0 0", "scale": 1},
                                   {"translate": f"{tx - x}px {ty - y}px", "scale": scale}], s * 1.5)
        anim.onfinish = create_once_callable(lambda *_: copy.remove())

    def deal(self, view: TableView) -> None:
        """The hand just dealt: each seat's cards come from the dealer's seat, round the table
        (the whole deal in 2.5 times a card's travel)."""
        s = self.seconds
        dealer = next((i.seat for i in view.seats if i.dealer), None)
        if not s or dealer is None:
            return
        page = self.page
        source = page.el(f"seat-{dealer}")
        # your cards one by one; another seat's backs (or face-up dummy) as one pile
        rows = [list(page.el("hand").querySelectorAll(".card")) if i.human else
                list(page.el(f"seat-{i.seat}").querySelectorAll(".hand:not([hidden]), .backs:not([hidden])"))
                for i in view.seats if i.cards]
        rows = [r for r in rows if r]
        start, n = centre(source), len(rows)
        self.come([(el, start, centre(el), 1.5 * s * (k + j / n) / len(row))
                   for j, row in enumerate(rows) for k, el in enumerate(row)], .5)
