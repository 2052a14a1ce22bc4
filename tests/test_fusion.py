"""The last tricks searched over what a seat will see (whist.ai.fusion), checked
against the plain averages and against every way of playing, enumerated."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

import pytest

from whist.ai.fusion import fusable, fused_values
from whist.ai.montecarlo import EXPERT, MonteCarloPlayer, _candidates, draw_deals
from whist.ai.play import Decision, play
from whist.ai.players import make_player
from whist.ai.solver import solve_cards
from whist.engine.deal import Hands
from whist.engine.observation import Observation
from whist.engine.seats import Seat
from whist.engine.state import GameState
from whist.engine.trick import trick_winner


def positions(tricks_left: int, games: int) -> Iterator[Observation]:
    """Observations with a real choice and at most ``tricks_left`` tricks left, from hands
    of Classic Whist played by the normal level."""
    for g in range(games):
        state = GameState("classic", seed=100 + g)
        players = {s: make_player("normal", g * 4 + int(s)) for s in state.rules.seats}
        seen: list[Decision] = []
        play(state, players, on_decision=seen.append)
        yield from (d.observation for d in seen
                    if d.observation.hand.bit_count() <= tricks_left and len(_candidates(d.observation)) > 1)


def plain(obs: Observation, deals: list[tuple[Hands, float]]) -> dict[int, float]:
    """Each card's double-dummy value averaged over the deals (Perfect Information Monte Carlo)."""
    totals: dict[int, float] = {}
    for deal, weight in deals:
        for c, v in solve_cards(deal, obs.trump, Seat(obs.leader), trick=obs.trick, sides=obs.sides).items():
            totals[c] = totals.get(c, 0.0) + weight * v
    total = sum(w for _, w in deals)
    return {c: v / total for c, v in totals.items()}


class Missing(Exception):
    def __init__(self, history: tuple[int, ...], legal: list[int]) -> None:
        self.history, self.legal = history, legal


def every_way(obs: Observation, deals: list[tuple[Hands, float]], limit: int = 10) -> dict[int, float] | None:
    """Each first card's value under the best way of playing on, found by trying every way:
    a way is a card for each sequence of cards seen (this seat's cards the same on every
    deal that shows the same sequence); the others play each deal's best for their side
    knowing the way (partner the best for us, opponents the worst). None where this seat
    has a choice after more than ``limit`` sequences (2**limit ways and more)."""
    me = obs.seat
    ours = obs.side_of(me)
    seats = [Seat(p) for p in range(4)]

    def value(hands: list[int], trick: list[tuple[Seat, int]], leader: Seat, history: tuple[int, ...],
              way: dict[tuple[int, ...], int]) -> float:
        if not any(hands) and not trick:
            return 0.0
        mover = seats[(int(leader) + len(trick)) % 4]
        legal = hands[mover]
        if trick:
            follow = legal & (0x1FFF << (13 * (trick[0][1] // 13)))
            legal = follow or legal
        cards = [c for c in range(52) if legal >> c & 1]
        if mover == me:
            if len(cards) > 1 and history not in way:
                raise Missing(history, cards)
            cards = [way[history] if len(cards) > 1 else cards[0]]
        results = []
        for c in cards:
            hands[mover] ^= 1 << c
            played = [*trick, (mover, c)]
            if len(played) == 4:
                winner = played[trick_winner([x for _, x in played], obs.trump)][0]
                won = 1.0 if obs.side_of(winner) == ours else 0.0
                results.append(won + value(hands, [], winner, (*history, c), way))
            else:
                results.append(value(hands, played, leader, (*history, c), way))
            hands[mover] ^= 1 << c
        if mover == me:
            return results[0]
        return max(results) if obs.side_of(mover) == ours else min(results)

    def choices(hands: list[int], trick: list[tuple[Seat, int]], leader: Seat, history: tuple[int, ...],
                out: set[tuple[int, ...]]) -> None:
        """The sequences seen after which this seat has a choice, every card tried."""
        if not any(hands):
            return
        mover = seats[(int(leader) + len(trick)) % 4]
        legal = hands[mover]
        if trick:
            legal = legal & (0x1FFF << (13 * (trick[0][1] // 13))) or legal
        cards = [c for c in range(52) if legal >> c & 1]
        if mover == me and len(cards) > 1:
            out.add(history)
        for c in cards:
            hands[mover] ^= 1 << c
            played = [*trick, (mover, c)]
            if len(played) == 4:
                winner = played[trick_winner([x for _, x in played], obs.trump)][0]
                choices(hands, [], winner, (*history, c), out)
            else:
                choices(hands, played, leader, (*history, c), out)
            hands[mover] ^= 1 << c

    seen: set[tuple[int, ...]] = set()
    for deal, _ in deals:
        choices(list(deal), list(obs.trick), Seat(obs.leader), (), seen)
    if len(seen) > limit:
        return None  # too many ways to try them all
    total = sum(w for _, w in deals)
    best: dict[int, float] = {}

    def explore(way: dict[tuple[int, ...], int]) -> None:
        try:
            mean = sum(w * value(list(deal), list(obs.trick), Seat(obs.leader), (), way) for deal, w in deals)
        except Missing as gap:
            for c in gap.legal:
                explore({**way, gap.history: c})
            return
        first = way[()]
        best[first] = max(best.get(first, -1.0), mean / total)

    explore({})
    return best


def test_one_move_is_the_plain_average() -> None:
    checked = 0
    for obs in positions(4, 3):
        deals = draw_deals(obs, 12, 2, random.Random(checked))
        cands = _candidates(obs)
        fused, average = fused_values(obs, deals, cands, 1), plain(obs, deals)
        assert fused == pytest.approx({c: average[c] for c in cands})
        checked += 1
    assert checked >= 10


def test_searching_together_never_values_a_card_above_the_average() -> None:
    """Choosing later cards once for deals that look alike can only cost: each card's
    value is at most its plain average, and somewhere strictly below."""
    below = 0
    for i, obs in enumerate(positions(4, 4)):
        deals = draw_deals(obs, 10, 1, random.Random(i))
        cands = _candidates(obs)
        fused, average = fused_values(obs, deals, cands, 3), plain(obs, deals)
        for c in cands:
            assert fused[c] <= average[c] + 1e-9
            below += fused[c] < average[c] - 1e-9
    assert below > 0


def test_the_search_finds_the_best_way_of_playing_that_every_way_finds() -> None:
    """On endings of three tricks over three deals, the fused values are exactly the best
    of every way of playing on, tried one by one (where there are at most 2**10 ways)."""
    checked = 0
    for i, obs in enumerate(positions(3, 10)):
        deals = draw_deals(obs, 3, 1, random.Random(i))
        cands = _candidates(obs)
        brute = every_way(obs, deals)
        if brute is None:
            continue
        fused = fused_values(obs, deals, cands, 3)
        assert fused == pytest.approx({c: brute[c] for c in cands})
        checked += 1
    assert checked >= 20


def test_fusable_only_where_each_seat_plays_its_own_unseen_hand() -> None:
    state = GameState("classic", seed=1)
    seat = state.to_play
    assert seat is not None
    obs = state.observation(seat)
    assert fusable(obs)
    assert not fusable(state.observation(seat.next_clockwise()))  # not its turn
    assert not fusable(dataclasses.replace(obs, exposed=((seat.next_clockwise(), 1),)))  # a dummy in view


def test_the_player_fuses_within_its_tricks_only(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []

    def spy(obs: Observation, deals: list[tuple[Hands, float]], cards: list[int], moves: int) -> dict[int, float]:
        calls.append(obs.hand.bit_count())
        return fused_values(obs, deals, cards, moves)

    monkeypatch.setattr("whist.ai.montecarlo.fused_values", spy)
    player = MonteCarloPlayer(seed=3, settings=EXPERT.but(budget=None, samples=6, fuse=3))
    plainer = MonteCarloPlayer(seed=3, settings=EXPERT.but(budget=None, samples=6))
    seen = 0
    for obs in positions(5, 2):
        card = player.choose_card(obs)
        assert obs.legal >> card & 1
        seen += 1
    assert seen and calls and max(calls) <= 3
    calls.clear()
    for obs in positions(5, 1):
        plainer.choose_card(obs)
    assert not calls
