"""benchmarks/gib.py's GIB-style player is the reference it claims to be (issue 40).

The reference: at each card, 10 layouts of the hidden cards drawn uniformly among those
consistent with what its seat has seen (hand sizes, the voids the rules make certain, the
turn-up while the dealer holds it), each solved exactly by DDS (through endplay), and the
card with the most tricks for its side on average, the lowest card among equals. These tests
check each part against the project's own pieces: DDS's values against the project's solver
(:mod:`whist.ai.solver`) on every layout of every position the player meets in whole hands,
inside tricks too; the choice against those values; the layouts against an enumeration of
every consistent one (a chi-square bound, fixed seeds: it cannot flake), and the bound
against a sampler known to be biased, so that the test can fail.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from tests.test_gib_bench import load_with_dds
from tests.test_sampling import brute_force
from whist.ai.play import play
from whist.ai.players import make_player
from whist.ai.sampling import DealSampler
from whist.ai.solver import solve_cards
from whist.engine.cards import SUIT_MASK, card_name, cards_of, parse_card, parse_cards
from whist.engine.deal import Hands
from whist.engine.observation import Observation
from whist.engine.seats import Seat
from whist.engine.state import GameState, Phase

SOLVED_FROM = 24
"""Positions with this many cards still held or fewer (the last six tricks) are solved by the
project's solver too; earlier, a whole deal takes it seconds to a minute in CPython."""


@pytest.fixture(scope="module")
def gib() -> Any:
    return load_with_dds("gib")


class Recorder:
    """Each of the reference's choices: the observation, the layouts it solved with DDS and
    their values, and the card it played."""

    def __init__(self, gib: Any, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls: list[tuple[Observation, Hands, dict[int, int]]] = []
        self.choices: list[tuple[Observation, list[tuple[Hands, dict[int, int]]], str]] = []
        real: Callable[[Observation, Hands], dict[int, int]] = gib.dd_values

        def recording(obs: Observation, hands: Hands) -> dict[int, int]:
            values = real(obs, hands)
            self.calls.append((obs, hands, values))
            return values

        monkeypatch.setattr(gib, "dd_values", recording)
        self.gib = gib

    def player(self, seed: int) -> Any:
        recorder = self

        class Recorded:
            def __init__(self) -> None:
                self.inner = recorder.gib.GibPlayer(seed)

            def choose(self, obs: Observation) -> str:
                recorder.calls.clear()
                card = self.inner.choose(obs)
                recorder.choices.append((obs, [(h, v) for _, h, v in recorder.calls], card))
                return card

        return Recorded()


def test_the_reference_values_every_layout_as_our_solver_and_plays_the_best_average(
        gib: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    recorder = Recorder(gib, monkeypatch)
    for seed in (11, 12):
        state = GameState("classic", seed=seed)
        play(state, {s: recorder.player(4 * seed + s) for s in state.rules.seats})
        assert state.phase is Phase.HAND_OVER
    solved_inside: Counter[int] = Counter()
    for obs, layouts, card in recorder.choices:
        legal = list(cards_of(obs.legal))
        if len(legal) == 1:
            assert not layouts  # a forced card is played without a search
            continue
        assert len(layouts) == 10
        sampler = DealSampler(obs)
        leader = Seat(obs.trick[0][0]) if obs.trick else obs.to_play
        assert leader is not None
        totals = dict.fromkeys(legal, 0)
        for hands, values in layouts:
            assert sampler.is_consistent(hands)  # hand sizes, voids, the turn-up
            assert sorted(values) == legal  # DDS values every legal card, equal ones included
            left = sum(h.bit_count() for h in hands)
            if left <= SOLVED_FROM:
                # The project's solver on the same layout, trump and trick: the mover's side's
                # tricks from the current trick on, card by card.
                assert values == solve_cards(hands, obs.trump, leader, trick=obs.trick), (obs, hands)
                solved_inside[len(obs.trick)] += 1
            else:
                assert all(0 <= v <= (left + len(obs.trick)) // 4 for v in values.values())
            for c, v in values.items():
                totals[c] += v
        best = max(totals.values())
        assert card == card_name(min(c for c in legal if totals[c] == best))
    # Every place in a trick: leading, second, third and fourth hand, over dozens of layouts each.
    assert set(solved_inside) == {0, 1, 2, 3} and min(solved_inside.values()) >= 50, solved_inside


@pytest.mark.parametrize(("east", "expect"), [
    # East's two of spades on the table: North's ten wins unless West ruffs.
    ("2S", {1: ("2H", 1, "4D", 0), None: ("2H", 0, "4D", 0), 2: ("2H", 1, "4D", 1)}),
    # East's king on the table: the trick is West's side's already; a trump kept wins more.
    ("KS", {1: ("2H", 1, "4D", 1), None: ("2H", 1, "4D", 1), 2: ("2H", 2, "4D", 1)}),
])
def test_the_reference_gets_the_trick_on_the_table_and_the_trumps(
        gib: Any, east: str, expect: dict[int | None, tuple[str, int, str, int]]) -> None:
    """Two tricks left, made by hand: North led the ten of spades, East and South followed, and
    West, void in spades, plays fourth with the two of hearts and four of diamonds; North keeps
    the ace of hearts, South the ace of spades, East the other spade. What each card is worth
    to East-West depends on who holds the trick on the table and on the trumps (hearts, none,
    diamonds): worked out by hand, and DDS and the project's solver both say it."""
    other = "KS" if east == "2S" else "2S"
    hands = (parse_cards("AH"), parse_cards(other), parse_cards("AS"), parse_cards("2H 4D"))
    trick = ((Seat.N, parse_card("TS")), (Seat.E, parse_card(east)), (Seat.S, parse_card("3S")))
    for trump, (a, va, b, vb) in expect.items():
        want = {parse_card(a): va, parse_card(b): vb}
        assert gib.dds_cards(hands, trump, Seat.N, trick=trick) == want, trump
        assert solve_cards(hands, trump, Seat.N, trick=trick) == want, trump


def endgame_with_voids_and_the_turn_up() -> Observation:
    """A seat's view late in a hand of random play: at most nine cards hidden, two or more
    certain voids among the others, the turn-up still in the dealer's hand (another seat's)
    and cards on the table."""
    for seed in range(200):
        state = GameState("classic", seed=seed)
        play(state, dict.fromkeys(state.rules.seats, make_player("easy", seed)), limit=38)
        if state.phase is not Phase.PLAY or state.to_play is None:
            continue
        obs = state.observation(state.to_play)
        voids = sum(v.bit_count() for s, v in obs.certain_voids().items() if s != obs.seat)
        if (obs.turn_up_visible and obs.dealer != obs.seat and obs.unseen.bit_count() <= 9 and voids >= 2
                and obs.trick and obs.legal.bit_count() > 1):
            return obs
    raise AssertionError("no such position in 200 hands")


def chi_square(counts: Counter[Hands], layouts: list[Hands], n: int) -> float:
    expected = n / len(layouts)
    return sum((counts[deal] - expected) ** 2 / expected for deal in layouts)


def chi_square_bound(layouts: list[Hands]) -> float:
    """Six standard deviations above the statistic's mean under uniform sampling (k - 1
    degrees of freedom: mean k - 1, variance 2(k - 1))."""
    k = len(layouts)
    return k - 1 + 6 * (2 * (k - 1)) ** 0.5


def sequential_deal(obs: Observation, sampler: DealSampler, rng: random.Random) -> Hands:
    """A biased dealer, for the test's power: each hidden card in turn to a seat picked
    uniformly among those with room that are not void in its suit (again on a dead end).
    Consistent, but not uniform where voids differ between seats."""
    while True:
        hands = [0, 0, 0, 0]
        hands[obs.seat] = obs.hand
        room = list(sampler.room)
        for i, s in enumerate(sampler.seats):
            hands[s] = sampler.fixed[i]
        for c in cards_of(obs.unseen):
            open_ = [i for i in range(len(room)) if room[i] and sampler.allowed[i] >> (c // 13) & 1]
            if not open_:
                break
            i = rng.choice(open_)
            hands[sampler.seats[i]] |= 1 << c
            room[i] -= 1
        else:
            return (hands[0], hands[1], hands[2], hands[3])


def test_the_references_layouts_are_uniform_over_the_consistent_ones(
        gib: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    obs = endgame_with_voids_and_the_turn_up()
    sampler = DealSampler(obs)
    layouts = brute_force(sampler)  # every consistent layout, by trying every owner
    assert sampler.count() == len(layouts) > 20
    voids = obs.certain_voids()
    for deal in layouts:  # what "consistent" means, checked on its own
        assert deal[obs.seat] == obs.hand
        assert deal[obs.dealer] >> obs.turn_up & 1  # type: ignore[operator]
        for s in obs.seats:
            assert deal[s].bit_count() == obs.hand_sizes[s]
            assert not any(voids[s] >> suit & 1 and deal[s] & SUIT_MASK[suit] & obs.unseen for suit in range(4))
    # The layouts the reference itself solves, its DDS call replaced by a recorder.
    seen: Counter[Hands] = Counter()

    def record(o: Observation, hands: Hands) -> dict[int, int]:
        seen[hands] += 1
        return dict.fromkeys(cards_of(o.legal), 0)

    monkeypatch.setattr(gib, "dd_values", record)
    per_layout = 120
    player = gib.GibPlayer(seed=40, samples=per_layout * len(layouts))
    player.choose(obs)
    n = per_layout * len(layouts)
    assert sum(seen.values()) == n
    assert set(seen) == set(layouts)  # every consistent layout comes up, and nothing else
    bound = chi_square_bound(layouts)
    assert chi_square(seen, layouts, n) < bound
    # The same bound catches a dealer that is consistent but not uniform.
    rng = random.Random(40)
    biased = Counter(sequential_deal(obs, sampler, rng) for _ in range(n))
    assert set(biased) <= set(layouts)
    assert chi_square(biased, layouts, n) > bound
