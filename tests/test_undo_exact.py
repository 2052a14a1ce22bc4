"""Undo is exact: a state taken back to a point equals the state rebuilt from the record cut
at that point, in everything it shows (the observation of every seat, the legal actions, the
scores, the record) and in every attribute it holds.

The rebuilt state never saw the actions taken back, so this does not lean on the state's own
``snapshot()``, which is made from the same list of fields (``_FIELDS``) that undo restores: a
field missing from that list is missing from both sides of a snapshot comparison, but not here.
Every game, with option sets that hold each value of every option and each pair of values
of two options (all pairs, not every combination), several seeded games each, many random points.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from whist.engine.cards import card_name, cards_of
from whist.engine.rules import GAMES, Rules, make_rules
from whist.engine.state import GameState, Phase


def option_sets(cls: type[Rules]) -> list[dict[str, Any]]:
    """Option sets of the game that hold every value of each option that has a choice, and
    every pair of values of two such options, in at least one set (all pairs, a covering
    array): far fewer than every combination. Built greedily and deterministically: each new
    set starts from the first pair not yet covered, then gives each other option, in order,
    the value that covers the most pairs still uncovered (the first such value on a tie)."""
    keys = [k for k in cls.default_options if len(cls.option_choices.get(k, ())) > 1]
    choices = {k: tuple(cls.option_choices[k]) for k in keys}
    if len(keys) < 2:
        return [{k: v} for k in keys for v in choices[k]] or [{}]

    def pairs(row: dict[str, Any]) -> list[tuple[tuple[str, Any], tuple[str, Any]]]:
        """The pairs of values a (partial) set holds, each in the order of ``keys``."""
        held = [k for k in keys if k in row]
        return [((a, row[a]), (b, row[b])) for i, a in enumerate(held) for b in held[i + 1:]]

    order = [((a, x), (b, y)) for i, a in enumerate(keys) for b in keys[i + 1:]
             for x in choices[a] for y in choices[b]]
    uncovered = set(order)
    sets: list[dict[str, Any]] = []
    while uncovered:
        (a, x), (b, y) = next(pair for pair in order if pair in uncovered)
        row: dict[str, Any] = {a: x, b: y}
        for k in keys:
            if k not in row:
                gains = [sum(p in uncovered for p in pairs({**row, k: v})) for v in choices[k]]
                row[k] = choices[k][gains.index(max(gains))]  # the first of equals
        row = {k: row[k] for k in keys}
        uncovered -= set(pairs(row))
        sets.append(row)
    return sets


CASES = [(name, options) for name, cls in GAMES.items() for options in option_sets(cls)]


def test_the_option_sets_hold_every_value_and_every_pair_of_values() -> None:
    for name, cls in GAMES.items():
        keys = [k for k in cls.default_options if len(cls.option_choices.get(k, ())) > 1]
        sets = option_sets(cls)
        assert sets == option_sets(cls) and all(list(o) == keys for o in sets), name
        assert len({tuple(o.values()) for o in sets}) == len(sets), name  # no set twice
        for k in keys:
            assert [v for v in cls.option_choices[k] if any(o[k] == v for o in sets)] == list(cls.option_choices[k])
        for a, b in itertools.combinations(keys, 2):
            pairs = set(itertools.product(cls.option_choices[a], cls.option_choices[b]))
            assert {(o[a], o[b]) for o in sets} == pairs, (name, a, b)
        every = 1
        for k in keys:
            every *= len(cls.option_choices[k])
        assert len(sets) <= every
        for options in sets:
            make_rules(name, **options)  # each set is one the game takes
    assert len(CASES) < 80


def observables(state: GameState) -> dict[str, Any]:
    """Everything a player, the page or a bot can learn from the state, and its attributes."""
    seats = state.rules.seats
    shown: dict[str, Any] = {
        "record": state.to_record(),
        "legal": state.legal_actions(),
        "observations": [state.observation(seat) for seat in seats],
        "observations_json": [state.observation(seat).to_json() for seat in seats],
        "to_play": state.to_play, "phase": state.phase, "scores": state.scores, "games": state.games,
        "results": state.results, "match_totals": state.match_totals, "tricks_won": state.tricks_won,
        "winner": state.winner, "can_undo": state.can_undo, "draw": state.draw,
        "actors": [state.actor_of(i) for i in range(len(state.actions))],
    }
    # every attribute, whatever list undo restores it from (the rules by their name and options)
    # (lists copied: the replay goes on changing its own after they are read)
    attributes = {k: tuple(v) if isinstance(v, list) else v for k, v in vars(state).items()
                  if k not in ("rules", "_undo")}
    attributes["rules"] = (state.rules.name, dict(state.rules.options))
    attributes["_undo"] = len(state._undo)  # its entries are earlier states, each checked at its own point
    shown["attributes"] = attributes
    return shown


def random_action(state: GameState, rng: random.Random) -> str:
    """A legal action at random, now and then a revoke where club rules allow one; in an
    auction mostly a pass (random bids climb to thirteen and games to 100 take long)."""
    seat = state.to_play
    if state.phase is Phase.AUCTION and rng.random() < 0.7:
        return "pass"
    if state.phase is Phase.PLAY and seat is not None and state.rules.revokes_allowed and rng.random() < 0.08:
        revokes = list(cards_of(state.hands[seat] & ~state.legal_mask()))
        if revokes:
            return card_name(rng.choice(revokes))
    return rng.choice(state.legal_actions())


def check_undo_against_replay(game: str, options: dict[str, Any], seed: int, length: int, points: int) -> None:
    rng = random.Random(f"{game}:{sorted(options.items())}:{seed}")
    state = GameState(game, seed=seed, **options)
    while not state.is_over and len(state.actions) < length:
        state.apply(random_action(state, rng))
    actions = list(state.actions)
    chosen = set(rng.sample(range(len(actions)), min(points, len(actions)))) | {len(actions) - 1}
    # the states the record cut at each chosen point rebuilds: one replay from scratch, kept as it passes
    rebuilt: dict[int, dict[str, Any]] = {}
    replay = GameState.from_record({**state.to_record(), "actions": []})
    for i, action in enumerate(actions):
        if i in chosen:
            rebuilt[i] = observables(replay)
        replay.apply(action)
    assert observables(replay) == observables(state)
    for i in reversed(range(len(actions))):
        assert state.undo() == actions[i]
        if i in rebuilt:
            assert observables(state) == rebuilt[i], f"undo to action {i} of {game} {options} seed {seed}"
    assert state.undo() is None


@pytest.mark.parametrize("game, options", CASES, ids=[f"{g}-{'-'.join(map(str, o.values()))}" for g, o in CASES])
def test_undo_equals_the_state_rebuilt_from_the_shortened_record(game: str, options: dict[str, Any]) -> None:
    rng = random.Random(f"cases:{game}:{sorted(options.items())}")
    # a few hands at most for most option sets; some play the whole match, game over included
    for _ in range(2):
        whole = rng.random() < 0.15
        length = 10**6 if whole else rng.randrange(1, 140)
        check_undo_against_replay(game, options, seed=rng.randrange(10**6), length=length, points=6)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_undo_to_every_point_of_a_whole_game(game: str) -> None:
    check_undo_against_replay(game, {}, seed=5, length=10**6, points=10**6)
