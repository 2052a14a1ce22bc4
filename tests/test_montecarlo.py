"""The Monte Carlo levels: partnership sense on hand-made deals, honesty, legality, strength."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.test_players import SEATS, FixedDeal, redeal_hidden
from whist.ai.heuristic import RuleBasedPlayer
from whist.ai.montecarlo import EXPERT, HARD, MonteCarloPlayer, _candidates, _close, _group_of, draw_deals
from whist.ai.play import Decision, play
from whist.ai.players import make_player
from whist.ai.playout import Playout
from whist.ai.sampling import PlayModel
from whist.engine.cards import card_name, parse_card, parse_cards, suit_of
from whist.engine.observation import Observation
from whist.engine.seats import Seat
from whist.engine.state import GameState, Phase

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
# No time cap in tests: the same choice on any machine.
TEST_HARD = HARD.but(budget=None)


def table(cards: dict[Seat, str], turn_up: str, dealer: Seat, plays: str = "", seed: int = 0) -> GameState:
    """A deal with the given cards in the given hands, the rest dealt at random
    (seeded), the turn-up in the dealer's hand; then ``plays`` (card names in
    order; ``?`` is the lowest legal card of the seat to play)."""
    up = parse_card(turn_up)
    hands = {s: parse_cards(cards.get(s, "")) for s in SEATS}
    hands[dealer] |= 1 << up
    used = 0
    for h in hands.values():
        assert not used & h, "a card is given twice"
        used |= h
    rest = [c for c in range(52) if not used >> c & 1]
    random.Random(seed).shuffle(rest)
    for s in SEATS:
        need = 13 - hands[s].bit_count()
        assert need >= 0
        for c in rest[:need]:
            hands[s] |= 1 << c
        rest = rest[need:]
    state = GameState(FixedDeal((hands[N], hands[E], hands[S], hands[W]), up, dealer))
    for name in plays.split():
        state.apply(state.legal_actions()[-1] if name == "?" else name)
    return state


def hard(state: GameState) -> str:
    obs = state.observation(state.to_play)  # type: ignore[arg-type]
    return MonteCarloPlayer(seed=1, settings=TEST_HARD).choose(obs)


# --- partnership sense ----------------------------------------------------------
# Clockwise N E S W; West deals, so North leads the first trick.

def test_does_not_overtake_partners_sure_winner() -> None:
    # North cashes the ace of clubs, then leads the king, now master: South
    # keeps the queen (master next) and plays low.
    cards = {N: "AC KC 2S 3S", E: "4C 5C", S: "QC 7C 3C 2C", W: "6C 8C"}
    for seed in range(3):
        state = table(cards, "2H", W, "AC ? 3C ? KC ?", seed=seed)
        assert hard(state) in ("2C", "7C")


def test_returns_partners_suit() -> None:
    # North leads the 4 from K Q J 9 4 of diamonds; South wins with the ace and,
    # rather than lead away from a king, gives partner the lead back in partner's suit.
    cards = {N: "KD QD JD 9D 4D", E: "2D 3D 7D", W: "6D 8D TD",
             S: "AD 5D KH 5H 3H KC 5C 3C 2C 9H 8H 7C 6C"}
    for seed in range(3):
        state = table(cards, "TS", W, "4D ? AD ?", seed=seed)
        assert state.to_play == S
        assert suit_of(parse_card(hard(state))) == 2  # a diamond


def test_does_not_ruff_partners_winner() -> None:
    # South dealt (the 9 of trumps turned up), West leads a diamond, North wins
    # with the ace, East follows: South, out of diamonds, discards rather than
    # ruffing partner's trick.
    cards = {W: "2D 8D", N: "AD 5D", E: "3D 4D", S: "3S 8C 7C 6C 5H 4H 3H 2H TH 8H 9H 6H"}
    for seed in range(2):
        state = table(cards, "9S", S, "2D AD 3D", seed=seed)
        assert state.to_play == S
        assert suit_of(parse_card(hard(state))) != 0  # not a trump

def test_draws_trumps_with_trump_length() -> None:
    # South, on lead after winning a trick, holds six top trumps and a long
    # suit of winners: draw trumps first, then the hearts cannot be ruffed.
    cards = {N: "2C", E: "3C", S: "AC AS KS QS JS 9S 8S AH KH QH JH TH 9H", W: "4C"}
    for seed in range(3):
        state = table(cards, "TS", W, "2C 3C AC 4C", seed=seed)
        assert state.to_play == S
        assert suit_of(parse_card(hard(state))) == 0  # a trump


def test_keeps_guards() -> None:
    # Partner's ace of diamonds wins the trick; South, out of diamonds, keeps
    # the guard of the king of hearts and throws a small club.
    cards = {W: "2D 8D", N: "AD 5D", E: "3D 4D", S: "KH 4H 7C 6C 5C 3C TC 9C 8C JC QC 2C"}
    for seed in range(2):
        state = table(cards, "2S", S, "2D AD 3D", seed=seed)
        assert state.to_play == S
        assert hard(state) not in ("4H", "KH")


# --- reproducible and honest ------------------------------------------------------

def test_same_seed_same_choice_and_candidates_cover_the_legal_cards() -> None:
    state = GameState("classic", seed=7)
    for _ in range(13):
        state.apply(state.legal_actions()[0])
    obs = state.observation(state.to_play)  # type: ignore[arg-type]
    first = MonteCarloPlayer(5, TEST_HARD).choose(obs)
    assert all(MonteCarloPlayer(5, TEST_HARD).choose(obs) == first for _ in range(2))
    cands = _candidates(obs)
    assert all(obs.legal >> c & 1 for c in cands) and len(cands) >= 1


def test_choice_never_changes_when_hidden_cards_move() -> None:
    """Honesty: the same seed gives the same card whatever the hidden hands are,
    as long as they agree with what the seat has seen."""
    rng = random.Random(77)
    small = HARD.but(budget=None, samples=4)
    moved = 0
    for seed in range(24):
        state = GameState("classic", seed=seed)
        for _ in range(rng.randrange(0, 48)):
            state.apply(rng.choice(state.legal_actions()))
        seat = state.to_play
        assert seat is not None
        other = redeal_hidden(state, seat, rng)
        assert other is not None
        moved += other.hands != state.hands
        obs, alt = state.observation(seat), other.observation(seat)
        assert obs == alt
        assert MonteCarloPlayer(seed, small).choose(obs) == MonteCarloPlayer(seed, small).choose(alt)
    assert moved > 18


def test_the_honesty_check_can_fail() -> None:
    """Shown another hand of its own, the player often chooses differently."""
    small = HARD.but(budget=None, samples=4)
    changed = 0
    for seed in range(20):
        state = GameState("classic", seed=seed)
        seat = state.to_play
        assert seat is not None
        obs = state.observation(seat)
        if seat == state.dealer:
            continue
        mate = next(s for s in SEATS if s not in (seat, state.dealer))
        peek = Observation(**{**obs.__dict__, "hand": state.hands[mate], "legal": state.hands[mate]})
        changed += MonteCarloPlayer(1, small).choose(obs) != MonteCarloPlayer(1, small).choose(peek)
    assert changed >= 8


def _after_plays(n: int) -> Observation:
    """The mover's observation after ``n`` cards of the normal player in a hand of seed 3."""
    state = GameState("classic", seed=3)
    play(state, dict.fromkeys(state.rules.seats, make_player("normal", 3)), limit=n)
    return state.observation(state.to_play)  # type: ignore[arg-type]


def test_inference_draws_likely_deals_more_often() -> None:
    obs = _after_plays(22)
    deals = draw_deals(obs, 20, 4, random.Random(1))
    assert sum(m for _, m in deals) <= 20 and all(m >= 1 for _, m in deals)


def test_playouts_and_playout_pool_apply_before_the_exact_solves() -> None:
    settings = HARD.but(budget=None, samples=5, playouts=3, pool=1)
    state = GameState("classic", seed=4)

    def mover() -> Observation:
        return state.observation(state.to_play)  # type: ignore[arg-type]

    assert MonteCarloPlayer(1, settings).search(mover())[1] == 3  # 13 tricks left: playouts
    assert MonteCarloPlayer(1, settings.but(playouts=None)).search(mover())[1] == 5
    for _ in range(9):  # others' plays to read: the inference has work to do
        state.apply(state.legal_actions()[0])
    mixed = settings.but(pool=3, playout_pool=1)
    assert MonteCarloPlayer(1, mixed).search(mover()) == MonteCarloPlayer(1, settings).search(mover())
    while mover().hand.bit_count() > settings.exact or len(_candidates(mover())) < 2:
        state.apply(state.legal_actions()[0])
    assert MonteCarloPlayer(1, settings).search(mover())[1] == 5  # solved exactly: samples
    assert (MonteCarloPlayer(1, mixed).search(mover())
            == MonteCarloPlayer(1, settings.but(pool=3)).search(mover()))


# --- legal play and strength -------------------------------------------------------

def test_monte_carlo_levels_play_legal_cards() -> None:
    tiny = HARD.but(budget=None, samples=2)
    for seed in range(3):
        state = GameState("classic", seed=seed)
        players = {s: MonteCarloPlayer(seed + s, tiny if s % 2 else EXPERT.but(budget=None, samples=2))
                   for s in SEATS}
        assert play(state, players) == 52 and len(state.results) == 1  # an illegal card raises IllegalActionError


def test_make_player_builds_the_searching_levels() -> None:
    for level, settings in (("hard", HARD), ("expert", EXPERT)):
        player = make_player(level, 4)
        assert isinstance(player, MonteCarloPlayer) and player.settings == settings
    assert EXPERT.samples > HARD.samples and EXPERT.exact >= HARD.exact


# --- Contract Whist: the search's own players know the contract ------------------

def contract_position(seed: int, cards: int) -> GameState:
    """A Contract Whist hand bid and played ``cards`` cards on by normal players."""
    for s in range(seed, seed + 50):
        state = GameState("contract", seed=s)
        players = {seat: make_player("normal", 10 * s + int(seat)) for seat in SEATS}
        play(state, players, stop=lambda st: st.phase is not Phase.AUCTION)
        if state.contract is None:
            continue  # thrown in: deal again
        play(state, players, limit=cards)
        return state
    raise AssertionError("no contract in 50 deals")


def test_playouts_and_the_inference_see_the_contract() -> None:
    # Inside the search every seat is played by the normal player from its own view:
    # that view must carry the auction and the contract, or declarers would not
    # draw trumps nor defenders lead as against a contract.
    from whist.ai.playout import Playout
    from whist.ai.sampling import DealSampler, PlayModel

    state = contract_position(3, 6)
    obs = state.observation(state.to_play)  # type: ignore[arg-type]
    assert obs.contract is not None and obs.auction
    views: list[Observation] = []

    def spy(player: object) -> None:
        real = player.choose_card  # type: ignore[attr-defined]

        def choose_card(view: Observation) -> int:
            views.append(view)
            return real(view)
        player.choose_card = choose_card  # type: ignore[attr-defined]

    playout = Playout(obs)
    spy(playout.player)
    deal = DealSampler(obs).sample(random.Random(1))
    playout.run(deal, (obs.legal & -obs.legal).bit_length() - 1, random.Random(2), 0.0, 0)
    model = PlayModel(obs)
    spy(model.player)
    model.likelihood(deal)
    assert len(views) > 10
    assert all(v.contract == obs.contract and v.auction == obs.auction and v.options == obs.options
               for v in views)


def test_few_cards_to_compare_move_the_playouts_leaf_a_trick_earlier(monkeypatch: pytest.MonkeyPatch) -> None:
    leaves: list[int] = []
    real = Playout.run

    def spy(self: Playout, hands: Any, card: int, rng: random.Random, noise: float = 0.0, leaf: int = 0) -> int:
        leaves.append(leaf)
        return real(self, hands, card, rng, noise, leaf)

    monkeypatch.setattr(Playout, "run", spy)
    state = GameState("classic", seed=4)
    obs = state.observation(state.to_play)  # type: ignore[arg-type]
    n = len(_candidates(obs))
    assert n > 2
    settings = HARD.but(budget=None, samples=2, leaf=4)
    for few, leaf in ((n, 5), (n - 1, 4), (0, 4)):
        leaves.clear()
        MonteCarloPlayer(1, settings.but(few=few)).search(obs)
        assert leaves and set(leaves) == {leaf}


def test_settings_changed_by_name_for_benchmark_variants() -> None:
    variant = EXPERT.changed("playouts=60,margin=0.1,budget=None")
    assert variant == EXPERT.but(playouts=60, margin=0.1, budget=None)
    assert EXPERT.changed("") == EXPERT
    assert variant.changed("playouts=None").playouts is None
    with pytest.raises(ValueError, match="setting's name: samples"):
        EXPERT.changed("leaves=7")
    with pytest.raises(ValueError, match="not NAME=VALUE"):
        EXPERT.changed("leaf")
    with pytest.raises(ValueError, match="leaf takes a whole number, not 'seven'"):
        EXPERT.changed("leaf=seven")
    with pytest.raises(ValueError, match="margin takes a number"):
        EXPERT.changed("margin=wide")
    assert EXPERT.changed("weigh=True").weigh and not EXPERT.changed("weigh=True,weigh=False").weigh
    with pytest.raises(ValueError, match="weigh takes True or False, not 'yes'"):
        EXPERT.changed("weigh=yes")
    assert EXPERT.changed("partner_miss=0.1").partner_miss == 0.1  # a number where the default is None
    assert EXPERT.changed("playouts=60").playouts == 60


def test_close_choices_value_more_deals_and_clear_ones_do_not() -> None:
    st = EXPERT.but(margin=0.2, close=0.25)
    usual = 1 << 3 | 1 << 4  # the normal card's group: cards 3 and 4
    assert _close({3: 5.0, 10: 5.3}, usual, st)  # switching or keeping: 0.3 against the margin 0.2
    assert not _close({3: 5.0, 10: 4.0}, usual, st)  # the normal card kept, clearly
    assert not _close({3: 5.0, 10: 6.0, 20: 5.0}, usual, st)  # switching to 10, clearly
    assert _close({3: 5.0, 10: 6.0, 20: 5.9}, usual, st)  # switching, but to which
    assert not _close({3: 5.0}, usual, st)
    assert _close({10: 6.0, 20: 5.9}, 0, st) and not _close({10: 6.0, 20: 5.0}, 0, st)


def test_extra_deals_go_to_close_choices_only_and_change_nothing_without() -> None:
    base = HARD.but(budget=None, samples=6, pool=1)
    state = GameState("classic", seed=6)
    normal = RuleBasedPlayer(6)
    counts = []
    for _ in range(30):
        obs = state.observation(state.to_play)  # type: ignore[arg-type]
        if len(_candidates(obs)) > 1:
            usual = normal.choose_card(obs)
            plain = MonteCarloPlayer(2, base).search(obs, usual)
            assert MonteCarloPlayer(2, base.but(close=9.0)).search(obs, usual) == plain  # extra=0: as before
            deals = MonteCarloPlayer(2, base.but(extra=25)).search(obs, usual)[1]
            assert deals in (6, 16, 26, 31)  # ten at a time, 25 at most
            assert (deals > 6) == _close(plain[0], _group_of(usual, obs), base)
            counts.append(deals)
        state.apply(state.legal_actions()[0])
    assert min(counts) == 6 and max(counts) > 6  # both kinds met


def test_weighing_keeps_the_deals_and_counts_each_by_how_well_it_explains_the_play() -> None:
    obs = _after_plays(22)
    plain = draw_deals(obs, 20, 1, random.Random(1))
    weighed = draw_deals(obs, 20, 1, random.Random(1), weigh=True)
    assert [d for d, _ in weighed] == [d for d, _ in plain] and all(m == 1 for _, m in plain)
    model = PlayModel(obs)
    assert [m for _, m in weighed] == [model.likelihood(d) for d, _ in plain]
    assert len({m for _, m in weighed}) > 1  # the weights differ: the play tells deals apart
    first = GameState("classic", seed=3).observation(Seat.N)  # nothing played yet: no weights
    assert all(m == 1 for _, m in draw_deals(first, 5, 1, random.Random(1), weigh=True))


def test_reading_partners_runs_it_leads_the_top_of_the_run_it_picks(monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``run_miss`` (partner reads which card of a run it sees), a lead the search picks
    over the normal player's is the top of its run, as the normal player leads; without, the
    lowest card of the run, as before."""
    state = table({S: "KH QH JH 4H 2D 3D 4D 5C 6C 7C 8S 9S TS"}, "2S", E)
    obs = state.observation(S)
    assert state.to_play == S and not obs.trick
    assert RuleBasedPlayer().choose(obs) == "KH"  # top of the sequence
    low = parse_card("2D")  # the search prefers the run 4D 3D 2D

    def search(self: MonteCarloPlayer, o: Observation, usual: int | None = None) -> tuple[dict[int, float], float]:
        return {c: (9.0 if c == low else 5.0) for c in _candidates(o)}, 30

    monkeypatch.setattr(MonteCarloPlayer, "search", search)
    assert MonteCarloPlayer(1, TEST_HARD).choose(obs) == "2D"
    assert MonteCarloPlayer(1, TEST_HARD.but(run_miss=0.2)).choose(obs) == "4D"


def test_follow_margin_keeps_the_normal_card_when_not_leading_only() -> None:
    """With a follow margin no search can beat, every card played to a trick is the normal
    player's; leads are the search's as before (same seed, same settings otherwise)."""
    settings = HARD.but(samples=6, budget=None, spread=0.0)  # (the margin alone, not the deals' spread)
    plain, steady = MonteCarloPlayer(5, settings), MonteCarloPlayer(5, settings.but(follow_margin=99.0))
    normal = RuleBasedPlayer(5)
    follows = leads = differed = 0
    for seed in range(6):
        state = GameState("classic", seed=seed)
        while state.phase is Phase.PLAY and follows < 40:
            seat = state.to_play
            assert seat is not None
            obs = state.observation(seat)
            card = steady.choose_card(obs)
            if obs.trick:
                assert card == normal.choose_card(obs)
                differed += plain.choose_card(obs) != card
                follows += 1
            else:
                assert card == plain.choose_card(obs)
                leads += 1
            state.apply(card_name(card))
    assert follows >= 40 and leads >= 10
    assert differed > 0  # the plain search does leave the normal card somewhere


def test_denials_keep_every_deal_drawn_off_the_cards_the_follows_denied() -> None:
    """``Settings.denials``: each deal drawn, with or without resampling, leaves every card a
    follow denied out of that seat's hand, and the real deal is among those allowed."""
    from whist.ai.sampling import follow_denials

    obs = _after_plays(22)
    denials = follow_denials(obs)
    assert denials  # a hand of seed 3 after five tricks and two cards: some follows deny
    state = GameState("classic", seed=3)
    play(state, dict.fromkeys(state.rules.seats, make_player("normal", 3)), limit=22)
    assert not any(state.hands[s] >> c & 1 for s, c in denials)
    for pool in (1, 3):
        deals = draw_deals(obs, 20, pool, random.Random(1), denials=denials)
        assert deals and all(not d[s] >> c & 1 for d, _ in deals for s, c in denials)
    uniform = draw_deals(obs, 20, 1, random.Random(1))
    assert any(d[s] >> c & 1 for d, _ in uniform for s, c in denials)  # unread, some deals hold them
    card = MonteCarloPlayer(1, EXPERT.changed("denials=True,budget=None,samples=4")).choose_card(obs)
    assert obs.legal >> card & 1


def test_rejection_draws_distinct_deals_that_explain_the_play_better() -> None:
    """``Settings.reject``: each deal is drawn by rejection under the play model, so the
    deals count once each, are distinct, and explain the others' plays better on average
    than uniform draws; with nothing played yet, the draws are plain."""
    obs = _after_plays(22)
    model = PlayModel(obs)
    rejected = draw_deals(obs, 60, 1, random.Random(1), reject=True)
    uniform = draw_deals(obs, 60, 1, random.Random(1))
    assert len(rejected) == 60 and all(m == 1 for _, m in rejected)
    assert len({d for d, _ in rejected}) == 60  # no deal valued twice, unlike resampling
    mean = [sum(model.likelihood(d) for d, _ in ds) / len(ds) for ds in (rejected, uniform)]
    assert mean[0] > 1.5 * mean[1], mean
    first = GameState("classic", seed=3).observation(Seat.N)
    assert draw_deals(first, 5, 3, random.Random(1), reject=True) == draw_deals(first, 5, 1, random.Random(1))
    card = MonteCarloPlayer(1, EXPERT.changed("reject=True,budget=None,samples=4")).choose_card(obs)
    assert obs.legal >> card & 1


def test_rejection_keeps_a_draw_by_its_likelihood_and_falls_back_to_the_likeliest() -> None:
    from whist.ai import montecarlo

    class Draws:
        def __init__(self, deals: list[Any]) -> None:
            self.deals = iter(deals)
            self.drawn = 0

        def sample(self, rng: random.Random) -> Any:
            self.drawn += 1
            return next(self.deals)

    class Model:
        def __init__(self, weights: dict[str, float]) -> None:
            self.weights = weights

        def likelihood(self, deal: Any) -> float:
            return self.weights[deal]

    class High(random.Random):
        def random(self) -> float:
            return 0.99  # keeps only a draw of likelihood above 0.99

    tries = montecarlo.REJECT_TRIES
    names = [f"d{i}" for i in range(tries)]
    weights = dict.fromkeys(names, 0.0) | {"d2": 0.3, "d5": 0.2}
    draws = Draws(names)
    assert montecarlo._rejected(draws, Model(weights), High()) == "d2"  # type: ignore[arg-type]
    assert draws.drawn == tries  # none kept: every try used, then the likeliest
    draws = Draws(names)
    assert montecarlo._rejected(draws, Model(weights | {"d1": 1.0}), High()) == "d1"  # type: ignore[arg-type]
    assert draws.drawn == 2  # a certain deal is kept at once


def test_a_card_on_the_table_splits_the_cards_around_it() -> None:
    """Holding the eight and six of diamonds over East's seven led, the two do different
    work (one beats the seven): both are searched, each its own group. Played to a
    finished trick, the seven would have made them one group."""
    state = table({E: "7D", S: "8D 6D 5D 2C 3C 4C 5C 6C 7C 8C 9C TC"}, turn_up="2S", dealer=N, plays="7D")
    obs = state.observation(S)
    assert obs.to_play == S and obs.trick == ((E, parse_card("7D")),)
    cards = [card_name(c) for c in _candidates(obs)]
    assert cards == ["5D", "8D"]  # the lowest of each group: 5D-6D, and 8D
    assert _group_of(parse_card("8D"), obs) == 1 << parse_card("8D")
    assert _group_of(parse_card("6D"), obs) == (1 << parse_card("6D")) | (1 << parse_card("5D"))
    values = MonteCarloPlayer(seed=1, settings=TEST_HARD.but(samples=4)).evaluate(obs)
    assert set(values) == set(_candidates(obs))


def test_the_spread_is_the_standard_error_of_the_paired_difference() -> None:
    """``_spread``: the best card's value less the normal card's, deal by deal, and the standard
    error of their mean. A deal resampled twice is one deal counted twice: the deals' effective
    number is (sum of weights)^2 / (sum of squared weights). None from fewer than two deals."""
    from whist.ai.montecarlo import _spread

    best, usual = 1 << 7, 1 << 3 | 1 << 4  # a group of one card and a group of two
    rows = [(1, {7: 9, 3: 8}), (2, {7: 6, 3: 6}), (1, {7: 7, 4: 4})]  # differences 1, 0 (twice), 3
    # mean 1, weighted variance 1.5, effective number 16/6: 1.5 * (8/3) / (5/3) / (8/3) = 0.9
    assert abs(_spread(rows, best, usual) - 0.9 ** 0.5) < 1e-9
    assert _spread([(1, {7: 9, 3: 8}), (1, {7: 9, 3: 8})], best, usual) == 0.0  # the deals agree
    assert _spread([(1, {7: 9, 3: 8})], best, usual) == 0.0
    assert _spread([], best, usual) == 0.0


def test_a_card_is_chosen_over_the_normal_one_only_beyond_the_deals_spread() -> None:
    """``Settings.spread``: with a spread no disagreement can beat, another card than the normal
    player's is chosen only where every deal valued gives it the same lead; with none, the same
    search leaves the normal card where the deals disagree too (the margin alone)."""
    from whist.ai.montecarlo import _spread

    settings = HARD.but(samples=6, budget=None, spread=0.0)
    plain, steady = MonteCarloPlayer(5, settings), MonteCarloPlayer(5, settings.but(spread=99.0))
    normal = RuleBasedPlayer(5)
    differed = 0

    def check(decision: Decision) -> None:  # (steady's search of this card is the last it made)
        nonlocal differed
        obs, card = decision.observation, parse_card(decision.action)
        usual = normal.choose_card(obs)
        if card != usual:
            assert _spread(steady.rows, _group_of(card, obs), _group_of(usual, obs)) == 0.0
        elif (other := plain.choose_card(obs)) != card and plain.rows:
            differed += _spread(plain.rows, _group_of(other, obs), _group_of(card, obs)) > 0

    cards = 0
    for seed in range(3):
        state = GameState("classic", seed=seed)
        cards += play(state, dict.fromkeys(state.rules.seats, steady), on_decision=check, limit=40 - cards)
    assert cards == 40 and differed > 0
