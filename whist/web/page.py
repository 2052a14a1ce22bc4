"""The page: puts the Table's view on screen (:mod:`whist.web.screen`), binds the controls
(:mod:`whist.web.inputs`, :mod:`whist.web.dialogs`), paces the computers.

All game logic lives in :mod:`whist.table`; this module only shows it and turns clicks,
taps and keys into calls on the table (the controls, as the player reads them: :mod:`whist.web.howto`).
Every event handler is guarded: if Python raises, the page shows a short message and the
details go to the console as a warning. While the computers play, the page waits between
cards (``Timing`` of the settings); a click or a key skips the wait, undo and new game cancel it.
"""

from __future__ import annotations

import asyncio
import contextlib
import traceback
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

import js
from pyodide.ffi import create_once_callable, create_proxy, to_js

from whist.table import Table
from whist.web.coach_box import CoachBox
from whist.web.dialogs import DIALOGS, Dialogs
from whist.web.formsui import Forms
from whist.web.inputs import Input
from whist.web.screen import Screen
from whist.web.settings import Settings, timing
from whist.web.sound import Sound
from whist.web.stock_view import StockView
from whist.web.thinking import ANALYST_NAME, Thinker, is_slow, needs_thinker

if TYPE_CHECKING:
    from whist.table.view import TableView


class LazyAuctionBox:
    """The page's :class:`whist.web.auction_box.AuctionBox`, imported and made only once a game
    has an auction (Contract Whist): the other games start without that module."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.box: Any = None

    def get(self) -> Any:
        if self.box is None:
            from whist.web.auction_box import AuctionBox

            self.box = AuctionBox(self.page)
        return self.box

    def render(self, view: TableView) -> bool:
        if self.box is None and view.auction is None:
            self.page.body.dataset.game = view.game  # as AuctionBox.render does
            return False
        return bool(self.get().render(view))

    def on_key(self, evt: Any) -> bool:
        return self.box is not None and bool(self.box.on_key(evt))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.get(), name)


def random_seed() -> int:
    """A fresh deal number from the browser's cryptographic random source."""
    words = js.Uint32Array.new(2)
    js.crypto.getRandomValues(words)
    return (int(words[0]) * 4294967296 + int(words[1])) % 10**12


class Page:
    def __init__(self, seed: int, settings: Settings, game: str,
                 options: dict[str, Any] | None = None, dealer: Any = None,
                 workers: tuple[Thinker, Thinker] | None = None, replays: bool = True) -> None:
        self.doc = js.document
        self.body = js.document.body
        self.settings = settings
        self.timing = timing(settings)
        #: Called with the new Settings whenever the player changes one (a storage layer saves them).
        self.settings_listeners: list[Callable[[Settings], None]] = []
        #: Called after every action on the table (card, call, undo, redo, next hand, new game):
        #: whist.web.persist saves the game. A new kind of action calls self.changed() too.
        self.state_listeners: list[Callable[[], None]] = []
        #: Shows what the address asked for that could not be used (whist.web.persist: the notice).
        self.notify: Callable[[list[str]], None] = self.say_all
        self.table = Table(seed, game, dealer=dealer, **(options or {}))
        self.table.set_levels(settings.partner_level, settings.opponent_level)
        self.sound = Sound(settings.sound)
        self.generation = 0
        self.busy = False
        self.started = False  # start() has drawn the table and bound the controls
        self.no_auto = False  # no automatic play right after an undo or redo
        self.skip_event: asyncio.Event | None = None
        self.openers: dict[str, Any] = {}
        self._proxies: list[tuple[Any, str, Any]] = []  # (target, event, proxy): what close() unbinds
        self.closed = False  # close(): this page has handed the document over to another one
        self.guide_view: Any = None  # the guided first hand on screen (whist/web/guide_view.py), made on first use
        #: Every hand you finish is replayed in the background (Expert with your cards); the tests
        #: turn it off where they do not check it (whist.web.testing), the button still asks.
        self.replays = replays
        self.tasks: set[asyncio.Task[None]] = set()
        self.auction_box = LazyAuctionBox(self)  # Contract Whist: the bidding box and the auction
        self.stock_view = StockView(self)  # German Whist: the stock, the phase, your draw
        self.forms = Forms(self)  # forms: New game dialog, the draw, your dummy, honours, rubbers, score sheet
        # thinker: Hard and Expert decide in a Web Worker (whist/web/thinking.py); the analyst: the
        # review, the coach, Expert with your cards. A page that takes over the document from
        # another one (whist.web.testing) keeps its workers: they hold no game.
        self.thinker, self.analyst = workers or (Thinker(), Thinker(ANALYST_NAME, "analyst"))
        self.screen = Screen(self)  # the table on screen: toolbar, seats, hand, trick, status, summary
        self.input = Input(self)  # the pointer, taps, keys and the focus along your hand
        self.dialogs = Dialogs(self)  # Settings, How to play, the last trick
        self.coach = CoachBox(self)  # coach: your costly cards pointed out (whist/web/coach_box.py)

    # --- plumbing ----------------------------------------------------------------
    def el(self, id_: str) -> Any:
        return self.doc.getElementById(id_)

    def download(self, text: str, name: str, kind: str = "application/json") -> None:
        """Save ``text`` as the file ``name`` (media type ``kind``) from a Blob URL,
        revoked a minute later."""
        options = to_js({"type": kind}, dict_converter=js.Object.fromEntries)
        blob = js.Blob.new(to_js([text]), options)
        url = js.URL.createObjectURL(blob)
        link = self.doc.createElement("a")
        link.href = url
        link.download = name
        link.hidden = True
        self.body.appendChild(link)
        link.click()
        link.remove()
        js.setTimeout(create_once_callable(lambda: js.URL.revokeObjectURL(url)), 60_000)

    def dialog_open(self) -> bool:
        # DOM look-ups give JavaScript's null as a falsy proxy (not None): test them by truth.
        return bool(self.doc.querySelector("dialog[open]"))

    def on(self, target: Any, event: str, handler: Callable[[Any], None]) -> None:
        def guarded(evt: Any) -> None:
            try:
                handler(evt)
            except Exception as err:
                self.fail(err)

        proxy = create_proxy(guarded)
        self._proxies.append((target, event, proxy))
        target.addEventListener(event, proxy)

    def close(self) -> None:
        """Hand the document over (whist.web.testing starts another page in it): stop every
        flow of this one, unbind every handler it bound, and leave its workers to the next."""
        self.closed = True
        self.cancel_flow()
        if self.guide_view is not None:
            self.guide_view.active = False
        for task in (self.screen.expert.runner, getattr(getattr(self, "review", None), "task", None)):
            if task is not None and not task.done():
                task.cancel()
        for target, event, proxy in self._proxies:
            target.removeEventListener(event, proxy)
            proxy.destroy()
        self._proxies.clear()
        self.state_listeners.clear()
        self.settings_listeners.clear()

    def spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        async def guarded() -> None:
            try:
                await coro
            except asyncio.CancelledError:
                pass
            except Exception as err:
                self.fail(err)

        task = asyncio.ensure_future(guarded())
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def cancel_flow(self) -> None:
        """Stop whatever the table was doing (computers thinking, a trick on show)."""
        self.generation += 1
        for task in list(self.tasks):
            task.cancel()
        self.skip_event = None
        self.body.dataset.waiting = "0"
        self.busy = False

    def fail(self, err: BaseException) -> None:
        js.console.warn("whist: " + "".join(traceback.format_exception(err)))
        box = self.el("error")
        box.textContent = "Sorry, something went wrong at the table. Start a new game to play on."
        box.hidden = False
        self.busy = False

    async def wait(self, seconds: float | None) -> None:
        """Wait ``seconds`` (None: until a click or key); a click on the table or a key ends it early."""
        if seconds is not None and seconds <= 0:
            await asyncio.sleep(0)
            return
        event = asyncio.Event()
        self.skip_event = event
        self.body.dataset.waiting = "click" if seconds is None else "1"
        try:
            if seconds is None:
                await event.wait()
            else:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(event.wait(), seconds)
        finally:
            if self.skip_event is event:
                self.skip_event = None
                self.body.dataset.waiting = "0"

    def skip(self) -> bool:
        """End the current wait at once; False if the table is not waiting."""
        if self.skip_event is None:
            return False
        self.skip_event.set()
        self.skip_event = None
        self.body.dataset.waiting = "0"
        return True

    def changed(self) -> None:
        """Tell the state listeners that the game changed (a failing listener never stops play)."""
        for listener in self.state_listeners:
            try:
                listener()
            except Exception as err:
                js.console.warn("whist: " + "".join(traceback.format_exception(err)))

    # --- start ---------------------------------------------------------------------
    def start(self) -> None:
        hand = self.el("hand")
        self.state_listeners.append(self.input.hide_reason)
        self.on(self.doc, "pointerdown", self.input.on_pointerdown)
        self.on(self.doc, "keydown", self.input.on_key)
        self.on(hand, "click", self.input.on_hand_click)
        self.on(js.window, "hashchange", self.on_address_change)  # a #deal= link opened on this page
        buttons: dict[str, Callable[[], None]] = {
            "hint-btn": self.show_hint, "claim-btn": self.claim, "undo-btn": self.undo, "redo-btn": self.redo,
            "last-btn": self.dialogs.show_last_trick, "new-game": self.ask_new_game, "mute-btn": self.toggle_mute,
            "settings-btn": self.dialogs.open_settings, "rules-btn": lambda: self.dialogs.open_help("rules"),
            "play-again": self.new_game, "next-hand": self.next_hand, "summary-undo": self.undo,
            "guide-again": self.guided_hand,  # guide: from the help
        }

        # Each handler is made by a function so that it keeps its own button.
        def pressed(action: Callable[[], None]) -> Callable[[Any], None]:
            def handle(evt: Any) -> None:
                self.on_button(evt, action)
            return handle

        for id_, action in buttons.items():
            self.on(self.el(id_), "click", pressed(action))
        self.dialogs.start()
        self.coach.start()  # coach
        # review: the hand review, replay, share and export (whist/web/review_view.py)
        from whist.web import review_view
        self.review = review_view.install(self)
        self.forms.start()  # forms
        self.apply_settings(self.settings, notify=False)
        self.take_announcements()
        self.settle()
        self.el("app").removeAttribute("inert")  # laid out behind the loader while Python started
        self.el("loader").classList.add("done")
        self.body.dataset.ready = "1"
        self.started = True
        self.wake_thinker()
        self.go()

    def on_button(self, evt: Any, action: Callable[[], None]) -> None:
        if evt.currentTarget.getAttribute("aria-disabled") == "true":
            reason = evt.currentTarget.getAttribute("data-why")
            if reason:
                self.say(reason)
            return
        action()

    # --- the flow --------------------------------------------------------------------
    def go(self) -> None:
        """Hand over to the computers if it is their turn; else the table is at rest, waiting for you."""
        if self.table.computer_to_play:
            self.busy = True
            self.spawn(self.run())
        else:
            self.settle()
            self.announce_turn()
            self.maybe_auto_play()

    async def run(self) -> None:
        """Let the computers play, one card at a time, until it is your turn or the hand ends."""
        gen = self.generation
        self.busy = True
        self.screen.render_controls()
        while gen == self.generation and self.table.computer_to_play:
            view = self.table.view()
            self.screen.render_status(view)
            self.screen.render_turn(view, thinking=True)
            await self.wait(self.timing.card)
            if gen != self.generation:
                return
            if not await self.computer_move(gen):
                return
            self.changed()
            if self.table.view().claimed:  # a computer claimed the rest: the summary shows it
                self.take_announcements()
                break
            await self.show_play(gen)
        if gen == self.generation:
            self.busy = False
            self.settle()
            self.announce_turn()
            self.maybe_auto_play()

    # thinker: the slow levels decide in the worker, the page stays live meanwhile
    def wake_thinker(self) -> None:
        """Boot the worker once the table is up and a player is at a slow level."""
        levels = (self.settings.partner_level, self.settings.opponent_level)
        if self.body.dataset.ready == "1" and needs_thinker(levels):
            self.thinker.start()
        if self.body.dataset.ready == "1" and self.settings.coach:  # coach: it judges in the analyst
            self.analyst.start()

    async def computer_move(self, gen: int) -> bool:
        """One computer card or call, a slow level's in the worker; False if cancelled meanwhile."""
        choice = self.table.pending_choice()
        if choice is None or not is_slow(choice):
            self.table.computer_step()
            return True
        self.body.dataset.thinking = "1"
        try:
            action = await self.thinker.choose(choice)
        finally:
            self.body.dataset.thinking = "0"
        if gen != self.generation:
            return False  # an undo or a new game meanwhile: the late answer is dropped
        if action is None:  # no worker: decide here
            self.body.dataset.decidedHere = str(int(self.body.dataset.decidedHere or 0) + 1)
            action = self.table.decide(choice)
        return self.table.apply_choice(choice, action) is not None

    async def show_play(self, gen: int) -> None:
        """Show the card just played; a finished trick stays on show, then is gathered."""
        view = self.table.view()
        if self.screen.show_card(view):
            await self.gather_trick(gen, view)

    async def gather_trick(self, gen: int, view: TableView) -> None:
        """A finished trick (shown by :meth:`Screen.show_card`) stays on show, then is gathered."""
        await self.wait(self.timing.trick)
        if gen != self.generation:
            return
        self.screen.sweep(view)
        await self.wait(self.timing.gather)
        if gen != self.generation:
            return
        self.screen.clear_trick()
        if view.phase != "play":
            over, done = view.game_over, view.summary
            if over:
                self.sound.play("game-won" if over.winner == "us" else "game-lost")
            elif done is None:
                return
            elif done.points.us:
                self.sound.play("hand-won")
            elif done.points.them:
                self.sound.play("hand-lost")

    def settle(self) -> None:
        self.screen.draw(self.table.view())

    def announce_turn(self) -> None:
        view = self.table.view()
        if not view.your_turn:
            return
        if view.phase == "auction":
            self.auction_box.announce(view)
            return
        self.say(view.turn.announcement)

    def maybe_auto_play(self) -> None:
        """With the setting on, play your only legal card for you after a short pause."""
        if not self.settings.auto_play or self.no_auto or self.busy or not self.table.human_to_play:
            return
        forced = self.table.view().forced  # yours, or your dummy's
        if forced is None:
            return
        self.busy = True
        # Dimmed while it waits: the card is about to be played, no longer yours to choose.
        self.screen.render_hand(self.table.view(), locked=True)
        self.set_status("Your only legal card: playing it\u2026", "you")
        self.spawn(self.auto_play(self.generation, forced))

    async def auto_play(self, gen: int, card: str) -> None:
        await self.wait(0 if self.timing.speed == "instant" else max(self.timing.card, 0.4))
        if gen != self.generation:
            return
        self.busy = False
        self.play(card)

    # --- commands: your card, the toolbar, new games and hands ------------------------------
    def claim(self) -> None:
        """Claim the rest: accepted, the hand ends (the summary shows the claimed cards); refused, why."""
        if self.busy:
            return
        result = self.table.claim()
        if not result.ok:
            self.say(result.reason)
            self.set_status(result.reason, "refuse")
            return
        self.changed()
        self.take_announcements()
        self.settle()

    def play(self, card: str) -> None:
        judged = self.coach.before()  # coach: the position your card is judged from
        result = self.table.human_play(card)
        if not result.ok:
            self.say(result.reason)
            self.set_status(result.reason, "refuse")
            return
        self.coach.after(judged, card)
        self.changed()
        self.input.forget()
        self.no_auto = False
        self.busy = True
        gen = self.generation
        hand = self.el("hand")
        had_focus = hand.contains(js.document.activeElement)
        # Every card stays dimmed until the trick is shown (and gathered, if this card ended it).
        # The card lands in the trick at once, with the seat and status of the same view.
        view = self.table.view()
        self.screen.render_hand(view, locked=True)
        if had_focus:
            hand.focus()
        finished = self.screen.show_card(view)
        self.spawn(self.after_human(gen, view if finished else None))

    async def after_human(self, gen: int, finished: TableView | None) -> None:
        if finished is not None:
            await self.gather_trick(gen, finished)
        if gen == self.generation:
            await self.run()

    def show_hint(self) -> None:
        if self.busy or not self.table.human_to_play:
            self.say("A hint is for your turn.")
            return
        if self.table.in_auction:
            self.auction_box.hint()
            return
        choice = self.table.hint_choice()
        if choice is not None and is_slow(choice) and not self.thinker.failed:
            self.spawn(self.slow_hint(self.generation, choice))
            return
        self.input.mark_hint(self.table.advise())

    async def slow_hint(self, gen: int, choice: Any) -> None:
        """A hint at a slow level: thought in the worker (its reason with it), shown if the position has not moved."""
        self.set_status("Thinking about a hint\u2026", "hint")
        hint = await self.thinker.advise(choice)
        if gen != self.generation or not self.table.is_current(choice):
            return
        self.input.mark_hint(hint or self.table.advise(choice))

    def undo(self) -> None:
        if not self.table.can_undo:
            self.say("Nothing to undo: you have not played a card yet.")
            return
        self.cancel_flow()
        self.table.undo()
        self.changed()
        self.after_jump()

    def redo(self) -> None:
        if not self.table.can_redo:
            self.say("Nothing to redo.")
            return
        self.cancel_flow()
        self.table.redo()
        self.changed()
        self.after_jump()

    def after_jump(self) -> None:
        """Show the position an undo or redo reached, exactly: no animation, no automatic play."""
        self.no_auto = True
        self.input.forget()
        self.screen.clear_trick()
        self.take_announcements()
        self.screen.forget(self.table.view().hand_number)  # a fresh hand, with the cards given back
        self.el("summary").hidden = True
        self.settle()
        if self.table.computer_to_play:
            self.go()
        elif self.el("hand").contains(js.document.activeElement) or js.document.activeElement == self.body:
            self.input.move_focus("Here")

    def guided_hand(self) -> None:
        """The guided first hand, dealt again (whist/web/guide_view.py, imported on first use). A game
        in progress is not dropped at one press: the first says it would be, a second deals."""
        note = self.el("guide-abandon")
        if self.table.in_progress and note.hidden:
            note.textContent = "The game in progress will be abandoned: press again to deal the guided hand."
            note.hidden = False
            self.say(note.textContent)
            return
        note.hidden = True
        from whist.web import guide_view

        guide_view.start(self)

    def toggle_mute(self) -> None:
        self.apply_settings(self.settings.changed(sound=not self.settings.sound))
        self.say("Sound on." if self.settings.sound else "Sound off.")
        if self.settings.sound:
            self.sound.unlock()

    # --- dialogs: opening one and the focus given back (their contents: whist.web.dialogs) --
    def open_dialog(self, name: str) -> None:
        dialog = self.el(name)
        if dialog.open:
            return
        for other in DIALOGS:
            if other != name and self.el(other).open:
                self.el(other).close()
        active = js.document.activeElement
        self.openers[name] = active if active and active != self.body else None
        dialog.showModal()

    def restore_focus(self, name: str) -> None:
        opener = self.openers.pop(name, None)
        if opener and opener.isConnected:
            opener.focus()
        elif not self.dialog_open():
            self.input.move_focus("Here")

    def ask_new_game(self) -> None:
        self.forms.open_new_game()  # forms: choose the game and its options (says if one is abandoned)

    def apply_settings(self, settings: Settings, notify: bool = True) -> None:
        """Make ``settings`` the table's: pace, strengths, sound; tell the listeners."""
        self.settings = settings
        self.timing = timing(settings)
        self.table.set_levels(settings.partner_level, settings.opponent_level)
        Table.computers_claim = settings.claims  # every table of the page, a restored one too
        self.wake_thinker()
        self.sound.enabled = settings.sound
        self.body.dataset.speed = settings.speed
        self.el("instant-css").media = "all" if settings.speed == "instant" else "not all"  # nothing moves
        mute = self.el("mute-btn")
        mute.setAttribute("aria-pressed", "false" if settings.sound else "true")
        mute.setAttribute("data-tip", "Sound on (M)" if settings.sound else "Sound off (M)")
        mute.querySelector("use").setAttribute("href", "#i-sound" if settings.sound else "#i-muted")
        if notify:
            for listener in self.settings_listeners:
                listener(settings)
            if not self.busy:
                self.maybe_auto_play()

    # --- new games and hands ------------------------------------------------------------
    def next_hand(self) -> None:
        if self.busy or not self.table.next_hand():
            return
        self.after_action()
        if self.table.human_to_play:
            self.input.move_focus("Here")
        else:
            self.el("hand").focus()

    def new_game(self, game: str | None = None, options: dict[str, Any] | None = None,
                 seed: int | None = None, dealer: Any = None) -> None:
        """A new game: of ``game`` with ``options`` (the New game dialog), else the same game again;
        deal ``seed`` with ``dealer`` (a deal link), else a fresh deal."""
        seed = random_seed() if seed is None else seed
        if game is None:
            self.cancel_flow()
            self.table.new_game(seed, dealer=dealer)
            table = self.table
        else:
            table = Table(seed, game, dealer=dealer, **(options or {}))
        self.put_table(table, fresh=game is not None)

    def put_table(self, table: Table, *, fresh: bool = True, save: bool = True, resume: bool = False) -> None:
        """Put ``table`` on the screen: it becomes the page's table (at the settings' strengths),
        whatever the computers were thinking is dropped, and everything is drawn from its view;
        then the game goes on (the computers play if it is their turn). ``fresh`` draws the hand
        and the seats anew (another table, not the same one after a new deal); ``save`` tells the
        listeners (whist.web.persist saves the game); ``resume``: exactly where it stands, as
        after an undo (a game loaded). Before :meth:`start`, only the table is set."""
        self.table = table
        table.set_levels(self.settings.partner_level, self.settings.opponent_level)
        if not self.started:
            return
        self.cancel_flow()
        if fresh:
            self.screen.forget()
        self.sync_address()
        if save:
            self.changed()
        self.el("error").hidden = True
        if resume:
            self.after_jump()
            return
        self.input.forget()
        self.screen.clear_trick()
        self.take_announcements()
        self.settle()
        self.wake_thinker()
        self.go()

    def after_action(self, sound: str | None = None) -> None:
        """The steps after any action of yours on the table (a call, the deal, the next hand):
        save the game, play ``sound``, say what happened, draw the table (no card lifted or
        hinted) and let the computers play (and the automatic play, even after an undo)."""
        self.changed()
        self.input.forget()
        self.no_auto = False
        if sound is not None:
            self.sound.play(sound)
        self.screen.clear_trick()
        self.take_announcements()
        self.settle()
        self.go()

    def address_answered(self, start: Any) -> bool:
        """Whether the game on the table is the one the address ``start`` asks for."""
        from whist.web.address import answers

        return answers(start, self.table, dealer=True)

    def sync_address(self) -> None:
        """Drop what the address asks for (a game, a deal) when the game on the table is another
        (New game, Play again, a replay, a deal link turned down), so that a reload restores the
        game you are playing (whist.web.persist), not that one."""
        from whist.web.address import parse_address, plain_address

        search = str(js.location.search)
        start = parse_address(search, str(js.location.hash))
        if start.asked and not self.address_answered(start):
            js.history.replaceState(js.history.state, "", str(js.location.pathname) + plain_address(search))

    def on_address_change(self, evt: Any) -> None:
        """A ``#deal=`` link opened on this page (the address's fragment changed): deal what it
        asks for, at once if no game is in progress, else once you confirm in the New game dialog."""
        from whist.web.address import parse_address

        start = parse_address(str(js.location.search), str(js.location.hash))
        self.notify(start.problems)
        if not str(js.location.hash).lstrip("#") or not start.asked:
            return
        if self.address_answered(start):
            return  # the game on the table already
        if self.table.in_progress:
            self.forms.open_new_game(link=start)
            return
        self.new_game(start.game, start.options, start.seed, start.dealer)
        if start.seed is not None:
            self.say(f"Deal {start.seed}, as the link asks.")

    # --- writing to the page: a text, the status line, the live region ------------------
    def set_text(self, id_: str, text: str) -> None:
        node = self.el(id_)
        if node.textContent != text:
            node.textContent = text

    def set_status(self, text: str, kind: str = "") -> None:
        """Write the status line (only what changes: one write, its text and pill together)."""
        status = self.el("status")
        if status.textContent != text:
            status.textContent = text
        cls = ("status " + kind).strip()
        if status.className != cls:
            status.className = cls

    def say(self, text: str) -> None:
        """Announce ``text`` in the polite live region."""
        region = self.el("announce")
        p = self.doc.createElement("p")
        p.textContent = text
        region.appendChild(p)
        while region.childElementCount > 6:
            region.firstElementChild.remove()

    def say_all(self, lines: list[str]) -> None:
        for text in lines:
            self.say(text)

    def take_announcements(self) -> None:
        for text in self.table.take_messages():
            self.say(text)
