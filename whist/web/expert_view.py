"""Expert with your cards: every hand you finish is replayed by the analyst worker with Expert in
your seats (:mod:`whist.table.duplicate`), by itself and in the background, and the stats keep
each answer once (a :class:`ReplayListener`: :mod:`whist.web.persist` listens). The summary's button shows the
answer (or that Expert is still playing); the summary never waits for it.

The replays queue here, one at a time, a card of Expert's a call (``replay_step``), and each step
waits while the coach, the review or "Expert with your cards" waits for the analyst, a computer
thinks in the thinker (the same worker, where both run) or the page is busy showing the
computers' cards: a replay no one waits for runs while the table waits for you, and never delays
play. A hand is counted by its key (its game's id and number): counted again (a hand undone and
played again, two tabs), its final play takes the place of the first. Hands finished but not
counted when the page closed are replayed when their game is restored (:meth:`resume`). Without
a worker there is no replay (it would freeze the page)."""

from __future__ import annotations

import asyncio
import json
from html import escape
from typing import TYPE_CHECKING, Protocol

from whist.table import duplicate
from whist.table.stats import hand_key
from whist.web.parts import Binder, Elements

if TYPE_CHECKING:
    from whist.table.session import Table
    from whist.web.thinking import Thinker

#: How often a replay no one waits for looks again whether the workers are free.
IDLE_POLL = 0.25
#: The most finished hands of a restored game replayed at start-up (those the page was replaying
#: when it closed: a few at most).
RESUME = 4


class ReplayListener(Protocol):
    """Told of every hand's replay, once its answer is in (:meth:`ExpertView.listen`)."""

    @property
    def game_id(self) -> str:
        """The id of the game on the table ("" if none yet): a hand's key names it."""

    def count_duplicate(self, key: str, difference: int) -> None:
        """Keep the hand ``key``: your tricks minus Expert's (counted again: its final play)."""


class ExpertHost(Elements, Binder, Protocol):
    """What the view needs of the page: the element lookup, the binder, the table, whether the
    page is busy and replays the hands, and its two workers."""

    @property
    def table(self) -> Table: ...

    @property
    def busy(self) -> bool: ...

    @property
    def replays(self) -> bool: ...

    @property
    def analyst(self) -> Thinker: ...

    @property
    def thinker(self) -> Thinker: ...


class ExpertView:
    def __init__(self, page: ExpertHost) -> None:
        self.page = page
        self.results: dict[str, duplicate.Duplicate | str] = {}  # by request: the answer, or why none
        self.queue: list[tuple[str, str]] = []  # (request, key): the replays to run, in turn
        self.current = ""  # the request being replayed
        self.opened: set[str] = set()  # the requests whose answer the player asked to see
        self.shown = ""  # the request whose answer (or wait) is on show
        self.runner: asyncio.Task[None] | None = None
        self.listeners: list[ReplayListener] = []  # told of each answer (the stats keep it)
        self._counted_as: dict[str, str] = {}  # by key: the request whose answer the stats hold

    def install(self) -> None:
        self.page.on(self.page.el("summary-expert"), "click", lambda evt: self.ask())

    def listen(self, listener: ReplayListener) -> None:
        """Tell ``listener`` of every hand's replay from now on; its game id names the hands."""
        self.listeners.append(listener)

    def key(self, hand: int) -> str:
        """The key the stats keep the hand by (:func:`whist.table.stats.hand_key`); "" with no game id."""
        game_id = next((listener.game_id for listener in self.listeners if listener.game_id), "")
        return hand_key(game_id, hand) if game_id else ""

    def sync(self) -> None:
        """With the summary drawn: this hand's replay is queued (once), and its answer shows if you
        asked for it, else the button alone."""
        table = self.page.table
        finished = None if getattr(table, "guest", False) else duplicate.just_finished(table)  # (a guest's: none)
        if finished is None:
            return
        hand, request = finished
        if self.page.replays:
            self.queue_replay(request, self.key(hand))
        if request != self.shown:
            self.shown = request
            self.show(self.results.get(request, "") if request in self.opened else "")

    def resume(self, table: Table, counted: set[str]) -> None:
        """A game restored: replay its last finished hands the stats do not hold (the page closed
        before their replays were counted)."""
        if not self.page.replays:
            return
        for hand in duplicate.finished_hands(table)[-RESUME:]:
            key = self.key(hand)
            request = duplicate.request_of(table, hand)
            if key not in counted and request is not None:
                self.queue_replay(request, key)

    def queue_replay(self, request: str, key: str) -> None:
        """Replay ``request`` in turn (never twice), and keep its answer under ``key``; a queued
        replay of the same hand (an undone play) gives way to this one."""
        if request in self.results:
            self.count(request, key, self.results[request])  # this play is the hand's final one again
            return
        if request == self.current or (request, key) in self.queue:
            return
        self.queue = [(r, k) for r, k in self.queue if k != key] + [(request, key)]
        if self.runner is None:
            self.runner = asyncio.ensure_future(self.run())  # not page.spawn: an undo or a new game never stops it

    def ask(self) -> None:
        """The summary's button: this hand's answer, or that Expert is playing (its replay first in turn)."""
        table = self.page.table
        finished = None if getattr(table, "guest", False) else duplicate.just_finished(table)  # (a guest's: none)
        if finished is None:
            return
        hand, request = finished
        self.shown = request
        self.opened.add(request)
        if request in self.results:
            self.show(self.results[request])
            return
        if self.page.analyst.failed:
            self.show(duplicate.NOT_AVAILABLE)
            return
        self.show(duplicate.PLAYING)
        self.queue_replay(request, self.key(hand))

    async def run(self) -> None:
        try:
            while self.queue:
                # the hand whose answer you asked for first, then the oldest
                turn = next((i for i, (r, _) in enumerate(self.queue) if r in self.opened), 0)
                request, key = self.queue.pop(turn)
                self.current = request
                result = await self.replay(request)
                self.current = ""
                if len(self.results) >= 32:  # a long game's hands: keep the last ones
                    del self.results[next(iter(self.results))]
                self.results[request] = result
                self.count(request, key, result)
                if self.shown == request and request in self.opened:
                    self.show(result)
        except Exception as err:
            self.page.fail(err)
        finally:
            self.current = ""
            self.runner = None

    async def replay(self, request: str) -> duplicate.Duplicate | str:
        """The replay of ``request`` in the analyst, a step at a time: the answer, or why there is none."""
        page = self.page
        while True:
            wanted = request in self.opened
            while not wanted and (page.busy or page.analyst.waiting or page.thinker.in_flight):
                # the coach, the review, a computer's card come first; and the page's own work (the
                # computers' cards shown, a trick gathered): the two share the device's cores
                await asyncio.sleep(IDLE_POLL)
                wanted = request in self.opened
            answer = await page.analyst.call("replay_step", request, background=not wanted)
            if answer is None:
                return duplicate.NOT_AVAILABLE
            if answer != duplicate.MORE:
                break
        data = json.loads(answer)
        if "error" in data:  # a hand thrown in (no card played): said when asked, never counted
            return str(data["error"])
        return duplicate.Duplicate.from_json(answer)

    def count(self, request: str, key: str, result: duplicate.Duplicate | str) -> None:
        """Keep ``result`` in the stats, once for this play of the hand ``key`` (never a pass-and-play
        hand's: your stats are your own games)."""
        if self.page.table.people:
            return
        if isinstance(result, duplicate.Duplicate) and self.listeners and self._counted_as.get(key) != request:
            self._counted_as[key] = request
            for listener in self.listeners:
                listener.count_duplicate(key, result.delta)

    def show(self, result: duplicate.Duplicate | str) -> None:
        page = self.page
        box, button = page.el("expert-result"), page.el("summary-expert")
        if isinstance(result, duplicate.Duplicate) and button.contains(page.doc.activeElement):
            page.el("play-again" if page.el("next-hand").hidden else "next-hand").focus()  # not lost with it
        button.hidden = isinstance(result, duplicate.Duplicate)
        box.hidden = not result
        box.dataset.state = "done" if isinstance(result, duplicate.Duplicate) else "wait" if result else ""
        if isinstance(result, str):
            box.innerHTML = f'<p class="expert-text">{escape(result)}</p>' if result else ""
            return
        (_, you, expert), *rows = result.rows()
        body = "".join(f'<tr><th scope="row">{escape(a)}</th><td>{escape(b)}</td><td>{escape(c)}</td></tr>'
                       for a, b, c in rows)
        box.innerHTML = (f'<table class="summary-table expert-table"><thead><tr><td></td><th scope="col">'
                         f'{escape(you)}</th><th scope="col">{escape(expert)}</th></tr></thead><tbody>{body}'
                         f'</tbody></table><p class="expert-text" id="expert-text">{escape(result.text)}</p>')
