"""The host's side of a live table above its connections (issue 39, part 3): whist.table.live.

Guests joined to the host through LiveHost as the data channels would join them (each message a
text, carried in order) play whole hands of every game from their views alone; each is sent its
view when its connection opens and after every change, never the same view twice; a guest who
drops mid-hand is said to be gone, the table waits for them when it is their turn, nothing they
sent meanwhile is read, and once they connect again they see the game where it stands and play on.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable

import pytest

from whist.engine.seats import Seat
from whist.engine.state import Phase
from whist.table.guest import GuestTable
from whist.table.live import DROPPED, OPEN, LiveHost, Outgoing
from whist.table.session import Table

PEOPLE = {"classic": {"S": "Anna", "N": "Ben", "E": "Cleo", "W": "Dan"}, "dummy": {"S": "Anna", "E": "Ben"},
          "contract": {"S": "Anna", "W": "Ben"}, "german": {"S": "Anna", "N": "Ben"}}


class Devices:
    """The host and its guests' devices, each guest's connection open or not."""

    def __init__(self, game: str, seed: int = 41) -> None:
        self.table = Table(seed=seed, game=game, people=PEOPLE[game], live=True)
        self.table.computers_claim = True
        ticks = itertools.count()
        self.host = LiveHost(self.table, clock=lambda: float(next(ticks)))
        self.guests = {n: GuestTable(self.sender(n)) for n in self.host.seats}
        self.open: set[int] = set()
        self.received: dict[int, list[str]] = {n: [] for n in self.host.seats}

    def sender(self, number: int) -> Callable[[str], None]:
        def send(text: str) -> None:
            if number in self.open:  # (a closed connection carries nothing)
                self.deliver(self.host.received(number, text)[0])
        return send

    def deliver(self, out: Outgoing) -> None:
        for number, text in out:
            assert number in self.open
            self.received[number].append(text)
            assert self.guests[number].receive(text).kind in ("view", "refused")

    def connect(self, number: int) -> None:
        self.open.add(number)
        self.deliver(self.host.opened(number))

    def step(self, rng: random.Random) -> bool:
        """One move at the table, by whoever is to move (a guest from its view); False when none can."""
        st = self.table.state
        if st.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
            return False
        if self.table.computer_step() is not None:
            self.deliver(self.host.changed())
            return True
        who = st.rules.controller(st.to_play) if st.to_play is not None else None
        if who is None:
            return False
        number = self.host.number_of(who)
        if number is None:  # the host, at its own device
            legal = st.legal_actions()
            made = self.table.human_call(legal[0]) if st.phase is Phase.AUCTION else self.table.human_play(legal[-1])
            assert made.ok
            self.deliver(self.host.changed())
            return True
        if number not in self.open:
            return False  # the table waits for that guest
        guest = self.guests[number]
        view = guest.view()
        if view.phase == "auction":
            assert view.auction is not None
            assert guest.human_call(rng.choice(view.auction.legal)).ok
        else:
            cards = [c.card for c in view.hand + ((view.dummy.cards or ()) if view.dummy else ()) if c.playable]
            assert guest.human_play(rng.choice(cards)).ok
        return True


@pytest.mark.parametrize("game", sorted(PEOPLE))
def test_guests_play_whole_hands_through_the_host(game: str) -> None:
    devices = Devices(game)
    for number in devices.host.seats:
        devices.connect(number)
    rng = random.Random(game)
    while devices.step(rng):
        for number, guest in devices.guests.items():
            seat = devices.host.seats[number]
            holder, devices.table.human = devices.table.human, seat
            try:
                assert guest.view() == devices.table.view()  # each guest sees its seat's view, now
            finally:
                devices.table.human = holder
    assert devices.table.state.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
    for texts in devices.received.values():
        assert all(a != b for a, b in itertools.pairwise(texts))  # never the same view twice running
        assert all(json.loads(t)["t"] == "view" for t in texts)  # (every move made from a view was legal)


def test_a_guest_who_drops_is_waited_for_and_plays_on_where_the_game_stands() -> None:
    devices = Devices("classic")
    host = devices.host
    for number in host.seats:
        devices.connect(number)
    rng = random.Random(3)
    for _ in range(9):
        devices.step(rng)
    ben = host.number_of(Seat.N)
    assert ben is not None
    devices.open.discard(ben)
    notice = host.closed(ben, "The connection to the other device was lost.")
    assert notice.startswith("Ben\u2019s device is no longer connected: The connection to the other device was lost.")
    assert "Invite Ben again" in notice
    status = next(s for s in host.statuses() if s.number == ben)
    assert (status.state, status.action, status.label) == (DROPPED, "Invite Ben again", "Ben (North)")
    assert host.received(ben, '{"v": 1, "t": "play", "card": "AS"}') == ([], False)  # nothing read meanwhile
    while devices.step(rng):
        pass
    assert devices.table.state.phase is Phase.PLAY  # the table waits for Ben
    assert host.waiting_for() == "Waiting for Ben, whose device is not connected: invite Ben to go on."
    before = devices.table.state.snapshot()
    devices.connect(ben)  # a new code exchange: Ben sees the game where it stands
    assert host.statuses()[[s.number for s in host.statuses()].index(ben)].state == OPEN
    assert devices.table.state.snapshot() == before and devices.guests[ben].view().your_turn
    assert host.waiting_for() == ""
    while devices.step(rng):
        pass
    assert devices.table.state.phase in (Phase.HAND_OVER, Phase.GAME_OVER)


def test_a_refused_move_goes_to_its_guest_alone() -> None:
    devices = Devices("german")
    host = devices.host
    devices.connect(1)
    while not devices.guests[1].human_to_play:
        devices.step(random.Random(1))
    out, changed = host.received(1, '{"v": 1, "t": "play", "card": "ZZ"}')
    assert not changed and len(out) == 1 and out[0][0] == 1 and json.loads(out[0][1])["t"] == "refused"
    assert host.received(9, '{"v": 1, "t": "hello"}') == ([], False)  # no such guest
    assert host.opened(9) == [] and host.closed(9, "x") == ""
    # A move taken with views=False (the host's page: its changed() follows every change) sends
    # nothing yet; the next changed() sends the new view, made once.
    card = next(c.card for c in devices.guests[1].view().hand if c.playable)
    out, changed = host.received(1, json.dumps({"v": 1, "t": "play", "card": card}), views=False)
    assert out == [] and changed
    views = host.changed()
    assert [n for n, _ in views] == [1] and json.loads(views[0][1])["t"] == "view"
    assert card not in {c["card"] for c in json.loads(views[0][1])["view"]["hand"]}
    assert host.changed() == []  # (the same view is not sent twice)
