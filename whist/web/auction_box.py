"""Contract Whist on the page: the bidding box, the auction table, the contract in the toolbar.

The page (:mod:`whist.web.page`) calls :meth:`AuctionBox.render` with every
``view()`` it shows; in a game without an auction everything here stays
hidden. The markup is made here, inserted once into the felt's centre
(``#auction``) and the toolbar (``#contract-tool``).

Bidding with the keyboard, while the box is open (your call):

- the level first: ``7`` ``8`` ``9`` for seven to nine; ``1`` then ``0`` ``1``
  ``2`` ``3`` for ten to thirteen (``0`` alone is ten too);
- then the denomination: ``C`` ``D`` ``H`` ``S`` or ``N`` (no trumps): that bid is
  chosen (ringed) and has the focus;
- ``P`` chooses Pass, ``X`` chooses Double (the sign bridge writes for it);
- ``Enter`` makes the chosen call; ``Esc`` or ``Backspace`` clears the choice.

Before a level is typed ``S`` ``H`` ``D`` ``C`` and ``N`` keep their table meaning (a suit of your
hand, with Shift what is still out in it; a new game), so the table's keys always work.

>>> call_words("8H"), call_words("10NT"), call_words("pass"), call_words("double")
('8 hearts', '10 no trumps', 'Pass', 'Double')
>>> parse_level("7", None), parse_level("1", None), parse_level("2", "1"), parse_level("0", None)
(7, 'pending', 12, 10)
>>> 'data-call="7NT"' in auction_grid(["pass", "7NT", "8C"], can_double=False)
True
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any, Protocol

from whist.web.bidding_markup import (
    BID_KEYS,
    COMPACT,
    auction_grid,
    auction_table,
    call_html,
    call_words,
    contract_words,
    declarer,
    parse_level,
    split_call,
)
from whist.web.parts import Binder, Writer

if TYPE_CHECKING:
    from whist.table import Table
    from whist.table.session import PlayResult
    from whist.table.view import AuctionView, TableView
    from whist.web.inputs import Input
    from whist.web.screen import Screen

PANEL = """
<section id="auction" class="auction-panel" aria-labelledby="auction-title" hidden>
  <h2 id="auction-title" class="auction-title">The auction</h2>
  <div id="auction-calls"></div>
  <p id="auction-contract" class="auction-contract" hidden></p>
  <div id="bid-box" class="bid-box" role="group" aria-label="Your call" hidden></div>
</section>"""

TOOL = """
<button type="button" class="tool contract-box" id="contract-tool" aria-haspopup="dialog" hidden>
  <span class="tool-label">Contract</span>
  <span class="tool-value"><span id="contract-name">&ndash;</span>
    <span class="contract-by" id="contract-by"></span></span>
</button>"""

#: The auction again, opened by the contract's button in the toolbar.
RECALL = """<dialog id="auction-recall" class="sheet" aria-labelledby="recall-title"><div class="sheet-head">
<h2 id="recall-title">The auction</h2><form method="dialog"><button type="submit" class="icon-btn close-btn"
aria-label="Close the auction"><svg aria-hidden="true"><use href="#i-close"/></svg></button></form></div>
<div id="recall-calls"></div><p id="recall-contract" class="auction-contract"></p></dialog>"""


class AuctionHost(Writer, Binder, Protocol):
    """What the bidding box needs of the page: the writer, the binder, the table, whether it is
    busy, the input (the pointer, a refusal), the screen (the status), the dialogs opened and
    closed, and the steps after your call."""

    @property
    def table(self) -> Table: ...

    @property
    def busy(self) -> bool: ...

    @property
    def input(self) -> Input: ...

    @property
    def screen(self) -> Screen: ...

    def open_dialog(self, name: str) -> None: ...

    def restore_focus(self, name: str) -> None: ...

    def after_action(self, sound: str | None = None) -> None: ...

    def refused(self, result: PlayResult) -> bool: ...


class AuctionBox:
    """The auction of Contract Whist on the page: box, table, keys, hint and the toolbar's contract."""

    def __init__(self, page: AuctionHost) -> None:
        self.page = page
        self.built = False
        self.pending: str | None = None  # "1" typed, waiting for the second digit
        self.level: int | None = None
        self.typed = False  # the level came from a digit key: C D H S N then choose its bid
        self.selected: str | None = None
        self.box_key: tuple[Any, ...] = ()
        self.calls_key: tuple[Any, ...] = ()

    # --- markup --------------------------------------------------------------
    def build(self) -> None:
        if self.built:
            return
        self.built = True
        page = self.page
        page.doc.querySelector("#table .centre").insertAdjacentHTML("afterbegin", PANEL)
        page.el("turnup").insertAdjacentHTML("afterend", TOOL)
        page.on(page.el("bid-box"), "click", self.on_click)
        page.body.insertAdjacentHTML("beforeend", RECALL)
        page.on(page.el("contract-tool"), "click", lambda evt: self.show_auction())
        page.on(page.el("auction-recall"), "close", lambda evt: page.restore_focus("auction-recall"))

    def show_auction(self) -> None:
        page = self.page
        view = page.table.view()
        auction = view.auction
        if auction is None:
            return
        bidding = view.phase == "auction"
        page.el("recall-calls").innerHTML = auction_table(auction, view.seats, view.to_play if bidding else None)
        page.set_text("recall-contract", contract_words(view) or "The auction is on.")
        page.open_dialog("auction-recall")

    def open(self) -> bool:
        """Whether the bidding box is on show and yours to use."""
        return self.built and not self.page.el("bid-box").hidden and not self.page.busy

    def render(self, view: TableView) -> bool:
        """Show the auction of ``view``; True when the last action was a call (not a card)."""
        page = self.page
        page.body.dataset.game = view.game
        auction = view.auction
        if auction is None:
            if self.built:
                page.el("auction").hidden = True
                page.el("contract-tool").hidden = True
            return False
        self.build()
        bidding = view.phase == "auction"
        fresh = not view.trick and view.tricks_played == 0
        self.render_tool(view, auction)
        panel = page.el("auction")
        panel.hidden = not (bidding or (fresh and view.phase == "play" and auction.calls))
        key = (view.hand_number, tuple((c.seat, c.call) for c in auction.calls), view.to_play, bidding)
        if key != self.calls_key:
            self.calls_key = key
            calls = page.el("auction-calls")
            calls.innerHTML = auction_table(auction, view.seats, view.to_play if bidding else None)
            calls.scrollTop = calls.scrollHeight
        contract = auction.contract
        note = page.el("auction-contract")
        if contract is not None and not bidding:
            lead = " You lead." if view.to_play == view.human and fresh and view.phase == "play" else ""
            note.textContent = contract_words(view) + lead
            note.hidden = False
        else:
            note.hidden = True
        self.render_box(view, auction, bidding)
        return bool(fresh and (bidding or auction.calls))

    def render_tool(self, view: TableView, auction: AuctionView) -> None:
        page = self.page
        tool = page.el("contract-tool")
        tool.hidden = False
        contract = auction.contract
        if view.phase == "auction" or contract is None:
            page.el("contract-name").textContent = "Bidding\u2026" if view.phase == "auction" else "\u2013"
            page.el("contract-by").textContent = ""
            tool.setAttribute("aria-label", "Contract Bidding\u2026: the auction is on. Show the calls")
            tool.removeAttribute("data-contract")
            return
        if tool.getAttribute("data-contract") != contract.name + contract.declarer:
            tool.setAttribute("data-contract", contract.name + contract.declarer)
            level, strain = split_call(contract.name.split(" ")[0])
            dbl = '<span class="contract-x" title="doubled">\u00d72</span>' if contract.doubled else ""
            page.el("contract-name").innerHTML = call_html(f"{level}{strain}") + dbl
            page.el("contract-by").textContent = f"by {declarer(view)}"
            page.el("contract-by").className = "contract-by " + contract.side
            words = contract_words(view)
            tool.setAttribute("aria-label", f"{words} Show the auction")
            tool.title = words

    def render_box(self, view: TableView, auction: AuctionView, bidding: bool) -> None:
        page = self.page
        box = page.el("bid-box")
        mine = bidding and view.your_turn and not page.busy
        if not mine:
            box.hidden = True
            self.clear()
            return
        key = (tuple(auction.legal), auction.can_double, len(auction.calls), view.hand_number)
        if key != self.box_key:
            self.box_key = key
            self.clear()
            box.innerHTML = auction_grid(auction.legal, auction.can_double)
        if self.level is None and page.window.matchMedia(COMPACT).matches:  # a level at a time: the lowest first
            first = box.querySelector(".bid-level")
            self.level = int(first.getAttribute("data-level")) if first else None
        box.hidden = False
        self.mark()

    # --- choosing a call --------------------------------------------------------
    def clear(self) -> None:
        self.pending = None
        self.level = None
        self.typed = False
        self.selected = None
        if self.built:
            self.mark()

    def mark(self) -> None:
        """Ring the chosen call and the typed level's row."""
        box = self.page.el("bid-box")
        for button in box.querySelectorAll(".bid"):
            on = button.getAttribute("data-call") == self.selected
            button.classList.toggle("selected", on)
            button.setAttribute("aria-pressed", "true" if on else "false")
        for row in box.querySelectorAll(".bid-row"):
            row.classList.toggle("typed", row.getAttribute("data-level") == str(self.level))
        for button in box.querySelectorAll(".bid-level"):
            button.setAttribute("aria-pressed", "true" if button.getAttribute("data-level") == str(self.level)
                                else "false")

    def legal(self) -> list[str]:
        auction = self.page.table.view().auction
        return list(auction.legal) if auction else []

    def refuse(self, call: str) -> None:
        """A call not allowed now: say why, in the table's words, and make nothing."""
        reason = self.page.table.refusal(call)
        if reason:
            self.page.say(reason)
            self.page.set_status(reason, "refuse")

    def choose(self, call: str, focus: bool = True) -> None:
        if call not in self.legal():
            self.refuse(call)
            return
        self.selected = call
        self.mark()
        button = self.page.el("bid-box").querySelector(f'.bid[data-call="{call}"]')
        if focus and button:
            button.focus()
        self.page.set_status(f"{call_words(call)} chosen \u00b7 Enter to confirm", "you")

    def on_click(self, evt: Any) -> None:
        level = evt.target.closest(".bid-level")
        if level and not self.page.busy:  # a small screen's level: its five bids show
            self.level, self.typed = int(level.getAttribute("data-level")), False
            self.selected = None
            self.mark()
            self.page.set_status(f"Level {self.level}: now a suit or no trumps", "you")
            return
        button = evt.target.closest(".bid")
        if not button or self.page.busy:
            return
        call = str(button.getAttribute("data-call"))
        if button.getAttribute("aria-disabled") == "true":
            self.refuse(call)
            return
        self.make(call)

    def make(self, call: str) -> None:
        """Make ``call`` for you; a call that is not allowed changes nothing."""
        page = self.page
        if page.busy:
            return
        if page.refused(page.table.human_call(call)):
            return
        had_focus = page.el("bid-box").contains(page.doc.activeElement)
        self.clear()
        page.after_action("card")
        if had_focus:
            page.el("hand").focus()

    # --- keys, hint, words -------------------------------------------------------
    def on_key(self, evt: Any) -> bool:
        """Handle a bidding key; False when the key is not one (the table's keys then apply)."""
        if not self.open():
            return False
        key = str(evt.key)
        target = evt.target
        if len(key) == 1 and key.isdigit():
            level = parse_level(key, self.pending)
            if level == "pending":
                self.pending = "1"
                self.level = None
                self.mark()
                self.page.set_status("Level 1\u2026: now 0, 1, 2 or 3 (10 to 13)", "you")
                return True
            self.pending = None
            if level is None:
                self.page.set_status("Levels are 7 to 13: 7, 8, 9, or 1 then 0 to 3.", "refuse")
                return True
            assert isinstance(level, int)
            if not any(c.startswith(str(level)) and split_call(c)[0] == level
                       for c in self.legal() if c not in ("pass", "double")):
                self.refuse(f"{level}NT")
                return True
            self.level, self.typed = level, True
            self.selected = None
            self.mark()
            self.page.set_status(f"Level {level}: now C, D, H, S or N", "you")
            return True
        upper = key.upper()
        if self.level is not None and self.typed and upper in ("C", "D", "H", "S", "N") and len(key) == 1:
            strain = "NT" if upper == "N" else upper
            self.choose(f"{self.level}{strain}")
            return True
        if upper == "P" and len(key) == 1:
            self.choose("pass")
            return True
        if upper == "X" and len(key) == 1:
            self.choose("double")
            return True
        if key == "Enter":
            if str(target.tagName or "").upper() in ("BUTTON", "A"):
                return False  # a focused button (a bid, or the toolbar's): its own click
            if self.selected is None:
                self.page.set_status("Choose a call first: a level and a suit, or P to pass.", "refuse")
                return True
            self.make(self.selected)
            return True
        if key in ("Escape", "Backspace") and (self.level or self.pending or self.selected):
            self.clear()
            self.page.screen.render_status()
            return True
        return False

    def hint(self) -> None:
        """Suggest a call: ring it and say it (one more Enter or click makes it)."""
        page = self.page
        hint = page.table.advise()
        if hint is None:
            return
        call = hint.action
        for button in page.el("bid-box").querySelectorAll(".bid.hint"):
            button.classList.remove("hint")
            button.removeAttribute("data-hint")
        button = page.el("bid-box").querySelector(f'.bid[data-call="{call}"]')
        if button:
            button.classList.add("hint")
            button.setAttribute("data-hint", "1")
        self.level = split_call(call)[0] if call not in ("pass", "double") else None
        self.typed = False
        keyboard = page.input.pointer not in ("touch", "pen")
        self.choose(call, focus=keyboard)
        verb = "pass" if call == "pass" else "double" if call == "double" else f"bid {call_words(call)}"
        page.say(f"Hint: {verb}. {hint.reason}")
        page.set_status(f"Hint: {verb}", "hint")
        if button:
            page.input.show_reason(button, hint.reason)

    def status(self, view: TableView) -> tuple[str, str]:
        auction = view.auction
        if view.your_turn:
            best = auction.best_bid if auction else None
            if best is None:
                return "Your call \u00b7 bid 7 or more, or pass", "you"
            return f"Your call \u00b7 beat {call_words(best)}, or pass", "you"
        who = view.to_play
        return (f"{self.name_of(view, who)} to call\u2026" if who else ""), ""

    @staticmethod
    def name_of(view: TableView, seat: str | None) -> str:
        info = None if seat is None else view.seat(seat)
        return "" if info is None else info.name

    def announce(self, view: TableView) -> None:
        best = view.auction.best_bid if view.auction else None
        self.page.say("Your call: no bid yet." if best is None
                      else f"Your call: the bid to beat is {call_words(best)}.")


def keys_html() -> str:
    """The bidding keys, for the help's Controls tab."""
    def cell(keys: str) -> str:
        return " ".join(k if k == "then" else f"<kbd>{escape(k)}</kbd>" for k in keys.split(" "))

    rows = "".join(f'<tr><th scope="row">{cell(keys)}</th><td>{escape(what)}</td></tr>' for keys, what in BID_KEYS)
    return (f'<h3>Bidding (Contract Whist)</h3><p>While it is your call, type the level first, then the '
            f'denomination, then <kbd>Enter</kbd>: <kbd>8</kbd> <kbd>H</kbd> <kbd>Enter</kbd> bids eight hearts; '
            f'<kbd>1</kbd> <kbd>0</kbd> <kbd>N</kbd> <kbd>Enter</kbd> bids ten no trumps. Before a level is typed, '
            f'<kbd>I</kbd> and <kbd>N</kbd> are the hint and a new game as usual.</p>'
            f'<table class="keys"><tbody>{rows}</tbody></table>')
