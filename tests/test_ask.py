"""The questions you may ask the table by key (whist/table/ask.py, issue 41), each answer read back
and checked against the engine at every turn of random hands of every game: the trick so far and
who wins it, the last trick, the tricks and the score, the trump or the contract, each suit's cards
(yours, those face up, those played and by whom, those not seen yet), and the voids, which must be
exactly the certain ones (none under club rules, none that a blind draw may have undone) and true
of the real hands. No answer ever gives another player a card that player has not shown."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.test_certain_voids import OPTIONS, held_in, positions
from whist.engine.cards import RANK_NAMES, SUIT_MASK, SUIT_NAMES, card_long_name, rank_of, suit_of
from whist.engine.observation import Observation
from whist.engine.seats import Seat
from whist.engine.state import GameState, Phase
from whist.engine.trick import trick_winner
from whist.table import Table
from whist.table.ask import QUESTIONS, ask

RANK_OF = {name.lower(): r for r, name in enumerate(RANK_NAMES)}


def seat_of(table: Table, name: str) -> Seat:
    return table.human if name.lower() == "you" else next(s for s in Seat if s.long_name == name)


def ranks(text: str) -> set[int]:
    """``"ace, ten and two"`` -> the ranks."""
    return {RANK_OF[w] for w in re.split(r", | and ", text)}


def plays_of(table: Table, text: str) -> list[tuple[Seat, str]]:
    """``"West led the Four of hearts, you played the King of hearts"`` -> the seats and cards."""
    return [(seat_of(table, m[1]), m[2]) for m in re.finditer(r"(\w+) (?:led|played) the (\w+ of \w+)", text)]


def check_suit(table: Table, obs: Observation, suit: int, answer: str) -> None:
    mask = SUIT_MASK[suit]
    assert answer.startswith(SUIT_NAMES[suit].capitalize() + ": ")
    held = re.search(r"you hold the ([a-z ,]+)\.", answer)
    assert (ranks(held[1]) if held else set()) == {rank_of(c) for c in range(52) if (obs.hand & mask) >> c & 1}
    seen = obs.hand & mask
    shown = dict.fromkeys([s for s, _ in obs.exposed], 0)
    for m in re.finditer(r"(\w+), face up, holds the ([a-z ,]+)\.", answer):
        shown[seat_of(table, m[1])] = sum(1 << (13 * suit + r) for r in ranks(m[2]))
    for seat, cards in obs.exposed:
        assert shown[seat] == cards & mask, (seat, answer)
        seen |= cards & mask
    want = [(seat, rank_of(card), f"trick {k + 1}") for k, t in enumerate(obs.tricks) for seat, card in t.plays
            if suit_of(card) == suit] + [(seat, rank_of(card), "this trick") for seat, card in obs.trick
                                          if suit_of(card) == suit]
    said = [(seat_of(table, m[1]), RANK_OF[m[2]], m[3])
            for m in re.finditer(r"(\w+) the (\w+) \((trick \d+|this trick)\)", answer)]
    assert said == want, answer
    seen |= sum(1 << (13 * suit + r) for _, r, _ in want)
    if obs.face_up is not None and suit_of(obs.face_up) == suit:
        assert f"The {RANK_NAMES[rank_of(obs.face_up)].lower()} lies face up on the stock." in answer
        seen |= 1 << obs.face_up
    out = re.search(r"Not seen yet: the ([a-z ,]+) \((\d+) cards?\)\.$", answer)
    expected = {c % 13 for c in range(52) if (mask & ~seen) >> c & 1}
    if expected:
        assert out is not None and ranks(out[1]) == expected and int(out[2]) == len(expected), answer
    else:
        assert out is None and answer.endswith("No other card of the suit is left."), answer


def check_voids(table: Table, state: GameState, obs: Observation, answer: str) -> None:
    certain = obs.certain_voids()
    said = {seat_of(table, m[1]): sum(1 << SUIT_NAMES.index(x) for x in re.split(r", | or ", m[2]))
            for m in re.finditer(r"(\w+) ha(?:s|ve) no ([a-z ,]+?)(?:;|\.)", answer)}
    assert said == {s: certain[s] for s in obs.seats if s != table.human and certain[s]}, answer
    for seat, void in said.items():  # and true of the real hands
        assert not held_in(state, seat, void, obs.unseen), (answer, state.actions)
    if obs.revokes_allowed:
        assert "Known voids" not in answer
    if not said:
        assert answer.startswith("No void is known.")


def check_trick(table: Table, state: GameState, obs: Observation, answer: str) -> None:
    if state.phase is not Phase.PLAY:
        assert "Trick" not in answer
        return
    assert answer.startswith(f"Trick {len(obs.tricks) + 1}: ")
    said = plays_of(table, answer)
    assert said == [(s, card_long_name(c)) for s, c in obs.trick], answer
    if obs.trick:
        winner = obs.trick[trick_winner([c for _, c in obs.trick], obs.trump)][0]
        m = re.search(r"(\w+) wins? it so far\.", answer)
        assert m is not None and seat_of(table, m[1]) == winner, answer
    else:
        assert "no card played yet" in answer and re.search(rf"{table.seat_name(obs.leader)} leads?\.", answer)


def check_last(table: Table, obs: Observation, answer: str) -> None:
    if not obs.tricks:
        assert answer == "No trick has been played yet this hand."
        return
    last = obs.tricks[-1]
    assert answer.startswith(f"The last trick, trick {len(obs.tricks)}: ")
    assert plays_of(table, answer) == [(s, card_long_name(c)) for s, c in last.plays], answer
    m = re.search(r"(\w+) wins? it\.$", answer)
    assert m is not None and seat_of(table, m[1]) == last.winner


def check_score(table: Table, state: GameState, answer: str) -> None:
    us, them = table.side_name("us"), table.side_name("them")
    tricks, scores = table.by_side(state.tricks_won), table.by_side(state.scores)
    assert f"Tricks this hand: {us} {tricks['us']}, {them} {tricks['them']}." in answer
    assert f"Score: {us} {scores['us']}, {them} {scores['them']}; the game is to {state.rules.target}." in answer
    assert ("Only the tricks of Phase Two count." in answer) == bool(state.rules.has_stock and state.stock)


def check_trump(table: Table, state: GameState, obs: Observation, answer: str) -> None:
    if state.phase is Phase.AUCTION:
        assert "auction is on" in answer
        return
    if obs.trump is None:
        assert "no trumps" in answer.lower(), answer
    else:
        assert f"{SUIT_NAMES[obs.trump]} are trumps" in answer.lower(), answer
    if obs.contract is not None:
        assert f"The contract is {obs.contract.long_name} by " in answer
    assert f"{table.seat_name(obs.dealer)} dealt" in answer


@pytest.mark.parametrize(("game", "options"), OPTIONS)
def test_every_answer_agrees_with_the_engine(game: str, options: dict[str, Any]) -> None:
    table = Table(0, game, **options)
    asked = 0
    for state in positions(game, options, range(4 if game == "german" else 2)):
        table.state = state  # the human is South, whoever is to play
        obs = state.observation(table.human)
        check_trick(table, state, obs, ask(table, "trick"))
        check_last(table, obs, ask(table, "last"))
        check_score(table, state, ask(table, "score"))
        check_trump(table, state, obs, ask(table, "trump"))
        check_voids(table, state, obs, ask(table, "voids"))
        for suit in range(4):
            check_suit(table, obs, suit, ask(table, "suit", suit))
        asked += 1
    assert asked >= 50


def test_the_auction_and_the_draw_are_answered_too() -> None:
    table = Table(3, "contract")
    assert table.state.phase is Phase.AUCTION
    assert ask(table, "trick") == "No trick yet: the auction is on."
    assert ask(table, "trump").endswith("The auction is on: the contract names the trumps.")
    drawn = Table(3, "classic", draw="high")
    assert drawn.state.phase is Phase.DRAW
    assert all(ask(drawn, q, 0).startswith("The cards are not dealt yet") for q in QUESTIONS)


@pytest.mark.parametrize(("question", "suit"), [("nope", None), ("", None), ("suit", None), ("suit", 4),
                                                ("suit", -1), ("suit", True), ("suit", "S")])
def test_a_question_that_does_not_exist_is_refused_plainly(question: str, suit: Any) -> None:
    with pytest.raises(ValueError, match="question"):
        ask(Table(1), question, suit)
