"""The hand review in the page: review, replay, share and export a finished hand.

:func:`install` (called once by the page at start) adds, all from here:

- to the hand summary: Review hand, Replay this deal, Share (a link with
  ``#deal=N``, copied with the clipboard where the browser allows it, else a
  selected text field); a replay starts a new game, and the game in progress
  it deals over is kept aside for the player to go back to (a listener of
  :meth:`ReviewView.before_replay`: whist.web.persist), so that no score is lost;
- to the Last trick dialog (L): a button to review the last finished hand,
  also while the next one is played;
- the review dialog: the hand trick by trick (buttons, the strip of tricks,
  Left/Right/Home/End), the four hands before each trick, each play with
  who made it and its double-dummy cost; exports of the game record (JSON,
  replays with ``python -m whist replay FILE``) and of the hand (PBN).

The analysis runs in the worker (``Thinker.call("review", ...)``), one play a
call from the last back, each mark shown as it comes; closing the dialog or
opening another hand cancels it (the generation: an answer for an old one is
dropped). With no worker it runs here, one solver call at a time with ``await
asyncio.sleep(0)`` between calls, so the page never freezes: each call has a
node budget, tuned from the time the calls take so that one stays near
``TARGET_MS``; once a whole trick's positions are too big for it, the earlier
tricks stay unmarked, and the dialog says why.
"""

from __future__ import annotations

import asyncio
import json
import traceback
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from whist.web import later
from whist.web.address import share_fragment
from whist.web.parts import Binder, Writer, run_guarded

if TYPE_CHECKING:
    from types import ModuleType

    from whist.ai.review import HandReview
    from whist.table.session import FinishedHand, Table
    from whist.web.settings import Settings
    from whist.web.thinking import Thinker


# The markup is imported on first use, once whist-later.tgz is fetched (fetch_and_open): not at start-up.
def _markup() -> ModuleType:
    from whist.web import review_markup

    return review_markup

GUEST_REVIEW = "The review is on the host's device: its page keeps the game."
#: Aim of one analysis step in the browser (ms): well under a frame budget of 200 ms.
TARGET_MS = 70.0
#: The node budget of the first step, and its bounds as it is tuned.
FIRST_LIMIT = 2000
MIN_LIMIT, MAX_LIMIT = 400, 40_000

SUMMARY_HTML = """<!-- review: the summary's review, replay and share (whist/web/review_view.py) -->
<div class="rv-summary-actions" id="review-summary-actions">
  <button type="button" class="btn btn-ghost" id="review-open">Review hand</button>
  <button type="button" class="btn btn-ghost" id="review-replay-sum">Replay this deal</button>
  <button type="button" class="btn btn-ghost" id="review-share-sum">Share</button>
</div>
<div class="rv-share" id="review-share-box" hidden>
  <input type="text" id="review-share-link" readonly aria-label="Link to this deal">
  <span class="rv-share-msg" id="review-share-msg" role="status"></span>
</div>"""

DIALOG_HTML = """<!-- review: the hand review dialog (whist/web/review_view.py) -->
<dialog id="review" class="sheet wide rv-dialog" aria-labelledby="review-title">
  <div class="sheet-head">
    <h2 id="review-title">Review</h2>
    <form method="dialog"><button type="submit" class="icon-btn close-btn" aria-label="Close review">
      <svg aria-hidden="true"><use href="#i-close"/></svg></button></form>
  </div>
  <p class="summary-sub" id="review-sub"></p>
  <div class="rv-analysis">
    <progress id="review-progress" max="1" value="0" aria-label="Double-dummy analysis"></progress>
    <span id="review-progress-text" class="rv-progress-text"></span>
  </div>
  <p class="rv-line" id="review-summary" role="status"></p>
  <div class="rv-strip" id="review-strip" role="group" aria-label="Tricks"></div>
  <div id="review-board" class="rv-board-box"></div>
  <p class="why-out" id="review-why" role="status"></p>
  <div class="rv-nav">
    <button type="button" class="btn btn-ghost" id="review-prev"
      aria-keyshortcuts="ArrowLeft">&lsaquo; Previous</button>
    <span id="review-pos" class="rv-pos" role="status"></span>
    <button type="button" class="btn btn-ghost" id="review-next" aria-keyshortcuts="ArrowRight">Next &rsaquo;</button>
  </div>
  <div class="panel-actions rv-actions">
    <button type="button" class="btn btn-ghost" id="review-json">Game record (JSON)</button>
    <button type="button" class="btn btn-ghost" id="review-pbn">Deal (PBN)</button>
    <button type="button" class="btn btn-ghost" id="review-share">Share</button>
    <button type="button" class="btn btn-primary" id="review-replay">Replay this deal</button>
  </div>
</dialog>"""


def _on_click(action: Callable[[], None]) -> Callable[[Any], None]:
    """A click handler that runs ``action`` (each button keeps its own)."""
    def handle(evt: Any) -> None:
        action()
    return handle


class ReviewHost(Writer, Binder, Protocol):
    """What the review needs of the page: the writer, the binder, the table (and another put in
    its place: a replay), the settings, the analyst, the dialogs opened and closed, a download."""

    @property
    def table(self) -> Table: ...

    @property
    def settings(self) -> Settings: ...

    @property
    def analyst(self) -> Thinker: ...

    def open_dialog(self, name: str) -> None: ...

    def restore_focus(self, name: str) -> None: ...

    def download(self, text: str, name: str, kind: str = "application/json") -> None: ...

    def put_table(self, table: Table, *, fresh: bool = True, save: bool = True, resume: bool = False) -> None: ...


def install(page: ReviewHost) -> ReviewView:
    view = ReviewView(page)
    view.install()
    return view


class ReviewView:
    def __init__(self, page: ReviewHost) -> None:
        self.page = page
        self.review: HandReview | None = None
        self.hand: FinishedHand | None = None  # the reviewed hand
        self.current = 0
        self.task: asyncio.Future[None] | None = None
        self.generation = 0
        self.step_ms: list[float] = []
        self.here = False  # the analysis runs on this page (no worker)
        #: Called with why before a replay deals over the game in progress: they keep it aside and
        #: offer it back (whist.web.earlier.EarlierGame.keep_running); none: nothing keeps the games.
        self.replay_listeners: list[Callable[[str], None]] = []

    def before_replay(self, listener: Callable[[str], None]) -> None:
        """Call ``listener`` with why before each replay that deals over a game in progress."""
        self.replay_listeners.append(listener)

    # --- building -----------------------------------------------------------------
    def install(self) -> None:
        page = self.page
        actions = page.doc.querySelector("#summary .panel-actions")
        actions.insertAdjacentHTML("beforebegin", SUMMARY_HTML)
        page.body.insertAdjacentHTML("beforeend", DIALOG_HTML)
        # The toolbar is full on a phone: the last finished hand is reviewed from the Last trick dialog.
        page.el("last-text").insertAdjacentHTML(
            "afterend",
            '<!-- review --><div class="panel-actions rv-last-actions"><button type="button" '
            'class="btn btn-ghost" id="review-btn" aria-haspopup="dialog">Review the last finished hand'
            '</button></div>')
        clicks: dict[str, Callable[[], None]] = {
            "review-open": lambda: self.open(self.finished_hand()), "review-btn": self.open_last,
            "review-replay-sum": lambda: self.replay(self.finished_hand()), "review-replay": self.replay,
            "review-share-sum": lambda: self.share(self.finished_hand(), "review-share-sum"),
            "review-share": lambda: self.share(self.hand, "review-share"),
            "review-prev": lambda: self.go(self.current - 1), "review-next": lambda: self.go(self.current + 1),
            "review-json": self.export_json, "review-pbn": self.export_pbn,
        }
        for id_, action in clicks.items():
            page.on(page.el(id_), "click", _on_click(action))
        page.on(page.el("review-strip"), "click", self.on_strip)
        dialog = page.el("review")
        page.on(dialog, "keydown", self.on_key)
        page.on(dialog, "close", self.on_close)

    # --- which hand -----------------------------------------------------------------
    def finished_hand(self) -> FinishedHand | None:
        """The hand on show in the summary (at hand-over or game over)."""
        return self.page.table.finished_hand()

    def open_last(self) -> None:
        """The last finished hand, also while the next one is being played."""
        self.open(self.page.table.finished_hand(latest=True))

    # --- the dialog -------------------------------------------------------------------
    def open(self, hand: FinishedHand | None) -> None:
        page = self.page
        if getattr(page.table, "guest", False):  # (another device's game: its record is there)
            page.say(GUEST_REVIEW)
            return
        if hand is None:
            page.say("No hand has been finished yet: a review is for a finished hand.")
            return
        if later.loaded():  # (at once: a key pressed next goes to the dialog, not to what it replaced)
            self.show(hand)
        else:
            page.spawn(self.fetch_and_open(hand))

    async def fetch_and_open(self, hand: FinishedHand) -> None:
        """The review's markup comes in whist-later.tgz (fetched once, precached): then the dialog."""
        try:
            await later.need()
        except later.NotLoaded as err:
            self.page.say(str(err))
            return
        self.show(hand)

    def show(self, hand: FinishedHand) -> None:
        page = self.page
        try:
            review = hand.review()
        except ValueError:
            page.say("No card was played in that hand (it was thrown in): there is nothing to review.")
            return
        old = self.review
        if old is not None and (old.hands, old.trump, old.tricks) == (review.hands, review.trump, review.tricks):
            review = old  # the same hand again: its marks so far are kept, the analysis goes on from them
        self.cancel()
        self.hand, self.review = hand, review
        self.current = review.first_trick
        self.step_ms = []
        page.set_text("review-title", f"Review: hand {hand.number}")
        page.set_text("review-sub", hand.header)
        page.set_text("review-summary", "")
        dialog = page.el("review")
        dialog.dataset.analysis = "running"
        self.render()
        page.open_dialog("review")
        self.generation += 1
        self.task = run_guarded(self.analyse(self.generation), self.stopped)

    def render(self) -> None:
        review = self.review
        if review is None:
            return
        page = self.page
        you = page.table.human
        whys = self.hand.whys if self.hand else {}
        page.el("review-board").innerHTML = _markup().board(review, self.current, you, whys)
        page.set_text("review-why", "")  # a computer's card, clicked, says why (whist/web/why_tip.py)
        self.render_strip()
        first, last = review.first_trick, len(review.tricks) - 1
        page.set_text("review-pos", f"Trick {self.current + 1} of {last + 1}")
        for id_, off in (("review-prev", self.current <= first), ("review-next", self.current >= last)):
            page.el(id_).setAttribute("aria-disabled", "true" if off else "false")

    def render_strip(self) -> None:
        """The strip again; the trick button that had the focus keeps it (marks arrive as you step)."""
        review = self.review
        assert review is not None
        strip = self.page.el("review-strip")
        focused = self.page.doc.activeElement
        goto = focused.getAttribute("data-goto") if focused and strip.contains(focused) else None
        strip.innerHTML = _markup().strip(review, self.current, self.page.table.human)
        if goto is not None:
            strip.querySelector(f'[data-goto="{goto}"]').focus()

    def go(self, trick: int) -> None:
        if self.review is None:
            return
        trick = max(self.review.first_trick, min(len(self.review.tricks) - 1, trick))
        if trick != self.current:
            self.current = trick
            self.render()

    def on_strip(self, evt: Any) -> None:
        button = evt.target.closest("[data-goto]")
        if button:
            self.go(int(button.getAttribute("data-goto")))

    def on_key(self, evt: Any) -> None:
        if self.review is None:
            return
        tag = str(evt.target.tagName or "").upper()
        if tag in ("INPUT", "SELECT", "TEXTAREA"):
            return
        key = str(evt.key)
        moves = {"ArrowLeft": self.current - 1, "ArrowRight": self.current + 1,
                 "Home": self.review.first_trick, "End": len(self.review.tricks) - 1}
        if key in moves:
            self.go(moves[key])
            evt.preventDefault()

    def on_close(self, evt: Any) -> None:
        self.cancel()
        self.page.restore_focus("review")

    def cancel(self) -> None:
        self.generation += 1
        if self.task is not None and not self.task.done():
            self.task.cancel()
        self.task = None

    # --- the analysis ---------------------------------------------------------------------
    def stopped(self, err: BaseException) -> None:
        """The analysis raised ``err``: said in the dialog, the traceback in the console."""
        self.page.window.console.warn("whist review: " + "".join(traceback.format_exception(err)))
        self.page.set_text("review-progress-text", "The analysis stopped on an error.")

    async def analyse(self, gen: int) -> None:
        review = self.review
        assert review is not None
        page = self.page
        progress = page.el("review-progress")
        progress.max = review.total
        progress.value = 0
        progress.hidden = False
        page.set_text("review-progress-text", "Analysing the hand double dummy\u2026")
        await asyncio.sleep(0)  # let the dialog paint first
        self.here = page.analyst.failed
        if not self.here and await self.in_worker(gen):
            return
        if gen != self.generation:
            return
        self.here = True
        review = self.review
        assert review is not None
        limit = FIRST_LIMIT
        misses = 0
        clock = page.window.performance
        while review.done < review.total and gen == self.generation:
            index = review.total - 1 - review.done
            started = clock.now()
            next(review.steps(node_limit=limit), None)
            took = float(clock.now() - started)
            self.step_ms.append(took)
            mark = review.marks[index]
            if mark.cost is None:
                # The step used its whole budget: scale the budget to the time it took (growing
                # it by half at most: a node costs more in some positions). Only a miss with a
                # budget near the target counts toward giving up.
                misses += took >= TARGET_MS / 2 or limit >= MAX_LIMIT
                limit = int(max(MIN_LIMIT, min(MAX_LIMIT, limit * 1.5, limit * TARGET_MS / max(took, 1.0))))
            else:
                misses = 0
                if took > TARGET_MS:  # solved, but slowly: a smaller budget for the next
                    limit = int(max(MIN_LIMIT, limit * TARGET_MS / took))
            self.show_step(index)
            if misses >= len(review.seats):
                break  # a whole trick too big to solve here: the earlier ones are bigger still
            await asyncio.sleep(0)
        if gen != self.generation:
            return
        self.finish()

    async def in_worker(self, gen: int) -> bool:
        """Every play marked by the worker, one position a call (the page stays live): True once
        done, False if the worker failed (the rest is analysed here)."""
        from whist.ai.review import HandReview

        page = self.page
        while gen == self.generation and self.review is not None and self.review.done < self.review.total:
            review = self.review
            index = review.total - 1 - review.done
            trick = review.marks[index].trick + 1
            page.el("review").dataset.analysing = str(trick)
            page.set_text("review-progress-text", f"Analysing trick {trick}\u2026" if page.analyst.worker
                          else "Starting the analysis\u2026")
            started = page.window.performance.now()
            answer = await page.analyst.call("review", review.request(1))
            if gen != self.generation:
                return True  # closed, or another hand opened: this answer is not wanted
            if answer is None:
                return False
            self.step_ms.append(float(page.window.performance.now() - started))
            self.review = HandReview.decode(answer)
            self.show_step(index)
        if gen == self.generation:
            self.finish()
        return True

    def show_step(self, index: int) -> None:
        """One more play analysed: the progress, the headline so far, its trick if on show, the strip."""
        review = self.review
        assert review is not None
        page = self.page
        page.el("review-progress").value = review.done
        page.set_text("review-summary", review.headline(page.table.human))
        if review.marks[index].trick == self.current:
            self.render()
        else:
            self.render_strip()

    def finish(self) -> None:
        review = self.review
        assert review is not None
        page = self.page
        page.el("review-progress").value = page.el("review-progress").max
        page.el("review-progress").hidden = True
        tricks = len({m.trick for m in review.marks if m.cost is not None})
        counted = len(review.tricks) - review.first_trick
        scope = "every trick" if tricks >= counted else f"the last {tricks} trick{'s' if tricks != 1 else ''}"
        slowest = max(self.step_ms, default=0.0)
        why = ("" if tricks >= counted or not self.here else
               " Without the worker (it did not start), the analysis ran on this page, capped to keep it"
               " live: the earlier tricks were too big to solve in time.")
        page.set_text("review-progress-text", f"Double-dummy marks for {scope}.{why}")
        page.set_text("review-summary", review.headline(page.table.human))
        dialog = page.el("review")
        dialog.dataset.analysis = "done"
        dialog.dataset.analysing = ""
        dialog.dataset.where = "page" if self.here else "worker"
        dialog.dataset.stepMaxMs = f"{slowest:.0f}"
        dialog.dataset.steps = str(len(self.step_ms))
        dialog.dataset.stepMs = ",".join(f"{t:.0f}" for t in self.step_ms)
        dialog.dataset.stepMeanMs = f"{sum(self.step_ms) / max(1, len(self.step_ms)):.0f}"
        self.render()

    # --- replay, share, export ------------------------------------------------------------
    def replay(self, hand: FinishedHand | None = None) -> None:
        """Deal the same cards again, same dealer and trump, from the first lead (or the auction)."""
        hand = hand or self.hand
        page = self.page
        if hand is None:
            return
        if page.el("review").open:
            page.el("review").close()
        if page.table.in_progress:
            why = (f"This is deal {hand.deal_number} again, in a new game. The game you were playing is kept on "
                   "this device, where you left it, until you choose; continuing it drops this one.")
            for listener in self.replay_listeners:
                listener(why)
        table = page.table.replay(hand)
        table.set_levels(page.settings.partner_level, page.settings.opponent_level)
        page.el("review-share-box").hidden = True
        page.say(f"Replaying deal {hand.deal_number}: the same cards again.")
        page.put_table(table)

    def share(self, hand: FinishedHand | None, button_id: str) -> None:
        if hand is None:
            return
        location = self.page.window.location
        link = (str(location.origin) + str(location.pathname)
                + share_fragment(hand.game, hand.options, hand.deal_number, hand.dealer))
        box_id = "review-share-box" if button_id == "review-share-sum" else None
        self.page.spawn(self.copy(link, box_id))

    async def copy(self, link: str, box_id: str | None) -> None:
        page = self.page
        copied = False
        clipboard = getattr(page.window.navigator, "clipboard", None)
        if clipboard:
            try:
                await clipboard.writeText(link)
                copied = True
            except Exception:
                copied = False
        message = "Link copied: anyone who opens it gets these cards." if copied else \
            "Copy this link to share the deal:"
        if box_id is None:
            page.set_text("review-progress-text", message if copied else "Copying was refused: " + link)
        else:
            page.el(box_id).hidden = False
            field = page.el("review-share-link")
            field.value = link
            page.set_text("review-share-msg", message)
            if not copied:
                field.focus()
                field.select()
        page.say(message)

    def export_json(self) -> None:
        """The whole game record (the game as it stands), as ``python -m whist replay`` reads it."""
        table = self.page.table
        name = f"whist-{table.game}-deal-{table.view().deal_number}.json"
        self.page.download(json.dumps(table.saved()["record"], indent=1), name)
        self.page.say("The game record is downloaded.")

    def export_pbn(self) -> None:
        hand = self.hand
        if hand is None:
            return
        self.page.download(hand.pbn(), f"whist-deal-{hand.deal_number}.pbn", "text/plain")
        self.page.say("The deal is downloaded in PBN.")

