"""A live table on a guest's device (issue 39, part 3): whist.table.guest, against the host's
referee in this process (the connection between them: tests/e2e/test_rtc.py).

Whole hands of every game are played by the host at its own table, the computers, and one or
two guests who see only the views they are sent and send only messages: every view a guest holds
is the one the referee made for that seat, and the hand ends as at any table. A guest's move the
view already refuses is refused on the guest's device with the view's reason and never sent; one
the host refuses comes back with the host's sentence; a message from the host that is not one (too
long, too deep, junk, another version, an unknown kind, a view that is not one) is refused with
one sentence and the table shown stays as it was.
"""

from __future__ import annotations

import itertools
import random

import pytest

from whist.engine.seats import Seat
from whist.engine.state import Phase
from whist.table.guest import NO_HELP, GuestTable
from whist.table.referee import Referee
from whist.table.session import Table
from whist.table.together import seat_of

PEOPLE = {"classic": {"S": "Anna", "N": "Ben", "E": "Cleo"}, "short": {"S": "Anna", "W": "Ben"},
          "long": {"S": "Anna", "N": "Ben"}, "american": {"S": "Anna", "E": "Ben", "W": "Cleo"},
          "dummy": {"S": "Anna", "W": "Ben"}, "contract": {"S": "Anna", "N": "Ben", "W": "Cleo"},
          "german": {"S": "Anna", "N": "Ben"}}


class Link:
    """The host's referee and one guest's table, joined as the data channel would join them."""

    def __init__(self, referee: Referee, seat: Seat) -> None:
        self.referee, self.seat = referee, seat
        self.guest = GuestTable(self.to_host)
        self.sent: list[str] = []

    def to_host(self, text: str) -> None:
        self.sent.append(text)
        reply = self.referee.answer(self.seat, text)
        if reply is not None:
            assert self.guest.receive(reply).kind == "refused"

    def update(self) -> None:
        assert self.guest.receive(self.referee.message_for(self.seat)).kind == "view"


def guest_move(guest: GuestTable, rng: random.Random) -> None:
    """A move chosen from the guest's view alone, as its player would."""
    view = guest.view()
    if view.phase == "auction":
        assert view.auction is not None
        result = guest.human_call(rng.choice(view.auction.legal))
    else:
        cards = [c for c in view.hand + ((view.dummy.cards or ()) if view.dummy else ()) if c.playable]
        result = guest.human_play(rng.choice(cards).card)
    assert result.ok, result.reason


@pytest.mark.parametrize("game", sorted(PEOPLE))
def test_guests_play_whole_hands_from_their_views_alone(game: str) -> None:
    table = Table(seed=31, game=game, people=PEOPLE[game], live=True)
    table.computers_claim = True
    ticks = itertools.count()
    referee = Referee(table, clock=lambda: float(next(ticks)))  # a move a second: never a flood
    links = {seat: Link(referee, seat) for seat in referee.guests}
    rng = random.Random(game)
    moves = 0
    for _ in range(500):
        for link in links.values():
            link.update()
            assert link.guest.view() == referee_view(referee, link.seat)
        st = table.state
        if st.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
            break
        if table.computer_step() is not None:
            continue
        who = st.rules.controller(st.to_play) if st.to_play is not None else None
        if who is None:
            table.proceed()
        elif who in links:
            assert links[who].guest.human_to_play
            guest_move(links[who].guest, rng)
            moves += 1
        else:  # the host, at its own device
            legal = st.legal_actions()
            result = table.human_call(legal[0]) if st.phase is Phase.AUCTION else table.human_play(legal[-1])
            assert result.ok, result.reason
    assert table.state.phase in (Phase.HAND_OVER, Phase.GAME_OVER) and moves >= 5
    summary = next(iter(links.values())).guest.view().summary
    assert summary is not None and summary.text


def referee_view(referee: Referee, seat: Seat) -> object:
    table = referee.table
    holder, table.human = table.human, seat
    try:
        return table.view()
    finally:
        table.human = holder


def test_moves_the_view_refuses_are_never_sent_and_the_hosts_refusals_come_back() -> None:
    table = Table(seed=8, people={"S": "Anna", "N": "Ben"}, live=True)
    referee = Referee(table, clock=lambda: 0.0)
    link = Link(referee, Seat.N)
    assert link.guest.human_play("AS").reason == "Waiting for the host's table."  # no view yet
    link.update()
    while not link.guest.human_to_play:
        if table.computer_step() is None:
            table.human_play(table.state.legal_actions()[0])
        link.update()
    view = link.guest.view()
    held = {c.card for c in view.hand}
    stranger = next(c for c in ("AS", "KS", "QS", "JS", "TS", "9S", "AH", "KH") if c not in held)
    assert link.guest.human_play(stranger).reason == "You do not hold that card."
    bad = next((c for c in view.hand if not c.playable), None)
    if bad is not None:
        assert link.guest.human_play(bad.card).reason == bad.refusal != ""
    assert link.sent == []  # nothing the view refuses reaches the host
    link.guest.take_messages()  # (the cards played so far, said)
    assert not link.guest.can_undo and link.guest.undo() == 0 and link.guest.take_messages() == [NO_HELP]
    # A move the host refuses (the table moved on since this view: the host decides).
    card = next(c.card for c in view.hand if c.playable)
    other = Link(referee, Seat.N)
    other.update()
    assert other.guest.human_play(card).ok  # played from one device...
    holder, table.human = table.human, Seat.N
    expected = table.refusal(card)  # (what the host's table says to that card now)
    table.human = holder
    assert expected
    assert link.guest.human_play(card).ok  # ...and again from a view that no longer holds: sent
    assert link.guest.take_messages() == [expected]  # the host's sentence came back


@pytest.mark.parametrize(("text", "said"), [
    ("x" * 400_001, "far too long"),
    ("[" * 40 + "]" * 40, "nested too deep"),
    ("not json", "not a message of the game"),
    ("[1, 2]", "not a message of the game"),
    ('{"v": 2, "t": "view"}', "another version"),
    ('{"v": true, "t": "view"}', "another version"),
    ('{"v": 1, "t": "shout"}', "does not know"),
    ('{"v": 1, "t": "view", "seat": "N", "view": {"game": "classic"}}', "could not be read"),
    ('{"v": 1, "t": "view", "seat": "Q", "view": {}}', "names no seat"),
    ('{"v": 1, "t": "refused", "reason": 7}', "refusal could not be read"),
    (None, "not text"),
])
def test_what_the_host_sends_that_is_not_a_message_is_refused(text: object, said: str) -> None:
    table = Table(seed=8, people={"S": "Anna", "N": "Ben"}, live=True)
    link = Link(Referee(table), Seat.N)
    link.update()
    before = link.guest.view()
    got = link.guest.receive(text)
    assert got.kind == "bad" and said in got.text and got.text.endswith(".")
    assert link.guest.view() is before


def test_a_new_game_is_a_new_game_on_the_guests_device() -> None:
    table = Table(seed=8, people={"S": "Anna", "N": "Ben"}, live=True)
    referee = Referee(table)
    link = Link(referee, Seat.N)
    link.update()
    first = link.guest.game_token
    link.update()
    assert link.guest.game_token is first  # the same game, seen again
    table.new_game(9)
    link.update()
    assert link.guest.game_token is not first and seat_of(link.guest.seat) == Seat.N


def test_the_guest_hears_every_card_once_and_each_tricks_winner() -> None:
    """A guest's page says each card played at the host's table once, by whom ("Anna plays the
    ...", "You play the ..."), and who won each trick, from the views alone."""
    table = Table(seed=31, game="classic", people={"S": "Anna", "N": "Ben"}, live=True)
    ticks = itertools.count()
    referee = Referee(table, clock=lambda: float(next(ticks)))
    ben = Link(referee, Seat.N)
    ben.update()
    ben.guest.take_messages()
    rng = random.Random(3)
    for _ in range(200):
        st = table.state
        if st.phase is not Phase.PLAY:
            break
        if table.computer_step() is None:
            if st.to_play == Seat.N:
                guest_move(ben.guest, rng)
            else:
                table.human_play(card_name_of(st.legal_actions()[0]))
        ben.update()
    said = ben.guest.take_messages()
    cards = [text for text in said if " the trick." not in text]
    assert len(cards) == 52 and len(set(cards)) == 52, said
    assert sum(text.startswith("You play the ") for text in cards) == 13
    assert sum(text.startswith("Anna plays the ") for text in cards) == 13
    tricks = [text for text in said if text.endswith(" the trick.")]
    assert len(tricks) == 13
    assert said[4] == tricks[0] and said[-1] == tricks[-1]  # each trick's winner said as it is won


def card_name_of(action: object) -> str:
    return str(action)
