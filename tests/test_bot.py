"""The bot protocol: requests through JSON and back, errors, the stdin/stdout loop, the docs."""

from __future__ import annotations

import io
import json
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from whist.ai.players import make_player
from whist.cli.bot import choose, parse_observation, parse_request, request_of, serve
from whist.engine.rules import GAMES
from whist.engine.seats import Seat
from whist.engine.state import GameState, Phase

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "bot-protocol.md"
FAST_LEVELS = ("easy", "normal")  # the searching levels are checked on a few positions only


def random_positions(count: int, seed: int = 7) -> list[GameState]:
    """Seeded positions at any point of a game, later hands included."""
    rng = random.Random(seed)
    out = []
    for game in range(count):
        state = GameState("classic", seed=game)
        for _ in range(rng.randrange(0, 120)):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        out.append(state)
    return out


def test_requests_round_trip_through_json() -> None:
    for state in random_positions(150):
        if state.phase is not Phase.PLAY:
            continue
        for seat in state.rules.seats:
            obs = state.observation(seat)
            request = json.loads(json.dumps(request_of(obs)))
            assert set(request) <= {"game", "seat", "hand", "trump", "dealer", "turnup", "tricks", "current",
                                    "scores", "hand_number"}
            assert parse_request(request) == obs


def test_the_observation_json_form_is_still_accepted() -> None:
    for state in random_positions(60, seed=8):
        for seat in state.rules.seats:
            obs = state.observation(seat)
            assert parse_observation(json.loads(json.dumps(obs.to_json()))) == obs


def test_choose_answers_what_the_player_plays() -> None:
    for state in random_positions(80, seed=9):
        seat = state.to_play
        if seat is None:
            continue
        obs = state.observation(seat)
        request = request_of(obs)
        for level in FAST_LEVELS:
            answer = choose({**request, "level": level, "seed": 3})
            assert answer == {"card": make_player(level, 3).choose(obs)}
            assert answer == choose(request, level=level, seed=3)
            assert answer["card"] in state.legal_actions()


def test_the_searching_levels_answer_legal_cards() -> None:
    for state in random_positions(6, seed=10):
        seat = state.to_play
        if seat is None:
            continue
        for level in ("hard", "expert"):
            answer = choose({**request_of(state.observation(seat)), "level": level, "seed": 1})
            assert answer["card"] in state.legal_actions()


def _base() -> tuple[GameState, dict[str, Any]]:
    """The documented position: South, second hand to East's jack of spades."""
    state = GameState("classic", seed=3)
    for _ in range(5):
        state.apply(state.legal_actions()[0])
    seat = state.to_play
    assert seat is not None
    return state, request_of(state.observation(seat))


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.pop("hand"), "missing field 'hand'"),
    (lambda d: d.pop("trump"), "missing field 'trump'"),
    (lambda d: d.update(game="bridge"), "unknown game"),
    (lambda d: d.update(seat="X"), "not a seat"),
    (lambda d: d.update(trump="Z"), "'trump' is a suit letter"),
    (lambda d: d.update(trump=None), "'trump' is null"),
    (lambda d: d.update(turnup="4S"), "not a trump"),
    (lambda d: d.update(hand=[*d["hand"][:-1], "ZZ"]), "not a card"),
    (lambda d: d.update(hand=[*d["hand"][:-1], d["hand"][0]]), "listed twice"),
    (lambda d: d.update(hand=[*d["hand"][:-1], "KS"]), "KS appears twice"),
    (lambda d: d.update(hand=d["hand"][:-1]), "the hand holds 11 cards"),
    (lambda d: d["current"].update(leader="N"), "leads it"),
    (lambda d: d["tricks"][0].update(leader="E"), "leads it"),
    (lambda d: d["tricks"][0]["cards"].pop(), "has 3 cards"),
    (lambda d: d.update(current=["JS"]), "wrong type"),
    (lambda d: d.update(current={"cards": "JS"}), "list of cards"),
    (lambda d: d.update(level="master"), "unknown level"),
    (lambda d: d.update(seed="one"), "wrong type"),
    (lambda d: d.update(hand=d["hand"][1:], current={"cards": ["JS", "TS", "4S", "8S"]}), "complete"),
])
def test_bad_requests_get_clear_errors(change: Any, message: str) -> None:
    _, data = _base()
    change(data)
    answer = choose(data)
    assert set(answer) == {"error"} and message in answer["error"], answer


def test_no_card_is_chosen_out_of_turn() -> None:
    state, _ = _base()
    waiting = next(s for s in state.rules.seats if s != state.to_play)
    assert "turn" in choose(request_of(state.observation(waiting)))["error"]
    assert choose([1, 2]) == {"error": "an observation is a JSON object"}
    while state.phase is Phase.PLAY:
        state.apply(state.legal_actions()[0])
    assert "nothing to decide" in choose(state.observation(Seat.S).to_json())["error"]


def test_serve_answers_every_line_and_keeps_going() -> None:
    state, good = _base()
    lines = [json.dumps(good), "not json", "", json.dumps({"game": "classic"}),
             json.dumps({**good, "level": "nope"}), json.dumps(good)]
    out = io.StringIO()
    serve(lines, out)
    answers = [json.loads(x) for x in out.getvalue().splitlines()]
    assert len(answers) == 5
    assert answers[0] == answers[4] and answers[0]["card"] in state.legal_actions()
    assert "not JSON" in answers[1]["error"] and "missing field 'seat'" in answers[2]["error"]
    assert "unknown level" in answers[3]["error"]


def test_python_m_whist_bot_speaks_the_protocol() -> None:
    positions = [s for s in random_positions(5, seed=11) if s.to_play is not None]
    requests = [request_of(s.observation(s.to_play)) for s in positions]  # type: ignore[arg-type]
    lines = [json.dumps(r) for r in requests]
    lines.insert(1, "{broken")
    result = subprocess.run([sys.executable, "-m", "whist.bot", "--level", "normal", "--seed", "1"],
                            input="\n".join(lines) + "\n", capture_output=True, text=True,
                            cwd=ROOT, timeout=60, check=True)
    answers = [json.loads(x) for x in result.stdout.splitlines()]
    assert len(answers) == len(lines)
    assert "error" in answers[1]
    good = answers[:1] + answers[2:]
    for state, request, answer in zip(positions, requests, good, strict=True):
        assert answer["card"] in state.legal_actions()
        assert answer == choose(request, seed=1)


def test_the_documented_example_is_valid_and_answered_as_documented() -> None:
    blocks = re.findall(r"```json\n(.*?)```", DOC.read_text(), re.S)
    request, answer, old_form = (json.loads(b) for b in blocks[:3])
    assert choose(request) == answer == choose(old_form)
    assert parse_request(request) == parse_request(old_form)
    # The example is a real position: the state that produced it makes the same request.
    state, data = _base()
    assert data == {k: v for k, v in request.items() if k not in ("level", "seed")}
    assert parse_request(request) == state.observation(Seat.S)
    bad, said = (json.loads(b) for b in blocks[3:5])  # the error example
    assert choose(bad) == said


def _contract_example() -> GameState:
    state = GameState("contract", seed=4)
    state.apply("pass")
    return state


def _german_example() -> GameState:
    state = GameState("german", seed=9)
    for _ in range(5):
        state.apply(state.legal_actions()[-1])
    return state


def _dummy_example() -> GameState:
    state = GameState("dummy", seed=2)
    while state.to_play != Seat.N or not state.tricks:
        state.apply(state.legal_actions()[0])
    return state


def test_the_documented_examples_of_each_game_are_real_positions_answered_as_documented() -> None:
    blocks = re.findall(r"```json\n(.*?)```", DOC.read_text(), re.S)[5:]
    examples = [_contract_example(), _german_example(), _dummy_example()]
    assert len(blocks) == 2 * len(examples)
    for state, request, answer in zip(examples, blocks[::2], blocks[1::2], strict=True):
        request, answer = json.loads(request), json.loads(answer)
        seat = state.to_play
        assert seat is not None
        assert parse_request(request) == state.observation(seat)
        assert {k: v for k, v in request.items() if k not in ("level", "seed")} == \
            request_of(state.observation(seat))
        assert choose(request) == answer
        assert next(iter(answer.values())) in state.legal_actions()


def test_the_protocol_names_every_game_and_option() -> None:
    """docs/bot-protocol.md documents each game and each value of each of its options."""
    text = DOC.read_text()
    table = {line.split("|")[1].strip(): line for line in text.splitlines() if line.startswith("| `")}
    for name, cls in GAMES.items():
        row = table.get(f"`{name}` {cls.title}")
        assert row is not None, f"{name} has no row in the table of games"
        for option, values in cls.option_choices.items():
            assert f"`{option}`" in text, option
            for value in values:
                said = json.dumps(value)
                assert said in row or ("as Classic" in row and said in table["`classic` Classic Whist"]), \
                    (name, option, value)
