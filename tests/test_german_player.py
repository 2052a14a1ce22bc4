"""The German Whist computer: perfect Phase Two play checked by brute force,
sensible Phase One play, and honesty."""

from __future__ import annotations

import functools
import random
from typing import Any

from tests.test_german_mc import redeal
from whist.ai.german import GermanPlayer, known_voids, likely_voids, phase_two_value
from whist.ai.players import make_player
from whist.ai.solver import solve
from whist.engine.cards import SUIT_MASK, card_name, parse_card, parse_cards, suit_of
from whist.engine.deal import parse_pbn
from whist.engine.rules import DealtHand, GermanWhist
from whist.engine.seats import Seat
from whist.engine.state import GameState, Phase
from whist.engine.trick import legal_cards, trick_winner

N, S = Seat.N, Seat.S


def brute_force(hands: dict[Seat, int], trump: int | None, to_move: Seat, trick: tuple[tuple[Seat, int], ...],
                me: Seat) -> int:
    """Tricks ``me`` takes from here with best play by both: plain minimax, no pruning, no tables."""

    @functools.cache
    def value(n: int, s: int, mover: Seat, trick: tuple[tuple[Seat, int], ...]) -> int:
        held = {N: n, S: s}
        if not held[mover]:
            return 0
        led = suit_of(trick[0][1]) if trick else None
        results = []
        legal = legal_cards(held[mover], led)
        while legal:  # every legal card, lowest first
            c = (legal & -legal).bit_length() - 1
            legal &= legal - 1
            nh = dict(held)
            nh[mover] &= ~(1 << c)
            t = (*trick, (mover, c))
            if len(t) == 2:
                winner = t[trick_winner([x for _, x in t], trump)][0]
                results.append((winner == me) + value(nh[N], nh[S], winner, ()))
            else:
                results.append(value(nh[N], nh[S], S if mover == N else N, t))
        return max(results) if mover == me else min(results)

    return value(hands[N], hands[S], to_move, trick)


def random_endgame(rng: random.Random) -> tuple[dict[Seat, int], int | None, Seat, tuple[tuple[Seat, int], ...]]:
    tricks = rng.randint(1, 7)
    deck = list(range(52))
    rng.shuffle(deck)
    hands = {N: sum(1 << c for c in deck[:tricks]), S: sum(1 << c for c in deck[tricks:2 * tricks])}
    trump = rng.choice([0, 1, 2, 3, None])
    leader = rng.choice([N, S])
    trick: tuple[tuple[Seat, int], ...] = ()
    if rng.random() < 0.4:
        card = rng.choice([c for c in range(52) if hands[leader] >> c & 1])
        hands[leader] &= ~(1 << card)
        trick = ((leader, card),)
        # the other seat still holds one card more
    return hands, trump, leader, trick


def test_phase_two_search_agrees_with_brute_force() -> None:
    rng = random.Random(2024)
    checked = 0
    for _ in range(300):
        hands, trump, leader, trick = random_endgame(rng)
        deal = (hands[N], 0, hands[S], 0)
        got = solve(deal, trump, leader, trick=trick, sides=((N,), (S,)))
        want = brute_force(hands, trump, S if trick and leader == N else N if trick else leader, trick, leader)
        assert got == want
        checked += 1
    assert checked == 300


def test_phase_two_play_never_loses_a_trick_perfect_play_would_keep() -> None:
    rng = random.Random(7)
    for seed in range(120):
        state = GameState("german", seed=seed)
        while state.phase is Phase.PLAY and (len(state.tricks) < 13 + rng.randint(0, 8) or state.trick):
            state.apply(rng.choice(state.legal_actions()))
        if state.phase is not Phase.PLAY:
            continue
        me = state.to_play
        assert me is not None
        other = S if me == N else N
        best = brute_force({N: state.hands[N], S: state.hands[S]}, state.trump, me, state.trick, me) \
            if len(state.tricks) >= 19 else None
        card = parse_card(GermanPlayer(seed).choose(state.observation(me)))
        after = state.clone()
        after.apply(card_name(card))
        taken_now = 0
        if not after.trick and len(after.tricks) > len(state.tricks):
            taken_now = after.tricks[-1].winner == me
        left = (after.hands[N], 0, after.hands[S], 0)
        mover = after.to_play
        if mover is None:
            value = taken_now
        else:
            rest = solve(left, after.trump, after.leader, trick=after.trick, sides=((N,), (S,)))
            remaining = after.hands[me].bit_count() + (1 if after.trick else 0)
            value = taken_now + (rest if after.leader == me else remaining - rest)
        full = solve((state.hands[N], 0, state.hands[S], 0), state.trump, state.leader, trick=state.trick,
                     sides=((N,), (S,)))
        optimum = full if state.leader == me else state.hands[other].bit_count() + bool(state.trick) - full
        assert value == optimum
        if best is not None:
            assert best == optimum


def fixed_german(pbn: str, stock: str, dealer: Seat) -> GermanWhist:
    class Fixed(GermanWhist):
        def first_dealer(self, seed: int) -> Seat:
            return dealer

        def deal(self, deal_number: int, dealer_: Seat) -> DealtHand:
            cards = tuple(parse_card(c) for c in stock.split())
            return DealtHand(parse_pbn(pbn), cards[0], suit_of(cards[0]), stock=cards)

    return Fixed()


def rest_of_stock(pbn: str, first: str) -> str:
    used = parse_pbn(pbn)
    taken = used[0] | used[2] | 1 << parse_card(first)
    return " ".join([first] + [card_name(c) for c in range(52) if not taken >> c & 1])


# North (dealer) and South: South leads. Spades are trumps.
HANDS = "N:K54.T98.J92.AK83 - AQ6.KQ765.T63.42 -"


def test_fight_for_a_high_trump_lose_cheaply_for_a_poor_card() -> None:
    strong = fixed_german(HANDS, rest_of_stock(HANDS, "JS"), N)
    state = GameState(strong, seed=1)
    assert state.to_play == S and state.face_up == parse_card("JS")
    card = parse_card(GermanPlayer(1).choose(state.observation(S)))
    # South wants the jack of trumps: leads a card North is unlikely to beat (the ace of trumps)
    assert parse_cards("AS QS") >> card & 1
    # after South wins the jack, the next face-up card is the four of diamonds: not worth a fight
    rest = rest_of_stock(HANDS, "JS").split()
    order = ["JS", rest[1], "4D"] + [c for c in rest[2:] if c != "4D"]
    state = GameState(fixed_german(HANDS, " ".join(order), N), seed=1)
    state.apply("AS")
    state.apply("4S")
    assert state.to_play == S and state.face_up == parse_card("4D")
    card = parse_card(GermanPlayer(1).choose(state.observation(S)))
    assert phase_two_value(card, state.hands[S], state.trump, state.observation(S).played) < 0.2


def test_follow_to_win_the_face_up_ace_cheaply() -> None:
    state = GameState(fixed_german(HANDS, rest_of_stock(HANDS, "AH"), N), seed=1)
    state.apply("2C")                                   # South leads a low club
    # North wants the ace of hearts: it wins the trick as cheaply as it can
    assert GermanPlayer(1).choose(state.observation(N)) == "3C"


def test_the_choice_depends_only_on_what_the_seat_has_seen() -> None:
    rng = random.Random(11)
    for seed in range(60):
        state = GameState("german", seed=seed)
        for _ in range(rng.randint(0, 30)):
            if state.phase is not Phase.PLAY:
                break
            state.apply(rng.choice(state.legal_actions()))
        if state.phase is not Phase.PLAY:
            continue
        me = state.to_play
        assert me is not None
        obs = state.observation(me)
        alt = redeal(state, me, rng)
        if alt is None:
            continue
        assert alt.observation(me) == obs
        assert GermanPlayer(seed).choose(alt.observation(me)) == GermanPlayer(seed).choose(obs)


def test_make_player_gives_german_whist_its_own_player() -> None:
    assert isinstance(make_player("normal", 1, game="german"), GermanPlayer)
    assert not isinstance(make_player("easy", 1, game="german"), GermanPlayer)
    assert not isinstance(make_player("normal", 1), GermanPlayer)


def test_known_voids_are_true_and_a_blind_draw_ends_them() -> None:
    # A show-out proves a void only until the seat draws again: every suit known_voids
    # names must really be missing from the opponent's hand, in every position; a seat
    # that drew blind after showing out may hold the suit again (it happens here).
    rng = random.Random(5)
    refilled = kept = 0
    for seed in range(150):
        state = GameState("german", seed=seed)
        while state.phase is Phase.PLAY:
            me = state.to_play
            assert me is not None
            other = S if me == N else N
            obs = state.observation(me)
            void = known_voids(obs, other)
            held = state.hands[other]
            for suit in range(4):
                if void >> suit & 1:
                    assert not held & SUIT_MASK[suit], (seed, len(state.tricks), suit)
                elif obs.voids()[other] >> suit & 1:
                    refilled += bool(held & SUIT_MASK[suit])
            kept += (void & obs.voids()[other]).bit_count()
            state.apply(rng.choice(state.legal_actions()))
    assert refilled > 0  # the old reading (every show-out a void for good) was wrong there
    assert kept > 0  # and show-outs with no draw since still count


def _phase_two_show_out(options: dict[str, Any], revoke: bool) -> tuple[GameState, Seat, int] | None:
    """Seeds played at random until, in Phase Two, a seat shows out of the suit led: by a
    revoke (club rules: it holds the suit) or as a void. The state just after the trick,
    the seat and the suit."""
    for seed in range(200):
        state = GameState("german", seed=seed, **options)
        rng = random.Random(seed)
        while state.phase is Phase.PLAY:
            seat = state.to_play
            assert seat is not None
            hand, legal = state.hands[seat], state.legal_mask()
            if len(state.tricks) >= 13 and state.trick and hand.bit_count() > 3:
                led = suit_of(state.trick[0][1])
                if revoke and hand & ~legal:
                    state.apply(card_name(max(c for c in range(52) if (hand & ~legal) >> c & 1)))
                    return state, seat, led
                if not revoke and not hand & SUIT_MASK[led]:
                    state.apply(card_name(max(c for c in range(52) if legal >> c & 1)))
                    return state, seat, led
            state.apply(rng.choice(state.legal_actions()))
    return None


def test_under_club_rules_a_phase_two_show_out_is_no_known_void() -> None:
    """Club rules: a player who showed out of a suit in Phase Two may have revoked, and here
    did (it still holds the suit): known_voids must not name the suit; as the likely void it
    is (:func:`likely_voids`), it still counts."""
    found = _phase_two_show_out({"revokes": "club"}, revoke=True)
    assert found is not None
    state, seat, suit = found
    assert state.hands[seat] & SUIT_MASK[suit]  # it revoked: it still holds the suit
    other = S if seat == N else N
    obs = state.observation(other)
    assert obs.voids()[seat] >> suit & 1  # it showed out
    assert not known_voids(obs, seat) >> suit & 1
    assert likely_voids(obs, seat) >> suit & 1


def test_by_default_a_phase_two_show_out_is_a_known_void() -> None:
    """Revokes prevented (the default): a Phase Two show-out is a void for good (no draw
    follows), and known_voids names it."""
    found = _phase_two_show_out({}, revoke=False)
    assert found is not None
    state, seat, suit = found
    other = S if seat == N else N
    obs = state.observation(other)
    assert known_voids(obs, seat) >> suit & 1 and likely_voids(obs, seat) >> suit & 1
    assert obs.certain_voids()[seat] >> suit & 1
    assert not state.hands[seat] & SUIT_MASK[suit]


def test_under_club_rules_known_voids_stay_true_and_the_players_play_on_after_revokes() -> None:
    """Club rules, with revokes at the table now and then, in both phases: every suit
    known_voids names is really missing, and the Normal and Expert players choose a legal
    card in every position (some of them after the other seat's revoke)."""
    from tests.test_certain_voids import positions
    from whist.ai.german_mc import EXPERT, GermanSearchPlayer

    normal, expert = GermanPlayer(seed=3), GermanSearchPlayer(3, EXPERT.but(samples=2, budget=None))
    rng = random.Random(6)
    revoked = chosen = 0
    for state in positions("german", {"revokes": "club"}, range(10)):
        me = state.to_play
        assert me is not None
        other = S if me == N else N
        obs = state.observation(me)
        void = known_voids(obs, other)
        assert not state.hands[other] & sum(SUIT_MASK[x] for x in range(4) if void >> x & 1), state.actions
        likely = likely_voids(obs, other) & ~void
        revoked += bool(state.hands[other] & sum(SUIT_MASK[x] for x in range(4) if likely >> x & 1))
        if rng.random() < 0.15 and obs.legal & (obs.legal - 1):
            for player in (normal, expert):
                assert player.choose(obs) in state.legal_actions()
                chosen += 1
    assert revoked > 5 and chosen > 20


def test_known_voids_stay_true_without_the_stock_s_history() -> None:
    """A bot's request may leave out which face-up card each trick's winner took
    (``taken_face_up``): a Phase One draw then still ends a show-out's void, as the winner
    may have taken a card of the suit."""
    import dataclasses

    rng = random.Random(9)
    checked = 0
    for seed in range(40):
        state = GameState("german", seed=seed)
        while state.phase is Phase.PLAY and state.stock:
            me = state.to_play
            assert me is not None
            other = S if me == N else N
            obs = dataclasses.replace(state.observation(me), taken_face_up=())
            void = known_voids(obs, other)
            assert not state.hands[other] & sum(SUIT_MASK[x] for x in range(4) if void >> x & 1), (seed, state.actions)
            checked += bool(obs.voids()[other])
            state.apply(rng.choice(state.legal_actions()))
    assert checked > 50
