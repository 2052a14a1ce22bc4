"""Contract Whist's auction read by the searching levels (whist.ai.auction_read): a suit another
seat bid shows length there, and the deals a search values are drawn in proportion to it, exactly."""

from __future__ import annotations

import dataclasses
import importlib.util
import random
from collections import Counter
from pathlib import Path
from statistics import mean
from typing import Any

import pytest

from tests.test_sampling import brute_force, small_constrained_position
from whist.ai import montecarlo
from whist.ai.auction_read import BID_LENGTH, bid_lengths
from whist.ai.heuristic import RuleBasedPlayer
from whist.ai.montecarlo import EXPERT, MonteCarloPlayer, draw_deals
from whist.ai.play import play
from whist.ai.sampling import DealSampler
from whist.engine.cards import SUIT_MASK
from whist.engine.deal import Hands
from whist.engine.observation import Observation
from whist.engine.seats import Seat
from whist.engine.state import GameState, Phase
from whist.engine.trick import Trick

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
BIDDER = RuleBasedPlayer()  # (every level bids by the rules of thumb)


def contracts(count: int) -> list[tuple[GameState, Observation]]:
    """Seeded deals bid by the rules of thumb to a suit contract that the opening leader's side
    defends: the state at the first card and the leader's observation."""
    found: list[tuple[GameState, Observation]] = []
    seed = 0
    while len(found) < count:
        state = GameState("contract", seed=seed)
        seed += 1
        play(state, dict.fromkeys(state.rules.seats, BIDDER), stop=lambda st: st.phase is not Phase.AUCTION)
        contract = state.contract
        if state.to_play is not None and contract is not None and contract.strain is not None:
            obs = state.observation(state.to_play)
            if obs.side_of(contract.declarer) != obs.side_of(obs.seat):
                found.append((state, obs))
    return found


def test_each_suit_another_seat_bid_and_nothing_else() -> None:
    obs = contracts(1)[0][1]
    auction = ((N, "7H"), (E, "7S"), (S, "7NT"), (W, "8S"), (N, "pass"), (E, "double"), (S, "9D"), (W, "pass"))
    for seat in (N, E, S, W):
        seen = dataclasses.replace(obs, seat=seat, auction=auction)
        expected = {(s, suit) for s, suit in {(N, 1), (E, 0), (W, 0), (S, 2)} if s != seat}
        assert set(bid_lengths(seen)) == expected  # no trumps, passes, doubles and one's own bids: nothing
        for table in bid_lengths(seen).values():
            assert table == BID_LENGTH  # no card played yet: the length is the cards dealt


def test_the_cards_a_seat_played_of_its_suit_count_in_its_length() -> None:
    # The declarer's cards of its suit in a finished trick and in the trick on the table: its length
    # in the auction is those and the cards it is dealt now.
    state, obs = contracts(1)[0]
    contract = state.contract
    assert contract is not None and contract.strain is not None
    declarer, suit = contract.declarer, contract.strain
    mine = [c for c in range(13 * suit, 13 * suit + 13) if state.hands[declarer] >> c & 1][:2]
    other = next(c for c in range(52) if c // 13 != suit and state.hands[declarer] >> c & 1)
    earlier = Trick(declarer, ((declarer, mine[0]),), declarer)
    seen = dataclasses.replace(obs, tricks=(earlier,), trick=((declarer, mine[1]),))
    assert bid_lengths(seen)[declarer, suit] == BID_LENGTH[2:] + (BID_LENGTH[-1],) * 2
    off_suit = dataclasses.replace(obs, trick=((declarer, other),))
    assert bid_lengths(off_suit)[declarer, suit] == BID_LENGTH


def weight(deal: Hands, lengths: dict[tuple[Seat, int], tuple[int, ...]], sampler: DealSampler) -> int:
    w = 1
    for (seat, suit), table in lengths.items():
        i = sampler.seats.index(seat)
        w *= table[(deal[seat] & ~sampler.fixed[i] & SUIT_MASK[suit]).bit_count()]
    return w


def test_the_deals_come_in_proportion_to_the_weights_exactly() -> None:
    """On a position small enough to list every deal: the weighed count is the sum of the deals'
    weights, and each deal comes up in proportion to its weight."""
    state = small_constrained_position()
    obs = state.observation(state.to_play)  # type: ignore[arg-type]
    others = [s for s in obs.seats if s != obs.seat]
    lengths = {(seat, suit): tuple((i + suit + 2) ** n for n in range(14))
               for i, seat in enumerate(others) for suit in range(4)}
    sampler = DealSampler(obs, lengths)
    every = brute_force(DealSampler(obs))
    weights = {deal: weight(deal, lengths, sampler) for deal in every}
    assert sampler.count() == sum(weights.values())
    assert len(set(weights.values())) > 1  # (the weights differ: the test can tell)
    rng = random.Random(5)
    n = 200 * len(every)
    seen = Counter(sampler.sample(rng) for _ in range(n))
    assert set(seen) <= set(every)
    total = sum(weights.values())
    for deal, w in weights.items():  # a loose 5-sigma band around each deal's share
        expected = n * w / total
        assert abs(seen[deal] - expected) < 5 * expected ** 0.5 + 1, (seen[deal], expected)


def trump_length(deals: list[Hands], state: GameState) -> float:
    contract = state.contract
    assert contract is not None and contract.strain is not None
    return mean((deal[contract.declarer] & SUIT_MASK[contract.strain]).bit_count() for deal in deals)


def test_a_search_that_reads_the_bids_gives_the_declarer_its_trumps() -> None:
    """Uniform deals give the declarer its share of the trumps it does not hold; deals drawn with
    the bids read give it what the bid shows, nearer its real holding, on average over deals."""
    reading = (EXPERT.miss, False, None, None, None, True, None, (), False)
    errors = []
    for state, obs in contracts(12):
        plain = [d for d, _ in draw_deals(obs, 40, 1, random.Random(2), *reading)]
        read = [d for d, _ in draw_deals(obs, 40, 1, random.Random(2), *reading, True)]
        real = trump_length([tuple(state.hands)], state)  # type: ignore[list-item]
        errors.append((abs(trump_length(plain, state) - real), abs(trump_length(read, state) - real)))
        assert trump_length(read, state) > trump_length(plain, state), (state.contract, real)
    assert mean(e for _, e in errors) < 0.5 * mean(e for e, _ in errors), errors


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_both_searching_levels_read_the_bids_in_the_deals_they_search(level: str, monkeypatch: Any) -> None:
    """The deals Hard's and Expert's own searches draw, as a defender at the first card of a suit
    contract, give the declarer more trumps than the same level's with the bids unread (the
    benchmark behind it: benchmarks/gib.py --game contract, benchmarks/HISTORY.md)."""
    drawn: list[list[Hands]] = []

    def drawing(*args: Any) -> Any:
        deals = draw_deals(*args)
        drawn.append([deal for deal, _ in deals])
        return deals

    monkeypatch.setattr(montecarlo, "draw_deals", drawing)  # (the search's own call, watched)
    settings = montecarlo.SETTINGS[level].but(budget=None)
    assert settings.bids
    read: list[float] = []
    plain: list[float] = []
    for state, obs in contracts(3):
        for reads, out in ((settings, read), (settings.but(bids=False), plain)):
            drawn.clear()
            MonteCarloPlayer(seed=3, settings=reads).choose(obs)
            out.append(mean(trump_length(deals, state) for deals in drawn))
    assert mean(read) > mean(plain) + 0.5, (read, plain)


def test_the_weights_are_the_ratios_benchmarks_bid_lengths_measures() -> None:
    """BID_LENGTH is what ``python benchmarks/bid_lengths.py`` measures of the rules of thumb's
    bids (3000 deals): a change to the bidder that changes what a bid shows fails here."""
    path = Path(__file__).resolve().parent.parent / "benchmarks" / "bid_lengths.py"
    spec = importlib.util.spec_from_file_location("bid_lengths", path)
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    bid, every = script.measure(3000)
    bids, holdings = sum(bid.values()), sum(every.values())
    for length in range(3, 9):
        assert BID_LENGTH[length] == round(100 * (bid[length] / bids) / (every[length] / holdings)), length
    assert not any(bid[length] for length in range(3))  # never bid with two cards or fewer
