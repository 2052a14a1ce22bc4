"""whist.ai.german_mc: German Whist's Expert, Monte Carlo over the layouts in Phase One.

Its layouts always include the real one and never break what was seen (the
stock's history read from the observation), and it is honest: the hidden
cards dealt afresh consistently with its observation do not change its card."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from whist.ai.german import GermanPlayer
from whist.ai.german_mc import EXPERT, GermanSearchPlayer, LayoutSampler
from whist.ai.players import make_player
from whist.engine.cards import SUIT_MASK, card_name, suit_of
from whist.engine.observation import Observation
from whist.engine.seats import Seat
from whist.engine.state import GameState, Phase
from whist.table.words import reason

N, S = Seat.N, Seat.S
QUICK = EXPERT.but(samples=3, budget=None)


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
    for seed in range(120):
        state = advance(seed, rng.randint(0, 12), rng)
        me = state.to_play
        assert me is not None and state.stock
        other = S if me == N else N
        obs = state.observation(me)
        shown = dict(obs.exposed).get(other, 0)
        # with the stock's history, and without it (a bot's request may leave it out)
        for view in (obs, dataclasses.replace(obs, taken_face_up=())):
            sampler = LayoutSampler(view)
            assert sampler.weight(state.hands[other]) > 0
            for _ in range(3):
                hand, stock = sampler.sample(rng)
                assert sampler.weight(hand) > 0
                assert hand.bit_count() == obs.hand_sizes[other] and hand & shown == shown
                assert len(stock) == obs.stock_size and stock[0] == obs.face_up
                rest = sum(1 << c for c in stock[1:])
                assert hand & rest == 0 and (hand & ~shown) | rest == obs.unseen


def test_the_history_narrows_the_layouts() -> None:
    """Knowing which face-up cards the opponent took (and played) leaves fewer histories."""
    rng = random.Random(8)
    narrower = 0
    for seed in range(40):
        state = advance(seed, 8, rng)
        assert state.to_play is not None
        obs = state.observation(state.to_play)
        with_history = LayoutSampler(obs).count()
        without = LayoutSampler(dataclasses.replace(obs, taken_face_up=())).count()
        assert 0 < with_history <= without
        narrower += with_history < without
    assert narrower >= 20


def test_a_suit_shown_out_of_comes_back_only_by_blind_draws_after() -> None:
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
        sampler = LayoutSampler(obs)
        for _ in range(20):
            hand, _ = sampler.sample(rng)
            for suit, i in last.items():
                blind = sum(1 for t in obs.tricks[i:] if t.winner == me)
                held = (hand & ~dict(obs.exposed).get(other, 0) & SUIT_MASK[suit]).bit_count()
                assert held <= blind
                back += held > 0
    assert back > 20


def _positions(count: int, rng: random.Random) -> list[tuple[GameState, Seat]]:
    """Phase One positions reached by the normal player at both seats."""
    out = []
    for seed in range(count):
        state = advance(seed, rng.randint(0, 12), rng)
        seat = state.to_play
        assert seat is not None
        if state.observation(seat).legal.bit_count() > 1:
            out.append((state, seat))
    return out


def test_honest_the_hidden_cards_dealt_afresh_do_not_change_the_card() -> None:
    rng = random.Random(11)
    moved = 0
    for state, me in _positions(10, rng):
        alt = redeal(state, me, rng)
        if alt is None:
            continue
        other = S if me == N else N
        moved += alt.hands[other] != state.hands[other] or alt.stock != state.stock
        obs = state.observation(me)
        assert alt.observation(me) == obs
        assert GermanSearchPlayer(3, QUICK).advise(alt.observation(me)) == GermanSearchPlayer(3, QUICK).advise(obs)
    assert moved >= 7


def test_the_expert_level_is_this_player_and_honest_at_full_strength() -> None:
    rng = random.Random(4)
    state, me = _positions(3, rng)[-1]
    alt = redeal(state, me, rng)
    assert alt is not None
    expert = make_player("expert", 5, "german")
    assert isinstance(expert, GermanSearchPlayer)
    full = GermanSearchPlayer(5, expert.settings.but(budget=None))
    card, why = full.advise(state.observation(me))
    assert (card, why) == full.advise(alt.observation(me))
    assert why[0] == "stock-search" and why[1] == EXPERT.samples
    assert reason(card, why).startswith(f"Over {EXPERT.samples} layouts")


def test_the_honesty_check_can_fail() -> None:
    """Shown another hand of its own, the player often chooses differently."""
    changed = 0
    for seed in range(8):
        state = GameState("german", seed=seed)
        me = state.to_play
        assert me is not None
        other = S if me == N else N
        obs = state.observation(me)
        peek = Observation(**{**obs.__dict__, "hand": state.hands[other], "legal": state.hands[other]})
        changed += GermanSearchPlayer(1, QUICK).choose(obs) != GermanSearchPlayer(1, QUICK).choose(peek)
    assert changed >= 5


def test_a_whole_deal_without_trumps_and_the_cap() -> None:
    """It plays a whole deal (no trumps; a tiny time cap stops after one layout)."""
    state = GameState("german", seed=4, trump="none")
    player = GermanSearchPlayer(1, EXPERT.but(budget=1e-9))
    while state.phase is Phase.PLAY:
        seat = state.to_play
        assert seat is not None
        obs = state.observation(seat)
        card, why = player.advise(obs)
        if why[0] == "stock-search":
            assert why[1] == 1
        state.apply(card)
    assert state.phase is not Phase.PLAY


def test_expert_values_its_layouts_under_the_cap_and_a_fixed_number_where_the_clock_must_not_count() -> None:
    """The game's Expert values 20 layouts a card under its cap; a challenge by link and the replay
    of your cards (the same card on every device) value a fixed 10, about a capped card's time."""
    from whist.ai.german_mc import FIXED
    from whist.ai.players import make_player
    from whist.table.duplicate import replay_expert

    capped, fixed = make_player("expert", 1, game="german"), make_player("expert", 1, game="german", capped=False)
    assert isinstance(capped, GermanSearchPlayer) and isinstance(fixed, GermanSearchPlayer)
    assert capped.settings == EXPERT and EXPERT.samples == 20 and EXPERT.budget is not None
    assert fixed.settings == FIXED == EXPERT.but(samples=10, budget=None)
    assert replay_expert("german", 1).settings == FIXED  # type: ignore[attr-defined]
    state = GameState("german", seed=3)
    assert state.to_play is not None
    assert fixed.advise(state.observation(state.to_play))[1][:2] == ("stock-search", 10)


def test_a_raced_search_drops_the_cards_far_behind_and_keeps_the_choice() -> None:
    """With ``race``, a card the leader beats clearly, layout by layout, is valued on fewer
    layouts; the card chosen is the full search's on these positions, and without ``race``
    every card is valued on every layout."""
    full_player = GermanSearchPlayer(1, EXPERT.but(samples=12, budget=None, race=None))
    raced_player = GermanSearchPlayer(1, EXPERT.but(samples=12, budget=None))
    assert raced_player.settings.race is not None
    counts = {"full": 0, "raced": 0}

    def counting(player: GermanSearchPlayer, key: str) -> None:
        real = player.play_out

        def play_out(*args: Any) -> int:
            counts[key] += 1
            return real(*args)

        player.play_out = play_out  # type: ignore[method-assign,assignment]

    counting(full_player, "full")
    counting(raced_player, "raced")
    dropped = 0
    for seed in (1, 2):
        state = GameState("german", seed=seed)
        for _ in range(4):  # four Phase One cards, each seat's choice by the full search
            seat = state.to_play
            assert seat is not None
            obs = state.observation(seat)
            before = dict(counts)
            card, values, n = full_player.search(obs)
            raced_card, _, raced_n = raced_player.search(obs)
            assert (raced_card, raced_n) == (card, 12) and n == 12
            assert counts["full"] - before["full"] == len(values) * n
            dropped += counts["full"] - before["full"] > counts["raced"] - before["raced"]
            state.apply(card_name(card))
    assert dropped >= 2  # cards were dropped on some positions


def test_a_card_on_the_table_splits_the_follows_around_it() -> None:
    """Following a card led with the cards just below and just above it, the two do different
    work (one beats it): the search values both runs, not one run of both."""
    rng = random.Random(2)
    checked = 0
    for seed in range(300):
        state = advance(seed, rng.randint(0, 12), rng)
        seat = state.to_play
        assert seat is not None
        if not state.trick:
            state.apply(GermanPlayer(seed).choose(state.observation(seat)))
            seat = state.to_play
            assert seat is not None
        lead = state.trick[0][1]
        held = state.hands[seat]
        if lead % 13 in (0, 12) or not (held >> (lead - 1) & 1 and held >> (lead + 1) & 1):
            continue
        _, values, _ = GermanSearchPlayer(3, QUICK).search(state.observation(seat))
        assert lead + 1 in values  # the lowest of its own run: the card led splits it off
        assert any(c // 13 == lead // 13 and c < lead for c in values)  # the run below the lead
        checked += 1
        if checked >= 3:
            return
    raise AssertionError(f"only {checked} follows around the card led found")


def _revoked_suits(obs: Observation, hand: int) -> int:
    """The suits (4 bits) the opponent's ``hand`` proves it revoked in: it holds more unseen
    cards of a suit than it drew blind since it last showed out of the suit."""
    me = obs.seat
    other = S if me == N else N
    shown = dict(obs.exposed).get(other, 0)
    last: dict[int, int] = {}
    for i, t in enumerate(obs.tricks):
        led = suit_of(t.plays[0][1])
        if any(s == other and suit_of(c) != led for s, c in t.plays[1:]):
            last[led] = i
    return sum(1 << suit for suit, i in last.items()
               if (hand & ~shown & SUIT_MASK[suit]).bit_count() > sum(1 for t in obs.tricks[i:] if t.winner == me))


def test_under_club_rules_the_layouts_allow_a_revoke_but_weigh_it_down() -> None:
    """Club rules: a show-out in Phase One may have been a revoke. After real revokes the
    real layout is among those drawn (its weight is not 0), layouts with a revoke come up,
    and they are weighed down: fewer than where no show-out counts as a void at all."""
    from tests.test_certain_voids import positions
    from whist.ai.german_mc import Histories

    rng = random.Random(7)
    checked = 0
    for state in positions("german", {"revokes": "club"}, range(40)):
        me = state.to_play
        assert me is not None
        other = S if me == N else N
        obs = state.observation(me)
        if not state.stock or not _revoked_suits(obs, state.hands[other]):
            continue
        sampler = LayoutSampler(obs)
        assert sampler.weight(state.hands[other]) > 0
        free = Histories(obs, void_suits=0)  # every show-out may have been a revoke, all alike
        n = 200
        revokes = sum(bool(_revoked_suits(obs, sampler.sample(rng)[0])) for _ in range(n))
        unweighed = sum(bool(_revoked_suits(obs, free.sample(rng)[0])) for _ in range(n))
        assert revokes > 0
        assert revokes < unweighed or unweighed == n
        checked += 1
        if checked >= 12:
            return
    raise AssertionError(f"only {checked} Phase One positions after a real revoke")
