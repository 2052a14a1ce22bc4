"""The page: renders the Table's view into the DOM, binds the controls, paces the computers.

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
from pyodide.ffi import create_once_callable, create_proxy

from whist.table import Table
from whist.web import markup
from whist.web.formsui import Forms
from whist.web.settings import (
    LEVEL_LABELS,
    SPEED_LABELS,
    TRICK_PAUSE_LABELS,
    Settings,
    timing,
)
from whist.web.sound import Sound
from whist.web.stock_view import StockView
from whist.web.thinking import Thinker, is_slow, needs_thinker

if TYPE_CHECKING:
    from whist.table.view import Play, TableView

DIALOGS = ("confirm-new", "settings", "help", "last-trick", "stats", "score-sheet")


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
    def __init__(self, seed: int, settings: Settings, game: str = "classic",
                 options: dict[str, Any] | None = None, dealer: Any = None) -> None:
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
        self.hand_key: tuple[str, ...] = ()
        self.hand_trump: str | None = None  # the trump the hand on show was drawn with (its marks)
        self.hand_number = -1
        self.shown: list[str] = []  # cards in #trick, in play order
        self.lifted: str | None = None  # the card a first tap lifted
        self.hint_card: str | None = None
        self.focus_card: str | None = None  # the card of the hand in the tab order
        self.no_auto = False  # no automatic play right after an undo or redo
        self.pointer = "mouse"  # the kind of the last pointer pressed
        self.skip_event: asyncio.Event | None = None
        self.backs_shown: dict[str, int] = {}
        self.openers: dict[str, Any] = {}
        self._proxies: list[Any] = []
        self.tasks: set[asyncio.Task[None]] = set()
        self.auction_box = LazyAuctionBox(self)  # Contract Whist: the bidding box and the auction
        self.stock_view = StockView(self)  # German Whist: the stock, the phase, your draw
        self.forms = Forms(self)  # forms: New game dialog, the draw, your dummy, honours, rubbers, score sheet
        self.thinker = Thinker()  # thinker: Hard and Expert decide in a Web Worker (whist/web/thinking.py)

    # --- plumbing ----------------------------------------------------------------
    def el(self, id_: str) -> Any:
        return self.doc.getElementById(id_)

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
        self._proxies.append(proxy)
        target.addEventListener(event, proxy)

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
        self.on(self.doc, "pointerdown", self.on_pointerdown)
        self.on(self.doc, "keydown", self.on_key)
        self.on(hand, "click", self.on_hand_click)
        self.on(js.window, "hashchange", self.on_address_change)  # a #deal= link opened on this page
        buttons: dict[str, Callable[[], None]] = {
            "hint-btn": self.show_hint, "undo-btn": self.undo, "redo-btn": self.redo,
            "last-btn": self.show_last_trick, "new-game": self.ask_new_game, "mute-btn": self.toggle_mute,
            "settings-btn": self.open_settings, "rules-btn": lambda: self.open_help("rules"),
            "play-again": self.new_game, "next-hand": self.next_hand, "summary-undo": self.undo,
        }

        # Each handler is made by a function so that it keeps its own button, dialog or tab.
        def pressed(action: Callable[[], None]) -> Callable[[Any], None]:
            def handle(evt: Any) -> None:
                self.on_button(evt, action)
            return handle

        def closed(name: str) -> Callable[[Any], None]:
            def handle(evt: Any) -> None:
                self.restore_focus(name)
            return handle

        def tab_clicked(tab: str) -> Callable[[Any], None]:
            def handle(evt: Any) -> None:
                self.select_tab(tab, focus=True)
            return handle

        for id_, action in buttons.items():
            self.on(self.el(id_), "click", pressed(action))
        self.on(self.el("confirm-new"), "close", self.on_confirm_close)
        for name in DIALOGS:
            self.on(self.el(name), "close", closed(name))
        self.on(self.el("settings-form"), "change", self.on_settings_change)
        for tab in ("rules", "controls"):
            self.on(self.el(f"tab-{tab}"), "click", tab_clicked(tab))
        self.on(self.doc.querySelector("#help [role=tablist]"), "keydown", self.on_tab_key)
        # review: the hand review, replay, share and export (whist/web/review_view.py)
        from whist.web import review_view
        self.review = review_view.install(self)
        self.forms.start()  # forms
        self.apply_settings(self.settings, notify=False)
        self.take_announcements()
        self.settle()
        self.el("app").hidden = False
        self.el("loader").classList.add("done")
        self.body.dataset.ready = "1"
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
        self.render_controls()
        while gen == self.generation and self.table.computer_to_play:
            view = self.table.view()
            self.render_status(view)
            self.render_turn(view, thinking=True)
            await self.wait(self.timing.card)
            if gen != self.generation:
                return
            if not await self.computer_move(gen):
                return
            self.changed()
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
        if self.show_card(view):
            await self.gather_trick(gen, view)

    def show_card(self, view: TableView) -> bool:
        """Show the card or call just made, all of it from ``view`` in one go (the trick, the lit
        seat, the status, written once); True when the card finished a trick, now on show."""
        self.take_announcements()
        self.render_toolbar(view)
        self.render_seat_counts(view)
        self.render_controls(view)
        self.sound.play("card")
        self.stock_view.render(view)
        self.forms.render(view)  # forms
        self.render_turn(view)
        if self.auction_box.render(view):
            self.render_status(view)
            return False  # a call of the auction, not a card
        if view.trick:
            self.sync_trick(view.trick)
            self.render_status(view)
            return False
        done = view.last_trick
        if done is None:
            return False
        self.sync_trick(done.plays)
        win = self.el("trick").querySelector(f'[data-seat="{done.winner}"]')
        if win:
            win.classList.add("win")
        who = "You win" if done.winner_name == "You" else f"{done.winner_name} wins"
        more = " \u00b7 tap or press a key" if self.timing.trick is None else ""
        self.set_status(f"{who} the trick{more}", "win-" + done.winner_side)
        self.render_tricks(view)
        self.sound.play("trick-" + done.winner_side)
        return True

    async def gather_trick(self, gen: int, view: TableView) -> None:
        """A finished trick (shown by :meth:`show_card`) stays on show, then is gathered."""
        trick = self.el("trick")
        wait = self.timing.trick
        await self.wait(wait)
        if gen != self.generation:
            return
        trick.dataset.to = view.last_trick.winner if view.last_trick else ""
        trick.classList.add("gather")
        await self.wait(self.timing.gather)
        if gen != self.generation:
            return
        self.clear_trick()
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
        """Render the whole table at rest: your turn, or the end of a hand."""
        view = self.table.view()
        self.render_toolbar(view)
        self.render_seats(view)
        self.render_hand(view)
        if self.shown != [p.card for p in view.trick]:
            self.sync_trick(view.trick, animate=False)
        self.body.dataset.phase = view.phase
        self.body.dataset.toPlay = view.to_play or ""
        self.render_summary(view)
        self.auction_box.render(view)
        self.stock_view.render(view)
        self.render_status(view)
        self.render_controls(view)
        self.forms.render(view)  # forms: after the status (your dummy's turn has its own)

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
        legal = [c.card for c in self.table.view().hand if c.legal]
        if len(legal) != 1:
            return
        self.busy = True
        self.set_status("Your only legal card: playing it\u2026", "you")
        self.spawn(self.auto_play(self.generation, legal[0]))

    async def auto_play(self, gen: int, card: str) -> None:
        await self.wait(0 if self.timing.speed == "instant" else max(self.timing.card, 0.4))
        if gen != self.generation:
            return
        self.busy = False
        self.play(card)

    # --- your cards ----------------------------------------------------------------
    def on_pointerdown(self, evt: Any) -> None:
        self.pointer = str(evt.pointerType or "mouse")
        self.sound.unlock()
        target = evt.target
        on_card = bool(target.closest("#hand button.card"))
        if not on_card and self.lifted is not None:
            self.drop_lift()
        if self.skip_event is not None and target.closest("#table") and not target.closest("#summary"):
            self.skip()

    def is_touch(self, evt: Any) -> bool:
        kind = getattr(evt, "pointerType", None)
        if evt.detail == 0 and not kind:
            return False  # a click made by Enter or Space
        kind = str(kind) if kind else self.pointer
        return kind in ("touch", "pen")

    def on_hand_click(self, evt: Any) -> None:
        button = evt.target.closest("button.card")
        if not button:
            return
        card = str(button.getAttribute("data-card"))
        if self.busy:
            return  # the computers are playing (a press on the table skipped the wait)
        if button.getAttribute("aria-disabled") == "true":
            self.refuse(card, button)
            return
        if self.is_touch(evt) and self.lifted != card:
            # A tap lifts the card; a second tap plays it, so a stray finger never throws a card.
            self.lift(card)
            return
        self.play(card)

    def lift(self, card: str) -> None:
        self.drop_lift()
        button = self.card_button(card)
        if not button:
            return
        button.classList.add("lifted")
        button.setAttribute("data-lifted", "1")
        self.lifted = card
        self.set_focus_card(card, move=False)

    def drop_lift(self) -> None:
        for other in self.el("hand").querySelectorAll("button.lifted"):
            other.classList.remove("lifted")
            other.removeAttribute("data-lifted")
        self.lifted = None

    def card_button(self, card: str) -> Any:
        # forms: your dummy's cards too (Dummy Whist)
        return self.doc.querySelector(f'#hand button.card[data-card="{card}"], '
                                      f'#dummy-hand button.card[data-card="{card}"]')

    def refuse(self, card: str, button: Any) -> None:
        """A card that may not be played now: say why, politely, and play nothing."""
        shown = self.table.view().card(card)
        reason = shown.refusal if shown is not None else ""
        if not reason:
            return
        self.say(reason)
        self.set_status(reason, "refuse")
        button.classList.remove("shake")
        button.getBoundingClientRect()
        button.classList.add("shake")

    def play(self, card: str) -> None:
        result = self.table.human_play(card)
        if not result.ok:
            self.say(result.reason)
            self.set_status(result.reason, "refuse")
            return
        self.changed()
        self.lifted = None
        self.hint_card = None
        self.no_auto = False
        self.busy = True
        gen = self.generation
        hand = self.el("hand")
        had_focus = hand.contains(js.document.activeElement)
        # Every card stays dimmed until the trick is shown (and gathered, if this card ended it).
        # The card lands in the trick at once, with the seat and status of the same view.
        view = self.table.view()
        self.render_hand(view, locked=True)
        if had_focus:
            hand.focus()
        finished = self.show_card(view)
        self.spawn(self.after_human(gen, view if finished else None))

    async def after_human(self, gen: int, finished: TableView | None) -> None:
        if finished is not None:
            await self.gather_trick(gen, finished)
        if gen == self.generation:
            await self.run()

    # --- the keyboard ------------------------------------------------------------------
    def on_key(self, evt: Any) -> None:
        self.sound.unlock()
        if evt.defaultPrevented or self.dialog_open():
            return  # a dialog handles its own keys (Escape closes it)
        target = evt.target
        tag = str(target.tagName or "").upper()
        if tag in ("INPUT", "SELECT", "TEXTAREA") or target.isContentEditable:
            return
        key = str(evt.key)
        if evt.ctrlKey or evt.metaKey:
            lower = key.lower()
            if lower == "z" and not evt.shiftKey:
                self.undo()
            elif lower == "y" or (lower == "z" and evt.shiftKey):
                self.redo()
            else:
                return
            evt.preventDefault()
            return
        if evt.altKey:
            return
        if self.auction_box.on_key(evt):  # bidding keys, only while the bidding box is open
            evt.preventDefault()
            return
        on_card = bool(target.closest("#hand button.card"))
        if key in ("ArrowLeft", "ArrowRight", "Home", "End"):
            self.move_focus(key)
        elif key in ("Enter", " "):
            if tag in ("BUTTON", "A") and not on_card:
                return  # a toolbar or panel button: its own click
            if self.skip():
                pass
            elif on_card:
                return  # the card's own click plays it (or politely refuses)
            elif self.table.human_to_play:
                self.move_focus("Here")
            else:
                return
        elif key == "Escape":
            if self.lifted is not None:
                self.drop_lift()
            elif not self.skip():
                return
        elif key in ("h", "H"):
            self.show_hint()
        elif key in ("u", "U"):  # Shift+U and Caps Lock too: the guide says U undoes
            self.undo()
        elif key in ("r", "R"):
            self.redo()
        elif key in ("n", "N"):
            self.ask_new_game()
        elif key in ("m", "M"):
            self.toggle_mute()
        elif key == "?":
            self.open_help("controls")
        elif key in ("l", "L"):
            self.show_last_trick()
        else:
            if len(key) == 1 and self.skip():
                evt.preventDefault()
            return
        evt.preventDefault()

    def move_focus(self, key: str) -> None:
        """Move the focus ring along your hand (from anywhere: the first key lands on the hand)."""
        cards = list(self.el("hand").querySelectorAll("button.card"))
        if not cards:
            return
        active = js.document.activeElement
        i = next((k for k, c in enumerate(cards) if c == active), -1)
        if i < 0:
            j = next((k for k, c in enumerate(cards) if c.getAttribute("tabindex") == "0"), 0)
        elif key == "Home":
            j = 0
        elif key == "End":
            j = len(cards) - 1
        elif key == "ArrowLeft":
            j = max(0, i - 1)
        elif key == "ArrowRight":
            j = min(len(cards) - 1, i + 1)
        else:
            j = i
        self.set_focus_card(str(cards[j].getAttribute("data-card")))

    def set_focus_card(self, card: str, move: bool = True) -> None:
        """Put ``card`` in the tab order (the only card there) and, with ``move``, focus it."""
        self.focus_card = card
        for button in self.el("hand").querySelectorAll("button.card"):
            want = "0" if button.getAttribute("data-card") == card else "-1"
            if button.getAttribute("tabindex") != want:
                button.setAttribute("tabindex", want)
        button = self.card_button(card)
        if move and button:
            button.focus()

    # --- the toolbar ---------------------------------------------------------------------
    def show_hint(self) -> None:
        if self.busy or not self.table.human_to_play:
            self.say("A hint is for your turn.")
            return
        if self.table.state.phase.value == "auction":
            self.auction_box.hint()
            return
        choice = self.table.hint_choice()
        if choice is not None and is_slow(choice) and not self.thinker.failed:
            self.spawn(self.slow_hint(self.generation, choice))
            return
        self.show_hint_card(self.table.hint())

    async def slow_hint(self, gen: int, choice: Any) -> None:
        """A hint at a slow level: thought in the worker, shown if the position has not moved."""
        self.set_status("Thinking about a hint\u2026", "hint")
        card = await self.thinker.choose(choice)
        if gen != self.generation or not self.table.is_current(choice):
            return
        self.show_hint_card(card if card is not None else self.table.decide(choice))

    def show_hint_card(self, card: str | None) -> None:
        if card is None:
            return
        self.hint_card = card
        for button in self.el("hand").querySelectorAll("button.hint"):
            button.classList.remove("hint")
            button.removeAttribute("data-hint")
        button = self.card_button(card)
        button.classList.add("hint")
        button.setAttribute("data-hint", "1")
        view = self.table.view()
        shown = view.card(card)  # forms: or your dummy's
        name = shown.name if shown is not None else card
        self.say(f"Hint: play the {name}.")
        self.set_status(f"Hint: the {name}", "hint")
        if self.pointer in ("touch", "pen"):
            self.lift(card)  # one more tap plays it
        keyboard = self.el("hand").contains(js.document.activeElement) or \
            js.document.activeElement == self.body or js.document.activeElement == self.el("hint-btn")
        self.set_focus_card(card, move=keyboard and self.pointer not in ("touch", "pen"))

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
        self.hint_card = None
        self.lifted = None
        self.clear_trick()
        self.take_announcements()
        self.hand_key = ()  # a fresh hand, with the cards given back
        self.hand_number = self.table.view().hand_number
        self.el("summary").hidden = True
        self.settle()
        if self.table.computer_to_play:
            self.go()
        elif self.el("hand").contains(js.document.activeElement) or js.document.activeElement == self.body:
            self.move_focus("Here")

    def toggle_mute(self) -> None:
        self.apply_settings(self.settings.changed(sound=not self.settings.sound))
        self.say("Sound on." if self.settings.sound else "Sound off.")
        if self.settings.sound:
            self.sound.unlock()

    def show_last_trick(self) -> None:
        trick = self.table.previous_trick()
        if trick is None:
            self.say("No trick has been played yet.")
            return
        self.el("last-cards").innerHTML = markup.last_trick(trick)
        self.el("last-cards").setAttribute("role", "list")
        self.el("last-cards").setAttribute("aria-label", "Cards of the last trick")
        hand_note = "" if trick.hand_number == self.table.view().hand_number else \
            f" of hand {trick.hand_number}"
        self.set_text("last-sub", f"Trick {trick.number}{hand_note} \u00b7 "
                                  f"{trick.leader_name} led")
        winner = "You win" if trick.winner_name == "You" else f"{trick.winner_name} wins"
        card = next(p.name for p in trick.plays if p.seat == trick.winner)
        side = "us" if trick.winner_side == "us" else "them"
        self.set_text("last-text", f"{winner} with the {card} ({'your side' if side == 'us' else 'their side'}).")
        self.el("last-text").className = "last-text win-" + side
        self.open_dialog("last-trick")

    # --- dialogs ---------------------------------------------------------------------
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
            self.move_focus("Here")

    def ask_new_game(self) -> None:
        self.forms.open_new_game()  # forms: choose the game and its options (says if one is abandoned)

    def on_confirm_close(self, evt: Any) -> None:
        if self.el("confirm-new").returnValue == "new":
            self.openers.pop("confirm-new", None)
            self.forms.start_chosen()
        elif self.forms.link is not None:  # a deal link turned down: keep playing this game
            self.forms.link = None
            self.sync_address()

    def open_settings(self) -> None:
        s = self.settings
        self.el("speed-choices").innerHTML = markup.segmented("speed", SPEED_LABELS, s.speed)
        self.el("set-trick-pause").innerHTML = markup.options(TRICK_PAUSE_LABELS, s.trick_pause)
        self.el("set-partner-level").innerHTML = markup.options(LEVEL_LABELS, s.partner_level)
        self.el("set-opponent-level").innerHTML = markup.options(LEVEL_LABELS, s.opponent_level)
        self.el("set-auto-play").checked = s.auto_play
        self.el("set-sound").checked = s.sound
        self.open_dialog("settings")

    def on_settings_change(self, evt: Any) -> None:
        form = self.el("settings-form")
        speed = form.querySelector("input[name=speed]:checked")
        self.apply_settings(self.settings.changed(
            speed=str(speed.value) if speed else self.settings.speed,
            trick_pause=str(self.el("set-trick-pause").value),
            partner_level=str(self.el("set-partner-level").value),
            opponent_level=str(self.el("set-opponent-level").value),
            auto_play=bool(self.el("set-auto-play").checked),
            sound=bool(self.el("set-sound").checked),
        ))

    def apply_settings(self, settings: Settings, notify: bool = True) -> None:
        """Make ``settings`` the table's: pace, strengths, sound; tell the listeners."""
        self.settings = settings
        self.timing = timing(settings)
        self.table.set_levels(settings.partner_level, settings.opponent_level)
        self.wake_thinker()
        self.sound.enabled = settings.sound
        self.body.dataset.speed = settings.speed
        mute = self.el("mute-btn")
        mute.setAttribute("aria-pressed", "false" if settings.sound else "true")
        mute.setAttribute("data-tip", "Sound on (M)" if settings.sound else "Sound off (M)")
        mute.querySelector("use").setAttribute("href", "#i-sound" if settings.sound else "#i-muted")
        if notify:
            for listener in self.settings_listeners:
                listener(settings)
            if not self.busy:
                self.maybe_auto_play()

    def open_help(self, tab: str) -> None:
        from whist.web import howto
        from whist.web.auction_box import keys_html

        view = self.table.view()
        self.el("help-rules").innerHTML = howto.rules_html(view)
        self.el("help-controls").innerHTML = howto.controls_html(view.target) + (
            keys_html() if view.auction is not None else "")
        self.set_text("help-title", f"How to play {view.title}")
        self.select_tab(tab)
        self.open_dialog("help")

    def select_tab(self, tab: str, focus: bool = False) -> None:
        for name in ("rules", "controls"):
            button = self.el(f"tab-{name}")
            on = name == tab
            button.setAttribute("aria-selected", "true" if on else "false")
            button.setAttribute("tabindex", "0" if on else "-1")
            self.el(f"help-{name}").hidden = not on
            if on and focus:
                button.focus()

    def on_tab_key(self, evt: Any) -> None:
        if evt.key in ("ArrowLeft", "ArrowRight", "Home", "End"):
            current = "rules" if self.el("tab-rules").getAttribute("aria-selected") == "true" else "controls"
            self.select_tab("controls" if current == "rules" else "rules", focus=True)
            evt.preventDefault()

    # --- new games and hands ------------------------------------------------------------
    def next_hand(self) -> None:
        if self.busy or not self.table.next_hand():
            return
        self.after_action()
        if self.table.human_to_play:
            self.move_focus("Here")
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

    def put_table(self, table: Table, *, fresh: bool = True, save: bool = True) -> None:
        """Put ``table`` on the screen: it becomes the page's table (at the settings' strengths),
        whatever the computers were thinking is dropped, and everything is drawn from its view;
        then the game goes on (the computers play if it is their turn). ``fresh`` draws the hand
        and the seats anew (another table, not the same one after a new deal); ``save`` tells the
        listeners (whist.web.persist saves the game)."""
        self.cancel_flow()
        if table is not self.table:
            self.table = table
        table.set_levels(self.settings.partner_level, self.settings.opponent_level)
        if fresh:
            self.hand_key = ()
            self.hand_number = -1
            self.backs_shown = {}
        self.sync_address()
        if save:
            self.changed()
        self.el("error").hidden = True
        self.lifted = None
        self.hint_card = None
        self.clear_trick()
        self.take_announcements()
        self.settle()
        self.wake_thinker()
        self.go()

    def after_action(self, sound: str | None = None) -> None:
        """The steps after any action on the table (a call, the deal, the next hand): save the
        game, play ``sound``, say what happened, draw the table and let the computers play."""
        self.changed()
        if sound is not None:
            self.sound.play(sound)
        self.clear_trick()
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

    # --- rendering -------------------------------------------------------------------
    def render_controls(self, view: TableView | None = None) -> None:
        """The toolbar buttons that depend on the position: hint, undo, redo, last trick."""
        view = view or self.table.view()
        states = {
            "hint-btn": (view.your_turn and not self.busy, "A hint is for your turn."),
            "undo-btn": (view.can_undo, "Nothing to undo: you have not played a card yet."),
            "redo-btn": (view.can_redo, "Nothing to redo."),
            "last-btn": (view.last_trick is not None or view.hand_number > 1,
                         "No trick has been played yet."),
        }
        for id_, (on, why) in states.items():
            button = self.el(id_)
            want = "false" if on else "true"
            if button.getAttribute("aria-disabled") != want:
                button.setAttribute("aria-disabled", want)
            button.setAttribute("data-why", why)
        self.el("summary-undo").hidden = not view.can_undo

    def render_toolbar(self, view: TableView) -> None:
        trump = view.trump
        box = self.el("trump")
        if box.getAttribute("data-trump") != trump:
            box.dataset.trump = trump
            box.className = "tool trump-box " + ("red" if trump in "HD" else "black")
            self.el("trump-badge").innerHTML = "NT" if trump == "NT" else markup.suit_svg(trump, "badge-pip")
            self.el("trump-name").textContent = view.trump_name
            box.setAttribute("aria-label", f"Trump: {view.trump_name.lower()}")
            box.setAttribute("role", "group")
        up = self.el("turnup")
        if view.turn_up is not None:
            key = view.turn_up.card
            if up.getAttribute("data-turn-up") != key:
                up.setAttribute("data-turn-up", key)
                self.el("turnup-card").innerHTML = markup.mini_card(view.turn_up)
            visible = "1" if view.turn_up_visible else "0"
            if up.getAttribute("data-visible") != visible or up.getAttribute("data-card-note") != key:
                up.dataset.visible = visible
                up.setAttribute("data-card-note", key)
                dealer = "you" if view.dealer_name == "You" else view.dealer_name
                note = "" if view.turn_up_visible else "played"
                self.el("turnup-note").textContent = note
                up.title = (f"The dealer ({dealer}) turned up the {view.turn_up.name}"
                            + ("" if view.turn_up_visible else " and has played it"))
        self.render_tricks(view)
        self.set_text("score-us", str(view.scores.us))
        self.set_text("score-them", str(view.scores.them))
        self.set_text("goal", view.goal)
        self.set_text("score-goal", view.goal_short)

    def render_tricks(self, view: TableView) -> None:
        self.set_text("tricks-us", str(view.tricks_won.us))
        self.set_text("tricks-them", str(view.tricks_won.them))

    def set_text(self, id_: str, text: str) -> None:
        node = self.el(id_)
        if node.textContent != text:
            node.textContent = text

    def render_seat_counts(self, view: TableView) -> None:
        for info in view.seats:
            if info.human:
                continue  # your hand shows its own cards
            seat = info.seat
            box = self.el(f"seat-{seat}")
            box.querySelector(".count").textContent = str(info.cards)
            if self.backs_shown.get(seat) != info.cards:
                self.backs_shown[seat] = info.cards
                box.querySelector(".backs").innerHTML = markup.backs(info.cards)

    def render_seats(self, view: TableView) -> None:
        self.render_seat_counts(view)
        self.render_turn(view)
        for info in view.seats:
            box = self.el(f"seat-{info.seat}")
            box.querySelector(".dealer-chip").hidden = not info.dealer
            box.classList.toggle("dealer", info.dealer)
            if info.human:
                box.querySelector(".count").textContent = str(info.cards)

    def render_turn(self, view: TableView, thinking: bool = False) -> None:
        """Light the seat whose turn it is (``data-turn="1"``), whoever plays it, and no other;
        with ``thinking``, a computer's seat shows it is choosing (``data-thinking="1"``)."""
        playing = view.phase in ("play", "auction")
        for info in view.seats:
            box = self.el(f"seat-{info.seat}")
            on = playing and bool(info.to_play)
            turn = "1" if on else "0"
            if box.getAttribute("data-turn") != turn:
                box.setAttribute("data-turn", turn)
            think = "1" if on and thinking and not info.yours else "0"
            if box.getAttribute("data-thinking") != think:
                box.setAttribute("data-thinking", think)

    def render_hand(self, view: TableView, locked: bool = False) -> None:
        """Show your hand; ``locked`` dims every card whatever the turn."""
        your_turn = view.your_turn and not locked
        hand = self.el("hand")
        cards = view.hand
        # A card is enabled when you may play it now (club rules: a revoke too), none when locked.
        enabled = {c.card for c in cards if c.playable and not locked}
        key = tuple(c.card for c in cards)
        names = [c.card for c in cards]
        if self.focus_card not in names:
            self.focus_card = next((c.card for c in cards if c.card in enabled), names[0] if names else None)
        if self.hint_card not in names or not your_turn:
            self.hint_card = None
        if self.lifted not in names or not your_turn:
            self.lifted = None
        if key != self.hand_key:
            fresh = view.hand_number != self.hand_number
            old_key, self.hand_key = self.hand_key, key
            self.hand_number = view.hand_number
            hand.classList.toggle("dealing", fresh and self.timing.speed != "instant")
            focus = names.index(self.focus_card) if self.focus_card in names else 0
            had_focus = hand.contains(js.document.activeElement)
            if fresh or view.trump != self.hand_trump or not self.shrink_hand(hand, names, enabled, old_key, focus):
                hand.innerHTML = markup.hand(cards, enabled, view.trump, focus)
                self.hand_trump = view.trump
            hand.dataset.n = str(len(cards))
            if had_focus:
                hand.focus()
        # Every card's mark from the view, each button found by its card (not by its place:
        # shrink_hand moves buttons between the rows).
        for button in hand.querySelectorAll("button.card"):
            want = "false" if str(button.getAttribute("data-card")) in enabled else "true"
            if button.getAttribute("aria-disabled") != want:
                button.setAttribute("aria-disabled", want)
        # The lifted card and the hint: only the buttons that change (each call to the page costs).
        for mark, card in (("lifted", self.lifted), ("hint", self.hint_card)):
            for button in hand.querySelectorAll(f"button.card.{mark}"):
                if button.getAttribute("data-card") != card:
                    button.classList.remove(mark)
                    if mark == "hint":
                        button.removeAttribute("data-hint")
            if card is not None:
                button = hand.querySelector(f'button.card[data-card="{card}"]')
                if button:
                    button.classList.add(mark)
                    if mark == "hint":
                        button.setAttribute("data-hint", "1")
        self.body.dataset.yourTurn = "1" if your_turn else "0"
        self.el("seat-S").querySelector(".count").textContent = str(len(key))
        # A keyboard player who was in the hand gets the focus ring back on a card to play.
        if your_turn and js.document.activeElement == hand and self.focus_card:
            self.set_focus_card(self.focus_card)

    def shrink_hand(self, hand: Any, names: list[str], enabled: set[str], old_key: tuple[str, ...],
                    focus: int) -> bool:
        """Take the cards no longer held out of the hand on show, in place: the others keep their
        buttons (drawing the whole hand again, every card face, was the longest part of the task
        of a card played). False when the hand on show is not ``old_key`` less some cards."""
        if len(names) >= len(old_key) or set(names) - set(old_key):
            return False
        kept = [k for k in old_key if k in set(names)]
        if kept != names:
            return False
        buttons = list(hand.querySelectorAll("button.card"))
        rows = list(hand.querySelectorAll(".hand-row"))
        if len(rows) != 2 or [str(b.getAttribute("data-card")) for b in buttons] != list(old_key):
            return False
        gone = set(old_key) - set(names)
        self.hold_still(hand)
        staying = []
        for i, (button, card) in enumerate(zip(buttons, old_key, strict=True)):
            if card in gone:
                button.remove()
            else:
                staying.append((i, button))
        old_split, split = markup.hand_split(len(old_key)), markup.hand_split(len(names))
        # Cards only leave, so at most the ends of the rows change rows: the first row's last
        # cards go to the front of the second, or the second's first cards to the end of the first.
        to_second = [b for j, (i, b) in enumerate(staying) if i < old_split and j >= split]
        to_first = [b for j, (i, b) in enumerate(staying) if i >= old_split and j < split]
        for button in reversed(to_second):
            rows[1].insertBefore(button, rows[1].firstChild)
        for button in to_first:
            rows[0].appendChild(button)
        rows[0].style.setProperty("--n", str(split))
        rows[1].style.setProperty("--n", str(len(names) - split))
        for j, ((i, button), c) in enumerate(zip(staying, names, strict=True)):
            if i != j:
                button.style.setProperty("--i", str(j))
            tab = "0" if j == focus else "-1"
            if button.getAttribute("tabindex") != tab:
                button.setAttribute("tabindex", tab)
            want = "false" if c in enabled else "true"
            if button.getAttribute("aria-disabled") != want:
                button.setAttribute("aria-disabled", want)
        return True

    def hold_still(self, hand: Any) -> None:
        """No transitions in the hand until the frame after next (see whist.css ``.hand.still``)."""
        if hand.classList.contains("still"):
            return
        hand.classList.add("still")

        def again(*_: Any) -> None:
            js.requestAnimationFrame(create_once_callable(lambda *_: hand.classList.remove("still")))

        js.requestAnimationFrame(create_once_callable(again))

    def sync_trick(self, plays: tuple[Play, ...], animate: bool = True) -> None:
        """Add the cards of ``plays`` not yet on the table, each sliding in from its seat."""
        trick = self.el("trick")
        cards = [p.card for p in plays]
        if self.shown != cards[: len(self.shown)]:
            self.clear_trick()
        added = []
        for i, play in enumerate(plays[len(self.shown):], start=len(self.shown)):
            trick.insertAdjacentHTML("beforeend", markup.trick_card(play, play.player, i))
            node = trick.lastElementChild
            if not animate:
                node.classList.remove("from")
            added.append(node)
            self.shown.append(play.card)
        if added and animate:
            trick.getBoundingClientRect()  # lay out the start position, so the move animates
            for node in added:
                node.classList.remove("from")

    def clear_trick(self) -> None:
        trick = self.el("trick")
        trick.innerHTML = ""
        trick.classList.remove("gather")
        trick.removeAttribute("data-to")
        self.shown = []

    def render_status(self, view: TableView | None = None) -> None:
        view = view or self.table.view()
        if view.phase == "auction":
            self.set_status(*self.auction_box.status(view))
            return
        if view.phase != "play":
            self.set_status("")
            return
        if view.turn.status:
            self.set_status(view.turn.status, "you" if view.your_turn else "")

    def set_status(self, text: str, kind: str = "") -> None:
        """Write the status line (only what changes: one write, its text and pill together)."""
        status = self.el("status")
        if status.textContent != text:
            status.textContent = text
        cls = ("status " + kind).strip()
        if status.className != cls:
            status.className = cls

    def render_summary(self, view: TableView) -> None:
        panel = self.el("summary")
        summary = view.summary
        if view.phase == "play" or summary is None:
            panel.hidden = True
            return
        over = view.game_over
        if over:
            them = view.side_names.them
            title = "You win the game!" if over.winner == "us" else (
                "East\u2013West win the game" if " and " in them else f"{them} wins the game")
        else:
            title = f"Hand {summary.hand_number} over"
        self.set_text("summary-title", title)
        trump = markup.SUIT_WORDS.get(summary.trump)
        played = f"{over.hands_played_text} \u00b7 " if over else ""
        self.set_text("summary-sub", f"{played}Deal {summary.deal_number} \u00b7 "
                      f"{summary.dealer_name} dealt \u00b7 " + (f"{trump} trumps" if trump else "no trumps"))
        for side in ("us", "them"):
            self.set_text(f"sum-tricks-{side}", str(summary.tricks[side]))
            pts = summary.points[side]
            self.set_text(f"sum-points-{side}", f"+{pts}" if pts else "0")
            self.set_text(f"sum-score-{side}", str(summary.scores[side]))
        self.set_text("summary-text", over.text if over else summary.text)
        panel.dataset.result = over.winner if over else ("us" if summary.points.us else
                                                           "them" if summary.points.them else "even")
        panel.classList.toggle("game-over", bool(over))
        self.el("next-hand").hidden = bool(over)
        self.el("play-again").hidden = not over
        was_hidden = panel.hidden
        panel.hidden = False
        if was_hidden and not self.dialog_open():
            (self.el("play-again") if over else self.el("next-hand")).focus()

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
