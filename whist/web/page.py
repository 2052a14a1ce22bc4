"""The page: puts the Table's view on screen (:mod:`whist.web.screen`), binds the controls
(:mod:`whist.web.inputs`, :mod:`whist.web.dialogs`), paces the computers. All game logic lives in
:mod:`whist.table`: this module shows it and turns clicks, taps and keys into calls on the table.
Every event handler is guarded: if Python raises, the page shows a short message and the details go
to the console. While the computers play, the page waits between cards (``Timing`` of the
settings); a click or a key skips the wait, undo and new game cancel it.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import js

from whist.table import Table
from whist.web.auction_lazy import LazyAuctionBox
from whist.web.challenge_lazy import LazyChallenges
from whist.web.coach_box import CoachBox
from whist.web.dialogs import Dialogs, DialogStack
from whist.web.formsui import Forms
from whist.web.inputs import Input
from whist.web.links import Links
from whist.web.live_lazy import LazyLive
from whist.web.pacing import Pacer
from whist.web.parts import Dom, focus_on
from whist.web.plumbing import Plumbing, random_seed
from whist.web.screen import Screen
from whist.web.settings import Settings, dress, timing
from whist.web.slow import is_slow, needs_thinker
from whist.web.sound import Sound
from whist.web.stock_view import StockView
from whist.web.thinking import Thinker, pair

if TYPE_CHECKING:
    from whist.table.session import PlayResult
    from whist.table.view import TableView


class Page:
    def __init__(self, seed: int, settings: Settings, game: str,
                 options: dict[str, Any] | None = None, dealer: Any = None,
                 workers: tuple[Thinker, Thinker] | None = None, replays: bool = True) -> None:
        #: The narrow pieces the views take: the element lookup, the writes and the announcer
        #: (whist.web.parts), the handlers and tasks (whist.web.plumbing), the waits (whist.web.pacing).
        self.dom = Dom(js.document)
        self.doc, self.window, self.body = self.dom.doc, self.dom.window, self.dom.body
        self.el, self.dialog_open = self.dom.el, self.dom.dialog_open
        self.set_text, self.set_status, self.say, self.say_all = (
            self.dom.set_text, self.dom.set_status, self.dom.say, self.dom.say_all)
        self.plumbing = Plumbing(self.doc, self.fail)
        self.on, self.spawn, self.download = self.plumbing.on, self.plumbing.spawn, self.plumbing.download
        self.pacer = Pacer(self.body)
        self.wait, self.skip = self.pacer.wait, self.pacer.skip
        self.dialog_stack = DialogStack(self.dom, lambda: self.input.move_focus("Here"))
        self.open_dialog, self.restore_focus = self.dialog_stack.open, self.dialog_stack.restore_focus
        self.openers = self.dialog_stack.openers
        self.links = Links(self)  # the address and the game on the table (whist.web.persist listens)
        self.sync_address = self.links.sync
        self.settings, self.timing = settings, timing(settings)
        #: Called with the new Settings whenever the player changes one (a storage layer saves them).
        self.settings_listeners: list[Callable[[Settings], None]] = []
        #: Called after every action on the table (card, call, undo, redo, next hand, new game):
        #: whist.web.persist saves the game. A new kind of action calls self.changed() too.
        self.state_listeners: list[Callable[[], None]] = []
        self.table = Table(seed, game, dealer=dealer, **(options or {}))
        self.table.set_levels(settings.partner_level, settings.opponent_level)
        self.sound = Sound(settings.sound)
        self.generation, self.busy = 0, False
        self.started = False  # start() has drawn the table and bound the controls
        self.no_auto = False  # no automatic play right after an undo or redo
        self.closed = False  # close(): this page has handed the document over to another one
        self.guide_view: Any = None  # the guided first hand on screen (whist/web/guide_view.py), made on first use
        #: Every hand you finish is replayed in the background (Expert with your cards); the tests
        #: turn it off where they do not check it (whist.web.testing), the button still asks.
        self.replays = replays
        self.auction_box = LazyAuctionBox(self)  # Contract Whist: the bidding box and the auction
        self.stock_view = StockView(self)  # German Whist: the stock, the phase, your draw
        self.forms = Forms(self)  # forms: New game dialog, the draw, your dummy, honours, rubbers, score sheet
        # thinker: Hard and Expert's cards in a Web Worker; the analyst: the review, the coach, Expert with your
        # cards; one worker for both where both run (whist/web/thinking.py). A next page keeps them (testing).
        self.thinker, self.analyst = workers or pair()
        self.analyst.hold = lambda: self.busy or self.thinker.in_flight > 0
        self.screen = Screen(self)  # the table on screen: toolbar, seats, hand, trick, status, summary
        self.input: Input = Input(self)  # the pointer, taps, keys and the focus along your hand
        self.dialogs = Dialogs(self)  # Settings, How to play, the last trick
        self.coach = CoachBox(self)  # coach: your costly cards pointed out (whist/web/coach_box.py)
        self.challenges = LazyChallenges(self)  # a challenge by link (whist/web/challenge_view.py), on first use
        self.live = LazyLive(self)  # a live table between devices (whist/web/live_view.py), on first use

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
        self.plumbing.unbind()
        self.live.close()  # (its connections: the next page invites, or is invited, again)
        self.sound.close()  # (a context left open renders silence for as long as the document lives)
        self.state_listeners.clear()
        self.settings_listeners.clear()

    def cancel_flow(self) -> None:
        """Stop whatever the table was doing (computers thinking, a trick on show)."""
        self.generation += 1
        self.plumbing.cancel_tasks()
        self.pacer.stop()
        self.busy = False

    def fail(self, err: BaseException) -> None:
        js.console.warn("whist: " + "".join(traceback.format_exception(err)))
        box = self.el("error")
        box.textContent = "Sorry, something went wrong at the table. Start a new game to play on."
        box.hidden = False
        self.busy = False

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
        self.on(hand, "pointerdown", self.input.on_hand_pointerdown)  # a card pressed in flight
        self.on(self.doc, "click", self.input.on_click)
        self.on(js.window, "hashchange", self.links.on_change)  # a #deal= link opened on this page
        buttons: dict[str, Callable[[], None]] = {
            "hint-btn": self.show_hint, "claim-btn": self.claim, "undo-btn": self.undo, "redo-btn": self.redo,
            "last-btn": self.dialogs.show_last_trick, "new-game": self.ask_new_game, "mute-btn": self.toggle_mute,
            "settings-btn": self.dialogs.open_settings, "rules-btn": lambda: self.dialogs.open_help("rules"),
            "play-again": self.new_game, "next-hand": self.next_hand, "summary-undo": self.undo,
            "guide-again": self.guided_hand, "skip-hand": self.input.to_hand,  # the guide (help), the skip
        }
        for id_, action in buttons.items():  # (partial: each handler keeps its own action)
            self.on(self.el(id_), "click", partial(self.on_button, action=action))
        self.dialogs.start()
        self.coach.start()  # coach
        # review: the hand review, replay, share and export (whist/web/review_view.py)
        from whist.web import review_view
        self.review = review_view.install(self)
        self.forms.start()  # forms
        self.challenges.start()
        self.apply_settings(self.settings, notify=False)
        self.take_announcements()
        drawn = self.settle()
        self.el("app").removeAttribute("inert")  # laid out behind the loader while Python started
        self.el("loader").classList.add("done")
        self.body.dataset.ready = "1"
        self.started = True
        self.wake_thinker()
        self.go(drawn)

    def on_button(self, evt: Any, action: Callable[[], None]) -> None:
        if evt.currentTarget.getAttribute("aria-disabled") == "true":
            reason = evt.currentTarget.getAttribute("data-why")
            if reason:
                self.say(reason)
            return
        action()

    # --- the flow --------------------------------------------------------------------
    def go(self, drawn: TableView | None = None) -> None:
        """The computers play if it is their turn; else the table rests (``drawn``: the view just drawn)."""
        if self.table.computer_to_play:
            self.busy = True
            self.spawn(self.run())
        else:
            self.rest(drawn)

    async def run(self) -> None:
        """Let the computers play, one card at a time, until it is your turn or the hand ends."""
        gen = self.generation
        self.busy = True
        view = self.table.view()
        self.screen.render_controls(view)
        while gen == self.generation and self.table.computer_to_play:
            self.screen.render_status(view)
            self.screen.render_turn(view, thinking=True)
            await self.wait(self.timing.card)
            if gen != self.generation:
                return
            if not await self.computer_move(gen):
                return
            self.changed()
            view = self.table.view()
            if view.claimed:  # a computer claimed the rest: the summary shows it
                self.take_announcements()
                break
            if await self.show_play(gen, view):  # a trick gathered: a while, the view made again
                view = self.table.view()
        if gen == self.generation:
            self.busy = False
            self.rest()

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
            answer = await self.thinker.think(choice)  # the action and why
        finally:
            self.body.dataset.thinking = "0"
        if gen != self.generation:
            return False  # an undo or a new game meanwhile: the late answer is dropped
        if answer is None:  # no worker: decide here
            self.body.dataset.decidedHere = str(int(self.body.dataset.decidedHere or 0) + 1)
            answer = self.table.think(choice)
        return self.table.apply_choice(choice, *answer) is not None

    async def show_play(self, gen: int, view: TableView) -> bool:
        """Show the card just played (``view``); a finished trick stays on show, then is gathered: True."""
        if not self.screen.show_card(view):
            return False
        await self.gather_trick(gen, view)
        return True

    async def gather_trick(self, gen: int, view: TableView) -> None:
        """A finished trick (shown by :meth:`Screen.show_card`) stays on show, its winner marked, then is gathered."""
        await self.screen.motion.until_marked()
        if gen != self.generation:
            return
        await self.wait(self.timing.trick)
        if gen != self.generation:
            return
        self.screen.sweep(view)
        await self.wait(self.timing.gather)
        if gen != self.generation:
            return
        self.screen.clear_trick()
        if view.phase != "play":
            self.sound.hand_end(view)

    def settle(self) -> TableView:
        self.screen.draw(view := self.table.view())
        return view

    def rest(self, drawn: TableView | None = None) -> None:
        """The table at rest, waiting for you: drawn, your turn said, an only card played for you."""
        view = self.settle() if drawn is None else drawn
        self.announce_turn(view)
        self.maybe_auto_play(view)

    def announce_turn(self, view: TableView | None = None) -> None:
        view = self.table.view() if view is None else view
        if not view.your_turn:
            return
        if view.phase == "auction":
            self.auction_box.announce(view)
            return
        self.say(view.turn.announcement)

    def maybe_auto_play(self, view: TableView | None = None) -> None:
        """With the setting on, play your only legal card for you after a short pause."""
        if not self.settings.auto_play or self.no_auto or self.busy or not self.table.human_to_play:
            return
        view = self.table.view() if view is None else view
        if (forced := view.forced) is None:  # yours, or your dummy's
            return
        self.busy = True
        # Dimmed while it waits: the card is about to be played, no longer yours to choose.
        self.screen.render_hand(view, locked=True)
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
        if self.refused(self.table.claim()):
            return
        self.changed()
        self.take_announcements()
        self.settle()

    def refused(self, result: PlayResult) -> bool:
        """Say why the table refused your move, if it did (True)."""
        if not result.ok:
            self.say(result.reason)
            self.set_status(result.reason, "refuse")
        return not result.ok

    def play(self, card: str) -> None:
        if self.live.guest:  # a guest's card goes to the host's table, which decides
            return self.live.call("play", card)
        judged = self.coach.before()  # coach: the position your card is judged from
        if self.refused(self.table.human_play(card)):
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
        if had_focus and not hand.contains(js.document.activeElement):
            focus_on(hand)
        finished = self.screen.show_card(view)
        self.spawn(self.after_human(gen, view if finished else None))

    async def after_human(self, gen: int, finished: TableView | None) -> None:
        if finished is not None:
            await self.gather_trick(gen, finished)
        if gen == self.generation:
            await self.run()

    def show_hint(self) -> None:
        if self.busy or not self.table.human_to_play or self.table.help_off:
            return self.say(self.table.help_off or "A hint is for your turn.")
        if self.table.in_auction:
            return self.auction_box.hint()
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
            return self.say(self.table.help_off or "Nothing to undo: you have not played a card yet.")
        self.cancel_flow()
        self.table.undo()
        self.changed()
        self.after_jump()

    def redo(self) -> None:
        if not self.table.can_redo:
            return self.say("Nothing to redo.")
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
        self.screen.forget(self.table.hand_number)  # a fresh hand, with the cards given back
        self.el("summary").hidden = True
        self.settle()
        if self.table.computer_to_play:
            self.go()
        elif self.el("hand").contains(js.document.activeElement) or js.document.activeElement == self.body:
            self.input.move_focus("Here")

    def guided_hand(self) -> None:
        """The guided first hand, dealt again (whist/web/guide_view.py, imported on first use)."""
        from whist.web import guide_view

        guide_view.again(self)

    def toggle_mute(self) -> None:
        self.apply_settings(self.settings.changed(sound=not self.settings.sound))
        self.say("Sound on." if self.settings.sound else "Sound off.")
        if self.settings.sound:
            self.sound.unlock()

    def ask_new_game(self) -> None:
        self.forms.open_new_game()  # forms: choose the game and its options (says if one is abandoned)

    def apply_settings(self, settings: Settings, notify: bool = True) -> None:
        """Make ``settings`` the table's: pace, strengths, sound; tell the listeners."""
        self.settings, self.timing = settings, timing(settings)
        self.table.set_levels(settings.partner_level, settings.opponent_level)
        Table.computers_claim = settings.claims  # every table of the page, a restored one too
        self.wake_thinker()
        self.sound.enabled = settings.sound
        dress(self.body, settings)  # the pace, the deck, the size of the cards
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
        if self.table.challenge is not None:  # the next deal of a challenge, or its end (even while
            return self.challenges.next_deal()  # the last trick is gathered: the new deal's table cancels that)
        if self.busy or not self.table.next_hand():
            return self.take_announcements()  # (a guest's table: the host deals)
        self.after_action()
        if self.table.human_to_play:
            self.input.move_focus("Here")
        else:
            self.el("hand").focus()

    def new_game(self, game: str | None = None, options: dict[str, Any] | None = None,
                 seed: int | None = None, dealer: Any = None, people: Any = None, levels: Any = None,
                 live: bool = False) -> None:
        """A new game: of ``game`` with ``options``, ``people`` (``live``: on their own devices) and
        computers' ``levels`` (the New game dialog; a bad name raises ValueError), else the same game
        again; deal ``seed`` with ``dealer``."""
        seed = random_seed() if seed is None else seed
        if game is None:
            self.cancel_flow()
            self.table.new_game(seed, dealer=dealer)
            table = self.table
        else:
            table = Table(seed, game, dealer=dealer, people=people, live=live, seat_levels=levels, **(options or {}))
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
        self.live.table_put()  # a live table's host: its guests' connections, the invitations
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
        drawn = self.settle()
        self.wake_thinker()
        self.go(drawn)

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
        self.go(self.settle())

    # --- the live region: what the table has to say ------------------------------------
    def take_announcements(self) -> None:
        for text in self.table.take_messages():
            self.say(text)
