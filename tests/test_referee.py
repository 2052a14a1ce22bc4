"""The host's referee of a live table (issue 39, part 3): whist.table.referee.

Whole hands are played with guests at other devices, each acting only on the messages it is
sent: every message each guest receives is read for cards, and none is a card of another hand
before it is played (a dummy once face up, the turn-up and German Whist's face-up cards are on
the table for all). Hostile and broken messages are refused with a reason and leave the table
exactly as it was.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from whist.engine.cards import card_long_name, card_name
from whist.engine.seats import SEAT_NAMES, Seat
from whist.table.referee import MAX_MESSAGE, RATE, Referee
from whist.table.session import Table

CARD = re.compile(r"^[2-9TJQKA][SHDC]$")


#: Where a message holds calls of the auction, which are spelt as a card is ("7C": seven clubs).
CALLS = frozenset({"auction", "contract"})


def cards_in(data: Any) -> set[str]:
    """Every card a message names, anywhere in it (but the auction's calls)."""
    if isinstance(data, dict):
        return set().union(*(cards_in(v) for k, v in data.items() if k not in CALLS)) if data else set()
    if isinstance(data, list):
        return set().union(*(cards_in(v) for v in data)) if data else set()
    return {data} if isinstance(data, str) and CARD.match(data) else set()


def may_see(table: Table, seat: Seat) -> set[str]:
    """What ``seat``'s player may know of the cards now: their own, and what is on the table."""
    st = table.state
    known = {card_name(c) for c in range(52) if st.hands[seat] >> c & 1}
    for trick in st.tricks:
        known |= {card_name(c) for _, c in trick.plays}
    known |= {card_name(c) for _, c in st.trick}
    for dummy in table.rules.dummies:
        if st.tricks or st.trick or table.rules.controller(dummy) == seat:
            known |= {card_name(c) for c in range(52) if st.hands[dummy] >> c & 1}
    if st.turn_up is not None:
        known.add(card_name(st.turn_up))
    if st.face_up is not None:
        known.add(card_name(st.face_up))
    known |= {card_name(d.card) for d in st.draws if d.face_up or d.seat == seat}
    if st.claimed is not None:
        who = table.rules.controller(st.claimed[0])
        known |= {card_name(c) for s in table.rules.seats if table.rules.controller(s) == who
                  for c in range(52) if st.hands[s] >> c & 1}
    return known


def guest_move(view: dict[str, Any]) -> str:
    """What a guest's device sends on its turn: its first playable card, or a pass (a bid)."""
    auction = view["auction"]
    if auction is not None and auction["legal"]:
        call = "pass" if "pass" in auction["legal"] else auction["legal"][0]
        return json.dumps({"v": 1, "t": "call", "call": call})
    cards = view["hand"] + ((view["dummy"] or {}).get("cards") or [])
    card = next(c["card"] for c in cards if c["legal"])
    return json.dumps({"v": 1, "t": "play", "card": card})


@pytest.mark.parametrize(("game", "guests"), [("classic", "NE"), ("dummy", "E"), ("contract", "NEW"),
                                              ("german", "N")])
def test_no_guest_is_ever_sent_a_card_of_another_hand(game: str, guests: str) -> None:
    people = {"S": "Host", **{g: f"Guest {g}" for g in guests}}
    table = Table(seed=21, game=game, people=people, live=True)
    table.computers_claim = True
    referee = Referee(table, clock=lambda: 0.0)
    sent = 0
    for _ in range(400):
        for guest in referee.guests:
            text = referee.message_for(guest)  # (the view written straight from its dataclasses:)
            assert text == json.dumps({"v": 1, "t": "view", "seat": SEAT_NAMES[guest],  # view_for's data, exactly
                                       "view": referee.view_for(guest)}, separators=(",", ":"), ensure_ascii=False)
            message = json.loads(text)
            sent += 1
            leaked = cards_in(message) - may_see(table, guest)
            assert not leaked, f"{SEAT_NAMES[guest]} was sent {sorted(leaked)}"
        view = table.view()
        assert table.handover() is None and not table.is_covered  # the host's device is never covered
        due = table.due
        if table.computer_to_play:
            table.computer_step()
        elif due is not None and due != referee.host:
            referee.heard.clear()
            move = guest_move(referee.view_for(due))
            outcome = referee.receive(due, move)
            assert outcome.ok, outcome.reason
        elif view.your_turn:
            cards = view.hand + ((view.dummy.cards or ()) if view.dummy else ())
            if view.auction is not None and view.auction.legal:
                bids = [c for c in view.auction.legal if c[0].isdigit()]
                call = bids[0] if bids and view.auction.best_bid is None else "pass"
                assert table.human_call(call).ok  # (the host opens the bidding: a hand is played)
            else:
                assert table.human_play(next(c.card for c in cards if c.legal)).ok
        else:
            break
    assert table.view().phase in ("hand-over", "game-over") and sent > 20


def position() -> tuple[Table, Referee]:
    """A live Classic table where it is North's turn (a guest), South the host, East a guest."""
    table = Table(seed=2, people={"S": "Host", "N": "Nia", "E": "Eli"}, live=True)
    referee = Referee(table, clock=lambda: 0.0)
    for _ in range(60):
        if table.due == Seat.N:
            return table, referee
        if table.computer_to_play:
            table.computer_step()
        elif table.due == Seat.S:
            view = table.view()
            table.human_play(next(c.card for c in view.hand if c.legal))
        else:
            referee.receive(table.due, guest_move(referee.view_for(table.due)))  # type: ignore[arg-type]
            referee.heard.clear()
    raise AssertionError("North never came to play")


def hostile() -> list[tuple[Seat, str, str]]:
    table, _ = position()
    st = table.state
    north = [card_name(c) for c in range(52) if st.hands[Seat.N] >> c & 1]
    south = next(card_name(c) for c in range(52) if st.hands[Seat.S] >> c & 1)
    return [
        (Seat.E, json.dumps({"v": 1, "t": "play", "card": north[0]}), "not-your-turn"),  # not its turn
        (Seat.N, json.dumps({"v": 1, "t": "play", "card": south}), "not-in-hand"),  # another seat's card
        (Seat.N, json.dumps({"v": 1, "t": "play", "card": "ZZ"}), "not-a-card"),
        (Seat.N, json.dumps({"v": 1, "t": "play", "card": 7}), "bad-field"),
        (Seat.N, json.dumps({"v": 1, "t": "call", "call": "7H"}), "no-auction"),
        (Seat.N, json.dumps({"v": 1, "t": "claim", "n": 99}), "bad-field"),
        (Seat.N, json.dumps({"v": 1, "t": "answer", "agree": True}), "no-claim"),
        (Seat.N, json.dumps({"v": 1, "t": "undo"}), "unknown-type"),
        (Seat.N, json.dumps({"v": 2, "t": "play", "card": north[0]}), "version"),
        (Seat.N, json.dumps({"v": True, "t": "play", "card": north[0]}), "version"),
        (Seat.N, "[" * 5000 + "]" * 5000, "too-long"),
        (Seat.N, "[" * 500 + "]" * 500, "too-deep"),
        (Seat.N, '{"v": 1, "t": "play", "card": "' + "A" * MAX_MESSAGE + '"}', "too-long"),
        (Seat.N, '{"v": 1, "t": "play", "card": ', "not-json"),
        (Seat.N, json.dumps([1, "t", "play"]), "not-object"),
        (Seat.N, json.dumps({"v": 1, "t": "play", "card": north[0], "n": 1e400}), "not-json"),
        (Seat.W, json.dumps({"v": 1, "t": "play", "card": north[0]}), "no-seat"),  # a computer's seat
        (Seat.S, json.dumps({"v": 1, "t": "play", "card": south}), "no-seat"),  # the host's own
    ]


@pytest.mark.parametrize(("seat", "text", "code"), hostile(), ids=lambda v: str(v)[:40])
def test_a_hostile_message_is_refused_and_the_table_is_unchanged(seat: Seat, text: str, code: str) -> None:
    table, referee = position()
    before = table.state.snapshot()
    outcome = referee.receive(seat, text)
    assert not outcome.ok and outcome.code == code and outcome.reason, outcome
    assert table.state.snapshot() == before and table.due == Seat.N
    referee.heard.clear()
    sent = json.loads(referee.answer(seat, text) or "{}")  # what goes back to the device
    assert sent == {"v": 1, "t": "refused", "code": code, "reason": outcome.reason}


def test_a_flood_of_messages_is_refused_unread() -> None:
    table, referee = position()
    now = [0.0]
    referee.clock = lambda: now[0]
    ping = json.dumps({"v": 1, "t": "ping"})
    answers = [referee.receive(Seat.N, ping).code for _ in range(RATE[0] + 5)]
    assert answers[:RATE[0]] == ["ping"] * RATE[0] and set(answers[RATE[0]:]) == {"flood"}
    north = next(card_name(c) for c in range(52) if table.state.hands[Seat.N] >> c & 1)
    assert referee.receive(Seat.N, json.dumps({"v": 1, "t": "play", "card": north})).code == "flood"
    now[0] += RATE[1] + 0.1  # a moment later the guest is heard again
    assert referee.receive(Seat.N, ping).ok


def test_a_guests_claim_waits_for_the_host_and_the_other_guest() -> None:
    for seed in range(30):
        table = Table(seed=seed, people={"S": "Host", "N": "Nia", "E": "Eli"}, live=True)
        referee = Referee(table, clock=lambda: 0.0)
        for _ in range(80):
            referee.heard.clear()
            due = table.due
            if table.computer_to_play:
                table.computer_step()
            elif due == Seat.N and len(table.state.tricks) >= 9 and table.state.claim_proof().ok:
                claim = referee.receive(Seat.N, json.dumps({"v": 1, "t": "claim"}))
                assert claim.ok and table.offer is not None
                asked = table.offer.waiting[0]  # clockwise from North: East, then South (the host)
                assert asked == Seat.E
                assert referee.receive(Seat.N, json.dumps({"v": 1, "t": "answer", "agree": True})).code == "no-claim"
                assert table.claim_ask() is None  # not the host's turn to answer yet
                assert referee.receive(Seat.E, json.dumps({"v": 1, "t": "answer", "agree": True})).ok
                ask = table.claim_ask()
                assert ask is not None and "Nia claims" in ask.text
                assert table.answer_claim(True).ok and table.state.claimed is not None
                return
            elif due is not None and due != Seat.S:
                referee.receive(due, guest_move(referee.view_for(due)))
            elif table.human_to_play:
                view = table.view()
                table.human_play(next(c.card for c in view.hand if c.legal))
            else:
                break
    raise AssertionError("no claim for North in 30 deals")


def test_a_live_table_survives_the_hosts_reload() -> None:
    table, _ = position()
    saved = table.saved()
    again = Table.load(saved["record"], saved["redo"], people=saved["people"], holder=saved["holder"],
                       live=saved["live"])
    assert again.live and not again.is_covered and again.due == Seat.N
    assert again.state.snapshot() == table.state.snapshot()


@pytest.mark.parametrize("game", ["classic", "german"])
def test_the_host_hears_a_guests_card_by_name_and_never_what_only_the_guest_may_know(game: str) -> None:
    """A guest's card is said on the host's device in the host's words ("Ben plays the ..."), and
    in German Whist the card a guest draws from the stock (face down) is never said there."""
    people = {"S": "Anna", "N": "Ben"}
    table = Table(seed=11, game=game, people=people, live=True)
    ticks = iter(range(10_000))
    referee = Referee(table, clock=lambda: float(next(ticks)))  # (a second between moves: no flood)
    said: list[str] = []
    for _ in range(200):
        if table.state.phase.name != "PLAY":
            break
        table.take_messages()
        seat = table.state.to_play
        if seat == Seat.N:
            view = json.loads(referee.message_for(Seat.N))["view"]
            assert referee.receive(Seat.N, guest_move(view)).ok
            said = table.take_messages()
            assert said and said[0].startswith("Ben plays the "), said
            assert not any(text.startswith("You play") for text in said), said  # ("You draw": the host's own)
            drawn = [d for d in table.state.draws[-2:] if d.seat == Seat.N and not d.face_up
                     and d.trick == len(table.state.tricks) - 1 and not table.state.trick]
            for draw in drawn:  # (Ben's own draw, face down: his alone)
                assert not any(card_long_name(draw.card) in text for text in said), said
        elif table.human_to_play:
            assert table.human_play(next(c.card for c in table.view().hand if c.playable)).ok
        else:
            table.computer_step()
    assert table.state.phase.name != "PLAY"

