"""Expert with your cards: the summary's button has the worker replay the hand with Expert in
your seats (:mod:`whist.table.duplicate`) and shows the answer beside your own result; the
summary never waits for it. Each answer is kept in the stats once (``counted``, set by
:mod:`whist.web.persist`). Without a worker there is no replay (it would freeze the page)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING

from whist.table import duplicate

if TYPE_CHECKING:
    from whist.web.page import Page

#: How long the worker may take to start before the summary says Expert is not available (a
#: worker that cannot start never says so: PyScript waits for it for ever).
BOOT_SECONDS = 60


class ExpertView:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.results: dict[str, duplicate.Duplicate | str] = {}  # by request: the answer, or why none
        self.asked: set[str] = set()
        self.shown = ""  # the request whose answer (or wait) is on show
        self.counted: Callable[[int], None] | None = None

    def install(self) -> None:
        self.page.on(self.page.el("summary-expert"), "click", lambda evt: self.ask())

    def request(self) -> str | None:
        return duplicate.request_of(self.page.table)

    def sync(self) -> None:
        """With the summary drawn: the answer for this hand if there is one, else the button alone."""
        request = self.request()
        if request is not None and request != self.shown:
            self.shown = request
            self.show(self.results.get(request, ""))

    def ask(self) -> None:
        request = self.request()
        if request is None:
            return
        self.shown = request
        if request in self.results or request in self.asked:
            self.show(self.results.get(request, duplicate.PLAYING))
            return
        if self.page.analyst.failed:
            self.show(duplicate.NOT_AVAILABLE)
            return
        self.asked.add(request)
        self.show(duplicate.PLAYING)
        self.page.spawn(self.replay(request))

    async def replay(self, request: str) -> None:
        thinker = self.page.analyst
        thinker.start()
        if thinker.worker is None and thinker.boot is not None:
            try:
                await asyncio.wait_for(asyncio.shield(thinker.boot), BOOT_SECONDS)
            except TimeoutError:
                self.asked.discard(request)  # pressed again later, it may have started by then
                if self.shown == request:
                    self.show(duplicate.NOT_AVAILABLE)
                return
        answer = await thinker.call("replay", request)
        result: duplicate.Duplicate | str = duplicate.NOT_AVAILABLE
        if answer is not None:
            data = json.loads(answer)
            result = data["error"] if "error" in data else duplicate.Duplicate.from_json(answer)
        if len(self.results) >= 32:  # a long game's hands: keep the last ones
            del self.results[next(iter(self.results))]
        self.results[request] = result
        if isinstance(result, duplicate.Duplicate) and self.counted is not None:
            self.counted(result.delta)
        if self.shown == request:
            self.show(result)

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
