"""German Whist's revokes option: prevented (the default), or allowed under club rules, where
each revoke hands two of the revoking player's Phase Two tricks to the other (rule book 004:
from Phase Two tricks actually won, all of them if fewer were won)."""

from __future__ import annotations

import random

import pytest

from tests.test_table_games import finish_hand, run_computers
from whist.engine.cards import card_name, cards_of, parse_card, suit_of
from whist.engine.rules import PlayedHand, make_rules
from whist.engine.seats import Seat
from whist.engine.state import GameState, IllegalActionError, Phase
from whist.table import Table, game_choices
from whist.web import howto, newgame

N, S = Seat.N, Seat.S


def revokes_now(state: GameState) -> list[str]:
    """The cards the player to play holds but may not play by the rule of following suit."""
    seat = state.to_play
    assert seat is not None
    return [card_name(c) for c in cards_of(state.hands[seat] & ~state.legal_mask())]


def play_with_revokes(seed: int, when: set[int]) -> tuple[GameState, list[tuple[int, Seat]]]:
    """A German deal under club rules, revoking at the first chance at or after each trick in ``when``."""
    state = GameState("german", seed=seed, revokes="club")
    rng = random.Random(seed)
    wanted = sorted(when)
    done: list[tuple[int, Seat]] = []
    while state.phase is Phase.PLAY:
        bad = revokes_now(state)
        if bad and wanted and len(state.tricks) >= wanted[0]:
            wanted.pop(0)
            seat = state.to_play
            assert seat is not None
            done.append((len(state.tricks), seat))
            state.apply(rng.choice(bad))
        else:
            state.apply(rng.choice(state.legal_actions()))
    return state, done


def test_revokes_are_prevented_by_default_in_german_whist() -> None:
    assert make_rules("german").options["revokes"] == "prevented"
    for seed in range(50):
        state = GameState("german", seed=seed)
        while state.phase is Phase.PLAY:
            bad = revokes_now(state)
            if bad:
                before = state.snapshot()
                with pytest.raises(IllegalActionError, match="must follow suit"):
                    state.apply(bad[0])
                assert state.snapshot() == before
                return
            state.apply(state.legal_actions()[0])
    pytest.fail("no seed gave a chance to revoke")


@pytest.mark.parametrize("when", [{0}, {14}, {2, 16}, {5, 6, 7}])
def test_a_revoke_found_moves_two_phase_two_tricks_never_more_than_were_won(when: set[int]) -> None:
    checked = 0
    for seed in range(60):
        state, done = play_with_revokes(seed, when)
        if len(done) != len(when):
            continue
        r = state.results[-1]
        won = [0, 0]
        for t in state.tricks[13:]:           # the Phase Two tricks actually won
            won[state.rules.side_of(t.winner)] += 1
        assert sum(won) == 13
        expected = list(won)
        moves = []
        for _, seat in done:
            side = state.rules.side_of(seat)
            moved = min(2, expected[side])
            expected[side] -= moved
            expected[1 - side] += moved
            moves.append(moved)
        assert r.revokes == tuple(seat for _, seat in done)
        assert state.revokes == tuple(done)
        assert list(r.tricks) == expected and list(r.revoke_moves) == moves
        assert sum(r.revoke_tricks) == sum(moves) and sum(r.tricks) == 13
        checked += 1
    assert checked >= 10


def test_the_penalty_is_two_tricks_and_only_from_tricks_won() -> None:
    rules = make_rules("german", revokes="club")
    none = (0, 0, 0, 0)
    score = rules.score_hand(PlayedHand((9, 4), none, None, ((3, N),)))
    assert score.tricks == (7, 6) and score.revoke_moves == (2,) and score.points == (1, 0)
    # one trick won: one moved, then none
    score = rules.score_hand(PlayedHand((1, 12), none, None, ((3, N), (20, N))))
    assert score.tricks == (0, 13) and score.revoke_moves == (1, 0) and score.revoke_tricks == (0, 1)
    score = rules.score_hand(PlayedHand((0, 13), none, None, ((0, N),)))
    assert score.tricks == (0, 13) and score.revoke_moves == (0,)
    score = rules.score_hand(PlayedHand((7, 6), none, None, ((2, N), (15, S))))       # both revoke: two each way
    assert score.tricks == (7, 6) and score.revoke_moves == (2, 2)
    classic = make_rules("classic", revokes="club")
    assert classic.score_hand(PlayedHand((9, 4), (0, 0, 0, 0), None, ((3, N),))).tricks == (6, 7)


def test_club_rules_at_the_german_table_let_you_revoke_and_the_summary_says_what_it_cost() -> None:
    for seed in range(60):
        table = Table(seed=seed, game="german", revokes="club")
        run_computers(table)
        st = table.state
        if not st.trick or st.to_play != S:
            continue
        led = suit_of(st.trick[0][1])
        hand = st.hands[S]
        if not [c for c in cards_of(hand) if suit_of(c) == led]:
            continue
        card = next(c for c in table.view().hand if suit_of(parse_card(c.card)) != led)
        assert not card.legal and card.playable
        assert table.human_play(card.card).ok
        finish_hand(table)
        summary = table.view().summary
        assert summary is not None
        moved = table.state.results[-1].revoke_moves[0]
        assert moved == min(2, table.state.tricks_won[1])
        [revoke] = summary.revokes
        assert revoke.seat == "S" and revoke.tricks == moved and "You revoked" in revoke.text
        if moved:
            assert f"{('one', 'two')[moved - 1]} trick" in summary.text and "to North" in summary.text
        return
    pytest.fail("no seed gave a position to revoke in")


def test_the_new_game_dialog_offers_german_whist_the_revokes_option() -> None:
    german = next(g for g in game_choices() if g.game == "german")
    revokes = next(o for o in german.options if o.name == "revokes")
    assert revokes.choices == ("prevented", "club") and revokes.default == "prevented"
    assert "two of the revoker's Phase Two tricks" in revokes.help and "deal" in revokes.help
    classic = next(g for g in game_choices() if g.game == "classic")
    assert "three tricks at the end of the hand" in next(o for o in classic.options if o.name == "revokes").help
    html = newgame.dialog_html(game_choices(), "german", {})
    assert 'name="opt-german-revokes"' in html and 'value="club"' in html
    assert newgame.read_options(game_choices(), "german", {"opt-german-revokes": "club"}) == {"revokes": "club"}
    assert newgame.read_options(game_choices(), "german", {"opt-german-revokes": "prevented"}) == {}
    assert "Revokes (club rules)" in howto.game_html("german", {"revokes": "club"})
    assert "Revokes (club rules)" not in howto.game_html("german")


def test_a_deal_with_a_phase_two_revoke_is_reviewed_and_its_costs_add_up() -> None:
    """Club rules: the review values a revoke as the card it was (it stands, and ends the
    trick), so the review runs and the marks' costs still add up to the tricks taken."""
    from tests.test_review import check_the_costs_add_up
    from whist.ai.review import HandReview

    for seed in range(30):
        state, done = play_with_revokes(seed, {16})
        if not done:
            continue
        review = HandReview.of(state)
        review.run(max_tricks=20)
        assert review.analysed() == 26
        [revoke] = [m for m in review.marks if m.trick == done[0][0] and m.seat == done[0][1]]
        assert revoke.cost is not None
        check_the_costs_add_up(state, review, 0)
        return
    pytest.fail("no seed gave a Phase Two revoke")
