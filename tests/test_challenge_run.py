"""A challenge played on the page's tables (issue 39, part 2): whist.table.challenge_run.

The friend who plays the sender's cards meets the sender's computer cards exactly, also when the
challenge came from an ordinary hand (capped computers, seeded by that game); a friend who plays
otherwise meets computers that decide for themselves; no undo and no hints; the deal in progress
survives a save and a load, and a damaged one is refused; the comparison finds the first
difference and the winner.
"""

from __future__ import annotations

import random

import pytest

from whist.engine.seats import Seat
from whist.engine.state import Phase
from whist.table.challenge import ChallengeError, decode, encode
from whist.table.challenge_run import ChallengeRun, compare
from whist.table.records import decode_game, encode_game
from whist.table.session import Table


def play_deal(table: Table, pick: random.Random | None = None, line: tuple[str, ...] = ()) -> Table:
    """Play the deal on ``table`` to its end: your cards and calls from ``line`` while it lasts,
    then the first legal one (or a random one with ``pick``)."""
    while table.state.phase in (Phase.PLAY, Phase.AUCTION):
        if table.computer_step() is not None:
            continue
        st = table.state
        n = len(st.actions)
        if n < len(line):
            action = line[n]
        else:
            legal = st.legal_actions()
            action = pick.choice(legal) if pick else legal[0]
        result = table.human_call(action) if st.phase is Phase.AUCTION else table.human_play(action)
        assert result.ok, result.reason
    return table


def sent(game: str, deals: int, seed: int = 1) -> ChallengeRun:
    """A challenge made with the New game dialog's set of deals, played by its sender."""
    rng = random.Random(seed)
    run = ChallengeRun.dealt(game, {}, ("normal", "normal"), [rng.randrange(10**9) for _ in range(deals)])
    run = run.with_name("Anna")
    for _ in range(deals):
        run = run.after(play_deal(run.table(), random.Random(seed)).state)
    return run


@pytest.mark.parametrize("game", ["classic", "contract", "german", "dummy"])
def test_the_same_cards_meet_the_same_computer_cards(game: str) -> None:
    anna = sent(game, 2)
    link = encode(anna.outcome())
    ben = ChallengeRun.received(link).with_name("Ben")
    for deal in range(2):
        mine = anna.mine[deal]
        table = play_deal(ben.table(), line=mine)  # Ben plays Anna's cards and calls
        assert tuple(table.state.actions) == mine  # ...and the computers played theirs
        ben = ben.after(table.state)
    result = compare(decode(encode(ben.outcome())))
    assert all(row.split == "You played alike throughout." and row.better is None for row in result.rows)
    assert result.text == "The challenge is tied."


def test_a_challenge_of_an_ordinary_hand_meets_its_capped_computers() -> None:
    table = Table(seed=12, level="hard")  # capped computers, seeded by this game, not by the deal
    table.computers_claim = True
    play_deal(table, random.Random(2))
    table.next_hand()
    play_deal(table, random.Random(3))  # the second hand of the game
    run = ChallengeRun.from_hand(table).with_name("Anna")
    assert run.challenge.deals == ((table.state.deal_number, table.state.dealer),)
    assert run.challenge.levels == ("hard", "hard")
    line = run.mine[0]
    ben = ChallengeRun.received(encode(run.outcome())).with_name("Ben")
    replayed = play_deal(ben.table(), line=line)
    assert tuple(replayed.state.actions) == line


def test_a_different_play_meets_computers_of_their_own() -> None:
    anna = sent("classic", 1)
    ben = ChallengeRun.received(encode(anna.outcome())).with_name("Ben")
    table = ben.table()
    line = anna.mine[0]
    play_deal(table, random.Random(99))  # random cards: sooner or later not Anna's
    ben = ben.after(table.state)
    result = compare(ben.outcome())
    row = result.rows[0]
    assert row.split.startswith("At trick ") and "Anna the " in row.split and "Ben the " in row.split
    at = next(i for i, (a, b) in enumerate(zip(line, ben.mine[0], strict=False)) if a != b)
    assert table.state.actor_of(at) == Seat.S  # the first difference is always a card of yours
    assert row.results[1].tricks == table.state.results[-1].tricks[0]


def test_no_undo_and_no_hints_in_a_challenge() -> None:
    table = sent("classic", 1).table()
    while table.computer_step():
        pass
    card = next(c.card for c in table.view().hand if c.legal)
    assert table.hint() is None and table.hint_choice() is None and table.advise() is None
    assert table.human_play(card).ok
    assert not table.can_undo and table.undo() == 0
    view = table.view()
    assert view.challenge is not None and view.challenge.no_help == table.help_off != ""
    assert view.challenge.title == "Your challenge \u00b7 deal 1 of 1"


def test_a_deal_in_progress_is_saved_and_loaded() -> None:
    anna = sent("contract", 2)
    ben = ChallengeRun.received(encode(anna.outcome())).with_name("Ben")
    ben = ben.after(play_deal(ben.table()).state)
    table = ben.table()
    for _ in range(9):
        if table.computer_step() is None:
            legal = table.state.legal_actions()
            (table.human_call if table.in_auction else table.human_play)(legal[-1])
    data = encode_game("g1-abc", table)
    _, back, problems = decode_game(data)
    assert back is not None and not problems
    assert back.challenge == table.challenge and back.state.actions == table.state.actions
    assert back.view().challenge == table.view().challenge
    assert not back.capped and back.pending_choice() == table.pending_choice()
    bad = dict(data, challenge={**data["challenge"], "mine": [["AS"]]})
    assert decode_game(bad)[1] is None
    assert decode_game(dict(data, challenge={"link": "1.junk"}))[2] == [
        "its challenge: This challenge link is cut short or has been changed."]
    other = encode_game("g1-abc", Table(seed=4, game="contract"))  # another game kept beside this challenge
    assert decode_game(dict(other, challenge=data["challenge"]))[1] is None


def test_a_finished_challenge_is_kept_at_its_last_deal() -> None:
    anna = sent("german", 1)
    table = anna.table()
    play_deal(table)
    table.challenge = anna  # every deal recorded: the table stays at the end of the last
    _, back, _ = decode_game(encode_game("g1-abc", table))
    assert back is not None and back.challenge is not None and back.challenge.done
    assert back.view().challenge.next_label == "Send the challenge"  # type: ignore[union-attr]


def test_the_comparison_names_the_winner() -> None:
    anna = sent("classic", 2, seed=5)
    ben = ChallengeRun.received(encode(anna.outcome())).with_name("Ben")
    for _ in range(2):
        ben = ben.after(play_deal(ben.table(), random.Random(40)).state)
    result = compare(ben.outcome())
    a, b = (sum(r.results[i].points for r in result.rows) for i in range(2))
    assert result.points == (a, b)
    assert result.won == tuple(sum(r.better == i for r in result.rows) for i in range(2))
    if result.winner is not None:
        assert result.text.startswith(("Anna", "Ben")[result.winner] + " wins the challenge")


def test_names_and_links_that_cannot_be_played() -> None:
    anna = sent("classic", 1)
    run = ChallengeRun.received(encode(anna.outcome()))
    with pytest.raises(ValueError, match="Anna sent this challenge"):
        run.with_name(" anna ")
    with pytest.raises(ChallengeError, match="sender has not played"):
        ChallengeRun.received(encode(anna.challenge))
    with pytest.raises(ChallengeError):
        compare(anna.outcome())  # one play only
