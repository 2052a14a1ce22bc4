"""The table for every game: Contract Whist's auction, German Whist's stock, Dummy
Whist's two hands, the draw for partners, club revokes and rubbers."""

from __future__ import annotations

import json

import pytest

from whist.engine.auction import PASS
from whist.engine.cards import SUIT_NAMES, parse_card, suit_of
from whist.engine.rules import make_rules
from whist.engine.seats import Seat
from whist.engine.state import Phase
from whist.table import Table, game_choices
from whist.table.view import Call, SideNames

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def run_computers(table: Table) -> None:
    while table.computer_step():
        pass


def finish_hand(table: Table) -> None:
    """Play the hand out: computers for themselves, the hint for the human."""
    while table.state.phase in (Phase.PLAY, Phase.AUCTION):
        if table.computer_step() is None:
            hint = table.hint()
            assert hint is not None
            ok = (table.human_call(hint) if table.state.phase is Phase.AUCTION else table.human_play(hint)).ok
            assert ok


def test_the_table_says_why_a_call_or_card_is_refused_before_it_is_tried() -> None:
    """``Table.refusal`` is the sentence ``human_call``/``human_play`` would refuse with, or None."""
    table = Table(seed=2, game="contract")
    assert table.refusal("pass") == table.human_call("pass").reason == "It is West's turn to call, not yours."
    run_computers(table)
    before = table.state.snapshot()
    for call in ("7C", "double", "7Z", "QS"):
        reason = table.refusal(call)
        assert reason and reason == table.human_call(call).reason
    assert table.refusal("7C") == "7 clubs does not beat 8 clubs: bid higher, or pass."
    assert "not a bid" in (table.refusal("QS") or "")  # a card while bidding
    assert table.refusal("pass") is None and table.refusal("8D") is None and table.state.snapshot() == before
    assert table.human_play("QS").reason == "The auction is on: make a call first."
    play = Table(seed=7)
    run_computers(play)
    card = next(c for c in play.view().hand if c.legal).card
    assert play.refusal(card) is None
    assert play.human_call("pass").reason == "There is no auction now."


def test_contract_whist_at_the_table() -> None:
    table = Table(seed=11, game="contract")
    run_computers(table)
    view = table.view()
    assert view.phase == "auction" and view.your_turn
    auction = view.auction
    assert auction is not None and auction.legal[0] == PASS and auction.contract is None
    assert view.hand and all(not c.legal for c in view.hand)       # no card while bidding
    before = table.state.snapshot()
    low = auction.legal[1]  # the cheapest bid open to you
    refused = table.human_call("6S")
    assert not refused.ok and "not a bid" in refused.reason.lower() and table.state.snapshot() == before
    assert not table.human_play(view.hand[0].card).ok
    assert table.human_call(low).ok
    auction = table.view().auction
    assert auction is not None and auction.calls[-1] == Call("S", "You", low)
    run_computers(table)
    while table.state.phase is Phase.AUCTION:
        assert table.human_call(PASS).ok
        run_computers(table)
    auction = table.view().auction
    assert auction is not None
    contract = auction.contract
    assert table.state.phase is Phase.PLAY  # this deal is bid, not thrown in
    assert contract is not None and contract.declarer in "NESW"
    assert table.state.trump == (None if contract.trump == "NT" else "SHDC".index(contract.trump))
    finish_hand(table)
    summary = table.view().summary
    played = table.state.results[-1].contract
    assert played is not None and summary is not None and summary.contract is not None
    assert summary.contract.name == played.long_name
    assert ("make" in summary.text) == summary.contract.made or "fail" in summary.text
    # undo goes back through the auction to your first call
    while table.can_undo:
        table.undo()
    assert table.state.phase is Phase.AUCTION and all(s != S for s, _ in table.state.auction)


def test_german_whist_at_the_table() -> None:
    table = Table(seed=5, game="german")
    view = table.view()
    stock = view.stock
    assert stock is not None and stock.face_up is not None and view.turn_up is not None
    assert {s.seat for s in view.seats} == {"N", "S"} and stock.size == 26
    assert stock.phase == 1 and stock.face_up.card == view.turn_up.card
    assert view.side_names == SideNames("You", "North", us_label="You", them_label="North")  # two players: by name
    assert Table(seed=5).view().side_names == SideNames("You and North", "East and West", "Us", "Them")
    run_computers(table)
    card = table.hint()
    assert card is not None and table.human_play(card).ok
    while len(table.state.tricks) < 1:  # North's card to the first trick, if South led it
        assert table.computer_step() is not None
    assert not table.state.trick and len(table.state.tricks) == 1  # both have drawn from the stock
    stock = table.view().stock
    drew = stock.you_drew if stock else None
    assert drew is not None and (table.state.hands[S] >> parse_card(drew.card) & 1)
    assert stock is not None and stock.size == 24
    finish_hand(table)
    view = table.view()
    assert view.stock is not None and view.summary is not None
    assert view.stock.phase == 2 and view.stock.size == 0
    assert "Phase Two" in view.summary.text
    assert view.summary.tricks.us + view.summary.tricks.them == 13


def test_german_variants_are_named_on_the_felt() -> None:
    assert Table(seed=5, game="german").view().notes == ()
    default, _ = BOOK_TARGETS["german"]
    assert Table(seed=5, game="german").view().goal == f"first to {default}"
    assert Table(seed=5, game="german", target=21).view().goal == "first to 21"
    table = Table(seed=5, game="german", trump="variable", match="three-deals")
    assert (table.view().goal, table.view().goal_short) == ("three deals", "of 3 deals")
    assert table.view().notes == (
        "Deal 1 of 3",
        "Phase Two trump hidden until the stock is gone")
    finish_hand(table)
    revealed = table.state.trump
    assert revealed is not None and table.state.reveal is not None
    assert table.view().notes == (
        "Deal 1 of 3", f"Phase Two trump: {SUIT_NAMES[revealed]}")
    table.proceed()
    assert table.view().notes[0].startswith("Deal 2 of 3")
    assert Table(seed=5, game="german", trump="none", scoring="above-six").view().notes == (
        "No trumps", "Tricks above six score")


def test_dummy_whist_you_play_north_too() -> None:
    table = Table(seed=3, game="dummy")
    assert table.controls(N) and table.controls(S) and not table.controls(E)
    plays_from_north = 0
    while table.state.phase is Phase.PLAY:
        if table.computer_step() is not None:
            assert table.state.actors[-1] in (E, W)
            continue
        seat = table.state.to_play
        view = table.view()
        dummy = view.dummy.cards if view.dummy else None
        assert view.your_turn and dummy is not None
        cards = dummy if seat == N else view.hand
        card = next(c.card for c in cards if c.legal)
        other = view.hand if seat == N else dummy
        if other:
            assert not table.human_play(other[0].card).ok        # not the hand whose turn it is
        assert table.human_play(card).ok
        plays_from_north += seat == N
    assert plays_from_north == 13
    assert table.undo() >= 1
    assert table.state.phase is Phase.PLAY and table.human_to_play and len(table.state.tricks) == 12


def test_the_draw_for_partners_then_deal() -> None:
    table = Table(seed=8, game="short", draw="high")
    view = table.view()
    assert view.draw is not None
    assert view.phase == "draw" and view.draw.rounds and view.hand == ()
    assert table.proceed() and table.state.phase is Phase.PLAY
    assert table.view().dealer == view.draw.dealer


def test_club_rules_let_you_revoke_and_the_summary_says_so() -> None:
    for seed in range(40):
        table = Table(seed=seed, revokes="club")
        run_computers(table)
        st = table.state
        if not st.trick:
            continue
        led = suit_of(st.trick[0][1])
        hand = st.hands[S]
        revoke = [c for c in range(52) if hand >> c & 1 and suit_of(c) != led]
        if not revoke or not [c for c in range(52) if hand >> c & 1 and suit_of(c) == led]:
            continue
        view = table.view()
        card = next(c for c in view.hand if parse_card(c.card) == revoke[0])
        assert not card.legal and card.playable
        assert table.human_play(card.card).ok
        finish_hand(table)
        summary = table.view().summary
        assert summary is not None
        [revoked] = summary.revokes
        assert revoked.seat == "S" and revoked.name == "You" and "You revoked" in summary.text
        assert revoked.tricks == table.state.results[-1].revoke_moves[0] and "You revoked" in revoked.text
        return
    pytest.fail("no seed gave a position to revoke in")


def test_a_rubber_at_the_table() -> None:
    table = Table(seed=21, game="short", rubber=True)
    games_seen = set()
    while not table.state.is_over:
        finish_hand(table)
        summary = table.view().summary
        assert summary is not None
        if summary.game_winner is not None:
            games_seen.add(table.state.game_number)
        if not table.state.is_over:
            assert table.proceed()
    view = table.view()
    assert view.game_over is not None
    assert len(games_seen) >= 2 and "rubber" in view.game_over.text
    sheet = view.score_sheet
    assert sheet.rubber and max(sheet.games.us, sheet.games.them) == 2
    assert len(sheet.rows) == len(table.state.results)
    assert view == table.view()


def test_a_saved_game_comes_back_exactly() -> None:
    table = Table(seed=13, game="contract", doubling=True)
    run_computers(table)
    table.human_call(PASS)
    run_computers(table)
    again = Table.from_record(json.loads(json.dumps(table.state.to_record())))
    assert again.state.snapshot() == table.state.snapshot() and again.view() == table.view()


#: Each game's target, as its rule book says (/work/shared/rules/): the points that win a
#: game by default, and the others offered. Classic: first to 7 (000); Short Whist to 5,
#: Long to 9, American and Dummy as Classic (001); Contract to 100, 50 short (003);
#: German matches to 17 or 21 (004).
BOOK_TARGETS: dict[str, tuple[int, set[int]]] = {
    "classic": (7, {5, 7, 9}), "short": (5, {5, 7, 9}), "long": (9, {5, 7, 9}), "american": (7, {5, 7, 9}),
    "dummy": (7, {5, 7, 9}), "contract": (100, {100, 50}), "german": (17, {17, 21})}


def test_every_game_is_offered_with_its_options() -> None:
    choices = {c.game: c for c in game_choices()}
    assert set(choices) == set(BOOK_TARGETS)
    assert all(o.help for c in choices.values() for o in c.options)
    assert "honours" not in {o.name for o in choices["american"].options}
    for game, c in choices.items():
        offered = {o.name: o for o in c.options}
        default, targets = BOOK_TARGETS[game]
        assert offered["target"].default == default and set(offered["target"].choices) == targets, game
        rules = make_rules(game)
        # the dialog offers the rules' own options, each with its default and every value the rules take
        assert {k for k, v in rules.option_choices.items() if len(v) > 1} == set(offered), game
        for name, o in offered.items():
            assert o.default == rules.options[name] and o.choices == tuple(rules.option_choices[name])
            assert o.default in o.choices and len(o.value_labels) == len(o.choices)
        # every value offered starts a table that plays by it (and the others at their defaults)
        for name, o in offered.items():
            for value in o.choices:
                table = Table(seed=1, game=game, **{name: value})
                played = table.state.rules.options
                assert played[name] == value and type(played[name]) is type(value), (game, name, value)
                assert all(played[k] == other.default for k, other in offered.items() if k != name)
                view = table.view()
                target = value if name == "target" else default
                assert view.target == target and table.state.rules.target == target
                if (game, name, value) != ("german", "match", "three-deals"):
                    assert (view.goal, view.goal_short) == (f"first to {target}", f"to {target}"), (game, name)
