"""A show-out is a void only where the rules make it one (issue 37).

Under club rules a player may revoke, so a show-out proves nothing for certain; in German
Whist's Phase One a player who shows out then draws from the stock, unseen, and may hold the
suit again. ``Observation.certain_voids`` is what the claims, the hints (``Knowledge``) and
the deal sampler take as known: checked here against the real hands in random play of every
game, with real revokes under club rules, and left as it was where show-outs are voids.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from tests.test_sampling import brute_force
from whist.ai.knowledge import Knowledge
from whist.ai.sampling import REVOKE_ODDS, DealSampler
from whist.engine.cards import SUIT_MASK, cards_of, suit_of
from whist.engine.deal import Hands
from whist.engine.rules import GAMES, make_rules
from whist.engine.seats import Seat
from whist.engine.state import GameState, Phase

N, S = Seat.N, Seat.S

OPTIONS: list[tuple[str, dict[str, Any]]] = [
    ("classic", {}), ("classic", {"revokes": "club"}), ("dummy", {"revokes": "club"}),
    ("contract", {}), ("german", {}), ("german", {"revokes": "club"}), ("german", {"trump": "variable"}),
]
REVOKE = 0.25


def positions(game: str, options: dict[str, Any], deals: range) -> Iterator[GameState]:
    """Every turn to play a card in random hands, revoking now and then where the rules let one."""
    for seed in deals:
        state = GameState(game, seed=seed, **options)
        rng = random.Random(f"{game}:{options}:{seed}")
        if state.phase is Phase.DRAW:
            state.apply("next")
        while state.phase in (Phase.AUCTION, Phase.PLAY):
            if state.phase is Phase.AUCTION:
                calls = state.legal_actions()
                state.apply("pass" if "pass" in calls and rng.random() < 0.7 else rng.choice(calls))
                continue
            yield state
            seat = state.to_play
            assert seat is not None
            hand, legal = state.hands[seat], state.legal_mask()
            if state.rules.revokes_allowed and hand & ~legal and state.trick and rng.random() < REVOKE:
                legal = hand & ~legal
            state.push(rng.choice(list(cards_of(legal))))


def held_in(state: GameState, seat: Seat, void: int, unseen: int) -> int:
    """The cards ``seat`` really holds, unseen by the observer, of the suits in ``void``."""
    return state.hands[seat] & unseen & sum(SUIT_MASK[x] for x in range(4) if void >> x & 1)


@pytest.mark.parametrize(("game", "options"), OPTIONS)
def test_a_certain_void_is_true_and_knowledge_never_rules_out_a_card_held(game: str,
                                                                          options: dict[str, Any]) -> None:
    wrong = 0  # show-outs the old reading (every show-out a void) got wrong
    for state in positions(game, options, range(12 if game == "german" else 4)):
        seat = state.to_play
        assert seat is not None
        obs = state.observation(seat)
        certain, show_outs = obs.certain_voids(), obs.show_outs()
        know = Knowledge.from_observation(obs)
        for s in obs.seats:
            if s == seat:
                continue
            assert certain[s] & ~show_outs[s] == 0
            assert not held_in(state, s, certain[s], obs.unseen), (game, options, state.actions, s)
            wrong += bool(held_in(state, s, show_outs[s], obs.unseen))
            # the hints' and the computers' notion of where the cards are keeps every card held
            assert state.hands[s] & ~know.possible[s] == 0, (game, options, state.actions, s)
    if options.get("revokes") == "club" or game == "german":
        assert wrong > 0  # the cases that matter came up


@pytest.mark.parametrize("game", ["classic", "dummy", "contract", "short"])
def test_where_revokes_are_prevented_and_nobody_draws_every_show_out_is_a_void(game: str) -> None:
    for state in positions(game, {}, range(2)):
        obs = state.observation(state.to_play)  # type: ignore[arg-type]
        assert obs.certain_voids() == obs.shown_voids() == obs.show_outs() == obs.voids()


def test_a_german_show_out_counts_from_the_last_blind_draw() -> None:
    seen_cleared = seen_kept = seen_phase_two = 0
    for state in positions("german", {}, range(6)):
        obs = state.observation(state.to_play)  # type: ignore[arg-type]
        other = N if obs.seat == S else S
        certain = obs.certain_voids()[other]
        # recomputed by hand: the show-outs of the other since the last trick it lost in Phase One
        last_draw = max((k + 1 for k, t in enumerate(obs.tricks[:13]) if t.winner != other), default=0)
        plays = [t.plays for t in obs.tricks[last_draw:]] + ([obs.trick] if obs.trick else [])
        want = 0
        for p in plays:
            want |= next((1 << suit_of(p[0][1]) for s, c in p[1:] if s == other and suit_of(c) != suit_of(p[0][1])), 0)
        assert certain == want
        seen_cleared += bool(obs.show_outs()[other] & ~certain)
        seen_kept += bool(certain) and len(obs.tricks) < 13
        seen_phase_two += bool(certain) and len(obs.tricks) > 13
    assert seen_cleared and seen_kept and seen_phase_two


def test_draw_tricks_is_the_stock_shared_out() -> None:
    for name, cls in GAMES.items():
        rules = make_rules(name)
        dealt = rules.deal(7, rules.seats[0])
        assert cls.draw_tricks * len(rules.seats) == len(dealt.stock), name


def revoked_on_the_table(state: GameState) -> bool:
    """A seat in the trick on the table showed out of the suit led and holds it."""
    led = suit_of(state.trick[0][1]) if state.trick else None
    return any(suit_of(c) != led and state.hands[s] & SUIT_MASK[led] for s, c in state.trick[1:])  # type: ignore[index]


@pytest.mark.parametrize(("game", "options"), [("classic", {"revokes": "club"}), ("dummy", {"revokes": "club"}),
                                               ("german", {}), ("german", {"revokes": "club"})])
def test_the_sampler_keeps_every_deal_the_rules_allow(game: str, options: dict[str, Any]) -> None:
    rng = random.Random(11)
    checked = 0
    for state in positions(game, options, range(8 if game == "german" else 3)):
        if state.stock or rng.random() < 0.5:
            continue
        obs = state.observation(state.to_play)  # type: ignore[arg-type]
        sampler = DealSampler(obs)  # never "no deal fits": the real one does
        assert sampler.is_consistent(state.hands), (game, options, state.actions)
        certain = obs.certain_voids()
        for _ in range(3):
            deal = sampler.sample(rng)
            assert sampler.is_consistent(deal)
            for s in obs.seats:
                assert not any(certain[s] >> x & 1 and deal[s] & SUIT_MASK[x] & obs.unseen for x in range(4))
        checked += 1
    assert checked > 10


def test_the_computers_search_on_after_a_revoke_on_the_table() -> None:
    """Club rules: after a seat revoked in the trick on the table, the deals searched keep
    the real one, some of them have the revoker hold the suit led (weighed down, not ruled
    out), and the double-dummy solver and the Hard player play on from every one of them (the
    solver takes the cards on the table as played)."""
    from whist.ai.players import make_player
    from whist.ai.solver import solve_cards

    rng = random.Random(4)
    found = held = 0
    hard = make_player("hard", 1)
    for state in positions("classic", {"revokes": "club"}, range(10)):
        if not revoked_on_the_table(state) or len(state.tricks) < 9:
            continue
        obs = state.observation(state.to_play)  # type: ignore[arg-type]
        sampler = DealSampler(obs)
        assert sampler.is_consistent(state.hands), state.actions
        led = suit_of(state.trick[0][1])
        off = [s for s, c in state.trick[1:] if suit_of(c) != led]
        solve_cards(state.hands, obs.trump, obs.leader, trick=obs.trick, sides=obs.sides)
        for _ in range(20):
            deal = sampler.sample(rng)
            held += any(deal[s] & SUIT_MASK[led] for s in off if s != obs.seat)
            solve_cards(deal, obs.trump, obs.leader, trick=obs.trick, sides=obs.sides)
        assert hard.choose(obs) in state.legal_actions()
        found += 1
    assert found >= 3 and held > 0


def test_under_club_rules_a_revoke_is_weighed_not_ruled_out() -> None:
    """A small club-rules position where a seat showed out of a suit whose cards are still
    unseen: deals that give it the suit (a revoke) come up, about ``REVOKE_ODDS`` times less
    often each than the others, and the count is the exact total weight."""
    for state in positions("classic", {"revokes": "club"}, range(40)):
        obs = state.observation(state.to_play)  # type: ignore[arg-type]
        if obs.unseen.bit_count() > 7 or len(state.tricks) < 10:
            continue
        sampler = DealSampler(obs)
        if not any(sampler.likely[i] & sum(1 << x for x in range(4) if obs.unseen & SUIT_MASK[x])
                   for i in range(len(sampler.seats))):
            continue
        every = brute_force(sampler)

        def revokes(deal: Hands, sampler: DealSampler = sampler) -> int:
            """How many of the show-outs this deal makes revokes."""
            unseen = sampler.obs.unseen
            return sum(bool(sampler.likely[i] >> x & 1 and deal[s] & SUIT_MASK[x] & unseen)
                       for i, s in enumerate(sampler.seats) for x in range(4))

        likely = sum(m.bit_count() for m in sampler.likely)
        weight = {d: REVOKE_ODDS ** (likely - revokes(d)) for d in every}
        assert sampler.count() == sum(weight.values())
        if not any(revokes(d) for d in every) or all(revokes(d) for d in every):
            continue
        assert state.hands in every and sampler.is_consistent(state.hands)
        rng = random.Random(2)
        n = 4000
        drawn = [sampler.sample(rng) for _ in range(n)]
        assert all(d in weight for d in drawn)
        p = sum(w for d, w in weight.items() if revokes(d)) / sum(weight.values())
        got = sum(bool(revokes(d)) for d in drawn) / n
        assert abs(got - p) < 5 * (p * (1 - p) / n) ** 0.5 + 1e-9, (got, p)
        return
    raise AssertionError("no small club-rules position with a revoke-able show-out")
