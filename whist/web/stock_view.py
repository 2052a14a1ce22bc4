"""German Whist on the page: the stock and its face-up card, the phase, the card you drew,
and the face-up cards your opponent took and still holds.

The page (:mod:`whist.web.page`) calls :meth:`StockView.render` with every
``view()`` it shows; in a game without a stock everything here stays hidden.
The markup is made here and inserted once into the felt (``#stock``) and
North's seat (``#held``). The table for two: ``body[data-game="german"]``
hides East and West (``static/games.css``).

>>> from types import SimpleNamespace as Of
>>> phase_text(Of(phase=1, phase_one_tricks=3))
('Phase One: win the face-up card', 'Trick 4 of 13 \u00b7 the winner takes the face-up card')
>>> phase_text(Of(phase=2, phase_one_tricks=13))[0]
'Phase Two: the tricks count'
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any, Protocol

from whist.web import markup
from whist.web.parts import Writer

if TYPE_CHECKING:
    from whist.table.view import CardView, TableView
    from whist.table.view import StockView as Stock
    from whist.web.screen import Screen

AREA = """
<section id="stock" class="stock-area" aria-labelledby="stock-phase" hidden>
  <p class="stock-phase" id="stock-phase"></p>
  <p class="stock-sub" id="stock-sub"></p>
  <div class="stock-pile-row">
    <div class="stock-pile" id="stock-pile" role="img" aria-label="The stock">
      <span class="back pile-back"></span><span class="back pile-back"></span><span class="back pile-back"></span>
      <span class="stock-count" id="stock-count"></span>
    </div>
    <div class="stock-up" id="stock-up"></div>
  </div>
  <p class="stock-note" id="stock-note" hidden></p>
  <p class="stock-drew" id="stock-drew" hidden></p>
</section>"""

HELD = """<div class="held" id="held" hidden><span class="held-label">Face up in hand</span>
<span class="held-cards" id="held-cards"></span></div>"""


def phase_text(stock: Stock) -> tuple[str, str]:
    """The phase as the felt shows it: a title and a line under it."""
    if stock.phase == 1:
        return ("Phase One: win the face-up card",
                f"Trick {stock.phase_one_tricks + 1} of 13 \u00b7 the winner takes the face-up card")
    return "Phase Two: the tricks count", "The stock is gone: every trick now scores"


def face_card(card: CardView) -> str:
    return (f'<div class="stock-card cface {markup.colour(card.suit)}" data-card="{card.card}" '
            f'role="img" aria-label="Face up: {escape(card.name)}">{markup.face(card.rank, card.suit)}</div>')


class StockHost(Writer, Protocol):
    """What the view needs of the page: the writer, and the screen (the seats' cards, the motion)."""

    @property
    def screen(self) -> Screen: ...


class StockView:
    """The stock of German Whist and what goes with it."""

    def __init__(self, page: StockHost) -> None:
        self.page = page
        self.built = False
        self.up_key: str | None = None
        self.drew_key: tuple[Any, ...] | None = None
        self.held_key: tuple[str, ...] | None = None
        self.taken: tuple[int, int] = (-1, -1)  # the hand and the Phase One tricks last shown

    def build(self, stock: Stock) -> None:
        if self.built:
            return
        self.built = True
        page = self.page
        page.el("table").insertAdjacentHTML("beforeend", AREA)
        seat = page.el(f"seat-{stock.opponent}")
        seat.querySelector(".plate").insertAdjacentHTML("afterend", HELD)

    def render(self, view: TableView) -> None:
        page = self.page
        page.body.dataset.game = view.game
        stock = view.stock
        if stock is None:
            if self.built:
                page.el("stock").hidden = True
                page.el("held").hidden = True
            return
        self.build(stock)
        seat = page.el(f"seat-{stock.opponent}")
        role = seat.querySelector(".seat-role")
        if role and role.textContent != "opponent":
            role.textContent = "opponent"
            seat.setAttribute("aria-label", f"{stock.opponent_name}, your opponent")
        area = page.el("stock")
        area.hidden = False
        area.dataset.phase = str(stock.phase)
        page.body.dataset.stockPhase = str(stock.phase)
        title, sub = phase_text(stock)
        page.set_text("stock-phase", title)
        page.set_text("stock-sub", sub)
        page.set_text("stock-count", str(stock.size))
        pile = page.el("stock-pile")
        pile.setAttribute("aria-label", f"The stock: {stock.size} cards left")
        pile.dataset.size = str(stock.size)
        up = stock.face_up
        key = up.card if up else ""
        taken, self.taken = self.taken, (view.hand_number, stock.phase_one_tricks)
        if key != self.up_key:
            if view.last_trick and taken == (view.hand_number, stock.phase_one_tricks - 1):
                self.take(view, stock)
            self.up_key = key
            page.el("stock-up").innerHTML = face_card(up) if up else ""
        note = " \u00b7 ".join(view.notes)
        box = page.el("stock-note")
        if box.textContent != note:
            box.textContent = note
        box.hidden = not note
        self.render_drew(view, stock)
        held = [c.card for c in stock.they_hold]
        if tuple(held) != self.held_key:
            self.held_key = tuple(held)
            page.el("held-cards").innerHTML = "".join(markup.mini_card(c) for c in stock.they_hold)
            box = page.el("held")
            box.hidden = not held
            names = ", ".join(c.name for c in stock.they_hold)
            box.setAttribute("aria-label", f"Face-up cards {stock.opponent_name} took and holds: {names}")

    def take(self, view: TableView, stock: Stock) -> None:
        """The face-up card goes to the trick's winner, a card from the stock to the loser."""
        screen = self.page.screen
        winner = view.last_trick.winner if view.last_trick else ""
        loser = next((i.seat for i in view.seats if i.seat != winner and (i.human or i.seat == stock.opponent)), "")
        up = self.page.el("stock-up").firstElementChild
        if up and winner and loser:
            screen.motion.fly(up, screen.seat_cards(winner))
            screen.motion.fly(self.page.el("stock-pile").querySelector(".pile-back"), screen.seat_cards(loser))

    def render_drew(self, view: TableView, stock: Stock) -> None:
        """The card you drew after a Phase One trick, shown for a moment (until the next card)."""
        box = self.page.el("stock-drew")
        drew = stock.you_drew
        if drew is None:
            box.hidden = True
            self.drew_key = None
            return
        key = (view.hand_number, stock.phase_one_tricks, drew.card)
        if key == self.drew_key:
            return
        self.drew_key = key
        how = "You took the face-up card" if drew.face_up else "You drew"
        box.innerHTML = f'<span class="drew-text">{how}</span>{markup.mini_card(drew)}'
        box.setAttribute("data-card", drew.card)
        box.hidden = False
        box.classList.remove("fresh")
        box.getBoundingClientRect()
        box.classList.add("fresh")
