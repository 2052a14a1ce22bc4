"""The double-dummy solver: hand-made positions with known answers, the
consistency of ``solve`` and ``solve_cards``, the CLI, and the oracle: DDS
(the standard C solver, wrapped by the test-only package endplay) on 500
seeded random positions, every card of the player to move compared.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import whist.ai.solver as solver_module
from whist.ai.solver import Solver, SolverLimitError, solve, solve_cards
from whist.cli.solve import main as solve_main
from whist.engine.cards import SUIT_MASK, card_name, parse_card, parse_cards
from whist.engine.deal import Hands, format_pbn, parse_pbn
from whist.engine.seats import Seat

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
SPADES, HEARTS, DIAMONDS, CLUBS = 0, 1, 2, 3


def c(name: str) -> int:
    return parse_card(name)


# --- hand-made positions -----------------------------------------------------

def test_finesse_works_only_through_the_king() -> None:
    onside = parse_pbn("N:AQ... 32... 54... K6...")  # West's king sits under the AQ
    offside = parse_pbn("N:AQ... K6... 54... 32...")
    assert solve(onside, None, S) == 2
    assert solve(offside, None, S) == 1
    # Led from the wrong side the finesse is gone.
    assert solve(onside, None, N) == 1


def test_simple_squeeze_needs_the_squeeze_card_first() -> None:
    # South cashes the club ace; West cannot keep both kings.
    deal = parse_pbn("N:A2.Q.. ..432. 5.3..A K3.K..")
    assert solve(deal, None, S) == 3
    values = solve_cards(deal, None, S)
    assert values[c("AC")] == 3
    # Crossing to the spade ace first strands the squeeze card: West keeps his guards.
    assert values[c("5S")] == 1


def test_trump_decides() -> None:
    # North's top spades make three tricks at no trump; East ruffs them with hearts trumps.
    deal = parse_pbn("N:AKQ... .432.. 765... 8.5.2.")
    assert solve(deal, None, N) == 3
    assert solve(deal, HEARTS, N) == 0
    assert solve(deal, SPADES, N) == 3


def test_no_trump_ace_knocked_out_then_the_suit_runs() -> None:
    # North's KQJ of spades set up two tricks once East's ace goes.
    deal = parse_pbn("N:KQJ... A32... 654... 987...")
    assert solve(deal, None, N) == 2
    assert solve(deal, None, E) == 1  # East cashes the ace only


def test_two_hands_are_opponents() -> None:
    # German Whist: North and South alone; with two hands the sides default to each seat.
    deal = parse_pbn("N:AK.2.. - Q3.A.. -")
    assert solve(deal, None, N) == 2  # N cashes AK; the ace of hearts is South's
    assert solve(deal, None, S) == 1  # S leads the ace of hearts then must give up the spades
    assert solve(deal, HEARTS, N) == 2
    assert solve(deal, SPADES, S) == 1
    assert solve(deal, None, N, sides=[[N], [S]]) == 2


def test_three_hands_need_sides() -> None:
    deal = parse_pbn("N:AK... 32... QJ... -")
    with pytest.raises(ValueError, match="sides"):
        solve(deal, None, N)
    # North and South together against East: the top spades take both tricks.
    assert solve(deal, None, N, sides=[[N, S], [E]]) == 2
    # Every man for himself is not a partnership game: East with North against South.
    assert solve(deal, None, S, sides=[[S], [N, E]]) == 0


def test_positions_inside_a_trick() -> None:
    deal = parse_pbn("N:AQ... 32... 54... K6...")
    hands = list(deal)
    hands[S] ^= 1 << c("4S")
    after_lead: Hands = (hands[0], hands[1], hands[2], hands[3])
    # South led the 4; West plays next. Ducking keeps the finesse alive.
    assert solve(after_lead, None, S, trick=[(S, c("4S"))]) == 2
    values = solve_cards(after_lead, None, S, trick=[(S, c("4S"))])
    assert values == {c("KS"): 0, c("6S"): 0}  # West's side: cover or duck, the AQ take both
    hands[W] ^= 1 << c("KS")
    after_cover: Hands = (hands[0], hands[1], hands[2], hands[3])
    assert solve(after_cover, None, S, trick=[(S, c("4S")), (W, c("KS"))]) == 2
    # North's side: the ace takes the king; the queen under it gives a trick away.
    assert solve_cards(after_cover, None, S, trick=[(S, c("4S")), (W, c("KS"))]) == {c("AS"): 2, c("QS"): 1}


def test_equivalent_cards_share_a_value() -> None:
    deal = parse_pbn("N:AKQJ... T987... 6543... 2.AKQ..")
    values = solve_cards(deal, None, N)
    assert set(values) == parse_cards_set("AS KS QS JS")
    assert len(set(values.values())) == 1


def parse_cards_set(text: str) -> set[int]:
    mask = parse_cards(text)
    return {k for k in range(52) if mask >> k & 1}


def test_node_limit_raises() -> None:
    rng = random.Random(5)
    hands, trump, leader, _ = random_position(rng, 8, in_trick=False)
    with pytest.raises(SolverLimitError):
        solve(hands, trump, leader, node_limit=10)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"trick": [(E, 0)]}, "E's to play|not E's"),
    ({"trick": [(N, 12)]}, "still in a hand|not a card"),
    ({"sides": [[N, S]]}, "two sides"),
])
def test_bad_positions_are_refused(kwargs: dict[str, Any], message: str) -> None:
    deal = parse_pbn("N:AK... 32... QJ... 54...")
    with pytest.raises(ValueError, match=message):
        solve(deal, None, N, **kwargs)


def test_unequal_hands_are_refused() -> None:
    deal = (parse_cards("AS KS"), parse_cards("2S"), parse_cards("QS JS"), parse_cards("3S 4S"))
    with pytest.raises(ValueError, match="same size"):
        solve(deal, None, N)


# --- solve and solve_cards agree ------------------------------------------------

def random_position(rng: random.Random, tricks: int, in_trick: bool = True
                    ) -> tuple[Hands, int | None, Seat, list[tuple[Seat, int]]]:
    """``tricks`` cards to each of four hands, a random denomination and
    leader, and (sometimes) 1-3 random legal cards already played to the trick."""
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [0, 0, 0, 0]
    for i in range(4 * tricks):
        hands[i % 4] |= 1 << deck[i]
    trump = rng.choice((SPADES, HEARTS, DIAMONDS, CLUBS, None))
    leader = Seat(rng.randrange(4))
    trick: list[tuple[Seat, int]] = []
    played = rng.choice((0, 1, 2, 3)) if in_trick else 0
    p = leader
    for _ in range(played):
        h = hands[p]
        legal = (h & SUIT_MASK[trick[0][1] // 13]) if trick else h
        legal = legal or h
        card = rng.choice([k for k in range(52) if legal >> k & 1])
        hands[p] ^= 1 << card
        trick.append((p, card))
        p = p.next_clockwise()
    return (hands[0], hands[1], hands[2], hands[3]), trump, leader, trick


def test_solve_agrees_with_solve_cards() -> None:
    rng = random.Random(11)
    for _ in range(60):
        tricks = rng.randint(1, 6)
        hands, trump, leader, trick = random_position(rng, tricks)
        mover = Seat((leader + len(trick)) % 4)
        best = max(solve_cards(hands, trump, leader, trick=trick).values())
        expected = best if mover % 2 == leader % 2 else tricks - best
        assert solve(hands, trump, leader, trick=trick) == expected
        # The other side's count from its own lead, at a trick boundary.
        if not trick:
            rho = Seat((leader + 3) % 4)
            assert 0 <= solve(hands, trump, rho) <= tricks


def test_two_hand_and_three_hand_random_positions_are_consistent() -> None:
    rng = random.Random(12)
    for _ in range(40):
        deck = list(range(52))
        rng.shuffle(deck)
        k = rng.randint(1, 6)
        seats = rng.choice(([N, S], [N, E, S], [E, W], [N, E, W]))
        hands = [0, 0, 0, 0]
        for i in range(k * len(seats)):
            hands[seats[i % len(seats)]] |= 1 << deck[i]
        deal: Hands = (hands[0], hands[1], hands[2], hands[3])
        sides = [[seats[0]], seats[1:]]
        trump = rng.choice((SPADES, None))
        leader = rng.choice(seats)
        value = solve(deal, trump, leader, sides=sides)
        best = max(solve_cards(deal, trump, leader, sides=sides).values())
        assert value == best


# --- the CLI -------------------------------------------------------------------

def test_cli_prints_tricks_and_cards(capsys: pytest.CaptureFixture[str]) -> None:
    assert solve_main(["N:AQ... 32... 54... K6...", "--trump", "NT", "--leader", "S", "--cards"]) == 0
    assert capsys.readouterr().out.split("\n")[:3] == ["2", "5S 2", "4S 2"]


def test_cli_with_a_trick_and_two_hands(capsys: pytest.CaptureFixture[str]) -> None:
    assert solve_main(["N:AQ... 32... 54... K6...", "--trump", "NT", "--leader", "S", "--trick", "4S"]) == 0
    assert capsys.readouterr().out.strip() == "2"
    assert solve_main(["N:AK.2.. - Q3.A.. -", "--trump", "H", "--leader", "N"]) == 0
    assert capsys.readouterr().out.strip() == "2"


@pytest.mark.parametrize("argv", [
    ["N:AQ... 32... 54... K6..", "--trump", "NT", "--leader", "S"],
    ["N:AQ... 32... 54... K6...", "--trump", "X", "--leader", "S"],
    ["N:AQ... 32... 54... K6...", "--trump", "S", "--leader", "Q"],
    ["N:AQ... 32... 54... K6...", "--trump", "S", "--leader", "S", "--trick", "AS"],
    ["N:AQ... 32... 54... -", "--trump", "S", "--leader", "S"],
])
def test_cli_bad_input_exits_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert solve_main(argv) == 2
    assert capsys.readouterr().err.startswith("error:")


# --- the oracle: DDS -------------------------------------------------------------

def dds_values(hands: Hands, trump: int | None, leader: Seat, trick: list[tuple[Seat, int]]) -> dict[int, int]:
    """DDS's tricks for the mover's side, for each legal card (endplay's solve_board)."""
    from endplay.dds import solve_board
    from endplay.types import Deal, Denom, Player

    full = list(hands)
    for p, card in trick:
        full[p] |= 1 << card
    deal = Deal(format_pbn((full[0], full[1], full[2], full[3])),
                first=Player(int(leader)), trump=Denom(4 if trump is None else trump))
    for _, card in trick:
        name = card_name(card)
        deal.play(name[1] + name[0])  # endplay writes the suit first: "S4"
    return {int(card.suit) * 13 + card.rank.to_alternate() - 2: tricks for card, tricks in solve_board(deal)}


def test_oracle_agrees_with_dds_on_500_random_positions() -> None:
    try:
        import endplay.dds  # noqa: F401
    except ImportError:
        pytest.fail("the DDS oracle needs endplay, which wraps DDS: pip install endplay==0.5.12")
    rng = random.Random(20240)
    mismatches = []
    seen = set()
    for _ in range(500):
        tricks = rng.randint(1, 9)
        hands, trump, leader, trick = random_position(rng, tricks)
        seen.add((trump, leader, len(trick)))
        ref = dds_values(hands, trump, leader, trick)
        mine = solve_cards(hands, trump, leader, trick=trick)
        mover = (leader + len(trick)) % 4
        expected = max(ref.values()) if mover % 2 == leader % 2 else tricks - max(ref.values())
        got = solve(hands, trump, leader, trick=trick)
        if mine != ref or got != expected:
            mismatches.append(f"{format_pbn(hands)} trump={trump} leader={leader.name} "
                              f"trick={[card_name(k) for _, k in trick]}: solve {got} (DDS {expected}), "
                              f"cards {sorted(mine.items())} (DDS {sorted(ref.items())})")
    assert not mismatches, f"{len(mismatches)} mismatches with DDS:\n" + "\n".join(mismatches[:10])
    # Every denomination, every leader, at a boundary and 1-3 cards into a trick.
    assert len({t for t, _, _ in seen}) == 5 and len({p for _, p, _ in seen}) == 4
    assert {k for _, _, k in seen} == {0, 1, 2, 3}


def test_a_shared_solver_agrees_with_fresh_solves() -> None:
    # Positions of one deal, as a playout's leaves are: the shared table must
    # never answer one position with another's value.
    rng = random.Random(77)
    for trump in (None, HEARTS):
        solver = Solver(trump)
        deck = list(range(52))
        rng.shuffle(deck)
        dealt = [deck[13 * p: 13 * p + 13] for p in range(4)]
        for _ in range(60):
            n = rng.randint(2, 6)
            hands = tuple(sum(1 << k for k in rng.sample(dealt[p], n)) for p in range(4))
            leader = Seat(rng.randrange(4))
            assert solver.solve(hands, leader) == solve(hands, trump, leader)
    with pytest.raises(ValueError):
        Solver(None).solve((1, 2, 4, 0), N)


def test_the_runs_memos_starting_afresh_change_no_value(monkeypatch: pytest.MonkeyPatch) -> None:
    # The memos of runs and discards are cleared when full: with room for two
    # entries they are cleared all the time, and every value must stay the same.
    rng = random.Random(31)
    positions = []
    for _ in range(25):
        k = rng.randint(3, 6)
        cards = rng.sample(range(52), 4 * k)
        hands = tuple(sum(1 << c for c in cards[p * k:(p + 1) * k]) for p in range(4))
        positions.append((hands, rng.choice((None, HEARTS)), Seat(rng.randrange(4))))
    roomy = [sorted(solve_cards(h, t, s).items()) for h, t, s in positions]
    monkeypatch.setattr(solver_module, "RUNS_MEMO", 2)
    assert [sorted(solve_cards(h, t, s).items()) for h, t, s in positions] == roomy


# --- a revoke on the table --------------------------------------------------------

def brute_values(hands: Hands, trump: int | None, leader: Seat, trick: list[tuple[Seat, int]]) -> dict[int, int]:
    """Plain minimax, four hands N-S against E-W: each legal card's tricks for the mover's
    side; the cards of ``trick`` are taken as played, only the plays to come follow suit."""

    def winner(plays: list[tuple[Seat, int]]) -> Seat:
        best_seat, best = plays[0]
        for p, k in plays[1:]:
            if (k // 13 == best // 13 and k > best) or (k // 13 == trump and best // 13 != trump):
                best_seat, best = p, k
        return best_seat

    def value(held: list[int], plays: list[tuple[Seat, int]], mover: Seat, side: int) -> int:
        """Tricks of ``side`` from here with best play."""
        if len(plays) == 4:
            w = winner(plays)
            return (w % 2 == side) + (value(held, [], w, side) if held[w] else 0)
        h = held[mover]
        legal = (h & SUIT_MASK[plays[0][1] // 13]) if plays else h
        results = []
        for k in [k for k in range(52) if (legal or h) >> k & 1]:
            held[mover] ^= 1 << k
            results.append(value(held, [*plays, (mover, k)], mover.next_clockwise(), side))
            held[mover] ^= 1 << k
        return max(results) if mover % 2 == side else min(results)

    mover = Seat((leader + len(trick)) % 4)
    held = list(hands)
    h = held[mover]
    legal = (h & SUIT_MASK[trick[0][1] // 13]) if trick else h
    out = {}
    for k in [k for k in range(52) if (legal or h) >> k & 1]:
        held[mover] ^= 1 << k
        out[k] = value(held, [*trick, (mover, k)], mover.next_clockwise(), mover % 2)
        held[mover] ^= 1 << k
    return out


def test_a_revoke_on_the_table_is_taken_as_played() -> None:
    """Club rules: a hand that did not follow suit though it holds the suit has played its
    card; the solver values the position from there (only the plays to come follow suit),
    as plain minimax does."""
    rng = random.Random(37)
    checked = 0
    while checked < 40:
        tricks = rng.randint(1, 3)
        hands, trump, leader, _ = random_position(rng, tricks + 1, in_trick=False)
        held = list(hands)
        trick: list[tuple[Seat, int]] = [(leader, max(k for k in range(52) if held[leader] >> k & 1))]
        held[leader] ^= 1 << trick[0][1]
        led = trick[0][1] // 13
        p = leader.next_clockwise()
        revoked = False
        for _ in range(rng.randint(1, 2)):  # 2 or 3 cards on the table
            off = held[p] & ~SUIT_MASK[led]
            revoke = bool(held[p] & SUIT_MASK[led] and off and (not revoked or rng.random() < 0.5))
            pool = off if revoke else ((held[p] & SUIT_MASK[led]) or held[p])
            card = rng.choice([k for k in range(52) if pool >> k & 1])
            revoked = revoked or revoke
            held[p] ^= 1 << card
            trick.append((p, card))
            p = p.next_clockwise()
        if not revoked:
            continue
        deal: Hands = (held[0], held[1], held[2], held[3])
        ref = brute_values(deal, trump, leader, trick)
        assert solve_cards(deal, trump, leader, trick=trick) == ref, (format_pbn(deal), trump, leader, trick)
        mover = Seat((leader + len(trick)) % 4)
        best = max(ref.values())
        assert solve(deal, trump, leader, trick=trick) == (best if mover % 2 == leader % 2 else tricks + 1 - best)
        assert Solver(trump).takes(deal, leader, trick) == solve(deal, trump, leader, trick=trick)
        checked += 1
