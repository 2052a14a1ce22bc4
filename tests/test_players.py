"""The computer players: sound whist on hand-made positions, honesty, legality, strength."""

from __future__ import annotations

import random

import pytest

from whist.ai.knowledge import Knowledge
from whist.ai.play import Decision, play
from whist.ai.players import LEVELS, BeginnerPlayer, Player, RuleBasedPlayer, make_player
from whist.engine.cards import SUIT_MASK, SUITS, parse_card, parse_cards, suit_of
from whist.engine.observation import Observation
from whist.engine.rules import ClassicWhist, DealtHand, Rules
from whist.engine.seats import SEAT_NAMES, Seat
from whist.engine.state import GameState, Phase, Trick
from whist.engine.trick import legal_cards, trick_winner

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
# The rule-based levels, fast enough to play hundreds of games here; the
# searching levels (hard, expert) are tested in tests/test_montecarlo.py.
FAST_LEVELS = ("easy", "normal")
SEATS = (N, E, S, W)
SIDES = ((N, S), (E, W))


def _plays(text: str) -> tuple[Seat, tuple[tuple[Seat, int], ...]]:
    """``"W: QS 2S 3S"``: the leader, then the cards played clockwise from it."""
    head, body = text.split(":")
    leader = Seat.parse(head)
    plays, seat = [], leader
    for name in body.split():
        plays.append((seat, parse_card(name)))
        seat = seat.next_clockwise()
    return leader, tuple(plays)


def position(hand: str, trump: str = "S", *, seat: Seat = S, tricks: tuple[str, ...] = (),
             trick: str = "", leader: Seat | None = None, dealer: Seat = N,
             turn_up: str | None = None, turn_up_visible: bool = False) -> Observation:
    """An observation made by hand: this seat's cards, earlier tricks and the trick on the table."""
    mask = parse_cards(hand)
    done = []
    for t in tricks:
        first, plays = _plays(t)
        done.append(Trick(first, plays, plays[trick_winner([c for _, c in plays], SUITS.index(trump))][0]))
    if trick:
        leader, current = _plays(trick)
    else:
        if leader is None:
            leader = done[-1].winner if done else seat
        current = ()
    to_play = current[-1][0].next_clockwise() if current else leader
    assert to_play == seat, f"{SEAT_NAMES[seat]} is not to play in this position"
    led = suit_of(current[0][1]) if current else None
    size = mask.bit_count()
    sizes = tuple(size - any(s == p for p, _ in current) for s in SEATS)
    return Observation(
        game="classic", seat=seat, seats=SEATS, sides=SIDES, phase="play", hand=mask,
        trump=SUITS.index(trump), dealer=dealer,
        turn_up=None if turn_up is None else parse_card(turn_up), turn_up_visible=turn_up_visible,
        leader=leader, trick=current, tricks=tuple(done), to_play=to_play,
        legal=legal_cards(mask, led), hand_sizes=sizes,  # type: ignore[arg-type]
        scores=(0, 0), tricks_won=(0, 0), target=7, hand_number=0)


def normal(obs: Observation) -> str:
    return make_player("normal", seed=1).choose(obs)


# --- second hand ------------------------------------------------------------------
# Clockwise N E S W: South is second hand when East leads, third when North
# leads, fourth when West leads.

def test_second_hand_plays_low() -> None:
    obs = position("KH 7H 2H 9D 8D 4C 3C", trick="E: 5H")
    assert normal(obs) == "2H"


def test_second_hand_covers_an_honour_with_an_honour() -> None:
    obs = position("KH 4H 3H 9D 8D 4C 3C", trick="E: QH")
    assert normal(obs) == "KH"


def test_second_hand_takes_a_sure_trick_on_the_last_round_of_a_suit() -> None:
    # Eight diamonds are gone, the 4 is led: only the Q and 5 are left out, so
    # the ace may be ruffed next time round. Take it now.
    early = ("N: 2D 3D KD 6D", "S: JD TD 9D 7D")
    obs = position("AD 8D 9C 4C 3C", tricks=early, trick="E: 4D")
    assert normal(obs) == "AD"
    # With plenty of diamonds out, second hand plays low instead.
    assert normal(position("AD 8D 9C 4C 3C", trick="E: 4D")) == "8D"


# --- third hand -------------------------------------------------------------------

def test_third_hand_high_but_only_as_high_as_needed() -> None:
    # K and Q are equivalent: the queen does the same work.
    assert normal(position("KC QC 5C 9D 8D", trick="N: 3C 9C")) == "QC"


def test_third_hand_wins_with_the_cheapest_card_nobody_can_beat() -> None:
    # The king and queen of clubs are played: the jack is as good as the ace.
    early = ("E: KC 2C 4C QC",)
    assert normal(position("AC JC 5C 9D 8D", tricks=early, trick="N: 3C 9C")) == "JC"


def test_third_hand_high_from_ace_when_fourth_hand_may_beat_the_rest() -> None:
    # Partner's 3 is beaten by East's 9; the ten would lose to J, Q or K behind.
    assert normal(position("AC TC 5C 9D 8D", trick="N: 3C 9C")) == "AC"


def test_third_hand_does_not_overtake_partners_master() -> None:
    early = ("E: AC 3C 4C 6C",)  # the ace of clubs is gone: North's king is master
    assert normal(position("QC 7C 2C 9D 8D", tricks=early, trick="N: KC 5C")) == "2C"


def test_third_hand_does_not_overtake_when_it_gains_nothing() -> None:
    # Only the ace beats North's queen, and it beats the king too.
    assert normal(position("KC 8C 2C 9D 8D", trick="N: QC 4C")) == "2C"


def test_third_hand_plays_high_over_partners_low_card() -> None:
    # North's 5 wins for now, but West may hold anything: play the queen (the K's equal).
    assert normal(position("KC QC 3C 9D 8D", trick="N: 5C 2C")) == "QC"


def test_third_hand_low_when_fourth_hand_surely_holds_better() -> None:
    # West dealt and shows the king of trumps: the queen would only fall to it.
    obs = position("QS 8S 2S 9D 8D", trick="N: 3S 4S", dealer=W, turn_up="KS", turn_up_visible=True)
    assert normal(obs) == "2S"
    # With East the dealer the king is not behind us: third hand high.
    obs = position("QS 8S 2S 9D 8D", trick="N: 3S 4S", dealer=E, turn_up="KS", turn_up_visible=True)
    assert normal(obs) == "QS"


# --- fourth hand ----------------------------------------------------------------

def test_fourth_hand_wins_as_cheaply_as_possible() -> None:
    assert normal(position("AH QH JH 2H 9D", trick="W: 8H 3H TH")) == "JH"


def test_fourth_hand_plays_low_when_partner_is_winning() -> None:
    assert normal(position("AH 5H 2H 9D", trick="W: 8H KH 3H")) == "2H"


# --- ruffing ---------------------------------------------------------------------

def test_ruff_an_opponents_winner_with_the_lowest_trump() -> None:
    assert normal(position("9S 3S 8C 7C", trick="W: AD 3D 4D")) == "3S"


def test_do_not_ruff_partners_winning_trick() -> None:
    assert normal(position("9S 3S 8C 7C", trick="W: 2D AD 4D")) == "7C"


def test_overruff_cheaply() -> None:
    assert normal(position("9S 7S 3S 8C 7C", trick="W: AD 3D 6S")) == "7S"


def test_discard_when_a_ruff_cannot_win() -> None:
    assert normal(position("9S 3S 8C 7C", trick="W: AD 3D AS")) == "7C"


def test_do_not_ruff_low_in_front_of_an_opponent_who_can_overruff() -> None:
    # West showed out of hearts earlier; the 2 of trumps would be overruffed.
    early = ("N: AH 2H 3H 5C",)
    obs = position("2S 8C 7C 6D", tricks=early, trick="N: 4H KH")
    assert normal(obs) == "6D"
    # But a ruff West cannot beat (the ace of trumps) takes the trick.
    obs = position("AS 2S 8C 7C", tricks=early, trick="N: 4H KH")
    assert normal(obs) == "AS"


# --- leads -------------------------------------------------------------------------

def test_cash_a_side_suit_ace() -> None:
    assert normal(position("AD 7D 4D 9H 6H 3H 8C 5C 2C 7S 3S")) == "AD"


def test_cash_a_card_that_became_master() -> None:
    early = ("N: AD 2D 3D 5D",)
    assert normal(position("KD 7D 9H 6H 3H 8C 5C 7S", tricks=early, seat=N, trick="")) == "KD"


def test_lead_top_of_a_sequence_from_a_strong_suit() -> None:
    assert normal(position("KH QH JH 5H 7D 4D 9C 6C 3C 8S 2S")) == "KH"


def test_lead_fourth_best_from_a_long_suit() -> None:
    assert normal(position("QH 9H 7H 5H 2H 7D 4D 9C 6C 8S 2S")) == "5H"


def test_lead_trumps_holding_five() -> None:
    assert normal(position("KS 9S 7S 5S 3S 7D 4D 9C 6C 3C 2H")) == "5S"


def test_lead_trumps_from_the_top_of_a_sequence() -> None:
    assert normal(position("KS QS JS 5S 3S 7D 4D 9C 6C 3C 2H")) == "KS"


def test_return_partners_suit() -> None:
    early = ("N: 9C JC AC 4C",)  # North led clubs, South won with the ace
    assert normal(position("8C 5C 3C 9H 6H 3H 8D 2D 6S", tricks=early)) == "3C"
    assert normal(position("8C 5C 9H 6H 3H 8D 7D 2D 6S", tricks=early)) == "8C"


def test_avoid_leading_into_an_opponents_void() -> None:
    hand = "QH TH 8H 5H 9D 6D 3D 8C 7S"
    assert normal(position(hand)) == "5H"  # fourth-best of the longest suit
    # East ruffed a heart: lead diamonds instead, though hearts are longer.
    early = ("N: 9H 2S 4H 6H",)
    assert normal(position(hand, tricks=early, leader=S)) == "3D"


def test_lead_a_suit_partner_can_ruff() -> None:
    # North threw a club on a diamond: put North in for a ruff.
    early = ("E: KD 3D 4D 2C",)
    obs = position("9D 5D 9H 6H 3H 8C 5C 6S", tricks=early, leader=S)
    assert normal(obs) == "5D"


# --- discards --------------------------------------------------------------------

def test_discard_keeps_masters_and_guards() -> None:
    # Partner wins the diamond; keep the ace of hearts, the king of clubs and
    # its guard, and the trump: the 3 of hearts goes.
    assert normal(position("5S AH 3H KC 4C", trick="W: 2D AD 4D")) == "3H"


def test_discard_from_a_short_suit_not_a_long_one() -> None:
    assert normal(position("5S 9H 3H TC 8C 6C 4C", trick="W: 2D AD 4D")) == "3H"


# --- knowledge ------------------------------------------------------------------

def test_knowledge_remembers_voids_and_the_turn_up() -> None:
    early = ("N: AH 2H 3H 5C",)  # West showed out of hearts
    obs = position("KS 4D 3D", tricks=early, seat=N, dealer=E, turn_up="AS", turn_up_visible=True)
    know = Knowledge.from_observation(obs)
    assert know.is_void(W, 1) and not know.is_void(E, 1)
    assert know.certain[E] >> parse_card("AS") & 1
    assert not know.possible[W] >> parse_card("AS") & 1 and not know.possible[S] >> parse_card("AS") & 1
    assert know.may_ruff(W, 1) and not know.may_ruff(E, 1)
    assert know.is_master(parse_card("KH"))  # the ace is played
    forgetful = Knowledge.from_observation(obs, remember=False)
    assert not forgetful.is_master(parse_card("KH")) and not forgetful.is_void(W, 1)


def test_knowledge_narrows_cards_only_one_seat_can_hold() -> None:
    # Every seat but West has shown out of spades: West holds the spades out.
    early = ("W: 2S 2H 3H 4H", "W: 3S 5H 6H 7H")
    obs = position("AD KD QD JD TD 9D 8D 7D 6D 5D 4D", tricks=early, leader=S)
    know = Knowledge.from_observation(obs)
    assert know.certain[W] & SUIT_MASK[0] == know.others & SUIT_MASK[0]


# --- whole games: legal, deterministic, honest ---------------------------------------

def play_game(seed: int, players: dict[Seat, Player]) -> GameState:
    """A whole game of Classic Whist; an illegal card raises IllegalActionError."""
    state = GameState("classic", seed=seed)
    play(state, players, until="game")
    return state


@pytest.mark.parametrize("level", FAST_LEVELS)
def test_players_always_play_a_legal_card(level: str) -> None:
    for seed in range(150):
        play_game(seed, {s: make_player(level, seed=seed * 4 + s) for s in SEATS})


def test_mixed_tables_play_legal_cards() -> None:
    for seed in range(150):
        rng = random.Random(seed)
        play_game(seed, {s: make_player(rng.choice(FAST_LEVELS), seed=seed + s) for s in SEATS})


def test_make_player_names_its_levels() -> None:
    assert LEVELS == ("easy", "normal", "hard", "expert")
    assert isinstance(make_player(), RuleBasedPlayer)
    assert isinstance(make_player("easy", 3), BeginnerPlayer)
    with pytest.raises(ValueError, match="unknown level"):
        make_player("master")


def test_a_choice_depends_on_the_position_and_seed_only() -> None:
    state = GameState("classic", seed=11)
    for _ in range(9):
        state.apply(state.legal_actions()[-1])
    obs = state.observation(state.to_play)  # type: ignore[arg-type]
    for level in FAST_LEVELS:
        player = make_player(level, seed=5)
        first = player.choose(obs)
        assert all(player.choose(obs) == first for _ in range(5))
        assert make_player(level, seed=5).choose(obs) == first


def test_easy_is_a_different_player_from_normal() -> None:
    differ = 0
    for seed in range(40):
        state = GameState("classic", seed=seed)
        for _ in range(seed % 20):
            state.apply(random.Random(seed).choice(state.legal_actions()))
        obs = state.observation(state.to_play)  # type: ignore[arg-type]
        differ += make_player("easy", seed).choose(obs) != make_player("normal", seed).choose(obs)
    assert differ >= 8


class FixedDeal(ClassicWhist):
    """Classic rules with a given first deal (the hands as they were dealt)."""

    def __init__(self, hands: tuple[int, int, int, int], turn_up: int, dealer: Seat) -> None:
        super().__init__()
        self.hands, self.up, self.dealer = hands, turn_up, dealer

    def first_dealer(self, seed: int) -> Seat:
        return self.dealer

    def deal(self, deal_number: int, dealer: Seat) -> DealtHand:
        return DealtHand(self.hands, self.up, suit_of(self.up))


def redeal_hidden(state: GameState, seat: Seat, rng: random.Random) -> GameState | None:
    """The same hand so far, with the cards ``seat`` cannot see dealt afresh among
    the other seats: same hand sizes, no card of a suit a seat has shown out of,
    the turn-up (while on show) in the dealer's hand. Replaying the actions on it
    would raise if the new deal contradicted anything played."""
    obs = state.observation(seat)
    voids = obs.voids()
    others = [s for s in state.rules.seats if s != seat]
    fixed = {s: 0 for s in others}
    if obs.turn_up_visible and state.dealer != seat:
        fixed[state.dealer] = 1 << state.turn_up  # type: ignore[operator]
    hidden = [c for c in range(52) if obs.unseen >> c & 1]
    for _ in range(200):
        rng.shuffle(hidden)
        room = {s: state.hands[s].bit_count() - fixed[s].bit_count() for s in others}
        new = dict(fixed)
        for c in hidden:
            fits = [s for s in others if room[s] and not voids[s] >> suit_of(c) & 1]
            if not fits:
                break
            s = rng.choice(fits)
            new[s] |= 1 << c
            room[s] -= 1
        else:
            break
    else:
        return None
    played = {s: 0 for s in state.rules.seats}
    for t in state.tricks:
        for s, c in t.plays:
            played[s] |= 1 << c
    for s, c in state.trick:
        played[s] |= 1 << c
    dealt = [0, 0, 0, 0]
    for s in state.rules.seats:
        dealt[s] = (state.hands[s] if s == seat else new[s]) | played[s]
    other = GameState(FixedDeal((dealt[0], dealt[1], dealt[2], dealt[3]), state.turn_up,  # type: ignore[arg-type]
                                state.dealer), seed=state.seed)
    for action in state.actions:
        other.apply(action)
    return other


def test_players_never_read_a_hidden_card() -> None:
    rng = random.Random(2024)
    checked = moved = 0
    for seed in range(120):
        state = GameState("classic", seed=seed)
        for _ in range(rng.randrange(0, 50)):
            state.apply(rng.choice(state.legal_actions()))
        seat = state.to_play
        assert seat is not None
        other = redeal_hidden(state, seat, rng)
        assert other is not None
        assert other.hands[seat] == state.hands[seat]
        if other.hands != state.hands:
            moved += 1
        obs, alt = state.observation(seat), other.observation(seat)
        assert obs == alt and obs.to_json() == alt.to_json()
        for level in FAST_LEVELS:
            assert make_player(level, seed).choose(obs) == make_player(level, seed).choose(alt)
        checked += 1
    assert checked == 120 and moved > 100  # the hidden cards really moved


def test_the_honesty_check_can_fail() -> None:
    """A player shown a different hand of its own chooses differently, often enough
    that a player peeking at hidden cards would be caught by the test above."""
    changed = 0
    for seed in range(60):
        state = GameState("classic", seed=seed)
        seat = state.to_play
        assert seat is not None
        obs = state.observation(seat)
        mate = next(s for s in SEATS if s != seat)
        peek = Observation(**{**obs.__dict__, "hand": state.hands[mate],
                              "legal": state.hands[mate]})
        changed += normal(obs) != normal(peek)
    assert changed >= 30


# --- the easy level's own habits (how much weaker it is: benchmarks/strength.py) -------

def test_easy_is_careless_three_times_in_ten_and_otherwise_grabs_what_it_can_win() -> None:
    """Level easy plays any legal card about 30% of the time; otherwise, to a trick it can
    win, it wins: with the highest card of the suit led that does, else the lowest trump
    that does (the winners worked out here from the trick)."""
    careless = decisions = grabs = 0
    for seed in range(25):
        state = GameState("classic", seed=seed)
        players = {s: make_player("easy", seed * 4 + s) for s in SEATS}
        while state.phase is Phase.PLAY:
            seat = state.to_play
            assert seat is not None
            obs = state.observation(seat)
            player = players[seat]
            assert isinstance(player, BeginnerPlayer)
            card, why = player.advise(obs)
            assert card in state.legal_actions()
            decisions += 1
            if why[0] == "careless":
                careless += 1
            elif state.trick:
                plays = [c for _, c in state.trick]
                mine = [c for c in range(52) if obs.legal >> c & 1]
                winners = [c for c in mine if trick_winner([*plays, c], state.trump) == len(plays)]
                if winners:
                    led = [c for c in winners if suit_of(c) == suit_of(plays[0])]
                    assert parse_card(card) == (max(led) if led else min(winners)) and why[0] == "grab"
                    grabs += 1
            state.apply(card)
    assert decisions == 25 * 52 and grabs > 100
    assert 0.25 < careless / decisions < 0.35, careless / decisions


def test_the_rules_choose_the_computer_player(monkeypatch: pytest.MonkeyPatch) -> None:
    """The player comes from the rules' ``computer_player``, not the game's name."""
    from whist.ai.german import GermanPlayer
    from whist.engine.rules import GermanWhist, make_rules

    assert Rules.computer_player == "trick-taking" and GermanWhist.computer_player == "two-hand"
    assert isinstance(make_player("hard", 1, game="german"), GermanPlayer)
    assert isinstance(make_player("normal", 1, game=make_rules("german")), GermanPlayer)
    assert isinstance(make_player("easy", 1, game="german"), BeginnerPlayer)
    monkeypatch.setattr(Rules, "computer_player", "two-hand")
    assert isinstance(make_player("normal", 1, game="classic"), GermanPlayer)
    monkeypatch.setattr(Rules, "computer_player", "trick-taking")
    monkeypatch.setattr(GermanWhist, "computer_player", "trick-taking")
    assert isinstance(make_player("normal", 1, game="german"), RuleBasedPlayer)


# --- count signals (every level from Normal up gives count; ``signals=False``: the lowest) --------

def test_count_card_high_then_low_from_an_even_number() -> None:
    import dataclasses

    from whist.ai.follow import count_card
    from whist.ai.knowledge import Knowledge

    assert count_card(parse_cards("7H 2H")) == parse_card("7H")  # two: the higher first
    assert count_card(parse_cards("9H 7H 4H 2H")) == parse_card("4H")  # four: the second lowest
    assert count_card(parse_cards("9H 7H 2H")) == parse_card("2H")  # three: the lowest
    assert count_card(parse_cards("TH 2H")) == parse_card("2H")  # no honour thrown to signal
    assert count_card(parse_cards("5H")) == parse_card("5H")
    # No card given up that no card out beats: with every higher heart out of play, the 9 of 9 8
    # would win a trick, and the 8 goes; with the ten still out, the 9 is the high card of the echo.
    know = Knowledge.from_observation(position("9H 8H 9D 4C 3C", trick="E: 2S"))
    assert count_card(parse_cards("9H 8H"), know) == parse_card("9H")
    gone = dataclasses.replace(know, others=know.others & ~parse_cards("AH KH QH JH TH"))
    assert count_card(parse_cards("9H 8H"), gone) == parse_card("8H")
    ten_out = dataclasses.replace(gone, others=gone.others | parse_cards("TH"))
    assert count_card(parse_cards("9H 8H"), ten_out) == parse_card("9H")


def test_a_signalling_player_gives_count_with_low_cards_only() -> None:
    obs = position("KH 7H 2H 9D 8D 4C 3C", trick="E: 5H")  # second hand low, three hearts
    signaller, lowest = RuleBasedPlayer(1), RuleBasedPlayer(1, signals=False)
    assert signaller.choose(obs) == "2H"
    obs = position("KH 7H 4H 2H 9D 4C 3C", trick="E: 5H")  # four hearts: the second lowest
    assert signaller.choose(obs) == normal(obs) == "4H" and lowest.choose(obs) == "2H"
    obs = position("AH 7H 4H 2H 9D 4C 3C", trick="W: 5H 3H 6H")  # fourth hand wins: no signal
    assert signaller.choose(obs) == lowest.choose(obs) == "7H"
    obs = position("KS 7S 4S 2S 9D 4C 3C", trick="E: 5S", trump="S")  # trumps: the lowest, no count
    assert signaller.choose(obs) == "2S"
    # Over whole hands, the two differ only where a low card follows a side suit.
    from whist.ai.follow import gives_count

    differ = 0
    for seed in range(20):
        state = GameState("classic", seed=seed)
        seen: list[Decision] = []
        play(state, dict.fromkeys(state.rules.seats, lowest), on_decision=seen.append)
        for obs in (d.observation for d in seen):
            card, why = signaller.decide(obs)
            if card != lowest.choose_card(obs):
                differ += 1
                led = suit_of(obs.trick[0][1])
                assert gives_count(why) and obs.legal & SUIT_MASK[led] and led != obs.trump
    assert differ > 20
