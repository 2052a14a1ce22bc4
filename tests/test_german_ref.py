"""benchmarks/german_ref.py: the GIB-style reference for German Whist's Phase One.

Its layouts always include the real one and never break what was seen, its
choices depend only on what its seat has seen, and a deal of the match gives
a well-formed result."""

from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest

from benchmarks.german_ref import GibGermanPlayer, LayoutSampler, play_deal, read_log, runs
from whist.ai.german import GermanPlayer
from whist.engine.cards import SUIT_MASK, mask_names, parse_cards, suit_of
from whist.engine.observation import Observation
from whist.engine.seats import Seat
from whist.engine.state import GameState, Phase

N, S = Seat.N, Seat.S


def advance(seed: int, tricks: int, rng: random.Random) -> GameState:
    """A German Whist deal played ``tricks`` tricks on, mostly by the computer, sometimes at random."""
    state = GameState("german", seed=seed)
    player = GermanPlayer(seed)
    while len(state.tricks) < tricks or state.trick:
        seat = state.to_play
        assert seat is not None
        state.apply(rng.choice(state.legal_actions()) if rng.random() < 0.3 else
                    player.choose(state.observation(seat)))
    return state


def face_ups(state: GameState) -> dict[int, int]:
    """The face-up card of each finished trick (what a seat that saw every trick remembers)."""
    return {d.trick: d.card for d in state.draws if d.face_up}


def redeal(state: GameState, me: Seat, rng: random.Random) -> GameState | None:
    """The same position with the cards ``me`` cannot see dealt afresh between the
    other hand (its face-up cards kept, no card of a suit it has shown out of)
    and the stock under the face-up card."""
    other = S if me == N else N
    obs = state.observation(me)
    known = dict(obs.exposed).get(other, 0)
    hidden = state.hands[other] & ~known
    pool = [c for c in range(52) if hidden >> c & 1] + list(state.stock[1:])
    voids = obs.voids()[other]
    for _ in range(50):
        rng.shuffle(pool)
        new = known | sum(1 << c for c in pool[:hidden.bit_count()])
        if not any(new & SUIT_MASK[s] and voids >> s & 1 for s in range(4)):
            break
    else:
        return None
    alt = state.clone()
    hands = list(alt.hands)
    hands[other] = new
    alt.hands = (hands[0], hands[1], hands[2], hands[3])
    alt.stock = state.stock[:1] + tuple(pool[hidden.bit_count():])
    return alt


def test_layouts_always_allow_the_real_one_and_keep_to_what_was_seen() -> None:
    rng = random.Random(3)
    checked = 0
    for seed in range(120):
        state = advance(seed, rng.randint(0, 12), rng)
        me = state.to_play
        assert me is not None and state.stock
        other = S if me == N else N
        obs = state.observation(me)
        shown = dict(obs.exposed).get(other, 0)
        for memory in (face_ups(state), {}):  # remembering every face-up card, or none
            sampler = LayoutSampler(obs, memory)
            assert sampler.weight(state.hands[other]) > 0
            for _ in range(3):
                hand, stock = sampler.sample(rng)
                assert sampler.weight(hand) > 0
                assert hand.bit_count() == obs.hand_sizes[other] and hand & shown == shown
                assert len(stock) == obs.stock_size and stock[0] == obs.face_up
                rest = sum(1 << c for c in stock[1:])
                assert hand & rest == 0 and (hand & ~shown) | rest == obs.unseen
        checked += 1
    assert checked == 120


def test_a_suit_shown_out_of_comes_back_only_by_blind_draws_after() -> None:
    """A show-out proves a void then: later blind draws may bring the suit back,
    at most one card a draw; with no draw since, the suit is void now."""
    rng = random.Random(5)
    back = 0
    for seed in range(200):
        state = advance(seed, rng.randint(2, 12), rng)
        me = state.to_play
        assert me is not None
        other = S if me == N else N
        obs = state.observation(me)
        last: dict[int, int] = {}
        for i, t in enumerate(obs.tricks):
            (_, led), *rest = t.plays
            for seat, card in rest:
                if seat == other and suit_of(card) != suit_of(led):
                    last[suit_of(led)] = i
        if not last:
            continue
        sampler = LayoutSampler(obs, face_ups(state))
        for _ in range(20):
            hand, _ = sampler.sample(rng)
            for suit, i in last.items():
                blind = sum(1 for t in obs.tricks[i:] if t.winner == me)
                held = (hand & ~dict(obs.exposed).get(other, 0) & SUIT_MASK[suit]).bit_count()
                assert held <= blind
                back += held > 0
    assert back > 20  # and they do come back


def test_one_card_of_each_run_of_equivalent_cards() -> None:
    got = runs(parse_cards("2S 3S 5S 7S 9S KH AH"), parse_cards("4S 6S"))
    assert mask_names(sum(1 << c for c in got)) == mask_names(parse_cards("2S 9S KH"))


def _reference_positions(count: int, rng: random.Random) -> list[tuple[GameState, Seat, GibGermanPlayer]]:
    """Phase One positions with the reference (2 layouts a card) to play, each with the
    reference as it was then: it has seen every card of the deal so far from its seat."""
    out = []
    for seed in range(count):
        state = GameState("german", seed=seed)
        ref_seat = N if seed % 2 else S
        ref = GibGermanPlayer(seed, samples=2)
        opp = GermanPlayer(seed)
        stop = rng.randint(0, 12)
        while True:
            seat = state.to_play
            assert seat is not None
            obs = state.observation(seat)
            if seat == ref_seat and len(state.tricks) >= stop:
                out.append((state, seat, copy.deepcopy(ref)))
                break
            state.apply((ref if seat == ref_seat else opp).choose(obs))
    return out


def test_the_choice_depends_only_on_what_the_seat_has_seen() -> None:
    rng = random.Random(11)
    moved = 0
    for state, me, ref in _reference_positions(10, rng):
        alt = redeal(state, me, rng)
        if alt is None:
            continue
        other = S if me == N else N
        moved += alt.hands[other] != state.hands[other] or alt.stock != state.stock
        obs = state.observation(me)
        assert alt.observation(me) == obs
        # with its memory of the deal, and a fresh one that remembers nothing
        assert copy.deepcopy(ref).choose(alt.observation(me)) == copy.deepcopy(ref).choose(obs)
        assert GibGermanPlayer(3, 2).choose(alt.observation(me)) == GibGermanPlayer(3, 2).choose(obs)
    assert moved >= 8


def test_the_honesty_check_can_fail() -> None:
    """Shown another hand of its own, the reference often chooses differently."""
    changed = 0
    for seed in range(8):
        state = GameState("german", seed=seed)
        me = state.to_play
        assert me is not None
        other = S if me == N else N
        obs = state.observation(me)
        peek = Observation(**{**obs.__dict__, "hand": state.hands[other], "legal": state.hands[other]})
        changed += GibGermanPlayer(1, 2).choose(obs) != GibGermanPlayer(1, 2).choose(peek)
    assert changed >= 5


@pytest.mark.parametrize("playout", ["german", "simple"])
def test_without_trumps_too_and_either_playout(playout: str) -> None:
    state = GameState("german", seed=4, trump="none")
    for _ in range(5):
        seat = state.to_play
        assert seat is not None
        state.apply(GibGermanPlayer(seat, 2, playout).choose(state.observation(seat)))
    assert state.phase is Phase.PLAY and len(state.tricks) == 2


def test_one_duplicate_deal() -> None:
    result = play_deal(0, seed=7, samples=2)
    (n1, s1), (n2, s2) = result.tricks
    assert n1 + s1 == 13 and n2 + s2 == 13  # Phase Two's tricks, the ones that count
    assert result.diff == n1 - n2
    assert sorted(result.times) == ["computer", "reference"]
    # each plays Phase One's 13 cards at each table
    assert len(result.times["computer"]) == len(result.times["reference"]) == 26


def test_a_log_of_another_run_is_refused(tmp_path: Path) -> None:
    log = tmp_path / "run.log"
    assert read_log(log, "# run A") == {}
    log.write_text("# run A\n0 2\n1 -1\n")
    assert read_log(log, "# run A") == {0: 2, 1: -1}
    with pytest.raises(SystemExit, match="another run"):
        read_log(log, "# run B")
