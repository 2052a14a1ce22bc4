"""The bot protocol: observations through JSON and back, errors, the stdin/stdout loop, the docs."""

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

from whist.bot import choose, parse_observation, serve
from whist.players import LEVELS, make_player
from whist.seats import Seat
from whist.state import GameState, Phase

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "bot-protocol.md"


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


def test_observations_round_trip_through_json() -> None:
    for state in random_positions(150):
        for seat in state.rules.seats:
            obs = state.observation(seat)
            data = json.loads(json.dumps(obs.to_json()))
            assert parse_observation(data) == obs


def test_derived_fields_may_be_left_out() -> None:
    for state in random_positions(60, seed=8):
        if state.phase is not Phase.PLAY:
            continue
        seat = state.to_play
        assert seat is not None
        full = state.observation(seat).to_json()
        keep = ("game", "seat", "hand", "trump", "dealer", "turn_up", "scores", "target", "hand_number")
        small: dict[str, Any] = {k: full[k] for k in keep}
        small["tricks"] = [{"cards": t["cards"]} for t in full["tricks"]]
        small["trick"] = {"cards": full["trick"]["cards"]}
        assert parse_observation(small) == state.observation(seat)


def test_choose_answers_what_the_player_plays() -> None:
    for state in random_positions(80, seed=9):
        seat = state.to_play
        if seat is None:
            continue
        obs = state.observation(seat)
        for level in LEVELS:
            answer = choose(obs.to_json(), level=level, seed=3)
            assert answer == {"card": make_player(level, 3).choose(obs)}
            assert answer["card"] in state.legal_actions()


def _base() -> tuple[GameState, dict[str, Any]]:
    state = GameState("classic", seed=3)
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    seat = state.to_play
    assert seat is not None
    return state, state.observation(seat).to_json()


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.pop("hand"), "missing field 'hand'"),
    (lambda d: d.update(game="bridge"), "unknown game"),
    (lambda d: d.update(seat="X"), "not a seat"),
    (lambda d: d.update(trump="Z"), "'trump' is a suit letter"),
    (lambda d: d.update(hand=[*d["hand"][:-1], "ZZ"]), "not a card"),
    (lambda d: d.update(hand=[*d["hand"][:-1], d["hand"][0]]), "listed twice"),
    (lambda d: d.update(hand=[*d["hand"][:-1], "KS"]), "KS appears twice"),
    (lambda d: d.update(hand=d["hand"][:-1]), "the hand holds 11 cards"),
    (lambda d: d["trick"].update(leader="N"), "leads it"),
    (lambda d: d["trick"]["cards"].reverse(), "plays next"),
    (lambda d: d["tricks"][0].update(winner="N"), "the winner is E"),
    (lambda d: d.update(legal=d["hand"]), "'legal' does not match"),
    (lambda d: d.update(to_play="N"), "'to_play'"),
    (lambda d: d.update(turn_up_visible=False), "'turn_up_visible' must be true"),
    (lambda d: d.update(turn_up="4S"), "not a trump"),
    (lambda d: d.update(seats=["N", "S", "E", "W"]), "seats N E S W"),
    (lambda d: d.update(partnerships=["NE", "SW"]), "partnerships"),
    (lambda d: d.update(tricks_won=[1, 0]), "'tricks_won'"),
    (lambda d: d.update(hand_number="one"), "wrong type"),
    (lambda d: d.update(hand=d["hand"][1:],
                        trick={"cards": [["E", "JS"], ["S", "TS"], ["W", "4S"], ["N", "2S"]]}), "complete"),
])
def test_bad_observations_get_clear_errors(change: Any, message: str) -> None:
    _, data = _base()
    change(data)
    answer = choose(data)
    assert set(answer) == {"error"} and message in answer["error"], answer
    with pytest.raises(ValueError, match=re.escape(message)):
        parse_observation(data)


def test_no_card_is_chosen_out_of_turn() -> None:
    state, _ = _base()
    waiting = next(s for s in state.rules.seats if s != state.to_play)
    assert "turn" in choose(state.observation(waiting).to_json())["error"]
    assert choose([1, 2]) == {"error": "an observation is a JSON object"}
    while state.phase is Phase.PLAY:
        state.apply(state.legal_actions()[0])
    assert "no card to play" in choose(state.observation(Seat.S).to_json())["error"]


def test_serve_answers_every_line_and_keeps_going() -> None:
    state, good = _base()
    lines = [json.dumps(good), "not json", "", json.dumps({"game": "classic"}), json.dumps(good)]
    out = io.StringIO()
    serve(lines, out)
    answers = [json.loads(x) for x in out.getvalue().splitlines()]
    assert len(answers) == 4
    assert answers[0] == answers[3] and answers[0]["card"] in state.legal_actions()
    assert "not JSON" in answers[1]["error"] and "missing field 'seat'" in answers[2]["error"]


def test_python_m_whist_bot_speaks_the_protocol() -> None:
    positions = [s for s in random_positions(5, seed=11) if s.to_play is not None]
    lines = [json.dumps(s.observation(s.to_play).to_json()) for s in positions]  # type: ignore[arg-type]
    lines.insert(1, "{broken")
    result = subprocess.run([sys.executable, "-m", "whist.bot", "--level", "normal", "--seed", "1"],
                            input="\n".join(lines) + "\n", capture_output=True, text=True,
                            cwd=ROOT, timeout=60, check=True)
    answers = [json.loads(x) for x in result.stdout.splitlines()]
    assert len(answers) == len(lines)
    assert "error" in answers[1]
    good = answers[:1] + answers[2:]
    for state, answer in zip(positions, good, strict=True):
        assert answer["card"] in state.legal_actions()
        assert answer == choose(state.observation(state.to_play).to_json(), seed=1)  # type: ignore[arg-type]


def test_the_documented_example_is_valid_and_answered_as_documented() -> None:
    blocks = re.findall(r"```json\n(.*?)```", DOC.read_text(), re.S)
    full, answer, small = (json.loads(b) for b in blocks)
    assert parse_observation(full) == parse_observation(small)
    assert choose(full) == answer == choose(small)
    # The example is a real position: the state that produced it gives the same observation.
    state, data = _base()
    assert data == full
    assert parse_observation(full) == state.observation(Seat.W)
