"""The table the page shows (whist.table), under CPython."""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise, permutations

import pytest

from whist.engine.cards import RED_SUITS, SUITS, parse_card, parse_cards, suit_of
from whist.engine.seats import Seat
from whist.engine.state import Phase
from whist.table import Table, sort_hand, suit_order
from whist.table.view import Sides

SUIT = {s: i for i, s in enumerate(SUITS)}


def to_human(table: Table) -> None:
    """Let the computers play until it is the human's turn (or the hand ends)."""
    while table.computer_step():
        pass


def play_game(table: Table, limit: int = 60) -> None:
    """Play the whole game through the Table: the human always plays its first legal card."""
    for _ in range(limit):
        to_human(table)
        view = table.view()
        if view.phase == "game-over":
            return
        if view.phase == "hand-over":
            assert table.next_hand()
            continue
        while table.human_to_play:
            card = next(c.card for c in table.view().hand if c.legal)
            assert table.human_play(card).ok
            to_human(table)
    raise AssertionError("the game did not end")


# --- sorting the hand --------------------------------------------------------

@pytest.mark.parametrize(("trump", "expected"), [
    ("S", "SHCD"), ("H", "HSDC"), ("D", "DSHC"), ("C", "CHSD"), (None, "SHCD"),
])
def test_trump_first_then_colours_alternate(trump: str | None, expected: str) -> None:
    full = parse_cards("AS AH AD AC")
    order = suit_order(full, None if trump is None else SUIT[trump])
    assert "".join(SUITS[s] for s in order) == expected


def test_colours_alternate_as_far_as_the_suits_held_allow() -> None:
    # Trump spades, no clubs: hearts and diamonds must sit together.
    order = suit_order(parse_cards("AS AH AD"), SUIT["S"])
    assert [SUITS[s] for s in order] == ["S", "H", "D"]
    # No trumps held: the side suits still alternate.
    order = suit_order(parse_cards("AH AD AC"), SUIT["S"])
    assert [SUITS[s] for s in order] == ["H", "C", "D"]


@pytest.mark.parametrize("seed", range(40))
def test_sorted_hand_in_every_deal(seed: int) -> None:
    table = Table(seed=seed)
    state = table.state
    cards = [parse_card(c.card) for c in table.view().hand]
    assert sorted(cards) == sorted(sort_hand(state.hands[Seat.S], state.trump))
    suits = [suit_of(c) for c in cards]
    # Each suit is one block, high to low.
    blocks = [s for i, s in enumerate(suits) if i == 0 or suits[i - 1] != s]
    assert len(blocks) == len(set(blocks))
    for a, b in pairwise(cards):
        if suit_of(a) == suit_of(b):
            assert a > b
    # Trump first when held.
    if state.trump in suits:
        assert blocks[0] == state.trump
    # Colours alternate whenever the suits held allow it: no order of the
    # other suits after trump has fewer same-colour neighbours.
    def clashes(seq: list[int]) -> int:
        return sum((a in RED_SUITS) == (b in RED_SUITS) for a, b in pairwise(seq))

    head = blocks[:1] if state.trump in suits else []
    rest = blocks[len(head):]
    assert clashes(blocks) == min(clashes(head + list(p)) for p in permutations(rest))


def test_suit_order_stays_put_as_suits_run_out() -> None:
    table = Table(seed=3)
    first = table.hand_order()
    for _ in range(200):
        if table.view().phase != "play":
            break
        to_human(table)
        if not table.human_to_play:
            break
        card = next(c.card for c in table.view().hand if c.legal)
        table.human_play(card)
        assert table.hand_order() == first


# --- legality ----------------------------------------------------------------

@pytest.mark.parametrize("seed", range(12))
def test_legal_flags_match_the_engine(seed: int) -> None:
    table = Table(seed=seed)
    for _ in range(13):
        to_human(table)
        if not table.human_to_play:
            break
        view = table.view()
        assert view.your_turn and view.to_play == "S"
        flagged = {c.card for c in view.hand if c.legal}
        assert flagged == set(table.state.legal_actions())
        table.human_play(min(flagged))
        # Not the human's turn: every card is flagged not legal.
        if table.computer_to_play:
            assert not any(c.legal for c in table.view().hand)


def test_illegal_card_is_refused_with_a_reason_and_changes_nothing() -> None:
    for seed in range(200):
        table = Table(seed=seed)
        to_human(table)
        view = table.view()
        illegal = [c.card for c in view.hand if not c.legal]
        if view.trick and illegal:
            break
    else:
        pytest.fail("no deal with a card South may not follow with")
    before = table.state.snapshot()
    table.take_messages()
    result = table.human_play(illegal[0])
    assert not result.ok
    assert "follow suit" in result.reason
    assert table.state.snapshot() == before
    assert table.take_messages() == []
    # Not in the hand, not a card at all, and not your turn are refused too.
    other = next(c for c in ("AS", "KS", "QS", "2C", "3C") if c not in {h.card for h in view.hand})
    assert not table.human_play(other).ok
    assert not table.human_play("ZZ").ok
    assert table.state.snapshot() == before


def test_not_your_turn_is_refused() -> None:
    for seed in range(20):
        table = Table(seed=seed)
        if table.computer_to_play:
            break
    card = table.view().hand[0].card
    before = table.state.snapshot()
    result = table.human_play(card)
    assert not result.ok and "turn" in result.reason
    assert table.state.snapshot() == before


def test_computer_step_plays_the_computers_in_turn() -> None:
    table = Table(seed=11)
    seen = []
    while table.computer_to_play:
        seat = table.state.to_play
        n = len(table.state.actions)
        card = table.computer_step()
        assert card is not None
        assert table.state.actions[n] == card
        assert table.state.actor_of(n) == seat
        seen.append(seat)
    # Clockwise from the leader, stopping at South.
    assert table.human_to_play
    assert all(s != Seat.S for s in seen)
    assert table.computer_step() is None


def test_messages_announce_plays_and_tricks() -> None:
    table = Table(seed=5)
    deal = table.take_messages()
    assert len(deal) == 1 and "trumps" in deal[0]
    to_human(table)
    card = next(c for c in table.view().hand if c.legal)
    table.take_messages()
    table.human_play(card.card)
    assert table.take_messages()[0] == f"You play the {card.name}."
    to_human(table)
    msgs = table.take_messages()
    assert all(m.endswith(".") for m in msgs)


# --- a whole game ------------------------------------------------------------

@pytest.mark.parametrize("seed", [1, 2, 12345])
def test_whole_game_reaches_game_over_with_the_right_winner(seed: int) -> None:
    table = Table(seed=seed)
    play_game(table)
    state = table.state
    assert state.phase is Phase.GAME_OVER
    view = table.view()
    assert view.phase == "game-over"
    us, them = state.scores[0], state.scores[1]
    assert view.scores == Sides(us, them)
    assert max(us, them) >= 7 and us != them
    over = view.game_over
    assert over is not None
    assert over.winner == ("us" if us > them else "them")
    assert over.scores == view.scores
    assert str(max(us, them)) in over.text
    assert over.title == ("You win the game!" if us > them else "East\u2013West win the game")
    # The summary of the last hand adds up to the final score.
    summary = view.summary
    assert summary is not None
    assert summary.scores == view.scores
    assert summary.tricks.us + summary.tricks.them == 13
    # Nothing more to do.
    assert table.computer_step() is None
    assert not table.next_hand()
    assert not table.human_play(view.hand[0].card if view.hand else "AS").ok


def test_view_is_json_serialisable_throughout_a_hand() -> None:
    table = Table(seed=9)
    views = [table.view()]
    while table.view().phase == "play":
        if table.human_to_play:
            card = next(c.card for c in table.view().hand if c.legal)
            table.human_play(card)
        else:
            table.computer_step()
        views.append(table.view())
    for view in views:
        assert view == replace(view) and hash(view.hand) == hash(replace(view).hand)  # immutable values
    last = views[-1]
    assert last.phase in ("hand-over", "game-over")
    assert last.summary is not None and last.last_trick is not None
    assert last.summary.tricks.us + last.summary.tricks.them == 13
    assert last.last_trick.number == 13


def test_view_contents() -> None:
    table = Table(seed=21)
    view = table.view()
    north, east, dealer_seat = view.seat("N"), view.seat("E"), view.seat(view.dealer)
    assert view.turn_up is not None and north is not None and east is not None and dealer_seat is not None
    assert view.target == 7
    assert view.trump in ("S", "H", "D", "C")
    assert view.turn_up.suit == view.trump
    assert view.turn_up_visible
    assert dealer_seat.dealer
    assert sum(s.dealer for s in view.seats) == 1
    assert [s.cards for s in view.seats] == [13, 13, 13, 13]
    assert north.side == "us" and east.side == "them"
    assert view.scores == Sides(0, 0)
    assert not view.in_progress
    # The turn-up stays on show until the dealer plays it.
    dealer = Seat.parse(view.dealer)
    turn_up = view.turn_up.card
    while table.state.phase is Phase.PLAY:
        played = turn_up in [c for s, c in _all_plays(table)]
        assert table.view().turn_up_visible == (not played)
        if table.human_to_play:
            table.human_play(next(c.card for c in table.view().hand if c.legal))
        else:
            table.computer_step()
    assert table.view().in_progress
    assert dealer in Seat


def _all_plays(table: Table) -> list[tuple[str, str]]:
    from whist.engine.cards import card_name
    out = [(s.name, card_name(c)) for t in table.state.tricks for s, c in t.plays]
    return out + [(s.name, card_name(c)) for s, c in table.state.trick]


def test_new_game_starts_afresh() -> None:
    table = Table(seed=4)
    to_human(table)
    table.human_play(next(c.card for c in table.view().hand if c.legal))
    assert table.in_progress
    table.new_game(99)
    assert table.state.seed == 99 and not table.state.actions
    assert table.view().scores == Sides(0, 0)
    assert Table(seed=99).state.snapshot() == table.state.snapshot()


# --- undo, redo, hint --------------------------------------------------------

def play_first_legal(table: Table) -> str:
    card = next(c.card for c in table.view().hand if c.legal)
    assert table.human_play(card).ok
    return card


def test_nothing_to_undo_before_your_first_card() -> None:
    table = Table(seed=11)
    to_human(table)
    assert not table.can_undo and not table.can_redo
    before = table.state.snapshot()
    table.take_messages()
    assert table.undo() == 0
    assert table.state.snapshot() == before
    assert "Nothing to undo" in table.take_messages()[0]
    assert not table.redo()


def test_undo_takes_back_your_card_and_the_computers_after_it() -> None:
    table = Table(seed=5)
    to_human(table)
    before = table.state.snapshot()
    view = table.view()
    n = len(table.state.actions)
    card = play_first_legal(table)
    to_human(table)
    played = len(table.state.actions) - n
    assert played > 1
    table.take_messages()
    assert table.undo() == played
    assert table.state.snapshot() == before
    assert table.view() == replace(view, can_redo=True)
    assert table.human_to_play
    message = table.take_messages()[0]
    assert message.startswith("Undone: you take back the") and card_long(card) in message


def card_long(card: str) -> str:
    from whist.engine.cards import card_long_name
    return card_long_name(parse_card(card))


def test_undo_is_unlimited_back_to_the_first_card_across_hands() -> None:
    table = Table(seed=3)
    snapshots = []  # the position before each of your cards
    for _ in range(200):
        to_human(table)
        if table.state.phase is Phase.HAND_OVER:
            if len(table.state.results) == 2:
                break
            table.next_hand()
            continue
        snapshots.append(table.state.snapshot())
        play_first_legal(table)
    to_human(table)
    end = table.state.snapshot()
    assert table.state.hand_number >= 1 and table.state.scores != (0, 0)
    for snap in reversed(snapshots):
        assert table.undo() > 0
        assert table.state.snapshot() == snap
    assert not table.can_undo
    assert table.state.scores == (0, 0) and table.state.hand_number == 0
    # Redo puts every card back, the deals of the later hands included.
    while table.can_redo:
        assert table.redo()
    assert table.state.snapshot() == end


def test_undo_across_a_finished_hand_restores_the_score() -> None:
    table = Table(seed=8)
    while True:
        to_human(table)
        if table.state.phase is not Phase.PLAY:
            break
        before = table.state.snapshot()
        play_first_legal(table)
    scores = table.state.scores
    assert table.state.phase in (Phase.HAND_OVER, Phase.GAME_OVER) and scores != (0, 0)
    assert table.view().summary is not None
    table.undo()
    assert table.state.snapshot() == before
    assert table.state.phase is Phase.PLAY and table.state.scores == (0, 0)
    assert table.view().summary is None
    # And from the next hand: the deal itself is taken back too.
    table.redo()
    table.next_hand()
    to_human(table)
    assert table.state.hand_number == 1
    table.undo()
    assert table.state.snapshot() == before


def test_a_new_card_clears_redo_and_redo_replays_exactly() -> None:
    table = Table(seed=21)
    to_human(table)
    first = play_first_legal(table)
    to_human(table)
    after = table.state.snapshot()
    table.undo()
    assert table.can_redo
    assert table.redo() and table.state.snapshot() == after
    table.undo()
    other = [c.card for c in table.view().hand if c.legal and c.card != first]
    if other:
        assert table.human_play(other[0]).ok
        assert not table.can_redo


def test_undo_while_the_computers_are_still_playing() -> None:
    table = Table(seed=2)
    to_human(table)
    before = table.state.snapshot()
    play_first_legal(table)
    table.computer_step()  # one computer card, the others still to come
    table.undo()
    assert table.state.snapshot() == before
    table.redo()
    # Redo stops where the undo was made: the computers' turn again.
    assert table.computer_to_play or table.state.phase is not Phase.PLAY


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_hint_is_the_computer_players_choice_from_your_seat(level: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import whist.ai.montecarlo
    from whist.ai.players import make_player

    # Without the time cap, Monte Carlo choices depend on the seed alone, not on the machine's load.
    monkeypatch.setattr(whist.ai.montecarlo, "HARD", whist.ai.montecarlo.HARD.but(budget=None))

    table = Table(seed=17)
    table.set_levels(level, "normal")
    for _ in range(4):
        to_human(table)
        if not table.human_to_play:
            break
        expected = make_player(level, seed=17 * 4 + int(Seat.S)).choose(table.state.observation(Seat.S))
        before = table.state.snapshot()
        hint = table.hint()
        assert hint == expected
        assert hint in table.state.legal_actions()
        assert table.hint() == hint  # free and repeatable: nothing changes
        assert table.state.snapshot() == before
        table.human_play(hint)
    assert Table(seed=1).hint() in (None, *Table(seed=1).state.legal_actions())


def test_no_hint_when_it_is_not_your_turn() -> None:
    table = Table(seed=11)
    if table.human_to_play:
        play_first_legal(table)
    assert table.computer_to_play and table.hint() is None


def test_levels_per_side() -> None:
    table = Table(seed=4)
    table.set_levels("easy", "hard")
    assert table.levels[Seat.N] == "easy" and table.levels[Seat.S] == "easy"
    assert table.levels[Seat.E] == table.levels[Seat.W] == "hard"
    assert table.view().levels == ("easy", "hard")  # your partner's, the opponents'
    with pytest.raises(ValueError):
        table.set_levels("grandmaster", "easy")
    table.new_game(5)
    assert table.levels[Seat.E] == "hard"  # levels last across games


def test_previous_trick_of_this_hand_or_the_hand_before() -> None:
    table = Table(seed=6)
    assert table.previous_trick() is None
    while table.state.phase is Phase.PLAY:
        to_human(table)
        if table.human_to_play:
            play_first_legal(table)
    last = table.state.tricks[-1]
    table.next_hand()
    prev = table.previous_trick()
    assert prev is not None and prev.number == 13 and prev.hand_number == 1
    assert prev.winner == last.winner.name and len(prev.plays) == 4
    while not table.state.tricks:
        if table.human_to_play:
            play_first_legal(table)
        else:
            table.computer_step()
    now = table.previous_trick()
    assert now is not None and now.number == 1 and now.hand_number == 2


def test_a_tricks_winner_is_told_with_its_verb() -> None:
    """The trick's sentence comes from the table: "You win", "East wins" (not pieced together in the page)."""
    table = Table(seed=6)
    said = set()
    while table.state.phase is Phase.PLAY:
        to_human(table)
        if table.human_to_play:
            play_first_legal(table)
        trick = table.previous_trick()
        if trick is not None:
            said.add((trick.winner, trick.wins))
    for seat, wins in said:
        assert wins == ("You win" if seat == "S" else f"{Seat[seat].long_name} wins")
    assert ("S", "You win") in said and len(said) >= 2


# --- the page's settings and help (plain Python parts of whist.web) ---------

def test_settings_round_trip_and_bad_values_fall_back() -> None:
    from whist.web.settings import DEFAULTS, Settings, timing

    assert Settings.from_dict(DEFAULTS.to_dict()) == DEFAULTS
    assert DEFAULTS.speed == "normal" and DEFAULTS.partner_level == DEFAULTS.opponent_level == "normal"
    assert Settings.from_dict(None) == DEFAULTS
    odd = Settings.from_dict({"speed": "ludicrous", "sound": "yes", "auto_play": True, "opponent_level": "expert"})
    assert odd.speed == "normal" and odd.sound is True and odd.auto_play and odd.opponent_level == "expert"
    assert timing(DEFAULTS.changed(trick_pause="click")).trick is None
    assert timing(DEFAULTS.changed(speed="instant")).card == 0
    slow, fast = timing(DEFAULTS.changed(speed="slow")), timing(DEFAULTS.changed(speed="fast"))
    assert slow.card > timing(DEFAULTS).card > fast.card > 0


def test_help_lists_every_shortcut_and_speaks_of_this_game() -> None:
    from whist.web.howto import KEYS, controls_html, rules_html

    text = controls_html()
    for keys, _ in KEYS:
        assert keys.split(" ")[0] in text
    view = Table(seed=3).view()
    rules = rules_html(view)
    assert f"{view.trump_name.lower()} are trumps" in rules
    assert f"first side to {view.target} points" in rules.replace("\n", " ")


def test_instant_waits_for_nothing_and_the_trick_pause_follows_the_pace() -> None:
    from whist.web.settings import PACES, Settings, timing

    instant = timing(Settings(speed="instant"))
    assert (instant.card, instant.trick, instant.gather) == (0.0, 0.0, 0.0)
    # the old stored default pause ("normal", 1.2 s) follows the pace: Instant is instant for it too
    old = Settings.from_dict({"speed": "instant", "trick_pause": "normal"})
    assert timing(old).trick == 0.0
    pauses = [pause for pace in PACES if (pause := timing(Settings(speed=pace)).trick) is not None]
    assert len(pauses) == len(PACES), "every pace keeps a trick a set time"
    assert pauses == sorted(pauses, reverse=True)  # slower paces keep a trick longer
    assert timing(Settings(speed="instant", trick_pause="click")).trick is None  # a choice is kept


def test_help_says_what_each_pace_does_and_no_stray_goal() -> None:
    from whist.web.howto import KEYS, controls_html
    from whist.web.settings import SPEED_HELP, SPEED_LABELS

    text = controls_html(7)
    assert "points wins" not in text
    for pace, label in SPEED_LABELS.items():
        assert SPEED_HELP[pace].startswith(label + ":") and SPEED_HELP[pace] in text
    keys = dict(KEYS)
    assert keys["U"].startswith("Undo") and keys["R"].startswith("Redo")
    assert not any("Shift+U" in k for k in keys)


def test_game_over_counts_hands_in_words() -> None:
    t = Table(seed=11, game="short")
    play_game(t)
    over = t.view().game_over
    assert over is not None
    n = over.hands_played
    assert over.hands_played_text == (f"{n} hand" if n == 1 else f"{n} hands")


@pytest.mark.parametrize("seed", range(1, 6))
def test_german_game_over_title_names_the_one_opponent(seed: int) -> None:
    t = Table(seed=seed, game="german", match="three-deals")
    play_game(t)
    over = t.view().game_over
    assert over is not None
    assert over.title == ("You win the game!" if over.winner == "us" else "North wins the game")


def test_finished_hand_is_the_hand_the_review_shows_shares_and_replays() -> None:
    for seed in range(9, 40):  # the first deal that is not thrown in
        table = Table(seed=seed, game="contract", level="easy", doubling=True)
        assert table.finished_hand() is None and table.finished_hand(latest=True) is None
        for _ in range(200):  # a hand of Contract Whist: its auction, then 52 cards
            if table.finished_hand() is not None:
                break
            if table.computer_step() is None:
                move = table.hint() or ""
                done = table.human_call(move) if table.in_auction else table.human_play(move)
                assert done.ok, done.reason
        if table.state.contract is not None:
            break
    hand = table.finished_hand()
    assert hand is not None and hand == table.finished_hand(latest=True)
    state = table.state
    assert (hand.number, hand.deal_number, hand.game, hand.dealer) == (1, state.deal_number, "contract", state.dealer)
    assert hand.options == state.rules.replay_options()
    contract = state.contract
    assert contract is not None
    assert hand.header.startswith(f"Deal {state.deal_number} \u00b7 {state.dealer.long_name} dealt")
    assert f"contract: {contract.long_name} by {contract.declarer.long_name}" in hand.header
    assert hand.pbn().startswith('[Event "Whist: Contract Whist"]') and len(hand.review().tricks) == 13
    dealt = state.dealt
    table.next_hand()
    last = table.finished_hand(latest=True)
    assert table.finished_hand() is None and last is not None and last.header == hand.header
    again = table.replay(last)
    assert again.state.dealt == dealt and again.options == {"doubling": True}


def test_is_game_compares_the_game_its_options_its_deal_and_its_first_dealer() -> None:
    table = Table(seed=7, game="short", dealer=Seat.W)
    assert table.is_game("short", {}) and table.is_game("short", {"target": 5}, 7, Seat.W)
    assert not table.is_game("short", {"honours": False}) and not table.is_game("classic", {})
    assert not table.is_game("short", {}, 8) and not table.is_game("short", {}, 7, Seat.N)
