"""Your deal, played by Expert (whist/table/duplicate.py): the replay, its first difference, its words."""

from __future__ import annotations

import json

import pytest

from whist.ai.montecarlo import EXPERT, MonteCarloPlayer
from whist.ai.play import play
from whist.ai.players import Adviser, Player, make_player
from whist.engine.cards import card_name, cards_of, parse_card
from whist.engine.observation import Observation
from whist.engine.seats import Seat
from whist.engine.state import GameState, Phase
from whist.table import Table
from whist.table.duplicate import (
    MORE,
    Duplicate,
    answer,
    answer_step,
    finished_hands,
    just_finished,
    replay,
    request_of,
)
from whist.table.words import glyph


def quick_expert() -> Adviser:
    """Expert's search, cut down so a hand takes a second (deterministic: no time cap)."""
    return MonteCarloPlayer(seed=9, settings=EXPERT.but(samples=2, budget=None))


class Deviates:
    """``player``'s cards, but at its ``at``-th card (from 0) another legal card: the lowest other one."""

    def __init__(self, player: Adviser, at: int) -> None:
        self.player, self.at, self.cards = player, at, 0
        self.played: tuple[int, str, str] | None = None

    def choose(self, obs: Observation) -> str:
        card = self.player.choose(obs)
        if obs.phase != "play":
            return card
        self.cards += 1
        others = [c for c in cards_of(obs.legal) if card_name(c) != card]
        if self.cards - 1 != self.at or not others:
            if self.cards - 1 == self.at:
                self.at += 1  # a forced card: deviate at the next one
            return card
        self.played = (len(obs.tricks) + 1, card_name(others[0]), card)
        return card_name(others[0])


def play_out(state: GameState, mine: Player, human: Seat = Seat.S) -> GameState:
    """Play the hand: ``mine`` in the seats ``human`` plays, each other seat its normal player seeded as the table's."""
    game = state.rules.name
    players = {s: mine if state.rules.controller(s) == human else make_player("normal", state.seed * 4 + int(s), game)
               for s in state.rules.seats}
    play(state, players)
    assert state.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
    return state


LEVELS = {s: "normal" for s in Seat}

#: answer(request) with each game's own Expert (no adviser given), by request: German Whist's replay of
#: seed 11 takes some 5 s, and two tests ask for it (each still checks it against a replay of its own).
_ANSWERS: dict[str, str] = {}


def own_experts_answer(request: str) -> str:
    if request not in _ANSWERS:
        _ANSWERS[request] = answer(request)
    return _ANSWERS[request]


@pytest.mark.parametrize(("game", "seed"), [("classic", 5), ("dummy", 8), ("contract", 2)])
def test_your_play_was_experts_no_difference(game: str, seed: int) -> None:
    expert = quick_expert()
    state = play_out(GameState(game, seed), expert)
    result = replay(state, Seat.S, LEVELS, expert)
    side = state.rules.side_of(Seat.S)
    assert (result.yours, result.expert, result.trick) == (state.tricks_won[side], state.tricks_won[side], None)
    assert result.delta == 0 and len(result.rows()) == 2
    assert "Expert played the same cards as you." in result.text


@pytest.mark.parametrize(("game", "seed", "at"), [("classic", 5, 2), ("classic", 6, 0), ("dummy", 8, 5)])
def test_first_difference_and_experts_tricks(game: str, seed: int, at: int) -> None:
    expert = quick_expert()
    direct = play_out(GameState(game, seed), expert)  # Expert playing the deal itself
    mine = Deviates(expert, at)
    state = play_out(GameState(game, seed), mine)
    assert mine.played is not None
    trick, yours, experts = mine.played
    result = replay(state, Seat.S, LEVELS, expert)
    side = state.rules.side_of(Seat.S)
    assert result.yours == state.tricks_won[side]
    assert result.expert == direct.tricks_won[side]
    assert (result.trick, result.your_card, result.expert_card) == (
        trick, glyph(parse_card(yours)), glyph(parse_card(experts)))
    assert f"the play first differed at trick {trick}: Expert" in result.text
    assert f"the {glyph(parse_card(experts))}" in result.text and "you" in result.text
    assert result.rows()[2] == (f"Trick {trick}", result.your_card, result.expert_card)
    assert result.text.startswith(f"Expert took {result.expert} trick")


def test_contract_is_kept() -> None:
    expert = quick_expert()
    state = play_out(GameState("contract", 2), Deviates(expert, 1))
    contract = state.contract
    assert contract is not None
    # the replay plays from the same auction: Expert's tricks are Expert's with that contract
    before = state.clone()
    result = replay(state, Seat.S, LEVELS, expert)
    assert state.snapshot() == before.snapshot()  # the finished hand is not changed
    assert 0 <= result.expert <= 13 and result.trick is not None


def test_german_whist_is_replayed() -> None:
    table = Table(seed=2, game="german")  # replayed in 2.4 s (deal 11: 4.3 s)
    for _ in range(200):
        if table.state.phase is not Phase.PLAY:
            break
        if table.computer_step() is None:
            table.human_play(table.hint() or "")
    request = request_of(table)
    assert request is not None
    result = Duplicate.from_json(own_experts_answer(request))
    # Your cards were the hints (Normal's); Expert plays Phase One by its own search, with no time cap
    # (the same replay on any machine), so the replay is Expert's own hand from where it first differs.
    assert result.yours == table.state.tricks_won[table.rules.side_of(Seat.S)]
    assert 0 <= result.expert <= 13 and result.trick is not None and result.your_card != result.expert_card
    assert result == Duplicate.from_json(answer(request_of(table)))  # the same again (computed again)


def test_the_replay_lifts_every_experts_time_cap() -> None:
    from whist.ai.german_mc import GermanSearchPlayer
    from whist.table.duplicate import replay_expert

    classic, german = make_player("expert", seed=3), make_player("expert", seed=3, game="german")
    assert isinstance(classic, MonteCarloPlayer) and classic.settings.budget is not None
    assert isinstance(german, GermanSearchPlayer) and german.settings.budget is not None
    classic, german = replay_expert("classic", 3), replay_expert("german", 3)
    assert isinstance(classic, MonteCarloPlayer) and isinstance(german, GermanSearchPlayer)
    assert classic.settings.budget is None and german.settings.budget is None


def test_request_and_answer_through_json() -> None:
    table = Table(seed=4)
    assert request_of(table) is None  # no hand finished yet
    for _ in range(200):
        if table.state.phase is not Phase.PLAY:
            break
        if table.computer_step() is None:
            table.human_play(table.hint() or "")
    request = request_of(table)
    assert request is not None
    data = json.loads(request)
    assert (data["hand"], data["human"], data["levels"]["N"]) == (0, "S", "normal")
    result = Duplicate.from_json(answer(request, quick_expert()))
    assert result.yours == table.state.tricks_won[0]
    assert Duplicate.from_json(result.to_json()) == result


def test_your_claim_ends_your_part() -> None:
    expert = quick_expert()
    for seed in range(30):
        state = GameState("classic", seed)
        players = {s: expert if s == Seat.S else make_player("normal", seed=seed * 4 + int(s)) for s in Seat}
        # Expert's cards until South can claim a trick of the last three (and does)
        play(state, players, stop=lambda st: st.to_play == Seat.S and len(st.tricks) >= 10 and st.claim("claim 1").ok)
        if state.claimed is not None:
            break
    assert state.claimed is not None
    claimed_at = len(state.tricks) + 1
    result = replay(state, Seat.S, LEVELS, expert)
    assert result.trick is None and f"the same cards as you up to your claim at trick {claimed_at}." in result.text
    assert result.yours == state.tricks_won[0]


@pytest.mark.parametrize("request_text", ["", "{}", '{"record": {}, "hand": 0, "human": "S", "levels": {}}', "[1]"])
def test_a_bad_request_is_answered_with_an_error(request_text: str) -> None:
    assert "error" in json.loads(answer(request_text))


def test_a_hand_thrown_in_has_nothing_to_replay() -> None:
    state = GameState("contract", 2)
    while state.phase is Phase.AUCTION:
        state.apply("pass")
    with pytest.raises(ValueError, match="no card was played"):
        replay(state, Seat.S, LEVELS, quick_expert())


@pytest.mark.parametrize("text", ["[]", '{"yours": 1}', "nope"])
def test_from_json_refuses_what_is_not_an_answer(text: str) -> None:
    with pytest.raises(ValueError):
        Duplicate.from_json(text)


def finish(table: Table) -> None:
    """Play the hand to its end: your hint's calls and cards."""
    for _ in range(200):
        if table.state.phase not in (Phase.PLAY, Phase.AUCTION):
            break
        if table.computer_step() is None:
            (table.human_call if table.in_auction else table.human_play)(table.hint() or "")


@pytest.mark.parametrize(("game", "seed"), [("classic", 5), ("dummy", 8), ("contract", 2), ("german", 2)])
def test_the_replay_a_step_at_a_time_is_the_whole_replay(game: str, seed: int) -> None:
    """The worker's replay_step (a card of Expert's a call, as the page asks after every hand) answers
    what the whole replay answers, for every game (your dummy's cards too; the contract kept)."""
    table = Table(seed=seed, game=game)
    finish(table)
    request = request_of(table)
    assert request is not None
    def expert() -> Adviser | None:  # German Whist's Expert is its own player (and quick)
        return None if game == "german" else quick_expert()

    steps = 1
    while (text := answer_step(request, expert())) == MORE:
        steps += 1
    assert text == (own_experts_answer(request) if game == "german" else answer(request, expert()))
    assert Duplicate.from_json(text).yours == table.state.tricks_won[table.rules.side_of(Seat.S)]
    assert steps >= table.rules.tricks_per_hand  # one of Expert's cards a step, at least one a trick


def test_an_earlier_hand_of_the_game_is_requested_by_its_number() -> None:
    table = Table(seed=4)
    finish(table)
    first = request_of(table)
    assert table.next_hand()
    assert request_of(table, 0) is not None and request_of(table, 1) is None  # hand 2 is under way
    assert finished_hands(table) == [0] and just_finished(table) is None
    finish(table)
    assert finished_hands(table) == [0, 1]
    hand, request = just_finished(table) or (None, "")
    assert hand == 1 and json.loads(request)["hand"] == 1
    assert first is not None and answer(request_of(table, 0), quick_expert()) == answer(first, quick_expert())
