"""HTML of the hand review dialog: the four hands before a trick, the trick with each
play's double-dummy mark, the strip of tricks. Plain strings, no browser imports,
so it is tested under CPython (whist.web.review_view puts it in the page).

>>> from whist.table import Table
>>> table = Table(seed=5, level="easy")
>>> while table.finished_hand() is None:
...     _ = table.computer_step() or table.human_play(table.hint() or "")
>>> review = table.finished_hand().review()
>>> 'data-trick="13"' in board(review, 12)
True
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from types import MappingProxyType

from whist.ai.review import HandReview, Mark
from whist.engine.cards import RANK_NAMES, RANKS, SUIT_NAMES, SUITS, card_name, cards_high_first, rank_of, suit_of
from whist.engine.seats import SEAT_NAMES, Seat
from whist.web import markup


def seat_label(seat: Seat, you: Seat = Seat.S) -> str:
    return "You" if seat == you else seat.long_name


def cost_title(cost: int | None) -> str:
    """What a card's mark means, in words (the title of the mark)."""
    if cost is None:
        return "not analysed (the position was too big to solve here)"
    if cost == 0:
        return "fine: cost no trick double dummy"
    return f"cost {cost} trick{'s' if cost != 1 else ''} double dummy"


def cost_badge(mark: Mark) -> str:
    cost = mark.cost
    if cost is None:
        return f'<span class="rv-cost rv-unknown" title="{escape(cost_title(None))}">?</span>'
    if cost == 0:
        return f'<span class="rv-cost rv-ok" title="{escape(cost_title(0))}">\u2713</span>'
    return f'<span class="rv-cost rv-bad" title="{escape(cost_title(cost))}">\u2212{cost}</span>'


def _long(card: int) -> str:
    return f"{RANK_NAMES[rank_of(card)]} of {SUIT_NAMES[suit_of(card)]}"


def small_card(card: int, cls: str = "", attrs: str = "", why: str = "") -> str:
    """A card drawn small: rank and suit pip; with ``why`` (a computer's card: why it was played), a
    control that says it (whist/web/why_tip.py)."""
    suit = SUITS[suit_of(card)]
    rank = RANKS[rank_of(card)]
    colour = markup.colour(suit)
    label = "10" if rank == "T" else rank
    name = escape(_long(card))
    role = 'role="img"'
    if why:  # a control: its name holds its visible text
        role, name = f'data-why="{escape(why)}" tabindex="0" role="button"', f"{label}: {name}{markup.WHY}"
    return (f'<span class="rv-card {colour}{(" " + cls) if cls else ""}" data-card="{card_name(card)}" '
            f'{role} aria-label="{name}"{attrs}>{label}'
            f'<svg class="pip" aria-hidden="true"><use href="#suit-{suit}"/></svg></span>')


def hands_before(review: HandReview, trick: int) -> list[int]:
    """Every seat's cards just before trick ``trick`` (an index into review.tricks)."""
    hands = list(review.hands)
    for i in range(review.first_trick, trick):
        for seat, card in review.tricks[i][1]:
            hands[seat] &= ~(1 << card)
    return hands


def marks_of(review: HandReview, trick: int) -> dict[int, Mark]:
    return {m.card: m for m in review.marks if m.trick == trick}


def board(review: HandReview, trick: int, you: Seat = Seat.S, whys: Mapping[str, str] = MappingProxyType({})) -> str:
    """The four hands as they stood before ``trick``, and the trick in the middle (``whys``: why each
    computer's card was played, :attr:`whist.table.FinishedHand.whys`)."""
    hands = hands_before(review, trick)
    leader, plays, winner = review.tricks[trick]
    played = {card for _, card in plays}
    marks = marks_of(review, trick)
    out = [f'<div class="rv-board" data-trick="{trick + 1}">']
    for seat in review.seats:
        cards = _hand_cards(hands[seat], played)
        role = " rv-you" if seat == you else ""
        out.append(f'<section class="rv-hand rv-{SEAT_NAMES[seat]}{role}" aria-label="{seat_label(seat, you)}\'s '
                   f'cards before trick {trick + 1}"><h3>{seat_label(seat, you)}</h3>'
                   f'<div class="rv-cards">{cards or "<em>no cards</em>"}</div></section>')
    out.append('<ol class="rv-trick" aria-label="The trick, in the order played">')
    for order, (seat, card) in enumerate(plays):
        mark = marks.get(card)
        notes = []
        if seat == leader:
            notes.append('<span class="tag tag-led">led</span>')
        if seat == winner:
            notes.append('<span class="tag tag-won">won</span>')
        cost = mark.cost if mark else None
        data = f' data-seat="{SEAT_NAMES[seat]}" data-cost="{"" if cost is None else cost}"'
        cls = " rv-lost" if cost else ""
        title = f'{seat_label(seat, you)}: {_long(card)} \u2014 {cost_title(cost)}'
        out.append(f'<li class="rv-play rv-at-{SEAT_NAMES[seat]}{cls}"{data} title="{escape(title)}">'
                   f'<span class="rv-who"><span class="rv-n">{order + 1}. </span>{seat_label(seat, you)}'
                   f'{"".join(notes)}</span>'
                   f'{small_card(card, "rv-big", why=whys.get(card_name(card), ""))}'
                   f'{cost_badge(mark) if mark else ""}</li>')
    out.append("</ol></div>")
    out.append(f'<p class="rv-note" id="review-note">{escape(review.trick_note(trick, you))}</p>')
    return "".join(out)


def _hand_cards(mask: int, played: set[int]) -> str:
    """A hand's cards drawn small, suit by suit, a little gap between suits, this trick's card ringed."""
    out = []
    last = None
    for card in _by_suit(mask):
        if last is not None and suit_of(card) != last:
            out.append('<span class="rv-sep"></span>')
        last = suit_of(card)
        out.append(small_card(card, "rv-played" if card in played else ""))
    return "".join(out)


def _by_suit(mask: int) -> list[int]:
    return sorted(cards_high_first(mask), key=lambda c: (suit_of(c), -rank_of(c)))


def strip(review: HandReview, current: int, you: Seat = Seat.S) -> str:
    """One small button per trick: red where your side's cards cost a trick, ringed where the
    other side's did, with the seats of the costly cards under the number."""
    out = []
    ours = review.side_of(you)
    for i in range(review.first_trick, len(review.tricks)):
        marks = marks_of(review, i).values()
        costly = [m for m in marks if m.cost]
        known = all(m.cost is not None for m in marks)
        cls = "rv-step" + ("" if known else " rv-open")
        cls += " rv-lost" if any(review.side_of(m.seat) == ours for m in costly) else " rv-gift" if costly else ""
        by = "".join(SEAT_NAMES[m.seat] for m in costly)
        by = f'<small aria-hidden="true">{by}</small>' if by else ""
        current_attr = ' aria-current="step"' if i == current else ""
        # Named by its content (no aria-label, which must then hold the number and the letters shown):
        # the number and the letters for the eye, the sentence for the ear.
        out.append(f'<button type="button" class="{cls}" data-goto="{i}"{current_attr}>'
                   f'<span aria-hidden="true">{i + 1}</span>{by}'
                   f'<span class="sr-only">{escape(review.strip_label(i, you))}</span></button>')
    return "".join(out)
