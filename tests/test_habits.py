"""The partnership habits the computer players keep, each on a position where it applies, at
Normal, Hard and Expert: what How to play's "How your computer partner plays" says of them
(:func:`whist.engine.howto.partner`).

Normal keeps them by its rules of thumb (:mod:`whist.ai.leads`, :mod:`whist.ai.follow`). Hard
and Expert search, and keep the normal card unless another is better by a margin
(:class:`whist.ai.montecarlo.Settings`'s ``margin``): where the search is level they keep the
habit (``test_the_searching_levels_keep_the_habit_when_the_search_is_level``); where it finds
a card clearly better they play that one. The searching levels play without their time cap
(``capped=False``) and with a fixed seed: the same card on any machine.
"""

from __future__ import annotations

import pytest

from tests.test_montecarlo import table
from tests.test_players import position
from whist.ai.montecarlo import EXPERT, HARD, MonteCarloPlayer
from whist.ai.players import make_player
from whist.engine.cards import parse_card, suit_of
from whist.engine.observation import Observation
from whist.engine.seats import Seat
from whist.engine.state import GameState

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
LEVELS = ("normal", "hard", "expert")
CLUBS, DIAMONDS, SPADES = 3, 2, 0


def card(level: str, state: GameState) -> str:
    """The card ``level`` plays for the seat to play (South in every position here)."""
    assert state.to_play == S
    return make_player(level, seed=1, capped=False).choose(state.observation(S))


# --- return partner's led suit --------------------------------------------------------
# Clockwise N E S W; West deals, so North leads the first trick.

@pytest.mark.parametrize("level", LEVELS)
def test_return_partners_led_suit(level: str) -> None:
    # North leads the 4 from K Q J 9 4 of diamonds; South wins with the ace and gives
    # partner's suit back, rather than lead away from its kings.
    cards = {N: "KD QD JD 9D 4D", E: "2D 3D 7D", W: "6D 8D TD",
             S: "AD 5D KH 5H 3H KC 5C 3C 2C 9H 8H 7C 6C"}
    state = table(cards, "TS", W, "4D ? AD ?")
    assert suit_of(parse_card(card(level, state))) == DIAMONDS


# --- second hand low ------------------------------------------------------------------

@pytest.mark.parametrize("level", LEVELS)
def test_second_hand_low(level: str) -> None:
    # North deals, East leads the 5 of hearts: South keeps the king and plays the 2.
    state = table({E: "5H", S: "KH 7H 2H 9D 8D 4D 9C 6C 3C 8S 5S 4S 2S"}, "3D", N, "5H")
    assert card(level, state) == "2H"


# --- third hand high, counting the card on the table -----------------------------------

THIRD_OVER_THE_QUEEN = {N: "3C 2C", E: "QC 4C", W: "6C 7C", S: "KC JC 5C 9D 8D 4D 9H 6H 3H 8S 5S 4S 2S"}


@pytest.mark.parametrize("level", ["normal", "hard", "expert"])
def test_third_hand_high_beats_the_card_on_the_table(level: str) -> None:
    # North leads the 3 of clubs, East plays the queen: South's jack would lose to it;
    # third hand high is the king (West may hold the ace: then it is forced out).
    state = table(THIRD_OVER_THE_QUEEN, "2H", W, "3C QC")
    assert card(level, state) == "KC"


@pytest.mark.parametrize("level", LEVELS)
def test_third_hand_high_only_as_high_as_needed(level: str) -> None:
    # Over East's 9 the queen does the king's work: third hand plays the queen.
    cards = {N: "3C 2C", E: "9C 4C", W: "6C 7C", S: "KC QC 5C 9D 8D 4D 9H 6H 3H 8S 5S 4S 2S"}
    assert card(level, table(cards, "2H", W, "3C 9C")) == "QC"


# --- trumps -------------------------------------------------------------------------------

RUFFING = ({E: "2D 6D", W: "3D 8D", S: "AD 9D 5D KS 9S 7S 5S 3S 8C 7C 4H 3H 2H",
            N: "4C 6S 9C 6C 5C AH KH 9H 8H 7H 6H 5H"}, "2S", N, "2D AD 3D 4C")
"""North deals (the 2 of spades turned up). East leads a diamond, South wins with the ace,
North shows out: South, with five trumps, gives partner the ruff instead of drawing trumps."""


def ruffing_leads(level: str, seeds: range) -> list[str]:
    """What ``level`` leads in :data:`RUFFING` with each of ``seeds``."""
    return [make_player(level, seed=seed, capped=False).choose(table(*RUFFING).observation(S)) for seed in seeds]


@pytest.mark.parametrize(("level", "seeds"), [("normal", range(1, 2)), ("hard", range(1, 11)), ("expert", range(1, 6))])
def test_do_not_draw_trumps_when_partner_is_ruffing(level: str, seeds: range) -> None:
    # Each seed is another set of deals searched. Hard's dozen deals are too few to tell the
    # cards apart here (150 deals find 7C 7.20, 2H 7.10, 5D 7.08): by its average alone it
    # led the 7C, a heart or a trump with 8 seeds of 10. Another card replaces the habit's
    # only where it is better by more than the deals' own spread (Settings.spread): now the
    # 5D with 9 seeds of 10, a club with the other. Expert's 30 deals: the 5D with 4 of 5.
    picks = ruffing_leads(level, seeds)
    assert not any(suit_of(parse_card(pick)) == SPADES for pick in picks), picks
    assert picks.count("5D") >= 0.8 * len(picks), picks


def test_partner_who_led_trumps_asked_for_them() -> None:
    # The same, but North had led a trump earlier: a request to draw them, kept by Normal
    # even though North has since shown out of diamonds.
    early = ("N: 4S 6S 8S QS", "W: 3D 4C 2D AD")
    obs = position("9D 5D KS 9S 7S 5S 3S 8C 7C 4H 3H", tricks=early, leader=S)
    assert suit_of(parse_card(make_player("normal", seed=1).choose(obs))) == SPADES


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("hand", ["KS QS 9S 7S 5S 9D 7D 4D 9C 6C 3C 8H 2H", "KS 9S 7S 6S 5S 3S 7D 4D 9C 6C 3C 8H 2H"])
def test_lead_trumps_with_five_or_more(level: str, hand: str) -> None:
    # East deals (the 2 of spades turned up); South leads first, with five trumps or six
    # and no side-suit ace: a trump.
    state = table({S: hand}, "2S", E)
    assert suit_of(parse_card(card(level, state))) == SPADES


# --- signals and discards: one convention at every level -------------------------------------

# Clockwise N E S W; West deals (the 2 of hearts turned up), North leads the ace of clubs,
# East follows, and South, with no aim to win partner's trick, gives count.

def partner_leads_clubs(south: str, north: str = "AC", east: str = "2C", west: str = "3C") -> GameState:
    return table({N: north, E: east, W: west, S: south}, "2H", W, f"{north.split()[0]} {east.split()[0]}")


@pytest.mark.parametrize("level", LEVELS)
def test_count_signal_high_first_from_an_even_number(level: str) -> None:
    # Two clubs: the 9, not the 4 (high then low shows an even number).
    assert card(level, partner_leads_clubs("9C 4C QD 9D 8D 4D 9H 6H 3H 8S 5S 4S 2S")) == "9C"


@pytest.mark.parametrize("level", LEVELS)
def test_count_signal_the_lowest_from_an_odd_number(level: str) -> None:
    # Three clubs: the lowest, the 4.
    assert card(level, partner_leads_clubs("9C 6C 4C QD 9D 8D 4D 9H 6H 3H 8S 5S 4S")) == "4C"


@pytest.mark.parametrize("level", LEVELS)
def test_count_signal_the_second_card_is_lower(level: str) -> None:
    # Four clubs: the 4 first (the second lowest), then, partner's king winning the next round,
    # the 2 from the three left: high then low, an even number.
    state = partner_leads_clubs("9C 7C 4C 2C QD 9D 8D 4D 9H 6H 3H 8S 5S", north="AC KC", east="3C 6C",
                                west="5C 8C")
    first = card(level, state)
    assert first == "4C"
    for name in (first, "5C", "KC", "6C"):
        state.apply(name)
    assert card(level, state) == "2C"


@pytest.mark.parametrize("level", LEVELS)
def test_count_signal_never_spends_an_honour(level: str) -> None:
    # Two clubs, the jack and the 4: the jack may take a trick, so the 4 (no count shown).
    assert card(level, partner_leads_clubs("JC 4C QD 9D 8D 4D 9H 6H 3H 8S 5S 4S 2S")) == "4C"


@pytest.mark.parametrize("level", LEVELS)
def test_no_count_in_trumps(level: str) -> None:
    # Partner's ace of trumps (hearts) wins; two trumps left to South: the lowest, not a signal.
    state = table({N: "AH", E: "3H", W: "4H", S: "9H 5H QD 9D 8D 4D 9C 6C 3C 8S 5S 4S"}, "2H", W, "AH 3H")
    assert card(level, state) == "5H"


@pytest.mark.parametrize("level", LEVELS)
def test_discard_the_least_useful_card(level: str) -> None:
    # South dealt; West leads a diamond, partner wins with the ace: South, out of diamonds,
    # throws the 2 of its weak clubs and keeps the king of hearts and its guard (and its trumps).
    cards = {W: "2D 8D", N: "AD 5D", E: "3D 4D", S: "KH 4H 9C 5C 2C 3S 4S 5S 6S 7S 8S 9S"}
    assert card(level, table(cards, "2S", S, "2D AD 3D")) == "2C"


# --- the searching levels keep the normal card when the search is level ---------------------

SECOND_HAND = position("KH 7H 2H 9D 8D 4C 3C", trick="E: 5H")  # Normal: second hand low, the 2


@pytest.mark.parametrize("settings", [HARD, EXPERT], ids=["hard", "expert"])
def test_the_searching_levels_keep_the_habit_when_the_search_is_level(
        settings: object, monkeypatch: pytest.MonkeyPatch) -> None:
    def values(hearts: dict[str, float]) -> None:
        found = {parse_card(c): v for c, v in hearts.items()}
        monkeypatch.setattr(MonteCarloPlayer, "search", lambda self, obs, usual=None: (found, 30.0))

    player = MonteCarloPlayer(seed=1, settings=settings.but(budget=None))  # type: ignore[attr-defined]

    def chosen(obs: Observation) -> str:
        return player.choose(obs)

    values({"2H": 5.0, "7H": 5.0, "KH": 5.0})  # level: the card partner expects, not the first or a random one
    assert chosen(SECOND_HAND) == "2H"
    values({"2H": 5.0, "7H": 5.15, "KH": 5.15})  # better, but within the margin
    assert chosen(SECOND_HAND) == "2H"
    values({"2H": 5.0, "7H": 5.0, "KH": 5.3})  # clearly better: the search's card
    assert chosen(SECOND_HAND) == "KH"


PARTNER_WINS = position("9C 4C 9D 8D 4H 3H 2H", trick="N: AC 2C")  # Normal: two clubs, high first, the 9


@pytest.mark.parametrize("settings", [HARD, EXPERT], ids=["hard", "expert"])
def test_the_searching_levels_keep_the_count_signal_when_the_search_is_level(
        settings: object, monkeypatch: pytest.MonkeyPatch) -> None:
    def values(clubs: dict[str, float]) -> None:
        found = {parse_card(c): v for c, v in clubs.items()}
        monkeypatch.setattr(MonteCarloPlayer, "search", lambda self, obs, usual=None: (found, 30.0))

    player = MonteCarloPlayer(seed=1, settings=settings.but(budget=None))  # type: ignore[attr-defined]
    values({"4C": 5.0, "9C": 5.0})  # level: the signal, not the lowest card the search lists first
    assert player.choose(PARTNER_WINS) == "9C"
    values({"4C": 5.15, "9C": 5.0})  # the lowest a little better, within the margin: still the signal
    assert player.choose(PARTNER_WINS) == "9C"
    values({"4C": 5.3, "9C": 5.0})  # clearly better: the search's card
    assert player.choose(PARTNER_WINS) == "4C"


# --- How to play says so, for every game with partners ----------------------------------------

def test_how_to_play_has_the_partner_habits_for_every_partnership_game_and_not_for_german_whist() -> None:
    from whist.engine.rules import GAMES
    from whist.table import Table, catalog
    from whist.web import howto

    heading = "How your computer partner plays"
    for name in GAMES:
        partnered = name != "german"
        sections = catalog.how_to_play(name, hand=("West", "Seven of hearts", "Hearts"))
        assert (sections[-1].heading == heading) is partnered, name
        assert (heading in howto.game_html(name)) is partnered, name
        assert (heading in howto.rules_html(Table(5, name).view())) is partnered, name
    habits = catalog.how_to_play("classic")[-1].points
    assert [p.split("*")[1] for p in habits] == [
        "Your lead returned", "Second hand low", "Third hand high", "Your ruffs kept", "Trumps from length",
        "Count signals", "Discards"]
    assert "<strong>Second hand low</strong>" in howto.game_html("short")
    contract = catalog.how_to_play("contract")[-1].points
    assert contract[:-1] == habits and contract[-1].startswith("*After the auction*")
