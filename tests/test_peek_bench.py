"""benchmarks/peek.py: the GIB-style player shown partner's cards or every hand (DDS through endplay)."""

from __future__ import annotations

import random
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests.test_gib_bench import load_with_dds
from whist.ai.play import play
from whist.ai.players import make_player
from whist.engine.cards import parse_card
from whist.engine.state import GameState

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def peek() -> ModuleType:
    return load_with_dds("peek")


def recorded_deals(peek: Any, monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int, int, int]]:
    """The deals the players solve from now on, in order (``peek.dd_values`` still answers)."""
    seen: list[tuple[int, int, int, int]] = []
    real = peek.dd_values

    def recording(o: Any, hands: tuple[int, int, int, int]) -> dict[int, int]:
        seen.append(hands)
        return real(o, hands)

    monkeypatch.setattr(peek, "dd_values", recording)
    return seen


def _midway(seed: int, cards: int) -> GameState:
    state = GameState("classic", seed=seed)
    play(state, dict.fromkeys(state.rules.seats, make_player("normal", seed)), limit=cards)
    return state


def test_shown_every_hand_it_plays_a_double_dummy_best_card(peek: Any) -> None:
    for seed in range(6):
        state = _midway(seed, 17 + seed)
        obs = state.observation(state.to_play)  # type: ignore[arg-type]
        card = parse_card(peek.PeekingGib(seed, lambda table=state: table.hands, "all").choose(obs))
        values = peek.dd_values(obs, state.hands)
        assert values[card] == max(values[c] for c in values if obs.legal >> c & 1)


def test_shown_partner_it_deals_only_the_opponents_cards(peek: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    state = _midway(3, 9)
    obs = state.observation(state.to_play)  # type: ignore[arg-type]
    seen = recorded_deals(peek, monkeypatch)
    player = peek.PeekingGib(1, lambda: state.hands, "partner", samples=6)
    player.rng = random.Random(2)
    player.choose(obs)
    partner = obs.partner
    assert partner is not None and len(seen) == 6
    assert all(h[partner] == state.hands[partner] and h[obs.seat] == obs.hand for h in seen)
    opponents = [s for s in obs.seats if s not in (obs.seat, partner)]
    assert len({h[opponents[0]] for h in seen}) > 1  # the opponents' cards are dealt at random
    with pytest.raises(ValueError, match="--sees is one of partner, lengths, honours, all, not 'east'"):
        peek.PeekingGib(1, lambda: state.hands, "east")


def test_a_deal_is_scored_as_the_duplicate_difference(peek: Any, capsys: pytest.CaptureFixture[str]) -> None:
    times: dict[str, list[float]] = {}
    score = peek.peek_deal(0, 7, "all", 1, times)
    assert -13 <= score <= 13 and times["informed"] and times["plain"]
    peek.main(["--sees", "all", "--deals", "2", "--samples", "1"])
    out = capsys.readouterr().out
    assert "GIB-style (1 deals solved by DDS) shown every hand against the same unshown, 2 duplicate deals" in out
    assert "advantage:" in out and "95% CI" in out


@pytest.mark.parametrize("sees", ["lengths", "honours"])
def test_told_partners_lengths_or_honours_it_deals_only_layouts_that_agree(
        peek: Any, monkeypatch: pytest.MonkeyPatch, sees: str) -> None:
    state = _midway(4, 6)
    obs = state.observation(state.to_play)  # type: ignore[arg-type]
    partner = obs.partner
    assert partner is not None
    seen = recorded_deals(peek, monkeypatch)
    peek.PeekingGib(1, lambda: state.hands, sees, samples=5).choose(obs)
    truth = peek.told(sees, state.hands[partner])
    assert len(seen) == 5 and all(peek.told(sees, h[partner]) == truth for h in seen)
    assert len({h[partner] for h in seen}) > 1  # told a fact about the hand, not the hand
    assert peek.told("lengths", 0b111 | 1 << 13) == (3, 1, 0, 0)
    assert peek.told("honours", 1 << 12 | 1 << 3) == 1 << 12


def test_expert_shown_partner_searches_with_partners_cards_in_place(peek: Any) -> None:
    state = _midway(5, 10)
    obs = state.observation(state.to_play)  # type: ignore[arg-type]
    informed = peek.PeekingExpert(3, lambda: state.hands)
    asked: list[Any] = []

    def asking(o: Any) -> str:
        asked.append(o)
        return "AS"

    informed.player.choose = asking
    assert informed.choose(obs) == "AS"
    partner = obs.partner
    assert partner is not None
    assert asked[0].exposed == ((partner, state.hands[partner]),) and asked[0].hand == obs.hand
    assert not asked[0].unseen & state.hands[partner]  # partner's cards are no longer dealt at random
    with pytest.raises(SystemExit):
        peek.main(["--player", "expert", "--sees", "all"])
