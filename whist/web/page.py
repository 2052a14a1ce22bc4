"""The page: renders the Table's view() into the DOM, binds clicks, paces the computers.

All game logic lives in :mod:`whist.table`; this module only shows it. Every
event handler is guarded: if Python raises, the page shows a short message
and the details go to the console as a warning.
"""

from __future__ import annotations

import asyncio
import traceback
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any

import js
from pyodide.ffi import create_proxy

from whist.table import Table
from whist.web import markup

SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
OTHERS = ("N", "E", "W")
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


@dataclass(frozen=True)
class Pace:
    """Seconds: before each computer card, a finished trick on show, the gather."""

    card: float
    trick: float
    gather: float
    name: str


PACES = {
    "human": Pace(0.6, 1.2, 0.4, "human"),
    "fast": Pace(0.03, 0.06, 0.03, "fast"),
    "instant": Pace(0.0, 0.0, 0.0, "instant"),
}


def random_seed() -> int:
    """A fresh deal number from the browser's cryptographic random source."""
    words = js.Uint32Array.new(2)
    js.crypto.getRandomValues(words)
    return (int(words[0]) * 4294967296 + int(words[1])) % 10**12


class Page:
    def __init__(self, seed: int, pace: Pace) -> None:
        self.doc = js.document
        self.body = js.document.body
        self.pace = pace
        self.table = Table(seed)
        self.generation = 0
        self.busy = False
        self.hand_key: tuple[str, ...] = ()
        self.hand_number = -1
        self.shown: list[str] = []  # cards in #trick, in play order
        self.shown_finished = 0  # tricks finished when #trick was last cleared
        self.touch = False
        self.backs_shown: dict[str, int] = {}
        self._proxies: list[Any] = []
        self.tasks: set[asyncio.Task[None]] = set()

    # --- plumbing ----------------------------------------------------------------
    def el(self, id_: str) -> Any:
        return self.doc.getElementById(id_)

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
            except Exception as err:
                self.fail(err)

        task = asyncio.ensure_future(guarded())
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def fail(self, err: BaseException) -> None:
        js.console.warn("whist: " + "".join(traceback.format_exception(err)))
        box = self.el("error")
        box.textContent = "Sorry, something went wrong at the table. Start a new game to play on."
        box.hidden = False
        self.busy = False

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)

    # --- start ---------------------------------------------------------------------
    def start(self) -> None:
        self.body.dataset.pace = self.pace.name
        hand = self.el("hand")
        self.on(hand, "pointerdown", self.on_pointer)
        self.on(hand, "click", self.on_hand_click)
        self.on(hand, "keydown", self.on_hand_key)
        self.on(self.el("new-game"), "click", lambda e: self.ask_new_game())
        self.on(self.el("play-again"), "click", lambda e: self.new_game())
        self.on(self.el("next-hand"), "click", lambda e: self.next_hand())
        self.on(self.el("confirm-new"), "close", self.on_confirm_close)
        self.take_announcements()
        self.settle()
        self.el("app").hidden = False
        loader = self.el("loader")
        loader.classList.add("done")
        self.body.dataset.ready = "1"
        self.go()

    # --- the flow --------------------------------------------------------------------
    def go(self) -> None:
        """Hand over to the computers if it is their turn; else the table is at rest, waiting for you."""
        if self.table.computer_to_play:
            self.busy = True
            self.spawn(self.run())
        else:
            self.settle()

    async def run(self) -> None:
        """Let the computers play, one card at a time, until it is your turn or the hand ends."""
        gen = self.generation
        self.busy = True
        try:
            while gen == self.generation and self.table.computer_to_play:
                self.render_status()
                await self.sleep(self.pace.card)
                if gen != self.generation:
                    return
                self.table.computer_step()
                await self.show_play(gen)
            if gen == self.generation:
                self.settle()
        finally:
            if gen == self.generation:
                self.busy = False
                self.render_status()

    async def show_play(self, gen: int) -> None:
        """Show the card just played; a finished trick stays on show, then is gathered."""
        view = self.table.view()
        self.take_announcements()
        self.render_toolbar(view)
        self.render_seat_counts(view)
        if view["trick"]:
            self.sync_trick(view["trick"])
            return
        done = view["last_trick"]
        self.sync_trick(done["plays"])
        trick = self.el("trick")
        win = trick.querySelector(f'[data-seat="{done["winner"]}"]')
        if win is not None:
            win.classList.add("win")
        who = "You win" if done["winner"] == "S" else f'{SEAT_NAMES[done["winner"]]} wins'
        self.set_status(f"{who} the trick", "win-" + done["winner_side"])
        self.render_tricks(view)
        await self.sleep(self.pace.trick)
        if gen != self.generation:
            return
        trick.dataset.to = done["winner"]
        trick.classList.add("gather")
        await self.sleep(self.pace.gather)
        if gen != self.generation:
            return
        self.clear_trick()

    def settle(self) -> None:
        """Render the whole table at rest: your turn, or the end of a hand."""
        view = self.table.view()
        self.render_toolbar(view)
        self.render_seats(view)
        self.render_hand(view)
        if self.shown != [p["card"] for p in view["trick"]]:
            self.sync_trick(view["trick"])
        self.body.dataset.phase = view["phase"]
        self.body.dataset.toPlay = view["to_play"] or ""
        self.render_summary(view)
        self.render_status(view)

    def on_pointer(self, evt: Any) -> None:
        self.touch = evt.pointerType == "touch"

    def on_hand_click(self, evt: Any) -> None:
        button = evt.target.closest("button.card")
        if button is None or self.busy:
            return
        if button.getAttribute("aria-disabled") == "true":
            return
        if self.touch and not button.classList.contains("lifted"):
            # A tap lifts the card; a second tap plays it, so a stray finger never throws a card.
            for other in self.el("hand").querySelectorAll("button.lifted"):
                other.classList.remove("lifted")
            button.classList.add("lifted")
            return
        self.play(button.getAttribute("data-card"))

    def on_hand_key(self, evt: Any) -> None:
        self.touch = False  # Enter or Space on a card plays it at once
        key = evt.key
        if key not in ("ArrowLeft", "ArrowRight", "Home", "End"):
            return
        cards = list(self.el("hand").querySelectorAll("button.card"))
        if not cards:
            return
        active = js.document.activeElement
        i = next((k for k, c in enumerate(cards) if c == active), -1)
        if key == "Home":
            j = 0
        elif key == "End":
            j = len(cards) - 1
        elif key == "ArrowLeft":
            j = max(0, i - 1)
        else:
            j = min(len(cards) - 1, i + 1)
        cards[j].focus()
        evt.preventDefault()

    def play(self, card: str) -> None:
        result = self.table.human_play(card)
        if not result.ok:
            self.set_status(result.reason)
            return
        self.busy = True
        gen = self.generation
        had_focus = self.el("hand").contains(js.document.activeElement)
        # Every card stays dimmed until the trick is shown (and gathered, if this card ended it).
        self.render_hand(self.table.view(), locked=True)
        if had_focus:
            self.el("hand").focus()
        self.spawn(self.after_human(gen))

    async def after_human(self, gen: int) -> None:
        await self.show_play(gen)
        if gen == self.generation:
            await self.run()

    def next_hand(self) -> None:
        if self.busy or not self.table.next_hand():
            return
        self.clear_trick()
        self.take_announcements()
        self.settle()
        self.go()

    def ask_new_game(self) -> None:
        if self.table.in_progress:
            dialog = self.el("confirm-new")
            dialog.returnValue = ""
            dialog.showModal()
        else:
            self.new_game()

    def on_confirm_close(self, evt: Any) -> None:
        if self.el("confirm-new").returnValue == "new":
            self.new_game()

    def new_game(self) -> None:
        self.generation += 1
        self.busy = False
        self.table.new_game(random_seed())
        self.el("error").hidden = True
        self.clear_trick()
        self.take_announcements()
        self.settle()
        self.go()

    # --- rendering -------------------------------------------------------------------
    def render_toolbar(self, view: dict[str, Any]) -> None:
        trump = view["trump"]
        box = self.el("trump")
        if box.getAttribute("data-trump") != trump:
            box.dataset.trump = trump
            box.className = "tool trump-box " + ("red" if trump in "HD" else "black")
            self.el("trump-badge").innerHTML = "NT" if trump == "NT" else markup.suit_svg(trump, "badge-pip")
            self.el("trump-name").textContent = view["trump_name"]
        up = self.el("turnup")
        if view["turn_up"] is not None:
            key = view["turn_up"]["card"]
            if up.getAttribute("data-turn-up") != key:
                up.setAttribute("data-turn-up", key)
                self.el("turnup-card").innerHTML = markup.mini_card(view["turn_up"])
            visible = "1" if view["turn_up_visible"] else "0"
            if up.getAttribute("data-visible") != visible or up.getAttribute("data-card-note") != key:
                up.dataset.visible = visible
                up.setAttribute("data-card-note", key)
                dealer = SEAT_NAMES[view["dealer"]] if view["dealer"] != "S" else "you"
                note = "" if view["turn_up_visible"] else "played"
                self.el("turnup-note").textContent = note
                up.title = (f"The dealer ({dealer}) turned up the {view['turn_up']['name']}"
                            + ("" if view["turn_up_visible"] else " and has played it"))
        self.render_tricks(view)
        self.set_text("score-us", str(view["scores"]["us"]))
        self.set_text("score-them", str(view["scores"]["them"]))
        self.set_text("target", str(view["target"]))
        self.set_text("target2", str(view["target"]))

    def render_tricks(self, view: dict[str, Any]) -> None:
        self.set_text("tricks-us", str(view["tricks_won"]["us"]))
        self.set_text("tricks-them", str(view["tricks_won"]["them"]))

    def set_text(self, id_: str, text: str) -> None:
        node = self.el(id_)
        if node.textContent != text:
            node.textContent = text

    def render_seat_counts(self, view: dict[str, Any]) -> None:
        for seat in OTHERS:
            info = view["seats"][seat]
            box = self.el(f"seat-{seat}")
            box.querySelector(".count").textContent = str(info["cards"])
            if self.backs_shown.get(seat) != info["cards"]:
                self.backs_shown[seat] = info["cards"]
                box.querySelector(".backs").innerHTML = markup.backs(info["cards"])

    def render_seats(self, view: dict[str, Any]) -> None:
        self.render_seat_counts(view)
        for seat, info in view["seats"].items():
            box = self.el(f"seat-{seat}")
            box.dataset.turn = "1" if info["to_play"] else "0"
            box.querySelector(".dealer-chip").hidden = not info["dealer"]
            box.classList.toggle("dealer", info["dealer"])
            if seat == "S":
                box.querySelector(".count").textContent = str(info["cards"])

    def render_hand(self, view: dict[str, Any], locked: bool = False) -> None:
        """Show your hand; ``locked`` dims every card whatever the turn."""
        if locked:
            view = {**view, "your_turn": False, "hand": [{**c, "legal": False} for c in view["hand"]]}
        hand = self.el("hand")
        key = tuple(c["card"] for c in view["hand"])
        if key != self.hand_key:
            fresh = view["hand_number"] != self.hand_number
            self.hand_number = view["hand_number"]
            self.hand_key = key
            hand.classList.toggle("dealing", fresh and self.pace.name == "human")
            hand.innerHTML = "".join(markup.hand_card(c, i) for i, c in enumerate(view["hand"]))
            hand.style.setProperty("--n", str(len(key)))
        else:
            buttons = hand.querySelectorAll("button.card")
            for button, c in zip(buttons, view["hand"], strict=False):
                want = "false" if c["legal"] else "true"
                if button.getAttribute("aria-disabled") != want:
                    button.setAttribute("aria-disabled", want)
                button.classList.remove("lifted")
        self.body.dataset.yourTurn = "1" if view["your_turn"] else "0"
        self.el("seat-S").querySelector(".count").textContent = str(len(key))

    def sync_trick(self, plays: list[dict[str, Any]]) -> None:
        """Add the cards of ``plays`` not yet on the table, each sliding in from its seat."""
        trick = self.el("trick")
        cards = [p["card"] for p in plays]
        if self.shown != cards[: len(self.shown)]:
            self.clear_trick()
        added = []
        for i, play in enumerate(plays[len(self.shown):], start=len(self.shown)):
            name = "You" if play["seat"] == "S" else SEAT_NAMES[play["seat"]]
            trick.insertAdjacentHTML("beforeend", markup.trick_card(play, name, i))
            added.append(trick.lastElementChild)
            self.shown.append(play["card"])
        if added:
            trick.getBoundingClientRect()  # lay out the start position, so the move animates
            for node in added:
                node.classList.remove("from")

    def clear_trick(self) -> None:
        trick = self.el("trick")
        trick.innerHTML = ""
        trick.classList.remove("gather")
        trick.removeAttribute("data-to")
        self.shown = []

    def render_status(self, view: dict[str, Any] | None = None) -> None:
        view = view or self.table.view()
        if view["phase"] != "play":
            self.set_status("")
            return
        if view["your_turn"]:
            if view["trick"]:
                led = view["trick"][0]["suit"]
                if any(c["suit"] == led for c in view["hand"]):
                    self.set_status(f"Your turn \u00b7 follow {SUIT_WORDS[led]}", "you")
                else:
                    self.set_status(f"Your turn \u00b7 no {SUIT_WORDS[led]}, play any card", "you")
            else:
                self.set_status("Your lead \u00b7 play any card", "you")
        elif view["to_play"]:
            self.set_status(f"{SEAT_NAMES[view['to_play']]} to play\u2026")

    def set_status(self, text: str, kind: str = "") -> None:
        status = self.el("status")
        status.textContent = text
        status.className = "status " + kind

    def render_summary(self, view: dict[str, Any]) -> None:
        panel = self.el("summary")
        summary = view["summary"]
        if view["phase"] == "play" or summary is None:
            panel.hidden = True
            return
        over = view["game_over"]
        if over:
            title = "You win the game!" if over["winner"] == "us" else "East\u2013West win the game"
        else:
            title = f"Hand {summary['hand_number']} over"
        self.set_text("summary-title", title)
        trump = SUIT_WORDS.get(summary["trump"])
        played = f"{over['hands_played']} hands \u00b7 " if over else ""
        self.set_text("summary-sub", f"{played}Deal {summary['deal_number']} \u00b7 "
                      f"{SEAT_NAMES[summary['dealer']]} dealt \u00b7 " + (f"{trump} trumps" if trump else "no trumps"))
        for side in ("us", "them"):
            self.set_text(f"sum-tricks-{side}", str(summary["tricks"][side]))
            pts = summary["points"][side]
            self.set_text(f"sum-points-{side}", f"+{pts}" if pts else "0")
            self.set_text(f"sum-score-{side}", str(summary["scores"][side]))
        self.set_text("summary-text", over["text"] if over else summary["text"])
        panel.dataset.result = over["winner"] if over else ("us" if summary["points"]["us"] else
                                                           "them" if summary["points"]["them"] else "even")
        panel.classList.toggle("game-over", bool(over))
        self.el("next-hand").hidden = bool(over)
        self.el("play-again").hidden = not over
        was_hidden = panel.hidden
        panel.hidden = False
        if was_hidden:
            (self.el("play-again") if over else self.el("next-hand")).focus()

    def take_announcements(self) -> None:
        messages = self.table.take_messages()
        if not messages:
            return
        region = self.el("announce")
        for text in messages:
            p = self.doc.createElement("p")
            p.textContent = text
            region.appendChild(p)
        while region.childElementCount > 6:
            region.firstElementChild.remove()
