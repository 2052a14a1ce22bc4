"""The two-hand solver: checked against plain minimax on small endgames and
against the general solver on long ones."""

from __future__ import annotations

import functools
import random

import pytest

from whist.ai.solver import solve_cards
from whist.ai.twohand import TwoHandTable, best_two_cards, choose_two, solve_two, solve_two_cards
from whist.engine.cards import HEARTS, parse_card, parse_cards
from whist.engine.seats import Seat

N, S = Seat.N, Seat.S


def minimax(a: int, b: int, trump: int | None, led: int = -1) -> dict[int, int]:
    """For each legal card of the player to move, the tricks it takes: plain
    minimax over every card, no pruning, no equivalences. ``a`` leads (and has
    led ``led``, if not -1), ``b`` follows."""

    @functools.cache
    def lead_value(a: int, b: int) -> int:  # tricks for a, on lead
        return max(after(a & ~(1 << c), b, c) for c in cards(a)) if a else 0

    @functools.cache
    def after(a: int, b: int, c: int) -> int:  # tricks for a, having led c
        return b.bit_count() - max(replies(a, b, c).values())

    def replies(a: int, b: int, c: int) -> dict[int, int]:  # tricks for b, by reply
        suit = b & (0x1FFF << 13 * (c // 13))
        out = {}
        for d in cards(suit or b):
            rest = b & ~(1 << d)
            b_wins = d > c if d // 13 == c // 13 else d // 13 == trump
            out[d] = 1 + lead_value(rest, a) if b_wins else rest.bit_count() - lead_value(a, rest)
        return out

    if led >= 0:
        return replies(a, b, led)
    return {c: after(a & ~(1 << c), b, c) for c in cards(a)}


def cards(mask: int) -> list[int]:
    """The cards of ``mask``, lowest first (every one of them: only the 52 bits not held are not tried)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def lowest_rank(mask: int) -> int:
    return min((c for c in range(52) if mask >> c & 1), key=lambda c: (c % 13, c))


def random_position(rng: random.Random, low: int, high: int) -> tuple[tuple[int, ...], int | None, Seat,
                                                                         tuple[tuple[Seat, int], ...]]:
    n = rng.randint(low, high)
    deck = list(range(52))
    rng.shuffle(deck)
    leader = rng.choice([N, S])
    hands = [0, 0, 0, 0]
    hands[leader] = sum(1 << c for c in deck[:n])
    hands[S if leader == N else N] = sum(1 << c for c in deck[n:2 * n])
    trick: tuple[tuple[Seat, int], ...] = ()
    if rng.random() < 0.4:
        card = deck[rng.randrange(n)]
        hands[leader] &= ~(1 << card)
        trick = ((leader, card),)
    return tuple(hands), rng.choice([0, 1, 2, 3, None]), leader, trick


def test_agrees_with_minimax_on_small_endgames() -> None:
    rng = random.Random(99)
    inside = 0
    for _ in range(400):
        hands, trump, leader, trick = random_position(rng, 1, 7)
        a, b = hands[leader], hands[S if leader == N else N]
        led = trick[0][1] if trick else -1
        inside += bool(trick)
        want = minimax(a, b, trump, led)
        assert solve_two_cards(hands, trump, leader, trick=trick) == want
        best = max(want.values())
        mask = sum(1 << c for c, v in want.items() if v == best)
        assert best_two_cards(hands, trump, leader, trick=trick) == (best, mask)
        assert choose_two(hands, trump, leader, trick=trick) == lowest_rank(mask)
        leader_takes = best if not trick else b.bit_count() - best
        assert solve_two(hands, trump, leader, trick=trick) == leader_takes
    assert inside > 100


@pytest.mark.parametrize("trump", [0, 3, None])
def test_a_shared_table_gives_each_position_its_own_value(trump: int | None) -> None:
    """One TwoHandTable for many positions of a trump (German Expert's layouts): what one
    search files in it never changes another's value. Small endgames of every size against
    minimax, then long ones that keep one hand and deal the other anew (as the layouts of
    one search do, so their positions meet in the table) against a search of their own."""
    rng = random.Random(7 if trump is None else trump)
    with TwoHandTable(trump) as table:
        for _ in range(300):
            n = rng.randint(1, 6)
            deck = rng.sample(range(52), 2 * n)
            a, b = sum(1 << c for c in deck[:n]), sum(1 << c for c in deck[n:])
            assert table.solve((a, 0, b, 0), N) == max(minimax(a, b, trump).values())
        mine = random.Random(1).sample(range(52), 13)
        for _ in range(40):
            rest = [c for c in range(52) if c not in mine]
            rng.shuffle(rest)
            n = rng.randint(8, 13)
            hands = (sum(1 << c for c in mine[:n]), 0, sum(1 << c for c in rest[:n]), 0)
            leader = rng.choice([N, S])
            assert table.solve(hands, leader) == solve_two(hands, trump, leader)
        assert len(table.search.tt) > 1000  # the positions met in one table
    assert not table.search.tt  # and it is emptied when closed
    with pytest.raises(ValueError):
        TwoHandTable(4)


@pytest.mark.parametrize("seed", range(4))
def test_agrees_with_the_general_solver_on_long_positions(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(50):
        hands, trump, leader, trick = random_position(rng, 8, 13)
        want = solve_cards(hands, trump, leader, trick=trick, sides=((N,), (S,)))
        assert solve_two_cards(hands, trump, leader, trick=trick) == want
        best = max(want.values())
        mask = sum(1 << c for c, v in want.items() if v == best)
        assert best_two_cards(hands, trump, leader, trick=trick) == (best, mask)
        assert choose_two(hands, trump, leader, trick=trick) == lowest_rank(mask)


def test_a_finesse_and_a_ruff() -> None:
    # the queen wins only when the king has to be played first
    hands = (parse_cards("AS QS"), 0, parse_cards("KS 2S"), 0)
    assert solve_two(hands, None, N) == 1 and solve_two(hands, None, S) == 0
    # South ruffs the ace and leads a diamond that North cannot beat
    hands = (parse_cards("AS KS"), 0, parse_cards("2H 3D"), 0)
    assert solve_two(hands, None, N) == 2 and solve_two(hands, HEARTS, N) == 0
    assert solve_two_cards(hands, HEARTS, N) == {parse_card("AS"): 0, parse_card("KS"): 0}


def test_inside_a_trick_and_the_mover_s_side() -> None:
    # South has led the king: North takes both tricks with the ace, none with the queen
    hands = (parse_cards("AS QS"), 0, parse_cards("2H"), 0)
    trick = ((S, parse_card("KS")),)
    assert solve_two_cards(hands, None, S, trick=trick) == {parse_card("AS"): 2, parse_card("QS"): 0}
    assert best_two_cards(hands, None, S, trick=trick) == (2, parse_cards("AS"))
    assert solve_two(hands, None, S, trick=trick) == 0


def test_bad_positions_are_refused() -> None:
    with pytest.raises(ValueError):
        solve_two((parse_cards("AS"), 0, parse_cards("KS QS"), 0), None, N)
    with pytest.raises(ValueError):
        solve_two((parse_cards("AS"), parse_cards("2S"), parse_cards("KS"), 0), None, N)
    with pytest.raises(ValueError):
        solve_two((parse_cards("AS"), 0, parse_cards("KS"), 0), None, N, trick=((S, parse_card("2S")),))
    with pytest.raises(ValueError):
        solve_two((0, 0, 0, 0), None, N)
