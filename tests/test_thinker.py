"""The thinker's pure parts: the request codec, the worker's answer, Table's asynchronous path."""

from __future__ import annotations

import pytest

from whist.ai.montecarlo import HARD
from whist.engine import codec
from whist.table import Choice, Table
from whist.web import thinker


@pytest.fixture(autouse=True)
def _no_time_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    """Monte Carlo without its time cap, so that answers do not depend on the machine's load."""
    import whist.ai.montecarlo as mc

    monkeypatch.setattr(mc, "HARD", HARD.but(budget=None))
    monkeypatch.setattr(mc, "EXPERT", mc.EXPERT.but(budget=None, samples=6))
    thinker._players.clear()


def play_on(table: Table, decisions: int) -> list[Choice]:
    """Let every seat (yours by the hint) play ``decisions`` decisions; the choices asked."""
    return [choice for choice, _ in decided(table, decisions)]


def decided(table: Table, decisions: int) -> list[tuple[Choice, str]]:
    """Let every seat (yours by the hint) play ``decisions`` decisions: each choice asked, with
    the table's answer to it (``table.decide``), which is played."""
    asked = []
    for _ in range(decisions):
        choice = table.pending_choice() or table.hint_choice()
        if choice is None:
            if not table.proceed():
                break
            continue
        action = table.decide(choice)
        asked.append((choice, action))
        if choice.hint:
            ok = (table.human_call(action) if table.state.phase.value == "auction" else table.human_play(action)).ok
            assert ok
        else:
            assert table.apply_choice(choice, action) == action
    return asked


@pytest.mark.parametrize(("game", "seed"), [("classic", 3), ("contract", 11), ("german", 5), ("dummy", 3)])
def test_the_codec_carries_every_observation_exactly(game: str, seed: int) -> None:
    table = Table(seed=seed, game=game, level="normal")
    for choice in play_on(table, 40):
        assert thinker.decode(thinker.encode(choice.observation)) == choice.observation


@pytest.mark.parametrize(("game", "seed", "level"),
                         [("classic", 7, "hard"), ("classic", 8, "expert"), ("contract", 11, "hard"),
                          ("german", 5, "hard")])
def test_the_worker_answers_as_the_table_would(game: str, seed: int, level: str) -> None:
    table = Table(seed=seed, game=game, level=level)
    table.set_levels(level, level)
    # The table's answer to each choice, as it played it (not asked again: the search is the same).
    for choice, action in decided(table, 12):
        assert thinker.choose(thinker.request_of(choice)) == action


def test_a_late_answer_is_ignored() -> None:
    table = Table(seed=808, level="hard")
    while not table.human_to_play:
        table.computer_step()
    assert table.pending_choice() is None
    hint = table.hint_choice()
    assert hint is not None and hint.hint
    assert table.apply_choice(hint, table.decide(hint)) is None  # a hint is never played
    card = table.decide(hint)
    assert table.human_play(card).ok
    choice = table.pending_choice()
    assert choice is not None and table.is_current(choice)
    answer = thinker.choose(thinker.request_of(choice))
    table.undo()  # while the worker thinks
    assert not table.is_current(choice)
    before = table.state.actions[:]
    assert table.apply_choice(choice, answer) is None
    assert table.state.actions == before
    assert not table.is_current(hint) or table.hint_choice() == hint  # back where the hint was asked


def test_a_choice_made_stale_by_a_new_level_or_game_is_ignored() -> None:
    table = Table(seed=12, level="hard")
    choice = table.pending_choice() or table.hint_choice()
    assert choice is not None
    table.set_levels("normal", "normal")
    assert not table.is_current(choice)
    table.set_levels("hard", "hard")
    assert table.is_current(choice)
    table.new_game(13)
    fresh = table.pending_choice() or table.hint_choice()
    assert fresh is not None and fresh.observation != choice.observation
    assert not table.is_current(choice)


def test_an_illegal_answer_still_moves_the_table() -> None:
    table = Table(seed=4, level="hard")
    choice = table.pending_choice()
    while choice is None:
        table.human_play(table.hint() or "")
        choice = table.pending_choice()
    played = table.apply_choice(choice, "nonsense")
    assert played is not None and played != "nonsense"


def test_computer_step_is_unchanged() -> None:
    a, b = Table(seed=99, level="normal"), Table(seed=99, level="normal")
    for _ in range(30):
        if a.computer_step() is None:
            card = a.hint()
            if card is None:
                break
            assert a.human_play(card).ok
        choice = b.pending_choice()
        if choice is None:
            assert b.human_play(b.hint() or "").ok
        else:
            b.apply_choice(choice, b.choose(choice.seat))
    assert a.state.actions == b.state.actions


def test_the_worker_keeps_one_player_per_seat() -> None:
    assert thinker.player_for("hard", 9, "classic") is thinker.player_for("hard", 9, "classic")
    assert thinker.player_for("hard", 9, "classic") is not thinker.player_for("hard", 10, "classic")
    with pytest.raises(ValueError):
        thinker.decode(codec.pack([1]))
