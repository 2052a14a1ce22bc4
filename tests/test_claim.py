"""Claims, checked against brute force: every layout of the unseen cards, every defence.

The brute force keeps the layouts as an explicit list and tries every legal card of every
seat; the claimant's card is chosen per position, for every layout left at once (it sees
only its hands and the play). A claim is true when some such line takes the tricks.
"""

from __future__ import annotations

import random
import re
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from whist.engine.cards import SUIT_MASK, cards_of, mask_names, parse_cards, suit_of
from whist.engine.claim import Ending, prove
from whist.engine.seats import Seat
from whist.engine.state import GameState, IllegalActionError, Phase
from whist.engine.trick import trick_winner
from whist.table.session import Table

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def _legal(hand: int, led: int | None) -> int:
    follow = hand & SUIT_MASK[led] if led is not None else 0
    return follow or hand


def layouts(end: Ending) -> list[dict[Seat, int]]:
    """Every way the pool may lie in the hidden hands."""
    hidden = [s for s in end.seats if s not in end.mine]
    out: list[dict[Seat, int]] = []

    def place(i: int, pool: int, got: dict[Seat, int]) -> None:
        if i == len(hidden):
            if not pool:
                out.append(dict(got))
            return
        s = hidden[i]
        known = end.known.get(s, 0)
        allowed = [c for c in cards_of(pool) if not end.voids.get(s, 0) >> suit_of(c) & 1]
        for pick in combinations(allowed, end.sizes[s] - known.bit_count()):
            m = sum(1 << c for c in pick)
            got[s] = known | m
            place(i + 1, pool & ~m, got)

    place(0, end.pool, {})
    return out


def truth(end: Ending, need: int) -> bool:
    """Brute force: the claimant's side has a line that takes ``need`` tricks against every layout."""
    side = end.side(end.claimant)
    seats = end.seats

    def win(mine: dict[Seat, int], worlds: list[dict[Seat, int]], trick: tuple[tuple[Seat, int], ...],
            first: Seat, need: int) -> bool:
        played = {s for s, _ in trick}
        left = max(m.bit_count() + (s in played) for s, m in mine.items())
        if need <= 0 or need > left:
            return need <= 0
        seat = seats[(seats.index(trick[-1][0]) + 1) % len(seats)] if trick else first
        led = suit_of(trick[0][1]) if trick else None

        def after(card: int, mine: dict[Seat, int], worlds: list[dict[Seat, int]]) -> bool:
            t = (*trick, (seat, card))
            if len(t) < len(seats):
                return win(mine, worlds, t, first, need)
            winner = t[trick_winner([c for _, c in t], end.trump)][0]
            return win(mine, worlds, (), winner, need - (end.side(winner) == side))

        if seat in mine:
            return any(after(c, {**mine, seat: mine[seat] & ~(1 << c)}, worlds)
                       for c in cards_of(_legal(mine[seat], led)))
        options = 0
        for w in worlds:
            options |= _legal(w[seat], led)
        for c in cards_of(options):
            rest = [{**w, seat: w[seat] & ~(1 << c)} for w in worlds if _legal(w[seat], led) >> c & 1]
            if not after(c, mine, rest):
                return False
        return True

    return win(dict(end.mine), layouts(end), end.trick, end.first, need)


def ending(rng: random.Random) -> tuple[Ending, int]:
    """A random small ending with its claim: four hands (partner hidden), Dummy Whist, or two hands."""
    kind = rng.choice(("four", "dummy", "two"))
    seats = (N, S) if kind == "two" else (N, E, S, W)
    sides = ((N,), (S,)) if kind == "two" else ((N, S), (E, W))
    k = rng.randint(1, 4 if kind == "two" else 3)
    suits = rng.sample(range(4), rng.randint(1, 4))
    deck = [c for x in suits for c in range(13 * x, 13 * x + 13)]
    while len(deck) < k * len(seats):
        deck += [c for c in range(52) if c not in deck][:13]
    cards = rng.sample(deck, k * len(seats))
    hands = {s: sum(1 << c for c in cards[i * k:(i + 1) * k]) for i, s in enumerate(seats)}
    trump = rng.choice((None, *suits))
    leader = rng.choice(seats)
    trick: list[tuple[Seat, int]] = []
    seat = leader
    for _ in range(rng.randrange(len(seats))):
        led = suit_of(trick[0][1]) if trick else None
        card = rng.choice(list(cards_of(_legal(hands[seat], led))))
        hands[seat] &= ~(1 << card)
        trick.append((seat, card))
        seat = seats[(seats.index(seat) + 1) % len(seats)]
    claimant = S if kind == "dummy" and seat == N else seat
    controlled = (N, S) if kind == "dummy" and claimant == S else (claimant,)
    mine = {s: hands[s] for s in controlled}
    known = {N: hands[N]} if kind == "dummy" and N not in mine else {}
    hidden = [s for s in seats if s not in mine]
    for s in hidden:
        if s not in known and hands[s] and rng.random() < 0.2:
            known[s] = 1 << rng.choice(list(cards_of(hands[s])))  # a turn-up on show
    voids = {s: sum(1 << x for x in range(4) if not hands[s] & SUIT_MASK[x] and rng.random() < 0.5)
             for s in hidden}
    for s, c in trick[1:]:  # shown out on the table
        if s in voids and suit_of(c) != suit_of(trick[0][1]):
            voids[s] |= 1 << suit_of(trick[0][1])
    pool = 0
    for s in hidden:
        pool |= hands[s] & ~known.get(s, 0)
    end = Ending(seats, sides, trump, mine, known, {s: hands[s].bit_count() for s in hidden}, voids, pool,
                 tuple(trick), claimant, leader)
    return end, rng.randint(1, end.left)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.integers(0, 2**32))
def test_search_agrees_with_brute_force(seed: int) -> None:
    end, n = ending(random.Random(seed))
    proof = prove(end, n, node_limit=10**7)
    assert proof.ok == truth(end, n), (end, n, proof.text)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.integers(0, 2**32))
def test_cashing_alone_never_accepts_a_false_claim(seed: int) -> None:
    end, n = ending(random.Random(seed))
    proof = prove(end, n, node_limit=0)  # no search: what a big ending relies on
    if proof.ok:
        assert truth(end, n), (end, n, proof.text)
        CASHED.append(proof.text)


CASHED: list[str] = []


def test_the_brute_force_cases_are_not_all_trivial() -> None:
    found = [truth(*ending(random.Random(seed))) for seed in range(200)]
    assert 30 < sum(found) < 170


def test_cashing_proves_a_big_ending() -> None:
    p = parse_cards
    hand = p("AS KS QS JS TS 9S 8S AH KH QH JH TH 9H")  # spades are trumps; six are out
    end = Ending((N, E, S, W), ((N, S), (E, W)), 0, {S: hand}, {}, {N: 13, E: 13, W: 13}, {},
                 ((1 << 52) - 1) & ~hand, (), S)
    assert prove(end).text == "\u2660A K Q J 10 9 8, \u2665A K Q J 10 9 are all masters"
    weak = p("AS KS QS JS TS 2S AH KH QH JH TH 9H 8H")  # seven trumps out: one may stay
    end = Ending(end.seats, end.sides, 0, {S: weak}, {}, end.sizes, {}, ((1 << 52) - 1) & ~weak, (), S)
    proof = prove(end)
    assert not proof.ok and proof.text == "Refused: the \u26602 may lose to the \u26609."
    assert prove(end, 5).ok and not prove(end, 6).ok


def test_a_refusal_names_a_layout_that_defeats_it() -> None:
    p = parse_cards
    end = Ending((N, E, S, W), ((N, S), (E, W)), None, {S: p("AS 9S")}, {}, {N: 2, E: 2, W: 2}, {},
                 p("QS JS 2H 3H 4H 5H"), (), S)
    proof = prove(end)
    assert not proof.ok
    assert re.fullmatch("Refused: if (East|West) holds the \u2660[QJ], the \u26609 loses a trick.", proof.text)
    assert prove(end, 1).ok
    alone = Ending(end.seats, end.sides, None, end.mine, {}, end.sizes, {}, p("QS 2H 3H 4H 5H 6H"), (), S)
    assert prove(alone).text == "\u2660A 9 win"  # the queen must fall under the ace


def _position(game: str, tricks: int, want: bool) -> GameState:
    """A game played at random to ``tricks`` tricks left where the claim of the rest is ``want``."""
    for seed in range(500):
        state = GameState(game, seed=seed)
        rng = random.Random(seed)
        while state.phase is not Phase.PLAY or state.rules.tricks_per_hand - len(state.tricks) > tricks \
                or state.stock or state.trick:
            state.apply(rng.choice(state.legal_actions()))
        if state.claim().ok == want:
            if want:
                state.undo()
            return state
    raise AssertionError("no such position")


@pytest.mark.parametrize("game", ["classic", "dummy", "german"])
def test_a_claim_ends_the_hand_and_replays(game: str) -> None:
    state = _position(game, 3, want=True)
    before = state.snapshot()
    to_play = state.to_play
    assert to_play is not None
    seat = state.rules.controller(to_play)
    won = state.tricks_won
    proof = state.claim()
    assert proof.ok and state.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
    side = state.rules.side_of(seat)
    assert state.results[-1].tricks[side] >= won[side] + 3 or state.results[-1].revokes
    assert state.claimed == (seat, 3, proof.text) and state.actions[-1] == "claim"
    assert GameState.from_json(state.to_json()).snapshot() == state.snapshot()
    assert state.undo() == "claim" and state.snapshot() == before


def test_a_refused_claim_changes_nothing() -> None:
    state = _position("classic", 3, want=False)
    before = state.snapshot()
    proof = state.claim()
    assert not proof.ok and proof.text.startswith("Refused: ") and state.snapshot() == before
    with pytest.raises(IllegalActionError) as err:
        state.apply("claim")
    assert err.value.code == "claim-refused" and err.value.sentence() == proof.text
    assert state.snapshot() == before
    with pytest.raises(IllegalActionError):
        state.apply("claim x")


def _table_at(want: bool, left: int = 3) -> Table:
    """A table where it is your turn with ``left`` tricks to go and your claim of the rest is ``want``."""
    for seed in range(300):
        table = Table(seed=seed)
        rng = random.Random(seed)
        st = table.state
        while st.phase is Phase.PLAY and st.rules.tricks_per_hand - len(st.tricks) > left:
            if not table.computer_step():
                table.human_play(rng.choice(st.legal_actions()))
        while table.computer_step():
            pass
        if table.human_to_play and st.rules.tricks_per_hand - len(st.tricks) == left \
                and st.clone().claim().ok == want:
            return table
    raise AssertionError("no such table")


def test_your_claim_is_accepted_scored_and_undone() -> None:
    table = _table_at(True)
    view = table.view()
    assert view.claim == "Claim the rest" and view.claim_text == "" and view.claimed == ()
    before, hand = table.state.snapshot(), {c.card for c in view.hand}
    result = table.claim()
    assert result.ok and result.reason.startswith("You claim the rest: ") and result.reason.endswith(".")
    view = table.view()
    assert view.phase in ("hand-over", "game-over") and view.claim == "" and view.claim_text == result.reason
    assert {p.card for p in view.claimed} == hand and {p.seat for p in view.claimed} == {"S"}
    assert result.reason in table.take_messages()
    assert view.summary is not None and view.summary.tricks.us >= 3
    saved = Table.load(table.saved()["record"])
    assert saved.state.snapshot() == table.state.snapshot()
    assert table.undo() == 1 and table.state.snapshot() == before and table.view().claim_text == ""
    assert table.redo() and table.state.claimed is not None


def test_a_false_claim_is_refused_with_its_reason() -> None:
    table = _table_at(False)
    before = table.state.snapshot()
    result = table.claim()
    assert not result.ok and result.code == "claim-refused" and result.reason.startswith("Refused: ")
    assert table.state.snapshot() == before and table.view().claim_text == result.reason
    card = next(c.card for c in table.view().hand if c.legal)
    table.human_play(card)
    assert table.view().claim_text == ""
    assert Table(seed=1).claim().ok is False  # the computers play first: not your turn


def computers_claiming(seed: int) -> Table:
    """A hand of seed ``seed`` played to its end with the computers claiming (your cards at random)."""
    table = Table(seed=seed)
    table.computers_claim = True
    rng = random.Random(seed)
    st = table.state
    while st.phase is Phase.PLAY:
        if not table.computer_step():
            table.human_play(rng.choice(st.legal_actions()))
    return table


def test_the_computers_claim_what_they_can_prove() -> None:
    for seed in range(200):
        table = computers_claiming(seed)
        st = table.state
        if st.claimed is not None and st.claimed[0] != Seat.S:
            seat = st.claimed[0]
            text = table.view().claim_text
            assert text.startswith(f"{seat.long_name} claims ") and text in table.take_messages()
            assert {p.card for p in table.view().claimed} == set(mask_names(st.hands[seat]))
            record = st.to_record()
            assert GameState.from_record(record).snapshot() == st.snapshot()
            return
    raise AssertionError("no computer claimed")


def test_the_only_legal_card_is_named_for_the_setting() -> None:
    table = _table_at(False, left=1)
    view = table.view()
    assert view.forced == next(c.card for c in view.hand) and view.claim == ""
    table = _table_at(False, left=3)
    legal = [c.card for c in table.view().hand if c.legal]
    assert table.view().forced == (legal[0] if len(legal) == 1 else None)


def test_your_dummys_only_card_is_forced_too() -> None:
    for seed in range(100):
        table = Table(seed=seed, game="dummy")
        st = table.state
        while st.phase is Phase.PLAY:
            if table.computer_step():
                continue
            legal = st.legal_actions()
            if st.to_play == Seat.N and len(legal) == 1:
                assert table.view().forced == legal[0]
                return
            assert table.view().forced == (legal[0] if len(legal) == 1 else None)
            table.human_play(legal[-1])
    raise AssertionError("no forced card for the dummy")


def test_the_claims_setting_is_stored_once_set() -> None:
    from whist.web.settings import DEFAULTS
    from whist.web.storage import decode_settings, encode_settings

    assert "claims" not in encode_settings(DEFAULTS) and DEFAULTS.claims is False
    on = DEFAULTS.changed(claims=True)
    assert encode_settings(on)["claims"] is True and decode_settings(encode_settings(on)) == (on, [])
    assert decode_settings({"claims": "yes"}) == (DEFAULTS, ["let the computers claim"])


def test_a_claimed_hand_is_reviewed_with_every_card() -> None:
    from whist.ai.review import HandReview

    table = _table_at(True)
    table.claim()
    review = HandReview.of(table.state)
    assert [h.bit_count() for h in review.hands] == [13, 13, 13, 13]
    review.run(max_tricks=3)
    assert review.done == review.total


def test_a_claim_of_some_tricks_and_a_bad_number() -> None:
    table = _table_at(True)
    assert not table.claim(0).ok and table.claim(0).reason == "Refused: 0 is not a number of the 3 tricks left."
    assert not table.claim(500).ok and table.state.phase is Phase.PLAY
    result = table.claim(2)
    assert result.ok and result.reason.startswith("You claim 2 of the 3 tricks left: ")
    summary = table.view().summary
    assert summary is not None and summary.tricks.them >= 1  # the trick not claimed is conceded


def test_redo_replays_a_computer_claim_and_keeps_the_setting() -> None:
    for seed in range(200):
        table = computers_claiming(seed)
        st = table.state
        if st.claimed is not None and st.claimed[0] != Seat.S:
            end = st.snapshot()
            table.undo()
            assert table.redo() and st.snapshot() == end and table.computers_claim
            return
    raise AssertionError("no computer claimed")


def test_the_claim_control_shows_late_in_the_hand() -> None:
    table = Table(seed=5)
    while table.computer_step():
        pass
    assert table.human_to_play and table.view().claim == ""  # the first trick: no button
    assert table.claim().reason.startswith("Refused: ")  # the key still claims
