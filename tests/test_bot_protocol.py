"""The bot protocol carries every game and option: seeded random games through the
engine, every decision point's observation through the protocol and back, identical,
and the bot's answer a legal action. Also: bad fields are judged alike at every level."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from whist.cli.bot import choose, parse_request, request_of
from whist.engine.cards import card_name, cards_of
from whist.engine.observation import Observation
from whist.engine.rules import GAMES
from whist.engine.seats import Seat
from whist.engine.state import GameState, Phase

LEVELS_TRIED = ("easy", "normal")  # the searching levels are tried on fewer positions below


@st.composite
def games(draw: Any) -> tuple[str, dict[str, Any], int, int]:
    """A game, any of its options, a deal seed and a seed for the random play."""
    name = draw(st.sampled_from(sorted(GAMES)))
    options = {option: draw(st.sampled_from(values)) for option, values in GAMES[name].option_choices.items()}
    return name, options, draw(st.integers(0, 10**6)), draw(st.integers(0, 2**32))


def through_the_protocol(obs: Observation) -> Observation:
    """The observation sent as a request, one JSON line, and read back."""
    line = json.dumps(request_of(obs))
    assert "\n" not in line
    return parse_request(json.loads(line))


def play(name: str, options: dict[str, Any], seed: int, rng: random.Random, hands: int = 1) -> Any:
    """Play random legal actions (and, under club rules, now and then a revoke),
    yielding the state at every decision point of the first ``hands`` hands."""
    state = GameState(name, seed, **options)
    while not state.is_over and len(state.results) < hands:
        if state.phase in (Phase.DRAW, Phase.HAND_OVER):
            state.apply("next")
            continue
        yield state
        seat = state.to_play
        assert seat is not None
        actions = state.legal_actions()
        if state.phase is Phase.PLAY and state.rules.revokes_allowed and rng.random() < 0.15:
            actions = [card_name(c) for c in cards_of(state.hands[seat])]
        state.apply(rng.choice(actions))
    yield state  # the hand over (or the game)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_every_observation_of_every_game_round_trips_and_gets_a_legal_answer(
        game: tuple[str, dict[str, Any], int, int]) -> None:
    name, options, seed, play_seed = game
    rng = random.Random(play_seed)
    for state in play(name, options, seed, rng, hands=rng.choice((1, 1, 2))):
        decider = state.to_play
        for seat in state.rules.seats:
            obs = state.observation(seat)
            assert through_the_protocol(obs) == obs
            assert parse_request(json.loads(json.dumps(obs.to_json()))) == obs  # the long form too
        if decider is None:
            assert "nothing to decide" in choose(request_of(state.observation(state.rules.seats[0])))["error"]
            continue
        if rng.random() < 0.25:
            request = {**request_of(state.observation(decider)), "level": rng.choice(LEVELS_TRIED), "seed": 1}
            answer = choose(request)
            key = "call" if state.phase is Phase.AUCTION else "card"
            assert set(answer) == {key}, answer
            assert answer[key] in state.legal_actions()


def _decision_points() -> list[tuple[str, GameState]]:
    """A few positions of each game where a seat decides: the auction, early and late play."""
    out = []
    for name in sorted(GAMES):
        rng = random.Random(name)
        points = [s.clone() for s in play(name, {}, 11, rng) if s.to_play is not None]
        for i in (0, len(points) // 3, len(points) - 2):
            out.append((name, points[i]))
    return out


@pytest.fixture
def quick_searches(monkeypatch: pytest.MonkeyPatch) -> None:
    """The searching levels with a time cap of 10 ms (each still values its first deal, the whole
    search's code): what is tested here is what the protocol carries to them and back, not how well
    they play in their 0.25 and 1.2 s a decision (tests/test_montecarlo.py, tests/test_german_mc.py),
    which the 19 positions here spent in full at both levels."""
    from whist.ai import german_mc, montecarlo

    monkeypatch.setattr(montecarlo, "HARD", montecarlo.HARD.but(budget=0.01))
    monkeypatch.setattr(montecarlo, "EXPERT", montecarlo.EXPERT.but(budget=0.01))
    defaults = german_mc.GermanSearchPlayer.__init__.__defaults__
    assert defaults is not None and defaults[1] is german_mc.EXPERT
    monkeypatch.setattr(german_mc.GermanSearchPlayer.__init__, "__defaults__",
                        (defaults[0], german_mc.EXPERT.but(budget=0.01), *defaults[2:]))


@pytest.mark.parametrize(("name", "state"), _decision_points())
@pytest.mark.usefixtures("quick_searches")
def test_the_searching_levels_answer_every_game(name: str, state: GameState) -> None:
    seat = state.to_play
    assert seat is not None
    for level in ("hard", "expert"):
        answer = choose({**request_of(state.observation(seat)), "level": level, "seed": 2})
        assert next(iter(answer.values())) in state.legal_actions(), (name, level, answer)


def test_german_and_dummy_whist_were_carried_by_the_protocol() -> None:
    """The defects of issue 14: a German observation was refused (13 cards, 23 expected)
    and a Dummy Whist one came back different (its shown hands were lost)."""
    german = GameState("german", seed=3)
    for _ in range(21):
        german.apply(german.legal_actions()[0])
    dummy = GameState("dummy", seed=3)
    for _ in range(6):
        dummy.apply(dummy.legal_actions()[0])
    for state in (german, dummy):
        for seat in state.rules.seats:
            obs = state.observation(seat)
            assert through_the_protocol(obs) == obs
    assert dict(dummy.observation(Seat.S).exposed)[Seat.N] == dummy.hands[Seat.N]


def test_the_options_travel_with_the_request() -> None:
    state = GameState("classic", seed=5, no_trump=True, revokes="club")
    obs = state.observation(state.to_play)  # type: ignore[arg-type]
    request = request_of(obs)
    assert request["options"] == {"no_trump": True, "revokes": "club"} and request["trump"] is None
    assert parse_request(request) == obs
    assert "makes its suit trumps" in choose({**request, "options": {"revokes": "club"}})["error"]
    contract = GameState("contract", seed=5, doubling=True)
    contract.apply("8H")
    obs = contract.observation(contract.to_play)  # type: ignore[arg-type]
    assert "double" in obs.legal_calls and parse_request(request_of(obs)) == obs


# --- bad fields: refused once, the same at every level --------------------------------

def _request(name: str = "classic", steps: int = 5) -> tuple[GameState, dict[str, Any]]:
    state = GameState(name, seed=3)
    for _ in range(steps):
        state.apply(state.legal_actions()[0])
    seat = state.to_play
    assert seat is not None
    return state, request_of(state.observation(seat))


def _long_form(name: str = "classic", steps: int = 5) -> dict[str, Any]:
    state = GameState(name, seed=3)
    for _ in range(steps):
        state.apply(state.legal_actions()[0])
    return state.observation(state.to_play).to_json()  # type: ignore[arg-type]


BAD: list[tuple[str, Any, str]] = [
    ("impossible hand sizes", lambda d: d["hand_sizes"].update(N=1), "'hand_sizes'"),
    ("hand sizes that are booleans", lambda d: d["hand_sizes"].update(N=True), "'hand_sizes'"),
    ("a seed that is a boolean", lambda d: d.update(seed=True), "'seed'"),
    ("a seed out of range", lambda d: d.update(seed=2**70), "'seed'"),
    ("a target that is a boolean", lambda d: d.update(target=True), "'target'"),
    ("a target the game does not play", lambda d: d.update(target=8), "'target'"),
    ("a wrong stock size", lambda d: d.update(stock_size=3), "'stock_size'"),
    ("wrong tricks won", lambda d: d.update(tricks_won=[5, 0]), "'tricks_won'"),
    ("negative scores", lambda d: d.update(scores=[-1, 0]), "'scores'"),
    ("an unknown option", lambda d: d.update(options={"jokers": True}), "no option 'jokers'"),
    ("a turn-up shown when it is played", lambda d: d.update(turn_up_visible=not d["turn_up_visible"]),
     "'turn_up_visible'"),
]


@pytest.mark.parametrize(("what", "change", "message"), BAD, ids=[b[0] for b in BAD])
def test_a_bad_field_is_refused_alike_at_every_level(what: str, change: Any, message: str) -> None:
    data = _long_form()
    change(data)
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        parse_request(data)
    answers = {level: choose({**data, "level": level}) for level in ("easy", "normal", "hard", "expert")}
    assert all(set(a) == {"error"} and message in a["error"] for a in answers.values()), answers
    assert len({a["error"] for a in answers.values()}) == 1


def _show_too_many(data: dict[str, Any]) -> None:
    """Show more of the other German player's cards than it took face up."""
    obs = parse_request(data)
    other = "S" if data["seat"] == "N" else "N"
    shown = data.get("exposed", {}).get(other, [])
    data["exposed"] = {other: [*shown, *(card_name(c) for c in list(cards_of(obs.unseen))[:len(obs.tricks) + 1])]}


BAD_GAME: list[tuple[str, str, int, Any, str]] = [
    ("german hand too small", "german", 7, lambda d: d["hand"].pop(), "the hand holds"),
    ("german face-up card missing", "german", 7, lambda d: d.pop("face_up"), "'face_up'"),
    ("german face-up card in the hand", "german", 7, lambda d: d.update(face_up=d["hand"][0]),
     "face_up"),
    ("german face-up cards shown are too many", "german", 7, lambda d: _show_too_many(d), "face up from the stock"),
    ("dummy hand missing", "dummy", 6, lambda d: d.pop("exposed"), "'exposed' must hold"),
    ("dummy hand short", "dummy", 6, lambda d: d.update(exposed={k: v[1:] for k, v in d["exposed"].items()}),
     "whole hand"),
    ("a card in the auction's place", "contract", 2, lambda d: d["auction"].append("AS"), "auction[2]"),
    ("an auction in a game without one", "classic", 2, lambda d: d.update(auction=["pass"]), "no auction"),
    ("a trump the auction did not name", "contract", 2, lambda d: d.update(trump="S"), "the auction"),
    ("a card played in the auction", "contract", 2,
     lambda d: d.update(current={"cards": [d["hand"][0]]}, hand=d["hand"][1:]), "the current trick is empty"),
]


@pytest.mark.parametrize(("what", "name", "steps", "change", "message"), BAD_GAME, ids=[b[0] for b in BAD_GAME])
def test_bad_requests_of_each_game_are_refused_at_every_level(what: str, name: str, steps: int, change: Any,
                                                               message: str) -> None:
    state, data = _request(name, steps)
    assert parse_request(data) == state.observation(state.to_play)  # type: ignore[arg-type]
    change(data)
    answers = [choose({**data, "level": level}) for level in ("easy", "normal", "hard", "expert")]
    assert all(set(a) == {"error"} and message in a["error"] for a in answers), answers


def test_a_revoke_is_refused_where_revokes_are_prevented_and_taken_under_club_rules() -> None:
    state = GameState("classic", seed=3, revokes="club")
    state.apply(state.legal_actions()[0])  # the lead
    seat = state.to_play
    assert seat is not None
    led = state.trick[0][1] // 13
    revoke = next(c for c in cards_of(state.hands[seat]) if c // 13 != led)
    assert any(c // 13 == led for c in cards_of(state.hands[seat]))
    state.apply(card_name(revoke))  # club rules: played, and paid for at the end of the hand
    obs = state.observation(seat)
    assert through_the_protocol(obs) == obs
    prevented = {**request_of(obs), "options": {}}
    answer = choose(prevented)
    assert "showed out of" in answer["error"] and "revokes are not allowed" in answer["error"], answer
