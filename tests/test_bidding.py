"""The computer bidders of Contract Whist on hand-made auctions, and over many seeded deals."""

from __future__ import annotations

import random

from whist.ai.bidding import best_contract, choose_call, hand_tricks
from whist.ai.play import play
from whist.ai.players import make_player
from whist.engine.auction import DOUBLE, PASS, parse_bid
from whist.engine.cards import HEARTS, SPADES, parse_cards
from whist.engine.deal import parse_pbn
from whist.engine.rules import ContractWhist, DealtHand
from whist.engine.seats import Seat
from whist.engine.state import GameState, Phase

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


class FixedContract(ContractWhist):
    def __init__(self, pbn: str, dealer: Seat, **options: object) -> None:
        super().__init__(**options)
        self.hands = parse_pbn(pbn)
        self.dealer = dealer

    def first_dealer(self, seed: int) -> Seat:
        return self.dealer

    def deal(self, deal_number: int, dealer: Seat) -> DealtHand:
        return DealtHand(self.hands, None, None)


# North: long strong spades; East: weak; South: heart support and an ace; West: the rest.
DEAL = "N:AKQJ97.A4.K52.83 T3.9876.QJ9.7654 852.KQ32.A84.J92 64.JT5.T763.AKQT"


def state_after(calls: list[str], dealer: Seat = W, **options: object) -> GameState:
    state = GameState(FixedContract(DEAL, dealer, **options), seed=1)
    for c in calls:
        state.apply(c)
    return state


def call_now(state: GameState) -> str:
    seat = state.to_play
    assert seat is not None
    return choose_call(state.observation(seat))


def test_counting_tricks() -> None:
    north = parse_pbn(DEAL)[N]
    assert hand_tricks(north, SPADES) >= 6.5               # AKQJ97: top tricks and length beyond three
    assert hand_tricks(north, SPADES) > hand_tricks(north, HEARTS)
    assert hand_tricks(parse_cards("AS AH AD AC"), None) == 4
    assert hand_tricks(parse_pbn(DEAL)[E], None) < 1.5      # no aces, no kings


def test_a_strong_hand_opens_in_its_long_suit() -> None:
    state = state_after([])                   # West deals: North speaks first
    call = call_now(state)
    assert call != PASS and call.endswith("S") and 7 <= int(call[:-1]) <= 9


def test_a_weak_hand_passes() -> None:
    state = state_after(["7S"])               # East, with nothing, after North's bid
    assert call_now(state) == PASS


def test_do_not_outbid_partner_for_nothing() -> None:
    state = state_after(["7S", PASS])         # South holds a fair hand: partner's contract stands
    assert call_now(state) == PASS


def test_a_hopeless_overcall_is_left_to_fail() -> None:
    # North opened 7 spades; West overcalls 8 clubs, which North's hand should beat
    # by several tricks: defending scores more than pushing on in spades
    state = state_after(["7S", PASS, PASS, "8C"])
    assert call_now(state) == PASS


def test_compete_when_the_opponents_contract_would_make() -> None:
    # West and East hold the clubs and diamonds; North's spades still play better
    pbn = "N:AKQJ976.A4.K5.83 T3.9876.AQJ92.74 852.KQ32.84.J962 4.JT5.T763.AKQT5"
    state = GameState(FixedContract(pbn, S), seed=1)
    state.apply("8C")                       # West opens eight clubs
    call = call_now(state)
    assert call.endswith("S") and parse_bid(call) > parse_bid("8C")


def test_support_partners_suit_rather_than_a_new_one() -> None:
    # South holds three spades: after North's 7 spades and an overcall, South's choice is spades
    pbn = "N:AKQJ97.94.K52.83 T3.8765.QJ9.7654 852.AKQ2.A84.J92 64.JT3.T763.AKQT"
    state = GameState(FixedContract(pbn, W), seed=1)
    state.apply("7S")
    state.apply(PASS)
    south = state.observation(S)
    assert hand_tricks(south.hand, HEARTS) > hand_tricks(south.hand, SPADES)   # alone, hearts look better
    assert best_contract(south)[1] == SPADES                                  # with partner's spades, spades
    assert call_now(state) == PASS                                            # and partner's bid stands


def test_a_doomed_opposing_contract_is_left_to_fail_or_doubled() -> None:
    # West (long clubs) opens 11 clubs: North holds solid spades and outside aces
    state = state_after(["11C"], dealer=S, doubling=True)
    assert state.to_play == N
    assert call_now(state) == DOUBLE
    plain = state_after(["11C"], dealer=S)
    assert call_now(plain) == PASS


def test_every_call_is_legal_and_contracts_are_mostly_made() -> None:
    made = contracts = 0
    for seed in range(120):
        state = GameState("contract", seed=seed, doubling=seed % 2 == 1)
        players = {s: make_player("normal", seed * 4 + s) for s in state.rules.seats}
        play(state, players)  # an illegal call or card raises IllegalActionError
        r = state.results[-1]
        if r.contract is not None:
            contracts += 1
            made += r.tricks[state.rules.side_of(r.contract.declarer)] >= r.contract.level
    assert contracts >= 100 and made >= 0.6 * contracts


def test_the_bid_depends_on_the_observation_only() -> None:
    rng = random.Random(0)
    for seed in range(40):
        state = GameState("contract", seed=seed)
        for _ in range(rng.randrange(0, 4)):
            state.apply(rng.choice([PASS, *state.legal_actions()[1:3]]))
        if state.phase is not Phase.AUCTION:
            continue
        seat = state.to_play
        assert seat is not None
        obs = state.observation(seat)
        # another deal with the same hand for this seat and the other cards shuffled among the others
        hands = list(state.hands)
        others = [s for s in state.rules.seats if s != seat]
        pool = [c for s in others for c in range(52) if hands[s] >> c & 1]
        rng.shuffle(pool)
        for i, s in enumerate(others):
            hands[s] = sum(1 << c for c in pool[13 * i:13 * i + 13])
        alt = state.clone()
        alt.hands = (hands[0], hands[1], hands[2], hands[3])
        assert alt.observation(seat) == obs
        assert choose_call(alt.observation(seat)) == choose_call(obs)
