"""Pass-and-play at one device (issue 39, part 1): whist.table.together and the Table's people.

What each person may see is checked on every view of whole hands of every game: while the hands
are covered no card of any hand is in the view (but a dummy's face up), and while a person holds
the device the view holds their cards and their dummy's, never another person's. Undo, claims,
names and a reload are checked on the positions where they matter.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest

from whist.engine.cards import card_name
from whist.engine.seats import SEAT_NAMES, Seat
from whist.table.session import SavedGameError, Table
from whist.table.together import MAX_NAME, HandOver, check_people, clean_name, person_seats
from whist.table.view import TableView

HO = HandOver("", "", "", "", "")  # (no hand-over: no name)

GAMES = {
    "classic": {"S": "Anna", "N": "Ben"},
    "short": {"S": "Anna", "E": "Cy", "W": "Di"},
    "long": {"S": "Anna", "N": "Ben", "E": "Cy", "W": "Di"},
    "american": {"S": "Anna", "W": "Di"},
    "dummy": {"S": "Anna", "E": "Cy"},
    "contract": {"S": "Anna", "N": "Ben", "E": "Cy"},
    "german": {"S": "Anna", "N": "Ben"},
}


def seen_cards(table: Table, view: TableView) -> set[str]:
    """The cards of hands (not of tricks) that ``view`` shows."""
    cards = {c.card for c in view.hand}
    if view.dummy is not None and view.dummy.cards is not None:
        cards |= {c.card for c in view.dummy.cards}
    if view.stock is not None and view.stock.you_drew is not None:
        cards.add(view.stock.you_drew.card)
    return cards


def allowed_cards(table: Table, view: TableView) -> set[str]:
    """What the person holding the device may see now: their hand, their dummy's, a dummy face up,
    the face-up cards an opponent took (German Whist); nothing of a hand while covered."""
    st = table.state
    rules = table.rules
    public: set[str] = set()
    for dummy in rules.dummies:
        if st.tricks or st.trick:
            public |= {card_name(c) for c in range(52) if st.hands[dummy] >> c & 1}
    if view.handover is not None or table.is_covered:
        return public
    mine = 0
    for seat in rules.seats:
        if rules.controller(seat) == table.human:
            mine |= st.hands[seat]
    cards = {card_name(c) for c in range(52) if mine >> c & 1}
    if view.stock is not None and view.stock.you_drew is not None:
        cards.add(view.stock.you_drew.card)
    return cards | public


def play_hand(table: Table, check: Any = None) -> list[str]:
    """Play the hand to its end: computers step, people take the device at each hand-over and
    play their first legal card or call. Returns the hand-overs' names, in order."""
    handovers = []
    for _ in range(2000):
        view = table.view()
        if check:
            check(view)
        assert seen_cards(table, view) <= allowed_cards(table, view)
        if view.handover is not None:
            assert view.hand == () and not view.your_turn and (view.auction is None or not view.auction.legal)
            handovers.append(view.handover.name)
            assert table.take_over()
        elif table.computer_to_play:
            table.computer_step()
        elif view.your_turn and view.auction is not None and view.auction.legal:
            call = "pass" if "pass" in view.auction.legal else view.auction.legal[0]
            assert table.human_call(call).ok
        elif view.your_turn:
            assert table.human_play(next(c.card for c in view.hand + (view.dummy.cards or () if view.dummy else ())
                                         if c.legal)).ok
        else:
            return handovers
    raise AssertionError("the hand never ended")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_whole_hand_shows_each_person_only_their_own_cards(game: str) -> None:
    table = Table(seed=11, game=game, people=GAMES[game])
    table.computers_claim = True
    first = table.view()
    assert first.hand == () and first.people == tuple(GAMES[game].values())
    names = play_hand(table)
    people = set(GAMES[game].values())
    assert set(names) == people and all(a != b for a, b in pairwise(names))
    summary = table.view().summary
    assert summary is not None and table.view().phase in ("hand-over", "game-over")
    # The sides are named by their people, whoever holds the device.
    text = summary.text + table.side_name("us") + table.side_name("them")
    assert all(name in text for name in people)


def test_a_reload_at_any_moment_comes_back_covered() -> None:
    table = Table(seed=5, people=GAMES["classic"])
    reloads = 0

    def reload(view: TableView) -> None:
        nonlocal reloads
        if view.hand and reloads < 6:
            saved = table.saved()
            again = Table.load(saved["record"], saved["redo"], people=saved["people"], holder=saved["holder"])
            assert again.is_covered and again.view().hand == () and again.view().handover is not None
            holder = view.people[list(GAMES["classic"]).index(SEAT_NAMES[table.human])]
            assert (again.view().handover or HO).name == holder
            reloads += 1

    play_hand(table, reload)
    assert reloads == 6


def test_undo_takes_back_only_your_own_card_before_the_next_person_plays() -> None:
    # Anna South, Ben West: Ben plays right after Anna.
    table = Table(seed=8, people={"S": "Anna", "W": "Ben"})
    assert not table.computer_to_play and table.handover() is not None  # nothing moves until Anna takes the device
    table.take_over()
    while table.due is None:
        table.computer_step()
    assert table.due == Seat.S and not table.can_undo
    card = next(c.card for c in table.view().hand if c.legal)
    table.human_play(card)
    # The device is for Ben now; until he takes it, Anna may still take her card back.
    assert table.is_covered and table.can_undo and table.undo() == 1
    assert not table.is_covered and card in {c.card for c in table.view().hand}
    table.human_play(card)
    table.take_over()
    assert table.people[table.human] == "Ben" and not table.can_undo  # Anna's card is not his to undo
    table.human_play(next(c.card for c in table.view().hand if c.legal))
    while table.computer_to_play:
        table.computer_step()
    assert table.due == Seat.S and table.is_covered
    table.take_over()
    assert not table.can_undo  # Ben has played since Anna's card
    before = len(table.state.actions)
    table.human_play(next(c.card for c in table.view().hand if c.legal))
    assert table.can_undo and table.undo() == 1 and len(table.state.actions) == before


def claim_position(people: dict[str, str]) -> Table:
    """A table where Anna (South) holds the device, on her turn, and can prove a claim."""
    for seed in range(40):
        table = Table(seed=seed, people=people)
        for _ in range(200):
            if table.computer_to_play:
                table.computer_step()
            elif table.is_covered and table.handover() is not None:
                table.take_over()
            elif table.human_to_play:
                left = table.rules.tricks_per_hand - len(table.state.tricks)
                if table.human == Seat.S and left <= 5 and table.state.claim_proof().ok:
                    return table
                table.human_play(next(c.card for c in table.view().hand if c.legal))
            else:
                break
    raise AssertionError("no claim in 40 deals")


def test_a_claim_ends_the_hand_only_when_every_other_person_agrees() -> None:
    people = {"S": "Anna", "E": "Cy", "W": "Di"}
    table = claim_position(people)
    actions = len(table.state.actions)
    result = table.claim()
    assert result.ok and table.offer is not None and len(table.state.actions) == actions
    # Di (West) is asked first, then Cy (East): clockwise from Anna.
    view = table.view()
    assert view.handover is not None and view.handover.name == "Di" and "Anna claims" in view.handover.text
    assert view.hand == () and not table.computer_to_play and not table.can_undo
    assert table.human_play("AS").reason == "A claim waits for an answer: agree to it or play on first."
    table.take_over()
    ask = table.view().claim_ask
    assert ask is not None and ask.text.startswith("Anna claims") and table.view().hand
    assert table.answer_claim(True).ok and table.state.claimed is None
    assert (table.view().handover or HO).name == "Cy"
    table.take_over()
    table.answer_claim(True)
    assert table.state.claimed is not None and table.view().summary is not None and table.offer is None


def test_a_person_who_plays_on_withdraws_the_claim() -> None:
    table = claim_position({"S": "Anna", "N": "Ben"})
    table.claim()
    table.take_over()
    result = table.answer_claim(False)
    assert result.ok and "Ben plays on" in result.reason and table.offer is None and table.state.claimed is None
    view = table.view()
    assert view.handover is not None and view.handover.name == "Anna"  # back to Anna, whose turn it is
    table.take_over()
    assert table.view().your_turn and table.answer_claim(True).code == "no-claim"


def test_a_claim_waiting_survives_a_reload() -> None:
    table = claim_position({"S": "Anna", "E": "Cy", "W": "Di"})
    table.claim()
    table.take_over()
    table.answer_claim(True)
    saved = table.saved()
    again = Table.load(saved["record"], saved["redo"], people=saved["people"], holder=saved["holder"],
                       offer=saved["offer"])
    assert again.offer is not None and [SEAT_NAMES[s] for s in again.offer.waiting] == ["E"]
    assert (again.view().handover or HO).name == "Cy"
    # A tampered offer (a seat that is not the claimer's) is dropped: play goes on.
    bad = Table.load(saved["record"], saved["redo"], people=saved["people"], offer={**saved["offer"], "seat": "E"})
    assert bad.offer is None


def test_names_and_seats_are_checked() -> None:
    assert clean_name("  Anna   Lee ") == "Anna Lee"
    for raw, reason in [("", "needs a name"), ("x" * (MAX_NAME + 1), "up to 20"), ("a\u0007b", "control"),
                        (7, "must be text")]:
        with pytest.raises(ValueError, match=reason):
            clean_name(raw)
    from whist.engine.rules import make_rules

    rules = make_rules("dummy")
    with pytest.raises(ValueError, match="dummy"):
        check_people(rules, {"S": "Anna", "N": "Ben"})
    with pytest.raises(ValueError, match="Two people are called anna"):
        check_people(rules, {"S": "Anna", "E": "anna"})
    with pytest.raises(ValueError, match="South"):
        check_people(rules, {"E": "Anna", "W": "Ben"})
    with pytest.raises(ValueError, match="not a seat"):
        check_people(make_rules("german"), {"S": "Anna", "E": "Ben"})
    assert check_people(rules, {"S": "Anna"}) == {}  # one person: a table of you and computers
    assert [c.label for c in person_seats(make_rules("classic"))] == [
        "West (an opponent)", "North (your partner)", "East (an opponent)"]
    with pytest.raises(SavedGameError, match="its players"):
        Table.load(Table(seed=1).saved()["record"], people={"S": "Anna", "Q": "Ben"})


def test_a_finished_game_with_friends_is_counted_apart_from_your_record() -> None:
    from whist.web.storage import MemoryStorage, count_game, read_stats

    table = Table(seed=3, game="classic", people={"S": "Anna", "N": "Ben"}, target=5)
    for _ in range(12):
        play_hand(table)
        if table.is_over:
            break
        table.proceed()
    assert table.is_over
    result = table.result()
    assert result["together"] is True
    store = MemoryStorage()
    stats, counted, problem = count_game(store, table.game, "g-1", **result)
    assert counted and problem is None
    assert stats["overall"]["played"] == 0 and stats["games"] == {}
    assert read_stats(store)["together"] == {"played": 1, "hands_played": result["hands_played"]}
    alone = Table(seed=3, game="classic", target=5).result()
    assert alone["together"] is False


def test_a_computer_keeps_the_level_the_new_game_dialog_gave_it() -> None:
    table = Table(seed=4, people={"S": "Anna", "N": "Ben"}, seat_levels={"W": "easy"})
    table.set_levels("normal", "hard")  # Settings' levels: East follows them, West keeps its own
    assert table.levels[Seat.W] == "easy" and table.levels[Seat.E] == "hard" and table.own_levels() == {"W": "easy"}
    saved = table.saved()
    again = Table.load(saved["record"], people=saved["people"], levels=saved["levels"])
    again.set_levels("expert", "expert")
    assert again.levels[Seat.W] == "easy" and again.levels[Seat.E] == "expert"
    assert table.replay().own_levels() == {"W": "easy"}
    for bad, said in [({"S": "hard"}, "not a computer's seat"), ({"N": "hard"}, "not a computer's seat"),
                      ({"W": "genius"}, "not a level"), ({"Q": "easy"}, "not a computer's seat")]:
        with pytest.raises(ValueError, match=said):
            Table(seed=4, people={"S": "Anna", "N": "Ben"}, seat_levels=bad)
