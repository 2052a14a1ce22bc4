"""Ask any computer why (issue 40): each computer's card or call keeps the reason its own player
gave when it chose it (``advise``), the saved game keeps it, a person's card never has one, and the
view words it on the trick's and the last trick's plays."""

from __future__ import annotations

import json
from typing import Any

import pytest

from whist.ai.players import make_player
from whist.engine.cards import card_name, parse_card
from whist.engine.seats import Seat
from whist.engine.state import Phase
from whist.table import Table
from whist.table.explain import checked, played
from whist.table.records import decode_game, encode_game
from whist.web import thinker


@pytest.fixture(autouse=True)
def _small_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """The searching levels with no time cap and a few deals: the same answer on every machine."""
    import whist.ai.german_mc as gm
    import whist.ai.montecarlo as mc

    monkeypatch.setattr(mc, "HARD", mc.HARD.but(budget=None, samples=4))
    monkeypatch.setattr(mc, "EXPERT", mc.EXPERT.but(budget=None, samples=4))
    monkeypatch.setattr(gm, "EXPERT", gm.EXPERT.but(budget=None, samples=3))
    thinker._players.clear()


def move_on(table: Table) -> bool:
    """Your card or call (the hint's), or the next hand; False once the game cannot go on."""
    if table.human_to_play:
        action = table.hint()
        assert action is not None
        return (table.human_call(action) if table.in_auction else table.human_play(action)).ok
    return table.proceed()


def own_advice(table: Table) -> tuple[str, Any] | None:
    """What the computer to play would advise now, asked of a player of its own (the table's
    level and seed, made afresh): None when it is not a computer's turn."""
    choice = table.pending_choice()
    if choice is None:
        return None
    player = make_player(choice.level, seed=choice.seed, game=choice.game, capped=choice.capped)
    action, why = player.advise(choice.observation)
    assert player.choose(choice.observation) == action  # advise picks the card choose picks
    return action, why


@pytest.mark.parametrize(("game", "level", "steps"), [
    ("classic", "normal", 70), ("contract", "normal", 70), ("german", "normal", 60), ("dummy", "normal", 60),
    ("classic", "easy", 40), ("classic", "hard", 14), ("contract", "expert", 10), ("german", "expert", 10),
])
def test_each_computer_card_keeps_the_reason_its_player_gave(game: str, level: str, steps: int) -> None:
    table = Table(seed=9, game=game, level=level)
    table.capped = False  # (German Whist's Expert: its layouts, not the clock)
    table.set_levels(level, level)
    kept = 0
    for _ in range(steps):
        advice = own_advice(table)
        if advice is None:
            if not move_on(table):
                break
            continue
        i = len(table.state.actions)
        call = table.in_auction
        assert table.computer_step() == advice[0]
        assert table.whys[i] == advice
        kept += 1
        if not call and table.state.trick:  # the card on the table says why, in words
            play = table.view().trick[-1]
            assert play.card == advice[0] and play.why.startswith(f"{play.player} ") and play.why.endswith(".")
    assert kept >= min(steps // 3, 8)


def test_a_reason_from_the_worker_is_kept_as_the_player_gave_it() -> None:
    table = Table(seed=4, level="hard")
    table.set_levels("hard", "hard")
    for _ in range(12):
        choice = table.pending_choice()
        if choice is None:
            assert move_on(table)
            continue
        expected = own_advice(table)
        i = len(table.state.actions)
        action, why = json.loads(thinker.think(thinker.request_of(choice)))  # as the page gets it
        assert table.apply_choice(choice, action, why) == action
        assert table.whys[i] == expected and isinstance(table.whys[i][1], tuple)


def test_people_never_have_a_reason() -> None:
    table = Table(seed=8, people={"S": "Anna", "W": "Ben"})
    for _ in range(60):
        if table.is_covered:
            table.take_over()
        elif table.computer_to_play:
            table.computer_step()
        elif not move_on(table):
            break
    st = table.state
    people = {Seat.S, Seat.W}
    assert table.whys and all(st.actor_of(i) not in people for i in table.whys)
    assert any(st.actor_of(i) in people for i in range(len(st.actions)))
    view = table.view()
    plays = view.trick + (view.last_trick.plays if view.last_trick else ())
    assert all(not p.why for p in plays if p.player in ("Anna", "Ben", "You"))


def test_your_own_cards_have_no_reason_and_an_undo_leaves_none_behind() -> None:
    table = Table(seed=3)
    while table.computer_step():
        pass
    mine = len(table.state.actions)
    assert table.human_play(table.hint() or "").ok
    while table.computer_step():
        pass
    assert mine not in table.whys and mine + 1 in table.whys
    before = dict(table.whys)
    view = table.view()
    table.undo()
    assert table.redo()
    assert table.whys == before and table.view() == view  # a redo plays the same decisions again
    played_first = table.state.actions[mine]
    table.undo()
    other = next(c.card for c in table.view().hand if c.legal and c.card != played_first)
    assert table.human_play(other).ok
    assert mine not in table.whys  # a different card: East's reason then is not kept for this position
    if table.pending_choice() is not None:
        advice = own_advice(table)
        table.computer_step()
        assert table.whys[mine + 1] == advice


def test_the_saved_game_keeps_the_reasons_and_a_reload_still_explains_the_last_trick() -> None:
    table = Table(seed=12)
    for _ in range(30):
        if not table.computer_step():
            assert move_on(table)
    view = table.view()
    assert view.last_trick is not None and any(p.why for p in view.last_trick.plays)
    game = json.loads(json.dumps(encode_game("g-test", table)))
    assert game["whys"]
    loaded, again, problems = decode_game(game)
    assert loaded is not None and again is not None and not problems
    assert again.whys == table.whys
    assert again.view().last_trick == view.last_trick and again.view().trick == view.trick
    last = again.previous_trick()
    assert last is not None and [p.why for p in last.plays] == [p.why for p in view.last_trick.plays]
    # An older saved game (no reasons) loads as before; so does one whose reasons are damaged.
    del game["whys"]
    old = decode_game(game)[1]
    assert old is not None and old.whys == {} and not any(p.why for p in old.view().trick)
    game["whys"] = [[0, "QS", ["nonsense", {"a": 1}]], "x", [1, 2, 3]]
    damaged = decode_game(game)[1]
    assert damaged is not None and damaged.whys == {}


def test_the_last_trick_of_the_hand_before_is_explained_from_its_own_hand() -> None:
    table = Table(seed=21)
    while table.state.hand_number == 0:
        if not table.computer_step():
            assert move_on(table)
    last = table.previous_trick()  # before a trick of the new hand is over: the old hand's last
    assert last is not None and last.hand_number == 1
    assert all(p.why for p in last.plays if p.player != "You")


def test_every_reason_words_in_the_third_person() -> None:
    names = {Seat.S: "you", Seat.N: "North", Seat.E: "East", Seat.W: "West"}.get
    assert played("North", parse_card("7H"), ("return", 1), "you", names, lead=True) == (
        "North returned your lead with the 7\u2665: you led hearts.")
    assert played("West", parse_card("3D"), ("ruff", 0), "East", names) == (
        "West ruffed with the 3\u2666: void in spades, and nobody after could overruff.")
    search = ("search", 30.0, parse_card("KS"), 2.4, parse_card("3S"), 2.0,
              ("third-high", parse_card("QS"), Seat.W))
    assert played("East", parse_card("KS"), search, "West", names) == (
        "East played the K\u2660: third hand high, to beat West\u2019s Q\u2660; over 30 deals of the hidden "
        "cards it took 0.4 tricks more than the 3\u2660.")
    assert played("East", parse_card("KS"), ("no-such-rule",), "West", names) == ""
    assert checked(json.loads(json.dumps(search))) == search
    assert checked(["x", "text"]) is None and checked([]) is None and checked(["a", ["b", ["c"]]]) is None


def test_the_review_explains_every_computer_card_of_the_hand() -> None:
    from whist.web import review_markup

    table = Table(seed=5)
    while table.state.phase is Phase.PLAY:
        if not table.computer_step():
            assert move_on(table)
    hand = table.finished_hand()
    assert hand is not None
    plays = [(s, card_name(c)) for t in hand.state.tricks for s, c in t.plays]
    assert {c for s, c in plays if s != table.human} == set(hand.whys)
    assert all(hand.whys[c].startswith(s.long_name + " ") for s, c in plays if s != table.human)
    board = review_markup.board(hand.review(), 0, table.human, hand.whys)
    assert board.count('role="button"') == 3 and board.count("data-why=") == 3
    assert table.proceed()
    latest = table.finished_hand(latest=True)  # while the next hand is played
    assert latest is not None and latest.whys == hand.whys


def test_a_live_guest_reads_the_reasons_worded_for_them() -> None:
    from whist.table.referee import Referee

    table = Table(seed=6, people={"S": "Anna", "N": "Ben"}, live=True)
    referee = Referee(table)
    for _ in range(40):
        if table.computer_to_play:
            table.computer_step()
        elif table.state.to_play == Seat.N:
            assert table.move_for(Seat.N, table.player(Seat.N).choose(table.state.observation(Seat.N)),
                                  call=False).ok
        elif not move_on(table):
            break
        plays = referee.view_for(Seat.N)["trick"]
        mine = table.view().trick
        assert [p["card"] for p in plays] == [p.card for p in mine]
        for theirs, ours in zip(plays, mine, strict=True):  # the same reason, each worded for its reader
            assert bool(theirs["why"]) == bool(ours.why) == (ours.player not in ("You", "Ben"))
            assert "Ben" not in theirs["why"] and "Anna" not in ours.why


def test_a_new_game_on_the_same_table_keeps_no_reason_of_the_old_one() -> None:
    table = Table(seed=2)
    while table.computer_step():
        pass
    assert table.whys
    table.new_game(2)  # the same deal: the same cards at the same places of the record
    assert table.whys == {} and not any(p.why for p in table.view().trick)
