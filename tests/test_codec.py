"""The page's and the workers' codec (whist.engine.codec): every tree the two send comes back
equal, through JSON text; and what it did not write is refused, not built."""

from __future__ import annotations

import json
from typing import Any

import pytest

from whist.ai.review import HandReview
from whist.engine import codec
from whist.engine.seats import Seat
from whist.engine.state import GameState, Phase


def observations(game: str, seed: int) -> list[Any]:
    """Every seat's observation at every step of a whole hand of ``game`` (the auction, the
    contract, the stock and a dummy included), played by the first legal action."""
    state = GameState(game, seed=seed)
    out: list[Any] = []
    while state.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
        out.extend(state.observation(s) for s in state.rules.seats)
        state.apply(state.legal_actions()[0])
    out.extend(state.observation(s) for s in state.rules.seats)
    return out


@pytest.mark.parametrize("game", ["classic", "contract", "german", "dummy", "short", "long"])
def test_every_observation_of_a_hand_comes_back_equal(game: str) -> None:
    for obs in observations(game, 7):
        back = codec.loads(codec.dumps(obs))
        assert back == obs and type(back) is type(obs)
        assert type(back.seat) is Seat and type(back.trick) is tuple


def test_a_hand_review_comes_back_with_its_marks() -> None:
    state = GameState("classic", seed=4)
    while state.phase is not Phase.HAND_OVER:
        state.apply(state.legal_actions()[0])
    review = HandReview.of(state)
    review.values = {0: 3, 5: 7}
    review.marks[0].before, review.marks[0].after = 6, 5
    back = HandReview.decode(codec.dumps(review))
    assert back == review
    assert back.marks[0].cost == 1 and back.values == {0: 3, 5: 7}
    assert isinstance(back.tricks, list) and isinstance(back.tricks[0], tuple)


@pytest.mark.parametrize("data", [
    {"d": "os:system", "f": ["ls"]},                        # a class from outside the game
    {"d": "whist.engine.seats:Nowhere", "f": []},           # no such class
    {"d": "whist.web.main:Page", "f": []},                  # the page's code: never imported here
    {"d": "whist.engine.codec:pack", "f": []},              # not a class
    {"d": "whist.engine.seats:Seat", "f": []},              # not a dataclass
    {"e": "whist.engine.seats:Seat", "v": 9},               # no such seat
    {"e": "whist.ai.review:Mark", "v": 1},                  # not an enum
    {"d": "whist.ai.review:Mark", "f": [1, 2]},             # too few fields
    {"m": [[1, 2, 3]]},                                     # not pairs
    {"x": 1},                                               # not the codec's data
    {"t": [1], "e": 2, "v": 3},                             # too many keys
])
def test_what_the_codec_did_not_write_is_refused(data: Any) -> None:
    with pytest.raises(ValueError):
        codec.loads(json.dumps(data))


def test_deep_or_broken_text_is_refused() -> None:
    deep = "[" * 100_000 + "]" * 100_000
    for text in (deep, "{", "", '{"t": [' * 70 + "1" + "]}" * 70):
        with pytest.raises(ValueError):
            codec.loads(text)
    with pytest.raises(TypeError):
        codec.dumps({1, 2})  # a set: not one of the tree's types
